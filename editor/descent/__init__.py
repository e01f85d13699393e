"""Descent board mode: the quest editor (square-grid canvas and tools) and the quest
renderer for ``questforge render``. Every other Descent kind opens in the schema form.
"""

from __future__ import annotations

from questforge.editor.editors import EditorSpec, register_editor


def _accepts(document: object) -> bool:
    """Quests of a Descent pack (kinds are keyed by ruleset and kind)."""
    if getattr(document, "kind", None) != "quest":
        return False
    data = getattr(document, "data", None)
    schema = data.get("$schema", "") if isinstance(data, dict) else ""
    return not schema or "/descent/" in str(schema)


def _factory(document: object, context: object) -> object:
    from questforge.editor.descent.quest_editor import QuestEditor

    return QuestEditor(document, context)


register_editor(EditorSpec("descent-quest", _accepts, _factory))  # type: ignore[arg-type]


def _render(document: object, workspace: object, options: object, output: object) -> None:
    from pathlib import Path

    from questforge.editor.descent.quest_render import render_quest

    render_quest(
        document,
        workspace,
        Path(str(output)),
        heroes=getattr(options, "players", 2),
        fmt=getattr(options, "fmt", None),
    )


def _register_renderer() -> None:
    from questforge.editor.render import register_renderer

    register_renderer("quest", _render)


_register_renderer()

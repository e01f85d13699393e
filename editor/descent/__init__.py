"""Descent board mode (first part): ``questforge render`` draws a quest map.

The interactive quest editor is not written yet; quests open in the schema-generated form
like every other Descent kind. Registering the renderer here is all core needs.
"""

from __future__ import annotations


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

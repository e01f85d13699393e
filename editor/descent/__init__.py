"""Descent board mode: the quest editor (square-grid canvas and tools) and the quest
renderer for ``questforge render``, registered by (ruleset, kind). Every other Descent kind
opens in the schema form.
"""

from __future__ import annotations

from typing import Any

from questforge.editor.editors import EditorSpec, register_editor
from questforge.engine.core.game import SetupOption


def _factory(document: object, context: object) -> object:
    from questforge.editor.descent.quest_editor import QuestEditor

    return QuestEditor(document, context)


register_editor(EditorSpec("descent", "quest", _factory))  # type: ignore[arg-type]


def _render(document: object, workspace: object, options: object, output: object) -> None:
    from pathlib import Path

    from questforge.editor.descent.quest_render import render_quest

    render_quest(
        document,
        workspace,
        Path(str(output)),
        heroes=options.get("heroes", 2),  # type: ignore[attr-defined]
        fmt=getattr(options, "fmt", None),
    )


#: the options of a rendered quest map
MAP_OPTIONS = (
    SetupOption(
        "heroes",
        "heroes",
        "int",
        2,
        "Hero count the map is shown for (monsters absent at it are faded).",
        minimum=2,
        maximum=4,
    ),
)


def _register_renderer() -> None:
    from questforge.editor.render import register_renderer

    register_renderer("descent", "quest", _render, MAP_OPTIONS)


_register_renderer()


def _playtest(parent: object, target: object, content: object, setup: dict[str, Any]) -> object:
    from questforge.editor.descent.playtest import DescentPlaytest
    from questforge.engine import rulesets

    face = rulesets.get("descent").game()
    return DescentPlaytest(
        face,
        target,
        content,
        int(setup.get("heroes", 2)),
        parent,  # type: ignore[arg-type]
        setup=setup,
    )


def _register_playtest() -> None:
    from questforge.editor.playtest import register_playtest

    register_playtest("descent", "quest", _playtest)


_register_playtest()

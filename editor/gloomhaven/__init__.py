"""Gloomhaven board mode: the scenario map editor and the map-tile hex editor (registered
with the editor registry)."""

from __future__ import annotations

from questforge.editor.editors import EditorSpec, register_editor
from questforge.engine.core.game import SetupOption


def _factory(document: object, context: object) -> object:
    from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor

    return ScenarioEditor(document, context)  # type: ignore[arg-type]


register_editor(EditorSpec("gloomhaven", "scenario", _factory))  # type: ignore[arg-type]


def _tile_factory(document: object, context: object) -> object:
    from questforge.editor.gloomhaven.tile_editor import TileEditor

    return TileEditor(document, context)  # type: ignore[arg-type]


# map tiles: a click-to-toggle hex canvas beside the form
register_editor(EditorSpec("gloomhaven", "map-tile", _tile_factory))  # type: ignore[arg-type]


def _render(document: object, workspace: object, options: object, output: object) -> None:
    from pathlib import Path

    from questforge.editor.gloomhaven.export import export_map
    from questforge.editor.gloomhaven.scene import ScenarioScene

    scene = ScenarioScene(
        document,  # type: ignore[arg-type]
        lambda ref: workspace.lookup("map-tile", ref),  # type: ignore[attr-defined]
        orientation=options.get("orientation", "flat"),  # type: ignore[attr-defined]
    )
    scene.set_players(options.get("players", 2))  # type: ignore[attr-defined]
    scene.set_level(options.get("level", 1))  # type: ignore[attr-defined]
    lookup = workspace.lookup  # type: ignore[attr-defined]  # names monsters in the legend
    export_map(scene, Path(str(output)), getattr(options, "fmt", None), lookup=lookup)


#: the options of a rendered scenario map
MAP_OPTIONS = (
    SetupOption(
        "players",
        "characters",
        "int",
        2,
        "Player count the map is shown for (monsters absent at it are faded).",
        minimum=2,
        maximum=4,
    ),
    SetupOption(
        "level", "level", "int", 1, "Scenario level for monster stats.", minimum=0, maximum=7
    ),
    SetupOption(
        "orientation",
        "hexes",
        "choice",
        "flat",
        "Draw flat-topped or pointy-topped hexes.",
        choices=("flat", "pointy"),
    ),
)


def _register_renderer() -> None:
    from questforge.editor.render import register_renderer

    register_renderer("gloomhaven", "scenario", _render, MAP_OPTIONS)


_register_renderer()


def _register_cards() -> None:
    from questforge.editor.gloomhaven.cards import register

    register()


_register_cards()


def _playtest(parent: object, target: object, content: object, setup: dict[str, object]) -> object:
    from questforge.editor.gloomhaven.playtest.window import PlaytestWindow

    return PlaytestWindow(
        str(target.pack_root),  # type: ignore[attr-defined]
        target.id,  # type: ignore[attr-defined]
        parent,  # type: ignore[arg-type]
        players=setup.get("players"),  # type: ignore[arg-type]
        level=setup.get("level"),  # type: ignore[arg-type]
    )


def _register_playtest() -> None:
    from questforge.editor.playtest import register_playtest

    register_playtest("gloomhaven", "scenario", _playtest)


_register_playtest()


def _register_checklist() -> None:
    from questforge.editor.checklist import register_checklist
    from questforge.editor.gloomhaven.checklist import SCENARIO_CHECKLIST

    register_checklist("gloomhaven", "scenario", SCENARIO_CHECKLIST)


_register_checklist()

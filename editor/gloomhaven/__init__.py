"""Gloomhaven board mode: the scenario map editor (registered with the editor registry)."""

from __future__ import annotations

from questforge.editor.editors import EditorSpec, register_editor


def _accepts(document: object) -> bool:
    return getattr(document, "kind", None) == "scenario"


def _factory(document: object, context: object) -> object:
    from questforge.editor.gloomhaven.scenario_editor import ScenarioEditor

    return ScenarioEditor(document, context)  # type: ignore[arg-type]


register_editor(EditorSpec("gloomhaven-scenario", _accepts, _factory))  # type: ignore[arg-type]


def _render(document: object, workspace: object, options: object, output: object) -> None:
    from pathlib import Path

    from questforge.editor.gloomhaven.export import export_map
    from questforge.editor.gloomhaven.scene import ScenarioScene

    scene = ScenarioScene(
        document,  # type: ignore[arg-type]
        lambda ref: workspace.lookup("map-tile", ref),  # type: ignore[attr-defined]
        orientation=getattr(options, "orientation", "flat"),
    )
    scene.set_players(getattr(options, "players", 2))
    scene.set_level(getattr(options, "level", 1))
    lookup = workspace.lookup  # type: ignore[attr-defined]  # names monsters in the legend
    export_map(scene, Path(str(output)), getattr(options, "fmt", None), lookup=lookup)


def _register_renderer() -> None:
    from questforge.editor.render import register_renderer

    register_renderer("scenario", _render)


_register_renderer()


def _register_cards() -> None:
    from questforge.editor.gloomhaven.cards import register

    register()


_register_cards()

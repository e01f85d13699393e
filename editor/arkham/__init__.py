"""Arkham board mode: the board graph editor and renderer, registered for
``("arkham", "board")`` (the registries are keyed by ruleset and kind)."""

from __future__ import annotations

from questforge.editor.editors import EditorSpec, register_editor


def is_arkham_board(document: object) -> bool:
    data = getattr(document, "data", None)
    if getattr(document, "kind", None) != "board" or not isinstance(data, dict):
        return False
    schema = data.get("$schema")
    return (isinstance(schema, str) and "/arkham/" in schema) or "neighbourhoods" in data


def _factory(document: object, context: object) -> object:
    from questforge.editor.arkham.board_editor import BoardEditor

    return BoardEditor(document, context)  # type: ignore[arg-type]


register_editor(EditorSpec("arkham", "board", _factory))  # type: ignore[arg-type]


def _render(document: object, workspace: object, options: object, output: object) -> None:
    from pathlib import Path

    from questforge.editor.arkham.board_graph import board_model
    from questforge.editor.map.graph_canvas import GraphScene, export_scene

    scene = GraphScene()
    scene.set_model(board_model(getattr(document, "data", None)))
    export_scene(scene, Path(str(output)), getattr(options, "fmt", None))


def _register_renderer() -> None:
    from questforge.editor.render import register_renderer

    register_renderer("arkham", "board", _render)


_register_renderer()

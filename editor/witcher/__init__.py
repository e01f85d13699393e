"""Witcher board mode: the map editor on a graph canvas, and ``render`` of a map.

Registered for ``("witcher", "map")``: another ruleset may have a ``map`` too, and the
registries are keyed by ruleset and kind.
"""

from __future__ import annotations

from typing import Any

from questforge.editor.editors import EditorSpec, register_editor

SCHEMA = "https://questforge.dev/schema/witcher/map.schema.json"


def is_witcher_map(document: Any) -> bool:
    """A ``map`` document that is not another ruleset's (by its ``$schema``)."""
    data = getattr(document, "data", None)
    if getattr(document, "kind", None) != "map" or not isinstance(data, dict):
        return False
    schema = data.get("$schema")
    return not isinstance(schema, str) or "/witcher/" in schema


def _factory(document: Any, context: Any) -> Any:
    from questforge.editor.witcher.map_editor import WitcherMapEditor

    return WitcherMapEditor(document, context)


register_editor(EditorSpec("witcher", "map", _factory))


def _render(document: Any, workspace: Any, options: Any, output: Any) -> None:
    from pathlib import Path

    from questforge.editor.witcher.map_editor import export_scene
    from questforge.editor.witcher.scene import MapScene

    export_scene(MapScene(document), Path(str(output)))


def _register_renderer() -> None:
    from questforge.editor.render import register_renderer

    register_renderer("witcher", "map", _render)


_register_renderer()

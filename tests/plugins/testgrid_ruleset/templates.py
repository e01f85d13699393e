"""What ``questforge new scenario`` writes for a testgrid pack."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from questforge.engine.core.events import JSONValue
from questforge.engine.core.game import SetupOption
from questforge.engine.core.templates import Files, PackContext, TemplateError

SCHEMA = "https://questforge.dev/schema/gridrun/scenario.schema.json"


class GridTemplates:
    kinds: tuple[str, ...] = ("scenario",)

    def options(self, kind: str) -> tuple[SetupOption, ...]:
        return (
            SetupOption("size", "board size", "int", 6, "Width and height.", minimum=3, maximum=40),
        )

    def id_suffixes(self, kind: str, options: Mapping[str, JSONValue]) -> tuple[str, ...]:
        return ()

    def pack_files(self, pack_id: str, name: str) -> Files:
        return {}

    def blank(self, kind: str, doc_id: str, pack: PackContext) -> dict[str, Any] | None:
        return self.files(kind, doc_id, "New scenario", pack)[f"scenarios/{doc_id}.json"]

    def files(self, kind: str, doc_id: str, name: str, pack: PackContext) -> Files:
        if kind != "scenario":
            raise TemplateError(f"testgrid has no template for {kind!r}")
        size = int(pack.options.get("size") or 6)  # type: ignore[arg-type]
        return {
            f"scenarios/{doc_id}.json": {
                "$schema": SCHEMA,
                "kind": "scenario",
                "id": doc_id,
                "name": name,
                "width": size,
                "height": size,
                "walls": [[size // 2, y] for y in range(1, size - 1)],
                "start": [[0, 0], [0, size - 1]],
                "exit": [size - 1, size - 1],
                "hunter": [size - 1, 0],
            }
        }


TEMPLATES = GridTemplates()

"""The typed model of a testgrid pack: its scenarios, from (file, data) pairs."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

Cell = tuple[int, int]


@dataclass(frozen=True)
class GridScenario:
    id: str
    name: str
    width: int
    height: int
    walls: frozenset[Cell]
    start: tuple[Cell, ...]
    exit: Cell
    hunter: Cell
    file: str | None = None

    def cells(self) -> list[Cell]:
        return [
            (x, y)
            for y in range(self.height)
            for x in range(self.width)
            if (x, y) not in self.walls
        ]


def _cell(value: Any) -> Cell:
    return (int(value[0]), int(value[1]))


def scenario_of(data: Mapping[str, Any], file: str | None = None) -> GridScenario:
    return GridScenario(
        id=str(data["id"]),
        name=str(data["name"]),
        width=int(data["width"]),
        height=int(data["height"]),
        walls=frozenset(_cell(c) for c in data.get("walls") or []),
        start=tuple(_cell(c) for c in data["start"]),
        exit=_cell(data["exit"]),
        hunter=_cell(data["hunter"]),
        file=file,
    )


@dataclass
class GridModel:
    scenarios: dict[str, GridScenario]


def load_model(documents: Iterable[Any], **_kwargs: Any) -> GridModel:
    scenarios: dict[str, GridScenario] = {}
    for item in documents:
        file, data = item if isinstance(item, tuple) else (None, item)
        if isinstance(data, Mapping) and data.get("kind") == "scenario":
            scenarios.setdefault(str(data["id"]), scenario_of(data, file))
    return GridModel(scenarios)

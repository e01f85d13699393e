"""Every Descent semantic check, triggered alone by breaking the fixture pack one way.

``test_every_check_has_a_case`` keeps the table complete: a new check without a failing
fixture fails the suite.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from djfixture import Files, base_pack, run

from questforge.validator.descent.catalogue import descent_specs
from questforge.validator.descent.docs import render
from questforge.validator.runner import validate_paths

REPO = Path(__file__).resolve().parents[2]
Q = "quests/q.json"


def _set(file: str, *path: Any, value: Any) -> Callable[[Files], None]:
    def mutate(files: Files) -> None:
        node: Any = files[file]
        for part in path[:-1]:
            node = node[part]
        node[path[-1]] = value

    return mutate


def _del(file: str, *path: Any) -> Callable[[Files], None]:
    def mutate(files: Files) -> None:
        node: Any = files[file]
        for part in path[:-1]:
            node = node[part]
        del node[path[-1]]

    return mutate


def _append(file: str, key: str, value: Any) -> Callable[[Files], None]:
    def mutate(files: Files) -> None:
        files[file].setdefault(key, []).append(value)

    return mutate


def _many(*steps: Callable[[Files], None]) -> Callable[[Files], None]:
    def mutate(files: Files) -> None:
        for step in steps:
            step(files)

    return mutate


M = ("monsters",)
CASES: dict[str, tuple[str, Callable[[Files], None], str, tuple[Any, ...]]] = {
    "QDJ201": (
        "misspelt monster",
        _set(Q, "monsters", 0, "monster", value="ipm"),
        Q,
        ("monsters", 0, "monster"),
    ),
    "QDJ202": (
        "two events with one id",
        _append(
            Q,
            "events",
            {"id": "e1", "trigger": {"type": "round", "round": 3}, "effect": {"threat": 1}},
        ),
        Q,
        ("events", 1, "id"),
    ),
    "QDJ203": (
        "placement in unknown area",
        _append(Q, "tiles", {"tile": "room-3x3", "at": [0, 10], "area": "nowhere"}),
        Q,
        ("tiles", 3, "area"),
    ),
    "QDJ210": (
        "overlapping tiles",
        _append(Q, "tiles", {"tile": "room-3x3", "at": [1, 0], "area": "hall"}),
        Q,
        ("tiles", 3),
    ),
    "QDJ211": (
        "area behind no door",
        _many(
            _append(Q, "areas", {"id": "island", "name": "Island"}),
            _append(Q, "tiles", {"tile": "room-3x3", "at": [0, 10], "area": "island"}),
        ),
        Q,
        ("areas", 3),
    ),
    "QDJ212": (
        "key behind its door",
        _set(Q, "objects", 1, "cell", value=[7, 2]),
        Q,
        ("doors", 1, "rune"),
    ),
    "QDJ213": (
        "one staircase",
        _append(Q, "objects", {"id": "st", "type": "stairs", "cell": [2, 2], "colour": "blue"}),
        Q,
        ("objects", 3, "colour"),
    ),
    "QDJ214": ("no active glyph", _set(Q, "objects", 0, "active", value=False), Q, ("start",)),
    "QDJ215": (
        "door inside one area",
        _set(Q, "doors", 0, "edges", 1, value=[[1, 1], [2, 1]]),
        Q,
        ("doors", 0, "edges", 1),
    ),
    "QDJ216": (
        "area without tiles",
        _append(Q, "areas", {"id": "attic", "name": "Attic"}),
        Q,
        ("areas", 3),
    ),
    "QDJ220": (
        "monster off the map",
        _set(Q, "monsters", 0, "cell", value=[4, 5]),
        Q,
        ("monsters", 0, "cell"),
    ),
    "QDJ221": (
        "monster on a start square",
        _set(Q, "monsters", 0, "cell", value=[1, 1]),
        Q,
        ("monsters", 0, "cell"),
    ),
    "QDJ222": (
        "2x2 monster off the edge",
        _set(Q, "monsters", 1, "cell", value=[8, 0]),
        Q,
        ("monsters", 1, "cell"),
    ),
    "QDJ223": (
        "chest on the glyph",
        _set(Q, "objects", 2, "cell", value=[0, 0]),
        Q,
        ("objects", 2, "cell"),
    ),
    "QDJ224": (
        "three start squares",
        _set(Q, "start", value=[[0, 1], [1, 0], [1, 1]]),
        Q,
        ("start",),
    ),
    "QDJ230": (
        "more brutes than models",
        _append(
            Q,
            "monsters",
            {
                "monster": "brute",
                "cell": [3, 1],
                "heroes": {"2": "none", "3": "none", "4": "normal"},
            },
        ),
        Q,
        ("monsters", 2, "heroes", "4"),
    ),
    "QDJ240": (
        "objective names no named monster",
        _set(Q, "objectives", 0, "target", value="bos"),
        Q,
        ("objectives", 0, "target"),
    ),
    "QDJ241": (
        "event names no door",
        _set(Q, "events", 0, "trigger", "target", value="d9"),
        Q,
        ("events", 0, "trigger", "target"),
    ),
    "QDJ250": (
        "unknown die",
        _set("items/axe.json", "dice", value=["red", "purple"]),
        "items/axe.json",
        ("dice", 1),
    ),
    "QDJ251": (
        "power die on a weapon",
        _set("items/axe.json", "dice", value=["red", "black"]),
        "items/axe.json",
        ("dice", 1),
    ),
    "QDJ260": (
        "copper priced off the table",
        _set("items/charm.json", "price", value=300),
        "items/charm.json",
        ("price",),
    ),
    "QDJ261": (
        "sale not half",
        _set("shop.json", "sell", "copper", value=200),
        "shop.json",
        ("sell", "copper"),
    ),
    "QDJ262": ("weapon without dice", _del("items/axe.json", "dice"), "items/axe.json", ()),
    "QDJ270": (
        "spawn beyond models",
        _set("overlord/spawn.json", "spawn", 0, "normal", value=3),
        "overlord/spawn.json",
        ("spawn", 0, "normal"),
    ),
    "QDJ271": (
        "trap without trigger",
        _del("overlord/trap.json", "trigger"),
        "overlord/trap.json",
        (),
    ),
}


def test_base_pack_is_clean() -> None:
    report = run(base_pack())
    assert [(f.code, f.file, f.path, f.message) for f in report.findings] == []


def test_every_check_has_a_case() -> None:
    registered = {spec.code for spec in descent_specs()}
    assert registered == set(CASES), (
        f"missing cases: {sorted(registered - set(CASES))}; stale: {sorted(set(CASES) - registered)}"
    )


@pytest.mark.parametrize("code", sorted(CASES))
def test_check_fires_alone(code: str) -> None:
    what, mutate, file, path = CASES[code]
    files = base_pack()
    mutate(files)
    report = run(files)
    found = [(f.code, f.file, f.path, f.message) for f in report.findings]
    assert found, f"{code} ({what}): nothing reported"
    assert {f.code for f in report.findings} == {code}, f"{code} ({what}): {found}"
    assert any(f.file == file and f.path == path for f in report.findings), found


def test_every_check_is_documented() -> None:
    for spec in descent_specs():
        assert spec.code.startswith("QDJ2") and len(spec.code) == 6
        assert spec.title and spec.description and spec.func is not None
        assert spec.extra.get("example") and spec.extra.get("fix"), spec.code


def test_docs_file_is_up_to_date() -> None:
    text = (REPO / "docs" / "checks-descent.md").read_text(encoding="utf-8")
    assert text == render(), (
        "regenerate: python -m questforge.validator.descent.docs > docs/checks-descent.md"
    )


def test_sample_pack_and_gloomhaven_pack_validate_side_by_side() -> None:
    report = validate_paths(
        [REPO / "content" / "descent-sample", REPO / "content" / "gloomhaven-sample"]
    )
    assert [(f.code, f.file, f.message) for f in report.findings] == []
    assert any("descent-sample" in f for f in report.files)
    assert any("gloomhaven-sample" in f for f in report.files)

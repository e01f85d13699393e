"""Every Descent semantic check, triggered alone by breaking the fixture pack one way.

``test_every_check_has_a_case`` keeps the table complete: a new check without a failing
fixture fails the suite.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from check_cases import (
    append_to,
    assert_cases_complete,
    assert_clean,
    assert_fires,
    delete_at,
    many,
    set_at,
)
from djfixture import Files, base_pack, run

from questforge.validator.descent.catalogue import descent_specs
from questforge.validator.descent.docs import render
from questforge.validator.runner import validate_paths

REPO = Path(__file__).resolve().parents[2]
Q = "quests/q.json"


M = ("monsters",)
CASES: dict[str, tuple[str, Callable[[Files], None], str, tuple[Any, ...]]] = {
    "QDJ201": (
        "misspelt monster",
        set_at(Q, "monsters", 0, "monster", value="ipm"),
        Q,
        ("monsters", 0, "monster"),
    ),
    "QDJ202": (
        "two events with one id",
        append_to(
            Q,
            "events",
            value={"id": "e1", "trigger": {"type": "round", "round": 3}, "effect": {"threat": 1}},
        ),
        Q,
        ("events", 1, "id"),
    ),
    "QDJ203": (
        "placement in unknown area",
        append_to(Q, "tiles", value={"tile": "room-3x3", "at": [0, 10], "area": "nowhere"}),
        Q,
        ("tiles", 3, "area"),
    ),
    "QDJ210": (
        "overlapping tiles",
        append_to(Q, "tiles", value={"tile": "room-3x3", "at": [1, 0], "area": "hall"}),
        Q,
        ("tiles", 3),
    ),
    "QDJ211": (
        "area behind no door",
        many(
            append_to(Q, "areas", value={"id": "island", "name": "Island"}),
            append_to(Q, "tiles", value={"tile": "room-3x3", "at": [0, 10], "area": "island"}),
        ),
        Q,
        ("areas", 3),
    ),
    "QDJ212": (
        "key behind its door",
        set_at(Q, "objects", 1, "cell", value=[7, 2]),
        Q,
        ("doors", 1, "rune"),
    ),
    "QDJ213": (
        "one staircase",
        append_to(
            Q, "objects", value={"id": "st", "type": "stairs", "cell": [2, 2], "colour": "blue"}
        ),
        Q,
        ("objects", 3, "colour"),
    ),
    "QDJ214": ("no active glyph", set_at(Q, "objects", 0, "active", value=False), Q, ("start",)),
    "QDJ215": (
        "door inside one area",
        set_at(Q, "doors", 0, "edges", 1, value=[[1, 1], [2, 1]]),
        Q,
        ("doors", 0, "edges", 1),
    ),
    "QDJ216": (
        "area without tiles",
        append_to(Q, "areas", value={"id": "attic", "name": "Attic"}),
        Q,
        ("areas", 3),
    ),
    "QDJ220": (
        "monster off the map",
        set_at(Q, "monsters", 0, "cell", value=[4, 5]),
        Q,
        ("monsters", 0, "cell"),
    ),
    "QDJ221": (
        "monster on a start square",
        set_at(Q, "monsters", 0, "cell", value=[1, 1]),
        Q,
        ("monsters", 0, "cell"),
    ),
    "QDJ222": (
        "2x2 monster off the edge",
        set_at(Q, "monsters", 1, "cell", value=[8, 0]),
        Q,
        ("monsters", 1, "cell"),
    ),
    "QDJ223": (
        "chest on the glyph",
        set_at(Q, "objects", 2, "cell", value=[0, 0]),
        Q,
        ("objects", 2, "cell"),
    ),
    "QDJ224": (
        "three start squares",
        set_at(Q, "start", value=[[0, 1], [1, 0], [1, 1]]),
        Q,
        ("start",),
    ),
    "QDJ230": (
        "more brutes than models",
        append_to(
            Q,
            "monsters",
            value={
                "monster": "brute",
                "cell": [3, 1],
                "heroes": {"2": "none", "3": "none", "4": "normal"},
            },
        ),
        Q,
        ("monsters", 2, "heroes", "4"),
    ),
    "QDJ231": (
        "a breath template without its first square",
        set_at(
            "monsters/imp.json",
            "stats",
            "2",
            "normal",
            "abilities",
            value=[{"name": "breath", "template": [[1, 0], [2, 0]]}],
        ),
        "monsters/imp.json",
        ("stats", "2", "normal", "abilities", 0, "template"),
    ),
    "QDJ240": (
        "objective names no named monster",
        set_at(Q, "objectives", 0, "target", value="bos"),
        Q,
        ("objectives", 0, "target"),
    ),
    "QDJ241": (
        "event names no door",
        set_at(Q, "events", 0, "trigger", "target", value="d9"),
        Q,
        ("events", 0, "trigger", "target"),
    ),
    "QDJ250": (
        "unknown die",
        set_at("items/axe.json", "dice", value=["red", "purple"]),
        "items/axe.json",
        ("dice", 1),
    ),
    "QDJ251": (
        "power die on a weapon",
        set_at("items/axe.json", "dice", value=["red", "black"]),
        "items/axe.json",
        ("dice", 1),
    ),
    "QDJ260": (
        "copper priced off the table",
        set_at("items/charm.json", "price", value=300),
        "items/charm.json",
        ("price",),
    ),
    "QDJ261": (
        "sale not half",
        set_at("shop.json", "sell", "copper", value=200),
        "shop.json",
        ("sell", "copper"),
    ),
    "QDJ262": ("weapon without dice", delete_at("items/axe.json", "dice"), "items/axe.json", ()),
    "QDJ270": (
        "spawn beyond models",
        set_at("overlord/spawn.json", "spawn", 0, "normal", value=3),
        "overlord/spawn.json",
        ("spawn", 0, "normal"),
    ),
    "QDJ271": (
        "trap without trigger",
        delete_at("overlord/trap.json", "trigger"),
        "overlord/trap.json",
        (),
    ),
}


def test_base_pack_is_clean() -> None:
    assert_clean(run, base_pack)


def test_every_check_has_a_case() -> None:
    assert_cases_complete((spec.code for spec in descent_specs()), CASES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_check_fires_alone(code: str) -> None:
    assert_fires(code, CASES[code], run, base_pack)


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

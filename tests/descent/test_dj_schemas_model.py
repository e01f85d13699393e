"""Descent schemas accept the fixture pack and reject typical mistakes; the model reads
the sample pack and builds quest geometry the way the rules describe it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from djfixture import base_pack, run

from questforge.engine.descent.model import footprint, load_pack_dir, load_pack_model, rotate
from questforge.engine.rulesets import get
from questforge.schema import load_schema

REPO = Path(__file__).resolve().parents[2]


def test_every_kind_has_a_schema_and_a_fixture_document() -> None:
    ruleset = get("descent")
    kinds = {d["kind"] for d in base_pack().values()} - {"pack"}
    assert kinds == set(ruleset.kinds)
    for kind in ruleset.kinds:
        assert load_schema("descent", kind)["$id"].endswith(f"/descent/{kind}.schema.json")


BROKEN: list[tuple[str, str, Any]] = [
    ("dice/red.json", "typo key", ("facez", [])),
    ("heroes/hero.json", "speed as text", ("speed", "four")),
    ("items/axe.json", "unknown tier", ("tier", "platinum")),
    ("monsters/imp.json", "stats for 7 heroes", ("stats", {"7": {}})),
    ("overlord/trap.json", "unknown type", ("type", "curse")),
    (
        "quests/q.json",
        "rotation 45",
        ("tiles", [{"tile": "room-3x3", "at": [0, 0], "rotation": 45, "area": "hall"}]),
    ),
    ("quests/q.json", "cell with three numbers", ("start", [[0, 1, 2]])),
    ("shop.json", "negative price", ("entries", [{"buy": "copper", "price": -5}])),
    ("skills/tough.json", "unknown deck", ("deck", "cooking")),
    ("tiles/room.json", "id with capitals", ("id", "Room")),
]


@pytest.mark.parametrize(("file", "label", "change"), BROKEN, ids=[b[1] for b in BROKEN])
def test_schema_rejects(file: str, label: str, change: tuple[str, Any]) -> None:
    files = base_pack()
    files[file][change[0]] = change[1]
    report = run(files)
    assert any(f.file == file and f.code.startswith("QC") for f in report.findings), label


def test_sample_pack_loads_without_errors() -> None:
    model = load_pack_dir(REPO / "content" / "descent-sample")
    assert model.errors == []
    assert len(model.heroes) >= 4 and len(model.skills) == 12 and len(model.items) >= 15
    assert {i.tier for i in model.items.values()} == {"shop", "copper", "silver", "gold", "relic"}
    assert len(model.monsters) >= 6
    cards = model.overlord_cards.values()
    assert sum(c.count for c in cards) == 20
    assert {c.type for c in cards} == {"spawn", "trap", "event", "power"}
    assert {d.id for d in model.dice.values()} >= {
        "red",
        "blue",
        "white",
        "green",
        "yellow",
        "black",
    }
    quest = model.quests["hollow-crown"]
    assert len(quest.areas) >= 3
    assert any(d.rune for d in quest.doors) and quest.named
    assert any(o.type == "chest" for o in quest.objects)
    assert any(o.type in ("stairs", "glyph") for o in quest.objects)


def test_rotation_is_clockwise_with_y_down() -> None:
    assert rotate((1, 0), 90) == (0, 1)  # east turns to south
    assert rotate((1, 0), 180) == (-1, 0)
    assert rotate((1, 0), 270) == (0, -1)
    assert rotate((2, 3), 360) == (2, 3)


def test_areas_touch_only_through_doors() -> None:
    # DJ-MAP-08, DJ-REF-37: a closed door blocks movement; areas meet only at doors
    model = load_pack_model(list(base_pack().values()))
    quest = model.quests["q"]
    qmap = model.quest_map(quest)
    closed = qmap.board(["d1", "rune"])
    assert (3, 0) not in closed.neighbors((2, 0))
    opened = qmap.board(["rune"])
    assert (3, 0) in opened.neighbors((2, 0))
    assert (3, 1) in opened.neighbors((2, 0))  # DJ-REF-08: diagonal through an open door
    assert (3, 2) not in opened.neighbors((2, 2))  # no door on that edge: a wall
    assert qmap.area_graph()["hall"] == {"gallery"}


def test_footprint_of_large_monster() -> None:
    # DJ-REF-16, DJ-REF-18: a 2x2 monster covers four squares from its top-left square
    assert footprint((3, 4), (2, 2)) == [(3, 4), (4, 4), (3, 5), (4, 5)]
    assert footprint((0, 0), (1, 2)) == [(0, 0), (0, 1)]

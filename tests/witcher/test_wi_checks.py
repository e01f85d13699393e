"""Every Witcher semantic check, triggered by a failing fixture.

Each case breaks the tiny valid pack of ``wifixture.base_pack`` in one way and asserts
that the check fires in the right file at the JSON path of the offending value, and that
nothing else fires except the codes the case lists as expected companions.
``test_every_check_has_a_case`` keeps the table complete.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from check_cases import append_to, assert_cases_complete, assert_clean, assert_fires, set_at
from wifixture import Files, base_pack, run

from questforge.validator.runner import validate_paths
from questforge.validator.witcher.catalogue import witcher_specs
from questforge.validator.witcher.docs import render

REPO = Path(__file__).resolve().parents[2]


M = "map.json"
# code -> (what is broken, mutation, file, JSON path, other codes that must fire too)
CASES: dict[str, tuple[str, Callable[[Files], None], str, tuple[Any, ...], set[str]]] = {
    "QWI400": (
        "hero names a die that does not exist",
        set_at("heroes/hero.json", "dice", 0, value="hero-dye"),
        "heroes/hero.json",
        ("dice", 0),
        set(),
    ),
    "QWI401": (
        "the sea route is gone and c-d is gone: d is cut off (the quest there too)",
        set_at(M, "routes", value=[{"from": "a", "to": "b"}, {"from": "b", "to": "c"}]),
        M,
        ("routes",),
        {"QWI411"},
    ),
    "QWI402": (  # WI-ROUTE-02
        "sea route without a cost",
        set_at(M, "routes", 3, value={"from": "a", "to": "d", "type": "sea"}),
        M,
        ("routes", 3),
        set(),
    ),
    "QWI403": (
        "route names an unknown location",
        append_to(M, "routes", value={"from": "a", "to": "e"}),
        M,
        ("routes", 4, "to"),
        set(),
    ),
    "QWI404": (  # WI-OBS-08
        "obstacle area links to an unknown area",
        set_at(M, "obstacle_areas", 1, "area", value="west"),
        M,
        ("obstacle_areas", 1, "area"),
        set(),
    ),
    "QWI410": (
        "quest destination is not a location",
        set_at("quests/one.json", "main", "destination", value="zz"),
        "quests/one.json",
        ("main", "destination"),
        set(),
    ),
    "QWI411": (
        "quest destination unreachable from the hero's start",
        set_at(M, "routes", value=[{"from": "a", "to": "b"}, {"from": "c", "to": "d"}]),
        "quests/two.json",
        ("main", "destination"),
        {"QWI401"},
    ),
    "QWI412": (
        "quest needs purple proof that no location gives",
        set_at("quests/one.json", "main", "cost", "proof", value={"purple": 1}),
        "quests/one.json",
        ("main", "cost", "proof", "purple"),
        set(),
    ),
    "QWI413": (
        "a quest worth far more than its cost",
        set_at("quests/one.json", "main", "vp", value=45),
        "quests/one.json",
        ("main", "vp"),
        set(),
    ),
    "QWI414": (
        "two obstacle areas share an id",
        set_at(M, "obstacle_areas", 1, "id", value="north-obs"),
        M,
        ("obstacle_areas", 1, "id"),
        set(),
    ),
    "QWI415": (
        "a route listed twice",
        append_to(M, "routes", value={"from": "b", "to": "a"}),
        M,
        ("routes", 4),
        set(),
    ),
    "QWI420": (  # WI-DICE-07
        "a die with five faces",
        set_at("dice/hero.json", "faces", value=[["sword"]] * 5),
        "dice/hero.json",
        ("faces",),
        set(),
    ),
    "QWI421": (  # WI-DICE-03
        "a combat die without a blank face",
        set_at("dice/combat.json", "faces", 5, value=["shield"]),
        "dice/combat.json",
        ("faces",),
        set(),
    ),
    "QWI422": (
        "the battle track draws gold monsters but there are none",
        None,  # set below (two steps)
        M,
        ("battle_track", 0, "class"),
        set(),
    ),
    "QWI423": (
        "a development card of another hero in the deck",
        set_at("dev/blade.json", "hero", value="other"),
        "heroes/hero.json",
        ("development_deck", 0),
        {"QWI400"},
    ),
    "QWI424": (
        "a 5-quest game with a three-quest deck",
        append_to("options.json", "lengths", value={"id": "epic", "quests": 5}),
        "heroes/hero.json",
        ("quest_deck",),
        set(),
    ),
    "QWI425": (
        "an effect counts a trait no investigation card carries",
        append_to(
            "luck.json",
            "effects",
            value={"op": "gain-vp", "amount": 1, "per_trait": "Sea Lore"},
        ),
        "luck.json",
        ("effects", 1, "per_trait"),
        set(),
    ),
    "QWI426": (
        "a card looks at purple investigation cards the pack does not have",
        append_to(
            "luck.json",
            "effects",
            value={"op": "look-at", "deck": "investigation", "colour": "purple", "amount": 2},
        ),
        "luck.json",
        ("effects", 1, "deck"),
        set(),
    ),
    "QWI427": (  # WI-LUCK-04
        "an immediate luck card says it is kept after use: it could never be used again",
        lambda files: files["luck.json"].update(timing="immediate", keep=True),
        "luck.json",
        ("keep",),
        set(),
    ),
}


def _gold_track(files: Files) -> None:
    files[M]["battle_track"][0]["class"] = "gold"
    del files["monsters/wyrm.json"]


CASES["QWI422"] = (*CASES["QWI422"][:1], _gold_track, *CASES["QWI422"][2:])


def test_base_pack_is_clean() -> None:
    assert_clean(run, base_pack)


def test_every_check_has_a_case() -> None:
    assert_cases_complete((spec.code for spec in witcher_specs()), CASES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_check_fires(code: str) -> None:
    assert_fires(code, CASES[code], run, base_pack, companions=CASES[code][4])


def test_every_check_is_documented() -> None:
    for spec in witcher_specs():
        assert spec.code.startswith("QWI4") and len(spec.code) == 6
        assert spec.title and spec.description and spec.func is not None
        assert spec.extra.get("example") and spec.extra.get("fix"), spec.code


def test_docs_file_is_up_to_date() -> None:
    text = (REPO / "docs" / "checks-witcher.md").read_text(encoding="utf-8")
    assert text == render(), (
        "regenerate: python -m questforge.validator.witcher.docs > docs/checks-witcher.md"
    )


def test_sample_pack_validates_clean() -> None:
    report = validate_paths([REPO / "content" / "witcher-sample"])
    assert [(f.code, f.file, f.path, f.message) for f in report.findings] == []


def test_sea_route_cost_message_names_the_route() -> None:
    # WI-ROUTE-03: a sea route costs gold; the finding names both ends
    files = base_pack()
    del files[M]["routes"][3]["cost"]
    report = run(files)
    assert [f.message for f in report.findings] == ["sea route a - d has no gold cost"]


def test_luck_card_own_turn_only_is_checked_against_its_timing() -> None:
    # WI-LUCK-03: "on your turn" only means something for a card whose moment can come on
    # another hero's turn (a fight forced on its holder); on an own-turn card it is moot
    files = base_pack()
    files["luck.json"].update(own_turn_only=True, keep=True)  # a combat card: both fine
    assert_clean(run, lambda: files)
    files["luck.json"].update(timing="own-turn")
    report = run(files)
    assert [(f.code, f.path) for f in report.findings] == [("QWI427", ("own_turn_only",))]
    assert "own-turn card" in report.findings[0].message

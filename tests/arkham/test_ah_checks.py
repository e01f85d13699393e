"""Every Arkham semantic check, triggered alone on the sample pack broken in one way.

``test_every_check_has_a_case`` keeps the table complete: a new check without a failing
fixture fails the suite.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from ahfixture import BOARD, SAMPLE, Files, area, base_pack, run
from check_cases import assert_cases_complete, assert_clean, assert_fires, delete_at, set_at

from questforge.validator.arkham.catalogue import arkham_specs
from questforge.validator.arkham.docs import render

REPO = Path(__file__).resolve().parents[2]
Mutate = Callable[[Files], Any]


def _board(fn: Callable[[dict[str, Any]], Any]) -> Mutate:
    return lambda files: fn(files[BOARD])


def _one_way(files: Files) -> None:
    # the street lists the location, the location no longer lists the street: AH-MOVE-03
    _, loc = area(files, "locations", "tide-mill")
    loc["connects"] = []
    # keep the town connected through another way in: join the mill to the hollow
    _, other = area(files, "locations", "reed-hollow")
    other["connects"].append("tide-mill")
    loc["connects"].append("reed-hollow")


def _island(files: Files) -> None:
    _, loc = area(files, "locations", "tide-mill")
    loc["connects"] = []
    _, street = area(files, "streets", "saltmarsh-streets")
    street["connects"].remove("tide-mill")


def _no_hospital(files: Files) -> None:
    _, loc = area(files, "locations", "infirmary")
    del loc["role"]


def _second_street(files: Files) -> None:
    files[BOARD]["neighbourhoods"].append({"id": "fens", "name": "The Fens"})


def _lonely_colour(files: Files) -> None:
    files[BOARD]["other_worlds"][0]["colours"] = ["blue"]  # AH-OWE-01
    for name, data in files.items():
        if name.startswith("gates/cards/") and data["colour"] == "blue":
            data["colour"] = "green"


def _only(prefix: str, keep: int) -> Mutate:
    def mutate(files: Files) -> None:
        names = sorted(n for n in files if n.startswith(prefix))
        for name in names[keep:]:
            del files[name]

    return mutate


def _cards_of(hood: str, keep: int) -> Mutate:
    def mutate(files: Files) -> None:
        names = sorted(n for n in files if n.startswith(f"locations/{hood}-"))
        for name in names[keep:]:
            del files[name]

    return mutate


LOC1 = "locations/quayside-1.json"
MY1 = "mythos/mythos-01.json"
INV = "investigators/ada-merrow.json"

CASES: dict[str, tuple[str, Mutate, str, tuple[Any, ...]]] = {
    "QAH300": (
        "two areas with one id",
        _board(lambda b: b["locations"].append(dict(b["locations"][0]))),
        BOARD,
        ("locations", 18, "id"),
    ),
    "QAH301": (
        "a connection to a missing area",
        _board(lambda b: b["streets"][0]["connects"].append("nowhere")),
        BOARD,
        ("streets", 0, "connects", 5),
    ),
    "QAH302": ("a one-way connection", _one_way, BOARD, ("streets", 5, "connects", 5)),
    "QAH303": ("a location nobody can reach", _island, BOARD, ("locations", 17)),
    "QAH304": (
        "a street without arrows",
        delete_at(BOARD, "streets", 2, "arrows"),
        BOARD,
        ("streets", 2),
    ),
    "QAH305": (
        "an arrow to a location",
        set_at(BOARD, "streets", 0, "arrows", "white", value="customs-house"),
        BOARD,
        ("streets", 0, "arrows", "white"),
    ),
    "QAH306": (
        "a location in an unknown neighbourhood",
        set_at(BOARD, "locations", 0, "neighbourhood", value="nowhere"),
        BOARD,
        ("locations", 0, "neighbourhood"),
    ),
    "QAH307": ("a neighbourhood without a street", _second_street, BOARD, ("neighbourhoods", 6)),
    "QAH308": ("no hospital", _no_hospital, BOARD, ("locations",)),
    "QAH309": (
        "no board",
        lambda files: files.pop(BOARD),
        "ancient-ones/the-drowned-choir.json",
        ("kind",),
    ),
    "QAH310": (
        "a mythos gate on a stable location",
        set_at(MY1, "gate", value="customs-house"),
        MY1,
        ("gate",),
    ),
    "QAH311": (
        "an unknown dimension",
        set_at("monsters/brine-hound.json", "dimension", value="spiral"),
        "monsters/brine-hound.json",
        ("dimension",),
    ),
    "QAH312": (
        "a gate marker to an unknown world",
        set_at("gates/markers/glass-city-a.json", "world", value="yuggoth"),
        "gates/markers/glass-city-a.json",
        ("world",),
    ),
    "QAH313": (
        "a world whose colour no gate card has",
        _lonely_colour,
        BOARD,
        ("other_worlds", 0, "colours"),
    ),
    "QAH320": (
        "a location card for an unknown neighbourhood",
        set_at(LOC1, "neighbourhood", value="nowhere"),
        LOC1,
        ("neighbourhood",),
    ),
    "QAH321": (
        "an entry for another neighbourhood's location",
        lambda files: files[LOC1]["encounters"].append(
            {"location": "observatory", "text": "Lost.", "effects": []}
        ),
        LOC1,
        ("encounters", 4, "location"),
    ),
    "QAH322": (
        "a card missing a location",
        delete_at(LOC1, "encounters", 2),
        LOC1,
        ("encounters",),
    ),
    "QAH330": ("a home on a street", set_at(INV, "home", value="quayside-streets"), INV, ("home",)),
    "QAH331": (
        "a skill on two sliders",
        set_at(INV, "sliders", 1, "top", value="speed"),
        INV,
        ("sliders", 1, "top"),
    ),
    "QAH340": (
        "a fixed card that does not exist",
        set_at(INV, "fixed", "cards", 0, value="boathok"),
        INV,
        ("fixed", "cards", 0),
    ),
    "QAH341": (
        "a headline with closed markers",
        set_at(MY1, "closes", value=["customs-house"]),
        MY1,
        ("closes",),
    ),
    "QAH342": (
        "an amount for an ability the monster lacks",
        set_at("monsters/dream-moth.json", "ability_amounts", value={"overwhelming": 2}),
        "monsters/dream-moth.json",
        ("ability_amounts", "overwhelming"),
    ),
    "QAH343": (
        "discard-this in a location encounter",
        lambda files: files[LOC1]["encounters"][0]["effects"].append({"do": "discard-this"}),
        LOC1,
        ("encounters", 0, "effects", 1),
    ),
    "QAH344": (
        "a take-card naming no card",
        lambda files: files[LOC1]["encounters"][0]["effects"].append(
            {"do": "take-card", "card": "no-such-badge"}
        ),
        LOC1,
        ("encounters", 0, "effects", 1, "card"),
    ),
    "QAH350": ("5 mythos cards", _only("mythos/", 5), "mythos/mythos-01.json", ("id",)),
    "QAH351": ("a small cup", _only("monsters/", 5), "monsters/barnacled-priest.json", ("id",)),
    "QAH352": (
        "few gate markers",
        _only("gates/markers/", 2),
        "gates/markers/glass-city-a.json",
        ("id",),
    ),
    "QAH353": (
        "one card in a deck",
        _cards_of("saltmarsh", 1),
        "locations/saltmarsh-1.json",
        ("neighbourhood",),
    ),
    "QAH354": (
        "more players than investigators",
        lambda files: (
            [files.pop(n) for n in list(files) if n.startswith("investigators/")][:0]
            or files.__setitem__(INV, _sample_inv())
        ),
        "rules/tables.json",
        ("max_players",),
    ),
}


def _sample_inv() -> dict[str, Any]:
    return base_pack()[INV]


def test_base_pack_is_clean() -> None:
    assert_clean(run, base_pack)


def test_discard_this_inside_all_investigators_of_a_cards_upkeep() -> None:
    """QAH343: in a card's own ``upkeep`` too, an ``all-investigators`` block hands its
    effects to each investigator without the card (AH-UPK-02), so nothing is discarded."""
    files = base_pack()
    name = "cards/special/sea-curse.json"
    files[name] = json.loads((SAMPLE / name).read_text(encoding="utf-8"))
    assert not [f for f in run(files).findings if f.code == "QAH343"]  # discard in the roll
    files[name]["upkeep"].append(
        {
            "do": "all-investigators",
            "effects": [{"do": "gain", "what": "clues", "amount": 1}, {"do": "discard-this"}],
        }
    )
    found = [f for f in run(files).findings if f.code == "QAH343"]
    assert [(f.file, f.path) for f in found] == [(name, ("upkeep", 1, "effects", 1))]
    assert "all-investigators" in found[0].message


def test_every_check_has_a_case() -> None:
    assert_cases_complete((spec.code for spec in arkham_specs()), CASES)


@pytest.mark.parametrize("code", sorted(CASES))
def test_check_fires_alone(code: str) -> None:
    assert_fires(code, CASES[code], run, base_pack)


def test_every_check_is_documented() -> None:
    for spec in arkham_specs():
        assert spec.code.startswith("QAH3") and len(spec.code) == 6
        assert spec.title and spec.description and spec.func is not None
        assert spec.extra.get("example") and spec.extra.get("fix"), spec.code
    text = (REPO / "docs" / "checks-arkham.md").read_text(encoding="utf-8")
    assert text == render(), (
        "regenerate: python -m questforge.validator.arkham.docs > docs/checks-arkham.md"
    )


def test_sample_pack_exists() -> None:
    assert (SAMPLE / "pack.json").is_file()


def test_a_headline_with_activity_markers_is_warned() -> None:
    """QAH341: a headline's activity markers, like its closed markers, never matter."""
    # AH-MYTHA-05
    files = base_pack()
    files[MY1]["activity"] = [{"location": "customs-house", "when": "enter", "effects": []}]
    found = [f for f in run(files).findings if f.code == "QAH341"]
    assert [(f.file, f.path) for f in found] == [(MY1, ("activity",))]
    assert "activity markers" in found[0].message


def test_a_special_kind_without_a_card_is_reported() -> None:
    """QAH344: the Constabulary's action takes a deputy card: without one it does nothing."""
    # AH-COMP-05
    files = base_pack()
    del files["cards/special/constables-badge.json"]
    found = [f for f in run(files).findings if f.code == "QAH344"]
    assert {(f.file, f.path[-1]) for f in found} == {(BOARD, "special")}
    assert len(found) == 2 and "'deputy'" in found[0].message


def test_a_members_only_entry_beside_the_plain_one_is_no_duplicate() -> None:
    """QAH321: one plain and one members-only entry per location; two members-only
    entries for one location are a duplicate."""
    # AH-ENC-02
    files = base_pack()
    assert not [f for f in run(files).findings if f.code == "QAH321"]
    entries = files[LOC1]["encounters"]
    entries.append({**entries[-1]})
    found = [f for f in run(files).findings if f.code == "QAH321"]
    assert [f.path for f in found] == [("encounters", len(entries) - 1, "location")]

"""Disarm and create-trap abilities written in pack content, end to end: the JSON card is
schema-valid, loads into the model, ``from_model`` maps it onto the engine's ``disarm`` /
``trap`` abilities and playing the card emits ``trap_disarmed`` / ``trap_created``
(GH-TRAP-03, GH-TRAP-05).

The sample pack is copied to a temporary folder and one of its cards is rewritten there;
the bundled pack itself is never changed.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from questforge import schema as qs
from questforge.engine.gloomhaven.game import Game
from questforge.engine.gloomhaven.game.builders import Policy
from questforge.engine.gloomhaven.game.character_turn import perform_card_half
from questforge.engine.gloomhaven.game.from_model import ability, content_from_pack
from questforge.engine.gloomhaven.game.spec import TrapSpec
from questforge.engine.gloomhaven.model import parse_ability

SAMPLE = Path(__file__).resolve().parents[2] / "content" / "gloomhaven-sample"
CARD = "lampwright-cold-lamp"
TOP = [{"type": "disarm", "range": 2, "targets": 2}, {"type": "xp", "value": 1}]
BOTTOM = [{"type": "trap", "value": "1+L", "conditions": ["poison"]}]


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the sample pack whose Cold Lamp card disarms (top) and sets a trap (bottom)."""
    root = tmp_path_factory.mktemp("packs") / "gloomhaven-sample"
    shutil.copytree(SAMPLE, root)
    path = root / "classes" / "lampwright" / f"{CARD}.json"
    card = json.loads(path.read_text(encoding="utf-8"))
    card["top"] = {"abilities": TOP}
    card["bottom"] = {"abilities": BOTTOM, "lost": True}
    path.write_text(json.dumps(card, indent=2), encoding="utf-8")
    return root


def test_the_card_is_schema_valid(pack: Path) -> None:
    card = json.loads((pack / "classes" / "lampwright" / f"{CARD}.json").read_text("utf-8"))
    validator = jsonschema.Draft202012Validator(
        qs.schema_by_id(card["$schema"]), registry=qs.registry()
    )
    assert not list(validator.iter_errors(card))


def test_from_model_maps_disarm_and_trap(pack: Path) -> None:
    # GH-TRAP-03, GH-TRAP-05: one-to-one onto Ability("disarm"...) / Ability("trap"...)
    card = content_from_pack(str(pack)).classes["lampwright"].card(CARD)
    disarm = card.top.abilities[0]
    assert (disarm.type, disarm.range, disarm.targets) == ("disarm", 2, 2)
    trap = card.bottom.abilities[0]
    assert (trap.type, trap.range, trap.conditions) == ("trap", None, ("poison",))
    assert trap.value_formula == "1+L"  # evaluated when performed, at the scenario level


def game(pack: Path, rules: dict[object, object]) -> Any:
    g = Game.new(str(pack), "cinder-forge", players=["lampwright", "ore-singer"], level=2)
    g.start()
    g.rules.controller = Policy(rules)
    assert g.state.figures["lampwright"].hex == (-2, 3)  # the layout the hexes below assume
    return g


def test_playing_the_disarm_half_removes_traps_in_range(pack: Path) -> None:
    # GH-TRAP-03: up to 2 traps within 2 hexes, in sight; a farther trap stays
    g = game(pack, {"disarm_target": [[-1, 2], [-2, 1]]})
    st = g.state
    st.traps[(-1, 2)] = TrapSpec()  # adjacent; (-2, 1) is the scenario's trap, 2 hexes away
    st.traps[(1, 0)] = TrapSpec()  # 3 hexes away
    char, fig = st.characters["lampwright"], st.figures["lampwright"]
    hp = fig.hp
    perform_card_half(g.rules, char, CARD, "top", False)
    disarmed = [e for e in g.events if e.type == "trap_disarmed"]
    assert [(e["figure"], e["hex"]) for e in disarmed] == [
        ("lampwright", [-1, 2]),
        ("lampwright", [-2, 1]),
    ]
    assert set(st.traps) == {(1, 0)}
    assert fig.hp == hp and not any(e.type == "trap_sprung" for e in g.events)
    assert char.xp == 1  # the action was performed, so its XP is gained


def test_disarm_half_without_a_trap_in_range_is_not_performed(pack: Path) -> None:
    # GH-TRAP-03: nothing disarmed, so the ability (and the action's XP) does not count
    g = game(pack, {})
    st = g.state
    st.traps.clear()
    st.traps[(1, 0)] = TrapSpec()  # out of range
    char = st.characters["lampwright"]
    perform_card_half(g.rules, char, CARD, "top", False)
    assert not any(e.type == "trap_disarmed" for e in g.events)
    assert set(st.traps) == {(1, 0)} and char.xp == 0


def test_playing_the_trap_half_creates_a_trap_that_springs(pack: Path) -> None:
    # GH-TRAP-05: value "1+L" at level 2 = 3 damage, plus poison, on a chosen adjacent hex
    g = game(pack, {"trap_hex": [[-2, 4]]})
    st = g.state
    char = st.characters["lampwright"]
    perform_card_half(g.rules, char, CARD, "bottom", False)
    created = [e for e in g.events if e.type == "trap_created"]
    assert len(created) == 1
    ev = created[0]
    assert (ev["figure"], ev["hex"], ev["damage"], ev["conditions"]) == (
        "lampwright",
        [-2, 4],
        3,
        ["poison"],
    )
    assert st.traps[(-2, 4)] == TrapSpec(True, ("poison",), 3)
    # the created trap springs like a scenario trap (GH-TRAP-01, GH-TRAP-02)
    ally = st.figures["ore-singer"]
    hp = ally.hp
    g.rules.enter_hex(ally, (-2, 4), forced=True, last=True, ignore=False)
    assert ally.hp == hp - 3 and "poison" in ally.conditions
    assert (-2, 4) not in st.traps


@pytest.mark.parametrize("kind", ["disarm", "trap"])
def test_range_0_in_content_means_adjacent(kind: str) -> None:
    # GH-TRAP-03, GH-TRAP-05: the schema's "0 or absent = adjacent" is the engine's None
    # (a literal engine range 0 would reach no hex at all)
    for data in ({"type": kind, "range": 0}, {"type": kind}):
        assert ability(parse_ability(data, ("abilities", 0))).range is None
    assert ability(parse_ability({"type": kind, "range": 3}, ("abilities", 0))).range == 3

"""Persistent "+X attack" and "negate the next damage" bonuses and checked XP conditions,
written in pack content and played end to end (GH-BONUS-01..06, GH-XP-03).

The sample pack is copied to a temporary folder and one of its cards is rewritten there.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from questforge.engine.gloomhaven.game import Game
from questforge.engine.gloomhaven.game.attacks import AttackParams, resolve_attack
from questforge.engine.gloomhaven.game.builders import Policy, stack
from questforge.engine.gloomhaven.game.character_turn import perform_card_half
from questforge.engine.gloomhaven.game.from_model import content_from_pack
from questforge.engine.gloomhaven.game.spec import Bonus

SAMPLE = Path(__file__).resolve().parents[2] / "content" / "gloomhaven-sample"
CARD = "shaftbreaker-cave-in"


@pytest.fixture(scope="module")
def pack(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Cave In: top "+1 attack, persistent, 2 uses, XP 1 on the second slot"; bottom
    "attack 2; XP 1 if a target was next to an ally, XP 2 if it killed"; and Iron Lungs'
    bottom negates the next damage (round bonus)."""
    root = tmp_path_factory.mktemp("packs") / "gloomhaven-sample"
    shutil.copytree(SAMPLE, root)
    path = root / "classes" / "shaftbreaker" / f"{CARD}.json"
    card = json.loads(path.read_text(encoding="utf-8"))
    card["level"] = 1
    card["top"] = {
        "abilities": [{"type": "attack-bonus", "value": 1}],
        "persistent": True,
        "uses": 2,
        "use_xp": [0, 1],
    }
    card["bottom"] = {
        "abilities": [
            {"type": "attack", "value": 2},
            {"type": "xp", "value": 1, "when": "target-adjacent-to-ally"},
            {"type": "xp", "value": 2, "when": "kill"},
        ]
    }
    path.write_text(json.dumps(card), encoding="utf-8")
    lungs = root / "classes" / "shaftbreaker" / "shaftbreaker-iron-lungs.json"
    card = json.loads(lungs.read_text(encoding="utf-8"))
    card["top"] = {"abilities": [{"type": "negate-damage"}], "round": True}
    lungs.write_text(json.dumps(card), encoding="utf-8")
    return root


_LOADED: dict[Path, Any] = {}


def new(pack: Path) -> Any:
    if pack not in _LOADED:
        _LOADED[pack] = content_from_pack(str(pack))  # load the copied pack once
    g = Game.new(_LOADED[pack], "cinder-forge", players=["shaftbreaker", "tunnel-rat"], level=1)
    g.start()
    return g


def sprite_next_to_shaftbreaker(g: Any, hp: int = 30) -> Any:
    """An ember sprite on a free hex next to the Shaftbreaker (none starts in the room)."""
    fig = g.state.figures["shaftbreaker"]
    taken = {f.hex for f in g.state.figures.values()}
    free = [
        n
        for n in g.board.adj[fig.hex]
        if g.board.in_play(g.state, n) and n not in taken and n not in g.state.obstacles
    ]
    sprite = g.rules.place_monster(
        "ember-sprite", sorted(free)[0], False, drops_coin=False, acts_from=1
    )
    sprite.hp = sprite.max_hp = hp
    return sprite


def play(g: Any, card: str, half: str) -> None:
    ch = g.state.characters["shaftbreaker"]
    if card in ch.hand:
        ch.hand.remove(card)
    ch.selected = [card]
    perform_card_half(g.rules, ch, card, half, False)


def test_content_maps_the_bonuses_and_conditional_xp(pack: Path) -> None:
    # GH-BONUS-02, GH-BONUS-03, GH-BONUS-06, GH-XP-03: structured forms reach the engine's records
    cls = new(pack).content.classes["shaftbreaker"]
    top = cls.card(CARD).top
    assert top.bonus == Bonus("attack", 1, uses=2, xp_slots=(0, 1)) and top.persistent
    assert cls.card(CARD).bottom.xp_if == (("target-adjacent-to-ally", 1), ("kill", 2))
    lungs = cls.card("shaftbreaker-iron-lungs").top
    assert lungs.bonus == Bonus("negate_damage", uses=1) and lungs.round


def test_persistent_attack_bonus_adds_to_each_attack_and_uses_its_slots(pack: Path) -> None:
    # GH-BONUS-02, GH-BONUS-03, GH-BONUS-04, GH-BONUS-09: +1 on every attack while active, one slot per attack, XP on the
    # second slot, then lost
    g = new(pack)
    play(g, CARD, "top")
    ch = g.state.characters["shaftbreaker"]
    assert ch.active and ch.active[0].card == CARD
    fig = g.state.figures["shaftbreaker"]
    from questforge.engine.gloomhaven.game.character_turn import character_attack
    from questforge.engine.gloomhaven.game.spec import Ability

    target = sprite_next_to_shaftbreaker(g)
    g.rules.controller = Policy({"attack_target": target.id})
    for _ in range(2):
        stack(ch.modifier_deck, ["plus0"])
        character_attack(g.rules, ch, fig, Ability("attack", 2))
    attacks = [e for e in g.events if e.type == "attack"]
    assert [e["base"] for e in attacks] == [3, 3]
    assert ch.xp == 1 and CARD in ch.lost and not ch.active


def test_negate_damage_bonus_negates_the_next_damage_once(pack: Path) -> None:
    # GH-BONUS-06: the next damage is negated and the card's one use is spent
    g = new(pack)
    play(g, "shaftbreaker-iron-lungs", "top")
    fig = g.state.figures["shaftbreaker"]
    hp = fig.hp
    assert g.rules.suffer_damage(fig, 3, "x", "test") == 0
    assert fig.hp == hp and "shaftbreaker-iron-lungs" in g.state.characters["shaftbreaker"].lost
    g.rules.controller = Policy({})
    g.rules.suffer_damage(fig, 3, "x", "test")
    assert fig.hp == hp - 3


def test_xp_when_a_target_is_next_to_an_ally_and_when_it_dies(pack: Path) -> None:
    # GH-XP-03: "XP 1 if the target is adjacent to an ally", "XP 2 if it was killed"
    g = new(pack)
    fig = g.state.figures["shaftbreaker"]
    rat = g.state.figures["tunnel-rat"]
    sprite = sprite_next_to_shaftbreaker(g)
    ch = g.state.characters["shaftbreaker"]
    rat.hex = next(
        n
        for n in g.board.adj[sprite.hex]
        if n != fig.hex
        and g.board.in_play(g.state, n)
        and g.state.figure_at(n) is None
        and n not in g.state.obstacles
    )  # next to the sprite
    g.rules.controller = Policy({"attack_target": sprite.id})
    stack(ch.modifier_deck, ["plus0"])
    play(g, CARD, "bottom")
    assert ch.xp == 1  # next to an ally, not killed
    sprite.hp = 1
    rat.hex = (99, 99)  # far from the sprite (off the map: no ally next to it)
    stack(ch.modifier_deck, ["plus0"])
    play(g, CARD, "bottom")
    assert ch.xp == 3  # killed, no ally next to it


def test_resolve_attack_notes_what_conditional_xp_needs(pack: Path) -> None:
    # GH-XP-03: each attack records damage, kill and "target next to an attacker's ally"
    g = new(pack)
    fig = g.state.figures["shaftbreaker"]
    sprite = sprite_next_to_shaftbreaker(g)
    stack(g.state.characters["shaftbreaker"].modifier_deck, ["plus0"])
    resolve_attack(g.rules, fig, sprite, AttackParams(value=0, ranged=False))
    assert g.rules.attack_notes[-1][:4] == ("shaftbreaker", sprite.id, 0, False)

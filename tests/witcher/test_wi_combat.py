"""Fights and dice (WI-CMB, WI-DICE, WI-MON-05, WI-MON-06, WI-LUCK-03)."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest
from wigame import PACK, hero, new_game, of

from questforge.engine.core.rng import Rng
from questforge.engine.witcher.game import combat
from questforge.engine.witcher.game.fights import Fight
from questforge.engine.witcher.game.state import OwnedCard
from questforge.engine.witcher.model.content import Monster

RAT = Monster("rat", "Rat", "bronze", sword=2, shield=3, vp=2)


def tally(**results: int) -> combat.Tally:
    return combat.Tally(Counter({k.replace("_", "-"): v for k, v in results.items()}))


def test_swords_at_least_the_value_defeat_the_monster() -> None:
    # WI-CMB-03 (ties succeed: our reading), WI-CMB-05: the attack defeats a monster
    assert combat.compare(tally(sword=2), RAT).attack_ok
    assert combat.compare(tally(sword=2), RAT).defeated
    out = combat.compare(tally(sword=1), RAT)
    assert not out.attack_ok and out.sword_shortfall == 1


def test_double_sword_counts_twice() -> None:
    # WI-DICE-03: a face may show more than one result; WI-DICE-07: the double sword
    assert tally(double_sword=1).swords == 2


def test_shields_below_the_value_fail_by_the_shortfall() -> None:
    # WI-CMB-04, WI-CMB-06: "X per missing Y": 3 needed, 1 rolled -> 2 missing
    out = combat.compare(tally(sword=2, shield=1), RAT)
    assert not out.defence_ok and out.shield_shortfall == 2
    assert combat.compare(tally(sword=2, shield=3), RAT).defence_ok


def test_arrow_shield_and_sword_make_a_grid_shield() -> None:
    # WI-CMB-02
    t = tally(sword=2, arrow_shield=1)
    assert t.shields == 0 and t.can_convert()
    t.convert()
    assert (t.swords, t.shields) == (1, 1)
    assert not tally(arrow_shield=1).can_convert()


def test_ritual_defeats_a_monster_that_has_a_ritual_value() -> None:
    # WI-CMB-07; WI-CMB-08 read as "some monsters": without a ritual value ritual does nothing
    wisp = dataclasses.replace(RAT, sword=5, ritual=1)
    assert combat.compare(tally(ritual=1), wisp).defeated
    assert not combat.compare(tally(ritual=3), RAT).defeated
    shade = dataclasses.replace(RAT, sword=1, ritual=2, ritual_replaces_swords=True)
    assert not combat.compare(tally(sword=5, ritual=1), shade).defeated
    assert combat.compare(tally(ritual=2), shade).defeated


def test_a_fight_rolls_combat_dice_and_the_heros_own_dice() -> None:
    # WI-CMB-01 step 3, WI-DICE-01: combat dice plus the hero's dice, never another's
    game, _ = new_game(seed=3)
    corvin = hero(game, "corvin")
    game.fight(corvin, "bog-lurker", "test")
    rolled = of(game, "roll")[0]["faces"]
    assert len(rolled) == len(PACK.game_options.combat_dice) + len(corvin.hero.dice) == 5


def test_combat_dice_faces() -> None:
    # WI-DICE-07 (combat dice), WI-DICE-03: exactly one blank face each; WI-REF-11: three
    # combat dice; WI-DICE-08: the pack gives every hero their own dice
    faces = {d.id: Counter(r for f in d.faces for r in f) for d in PACK.dice.values()}
    assert faces["combat-white"] == Counter({"sword": 1, "shield": 4})
    assert faces["combat-red"] == Counter({"sword": 3, "shield": 2})
    assert faces["combat-blue"] == Counter({"sword": 4, "shield": 1})
    for die in PACK.dice.values():
        assert len(die.faces) == 6
        if die.owner == "combat":
            assert sum(1 for f in die.faces if not f) == 1
    assert len(PACK.game_options.combat_dice) == 3
    for h in PACK.heroes.values():
        assert h.dice and all(PACK.dice[d].owner == "hero" for d in h.dice)


def test_failed_attack_and_defence_apply_the_monster_effects() -> None:
    # WI-CMB-03, WI-CMB-04, WI-CMB-06: the sword effect once per missing sword, the shield effect on a
    # failed defence; WI-VP-05 / WI-DOOM-08 reading: a wound with no free space costs 2 VP
    game, _ = new_game(seed=1)
    corvin = hero(game, "corvin")
    corvin.hero = dataclasses.replace(corvin.hero, dice=())
    game.options = dataclasses.replace(game.options, combat_dice=())  # nothing rolled
    corvin.vp = 10
    outcome = game.fight(corvin, "thorn-colossus", "test")  # 5 swords, 2 shields
    assert (outcome.sword_shortfall, outcome.shield_shortfall) == (5, 2)
    assert len(of(game, "wounded")) == 4  # every action space but Rest
    assert of(game, "overflow") == [{"hero": "corvin", "token": "wound"}]
    assert corvin.vp == 10 - 2 - 2  # the overflow, then the shield effect (lose 2 VP)


def test_defeat_gives_the_monster_vp_and_discards_it() -> None:
    # WI-CMB-05, WI-MON-06, WI-DISC-06, WI-VP-01: VP for defeating; the token is discarded
    game, _ = new_game(seed=1)
    game.start()
    corvin = hero(game, "corvin")
    corvin.development = [OwnedCard("tempered-blade")] * 6  # six passive swords: sure win
    area = next(o for o in game.state.obstacles_in("ironvale") if o.monsters)
    token = area.monsters[0]
    cls = PACK.monsters[token.monster].monster_class
    game.encounter_monster(corvin, area, token)
    assert token not in area.monsters and token.face_up
    assert game.state.monster_pools[cls].discard == [token.monster]
    assert corvin.vp >= PACK.monsters[token.monster].vp


def test_an_undefeated_monster_stays_face_up() -> None:
    # WI-MON-05, WI-OBS-04: flipped face up and fought; stays if not defeated
    game, _ = new_game(seed=1)
    game.start()
    corvin = hero(game, "corvin")
    area = next(o for o in game.state.obstacles_in("ironvale") if o.monsters)
    area.monsters[
        0
    ].monster = "pale-matriarch"  # 4 swords, ritual 3: Corvin cannot win without cards
    game.fight = lambda h, m, r: combat.Outcome(False, True, False, 1, 0)  # type: ignore[method-assign]
    game.encounter_monster(corvin, area, area.monsters[0])
    assert area.monsters and area.monsters[0].face_up


def test_sheet_dice_effects_add_results() -> None:
    # WI-DICE-05: two hands on Corvin's dice give a sword (his hero sheet)
    game, _ = new_game()
    corvin = hero(game, "corvin")
    steel, silver = PACK.dice["corvin-steel"], PACK.dice["corvin-silver"]
    state = Fight("rat", [steel, silver], 2, [("hand",), ("hand",)])
    assert game._sheet_bonus(corvin, state) == Counter({"sword": 1})
    state.faces = [("hand",), ("sword",)]
    assert game._sheet_bonus(corvin, state) == Counter()


def test_cards_modify_the_roll() -> None:
    # WI-DICE-04, WI-CMB-02, WI-DEV-02, WI-LUCK-03: development and luck cards add results
    # in combat; a marker card spends a marker (WI-SPEND-03); a luck card is discarded
    # after use (WI-LUCK-04, WI-DISC-05)
    game, _ = new_game(seed=2, combat=lambda o: o["use"] in ("card", "luck"))
    corvin = hero(game, "corvin")
    corvin.development = [OwnedCard("thunder-draught", 1)]
    corvin.luck = ["lucky-strike"]
    game.fight(corvin, "crag-wyrm", "test")
    added = of(game, "result-added")
    assert [(a["result"], a["amount"]) for a in added] == [("sword", 2), ("sword", 2)]
    assert corvin.development[0].markers == 0 and corvin.luck == []
    assert game.state.luck_deck.discard == ["lucky-strike"]


def test_passive_cards_act_in_every_fight() -> None:
    # WI-CMB-01 step 1: combat effects first
    game, _ = new_game(seed=2)
    corvin = hero(game, "corvin")
    corvin.development = [OwnedCard("tempered-blade")]
    game.fight(corvin, "bog-lurker", "test")
    game.fight(corvin, "bog-lurker", "test")
    assert len(of(game, "result-added")) == 2
    assert game.log.events.index(next(e for e in game.log if e.type == "result-added")) < (
        game.log.events.index(next(e for e in game.log if e.type == "roll"))
    )


def test_reroll_rolls_the_weakest_dice_again() -> None:
    # WI-DICE-02: a reroll must be taken and gives a new result
    game, _ = new_game(seed=2)
    corvin = hero(game, "corvin")
    white = PACK.dice["combat-white"]
    state = Fight("rat", [white, white], 0, [(), ("sword",)])
    game.reroll(corvin, state, 1)
    assert state.faces[1] == ("sword",)  # the blank was rerolled, the sword kept
    assert of(game, "reroll")


@pytest.mark.parametrize("seed", range(5))
def test_rolls_are_deterministic(seed: int) -> None:
    dice = list(PACK.dice.values())
    assert combat.roll(dice, Rng(seed)) == combat.roll(dice, Rng(seed))


def _referee_tally(fight_events: list[Any]) -> tuple[int, int, int]:
    """Swords, shields and ritual as a referee counts them from the log alone: the roll,
    rerolls, faces set by cards, results added (cards and the hero sheet), conversions."""
    dice: list[str] = []
    faces: list[list[str]] = []
    bonus: Counter[str] = Counter()
    conversions = 0
    for e in fight_events:
        if e.type == "roll":
            dice, faces = list(e["dice"]), [list(f) for f in e["faces"]]
        elif e.type == "reroll":
            assert all(0 <= i < len(faces) for i in e["rerolled"])
            faces = [list(f) for f in e["faces"]]
        elif e.type == "face-set":
            faces[dice.index(e["die"])] = list(e["face"])
        elif e.type == "result-added":
            bonus[e["result"]] += e["amount"]
        elif e.type == "converted":
            conversions += 1
    counts = combat.count_results(tuple(f) for f in faces)
    counts.update(bonus)
    swords = counts["sword"] + 2 * counts["double-sword"] - conversions
    shields = counts["shield"] + counts["grid-shield"] + conversions
    return swords, shields, counts["ritual"]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_referee_can_recount_every_fight_from_the_log(seed: int) -> None:
    # WI-CMB-01 steps 3-6, WI-DICE-05: every result the comparison counts is in the log,
    # the hero sheet's dice effects included; the roll names its dice, so each face can be
    # checked against the die (WI-DICE-07); the fight names whether a ritual replaces swords
    from questforge.engine.witcher.game import Setup, WitcherBot, WitcherGame

    game = WitcherGame(PACK, Setup(players=2 + seed % 3), seed)
    game.run(WitcherBot(game))
    log = game.log.events
    starts = [i for i, e in enumerate(log) if e.type == "fight"]
    assert starts
    sheet_added = 0
    for start in starts:
        end = next(i for i in range(start, len(log)) if log[i].type == "fight-result")
        fight = log[start]
        monster = PACK.monsters[fight["monster"]]
        assert fight["replaces_swords"] == monster.ritual_replaces_swords
        roll = next(e for e in log[start:end] if e.type == "roll")
        for die, face in zip(roll["dice"], roll["faces"], strict=True):
            assert tuple(face) in PACK.dice[die].faces
        result = log[end]
        assert _referee_tally(log[start:end]) == (
            result["swords"],
            result["shields"],
            result["ritual"],
        )
        sheet_added += sum(
            1 for e in log[start:end] if e.type == "result-added" and e["reason"] == "hero sheet"
        )
    assert sheet_added  # the hero sheet's effects did count in some fight


def test_a_reroll_rolls_the_dice_the_hero_chooses() -> None:
    # WI-DICE-02: a reroll must be taken and its new result stands; which dice is the
    # hero's choice (a reroll-die decision per die), never a die a card has set (WI-DICE-06)
    game, picker = new_game(reroll_die=lambda o: o["die"] == 3)
    corvin = hero(game, "corvin")
    dice = [PACK.dice[d] for d in ("combat-white", "combat-red", "combat-blue", "corvin-steel")]
    state = Fight("bog-lurker", dice, 1, [("sword",), ("sword",), (), ("hand",)])
    state.placed.add(2)
    game.reroll(corvin, state, 1)
    asked = [d for d in picker.asked if d.kind == "reroll-die"]
    assert len(asked) == 1 and [o["die"] for o in asked[0].options] == [0, 1, 3]
    assert of(game, "reroll")[0]["rerolled"] == [3]
    assert state.faces[:3] == [("sword",), ("sword",), ()]


def test_shields_come_from_the_same_combat_and_hero_dice() -> None:
    # WI-REF-12: no separate defence dice: a fight rolls the combat dice and the hero's own
    # dice once (WI-DICE-01), and the shields compared are the shield faces of that roll
    game, _ = new_game(combat=lambda o: o["use"] == "done")
    corvin = hero(game, "corvin")
    corvin.development.clear()
    game.fight(corvin, "bog-lurker", "test")
    (roll,) = of(game, "roll")
    assert roll["dice"] == [*game.options.combat_dice, *corvin.hero.dice]
    shields = sum(f.count("shield") for f in roll["faces"])
    assert of(game, "fight-result")[0]["shields"] == shields

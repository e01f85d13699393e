"""The open items of the third Descent audit (djaudit3), decided: each test failed before its
fix. Rule IDs are cited per test; the readings are in docs/descent.md."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from djgame import hero, new_game, of, pack_files, pick, put

from questforge.engine.descent.game.combat import attack, hero_profile, monster_profile
from questforge.engine.descent.game.heroes import (
    MAX_POTIONS,
    equip_phase,
    gain_item,
    hero_turn,
    shop_visit,
    step_options,
)
from questforge.engine.descent.model import Ability, Item

NO_POWER = {"power-dice": 0, "spend-surges": {"spend": "done"}}


def setup(files: Any = None, answers: dict[str, Any] | None = None) -> Any:
    game, script = new_game(files or pack_files(), answers={**NO_POWER, **(answers or {})})
    h = hero(game)
    put(h, (0, 0))
    put(hero(game, 1), (0, 2))
    return game, script, h


def _knocked(to: tuple[int, int], objects: list[dict[str, Any]]) -> Any:
    files = pack_files()
    files["quests/q.json"]["objects"] += objects
    game, _, h = setup(files, answers={"knockback": list(to)})
    put(h, (1, 1))
    h.wounds = h.max_wounds = 30
    game.open_door("d1", None)
    for m in game.monsters:
        m.cell = None
    imp = game.place_monster(game.pack.monsters["imp"], "normal", (0, 1), "test")
    imp.stats = replace(imp.stats, abilities=(Ability("knockback"),))
    attack(game, imp, h, monster_profile(game, imp))
    assert h.cell == to
    return game


def test_a_hero_knocked_three_squares_onto_coins_or_a_glyph_takes_and_activates_them() -> None:
    # DJ-ABIL-09: the third square of a knockback counts as entered, so what a hero's step
    # onto a square does happens there: coins are picked up (DJ-TREAS-01, every hero gains)
    # and an inactive glyph activates for +3 conquest (DJ-MAP-06, DJ-REF-34)
    coins = {"id": "purse", "type": "coins", "cell": [4, 1], "amount": 100}
    game = _knocked((4, 1), [coins])  # three squares from (1, 1)
    assert of(game, "gold-gained") and "purse" in game.taken
    glyph = {"id": "g2", "type": "glyph", "cell": [4, 1], "active": False}
    game = _knocked((4, 1), [glyph])
    before = game.quest.conquest
    assert "g2" in game.glyphs and of(game, "glyph-activated")
    assert game.conquest == before + 3
    # two squares "trigger nothing": the coins stay on the square, and the hero may pick
    # them up on their turn for 0 AP (DJ-AP-01 "pick up a token")
    game = _knocked((3, 0), [dict(coins, cell=[3, 0])])
    assert not of(game, "gold-gained") and "purse" not in game.taken
    h = hero(game)
    gold = h.gold
    assert {"do": "pick-up"} in step_options(game, h, 0, 0, True, False)
    game.controller.answers["action"] = "battle"  # type: ignore[attr-defined]
    game.controller.answers["step"] = pick(  # type: ignore[attr-defined]
        lambda o: o["do"] in ("pick-up", "end")
    )
    hero_turn(game, h)
    assert "purse" in game.taken and h.gold == gold + 100
    assert not [d for d in game.controller.asked[-1:] if {"do": "pick-up"} in d.options]  # type: ignore[attr-defined]


def test_a_hero_may_keep_the_aim_token_for_a_later_attack() -> None:
    # DJ-ORD-01: "the hero declares an aimed attack using the Aim token": a choice; a hero
    # who does not declare it keeps the token (lost only by moving, damage, equipment or
    # the aimed attack), and the attack gets no Aim reroll
    game, script, h = setup(answers={"aim-declare": "keep", "aim-reroll": "reroll"})
    h.orders.add("aim")
    imp = game.place_monster(game.pack.monsters["imp"], "normal", (1, 0), "test")
    imp.wounds = imp.max_wounds = 99
    attack(game, h, imp, hero_profile(h))
    assert "aim" in h.orders
    assert not [d for d in script.asked if d.kind == "aim-reroll"]
    # declared on the next attack: the reroll is offered and the token spent
    script.answers["aim-declare"] = "aim"
    attack(game, h, imp, hero_profile(h))
    assert "aim" not in h.orders and [d for d in script.asked if d.kind == "aim-reroll"]
    # the declaration comes before any die is rolled
    kinds = [e.type for e in game.log]
    asked = [d.kind for d in script.asked]
    assert asked.index("aim-declare") < asked.index("aim-reroll")
    assert kinds.count("dice-rolled") == 2


def test_the_shop_sells_a_potion_into_the_pack_when_the_belt_is_full() -> None:
    # DJ-REF-40: the pack holds 3 unequipped items, potions included; DJ-TURN-02: the belt
    # holds 3 potions. With the belt full and the pack empty a potion can still be bought
    game, _, h = setup()
    h.potions = ["healing"] * MAX_POTIONS
    h.pack = []
    h.gold = 100
    bought: list[int] = []

    def buy(d: Any) -> int:
        for i, o in enumerate(d.options):
            if o.get("item") == "potion" and not bought:
                bought.append(i)
                return i
        return 0

    game.controller.answers["buy"] = buy  # type: ignore[attr-defined]
    shop_visit(game, h)
    assert bought, "no potion offered with a full belt and room in the pack"
    assert [i.id for i in h.pack] == ["potion"] and h.gold == 50
    # with the pack full too there is nowhere to carry it: not offered
    game, script, h = setup()
    h.potions = ["healing"] * MAX_POTIONS
    axe = game.pack.items["axe"]
    h.pack = [axe, axe, axe]
    h.gold = 100
    script.answers["buy"] = {"buy": "done"}  # only looks
    mark = len(script.asked)  # after the setup shopping
    shop_visit(game, h)
    offered = [o for d in script.asked[mark:] if d.kind == "buy" for o in d.options]
    assert not [o for o in offered if o.get("item") == "potion"]


def test_a_trap_at_the_start_of_a_hero_turn_stuns_from_the_next_turn() -> None:
    # DJ-EFF-04: a stun token is removed "at the start of the figure's next activation":
    # a trap played at the start of the hero's turn (DJ-REF-28: when its trigger is met)
    # places it after that start, so the hero acts normally now and is stunned next turn
    files = pack_files()
    files["overlord/jet.json"] = dict(
        files["overlord/trap.json"],
        id="jet",
        trigger="hero-turn-start",
        damage=1,
        conditions={"stun": 1},
    )
    game, script, h = setup(
        files, answers={"trap": "jet", "step": pick(lambda o: o["do"] == "end")}
    )
    h.wounds = h.max_wounds = 30
    game.hand = [game.pack.overlord_cards["jet"]]
    game.threat = 9
    hero_turn(game, h)
    actions = [d for d in script.asked if d.kind == "action"]
    assert of(game, "trap-sprung")
    assert "stunned-move" not in actions[0].options  # a normal action this turn
    assert h.conditions["stun"] == 1
    game.hand = []
    hero_turn(game, h)
    actions = [d for d in script.asked if d.kind == "action"]
    assert "stunned-move" in actions[-1].options and h.conditions["stun"] == 0


def test_a_monkey_cannot_equip_or_hand_over_items() -> None:
    # DJ-EFF-09: while a monkey the hero "cannot attack or use items or potions": no equip
    # phase, no re-equip or give step, and a gained item cannot be equipped
    game, script, h = setup()
    axe = game.pack.items["axe"]
    h.pack = [axe]
    h.conditions["monkey"] = 2
    put(hero(game, 1), (0, 1))  # adjacent, room in the pack
    hero(game, 1).pack = []
    equip_phase(game, h)
    assert not [d for d in script.asked if d.kind == "equip"] and h.pack == [axe]
    steps = {o["do"] for o in step_options(game, h, 5, 0, True, False)}
    assert "equip" not in steps and "give" not in steps
    relic = Item("trinket", "Trinket", "copper", "other")
    gain_item(game, h, relic)
    offered = [d for d in script.asked if d.kind == "gain-item"][-1].options
    assert "equip" not in offered
    # not a monkey: the same hero may equip and give
    h.conditions["monkey"] = 0
    steps = {o["do"] for o in step_options(game, h, 5, 0, True, False)}
    assert {"equip", "give"} <= steps


def test_a_start_of_turn_trap_burn_rolls_from_the_next_turn() -> None:
    # DJ-EFF-01: burn rolls "at the start of its turn"; a token a start-of-turn trap places
    # came after that start, so it rolls (and burns) from the next turn on
    files = pack_files()
    files["overlord/coals.json"] = dict(
        files["overlord/trap.json"],
        id="coals",
        trigger="hero-turn-start",
        damage=0,
        conditions={"burn": 1},
    )
    game, _, h = setup(files, answers={"trap": "coals", "step": pick(lambda o: o["do"] == "end")})
    h.wounds = h.max_wounds = 30
    game.hand = [game.pack.overlord_cards["coals"]]
    game.threat = 9
    hero_turn(game, h)
    assert h.conditions["burn"] == 1 and not of(game, "burn-rolled") and h.wounds == 30
    game.hand = []
    hero_turn(game, h)
    assert of(game, "burn-rolled") and h.wounds == 29  # the blank power die keeps it

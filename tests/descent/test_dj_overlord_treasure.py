"""The Overlord's turn, spawns, traps and powers; chests, treasure and the town
(DJ-OVL, DJ-SPAWN, DJ-MON, DJ-TREAS, DJ-SHOP, DJ-REF-26..29, 36)."""

from __future__ import annotations

from djgame import add_monster, hero, new_game, of, pack_files, pick, put

from questforge.engine.descent.game.game import GameOver
from questforge.engine.descent.game.heroes import (
    draw_treasure,
    enter_square,
    hero_turn,
    open_chest,
    sale_price,
    shop_visit,
    step_options,
)
from questforge.engine.descent.game.overlord import (
    _play_phase,
    activate,
    draw_cards,
    offer_trap,
    overlord_turn,
    spawn,
)
from questforge.engine.descent.model import Item


def _cards(game, *ids):  # type: ignore[no-untyped-def]
    return [game.pack.overlord_cards[i] for i in ids]


def test_threat_per_hero_and_two_cards_per_turn() -> None:
    # DJ-OVL-01, DJ-OVL-02, DJ-OVL-03, DJ-REF-26
    game, _ = new_game(answers={"overlord-play": {"play": "done"}})
    game.monsters.clear()
    game.deck = _cards(game, "imps", "dart", "omen") * 2
    hand, threat = len(game.hand), game.threat
    overlord_turn(game)
    assert game.threat == threat + 2  # two heroes
    assert len(game.hand) == hand + 2


def test_hand_limit_discards_for_threat_value() -> None:
    # DJ-OVL-03: at most 8; DJ-OVL-04, DJ-REF-27: a discarded card pays its threat value
    game, _ = new_game(answers={"overlord-play": {"play": "done"}})
    game.monsters.clear()
    game.hand = _cards(game, "imps", "dart", "omen", "rage") * 2
    game.deck = _cards(game, "imps", "dart", "omen")
    overlord_turn(game)
    assert len(game.hand) == 8
    assert len(of(game, "overlord-discarded")) == 2


def test_discarding_for_threat_any_time() -> None:
    # DJ-OVL-04, DJ-REF-27
    game, _ = new_game()
    game.hand = _cards(game, "dart")
    game.threat = 0
    answers = iter([{"play": "discard", "card": "dart", "threat": 0}, {"play": "done"}])
    game.controller.answers["overlord-play"] = lambda d: list(d.options).index(next(answers))
    _play_phase(game)
    assert game.hand == [] and of(game, "overlord-discarded")


def test_last_card_costs_three_conquest_and_reshuffles() -> None:
    # DJ-OVL-05, DJ-REF-29
    game, _ = new_game()
    game.deck = _cards(game, "dart")
    game.discard = _cards(game, "omen", "imps")
    before = game.conquest
    draw_cards(game, 2)
    assert game.conquest == before - 3
    assert of(game, "overlord-deck-reshuffled")


def test_one_spawn_per_turn_out_of_sight() -> None:
    # DJ-SPAWN-01: at most one spawn card; DJ-SPAWN-03: out of sight
    game, script = new_game()
    game.open_door("d1", None)
    # the vault, behind the closed rune door, is out of every hero's sight: the only legal
    # squares (the heroes see all of the hall and the gallery); the bot plays no spawn
    # card without one (it used to, and the spawn was skipped)
    game.revealed.add("vault")
    game.monsters.clear()
    game.hand = _cards(game, "imps", "imps")
    game.threat = 20
    _play_phase(game)
    assert len([e for e in of(game, "overlord-played") if e["card_type"] == "spawn"]) == 1
    assert len(game.monsters) == 2 and not of(game, "spawn-skipped")
    last = [d for d in script.asked if d.kind == "overlord-play"][-1]
    assert not [o for o in last.options if o["play"] == "spawn"]
    for m in game.monsters:
        assert not any(game.geometry.sees(h, m, monsters_block=False) for h in game.heroes)


def test_spawn_limited_by_models() -> None:
    # DJ-SPAWN-02: a monster without a free model cannot be spawned
    game, _ = new_game()
    game.open_door("d1", None)
    add_monster(game, "imp", (5, 2))  # with the revealed one: both normal models in play
    card = game.pack.overlord_cards["imps"]
    spawn(game, card)
    assert of(game, "spawn-skipped")[0]["why"] == "no model"


def test_power_lasts_and_helps_every_monster() -> None:
    # DJ-REF-28: a power stays in play
    from questforge.engine.descent.game.combat import monster_profile

    game, _ = new_game()
    game.hand = _cards(game, "rage")
    game.threat = 5
    wanted = iter(["power", "done"])

    def answer(d):  # type: ignore[no-untyped-def]
        want = next(wanted)
        return pick(lambda o: o["play"] == want)(d)

    game.controller.answers["overlord-play"] = answer
    _play_phase(game)
    imp = add_monster(game, "imp", (2, 2))
    assert monster_profile(game, imp).damage == 1 and game.powers


def test_trap_on_a_chest_deals_damage_ignoring_armor() -> None:
    # DJ-REF-28: traps deal damage straight to the hero; DJ-TREAS-10: before the loot
    game, _ = new_game(answers={"trap": "dart", "treasure": "sell"})
    game.open_door("d1", None)
    game.monsters.clear()
    game.hand = _cards(game, "dart")
    game.threat = 5
    h = hero(game)
    put(h, (5, 2))
    before = h.wounds
    open_chest(game, h, "box")
    assert h.wounds == before - 2
    kinds = [e.type for e in game.log]
    assert kinds.index("trap-sprung") < kinds.index("treasure-drawn")


def test_chest_contents_for_every_hero() -> None:
    # DJ-TREAS-04: 2 MP on its square; DJ-TREAS-05: each hero draws a copper treasure,
    # keeps it or discards it for 250; DJ-TREAS-12: the chest is gone
    game, _ = new_game(answers={"treasure": "sell"})
    game.open_door("d1", None)
    game.monsters.clear()
    game.hand = []
    h = hero(game)
    put(h, (5, 2))
    assert {"do": "open-chest", "chest": "box", "cost": 2} in step_options(
        game, h, 2, 0, True, False
    )
    gold = [x.gold for x in game.heroes]
    open_chest(game, h, "box")
    assert len(of(game, "treasure-drawn")) == 1  # one charm in the copper deck
    assert of(game, "treasure-empty")  # DJ-TREAS-11: the second hero gets nothing
    assert game.heroes[0].gold == gold[0] + 250 or game.heroes[1].gold == gold[1] + 250
    assert not [o for o in step_options(game, h, 2, 0, True, False) if o["do"] == "open-chest"]


def test_chest_coins_conquest_and_curses() -> None:
    # DJ-TREAS-08: coins for each hero, conquest at once; DJ-TREAS-09: curse = threat per hero
    files = pack_files()
    files["quests/q.json"]["objects"][2]["contents"] = [
        {"type": "coins", "amount": 100},
        {"type": "conquest", "amount": 2},
        {"type": "curse", "amount": 1},
    ]
    game, _ = new_game(files)
    game.open_door("d1", None)
    game.hand = []
    h = hero(game)
    gold = [x.gold for x in game.heroes]
    conquest, threat = game.conquest, game.threat
    open_chest(game, h, "box")
    assert [x.gold for x in game.heroes] == [g + 100 for g in gold]
    assert game.conquest == conquest + 2 and game.threat == threat + 2


def test_coins_go_to_every_hero_even_in_town() -> None:
    # DJ-TREAS-01
    files = pack_files()
    files["quests/q.json"]["objects"].append(
        {"id": "purse", "type": "coins", "cell": [2, 2], "amount": 100}
    )
    game, _ = new_game(files)
    dead = hero(game, 1)
    dead.cell = None
    dead.in_town = True
    gold = dead.gold
    enter_square(game, hero(game), (2, 2))
    assert dead.gold == gold + 100


def test_potions() -> None:
    # DJ-TREAS-02: vitality restores all fatigue; DJ-TREAS-03: healing 3 wounds, not above max
    steps = iter(
        [
            {"do": "potion", "potion": "healing"},
            {"do": "potion", "potion": "vitality"},
            {"do": "end"},
        ]
    )
    game, _ = new_game(
        answers={"action": "advance", "step": lambda d: list(d.options).index(next(steps))}
    )
    game.monsters.clear()
    h = hero(game)
    h.potions = ["healing", "vitality"]
    h.wounds = h.max_wounds - 1
    h.fatigue = 0
    hero_turn(game, h)
    assert h.wounds == h.max_wounds and h.fatigue == h.max_fatigue


def test_relics_cannot_be_sold_and_sale_prices_are_half() -> None:
    # DJ-TREAS-13, DJ-SHOP-04, DJ-REF-36
    game, script = new_game(answers={"buy": {"buy": "done"}})
    h = hero(game)
    relic = game.pack.items["relic"]
    charm = game.pack.items["charm"]
    h.pack = [relic, charm]
    shop_visit(game, h)
    options = [d for d in script.asked if d.kind == "buy"][-1].options
    sells = [o["item"] for o in options if o["buy"] == "sell"]
    assert sells == ["charm"]
    assert sale_price(game, charm) == 125
    assert sale_price(game, Item("x", "X", "shop", "other", price=150)) == 75


def test_training_and_shop_visit_cost() -> None:
    # DJ-SHOP-02: no trait above 5; DJ-SHOP-03: shopping costs 3 MP
    files = pack_files()
    files["shop.json"]["entries"].append({"buy": "training", "price": 10})
    game, script = new_game(files, answers={"buy": {"buy": "done"}})
    h = hero(game)
    h.traits["melee"] = 5
    shop_visit(game, h)
    options = [d for d in script.asked if d.kind == "buy"][-1].options
    trained = {o["trait"] for o in options if o["buy"] == "training"}
    assert "melee" not in trained and "ranged" in trained
    h.cell = None
    h.in_town = True
    town = step_options(game, h, 3, 0, True, False)
    assert {"do": "shop", "cost": 3} in town
    assert {"do": "shop", "cost": 3} not in step_options(game, h, 2, 0, True, False)


def test_treasure_keep_or_sell() -> None:
    # DJ-TREAS-05..07: keep, or discard for the tier's price; DJ-TREAS-12: equip or pack
    game, _ = new_game(answers={"treasure": "keep", "gain-item": "pack"})
    h = hero(game)
    draw_treasure(game, h, "copper")
    assert [i.id for i in h.pack] == ["charm"]


def test_monsters_activate_as_advance() -> None:
    # DJ-MON-01: move and attack once, in any order
    game, _ = new_game()
    game.open_door("d1", None)
    imp = game.monsters[0]
    h = hero(game)
    put(h, (2, 1))
    put(hero(game, 1), (0, 2))
    h.wounds = h.max_wounds = 40
    activate(game, imp)
    assert of(game, "attack-declared")


def test_hero_trap_trigger_and_cautious_reduction() -> None:
    # DJ-SKILL-R09: traps deal 1 less to a cautious hero
    from questforge.engine.descent.model import Skill

    game, _ = new_game(answers={"trap": "dart"})
    game.hand = _cards(game, "dart")
    game.threat = 9
    h = hero(game)
    h.skills.append(Skill("wary", "Wary", "subterfuge", "", trap_damage=-1, threat=-1))
    before = h.wounds
    offer_trap(game, "chest-opened", h)
    assert h.wounds == before - 1


def test_named_monster_kill_gives_conquest_and_wins() -> None:
    # DJ-CQ-02: killing a named monster; DJ-GOAL-01
    from questforge.engine.descent.game.combat import attack, hero_profile

    game, _ = new_game(answers={"power-dice": 0})
    game.revealed.add("vault")
    boss = game.place_monster(
        game.pack.monsters["imp"], "master", (1, 1), "test", named=game.quest.named[0]
    )
    boss.wounds = 1
    h = hero(game)
    put(h, (0, 0))
    before = game.conquest
    try:
        attack(game, h, boss, hero_profile(h))
        raise AssertionError("expected a win")
    except GameOver as over:
        assert over.outcome == "won"
    assert game.conquest == before + 3


def test_monster_stats_by_hero_count() -> None:
    # DJ-REF-20, DJ-REF-21, DJ-REF-22: normal and master stats per number of heroes
    files = pack_files()
    files["monsters/imp.json"]["stats"]["4"]["normal"]["wounds"] = 9
    game2, _ = new_game(files, heroes=2, start=False)
    imp = game2.pack.monsters["imp"]
    assert imp.stats_for(2, "normal").wounds == 3 and imp.stats_for(4, "normal").wounds == 9
    assert imp.stats_for(2, "master").wounds == 5
    assert imp.stats_for(1, "normal").wounds == 3  # the nearest card


def test_sample_pack_dice_colours() -> None:
    # DJ-REF-01, DJ-REF-03, DJ-REF-19: the pack's dice: a miss only on red, blue and white
    from pathlib import Path

    from questforge.engine.descent.model import load_pack_dir

    pack = load_pack_dir(Path(__file__).resolve().parents[2] / "content" / "descent-sample")
    misses = {d.id for d in pack.dice.values() if any(f.miss for f in d.faces)}
    assert misses == {"red", "blue", "white"}
    black = pack.dice["black"]
    assert black.role == "power" and sum(1 for f in black.faces if f == type(f)()) == 1
    assert all(m.models["master"] >= 1 for m in pack.monsters.values())


def _rich_pack():  # type: ignore[no-untyped-def]
    files = pack_files()
    files["shop.json"]["entries"] += [
        {"buy": "silver", "price": 500},
        {"buy": "gold", "price": 750},
    ]
    for tier, price in (("silver", 500), ("gold", 750)):
        for i in range(2):
            files[f"items/{tier}{i}.json"] = dict(
                files["items/charm.json"],
                id=f"{tier}-{i}",
                name=f"{tier} {i}",
                tier=tier,
                price=price,
            )
    return files


def test_silver_and_gold_chests() -> None:
    # DJ-TREAS-06: silver: each hero draws, keeps or discards for 500;
    # DJ-TREAS-07: gold: each hero draws, keeps or discards for 750
    for tier, price in (("silver", 500), ("gold", 750)):
        files = _rich_pack()
        files["quests/q.json"]["objects"][2]["contents"] = [{"type": tier}]
        game, _ = new_game(files, answers={"treasure": "sell"})
        game.hand = []
        gold = [h.gold for h in game.heroes]
        open_chest(game, hero(game), "box")
        assert [h.gold for h in game.heroes] == [g + price for g in gold]
        assert [e["tier"] for e in of(game, "treasure-drawn")] == [tier, tier]


def test_the_pack_holds_three_items() -> None:
    # DJ-REF-40: 3 unequipped items; a fourth must be equipped or dropped
    game, script = new_game(
        _rich_pack(), answers={"treasure": "keep", "gain-item": lambda d: len(d.options) - 1}
    )
    h = hero(game)
    h.pack = [game.pack.items["charm"], game.pack.items["silver-0"], game.pack.items["silver-1"]]
    draw_treasure(game, h, "gold")
    asked = [d for d in script.asked if d.kind == "gain-item"][-1]
    assert list(asked.options) == ["equip", "drop"]
    assert len(h.pack) == 3 and of(game, "item-dropped")


def test_dropping_items() -> None:
    # DJ-AP-01: dropping costs nothing and the item is lost, unless it is a relic;
    # DJ-TREAS-14: a dropped relic's card goes back to the relic deck
    game, _ = new_game()
    game.monsters.clear()
    h = hero(game)
    relic, charm = game.pack.items["relic"], game.pack.items["charm"]
    h.pack = [charm, relic]
    steps = iter([{"do": "drop", "item": "charm"}, {"do": "drop", "item": "relic"}, {"do": "end"}])
    game.controller.answers.update(
        {"action": "battle", "step": lambda d: list(d.options).index(next(steps))}
    )
    game.controller.answers["equip"] = "keep"
    relics = len(game.treasure.get("relic", []))
    coppers = len(game.treasure.get("copper", []))
    hero_turn(game, h)
    assert h.pack == []
    assert game.treasure["relic"][0] is relic and len(game.treasure["relic"]) == relics + 1
    assert len(game.treasure.get("copper", [])) == coppers  # the charm is gone for good


def test_hero_bot_goes_to_town_to_shop_when_it_pays() -> None:
    # DJ-MAP-07, DJ-SHOP-03: the bot travels by glyph and shops when nothing threatens it
    from questforge.engine.core.decisions import Decision
    from questforge.engine.descent.game.bots import DescentBot

    game, _ = new_game()
    game.monsters.clear()
    h = hero(game)
    put(h, (0, 0))  # the active glyph
    h.gold = 900
    bot = DescentBot(game)
    options = step_options(game, h, 4, 0, True, False)
    choice = options[bot.choose(Decision("step", h.uid, tuple(options)))]
    assert choice == {"do": "to-town", "glyph": "glyph"}
    h.cell = None
    h.in_town = True
    game.emit("hero-turn-started", hero=h.uid, round=2, wounds=h.wounds, fatigue=h.fatigue)
    town = step_options(game, h, 8, 0, True, False)
    assert town[bot.choose(Decision("step", h.uid, tuple(town)))] == {"do": "shop", "cost": 3}
    h.gold = 100  # nothing worth buying: back through the glyph
    town = step_options(game, h, 8, 0, True, False)
    assert town[bot.choose(Decision("step", h.uid, tuple(town)))]["do"] == "from-town"

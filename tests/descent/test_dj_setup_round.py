"""Setup, the round and the hero actions (DJ-SETUP, DJ-ROUND, DJ-TURN, DJ-CQ, DJ-GOAL)."""

from __future__ import annotations

from djgame import hero, new_game, of, pack_files, pick, put, types

from questforge.engine.descent.game.bots import DescentBot
from questforge.engine.descent.game.game import DescentGame, Setup
from questforge.engine.descent.game.heroes import hero_turn, step_options
from questforge.engine.descent.model import load_pack_model


def test_setup_heroes_skills_gold_conquest_and_overlord_hand() -> None:
    game, _ = new_game()
    joined = of(game, "hero-joined")
    # DJ-SETUP-01, DJ-SETUP-02: each hero with wounds and fatigue; DJ-SETUP-03: skills
    assert [j["hero"] for j in joined] == ["hero", "second"]
    assert joined[0]["skills"] == ["tough"] and joined[0]["wounds"] == 12  # tough: +2
    assert joined[1]["skills"] == []  # the one fighting card went to the first hero
    assert all(j["gold"] == 300 for j in joined)  # DJ-SETUP-05
    # DJ-CQ-01: the quest's conquest, shared by the party
    assert game.conquest == 5 and of(game, "quest-started")[0]["conquest"] == 5
    assert len(game.hand) == 3  # DJ-SETUP-06: the Overlord draws 3
    # heroes on the start squares, first area revealed
    assert [h.cell for h in game.heroes] == [(0, 1), (1, 0)]
    assert game.revealed == {"hall"}


def test_heroes_shop_before_the_quest() -> None:
    # DJ-SETUP-05: 300 gold to buy equipment and potions; DJ-SHOP-01 prices
    game, _ = new_game()
    first = hero(game)
    assert first.weapon is not None and first.weapon.id == "axe"
    bought = of(game, "bought")
    assert sum(b["price"] for b in bought if b["hero"] == "hero") == 300 - first.gold


def test_round_every_hero_then_the_overlord() -> None:
    # DJ-ROUND-01, DJ-OVL-01: all hero turns, then the Overlord; DJ-REF-39: heroes choose
    pack = load_pack_model(list(pack_files().values()))
    game = DescentGame(pack, Setup("q", heroes=2, round_cap=2), seed=1)
    bot = DescentBot(game)
    asked: list[str] = []

    class Spy:
        def choose(self, d):  # type: ignore[no-untyped-def]
            asked.append(d.kind)
            return bot.choose(d)

    game.run(Spy())
    seq = [
        t
        for t in types(game)
        if t in ("hero-turn-started", "overlord-turn-started", "round-started")
    ]
    assert seq[:4] == [
        "round-started",
        "hero-turn-started",
        "hero-turn-started",
        "overlord-turn-started",
    ]
    assert "hero-order" in asked


def test_round_cap_ends_unfinished() -> None:
    pack = load_pack_model(list(pack_files().values()))
    game = DescentGame(pack, Setup("q", heroes=2, round_cap=1), seed=1)
    game.run(DescentBot(game))
    assert game.outcome in ("unfinished", "won", "lost")
    assert of(game, "game-ended")[-1]["round"] <= 1


def _budget(action: str, ready: str | None = None) -> dict:
    answers: dict = {"action": action, "step": {"do": "end"}, "equip": "keep"}
    if ready:
        answers["ready"] = ready
    answers["order"] = "dodge"
    game, _ = new_game(answers=answers)
    game.monsters.clear()
    hero_turn(game, hero(game))
    return of(game, "action-chosen")[-1]


def test_action_budgets() -> None:
    speed = 4
    assert _budget("run")["mp"] == 2 * speed and _budget("run")["attacks"] == 0  # DJ-TURN-03
    assert (_budget("battle")["mp"], _budget("battle")["attacks"]) == (0, 2)  # DJ-TURN-04
    assert (_budget("advance")["mp"], _budget("advance")["attacks"]) == (speed, 1)  # DJ-TURN-05
    assert (_budget("ready", "move")["mp"], _budget("ready", "move")["attacks"]) == (
        speed,
        0,
    )  # DJ-TURN-06
    assert (_budget("ready", "attack")["mp"], _budget("ready", "attack")["attacks"]) == (0, 1)


def test_ready_places_an_order() -> None:
    # DJ-TURN-06, DJ-SETUP-04: the four order tokens
    game, script = new_game(
        answers={"action": "ready", "ready": "move", "step": {"do": "end"}, "order": "guard"}
    )
    game.monsters.clear()
    hero_turn(game, hero(game))
    order = next(d for d in script.asked if d.kind == "order")
    assert set(order.options) == {"aim", "dodge", "guard", "rest"}
    assert hero(game).orders == {"guard"}


def test_fatigue_buys_movement_even_in_battle() -> None:
    # DJ-TURN-07: one fatigue for one movement point, also after choosing Battle
    steps = iter([{"do": "fatigue-mp"}, {"do": "end"}])
    game, _ = new_game(
        answers={"action": "battle", "step": lambda d: list(d.options).index(next(steps))}
    )
    game.monsters.clear()
    h = hero(game)
    before = h.fatigue
    hero_turn(game, h)
    assert h.fatigue == before - 1
    assert of(game, "fatigue-spent")[-1]["why"] == "movement point"


def test_equip_phase_comes_before_the_action() -> None:
    # DJ-TURN-01: refresh, equip, then one action
    game, script = new_game(answers={"action": "run", "step": {"do": "end"}, "equip": "keep"})
    game.monsters.clear()
    h = hero(game)
    h.pack.append(game.pack.items["bow"])
    hero_turn(game, h)
    kinds = [d.kind for d in script.asked]
    assert kinds.index("equip") < kinds.index("action")


def test_two_handed_weapon_displaces_a_shield() -> None:
    # DJ-TURN-02: at most two hands of weapons and shields
    from questforge.engine.descent.game.heroes import equip
    from questforge.engine.descent.model import Item

    game, _ = new_game()
    h = hero(game)
    shield = Item("buckler", "Buckler", "shop", "shield", hands=1, armor=1)
    equip(game, h, shield)
    equip(game, h, game.pack.items["bow"])
    assert h.weapon is not None and h.weapon.id == "bow" and h.shield is None
    assert shield in h.pack


def test_step_costs_of_doors_chests_potions() -> None:
    # DJ-AP-01, DJ-AP-02, DJ-MAP-08: a door costs 2, a chest 2, a potion 1
    game, _ = new_game()
    h = hero(game)
    put(h, (2, 0))
    opts = step_options(game, h, 4, 0, True, False)
    door = [o for o in opts if o["do"] == "open-door"]
    assert door == [{"do": "open-door", "door": "d1", "cost": 2}]
    assert not [o for o in step_options(game, h, 1, 0, True, False) if o["do"] == "open-door"]
    h.potions = ["healing"]
    assert {"do": "potion", "potion": "healing"} in step_options(game, h, 1, 0, True, False)


def test_heroes_win_when_the_objective_is_met_and_lose_at_zero_conquest() -> None:
    from questforge.engine.descent.game.game import GameOver

    game, _ = new_game()
    # DJ-GOAL-01: every objective met
    game.killed_named.add("boss")
    try:
        game.check_objectives()
        raise AssertionError("no win")
    except GameOver as over:
        assert over.outcome == "won"
    # DJ-GOAL-02, DJ-REF-33: the game ends the moment conquest reaches 0
    try:
        game.gain_conquest(-game.conquest, "test")
        raise AssertionError("no loss")
    except GameOver as over:
        assert over.outcome == "lost"


def test_sample_quest_conquest_and_pick() -> None:
    # DJ-REF-32: the starting conquest comes from the quest
    game, _ = new_game()
    assert game.quest.conquest == 5
    assert pick(lambda o: o == 2)(type("D", (), {"options": (1, 2), "kind": "x"})()) == 1

"""Third referee audit of the Gloomhaven engine: each test cites the rule it checks and
failed before the fix it comes with (or pins a ruling written in docs/engine.md)."""

from __future__ import annotations

from dataclasses import replace

from questforge.engine.gloomhaven.game.builders import (
    Policy,
    content,
    disc,
    line,
    new_game,
    plan,
    scenario,
    simple_card,
    simple_class,
    simple_deck,
    simple_monster,
)
from questforge.engine.gloomhaven.game.spec import Ability, AllySpec


def test_a_focus_tie_between_a_character_and_an_ally_on_one_initiative_goes_to_the_character() -> (
    None
):
    # GH-FOCUS-03, GH-SPEC-06, GH-INIT-05: an ally and a character equally close to the
    # monster, on the same initiative: the character acts first (the engine's order puts a
    # character before an ally on a tie), so it is the focus; the character's second card
    # made it look later than the ally (the ally was focused)
    sc = scenario(
        "t", {"a": disc((0, 0), 3)}, [(2, 0), (-3, 3)], monsters=[("grunt", (0, 0), "normal")]
    )
    sc = replace(sc, allies=(AllySpec("guide", "Guide", (-2, 0), "a", "6", 2, 2, 30),))
    c = content(
        [sc],
        monsters=[simple_monster("grunt", health=30, move=1, attack=1)],
        decks={"grunt": simple_deck("grunt", 5, [Ability("move", 0), Ability("attack", 0)])},
    )
    pol = Policy({("plan", "alpha"): plan("alpha-3", "alpha-1")})
    g = new_game(c, "t", controller=pol)
    g.step_round()
    order = g.state.turn_order
    assert order.index("alpha") < order.index("guide")
    focus = next(e for e in g.events if e.type == "focus")
    assert list(focus["focus"]) == [2, 0]
    assert not [d for d in pol.asked if d.kind == "monster_option"]


def test_a_character_exhausted_by_retaliation_keeps_the_xp_of_the_attack_it_made() -> None:
    # GH-XP-01, GH-XP-02, GH-EXH-04, GH-RET-03: the attack was performed (it dealt its
    # damage) before the retaliation exhausted the character; its XP was gained with it,
    # and an exhausted character keeps the XP gained (it was withheld)
    cards = [simple_card("alpha-1", 10, top_xp=2)] + [
        simple_card(f"alpha-{i}", 10 * i) for i in range(2, 9)
    ]
    sc = scenario(
        "x", {"a": disc((0, 0), 3)}, [(0, 0), (-3, 0)], monsters=[("grunt", (1, 0), "normal")]
    )
    c = content(
        [sc],
        classes=[simple_class("alpha", cards=cards), simple_class("beta")],
        monsters=[simple_monster("grunt", health=30, move=0, attack=0, retaliate=20)],
        decks={"grunt": simple_deck("grunt", 99, [Ability("shield", 0)])},
    )
    pol = Policy(
        {
            ("plan", "alpha"): plan("alpha-1", "alpha-2"),
            ("action", "alpha"): [{"card": "alpha-1", "half": "top", "default": False}],
        }
    )
    g = new_game(c, "x", controller=pol, seed=3)
    g.step_round()
    assert g.state.characters["alpha"].exhausted
    assert any(e.type == "attack" and e["attacker"] == "alpha" for e in g.events)
    assert g.state.characters["alpha"].xp == 2
    assert [e["amount"] for e in g.events if e.type == "xp"] == [2]


def test_a_push_event_lists_every_hex_entered() -> None:
    # GH-EFF-03, GH-EFF-04 (log): the push event names each hex of the push, each farther
    # from the attacker than the last, so a referee can check every step (only the start
    # and end were logged: a two-hex push could not be checked)
    from questforge.engine.core.hexgrid import distance
    from questforge.engine.gloomhaven.game.attacks import forced_move

    sc = scenario(
        "p", {"a": disc((0, 0), 3)}, [(0, 0), (-3, 0)], monsters=[("grunt", (1, 0), "normal")]
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", health=20, move=0)]), "p")
    alpha = g.state.figures["alpha"]
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    g.rules.controller = Policy({"push": [[2, -1], [3, -1]]})
    forced_move(g.rules, alpha, grunt, 2, away=True, chooser="alpha")
    push = [e for e in g.events if e.type == "push"][-1]
    assert [list(h) for h in push["path"]] == [[2, -1], [3, -1]]
    dists = [distance(h, alpha.hex) for h in [push["start"], *push["path"]]]
    assert dists == sorted(set(dists))


def test_an_item_with_use_slots_says_which_use_it_is() -> None:
    # GH-ITEM-07, GH-ITEM-06 (log): an item with use slots is spent on its last slot; the
    # item_used event and its sentence say which use it was and when it is spent
    from questforge.engine.gloomhaven.game.narrator import narrate
    from questforge.engine.gloomhaven.game.spec import ItemSpec

    sc = scenario("i", {"a": disc((0, 0), 3)}, [(0, 0), (-3, 0)])
    charm = ItemSpec("charm", "Charm", "spent", (Ability("attack", 1),), uses=2, slot="small")
    c = replace(content([sc]), items={"charm": charm})
    g = new_game(c, "i", items={"alpha": ("charm",)})
    ch = g.state.characters["alpha"]
    g.rules.use_item(ch, charm)
    g.rules.use_item(ch, charm)
    used = [e for e in g.events if e.type == "item_used"]
    assert [(e["use"], e["uses"], e["status"]) for e in used] == [(1, 2, "ready"), (2, 2, "spent")]
    assert narrate(used[0]) == "Alpha uses Charm (use 1 of 2)."
    assert narrate(used[1]) == "Alpha uses Charm (use 2 of 2); it is spent."


def _condition_game(affects: str, conditions: tuple[str, ...]) -> object:
    """A grunt at (1, 0) whose card is only a condition ability (range 3), another grunt
    at (0, 2), the characters at (0, 0) and (-3, 0)."""
    sc = scenario(
        "c",
        {"a": disc((0, 0), 3)},
        [(0, 0), (-1, 0)],
        monsters=[("grunt", (1, 0), "normal"), ("grunt", (0, 2), "normal")],
    )
    card = [Ability("condition", conditions=conditions, affects=affects, range=3)]
    c = content(
        [sc],
        monsters=[simple_monster("grunt", health=30, move=0, attack=0)],
        decks={"grunt": simple_deck("grunt", 99, card)},
    )
    g = new_game(c, "c")
    g.step_round()
    return g


def test_a_monsters_condition_on_enemies_reaches_the_party_not_its_allies() -> None:
    # GH-EFF-02, GH-COND-14 (GH-TURN-04: enemies are the other side): a monster card's
    # "muddle the enemies in range" muddled the monster and its allies instead
    g = _condition_game("enemies", ("muddle",))
    figures = g.state.figures  # type: ignore[attr-defined]
    assert all("muddle" in figures[c].conditions for c in ("alpha", "beta"))
    assert not any("muddle" in f.conditions for f in figures.values() if f.side == "monsters")


def test_a_monsters_condition_on_its_allies_is_not_its_own() -> None:
    # GH-TURN-04: "ally" means a figure on the same side, not the figure itself; every
    # grunt gives the other one strengthen (both act: each ends up strengthened by the
    # other, and nobody by itself - the first to act is strengthened after its turn)
    g = _condition_game("allies", ("strengthen",))
    applied = [e for e in g.events if e.type == "condition_applied"]  # type: ignore[attr-defined]
    assert applied and all(e["figure"] != e["source"] for e in applied)


def _support_game(card: list[Ability]) -> object:
    """Two wounded grunts (30 HP, 20 left), two hexes apart, whose card is ``card``."""
    sc = scenario(
        "s",
        {"a": disc((0, 0), 3)},
        [(-3, 0), (-3, 1)],
        monsters=[("grunt", (1, 0), "normal"), ("grunt", (1, 2), "normal")],
    )
    c = content(
        [sc],
        monsters=[simple_monster("grunt", health=30, move=0, attack=0)],
        decks={"grunt": simple_deck("grunt", 99, card)},
    )
    g = new_game(c, "s")
    for f in g.state.figures.values():  # type: ignore[attr-defined]
        if f.side == "monsters":
            f.hp = 20
    return g


def test_a_monsters_heal_of_all_allies_heals_each_of_them() -> None:
    # GH-MOTH-01 with the card's "affects: self-and-allies": every figure it names is
    # healed (only the one that lost most HP was)
    g = _support_game([Ability("heal", 3, affects="self-and-allies", range=3)])
    g.step_round()  # each grunt heals both: 20 + 3 + 3
    grunts = [f for f in g.state.figures.values() if f.side == "monsters"]  # type: ignore[attr-defined]
    assert sorted(f.hp for f in grunts) == [26, 26]


def test_a_monsters_shield_for_its_allies_protects_them_not_itself() -> None:
    # GH-MOTH-05, GH-TURN-04: "shield 2, affects allies" on the other grunts (it went on
    # the monster itself)
    g = _support_game([Ability("shield", 2, affects="allies", range=3)])
    g.step_round()
    bonuses = [e for e in g.events if e.type == "bonus"]  # type: ignore[attr-defined]
    assert len(bonuses) == 2 and all(e["figure"] != e["by"] for e in bonuses)


def test_a_named_monster_acts_before_the_normal_monsters_of_its_type() -> None:
    # GH-MORD-02 with GH-SPEC-07 (ruling, docs/engine.md): a named monster is neither
    # normal nor elite; it acts with the elites, before the normal monsters, whatever the
    # standee numbers
    sc = scenario(
        "n",
        {"a": disc((0, 0), 3)},
        [(-3, 0), (-3, 1)],
        monsters=[("grunt", (q, 2), "normal") for q in (-2, -1, 0, 1)],
        named={(1, 2): ("chief", "9")},
    )
    c = content(
        [sc],
        monsters=[simple_monster("grunt", health=30, move=0, attack=0)],
        decks={"grunt": simple_deck("grunt", 5, [Ability("shield", 0)])},
    )
    for seed in range(6):
        g = new_game(c, "n", seed=seed)
        g.step_round()
        turns = [
            g.state.figures[e["figure"]]
            for e in g.events
            if e.type == "turn_start" and e["figure"].startswith("grunt")
        ]
        assert turns[0].named == "chief" and turns[0].hp == 9
        normals = [f.standee for f in turns[1:]]
        assert normals == sorted(normals) and len(normals) == 3


def test_an_item_instead_of_the_attack_is_offered_only_if_its_attack_can_hit() -> None:
    # GH-TURN-07, GH-ITEM-12 with GH-ELEM-04/05's reading (nothing is spent on an attack
    # with nothing to hit): a Sling (Attack 2, Range 3, instead of your attack) is not
    # offered against a monster five hexes away that the card's Range 6 attack reaches;
    # it was offered, and if taken was spent for no attack at all
    from questforge.engine.gloomhaven.game.character_turn import character_attack
    from questforge.engine.gloomhaven.game.spec import ItemSpec

    sling = ItemSpec(
        "sling",
        "Sling",
        "spent",
        (Ability("attack", 2, range=3),),
        timing="instead-of-attack",
        slot="one-hand",
    )
    sc = scenario(
        "s", {"a": disc((0, 0), 5)}, [(0, 0), (-3, 0)], monsters=[("grunt", (5, 0), "normal")]
    )
    c = replace(
        content([sc], monsters=[simple_monster("grunt", health=30, move=0)]),
        items={"sling": sling},
    )
    g = new_game(c, "s", items={"alpha": ("sling",)})
    pol = Policy({"use_item": "sling"})
    g.rules.controller = pol
    alpha = g.state.characters["alpha"]
    done = character_attack(g.rules, alpha, g.state.figures["alpha"], Ability("attack", 3, range=6))
    assert done == 1 and alpha.items["sling"] == "ready"
    assert not [d for d in pol.asked if d.kind == "use_item"]
    assert [e["base"] for e in g.events if e.type == "attack"] == [3]


def test_each_use_of_a_persistent_bonus_is_logged_with_its_slot() -> None:
    # GH-BONUS-03, GH-BONUS-04 (log): each attack on a figure a persistent shield protects
    # moves the token one slot; the log says which slot and how many are left (nothing
    # showed the token move: a referee could not check that the bonus was used every time)
    from questforge.engine.gloomhaven.game.attacks import AttackParams, resolve_attack
    from questforge.engine.gloomhaven.game.character_turn import perform_card_half
    from questforge.engine.gloomhaven.game.spec import AbilityCard, Action, Bonus

    aegis = AbilityCard(
        "alpha-1",
        "aegis",
        1,
        10,
        Action((Ability("shield", 1),), persistent=True, bonus=Bonus("shield", 1, uses=2)),
        Action((Ability("move", 1),)),
    )
    cls = simple_class(
        "alpha", cards=[aegis] + [simple_card(f"alpha-{i}", 20 + i) for i in range(2, 9)]
    )
    sc = scenario(
        "b", {"a": disc((0, 0), 3)}, [(0, 0), (-3, 0)], monsters=[("grunt", (1, 0), "normal")]
    )
    c = content(
        [sc],
        classes=[cls, simple_class("beta")],
        monsters=[simple_monster("grunt", health=30, move=0, attack=0)],
    )
    g = new_game(c, "b")
    ch = g.state.characters["alpha"]
    ch.hand.remove("alpha-1")
    ch.selected = ["alpha-1"]
    perform_card_half(g.rules, ch, "alpha-1", "top", False)
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    for _ in range(2):
        resolve_attack(
            g.rules, grunt, g.state.figures["alpha"], AttackParams(value=1, ranged=False)
        )
    used = [(e["card"], e["slot"], e["left"]) for e in g.events if e.type == "bonus_used"]
    assert used == [("alpha-1", 1, 1), ("alpha-1", 2, 0)]
    assert ch.lost == ["alpha-1"]


def test_the_use_slots_of_an_item_are_cleared_between_scenarios(sample_pack: object) -> None:
    # GH-ITEM-09, GH-ITEM-07, GH-END-09: every item refreshes after the scenario - a
    # partly used item (one of the Lucky Nugget's three slots taken) starts the next
    # scenario with all its slots (the taken slot stayed after cleanup)
    from questforge.engine.gloomhaven.game import Game
    from questforge.engine.gloomhaven.game.from_model import content_from_pack
    from questforge.engine.gloomhaven.game.setup import Setup

    c = content_from_pack(str(sample_pack))
    setup = Setup(
        "flooded-workings", ("lampwright", "ore-singer"), 1, items={"lampwright": ("lucky-nugget",)}
    )
    game = Game(c, setup, 1)
    game.start()
    ch = game.state.characters["lampwright"]
    game.rules.use_item(ch, c.items["lucky-nugget"])
    assert ch.items == {"lucky-nugget": "ready"} and ch.item_uses == {"lucky-nugget": 1}
    game.state.lost_game = True
    game._finish()
    game.cleanup()
    assert ch.items == {"lucky-nugget": "ready"} and not any(ch.item_uses.values())


def test_a_monster_pushed_into_a_trap_is_killed_by_the_pusher() -> None:
    # GH-BG-02 (battle goals' kills and damage dealt), GH-EFF-08, GH-TRAP-01: a push is an
    # effect of the character's attack, so the trap damage it causes and the kill are the
    # character's (battle_goals: "the monsters its own attacks, retaliation or effects
    # killed"); the engine gave them to "trap", and a push-into-trap kill counted for nobody
    from questforge.engine.gloomhaven.game import battle_goals
    from questforge.engine.gloomhaven.game.attacks import forced_move
    from questforge.engine.gloomhaven.game.spec import TrapSpec

    sc = scenario(
        "p",
        {"a": disc((0, 0), 3)},
        [(0, 0), (-3, 0)],
        monsters=[("grunt", (1, 0), "normal")],
        traps={(2, 0): TrapSpec()},
        hazardous=[(3, 0)],
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", health=3, move=0)]), "p")
    alpha = g.state.figures["alpha"]
    grunt = next(f for f in g.state.figures.values() if f.side == "monsters")
    g.rules.controller = Policy({"push": [[2, 0]]})
    forced_move(g.rules, alpha, grunt, 1, away=True, chooser="alpha")
    killed = [e for e in g.events if e.type == "monster_killed"]
    assert [e["by"] for e in killed] == ["alpha"]
    hurt = [e for e in g.events if e.type == "damage"]
    assert [(e["source"], e["cause"]) for e in hurt] == [("alpha", "trap")]
    counts = battle_goals.counters(g.events, g.content, ("alpha", "beta"))
    assert counts["alpha"]["kills"] == 1 and counts["alpha"]["damage-dealt"] == 3


def test_a_spawn_never_lands_on_a_closed_door() -> None:
    # GH-SPEC-01 with GH-MOVE-07 and GH-DOOR-03: a spawn whose hex is taken goes to the
    # nearest *empty* hex - an overlay tile other than a corridor or an open door is not
    # empty, and a closed door is a wall to monsters; the monster was put on the door
    from questforge.engine.gloomhaven.game.spec import DoorSpec

    sc = scenario(
        "d",
        {"a": [*line(0, 3), (0, 1)], "b": line(5, 8)},
        [(0, 0), (1, 0)],
        doors=[DoorSpec((4, 0), ("a", "b"), False, "d1")],
        monsters=[("grunt", (2, 0), "normal"), ("grunt", (3, 0), "normal")],
    )
    g = new_game(content([sc], monsters=[simple_monster("grunt", move=0)]), "d")
    g.state.phase = "turns"
    g.rules.spawn("grunt", (3, 0), "normal")
    spawned = [e for e in g.events if e.type == "spawned"]
    assert spawned and tuple(spawned[0]["hex"]) == (0, 1)
    assert g.state.figure_at((4, 0)) is None and (4, 0) not in g.state.open_doors


def test_an_item_used_during_the_turn_may_be_used_between_the_actions() -> None:
    # GH-TURN-07 (items augment the turn's actions; "during your turn" is any time in it,
    # never inside an action, GH-TURN-02): a potion is offered again after the first
    # action, so the damage that action's retaliation dealt can be healed before the
    # second (it was offered only before the first action)
    from questforge.engine.gloomhaven.game.spec import ItemSpec

    tonic = ItemSpec(
        "tonic", "Tonic", "consumed", (Ability("heal", 3, affects="self"),), slot="small"
    )
    sc = scenario(
        "t", {"a": disc((0, 0), 3)}, [(0, 0), (-3, 0)], monsters=[("grunt", (1, 0), "normal")]
    )
    c = replace(
        content(
            [sc],
            monsters=[simple_monster("grunt", health=30, move=0, attack=0, retaliate=4)],
            decks={"grunt": simple_deck("grunt", 99, [Ability("shield", 0)])},
        ),
        items={"tonic": tonic},
    )
    used_when: list[int] = []

    def use_when_hurt(d: object) -> int:
        hp = g.state.figures["alpha"].hp  # type: ignore[attr-defined]
        used_when.append(hp)
        return 1 if hp < 10 else 0

    pol = Policy(
        {
            ("plan", "alpha"): plan("alpha-1", "alpha-2"),
            ("action", "alpha"): [{"card": "alpha-1", "half": "top", "default": False}],
            "use_item": use_when_hurt,
        }
    )
    g = new_game(c, "t", controller=pol, items={"alpha": ("tonic",)})
    g.step_round()
    types = [e.type for e in g.events]
    assert g.state.characters["alpha"].items["tonic"] == "consumed"
    assert used_when[:2] == [10, 6]  # offered before the first action, then after it
    heal = types.index("heal")
    assert types.index("retaliate") < heal < len(types) - 1 - types[::-1].index("action")

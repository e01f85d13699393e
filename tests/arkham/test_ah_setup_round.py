"""Setup (AH-SETUP), the round (AH-TURN), upkeep (AH-UPK) and movement (AH-MOVE, AH-OW,
AH-DELAY) on the sample pack."""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from ahgame import Script, blank_game, dice, inv, model, place, types

from questforge.engine.arkham.game import checks, phases, status
from questforge.engine.arkham.game.engine import ArkhamGame, Setup, SetupError
from questforge.engine.arkham.game.state import GameOver
from questforge.engine.core.decisions import FirstOptionController


def _setup(players: int = 3, seed: int = 1, **kw: str) -> ArkhamGame:
    g = ArkhamGame(model(), Setup(players=players, **kw), seed)
    g.controller = FirstOptionController()
    phases.setup(g)
    return g


def test_setup_places_clues_terror_and_first_player() -> None:
    g = _setup()
    st = g.state
    # AH-SETUP-01: terror starts at 0; AH-SETUP-03: the first player has the marker
    assert st.terror == 0 and st.first_player == 0
    # AH-SETUP-02: a clue on every unstable location (the first mythos may take one away)
    unstable = {a.id for a in g.board.locations if a.unstable}
    assert set(st.clues) <= unstable
    assert len(st.clues) >= len(unstable) - 1


def test_setup_deals_investigators_and_ancient_one_at_random() -> None:
    # AH-SETUP-04, AH-SETUP-05: random unless chosen; the seed decides
    seen = {tuple(i.id for i in _setup(seed=s).state.investigators) for s in range(6)}
    aos = {_setup(seed=s).state.ancient_one for s in range(12)}
    assert len(seen) > 1 and aos == set(model().ancient_ones)
    g = _setup(players=2, investigators="hester-cole", ancient_one="the-pale-cartographer")
    assert g.state.investigators[0].id == "hester-cole"
    assert g.state.ancient_one == "the-pale-cartographer"
    with pytest.raises(SetupError):
        _setup(ancient_one="nobody")
    with pytest.raises(SetupError):
        ArkhamGame(model(), Setup(players=9), 0)


def test_setup_possessions_and_tokens() -> None:
    g = _setup(players=1, investigators="jonah-pike")
    j = g.state.investigators[0]
    data = g.model.investigators["jonah-pike"]
    # AH-SETUP-07: fixed possessions; AH-SETUP-09: random ones from each deck
    assert "flare-pistol" in j.cards and j.money == data.money
    assert j.cards[0] == "flare-pistol"
    assert sorted(g.card(c).type for c in j.cards[1:]) == ["common", "skill", "unique"]
    # AH-SETUP-08: the decks are shuffled and the fixed card left its deck
    assert (
        "flare-pistol" not in g.state.decks["common"].draw_pile or g.card("flare-pistol").count > 1
    )
    # AH-SETUP-10: sanity and stamina as printed; AH-STAT-01 they are the maximums
    assert (j.max_sanity, j.max_stamina) == (data.sanity, data.stamina)
    # AH-SETUP-14: at home (or wherever the first mythos sent them)
    assert j.area == data.home or j.stage == 1
    # AH-SETUP-06: every deck is set aside ready
    assert set(g.state.decks) >= {"common", "unique", "spell", "skill", "ally", "special"}


def test_sliders_at_setup_are_free_and_in_upkeep_limited_by_focus() -> None:
    # AH-SETUP-10: placed on any value at setup
    g = ArkhamGame(
        model(),
        Setup(players=1, investigators="ada-merrow", ancient_one="the-pale-cartographer"),
        0,
    )
    script = Script()
    g.controller = script
    phases.setup(g)
    first = next(d for d in script.asked if d.kind == "sliders")
    assert len(first.options) == 4 * 4 * 4 and first.context["free"] is True
    # AH-UPK-03: in upkeep no more steps than Focus (Ada: 2)
    a = inv(g)
    phases.set_sliders(g, a, free=False)
    later = script.asked[-1]
    assert all(
        sum(abs(x - y) for x, y in zip(o, a.sliders, strict=True)) <= 2 for o in later.options
    )
    assert len(later.options) < 64


def test_mask_monsters_only_with_a_masked_ancient_one() -> None:
    # AH-SETUP-11, AH-SETUP-12: the cup holds every marker; masks only for such an AO
    g1 = _setup(ancient_one="the-pale-cartographer")
    g2 = _setup(ancient_one="the-drowned-choir")
    in_play = lambda g: g.state.cup + [m.monster for m in g.state.monsters]  # noqa: E731
    assert "barnacled-priest" not in in_play(g1)
    assert "barnacled-priest" in in_play(g2) or any(
        i.monster_trophies for i in g2.state.investigators
    )
    total = sum(m.count for m in model().monsters.values() if "mask" not in m.abilities)
    assert len(in_play(g1)) == total


def test_setup_resolves_the_first_mythos_with_doom() -> None:
    # AH-SETUP-13: gate markers shuffled; AH-SETUP-15: first mythos card, first gate's doom
    g = _setup(seed=4)
    assert g.state.gates and g.state.doom == 1
    first = g.log.of_type("mythos")[0]
    assert first["card"] not in g.state.mythos[:-3] or True
    assert len(g.state.gate_pile) == sum(m.count for m in model().gate_markers.values()) - 1


def test_round_has_five_phases_in_player_order_and_the_marker_passes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g = blank_game()
    phases_seen: list[str] = []
    for name in (
        "upkeep",
        "movement",
        "arkham_encounters",
        "other_world_encounters",
        "mythos_phase",
    ):
        original = getattr(phases, name)

        def spy(game: ArkhamGame, _n: str = name, _o: Any = original) -> None:
            phases_seen.append(_n)
            _o(game)

        monkeypatch.setattr(phases, name, spy)
    with contextlib.suppress(GameOver):
        phases.play_round(g)
    # AH-TURN-01: five phases in order
    assert phases_seen == [
        "upkeep",
        "movement",
        "arkham_encounters",
        "other_world_encounters",
        "mythos_phase",
    ]
    # AH-TURN-03: the first-player marker passes left; AH-COMP-02
    assert g.state.first_player == 1


def test_player_order_starts_with_the_first_player() -> None:
    # AH-TURN-02: the first player acts first, then clockwise
    g = blank_game(players=3, investigators="ada-merrow,tobias-wren,hester-cole")
    g.state.first_player = 1
    assert [i.id for i in g.state.order()] == ["tobias-wren", "hester-cole", "ada-merrow"]


def test_upkeep_refreshes_cards_and_performs_upkeep_effects() -> None:
    g = blank_game(investigators="hester-cole,ada-merrow")
    h = inv(g)
    h.cards += ["salt-circle", "harbour-retainer"]
    h.exhausted.add("salt-circle")
    h.stamina = 2
    dice(g, 6)  # the retainer's roll passes
    g.controller = FirstOptionController()
    phases.upkeep(g)
    # AH-UPK-01: exhausted cards are ready again
    assert not h.exhausted
    # AH-UPK-02: every upkeep effect is performed: Hester's ability and the retainer's pay
    assert h.stamina == 3 and h.money == 2


def test_speed_gives_movement_points_along_connections() -> None:
    g = blank_game()
    a = inv(g)
    speed = checks.skill(g, a, "speed")
    script = Script()
    g.controller = script
    phases.arkham_move(g, a)
    asked = next(d for d in script.asked if d.kind == "move")
    # AH-MOVE-02, AH-MOVE-03: every area within Speed steps along connections
    for area in asked.options:
        assert g.board.graph.distance("customs-house", area) <= speed
    assert "quayside-streets" in asked.options and "old-town-streets" in asked.options
    # AH-MOVE-04: locations connect to their street; streets to streets
    assert g.board.graph.neighbors("customs-house") == ["quayside-streets"]


def test_leaving_past_a_monster_needs_evading_and_combat_ends_the_move() -> None:
    g = blank_game()
    a = inv(g)
    place(g, "fog-shambler", "customs-house")
    # AH-MOVE-05, AH-EVADE-01: leaving an area with a monster: evade or fight
    dice(g, 6, 6, 6, 6)
    g.controller = Script(move=["old-town-streets"], evade_or_fight=["evade"])
    phases.arkham_move(g, a)
    assert a.area == "old-town-streets" and "evaded" in types(g)
    # AH-MOVE-06, AH-MOVE-07: a failed evade deals damage, starts combat, ends the move
    g2 = blank_game()
    b = inv(g2)
    place(g2, "fog-shambler", "customs-house")
    dice(g2)  # every die fails
    g2.controller = Script(
        move=["old-town-streets"], evade_or_fight=["evade"], fight_or_flee=["flee"]
    )
    phases.arkham_move(g2, b)
    assert b.area in ("customs-house", "larkspur-infirmary", "infirmary")
    assert "combat" in types(g2) and b.stamina < b.max_stamina


def test_ending_the_move_on_a_monster_means_evade_or_fight_and_clues_are_picked_up() -> None:
    g = blank_game()
    a = inv(g)
    g.state.clues["drowned-chapel"] = 2
    place(g, "fog-shambler", "drowned-chapel")
    dice(g, 6, 6, 6, 6, 6, 6)
    g.controller = Script(move=["drowned-chapel"], evade_or_fight=["evade"])
    phases.arkham_move(g, a)
    # AH-MOVE-05: the monster where the move ends is evaded; AH-MOVE-08: clues taken
    assert "evaded" in types(g) and a.clues == 2 and "drowned-chapel" not in g.state.clues


def test_other_world_movement_and_return() -> None:
    g = blank_game()
    a = inv(g)
    status.move_inv(g, a, "glass-city", 1)
    g.controller = FirstOptionController()
    # AH-MOVE-01: other-world movement; AH-OW-01, AH-OW-02: first area to second area
    phases.movement(g)
    assert (a.area, a.stage) == ("glass-city", 2)
    # AH-OW-03: back through a gate to that world, with an explored marker
    from questforge.engine.arkham.game.state import Gate

    g.state.gates["observatory"] = Gate("observatory", "glass-city-a", "glass-city", 0, "diamond")
    phases.movement(g)
    assert (a.area, a.stage, a.explored) == ("observatory", 0, True)
    # AH-OW-04: no gate to that world: lost in time and space
    status.move_inv(g, a, "tidal-abyss", 2)
    phases.movement(g)
    assert a.area == g.lost and a.delayed


def test_delayed_investigators_stand_up_instead_of_moving() -> None:
    g = blank_game()
    a = inv(g)
    a.delayed = True
    g.controller = FirstOptionController()
    phases.movement(g)
    # AH-DELAY-01, AH-STAT-07: no movement points, the marker stands up
    assert not a.delayed and a.area == "customs-house" and "stood-up" in types(g)


def test_trading_with_investigators_in_the_same_area() -> None:
    g = blank_game()
    a, t = inv(g, 0), inv(g, 1)
    t.area = a.area
    a.cards += ["boathook", "flare-pistol", "steady-hands"]
    a.money = 2
    script = Script(trade=["give:boathook:tobias-wren", "money:tobias-wren", "done"])
    g.controller = script
    # AH-MOVE-09: items and money change hands in the same area; skills do not
    phases.trade(g, a)
    offered = next(d for d in script.asked if d.kind == "trade").options
    assert "give:steady-hands:tobias-wren" not in offered
    assert t.cards == ["boathook"] and t.money == 1 and a.money == 1
    assert [e["what"] for e in g.log.of_type("traded")] == ["boathook", "money"]
    # nobody else here: no trade offered
    t.area = "quayside-streets"
    before = len(script.asked)
    phases.trade(g, a)
    assert len(script.asked) == before

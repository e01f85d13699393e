"""The published game's reference values (``AH-REF-*``) the engine implements where the
seed is silent, each asserted on the sample pack (its board is not Arkham's, so the
board facts are checked as the mechanism the engine gives them, not as Arkham's map)."""

from __future__ import annotations

import contextlib

import pytest
from ahgame import Script, blank_game, dice, inv, place, types

from questforge.engine.arkham.game import checks, phases, town
from questforge.engine.arkham.game.state import GameOver, Gate

PLAYERS4 = "ada-merrow,tobias-wren,hester-cole,jonah-pike"


def _gate(g, loc: str, world: str = "glass-city", mod: int = 0, dim: str = "diamond") -> None:  # type: ignore[no-untyped-def]
    g.state.gates[loc] = Gate(loc, f"{world}-a", world, mod, dim)
    g.state.gates_opened[loc] = g.state.gates_opened.get(loc, 0) + 1


def test_arrowless_street_links_are_walked_but_never_used_by_monsters() -> None:
    # AH-REF-03: white and black arrows run opposite ways round the street ring;
    # AH-REF-04: a street link without an arrow (Old Town - Saltmarsh in the sample) may be
    # walked by investigators, but normal monster movement never takes it
    g = blank_game()
    graph = g.board.graph
    assert "saltmarsh-streets" in graph.neighbors("old-town-streets")
    arrows = {graph.arrow("old-town-streets", c) for c in ("white", "black")}
    assert "saltmarsh-streets" not in arrows
    assert graph.arrow(graph.arrow("old-town-streets", "white"), "black") == "old-town-streets"
    assert "saltmarsh-streets" in phases.reachable(g, "old-town-streets", 1)
    for i in g.state.investigators:
        i.area = "archive"
    token = place(g, "lamp-eater", "old-town-streets")  # star
    g.controller = Script()
    for _ in range(6):
        phases.move_monsters(g, ("star",), ())
        assert token.area != "saltmarsh-streets"
        phases.move_monsters(g, (), ("star",))
        assert token.area != "saltmarsh-streets"


def test_special_areas_are_reached_by_rules_never_by_walking() -> None:
    # AH-REF-06: the Sky, the Outskirts and Lost in Time and Space are areas of the board
    # but no investigator can walk into them; the Sky counts toward the limit
    g = blank_game()
    everywhere = phases.reachable(g, "old-town-streets", 20)
    assert {g.sky, g.outskirts, g.lost}.isdisjoint(everywhere)
    assert {"infirmary", "sanatorium", "constabulary"} <= set(everywhere)
    roles = {r: g.board.by_role(r) for r in ("hospital", "asylum", "jail")}
    assert all(area is not None and area.type == "location" for area in roles.values())


@pytest.mark.parametrize("players", [2, 4])
def test_monster_limit_counts_town_and_sky_but_not_the_outskirts(players: int) -> None:
    # AH-REF-12: limit = players + 3, counting Arkham's streets and locations and the Sky,
    # not the Outskirts
    names = ",".join(PLAYERS4.split(",")[:players])
    g = blank_game(players=players, investigators=names)
    g.controller = Script()
    place(g, "gallows-crow", g.sky)
    place(g, "fog-shambler", g.outskirts)
    for _ in range(players + 2):
        town.place_monster(g, "observatory")
    assert town.counted_monsters(g) == players + 3
    token = town.place_monster(g, "observatory")
    assert token is not None and token.area == g.outskirts


@pytest.mark.parametrize("players", range(1, 9))
def test_outskirts_maximum_is_eight_minus_the_players(players: int) -> None:
    # AH-REF-13: 8 - players in the Outskirts; one more and they all go back, terror +1
    names = ",".join(
        [
            "ada-merrow",
            "tobias-wren",
            "hester-cole",
            "jonah-pike",
            "mina-sorrell",
            "odile-venn",
            "silas-drum",
            "father-quill",
        ][:players]
    )
    g = blank_game(players=players, investigators=names)
    g.controller = Script()
    assert g.rules.outskirts_max(players) == 8 - players
    for _ in range(players + 3):
        town.place_monster(g, "observatory")
    for n in range(8 - players):
        town.place_monster(g, "observatory")
        assert len(g.state.monsters_at(g.outskirts)) == n + 1
    assert g.state.terror == 0
    town.place_monster(g, "observatory")
    assert not g.state.monsters_at(g.outskirts) and g.state.terror == 1


@pytest.mark.parametrize(("players", "gates"), [(1, 8), (2, 8), (3, 7), (4, 7)])
def test_open_gates_that_awaken_follow_the_player_count(players: int, gates: int) -> None:
    # AH-REF-15: 1-2 players 8 gates, 3-4 players 7 (5-6: 6, 7-8: 5 in the table)
    assert [blank_game().rules.gates_to_awaken(p) for p in range(1, 9)] == [8, 8, 7, 7, 6, 6, 5, 5]
    names = ",".join(PLAYERS4.split(",")[:players])
    g = blank_game(players=players, investigators=names)
    g.controller = Script()
    for i in g.state.investigators:
        i.area = "archive"
    unstable = [a.id for a in g.board.locations if a.unstable]
    for loc in unstable[: gates - 1]:
        _gate(g, loc)
    g.state.doom = 0
    with contextlib.suppress(GameOver):
        phases.open_gate(g, unstable[gates - 1])
    assert g.state.awakened
    reasons = [e.data["reason"] for e in g.log if e.type == "awakened"]
    assert reasons == ["too many gates are open"]
    g = blank_game(players=players, investigators=names)
    g.controller = Script()
    for loc in unstable[: gates - 2]:
        _gate(g, loc)
    phases.open_gate(g, unstable[gates - 2])
    assert not g.state.awakened


def test_the_fourth_and_fifth_awakening_conditions() -> None:
    # AH-REF-16 (4): a monster must be drawn and the cup is empty
    g = blank_game()
    g.controller = Script()
    g.state.cup.clear()
    with contextlib.suppress(GameOver):
        town.place_monster(g, "observatory")
    assert [e.data["reason"] for e in g.log if e.type == "awakened"] == ["the monster cup is empty"]
    # AH-REF-16 (5): terror 10 and the monsters in play reach twice the normal limit
    g = blank_game()
    g.controller = Script()
    g.state.terror = 10
    twice = 2 * (g.state.players + g.rules.monster_limit_base)
    for _ in range(twice - 1):
        town.place_monster(g, "observatory")
    assert not g.state.awakened
    with contextlib.suppress(GameOver):
        town.place_monster(g, "observatory")
    assert [e.data["reason"] for e in g.log if e.type == "awakened"] == ["the town is overrun"]


def test_closing_the_last_gate_wins_only_with_enough_unspent_gate_trophies() -> None:
    # AH-REF-17: the last gate closed AND unspent gate trophies >= players, counting the
    # one just won; a trophy spent earlier does not count
    g = blank_game()
    a = inv(g)
    a.area, a.explored = "observatory", True
    inv(g, 1).area = "quayside-streets"
    _gate(g, "observatory")
    dice(g, *[6] * 10)
    g.controller = Script(close=["lore"])
    phases.arkham_encounters(g)  # 1 trophy (the one just won) < 2 players: no win
    assert not g.finished and a.gate_trophies == ["glass-city-a"]
    # one more closing (the first trophy still held) wins
    a.explored = True
    _gate(g, "observatory")
    with pytest.raises(GameOver):
        phases.arkham_encounters(g)
    assert (g.state.outcome, g.state.how) == ("won", "closed")


def test_six_elder_signs_win_whatever_the_player_count() -> None:
    # AH-REF-17: sealing wins with 6 elder signs on the board, for any player count
    assert blank_game().rules.seals_to_win == 6
    for players in (1, 4):
        names = ",".join(PLAYERS4.split(",")[:players])
        g = blank_game(players=players, investigators=names)
        for loc in ("drowned-chapel", "gallows-green", "observatory", "anatomy-hall"):
            g.state.sealed.add(loc)
        town.seal(g, "hanging-woods")
        assert not g.finished
        with pytest.raises(GameOver):
            town.seal(g, "tide-mill")
        assert g.state.how == "sealed"


def test_the_gate_markers_closing_modifier_changes_the_dice() -> None:
    # AH-REF-10: each gate marker carries its closing modifier; the closing check (lore
    # or fight, AH-CLOSE-03) adds it to the dice
    g = blank_game()
    a = inv(g)
    a.area, a.explored = "observatory", True
    inv(g, 1).area = "quayside-streets"
    _gate(g, "observatory", "tidal-abyss", mod=-2)
    _gate(g, "tide-mill")
    dice(g)
    g.controller = Script(close=["lore"])
    phases.arkham_encounters(g)
    event = g.log.of_type("check")[0]
    assert event["label"] == "close" and event["modifier"] == -2
    assert event["dice"] == max(checks.skill(g, a, "lore") - 2, 0)


def test_an_other_world_takes_only_gate_cards_of_its_colours() -> None:
    # AH-REF-08: each world has its encounter colours; cards of other colours go to the
    # bottom of the gate deck until one matches
    g = blank_game()
    a = inv(g)
    inv(g, 1).area = "quayside-streets"
    a.area, a.stage = "glass-city", 1  # green and yellow
    colours = {c: g.model.gate_cards[c].colour for c in g.state.gate_deck}
    blue_red = [c for c in g.state.gate_deck if colours[c] in ("blue", "red")]
    green = [c for c in g.state.gate_deck if colours[c] == "green"]
    first = [*blue_red[:3], green[0]]
    g.state.gate_deck = first + [c for c in g.state.gate_deck if c not in first]
    g.controller = Script()
    phases.other_world_encounters(g)
    drawn = g.log.of_type("world-encounter")[0]
    assert drawn["card"] == green[0]
    assert g.state.gate_deck[-4:] == first


def test_a_locations_special_action_replaces_its_encounter() -> None:
    # AH-REF-20: special actions are used instead of an encounter; their costs are content
    # (the sample's Customs House buys 2 monster trophies for $5, like River Docks)
    g = blank_game()
    a = inv(g)
    a.monster_trophies = ["ink-spider", "lamp-eater"]
    g.controller = Script(location_action=["special:0"])
    phases.location_action(g, a, "customs-house")
    assert a.money == 5 and a.monster_trophies == []
    assert "encounter" not in types(g) and g.state.cup[-2:] == ["ink-spider", "lamp-eater"]


def test_each_neighbourhood_has_its_own_location_deck() -> None:
    # AH-COMP-07: one location deck per neighbourhood; an encounter draws from the deck of
    # the location's neighbourhood, whose card has an entry for that location
    g = blank_game()
    decks = g.state.location_decks
    assert set(decks) == set(g.board.neighbourhoods)
    for hood, cards in decks.items():
        assert all(g.model.location_cards[c].neighbourhood == hood for c in cards)
    a = inv(g)
    g.controller = Script()
    for loc in ("archive", "fishers-rest", "gallows-green"):
        a.area = loc
        phases.location_encounter(g, a, loc)
        card = g.model.location_cards[g.log.of_type("encounter")[-1]["card"]]
        assert card.neighbourhood == g.board.areas[loc].neighbourhood
        assert card.for_location(loc) is not None


def test_investigator_decks_are_one_per_card_type() -> None:
    # AH-COMP-05, AH-SETUP-08: common, unique, spell, skill, ally and special cards form
    # separate decks; a draw from one deck never yields another type
    g = blank_game()
    for deck, pile in g.state.decks.items():
        assert pile.draw_pile and all(g.card(c).type == deck for c in pile.draw_pile)

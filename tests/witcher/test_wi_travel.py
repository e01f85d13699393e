"""Travel, routes, adjacency and locations (WI-ACT-01, WI-MOVE, WI-ROUTE, WI-ADJ, WI-LOC,
WI-LEAD-03)."""

from __future__ import annotations

import dataclasses

from wigame import PACK, hero, new_game, of, stack

from questforge.engine.witcher.model.content import Effect

BOARD = PACK.board


def test_one_route_options_are_the_adjacent_locations() -> None:
    # WI-ADJ-01: adjacent = joined by a single route; WI-MOVE-01: travel moves the hero
    one = {o.destination for o in BOARD.travel_options("karst-hold") if o.routes == 1}
    assert (
        one == set(BOARD.graph.neighbors("karst-hold")) == {"owlhollow", "emberfall", "greywatch"}
    )


def test_two_routes_never_reuse_a_route_or_return() -> None:
    # WI-MOVE-02: not along the same route twice in one action; WI-ACT-01: one or two routes
    for start in ("karst-hold", "harrowport", "mistral-isle"):
        for opt in BOARD.travel_options(start):
            assert opt.routes in (1, 2)
            assert opt.destination != start
            assert len(set(opt.path)) == len(opt.path)


def test_mutually_adjacent_locations() -> None:
    # WI-ROUTE-04: crossing routes make several locations adjacent to each other
    trio = ("mossgate", "owlhollow", "ashen-glade")
    for a in trio:
        for b in trio:
            if a != b:
                assert BOARD.graph.distance(a, b) == 1


def test_sea_route_costs_gold_and_is_offered_only_when_affordable() -> None:
    # WI-ROUTE-02, WI-ROUTE-03: sea routes cost gold; WI-ROUTE-01: routes join locations
    game, _ = new_game(heroes=("tamsin", "ysolde"))
    tamsin = hero(game, "tamsin")
    tamsin.gold = 2
    sea = [o for o in game.action_options(tamsin, []) if o.get("to") == "mistral-isle"]
    assert sea and sea[0]["cost"] == 2
    game.travel(tamsin, sea[0]["path"], sea[0]["cost"])
    assert tamsin.gold == 0 and tamsin.location == "mistral-isle"
    tamsin.gold = 1
    tamsin.location = "harrowport"
    assert not [o for o in game.action_options(tamsin, []) if o.get("to") == "mistral-isle"]


def test_arrival_gives_the_destination_lead_only() -> None:
    # WI-LEAD-03, WI-LEAD-02, WI-REF-04: the lead of the destination's colour, none for the
    # place passed through
    game, _ = new_game()
    corvin = hero(game, "corvin")
    stack(game.state.misfortune_deck, "quiet-road")
    game.travel(corvin, ["karst-hold", "owlhollow", "mossgate"], 0)
    assert corvin.leads == {"green": 1}  # owlhollow (blue) passed through gives nothing


def test_two_routes_cost_a_misfortune_card() -> None:
    # WI-ACT-01, WI-DOOM-03: travelling two routes draws and resolves a misfortune card
    game, _ = new_game()
    game.options = dataclasses.replace(game.options, challenge_draw=0)  # gold: cut-purse only
    corvin = hero(game, "corvin")
    corvin.gold = 5
    stack(game.state.misfortune_deck, "cut-purse")
    game.travel(corvin, ["karst-hold", "owlhollow", "mossgate"], 0)
    assert of(game, "misfortune") == [
        {"hero": "corvin", "card": "cut-purse", "reason": "travelled two routes"}
    ]
    assert corvin.gold == 3
    game.travel(corvin, ["mossgate", "gullwick"], 0)
    assert len(of(game, "misfortune")) == 1  # one route: no misfortune


def test_some_locations_give_no_lead() -> None:
    # WI-LOC-04: arriving where no lead is given
    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.location = "emberfall"
    game.travel(corvin, ["emberfall", "cinder-pass"], 0)
    assert corvin.location == "cinder-pass" and corvin.leads == {}


def test_heart_location_heals_a_wound_or_eases_a_severe_one() -> None:
    # WI-LOC-05
    game, _ = new_game(heroes=("ysolde", "corvin"))
    ysolde = hero(game, "ysolde")
    ysolde.location = "briarford"
    ysolde.wounds = {"travel": "severe", "develop": "minor"}
    game.travel(ysolde, ["briarford", "fennreach"], 0)
    assert ysolde.wounds == {"travel": "severe"}
    ysolde.location = "hollow-oak"
    game.travel(ysolde, ["hollow-oak", "fennreach"], 0)
    assert ysolde.wounds == {"travel": "minor"}


def test_heart_location_lets_the_hero_choose_which_wound() -> None:
    # WI-LOC-05: "remove one wound OR turn one severe wound into a minor one" is the hero's
    # choice when both are possible
    game, picker = new_game(heroes=("ysolde", "corvin"), heal=lambda o: o == "severe")
    ysolde = hero(game, "ysolde")
    ysolde.location = "briarford"
    ysolde.wounds = {"travel": "severe", "develop": "minor"}
    game.travel(ysolde, ["briarford", "fennreach"], 0)
    assert ysolde.wounds == {"travel": "minor", "develop": "minor"}
    asked = [d for d in picker.asked if d.kind == "heal"]
    assert len(asked) == 1 and asked[0].options == ("minor", "severe")


def test_a_heal_effect_heals_one_wound_at_a_time_like_a_heart() -> None:
    # WI-LOC-05 (healing one wound: a minor one removed or a severe one eased), WI-ACT-04
    # (one severe wound counts as two minor ones): "heal 1" does not remove a severe wound
    game, _ = new_game(heroes=("ysolde", "corvin"))
    ysolde = hero(game, "ysolde")
    ysolde.wounds = {"travel": "severe"}
    game.resolve(ysolde, (Effect("heal"),), "tavern-keeper")
    assert ysolde.wounds == {"travel": "minor"}
    game.resolve(ysolde, (Effect("heal"),), "tavern-keeper")
    assert ysolde.wounds == {}
    ysolde.wounds = {"travel": "severe", "develop": "minor"}
    game.resolve(ysolde, (Effect("heal", amount=2),), "field-cook")
    assert ysolde.wounds == {"travel": "minor"}
    # a heal of severe wounds removes them outright
    ysolde.wounds = {"travel": "severe"}
    game.resolve(ysolde, (Effect("heal", severity="severe"),), "x")
    assert ysolde.wounds == {}


def test_heroes_share_a_location() -> None:
    # WI-LOC-01, WI-LOC-02: a hero entering takes one of its (four) spaces; others may be there too
    game, _ = new_game()
    corvin, ysolde = hero(game, "corvin"), hero(game, "ysolde")
    game.travel(corvin, ["karst-hold", "owlhollow"], 0)
    assert corvin.location == ysolde.location == "owlhollow"
    assert BOARD.location_by_id["owlhollow"].spaces == 4


def test_travel_cards_act_after_each_travel() -> None:
    # WI-DEV-02: a development card is used in the situation it names (here: travelling)
    from questforge.engine.witcher.game.state import OwnedCard

    game, _ = new_game()
    game.options = dataclasses.replace(game.options, challenge_draw=0)  # gold: the card only
    corvin = hero(game, "corvin")
    corvin.development.append(OwnedCard("tracker-instinct"))
    gold = corvin.gold
    game.travel(corvin, ["karst-hold", "emberfall"], 0)
    assert corvin.gold == gold + 1


def test_travel_and_passive_cards_with_markers_spend_one_each_time(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # WI-DEV-04, WI-SPEND-03: an ability that costs a cross-star removes one marker each
    # use, also when the card acts on its own (a travel card, a fight's passive card,
    # WI-DEV-02); without a marker it does nothing
    from questforge.engine.witcher.game.state import OwnedCard

    for ident in ("tracker-instinct", "tempered-blade"):
        card = PACK.development[ident]
        monkeypatch.setitem(
            PACK.development, ident, dataclasses.replace(card, uses_markers=True, max_markers=3)
        )
    game, _ = new_game()
    game.options = dataclasses.replace(game.options, challenge_draw=0)
    corvin = hero(game, "corvin")
    corvin.development += [OwnedCard("tracker-instinct", 1), OwnedCard("tempered-blade", 1)]
    gold = corvin.gold
    game.travel(corvin, ["karst-hold", "emberfall"], 0)
    game.travel(corvin, ["emberfall", "karst-hold"], 0)
    assert corvin.gold == gold + 1  # one marker: one use
    game.fight(corvin, "bog-lurker", "test")
    game.fight(corvin, "bog-lurker", "test")
    added = [e for e in of(game, "result-added") if e["reason"] == "tempered-blade"]
    assert len(added) == 1
    assert [o.markers for o in corvin.development[-2:]] == [0, 0]


def test_travel_and_passive_luck_cards_are_played_at_their_time(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    # WI-LUCK-03: a luck card is used at the time it names - a travel one after a travel
    # (the hero's choice), a passive one in the next fight's first step; WI-LUCK-04: then
    # it is discarded
    for ident, timing in (("full-purse", "travel"), ("lucky-strike", "passive")):
        monkeypatch.setitem(PACK.luck, ident, dataclasses.replace(PACK.luck[ident], timing=timing))
    game, picker = new_game(travel_luck=lambda o: o == "full-purse")
    game.options = dataclasses.replace(game.options, challenge_draw=0)
    corvin = hero(game, "corvin")
    corvin.luck = ["full-purse", "lucky-strike"]
    gold = corvin.gold
    game.travel(corvin, ["karst-hold", "emberfall"], 0)
    assert [d.options for d in picker.asked if d.kind == "travel-luck"] == [("full-purse", "keep")]
    assert corvin.luck == ["lucky-strike"] and corvin.gold > gold
    assert "full-purse" in game.state.luck_deck.discard
    game.fight(corvin, "bog-lurker", "test")
    used = [e["card"] for e in of(game, "luck-used")]
    assert used == ["full-purse", "lucky-strike"] and corvin.luck == []
    assert [e for e in of(game, "result-added") if e["reason"] == "lucky-strike"]


def test_a_location_with_every_space_taken_is_no_destination() -> None:
    # WI-LOC-02, WI-LOC-01: a hero arriving places the figure in an *open* hero space
    # (the seed: "放置在開放的空間內"); a location whose spaces other heroes fill cannot be
    # travelled to, though a two-route travel may pass through it
    game, _ = new_game()
    locations = tuple(
        dataclasses.replace(loc, spaces=1) if loc.id == "owlhollow" else loc
        for loc in BOARD.locations
    )
    game.board = dataclasses.replace(BOARD, locations=locations)
    corvin, ysolde = hero(game, "corvin"), hero(game, "ysolde")
    corvin.location, ysolde.location = "karst-hold", "owlhollow"
    destinations = [o for o in game.action_options(corvin, []) if o["action"] == "travel"]
    assert not [o for o in destinations if o["to"] == "owlhollow"]
    assert [o for o in destinations if o["path"][1:2] == ["owlhollow"] and len(o["path"]) == 3]
    ysolde.location = "karst-hold"  # the space is free again
    destinations = [o for o in game.action_options(corvin, []) if o["action"] == "travel"]
    assert [o for o in destinations if o["to"] == "owlhollow"]

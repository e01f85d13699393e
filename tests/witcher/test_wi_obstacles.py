"""Obstacles, the battle track, misfortune and luck (WI-OBS, WI-TRACK, WI-MON, WI-DOOM,
WI-LUCK, WI-INV, WI-DRAW, WI-DISC, WI-KEEP, WI-COMP-03)."""

from __future__ import annotations

import dataclasses

from wigame import PACK, hero, new_game, of, stack

from questforge.engine.witcher.game.state import MonsterToken
from questforge.engine.witcher.model.content import Effect


def _clear(game) -> None:  # type: ignore[no-untyped-def]
    for o in game.state.obstacles:
        o.monsters.clear()
        o.misfortune = False


def test_obstacle_areas_belong_to_one_area() -> None:
    # WI-OBS-08, WI-MON-02: each obstacle area is linked to one area
    game, _ = new_game()
    assert {o.area for o in game.state.obstacles} == {a.id for a in PACK.board.areas}
    assert len(game.state.obstacles) == 6


def test_setup_places_monsters_face_down() -> None:
    # WI-MON-03: placed monsters are face down; WI-OBS-01: monsters and misfortune tokens
    game, _ = new_game()
    game.start()
    tokens = [t for o in game.state.obstacles for t in o.monsters]
    assert len(tokens) == 3 and not any(t.face_up for t in tokens)
    assert sum(o.misfortune for o in game.state.obstacles) == 3


def test_end_of_turn_meets_an_obstacle_of_the_heros_area() -> None:
    # WI-OBS-02, WI-OBS-03: a misfortune token is discarded and a misfortune card resolved
    game, _ = new_game()
    _clear(game)
    corvin = hero(game, "corvin")
    north = game.state.obstacles_in("ironvale")[0]
    north.misfortune = True
    stack(game.state.misfortune_deck, "quiet-road")
    game.end_of_turn(corvin)
    assert not north.misfortune
    assert of(game, "misfortune")[0]["card"] == "quiet-road"
    assert game.state.misfortune_deck.discard == ["quiet-road"]  # WI-DISC-04


def test_the_hero_chooses_among_obstacles() -> None:
    # WI-OBS-05: a monster or a misfortune token, and which monster; WI-MON-07 (our
    # reading): face-down tokens are offered without showing which monster they are
    game, picker = new_game(obstacle=lambda o: o["obstacle"] == "misfortune")
    _clear(game)
    corvin = hero(game, "corvin")
    north = game.state.obstacles_in("ironvale")[0]
    north.monsters = [MonsterToken("bog-lurker"), MonsterToken("crag-wyrm", face_up=True)]
    north.misfortune = True
    game.end_of_turn(corvin)
    asked = next(d for d in picker.asked if d.kind == "obstacle")
    assert len(asked.options) == 3
    assert asked.options[0]["monster"] is None  # face down: unknown
    assert asked.options[1]["monster"] == "crag-wyrm"
    assert len(north.monsters) == 2 and not north.misfortune


def test_no_obstacle_advances_the_battle_track() -> None:
    # WI-OBS-06, WI-TRACK-01, WI-TRACK-02, WI-TRACK-03: the next space clockwise; a monster space places a
    # monster face down in the hero's area, which the hero then meets
    game, _ = new_game(seed=2)
    _clear(game)
    corvin = hero(game, "corvin")
    game.end_of_turn(corvin)
    track = of(game, "track")
    assert track[0]["position"] == 0 and track[0]["obstacle"] == "monster"
    assert track[0]["monster_class"] == PACK.board.battle_track[0].monster_class
    placed = of(game, "placed")[0]
    assert placed["area"] == "ironvale" and of(game, "encounter")[0]["monster"] == placed["monster"]
    _clear(game)
    game.end_of_turn(corvin)
    assert of(game, "track")[1]["position"] == 1


def test_track_misfortune_space_when_all_are_taken_moves_on_along_the_track() -> None:
    # WI-DOOM-02, WI-OBS-09: one misfortune token per space; WI-INV-04: no penalty when an
    # effect cannot be fully resolved, no token is placed, and the hero keeps moving along
    # the battle track (the seed: "但他需要繼續沿著戰鬥路線前進")
    game, _ = new_game()
    _clear(game)
    corvin = hero(game, "corvin")
    for o in game.state.obstacles_in("ironvale"):
        o.misfortune = True
    game.state.track_position = 0  # next: space 2, misfortune; then space 3, silver
    game.advance_track(corvin, encounter=False)
    assert of(game, "not-placed") == [{"obstacle": "misfortune", "area": "ironvale"}]
    assert [t["position"] for t in of(game, "track")] == [1, 2]
    assert PACK.board.battle_track[2].monster_class == "silver"
    placed = of(game, "placed")
    assert len(placed) == 1 and PACK.monsters[placed[0]["monster"]].monster_class == "silver"
    assert corvin.vp == 0
    # a track of nothing but taken misfortune spaces ends after one lap, never a hang
    for o in game.state.obstacles:
        o.misfortune = True
    game.state.track_position = 0
    game.board = dataclasses.replace(
        PACK.board,
        battle_track=tuple(s for s in PACK.board.battle_track if s.obstacle != "monster"),
    )
    game.advance_track(corvin, encounter=False)
    assert len(of(game, "track")) == 2 + len(game.board.battle_track)


def test_monster_space_holds_any_number() -> None:
    # WI-OBS-09, WI-MON-02, WI-MON-04: place as many as possible
    game, _ = new_game()
    _clear(game)
    corvin = hero(game, "corvin")
    placed = game.place_monsters(corvin, "gold", 10)
    assert len(placed) == sum(m.tokens for m in PACK.monsters.values() if m.monster_class == "gold")
    assert len(game.state.obstacles_in("ironvale")[0].monsters) == len(placed)
    assert of(game, "not-placed")


def test_ignored_obstacle_does_not_advance_the_track() -> None:
    # WI-OBS-07: a hero who meets no obstacle *because they ignored one or more* does not
    # advance along the battle track
    game, _ = new_game()
    _clear(game)
    corvin = hero(game, "corvin")
    game.state.obstacles_in("ironvale")[0].misfortune = True
    game.resolve(corvin, (Effect("ignore-obstacle"),), "shortcut")
    game.end_of_turn(corvin)
    assert of(game, "obstacle-ignored") and not of(game, "track") and not of(game, "encounter")
    assert game.state.obstacles_in("ironvale")[0].misfortune  # ignored, not removed


def test_ignoring_with_no_obstacle_still_advances_the_track() -> None:
    # WI-OBS-06, WI-OBS-07: with no obstacle in the area the hero ignored none, so the track
    # advances (WI-OBS-06) and places its obstacle; the hero ignores that one too and may
    # not choose to meet it
    game, _ = new_game()
    _clear(game)
    corvin = hero(game, "corvin")
    game.resolve(corvin, (Effect("ignore-obstacle"),), "shortcut")
    game.end_of_turn(corvin)
    assert of(game, "track") and of(game, "placed") and of(game, "obstacle-ignored")
    assert not of(game, "encounter") and not of(game, "fight")
    assert not corvin.ignore_obstacle


def test_skull_puts_a_token_on_the_next_action_space() -> None:
    # WI-DOOM-05, WI-DOOM-06: a misfortune token on the next free space; WI-DOOM-01: tokens on the
    # hero sheet are one of the kinds of misfortune
    game, _ = new_game()
    corvin = hero(game, "corvin")
    game.resolve(corvin, (Effect("misfortune-token", amount=2),), "x")
    assert corvin.misfortune == ["travel", "investigate"]


def test_full_misfortune_spaces_cost_two_vp_each() -> None:
    # WI-DOOM-08, WI-VP-05
    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.vp = 10
    corvin.misfortune = list(corvin.hero.actions)
    game.resolve(corvin, (Effect("misfortune-token", amount=2),), "x")
    assert corvin.vp == 6


def test_acting_under_a_token_draws_misfortune_after_the_action() -> None:
    # WI-DOOM-04: the action first, then a misfortune card; the token leaves
    game, _ = new_game(action=lambda o: o["action"] == "investigate")
    game.start()
    corvin = hero(game, "corvin")
    corvin.misfortune = ["investigate"]
    game.play_turn(corvin)
    kinds = [e.type for e in game.log]
    inv = kinds.index("investigation")
    assert "misfortune" in kinds[inv:] and "investigate" not in corvin.misfortune


def test_a_token_placed_during_an_action_waits_for_the_next_time_it_is_taken() -> None:
    # WI-DOOM-04: the card is drawn by a hero who *takes* an action while a token affects
    # it; a token that lands on the travel space during that travel (a challenge's skull)
    # did not affect the action when it was taken, so it stays until travel is next taken
    game, _ = new_game(
        action=lambda o: o["action"] == "travel",
        meet_challenge=lambda o: o == "refuse",
    )
    game.start()
    corvin = hero(game, "corvin")
    corvin.misfortune.clear()
    stack(game.state.challenge_deck, "lost-child", "lost-child", "lost-child")
    game.play_turn(corvin)
    tokens = of(game, "misfortune-token")
    assert tokens and tokens[0]["space"] == "travel"
    assert not [
        e for e in of(game, "misfortune") if e["reason"] == "acted under a misfortune token"
    ]
    assert "travel" in corvin.misfortune
    # the next turn's travel is taken under the token: now the card follows
    game.play_turn(corvin)
    assert [e for e in of(game, "misfortune") if e["reason"] == "acted under a misfortune token"]


def test_tokens_can_be_removed() -> None:
    # WI-DOOM-07
    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.misfortune = ["travel", "develop"]
    game.resolve(corvin, (Effect("remove-misfortune-token", amount=1),), "blessing")
    assert corvin.misfortune == ["develop"]

    # which token leaves is the hero's choice (a remove-token decision)
    game, picker = new_game(remove_token=lambda o: o == "develop")
    corvin = hero(game, "corvin")
    corvin.misfortune = ["travel", "develop"]
    game.resolve(corvin, (Effect("remove-misfortune-token", amount=1),), "blessing")
    assert corvin.misfortune == ["travel"]
    assert of(game, "misfortune-removed") == [{"hero": "corvin", "space": "develop"}]
    assert [d.options for d in picker.asked if d.kind == "remove-token"] == [("travel", "develop")]


def test_luck_cards_are_kept_face_down_until_used() -> None:
    # WI-LUCK-02, WI-LUCK-03: kept for later; own-turn ones are operations
    game, _ = new_game()
    corvin = hero(game, "corvin")
    stack(game.state.luck_deck, "full-purse")
    game.draw_luck(corvin)
    assert corvin.luck == ["full-purse"]
    assert {"op": "luck", "card": "full-purse"} in game.operation_options(corvin)
    gold = corvin.gold
    game.operate(corvin, {"op": "luck", "card": "full-purse"})
    assert corvin.gold == gold + 3 and corvin.luck == []


def test_kept_investigation_cards_with_traits() -> None:
    # WI-KEEP-02, WI-INV-03, WI-TRAIT-01: a card with traits is kept face up after its
    # effects; the trait itself does nothing
    game, _ = new_game()
    corvin = hero(game, "corvin")
    stack(game.state.investigation_decks["red"], "clan-archive")
    game.investigate(corvin)
    assert [k.id for k in corvin.investigations] == ["clan-archive"]
    assert corvin.leads == {"green": 1, "blue": 1}


def test_complications_are_marked() -> None:
    # WI-INV-01: complications usually bring something negative
    game, _ = new_game()
    corvin = hero(game, "corvin")
    stack(game.state.investigation_decks["red"], "rockslide")
    game.investigate(corvin)
    assert of(game, "investigation")[0]["complication"] is True
    assert len(corvin.wounds) == 2


def test_empty_decks_reshuffle_their_discards() -> None:
    # WI-COMP-03: shuffle the discards at once and draw
    game, _ = new_game()
    corvin = hero(game, "corvin")
    deck = game.state.misfortune_deck
    deck.discard.extend(deck.draw_pile)
    deck.draw_pile.clear()
    game.misfortune_card(corvin, "x")
    assert of(game, "misfortune")


def test_draw_effects_draw_and_resolve() -> None:
    # WI-DRAW-01: drawing one card means owning and resolving it
    game, _ = new_game()
    corvin = hero(game, "corvin")
    stack(game.state.investigation_decks["red"], "forge-gossip")
    game.resolve(corvin, (Effect("draw-investigation"),), "keen-eye")
    assert corvin.leads == {"red": 1}


def test_drawing_one_development_card_keeps_that_card() -> None:
    # WI-DRAW-01: an effect drawing one card owns it; the two-card pick is the Develop
    # action's rule (WI-ACT-03), not a draw effect's
    game, picker = new_game()
    corvin = hero(game, "corvin")
    deck = game.state.development_decks["corvin"]
    stack(deck, "tempered-blade", "quick-parry")
    before = len(deck.draw_pile)
    game.resolve(corvin, (Effect("draw-development"),), "x")
    assert [o.id for o in corvin.development] == ["tempered-blade"]
    assert len(deck.draw_pile) == before - 1 and not deck.discard
    assert not [d for d in picker.asked if d.kind in ("develop", "keep-card")]


def test_drawing_several_cards_keeps_one_of_them() -> None:
    # WI-DRAW-02: drawing X cards means keeping one; the rest are discarded
    game, picker = new_game(keep_card=lambda o: o == "windfall")
    corvin = hero(game, "corvin")
    stack(game.state.luck_deck, "blessing", "windfall")
    game.resolve(corvin, (Effect("draw-luck", amount=2),), "lucky-coin")
    assert of(game, "drew") == [
        {"hero": "corvin", "deck": "luck", "cards": ["blessing", "windfall"]}
    ]
    assert picker.asked[0].kind == "keep-card"
    kept = [e["card"] for e in of(game, "luck")]
    assert kept == ["windfall"] and "blessing" in game.state.luck_deck.discard
    # investigation cards: the one kept is resolved as if drawn alone, the other is not
    game, _ = new_game(keep_card=lambda o: o == "forge-gossip")
    corvin = hero(game, "corvin")
    red = game.state.investigation_decks["red"]
    other = next(c for c in red.draw_pile if c != "forge-gossip")
    stack(red, other, "forge-gossip")
    game.resolve(corvin, (Effect("draw-investigation", amount=2),), "x")
    assert [e["card"] for e in of(game, "investigation")] == ["forge-gossip"]
    assert other in red.discard


def test_monsters_come_in_three_classes_drawn_by_class() -> None:
    # WI-MON-01: bronze, silver and gold; the track and effects draw by class
    game, _ = new_game()
    _clear(game)
    corvin = hero(game, "corvin")
    assert set(game.state.monster_pools) == {"bronze", "silver", "gold"}
    for cls in ("bronze", "silver", "gold"):
        for monster in game.place_monsters(corvin, cls, 2):
            assert PACK.monsters[monster].monster_class == cls


def test_cards_kept_until_they_can_be_resolved() -> None:
    # WI-KEEP-01: a combat luck card waits face down until a fight; it is no operation
    game, _ = new_game(seed=3, combat=lambda o: o["use"] == "luck")
    corvin = hero(game, "corvin")
    corvin.luck = ["lucky-strike"]  # discarded after use (the sample's second-wind is kept)
    assert all(o["op"] != "luck" for o in game.operation_options(corvin))
    assert corvin.luck == ["lucky-strike"]
    game.fight(corvin, "bog-lurker", "test")
    assert corvin.luck == [] and of(game, "luck-used")


def test_the_supply_has_no_limits() -> None:
    # WI-SUPPLY-01, WI-SUPPLY-02, WI-COMP-02: gold, leads and markers come from a bank that
    # never runs out
    game, _ = new_game()
    corvin = hero(game, "corvin")
    game.resolve(corvin, (Effect("gain-gold", amount=20),) * 10, "bank")
    game.resolve(corvin, (Effect("gain-leads", amount=20, colour="red"),) * 10, "bank")
    assert corvin.gold == 2 + 200 and corvin.leads == {"red": 200}

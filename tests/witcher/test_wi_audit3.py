"""The third referee audit of the Witcher engine: rules the first two audits left open
(what a defeat completes on another hero's turn, cards kept for their traits, ...)."""

from __future__ import annotations

import dataclasses
from collections import Counter

from wigame import PACK, hero, new_game, of, stack

from questforge.engine.witcher.game import combat
from questforge.engine.witcher.model import WitcherPack
from questforge.engine.witcher.model.content import Die, Effect, InvestigationCard


def _sure_hand(ident: str = "ysolde") -> WitcherPack:
    """The sample with ``ident``'s hero dice always showing a sword and a shield, so a
    bronze monster (at most 2 swords, 1 shield) is always defeated."""
    die = Die("sure", "Sure", "hero", (("sword", "shield"),) * 6)
    h = dataclasses.replace(PACK.heroes[ident], dice=("sure", "sure"), dice_effects=())
    return dataclasses.replace(
        PACK, dice={**PACK.dice, "sure": die}, heroes={**PACK.heroes, ident: h}
    )


def test_a_defeat_side_quest_completes_only_on_the_heros_own_turn() -> None:
    # WI-QUEST-05: "a side quest that requires defeating a monster is completed at once when
    # the monster is defeated in combat on the player's turn". A hero made to fight on
    # another hero's turn (WI-VP-03: the hero with the most VP) still gains the monster's VP
    # (WI-VP-01) but completes no side quest by it
    game, _ = new_game(pack=_sure_hand())
    corvin, ysolde = hero(game, "corvin"), hero(game, "ysolde")
    ysolde.quest = "mirror-of-highmere"  # side quest clear-the-road: defeat a bronze monster
    ysolde.vp = 10
    game.state.active = 0  # corvin's turn
    game.resolve(corvin, (Effect("fight", monster_class="bronze", target="most-vp"),), "test")
    result = of(game, "fight-result")
    assert result and result[0]["hero"] == "ysolde" and result[0]["defeated"]
    assert ysolde.vp > 10 and ysolde.defeated == 1
    assert not of(game, "side-quest")
    assert ("mirror-of-highmere", "clear-the-road") not in ysolde.side_done
    # on her own turn the same defeat completes it
    game.state.active = 1
    game.resolve(ysolde, (Effect("fight", monster_class="bronze"),), "test")
    assert of(game, "side-quest") == [
        {"hero": "ysolde", "quest": "mirror-of-highmere", "side": "clear-the-road"}
    ]


TRAIT_ONLY = InvestigationCard(
    "reef-chart",
    "Reef Chart",
    "blue",
    effects=(Effect("gain-gold", 1),),
    traits=("Sea Lore",),
)


def test_a_card_with_a_trait_is_kept_face_up_and_its_trait_counts() -> None:
    # WI-KEEP-02: "some cards must be kept because of a trait: after resolving their other
    # effects, keep them face up in the player's area"; WI-INV-03: once the effect is
    # resolved, the traits on the card accumulate; WI-TRAIT-02: they are counted. A card
    # with a trait needs no separate `keep` to be kept (the seed: 因為其特性緣故...需要持有它)
    pack = dataclasses.replace(
        PACK, investigation={**PACK.investigation, TRAIT_ONLY.id: TRAIT_ONLY}
    )
    game, _ = new_game(pack=pack)
    corvin = hero(game, "corvin")
    corvin.location = "harrowport"  # a blue-deck area
    deck = game.state.investigation_decks["blue"]
    stack(deck, "reef-chart")
    assert game.trait_count(corvin, "Sea Lore") == 0
    game.investigate(corvin)
    assert [k.id for k in corvin.investigations] == ["reef-chart"]
    assert of(game, "kept") == [{"hero": "corvin", "card": "reef-chart"}]
    assert "reef-chart" not in deck.discard
    assert game.trait_count(corvin, "Sea Lore") == 1
    # a card with no trait, task or keep is still discarded (WI-ACT-02)
    plain = next(
        c.id
        for c in PACK.investigation.values()
        if c.colour == "blue" and not (c.traits or c.keep or c.task or c.on_discard)
    )
    stack(deck, plain)
    game.investigate(corvin)
    assert plain in deck.discard and [k.id for k in corvin.investigations] == ["reef-chart"]


def test_a_double_sword_pays_the_sword_of_a_grid_shield() -> None:
    # WI-CMB-02: "spend 1 arrow-shield result and 1 sword result to make 1 grid-shield";
    # WI-DICE-07: a double sword is two swords (it counts twice against the monster), so
    # it can pay the one sword, leaving one. It could not: a hero whose only swords were
    # on a double-sword face was never offered the conversion
    t = combat.Tally(Counter({"double-sword": 1, "arrow-shield": 1}))
    assert t.swords == 2 and t.shields == 0 and t.can_convert()
    t.convert()
    assert (t.swords, t.shields) == (1, 1)
    assert not t.can_convert()  # the arrow shield is spent
    # a single sword is still spent first, leaving the double sword whole
    t = combat.Tally(Counter({"double-sword": 1, "sword": 1, "arrow-shield": 1}))
    t.convert()
    assert (t.results["double-sword"], t.results["sword"], t.swords, t.shields) == (1, 0, 2, 1)
    # in a fight: a die showing both results offers the conversion (a `combat` decision)
    die = Die("split", "Split", "hero", (("double-sword", "arrow-shield"),) * 6)
    corvin = dataclasses.replace(PACK.heroes["corvin"], dice=("split",), dice_effects=())
    pack = dataclasses.replace(
        PACK, dice={**PACK.dice, "split": die}, heroes={**PACK.heroes, "corvin": corvin}
    )
    game, _ = new_game(pack=pack, combat=lambda o: o.get("use") == "convert")
    game.state.active = 0
    blank = Die("blank", "Blank", "combat", ((),) * 6)
    game.pack = dataclasses.replace(
        game.pack, dice={**game.pack.dice, **{d: blank for d in game.options.combat_dice}}
    )
    game.fight(hero(game, "corvin"), "bog-lurker", "test")  # swords 1, shields 1
    assert of(game, "converted") == [{"hero": "corvin"}]
    result = of(game, "fight-result")[0]
    assert (result["swords"], result["shields"], result["defeated"]) == (1, 1, True)
    assert result["defence"]


def test_a_loss_bigger_than_what_the_hero_holds_is_in_the_log() -> None:
    # WI-SPEND-04: "a hero who must spend more than they have spends everything they have";
    # WI-VP-02: VP never go below 0. The log said nothing when a penalty took less than it
    # names, so a referee could not tell a paid penalty from a skipped one
    from questforge.engine.witcher.game import Narrator

    game, _ = new_game()
    corvin = hero(game, "corvin")
    corvin.gold, corvin.vp, corvin.leads = 0, 1, {"red": 1}
    game.resolve(
        corvin,
        (
            Effect("lose-gold", 1),
            Effect("lose-vp", 2),
            Effect("lose-leads", 2),
            Effect("lose-leads", 1, colour="blue"),
        ),
        "rival-hunter",
    )
    assert (corvin.gold, corvin.vp, corvin.leads["red"]) == (0, 0, 0)
    assert of(game, "short") == [
        {"hero": "corvin", "resource": "gold", "wanted": 1, "paid": 0, "reason": "rival-hunter"},
        {"hero": "corvin", "resource": "vp", "wanted": 2, "paid": 1, "reason": "rival-hunter"},
        {"hero": "corvin", "resource": "leads", "wanted": 2, "paid": 1, "reason": "rival-hunter"},
        {
            "hero": "corvin",
            "resource": "blue leads",
            "wanted": 1,
            "paid": 0,
            "reason": "rival-hunter",
        },
    ]
    text = [Narrator(PACK).describe(e) for e in game.log if e.type == "short"]
    assert text[0] == "Corvin Ashe should lose 1 gold (A Rival Hunter) but has none to lose."
    assert text[1] == "Corvin Ashe should lose 2 VP (A Rival Hunter) but has only 1 to lose."
    # a loss the hero can pay in full says nothing more
    corvin.gold = 3
    game.resolve(corvin, (Effect("lose-gold", 2),), "test")
    assert len(of(game, "short")) == 4


def test_the_printed_game_says_what_a_chosen_option_does() -> None:
    # WI-SPEND-05: a referee checks that the option chosen is one the hero could meet;
    # "chooses option 2 of Ambush at Dusk" alone did not say what option 2 was
    from questforge.engine.core.events import Event
    from questforge.engine.witcher.game import Narrator

    narrator = Narrator(PACK)
    chose = Event("chose", {"hero": "corvin", "option": 1, "reason": "ambush-at-dusk"})
    assert narrator.describe(chose) == (
        "Corvin Ashe chooses option 2 of Ambush at Dusk: fight 1 bronze."
    )
    first = Event("chose", {"hero": "corvin", "option": 0, "reason": "ambush-at-dusk"})
    assert narrator.describe(first).startswith("Corvin Ashe chooses option 1 of Ambush at Dusk: ")
    assert narrator.describe(first) != narrator.describe(chose)
    # a reason that names no card with a choice keeps the plain sentence
    plain = Event("chose", {"hero": "corvin", "option": 0, "reason": "test"})
    assert narrator.describe(plain) == "Corvin Ashe chooses option 1 of test."

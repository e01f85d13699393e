"""Game setup (DJ-SETUP-01..06): heroes with skills and gold, shopping, the Overlord's deck
and hand, the treasure decks, the first area with its monsters, heroes on their squares."""

from __future__ import annotations

from typing import TYPE_CHECKING

from questforge.engine.descent.game.state import HeroFigure
from questforge.engine.descent.model import Item, OverlordCard

if TYPE_CHECKING:
    from questforge.engine.descent.game.game import DescentGame


def setup_game(game: DescentGame) -> None:
    pack = game.pack
    ids = list(game.setup.hero_ids) or sorted(pack.heroes)[: game.setup.heroes]
    if not 1 <= len(ids) <= 4:
        raise ValueError(f"a quest is for 1 to 4 heroes, not {len(ids)}")
    # skill decks, shuffled (DJ-SETUP-03)
    decks: dict[str, list[str]] = {}
    for skill in sorted(pack.skills.values(), key=lambda s: s.id):
        decks.setdefault(skill.deck, []).append(skill.id)
    for deck in decks.values():
        game.rng.shuffle(deck)
    game.skill_decks = decks
    for ident in ids:
        hero = pack.heroes.get(ident)
        if hero is None:
            raise ValueError(f"no hero {ident!r} in the pack")
        skills = []
        for deck_name, count in hero.skills.items():
            deck = decks.get(deck_name, [])
            for _ in range(count):
                if deck:
                    skills.append(pack.skills[deck.pop()])
        wounds = hero.wounds + sum(s.wounds for s in skills)
        fatigue = hero.fatigue + sum(s.fatigue for s in skills)
        fig = HeroFigure(
            uid=hero.id,
            side="heroes",
            name=hero.name,
            cell=None,
            size=(1, 1),
            max_wounds=wounds,
            wounds=wounds,
            hero=hero,
            fatigue=fatigue,
            max_fatigue=fatigue,
            base_speed=hero.speed,
            base_armor=hero.armor,
            gold=game.shop.start_gold,  # DJ-SETUP-05
            traits=dict(hero.traits),
            skills=skills,
            in_town=True,
        )
        game.heroes.append(fig)
        game.emit(
            "hero-joined",
            hero=fig.uid,
            wounds=wounds,
            fatigue=fatigue,
            skills=[s.id for s in skills],
            gold=fig.gold,
        )
        from questforge.engine.descent.game.heroes import warn_text_only

        for skill in skills:
            warn_text_only(game, fig, skill)
    # the Overlord's deck and treasure decks (DJ-SETUP-06)
    cards: list[OverlordCard] = []
    for card in sorted(pack.overlord_cards.values(), key=lambda c: c.id):
        cards.extend([card] * card.count)
    game.rng.shuffle(cards)
    game.deck = cards
    for tier in ("copper", "silver", "gold", "relic"):
        pile: list[Item] = []
        for item in sorted(pack.items.values(), key=lambda i: i.id):
            if item.tier == tier:
                pile.extend([item] * item.count)
        game.rng.shuffle(pile)
        game.treasure[tier] = pile
    from questforge.engine.descent.game.heroes import shop_visit
    from questforge.engine.descent.game.overlord import draw_cards

    for fig in game.heroes:  # DJ-SETUP-05: 300 gold to spend before the quest
        shop_visit(game, fig, setup=True)
    game.emit(
        "quest-started",
        quest=game.quest.id,
        heroes=[h.uid for h in game.heroes],
        conquest=game.conquest,
    )
    _warn_hero_count(game)
    game.reveal(game.quest.first_area)
    for fig, cell in zip(game.heroes, game.quest.start, strict=False):
        fig.cell = cell
        fig.in_town = False
        game.emit("hero-placed", hero=fig.uid, cell=cell)
    draw_cards(game, 3)  # DJ-SETUP-06 step 4


def _warn_hero_count(game: DescentGame) -> None:
    """A quest names the hero counts it is written for; the monster cards have a side per
    player count (DJ-REF-21). Played with another count, the quest's monster marks and the
    cards' stats come from the nearest count it has: the log says which, so a reader can
    check every monster's rank and wounds, and knows the quest was not made for it."""
    n = game.hero_count
    supported = sorted(game.quest.heroes)
    if not supported or n in supported:
        return
    used = min(supported, key=lambda k: (abs(k - n), k))
    game.emit("hero-count-unsupported", heroes=n, supported=supported, used=used)

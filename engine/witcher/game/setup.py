"""The setup of a Witcher game (the options a person chooses are declared by the game
face, every one with a default) and the initial state (WI-BASIC-01, WI-REF-07/10; setup details the source leaves out are read from
the pack's ``game-options`` document)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from questforge.engine.core.decks import Deck
from questforge.engine.core.game import SetupError as CoreSetupError
from questforge.engine.core.rng import Rng
from questforge.engine.witcher.game.state import GameState, HeroState, ObstacleState
from questforge.engine.witcher.model.content import GameOptions
from questforge.engine.witcher.model.load import WitcherPack


@dataclass(frozen=True)
class Setup:
    players: int = 2
    heroes: tuple[str, ...] = ()
    length: str | None = None

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Setup:
        heroes = data.get("heroes") or ()
        if isinstance(heroes, str):
            heroes = tuple(h.strip() for h in heroes.split(",") if h.strip())
        return cls(int(data.get("players", 2)), tuple(heroes), data.get("length") or None)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "heroes": list(self.heroes), "length": self.length}

    def hero_ids(self, pack: WitcherPack) -> list[str]:
        """The heroes in seat order (``SetupError`` for unknown ids or a bad count)."""
        if self.heroes:
            unknown = [h for h in self.heroes if h not in pack.heroes]
            if unknown:
                raise SetupError(
                    f"unknown hero {unknown[0]!r} (known: {', '.join(sorted(pack.heroes))})"
                )
            ids = list(self.heroes)
        else:
            ids = list(pack.heroes)[: self.players]
        if not 2 <= len(ids) <= 4 or len(set(ids)) != len(ids):
            raise SetupError(f"a game needs 2-4 different heroes; got {ids}")
        if len(ids) > len(pack.heroes):
            raise SetupError(f"the pack has only {len(pack.heroes)} heroes")
        return ids


class SetupError(CoreSetupError):
    """A setup the pack cannot provide (unknown hero, too many players, no map)."""


def _deck(cards: list[str], rng: Rng) -> Deck[str]:
    deck = Deck(cards)
    deck.shuffle(rng)
    return deck


def initial_state(
    pack: WitcherPack, setup: Setup, rng: Rng, options: GameOptions | None = None
) -> GameState:
    """Decks shuffled, heroes at their start with the starting gold; obstacles not yet
    placed (the game does that, emitting events)."""
    try:
        board = pack.board
        options = options or pack.game_options
    except LookupError as exc:
        raise SetupError(str(exc)) from None
    try:
        length = options.length(setup.length)
    except KeyError as exc:
        raise SetupError(str(exc.args[0])) from None
    heroes = [
        HeroState(pack.heroes[h], seat, pack.heroes[h].start, gold=options.starting_gold)
        for seat, h in enumerate(setup.hero_ids(pack))
    ]
    quests: dict[str, list[str]] = {}
    for quest in pack.quests.values():
        quests.setdefault(quest.deck, []).append(quest.id)
    investigation: dict[str, list[str]] = {}
    for card in pack.investigation.values():
        investigation.setdefault(card.colour, []).append(card.id)
    pools: dict[str, list[str]] = {"bronze": [], "silver": [], "gold": []}
    for monster in pack.monsters.values():
        pools.setdefault(monster.monster_class, []).extend([monster.id] * monster.tokens)
    return GameState(
        heroes=heroes,
        obstacles=[
            ObstacleState(o.id, o.area, o.monster_space, o.misfortune_space)
            for o in board.obstacle_areas
        ],
        quest_decks={k: _deck(v, rng) for k, v in sorted(quests.items())},
        investigation_decks={k: _deck(v, rng) for k, v in sorted(investigation.items())},
        development_decks={h.id: _deck(list(h.hero.development_deck), rng) for h in heroes},
        misfortune_deck=_deck(list(pack.misfortune), rng),
        luck_deck=_deck(list(pack.luck), rng),
        monster_pools={k: _deck(v, rng) for k, v in sorted(pools.items())},
        quests_to_end=length.quests,
        # shuffled last: a pack without challenge cards draws no randomness for them
        challenge_deck=_deck(list(pack.challenges), rng),
    )


def content_problems(pack: WitcherPack, options: GameOptions) -> list[str]:
    """What would stop a game of this content (references the engine follows blindly):
    ``questforge validate`` reports the same things as QWI400/QWI410 with their places."""
    board = pack.board
    out: list[str] = []
    for die in options.combat_dice:
        if die not in pack.dice:
            out.append(f"combat die {die!r} of the game options does not exist")
    for hero in pack.heroes.values():
        if hero.start not in board.location_by_id:
            out.append(f"hero {hero.id!r} starts at unknown location {hero.start!r}")
        out += [f"hero {hero.id!r} has unknown die {d!r}" for d in hero.dice if d not in pack.dice]
        out += [
            f"hero {hero.id!r} has unknown development card {c!r}"
            for c in hero.development_deck
            if c not in pack.development
        ]
    for quest in pack.quests.values():
        if quest.destination not in board.location_by_id:
            out.append(f"quest {quest.id!r} leads to unknown location {quest.destination!r}")
        if quest.enemy is not None and quest.enemy not in pack.monsters:
            out.append(f"quest {quest.id!r} names unknown enemy {quest.enemy!r}")
    for loc in board.locations:
        if loc.area not in board.area_by_id:
            out.append(f"location {loc.id!r} is in unknown area {loc.area!r}")
    return out

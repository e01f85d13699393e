"""A generic deck of cards driven by the seeded RNG.

The top of the draw pile is the *end* of :attr:`Deck.draw_pile` (``pop()`` is O(1)).
Cards are any values; Gloomhaven uses card ids (strings), so a deck copies cheaply.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Generic, TypeVar

from questforge.engine.core.rng import Rng

T = TypeVar("T")


class EmptyDeck(Exception):
    """Nothing left to draw, even after reshuffling the discards."""


class Deck(Generic[T]):
    __slots__ = ("discard", "draw_pile", "reshuffle_when_empty")

    def __init__(self, cards: Iterable[T] = (), reshuffle_when_empty: bool = True) -> None:
        self.draw_pile: list[T] = list(cards)
        self.discard: list[T] = []
        #: draw from an empty pile reshuffles the discards first (GH-AMD-09 behaviour)
        self.reshuffle_when_empty = reshuffle_when_empty

    def __len__(self) -> int:
        return len(self.draw_pile)

    def copy(self) -> Deck[T]:
        deck: Deck[T] = Deck(self.draw_pile, self.reshuffle_when_empty)
        deck.discard = list(self.discard)
        return deck

    def shuffle(self, rng: Rng) -> None:
        """Put the discards back and shuffle the whole deck."""
        self.draw_pile.extend(self.discard)
        self.discard.clear()
        rng.shuffle(self.draw_pile)

    def draw(self, rng: Rng) -> T:
        """Take the top card (it is *not* put on the discard pile; call :meth:`discard_card`)."""
        if not self.draw_pile:
            if not self.reshuffle_when_empty or not self.discard:
                raise EmptyDeck("the deck and its discard pile are empty")
            self.shuffle(rng)
        return self.draw_pile.pop()

    def discard_card(self, card: T) -> None:
        self.discard.append(card)

    def insert_random(self, card: T, rng: Rng) -> None:
        """Shuffle one card into a random position of the draw pile (bless, curse)."""
        self.draw_pile.insert(rng.randbelow(len(self.draw_pile) + 1), card)

    def remove_all(self, card: T) -> int:
        """Remove every copy of ``card`` from draw and discard piles; returns how many."""
        before = len(self.draw_pile) + len(self.discard)
        self.draw_pile = [c for c in self.draw_pile if c != card]
        self.discard = [c for c in self.discard if c != card]
        return before - len(self.draw_pile) - len(self.discard)

    def count(self, card: T) -> int:
        return self.draw_pile.count(card) + self.discard.count(card)

"""Property tests for the engine core: the deck never loses or invents a card, the RNG
stays in range and reproducible."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from questforge.engine.core.decks import Deck, EmptyDeck
from questforge.engine.core.rng import Rng

OPS = st.lists(st.sampled_from(["draw", "shuffle", "insert", "remove"]), max_size=60)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), size=st.integers(1, 25), ops=OPS)
def test_deck_conserves_cards(seed: int, size: int, ops: list[str]) -> None:
    rng = Rng(seed)
    deck: Deck[str] = Deck(f"c{i}" for i in range(size))
    in_hand: list[str] = []
    extra = 0
    for op in ops:
        if op == "draw":
            try:
                card = deck.draw(rng)
            except EmptyDeck:
                continue
            deck.discard_card(card) if rng.randbelow(2) else in_hand.append(card)
        elif op == "shuffle":
            deck.shuffle(rng)
        elif op == "insert":
            deck.insert_random("bless", rng)
            extra += 1
        elif op == "remove":
            extra -= deck.remove_all("bless")
    everything = deck.draw_pile + deck.discard + in_hand
    assert sorted(c for c in everything if c != "bless") == sorted(f"c{i}" for i in range(size))
    assert everything.count("bless") == extra


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**64 - 1) | st.text(max_size=20), n=st.integers(1, 10**9))
def test_rng_range_and_replay(seed: int | str, n: int) -> None:
    a, b = Rng(seed), Rng(seed)
    xs = [a.randbelow(n) for _ in range(20)]
    assert all(0 <= x < n for x in xs)
    assert xs == [b.randbelow(n) for _ in range(20)]
    assert a.state == b.state

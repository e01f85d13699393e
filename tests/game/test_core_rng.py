"""The seeded RNG: same seed, same numbers, in every process (engine determinism)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from questforge.engine.core.rng import Rng, seed_to_int


def test_same_seed_same_sequence() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.next_u64() for _ in range(50)] == [b.next_u64() for _ in range(50)]


def test_different_seeds_differ() -> None:
    assert [Rng(1).next_u64() for _ in range(3)] != [Rng(2).next_u64() for _ in range(3)]


def test_known_values_are_stable_across_versions() -> None:
    # Pinned outputs: a change here would silently change every recorded game.
    r = Rng(42)
    assert [r.randbelow(10) for _ in range(10)] == [3, 1, 8, 4, 0, 2, 5, 8, 5, 4]


def test_string_seed_is_process_independent() -> None:
    code = "from questforge.engine.core.rng import Rng; r = Rng('scenario-7'); print(r.next_u64())"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert int(out) == Rng("scenario-7").next_u64()


def test_state_round_trip_and_copy() -> None:
    r = Rng(7)
    r.next_u64()
    saved = r.state
    c = r.copy()
    first = [r.randbelow(100) for _ in range(5)]
    assert [c.randbelow(100) for _ in range(5)] == first
    again = Rng.from_state(saved)
    assert [again.randbelow(100) for _ in range(5)] == first


def test_randbelow_bounds_and_coverage() -> None:
    r = Rng(3)
    seen = {r.randbelow(6) for _ in range(500)}
    assert seen == set(range(6))
    with pytest.raises(ValueError):
        r.randbelow(0)


def test_shuffle_is_a_permutation_and_seeded() -> None:
    items = list(range(20))
    a, b = list(items), list(items)
    Rng(5).shuffle(a)
    Rng(5).shuffle(b)
    assert a == b and sorted(a) == items and a != items


def test_fork_does_not_advance_parent() -> None:
    r = Rng(9)
    before = r.state
    f = r.fork("decks")
    assert r.state == before
    assert f.next_u64() != Rng.from_state(before).next_u64()


def test_sample_choice_random() -> None:
    r = Rng(11)
    s = r.sample(range(10), 4)
    assert len(set(s)) == 4
    assert r.choice(["a"]) == "a"
    assert 0.0 <= r.random() < 1.0
    with pytest.raises(TypeError):
        seed_to_int(True)

"""A small seeded, serialisable random number generator (SplitMix64).

Why not :class:`random.Random`? Its state is a 625-word Mersenne-Twister tuple: expensive to
copy with every game snapshot and awkward to put in a JSON log. SplitMix64 keeps its whole
state in one 64-bit integer, so a game state copy is an int copy, the state is trivially
JSON-serialisable, and the output is identical on every platform, process and Python
version (it uses only integer arithmetic, never ``hash()``).

Every random draw of a game goes through one :class:`Rng`; same seed + same calls => same
numbers.
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15


def seed_to_int(seed: int | str) -> int:
    """Turn a user seed (an int or any string) into a 64-bit start state.

    Strings go through SHA-256 so ``"abc"`` gives the same state in every process
    (``hash()`` is randomised per process and must never be used for this).
    """
    if isinstance(seed, bool):
        raise TypeError("seed must be an int or a str, not a bool")
    if isinstance(seed, int):
        return seed & _MASK
    if isinstance(seed, str):
        return int.from_bytes(hashlib.sha256(seed.encode("utf-8")).digest()[:8], "big")
    raise TypeError(f"seed must be an int or a str, not {type(seed).__name__}")


class Rng:
    """SplitMix64: deterministic, copyable, JSON-serialisable (``state`` is one int)."""

    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0) -> None:
        self.state: int = seed_to_int(seed)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        """Rebuild a generator from :attr:`state` (e.g. read back from a log)."""
        rng = cls(0)
        rng.state = state & _MASK
        return rng

    def copy(self) -> Rng:
        return Rng.from_state(self.state)

    def next_u64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, so no modulo bias)."""
        if n <= 0:
            raise ValueError(f"randbelow needs n > 0, got {n}")
        if n == 1:
            return 0
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]`` (both ends included)."""
        return low + self.randbelow(high - low + 1)

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 random bits."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, items: Sequence[T], k: int) -> list[T]:
        """``k`` distinct items in random order."""
        pool = list(items)
        if not 0 <= k <= len(pool):
            raise ValueError(f"sample size {k} out of range for {len(pool)} items")
        out: list[T] = []
        for _ in range(k):
            out.append(pool.pop(self.randbelow(len(pool))))
        return out

    def fork(self, label: str) -> Rng:
        """An independent generator derived from this one's state and ``label``.

        Does not advance this generator, so adding a forked stream never shifts the
        numbers the parent produces.
        """
        digest = hashlib.sha256(f"{self.state}:{label}".encode()).digest()
        return Rng.from_state(int.from_bytes(digest[:8], "big"))

"""Seeded chance: every random draw of a game comes from here, so a seed and an
action log reproduce a game exactly.

The state of the generator is two integers (seed, draws so far). Each draw builds a
fresh ``random.Random`` from both, so the RNG state is tiny, JSON-safe and cheap to
clone; draws are rare (tile refills, shuffles) so the cost of seeding does not matter.
"""

from __future__ import annotations

import random
from collections.abc import MutableSequence, Sequence
from typing import Any, TypeVar

T = TypeVar("T")


class SeededRng:
    __slots__ = ("draws", "seed")

    def __init__(self, seed: int, draws: int = 0) -> None:
        self.seed = int(seed)
        self.draws = int(draws)

    def _next(self) -> random.Random:
        self.draws += 1
        return random.Random(f"{self.seed}:{self.draws}")

    def randrange(self, n: int) -> int:
        return self._next().randrange(n)

    def choice(self, seq: Sequence[T]) -> T:
        return seq[self.randrange(len(seq))]

    def shuffle(self, seq: MutableSequence[Any]) -> None:
        self._next().shuffle(seq)

    def clone(self) -> SeededRng:
        return SeededRng(self.seed, self.draws)

    def to_data(self) -> list[int]:
        return [self.seed, self.draws]

    @classmethod
    def from_data(cls, data: Any) -> SeededRng:
        if (
            not isinstance(data, list | tuple)
            or len(data) != 2
            or not all(isinstance(x, int) and not isinstance(x, bool) for x in data)
            or data[1] < 0
        ):
            raise ValueError("rng must be [seed, draws] with draws >= 0")
        return cls(data[0], data[1])

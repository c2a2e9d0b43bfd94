"""The coach's numbers as chances that hold, and what it may say of a move at all.

The search's estimate of a move (a mean of playout rewards: mostly wins, partly the
margin, server/bots/heuristic.py ``rewards``) is not a chance of winning: greedy
rollouts against modelled opponents said 0.87-0.998 through games lost 45-55 (issue
34). What the coach and the review show is that estimate passed through a monotone map
fitted on league games (server/tools/calibrate.py; the map is data, calibration.json
beside this file, with the date and the code it was fitted for). The raw estimate stays
what ranks the moves. A move tried fewer than ``rough_tries`` times gets no number (the
coach says "rough"); two moves whose estimates differ by less than their noise are a
tie, shown with one number and a tie mark, never as a ranking.
"""

from __future__ import annotations

import bisect
import json
import math
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

MAP_FILE = Path(__file__).with_name("calibration.json")
POOLED = "*"
"""The map used for a game without its own (fitted on every game's positions)."""


@dataclass(frozen=True)
class ChanceMap:
    """Raw estimate -> chance of winning: straight lines between the knots (raw values
    increasing, chances increasing), flat beyond the end knots, within [0, 1]."""

    raws: tuple[float, ...]
    chances: tuple[float, ...]

    def __post_init__(self) -> None:
        if not self.raws or len(self.raws) != len(self.chances):
            raise ValueError("a chance map needs as many chances as raw knots, at least one")
        if any(b <= a for a, b in pairwise(self.raws)):
            raise ValueError("a chance map's raw knots must increase")
        if any(b < a for a, b in pairwise(self.chances)):
            raise ValueError("a chance map must not decrease")

    def __call__(self, raw: float) -> float:
        xs, ys = self.raws, self.chances
        i = bisect.bisect_right(xs, raw)
        if i == 0:
            y = ys[0]
        elif i == len(xs):
            y = ys[-1]
        else:
            t = (raw - xs[i - 1]) / (xs[i] - xs[i - 1])
            y = ys[i - 1] + t * (ys[i] - ys[i - 1])
        return min(1.0, max(0.0, y))

    def to_data(self) -> list[list[float]]:
        return [[round(x, 5), round(y, 5)] for x, y in zip(self.raws, self.chances,
                                                            strict=True)]

    @staticmethod
    def from_data(data: list[list[float]]) -> ChanceMap:
        return ChanceMap(tuple(float(x) for x, _ in data), tuple(float(y) for _, y in data))


@dataclass(frozen=True)
class Calibration:
    """The maps by game, and the rules for "rough" and for a tie."""

    maps: dict[str, ChanceMap]
    rough_tries: int  # fewer tries than this: no number
    tie_z: float  # a difference within this many standard errors is a tie
    fitted: str = ""  # when and for what code the maps were fitted (calibration.json)

    def chance(self, game: str, raw: float) -> float:
        """The chance of winning the raw estimate stands for, in ``game``."""
        return self.maps.get(game, self.maps[POOLED])(raw)

    def rough(self, tries: object) -> bool:
        return not isinstance(tries, int) or tries < self.rough_tries

    def same(self, a: tuple[float, int], b: tuple[float, int]) -> bool:
        """Whether two (estimate, tries) are equal within the noise of their playouts
        (a playout's reward is in [0, 1], so its spread is at most sqrt(p (1 - p)))."""
        p = min(0.95, max(0.05, (a[0] + b[0]) / 2))
        noise = math.sqrt(p * (1 - p) * (1 / max(1, a[1]) + 1 / max(1, b[1])))
        return abs(a[0] - b[0]) <= self.tie_z * noise

    def shown(self, game: str, moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """``moves`` (each with a raw ``value`` and its ``tries``, best first) with what
        the coach shows: ``chance`` (None: rough) and ``tie`` (equal within noise to
        another move shown: every move of a tie shows the tie's one chance)."""
        out = [{**m, "chance": None, "tie": False} for m in moves]
        groups: list[list[dict[str, Any]]] = []
        for m in out:
            if self.rough(m.get("tries")):
                continue
            group = next((g for g in groups if self.same(_rated(g[0]), _rated(m))), None)
            if group is None:
                groups.append([m])
            else:
                group.append(m)
        for group in groups:
            tries = sum(int(m["tries"]) for m in group)
            raw = sum(float(m["value"]) * int(m["tries"]) for m in group) / tries
            for m in group:
                m["chance"] = self.chance(game, raw)
                m["tie"] = len(group) > 1
        return out


def _rated(move: dict[str, Any]) -> tuple[float, int]:
    return float(move["value"]), int(move["tries"])


def from_data(data: dict[str, Any]) -> Calibration:
    return Calibration({name: ChanceMap.from_data(knots) for name, knots in data["maps"].items()},
                       int(data["rough_tries"]), float(data["tie_z"]),
                       f"{data.get('fitted', '?')}, code {data.get('code', '?')}")


@cache
def current() -> Calibration:
    """The shipped calibration (calibration.json), read once a process."""
    return from_data(json.loads(MAP_FILE.read_text(encoding="utf-8")))

"""Fitting the coach's chance map and judging it: isotonic regression on binned
positions or a logistic curve in the raw estimate's log-odds, the Brier score, the reliability table, and the
tries below which an estimate is too rough to show (server/tools/calibrate.py runs
them).

A position is (game, raw estimate of the move chosen, its tries, what the seat finally
scored). The map is fitted on some games and judged on others, never the same. The
positions of one game share its result, so a few games decide a whole stretch of an
isotonic map; two parameters of a logistic curve are harder to sway.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from server.bots.calibration import ChanceMap

BIN_SIZE = 40
"""Positions pooled per step before the isotonic fit: a map that jumps on a handful of
positions would fit their luck."""
FEW = 30
"""A reliability bin with fewer positions than this says so: its rate is too loose."""
WITHIN = 0.10
"""A bin is reliable when its observed rate is within this of its mean prediction."""
TRIES_BUCKETS = (1, 3, 5, 8, 12, 20, 40)
"""Lower bounds of the tries buckets the rough threshold is chosen among."""


@dataclass(frozen=True)
class Position:
    game: str
    raw: float
    tries: int
    result: float  # the seat's share of the win: 1, a tie's share, or 0
    setting: str = ""
    index: int = 0  # the game's index in its table (which games fit, which judge)


def isotonic(points: Sequence[tuple[float, float]], bin_size: int = BIN_SIZE) -> ChanceMap:
    """A non-decreasing map of raw -> observed rate: the points, sorted by raw, pooled
    in bins of ``bin_size``, then adjacent violators pooled (each block a knot at its
    mean raw and mean rate)."""
    if not points:
        raise ValueError("no positions to fit")
    ordered = sorted(points)
    blocks: list[list[float]] = []  # [sum raw, sum rate, count]
    for start in range(0, len(ordered), bin_size):
        chunk = ordered[start:start + bin_size]
        blocks.append([sum(r for r, _ in chunk), sum(o for _, o in chunk), len(chunk)])
    if len(blocks) > 1 and blocks[-1][2] < bin_size // 2:  # a short tail joins its neighbour
        tail = blocks.pop()
        blocks[-1] = [a + b for a, b in zip(blocks[-1], tail, strict=True)]
    pooled: list[list[float]] = []
    for block in blocks:
        pooled.append(block)
        while len(pooled) > 1 and (pooled[-2][1] / pooled[-2][2]
                                   >= pooled[-1][1] / pooled[-1][2]):
            last = pooled.pop()
            pooled[-1] = [a + b for a, b in zip(pooled[-1], last, strict=True)]
    knots: list[tuple[float, float]] = []
    for sum_raw, sum_rate, count in pooled:
        raw, rate = sum_raw / count, sum_rate / count
        if knots and raw <= knots[-1][0]:  # equal raws: one knot
            continue
        knots.append((raw, min(1.0, max(0.0, rate))))
    return ChanceMap(tuple(k[0] for k in knots), tuple(k[1] for k in knots))


EDGE = 0.01
"""Raw estimates are read within [EDGE, 1 - EDGE] by the logistic curve (log-odds of a
sure win are infinite)."""


def _logit(raw: float) -> float:
    p = min(1 - EDGE, max(EDGE, raw))
    return math.log(p / (1 - p))


PRIOR = 2.0
"""Weight of the logistic fit's pull toward the raw estimate itself (a = 1, b = 0), in
positions' worth: late in a game the results part almost cleanly by the estimate, and
a likelihood alone then makes the curve a step (a -> infinity)."""


def logistic(points: Sequence[tuple[float, float]], steps: int = 50) -> ChanceMap:
    """chance = 1 / (1 + exp(-(a * logit(raw) + b))), a >= 0 (monotone), fitted by
    Newton's method on the log-likelihood, pulled toward a = 1, b = 0 by ``PRIOR``;
    stored as knots every 0.01 of raw."""
    if not points:
        raise ValueError("no positions to fit")
    xs = [_logit(r) for r, _ in points]
    ys = [o for _, o in points]
    a, b = 1.0, 0.0
    for _ in range(steps):
        ga, gb = -PRIOR * (a - 1), -PRIOR * b
        haa = hbb = PRIOR
        hab = 0.0
        for x, y in zip(xs, ys, strict=True):
            p = 1 / (1 + math.exp(-(a * x + b)))
            w = p * (1 - p)
            ga += (y - p) * x
            gb += y - p
            haa += w * x * x
            hab += w * x
            hbb += w
        det = haa * hbb - hab * hab
        da, db = (hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det
        a, b = max(0.0, a + da), b + db
        if abs(da) + abs(db) < 1e-9:
            break
    raws = tuple(i / 100 for i in range(101))
    return ChanceMap(raws, tuple(1 / (1 + math.exp(-(a * _logit(r) + b))) for r in raws))


FITS: dict[str, Callable[[Sequence[tuple[float, float]]], ChanceMap]] = {
    "isotonic": lambda points: isotonic(points), "logistic": lambda points: logistic(points)}


def brier(predictions: Sequence[float], results: Sequence[float]) -> float:
    """Mean squared distance between prediction and result (0 perfect; 0.25 a coin)."""
    pairs = list(zip(predictions, results, strict=True))
    return sum((p - o) ** 2 for p, o in pairs) / max(1, len(pairs))


@dataclass(frozen=True)
class Bin:
    low: float
    count: int
    predicted: float
    observed: float

    @property
    def within(self) -> bool:
        return abs(self.observed - self.predicted) <= WITHIN


def reliability(predictions: Sequence[float], results: Sequence[float]) -> list[Bin]:
    """Bins of 10 % of prediction: how many, their mean prediction, the observed rate."""
    sums: list[list[float]] = [[0.0, 0.0, 0.0] for _ in range(10)]
    for p, o in zip(predictions, results, strict=True):
        cell = sums[min(9, int(p * 10))]
        cell[0] += 1
        cell[1] += p
        cell[2] += o
    return [Bin(i / 10, int(n), sp / n, so / n) for i, (n, sp, so) in enumerate(sums) if n]


def calibration_error(bins: Sequence[Bin]) -> float:
    """The positions' mean distance between prediction and observed rate, bin by bin."""
    total = sum(b.count for b in bins)
    return sum(b.count * abs(b.observed - b.predicted) for b in bins) / max(1, total)


def holds_from(positions: Sequence[Position], chance: Callable[[Position], float],
               low: int) -> bool:
    """Whether every tries bucket from ``low`` up (of ``FEW`` positions or more) is
    calibrated within ``WITHIN`` on average: below the lowest such bound the spread
    between the map's promise and the results is too wide, and the coach says
    "rough" (server/tools/calibrate.py ``decide``)."""
    for i, bound in enumerate(TRIES_BUCKETS):
        inside = _bucket(positions, i)
        if bound < low or len(inside) < FEW:
            continue  # below the bound, or no evidence either way
        bins = reliability([chance(p) for p in inside], [p.result for p in inside])
        if calibration_error(bins) > WITHIN:
            return False
    return True


def _bucket(positions: Sequence[Position], i: int) -> list[Position]:
    """The positions in tries bucket ``i`` (TRIES_BUCKETS[i] up to the next bound)."""
    low = TRIES_BUCKETS[i]
    top = TRIES_BUCKETS[i + 1] if i + 1 < len(TRIES_BUCKETS) else None
    return [p for p in positions if p.tries >= low and (top is None or p.tries < top)]


def bucket_lines(positions: Sequence[Position],
                 chance: Callable[[Position], float]) -> list[str]:
    """By tries: positions, calibration error, Brier: where "rough" was decided."""
    lines = ["| tries | positions | mean distance predicted–observed | Brier |",
             "|---|---|---|---|"]
    for i, low in enumerate(TRIES_BUCKETS):
        inside = _bucket(positions, i)
        if not inside:
            continue
        preds, results = [chance(p) for p in inside], [p.result for p in inside]
        top = TRIES_BUCKETS[i + 1] - 1 if i + 1 < len(TRIES_BUCKETS) else None
        span = f"{low}–{top}" if top is not None else f"{low}+"
        lines.append(f"| {span} | {len(inside)} | "
                     f"{100 * calibration_error(reliability(preds, results)):.1f} points | "
                     f"{brier(preds, results):.3f} |")
    return lines


def table_lines(bins: Sequence[Bin]) -> list[str]:
    lines = ["| predicted | positions | mean predicted | observed | within 10 points |",
             "|---|---|---|---|---|"]
    for b in bins:
        verdict = "yes" if b.within else "**no**"
        if b.count < FEW:
            verdict += f" (few: < {FEW})"
        lines.append(f"| {100 * b.low:.0f}–{100 * b.low + 10:.0f} % | {b.count} | "
                     f"{100 * b.predicted:.1f} % | {100 * b.observed:.1f} % | {verdict} |")
    return lines

"""The coach's chance map (server/bots/calibration.py) and how it is fitted and judged
(server/tools/calibrate_fit.py): the shipped map is monotone, within [0, 1] and really
moves the raw estimate; the fit recovers a known overconfidence; few tries are "rough";
estimates equal within noise are a tie."""

from __future__ import annotations

import math
import random
from itertools import pairwise
from typing import Any

import pytest

from server.bots.calibration import POOLED, Calibration, ChanceMap, current
from server.tools.calibrate_fit import (
    FEW,
    Position,
    brier,
    holds_from,
    isotonic,
    logistic,
    reliability,
    table_lines,
)

GRID = [i / 100 for i in range(-50, 151)]


def test_the_shipped_map_is_monotone_clipped_and_not_the_identity() -> None:
    calibration = current()
    assert calibration.fitted[:4].isdigit()  # a date: fitted, not a placeholder
    assert POOLED in calibration.maps and calibration.rough_tries >= 1
    for name, chance_map in calibration.maps.items():
        chances = [chance_map(raw) for raw in GRID]
        assert all(0.0 <= c <= 1.0 for c in chances), name
        assert all(b >= a for a, b in pairwise(chances)), name
        assert max(abs(chance_map(raw) - raw) for raw in GRID if 0 <= raw <= 1) > 0.05, name


def test_a_map_is_clipped_and_flat_beyond_its_knots() -> None:
    chance_map = ChanceMap((0.2, 0.8), (-0.1, 1.3))  # knots outside [0, 1] come back in
    assert chance_map(0.0) == 0.0 and chance_map(1.0) == 1.0
    assert chance_map(0.5) == pytest.approx(0.6)
    with pytest.raises(ValueError):
        ChanceMap((0.2, 0.8), (0.6, 0.4))  # decreasing
    with pytest.raises(ValueError):
        ChanceMap((0.8, 0.2), (0.4, 0.6))  # raw knots out of order


def truth(raw: float) -> float:
    """The chance behind a raw estimate in the data below: lower through the middle
    (0.5 says 27 %, 0.8 says 56 %), as the search's are."""
    return 1 / (1 + math.exp(-(1.5 * math.log(raw / (1 - raw)) - 1)))


def overconfident(n: int, seed: int = 5) -> list[tuple[float, float]]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        raw = min(0.99, max(0.01, rng.random()))
        out.append((raw, 1.0 if rng.random() < truth(raw) else 0.0))
    return out


@pytest.mark.parametrize("fit", [isotonic, logistic])
def test_the_fit_recovers_a_known_overconfidence_and_lowers_the_brier_score(fit: Any) -> None:
    fitting, judged = overconfident(4000, seed=5), overconfident(4000, seed=6)
    chance_map = fit(fitting)
    for raw in (0.2, 0.5, 0.9):
        assert chance_map(raw) == pytest.approx(truth(raw), abs=0.07)
    chances = [chance_map(r) for r in GRID]
    assert all(b >= a for a, b in pairwise(chances))
    results = [o for _, o in judged]
    raw_score = brier([r for r, _ in judged], results)
    assert brier([chance_map(r) for r, _ in judged], results) < raw_score - 0.02
    bins = reliability([chance_map(r) for r, _ in judged], results)
    assert all(b.within for b in bins if b.count >= FEW)
    assert not all(b.within for b in reliability([r for r, _ in judged], results))


def test_a_reliability_bin_with_few_positions_says_so() -> None:
    bins = reliability([0.05] * 40 + [0.95] * 3, [0.0] * 40 + [1.0] * 3)
    assert [(b.low, b.count) for b in bins] == [(0.0, 40), (0.9, 3)]
    lines = table_lines(bins)
    assert "few" not in lines[2] and f"(few: < {FEW})" in lines[3]


def test_rough_below_the_tries_where_estimates_spread_from_the_results() -> None:
    """Below 5 tries the estimate says nothing of the result; from 5 it holds."""
    rng = random.Random(3)
    positions = []
    for _ in range(12000):
        tries = rng.randrange(1, 60)
        raw = rng.random()
        truth = raw if tries >= 5 else 1 - raw  # few tries: the estimate is wrong
        positions.append(Position("g", raw, tries, 1.0 if rng.random() < truth else 0.0))
    assert holds_from(positions, lambda p: p.raw, 5)
    assert not holds_from(positions, lambda p: p.raw, 3)  # 3 and 4 tries: no guide
    assert not holds_from(positions, lambda p: p.raw, 1)


def test_the_coach_shows_no_number_for_few_tries_and_one_number_for_a_tie() -> None:
    calibration = Calibration({POOLED: ChanceMap((0.0, 1.0), (0.1, 0.6))}, rough_tries=10,
                              tie_z=1.0)
    moves = [{"value": 0.9, "tries": 400}, {"value": 0.7, "tries": 400},
             {"value": 0.69, "tries": 300}, {"value": 0.99, "tries": 9}]
    shown = calibration.shown("puerto-rico", moves)
    assert [m["value"] for m in shown] == [0.9, 0.7, 0.69, 0.99]  # the raw kept, in order
    assert shown[0]["chance"] == pytest.approx(0.55) and not shown[0]["tie"]
    tie = (0.7 * 400 + 0.69 * 300) / 700
    assert shown[1]["chance"] == shown[2]["chance"] == pytest.approx(0.1 + 0.5 * tie)
    assert shown[1]["tie"] and shown[2]["tie"]
    assert shown[3]["chance"] is None and not shown[3]["tie"]  # rough, however high
    few = calibration.shown("puerto-rico", [{"value": 0.9, "tries": 12},
                                            {"value": 0.75, "tries": 12}])
    assert few[0]["tie"] and few[1]["tie"]  # 15 points apart on 12 tries each is noise

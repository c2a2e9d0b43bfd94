"""A San Juan position's expected final scores, fitted on self-play of the heuristic.

The search ends its rollouts here, so this is what hard believes a position is worth.
Each seat's estimate is its score now plus a linear model of what it will still gain:
features of its city, hand and goods, most of them times the buildings the biggest
city still lacks (a proxy for the rounds left). The weights come from games of the
easy heuristic against itself (``python -m server.bots.san_juan_fit``), per player
count, so the estimate says how the game tends to go on when easy plays it — which is
also how the search's rollouts play it.
"""

from __future__ import annotations

from typing import Any

from server.games.san_juan import catalog as C
from server.games.san_juan.scoring import breakdown
from server.games.san_juan.state import GAME_OVER

# violet buildings whose presence changes how fast a city grows (times the rounds left)
ENGINES = (
    C.SMITHY, C.GOLD_MINE, C.ARCHIVE, C.POOR_HOUSE, C.BLACK_MARKET, C.TRADING_POST,
    C.WELL, C.MARKET_STAND, C.CRANE, C.CHAPEL, C.TOWER, C.AQUEDUCT, C.CARPENTER,
    C.PREFECTURE, C.MARKET_HALL, C.QUARRY, C.LIBRARY, C.GUILD_HALL, C.CITY_HALL,
    C.TRIUMPHAL_ARCH, C.PALACE,
)
NAMES = (
    "left", "left2", "prod*left", "kinds*left", "hand*left", "violet_in_hand*left",
    "size*left", "hand", "goods", "violet_in_hand", "big_in_hand", "monuments_in_hand",
    *(f"{C.CARDS[b]}*left" for b in ENGINES),
)


def features(s: Any, p: int, left: float) -> list[float]:
    """What the model reads of seat p; ``left`` is 12 minus the biggest city's size."""
    city = s.city[p]
    hand = s.hands[p]
    prod = sum(1 for b in city if b < C.NGOODS)
    kinds = len({b for b in city if b < C.NGOODS})
    violet_hand = sum(1 for h in hand if h >= C.NGOODS and h not in city)
    big = sum(1 for h in hand if h >= C.GUILD_HALL and h not in city)
    monuments = sum(1 for h in hand if h in C.MONUMENTS and h not in city)
    goods = sum(1 for g in s.goods[p] if g >= 0)
    out = [left, left * left, prod * left, kinds * left, len(hand) * left,
           violet_hand * left, len(city) * left, float(len(hand)), float(goods),
           float(violet_hand), float(big), float(monuments)]
    out.extend(left if b in city else 0.0 for b in ENGINES)
    return out


def rounds_left(s: Any) -> float:
    return float(max(0, C.END_BUILDINGS - max(len(c) for c in s.city)))


def score_now(s: Any, p: int) -> float:
    return float(sum(breakdown(s, p).values()))


class SanJuanEstimate:
    """Expected final score per seat: the score now plus the fitted gain."""

    def __init__(self, weights: dict[int, tuple[float, ...]] | None = None) -> None:
        self.weights = WEIGHTS if weights is None else weights

    def __call__(self, s: Any) -> list[float]:
        w = self.weights.get(s.n) or self.weights[max(self.weights)]
        left = rounds_left(s)
        out = []
        for p in range(s.n):
            gain = 0.0 if s.step == GAME_OVER else sum(
                wi * fi for wi, fi in zip(w, features(s, p, left), strict=True))
            out.append(score_now(s, p) + max(0.0, gain))
        return out


# fitted by `python -m server.bots.san_juan_fit --games 600` (players -> weights in NAMES
# order)
WEIGHTS: dict[int, tuple[float, ...]] = {
    2: (  # 24102 samples, rms error 5.48
        1.7287,  # left
        0.0203,  # left2
        0.3393,  # prod*left
        0.1068,  # kinds*left
        0.0791,  # hand*left
        0.0185,  # violet_in_hand*left
        -0.1586,  # size*left
        -0.0766,  # hand
        0.2254,  # goods
        -0.0276,  # violet_in_hand
        1.0932,  # big_in_hand
        -0.0018,  # monuments_in_hand
        0.6946,  # smithy*left
        0.2665,  # gold_mine*left
        0.0574,  # archive*left
        0.3565,  # poor_house*left
        0.0546,  # black_market*left
        0.2544,  # trading_post*left
        0.4134,  # well*left
        0.2119,  # market_stand*left
        -1.7320,  # crane*left
        0.3425,  # chapel*left
        0.2648,  # tower*left
        0.3398,  # aqueduct*left
        0.3689,  # carpenter*left
        0.3940,  # prefecture*left
        0.3121,  # market_hall*left
        0.4722,  # quarry*left
        0.5671,  # library*left
        0.0820,  # guild_hall*left
        0.7489,  # city_hall*left
        0.6603,  # triumphal_arch*left
        1.1596,  # palace*left
    ),
    3: (  # 38028 samples, rms error 5.18
        2.4362,  # left
        -0.0564,  # left2
        0.6644,  # prod*left
        0.0989,  # kinds*left
        0.0501,  # hand*left
        0.0053,  # violet_in_hand*left
        -0.5772,  # size*left
        0.1407,  # hand
        0.2716,  # goods
        -0.0323,  # violet_in_hand
        0.7582,  # big_in_hand
        -0.0190,  # monuments_in_hand
        1.0177,  # smithy*left
        0.5397,  # gold_mine*left
        0.4072,  # archive*left
        0.5819,  # poor_house*left
        0.3152,  # black_market*left
        0.5794,  # trading_post*left
        0.5838,  # well*left
        0.5578,  # market_stand*left
        -1.1702,  # crane*left
        0.4439,  # chapel*left
        0.4948,  # tower*left
        0.7801,  # aqueduct*left
        0.7183,  # carpenter*left
        1.0320,  # prefecture*left
        0.0784,  # market_hall*left
        0.7821,  # quarry*left
        0.7246,  # library*left
        0.3923,  # guild_hall*left
        1.1485,  # city_hall*left
        0.9129,  # triumphal_arch*left
        0.0328,  # palace*left
    ),
    4: (  # 56132 samples, rms error 4.67
        2.7085,  # left
        -0.0667,  # left2
        0.4905,  # prod*left
        0.1205,  # kinds*left
        0.0596,  # hand*left
        -0.0034,  # violet_in_hand*left
        -0.4404,  # size*left
        -0.0081,  # hand
        0.1495,  # goods
        -0.0696,  # violet_in_hand
        1.1382,  # big_in_hand
        0.1760,  # monuments_in_hand
        0.8785,  # smithy*left
        0.3703,  # gold_mine*left
        0.3294,  # archive*left
        0.4663,  # poor_house*left
        0.3121,  # black_market*left
        0.3678,  # trading_post*left
        0.4590,  # well*left
        0.4567,  # market_stand*left
        -1.3409,  # crane*left
        0.4064,  # chapel*left
        0.4005,  # tower*left
        0.4852,  # aqueduct*left
        0.6156,  # carpenter*left
        0.9513,  # prefecture*left
        0.3241,  # market_hall*left
        0.7864,  # quarry*left
        0.4681,  # library*left
        0.3912,  # guild_hall*left
        0.9610,  # city_hall*left
        1.2644,  # triumphal_arch*left
        1.0220,  # palace*left
    ),
}

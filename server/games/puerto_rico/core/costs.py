"""What a building costs a player now: the one price rule (labels, views, the builder).

The printed cost, less the occupied quarries (at most the building's column), less
the flat discounts: the builder's privilege (doubled by an occupied library,
Expansion I), 1 for every two forests (Expansion I), and an occupied zoning office
(Expansion II: a worker takes 1 off a small building, a citizen 2 off a large one,
not the other way round). Never below 0. The black market (Expansion I) is a way to
pay, not a discount: builder.py.
"""

from __future__ import annotations

from functools import cache

from . import catalog as C
from .common import privileges
from .state import PRState


def occupied_quarries(s: PRState, p: int) -> int:
    isl = s.island[p]
    if C.QUARRY not in isl:  # the common case, checked at C speed
        return 0
    col = s.island_col[p]
    k = 0
    quarry = C.QUARRY
    for i, t in enumerate(isl):
        if t == quarry and col[i]:
            k += 1
    return k


def discounts(s: PRState, p: int) -> tuple[int, int, int]:
    """(occupied quarries, flat discount on a small building, on a large one)."""
    flat = 0
    if p == s.role_player and s.role == C.BUILDER:
        flat = privileges(s, p)
    small = large = flat
    if s.cat.nb:  # 1 per 2 forests (the rulebook's example: 4 forests take 2 off)
        woods = 0
        forest = C.FOREST
        for t in s.island[p]:
            if t >= forest:
                woods += 1
        woods //= 2
        small += woods
        large += woods
    if s.cat.cit:
        i = s.bpos[p][C.ZONING_OFFICE]
        if i >= 0 and s.city_col[p][i]:
            if s.city_cit[p][i]:
                large += 2
            else:
                small += 1
    return occupied_quarries(s, p), small, large


@cache
def price_list(quarries: int, small: int, large: int) -> tuple[int, ...]:
    """Every building's price (by id) for these discounts: the one price formula.

    Kept per distinct discount (a few dozen in a game), so a price is a lookup.
    """
    out = []
    for b in range(C.NB):
        column = C.COLUMN[b]
        cost = C.COST[b] - (quarries if quarries < column else column)
        cost -= large if C.LARGE[b] else small
        out.append(cost if cost > 0 else 0)
    return tuple(out)


def build_prices(s: PRState, p: int) -> tuple[int, ...]:
    """What every building costs seat p now, by building id."""
    quarries, small, large = discounts(s, p)
    return price_list(quarries if quarries < _MOST else _MOST, small, large)


def build_cost(s: PRState, p: int, b: int) -> int:
    """Cost for seat p now (see the module's docstring)."""
    return build_prices(s, p)[b]


_MOST = max(C.COLUMN)  # more occupied quarries than this take nothing more off

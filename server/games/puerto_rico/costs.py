"""What a building costs a player now: the one price rule (labels, views, the builder).

The printed cost, less the occupied quarries (at most the building's column), less
the flat discounts: the builder's privilege (doubled by an occupied library,
Expansion I), 1 for every two forests (Expansion I), and an occupied zoning office
(Expansion II: a worker takes 1 off a small building, a citizen 2 off a large one,
not the other way round). Never below 0. The black market (Expansion I) is a way to
pay, not a discount: builder.py.
"""

from __future__ import annotations

from . import catalog as C
from .state import PRState


def occupied_quarries(s: PRState, p: int) -> int:
    isl = s.island[p]
    if C.QUARRY not in isl:  # the common case, checked at C speed
        return 0
    col = s.island_col[p]
    k = 0
    for i, t in enumerate(isl):
        if t == C.QUARRY and col[i]:
            k += 1
    return k


def discounts(s: PRState, p: int) -> tuple[int, int, int]:
    """(occupied quarries, flat discount on a small building, on a large one)."""
    flat = 0
    if p == s.role_player and s.role == C.BUILDER:
        flat = 2 if s.cat.nb and s.occupied(p, C.LIBRARY) else 1
    small = large = flat
    if s.cat.nb:  # 1 per 2 forests (the rulebook's example: 4 forests take 2 off)
        woods = sum(1 for t in s.island[p] if t >= C.FOREST) // 2
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


def build_cost(s: PRState, p: int, b: int) -> int:
    """Cost for seat p now (see the module's docstring)."""
    quarries, small, large = discounts(s, p)
    column = C.COLUMN[b]
    cost = C.COST[b] - (quarries if quarries < column else column)
    cost -= large if C.LARGE[b] else small
    return cost if cost > 0 else 0


def build_prices(s: PRState, p: int) -> dict[int, int]:
    """The cost of every building of the board for seat p now."""
    quarries, small, large = discounts(s, p)
    cost, column, big = C.COST, C.COLUMN, C.LARGE
    out = {}
    for b in s.board:
        k = cost[b] - (quarries if quarries < column[b] else column[b])
        k -= large if big[b] else small
        out[b] = k if k > 0 else 0
    return out

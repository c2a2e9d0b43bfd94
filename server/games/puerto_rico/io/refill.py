"""Whether the mayor phase will end the game: at its end the colonist ship is refilled
from the supply with one colonist per empty building circle (at least one per player),
and a supply too short for that makes the round the last (mayor.finish; with the
Citizens, Expansion II, a short supply ends nothing).

The labels that warn (labels_warn.py) ask this before a mayor's choice: the end is
*certain* when even the placements that leave the fewest building circles empty (each
player still to place puts his colonists in his city first, having lifted them all
back) ask for more colonists than the supply will hold. A choice warns only when it
makes that difference (the mayor's role card, the privilege colonist taken, a
placement confirmed), so nobody is told twice.
"""

from __future__ import annotations

from ..core import catalog as C
from ..core.common import order_from
from ..core.state import MAYOR, MAYOR_PRIVILEGE, PRState


def can_end(s: PRState) -> bool:
    """A short supply may still end this game (not with the Citizens, not twice)."""
    return not s.cat.cit and not s.last_round


def _building_circles(s: PRState, p: int) -> int:
    return sum(map(C.CIRCLES.__getitem__, s.city[p]))


def _city_empty(s: PRState, p: int) -> int:
    """Building circles p leaves empty as his city stands now."""
    return _building_circles(s, p) - sum(s.city_col[p])


def _people(s: PRState, p: int) -> int:
    """Everyone p has: on his island, in his city and waiting in San Juan."""
    return sum(s.island_col[p]) + sum(s.city_col[p]) + s.san_juan[p]


def _fewest(s: PRState, p: int, extra: int = 0) -> int:
    """The fewest building circles p can leave empty with ``extra`` more colonists."""
    return max(0, _building_circles(s, p) - _people(s, p) - extra)


def _certain(supply: int, empty: int, n: int) -> bool:
    return supply < max(empty, n)


def by_role(s: PRState, mayor: int) -> bool:
    """Choosing the mayor now (``mayor`` chooses it) ends the game whatever follows."""
    if not can_end(s):
        return False
    n, ship = s.n, s.col_ship
    dealt = [ship // n + (1 if (q - mayor) % n < ship % n else 0) for q in range(n)]
    return _certain(s.col_supply, sum(_fewest(s, q, dealt[q]) for q in range(n)), n)


def by_privilege(s: PRState, k: int) -> bool:
    """Taking ``k`` privilege colonists makes the end certain (leaving them did not)."""
    if not can_end(s) or s.step != MAYOR_PRIVILEGE:
        return False
    p = s.role_player
    n, ship = s.n, s.col_ship
    dealt = [ship // n + (1 if (q - p) % n < ship % n else 0) for q in range(n)]
    empty = [_fewest(s, q, dealt[q]) for q in range(n)]
    before = _certain(s.col_supply, sum(empty), n)
    empty[p] = max(0, empty[p] - k)
    return not before and _certain(s.col_supply - k, sum(empty), n)


def by_confirm(s: PRState) -> bool:
    """Confirming the current player's placement makes the end certain (his city
    first would not have)."""
    if not can_end(s) or s.step != MAYOR:
        return False
    t = s.turn
    order = order_from(s, s.role_player)
    done = order[: order.index(t)]
    empty = sum(_city_empty(s, q) if q in done else _fewest(s, q) for q in range(s.n) if q != t)
    # as confirmed: waiting colonists that fit every empty circle fill them all
    waiting = s.san_juan[t]
    free = _building_circles(s, t) - sum(s.city_col[t])
    island_free = sum(1 for i, tile in enumerate(s.island[t])
                      if tile < C.FOREST and not s.island_col[t][i])
    mine = 0 if waiting >= free + island_free else free
    return not _certain(s.col_supply, empty + _fewest(s, t), s.n) \
        and _certain(s.col_supply, empty + mine, s.n)

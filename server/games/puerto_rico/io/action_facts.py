"""What a legal action is shown to give, worked out once here so a client computes no
rule (issue 24): a load's VP, what a storage choice keeps and spoils (issue 35). These keys are only shown (``SHOWN_ONLY`` in
server/engine/contract.py): a sent action is matched without them."""

from __future__ import annotations

from ..core import catalog as C
from ..core.moves import Move
from ..core.state import PRState
from ..phases.storage import kept


def load_vp(s: PRState, barrels: int) -> int:
    """The VP chips a load of ``barrels`` brings the player to move: one a barrel, one
    more with a manned harbor (captain.points; the captain's privilege is the role's,
    said by role_gains)."""
    if not barrels:
        return 0
    return barrels + (1 if s.occupied(s.turn, C.HARBOR) else 0)


def confirm_arrangement(s: PRState, p: int) -> dict[str, int]:
    """Where p's people stand once he confirms the placement (``mayor_done``): it fills
    every empty circle (no forest) when the people waiting are enough to (mayor._fill),
    else nothing moves. Persons on the island, in the city, still in San Juan."""
    island = sum(s.island_col[p])
    city = sum(s.city_col[p])
    waiting = s.san_juan[p]
    empty_island = sum(1 for t, c in zip(s.island[p], s.island_col[p], strict=True)
                       if not c and t < C.FOREST)
    empty_city = sum(C.CIRCLES[b] - c for b, c in zip(s.city[p], s.city_col[p], strict=True))
    empty = empty_island + empty_city
    if waiting and empty and waiting >= empty:
        return {"island": island + empty_island, "city": city + empty_city,
                "san_juan": waiting - empty}
    return {"island": island, "city": city, "san_juan": waiting}


def forest_discount(s: PRState, p: int) -> int:
    """What p's forests take off every building once one more is planted, when that
    forest changes it (1 per 2 forests, costs.discounts), else 0."""
    k = sum(1 for t in s.island[p] if t >= C.FOREST)
    return (k + 1) // 2 if (k + 1) % 2 == 0 else 0


def stored(s: PRState, p: int, m: Move) -> dict[str, dict[str, int]]:
    """What a ``store`` move keeps and spoils of p's barrels, warehouses and the
    storehouse counted (storage.kept): ``kept`` and ``spoiled``, kinds with none left
    out."""
    mine = s.pgoods[p]
    keeps = kept(mine, m)
    return {"kept": {C.GOODS[g]: k for g, k in enumerate(keeps) if k},
            "spoiled": {C.GOODS[g]: mine[g] - k for g, k in enumerate(keeps) if mine[g] > k}}

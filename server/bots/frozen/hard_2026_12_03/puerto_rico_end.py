"""When taking an optional Puerto Rico privilege would end the game (read from a view).

The heuristic (puerto_rico.py) declines such a privilege for a seat that is behind:
the last VP chip (harbor's or captain's point, or a building's: ``take_vp``), or a
colonist the ship refill needs (the mayor's privilege, the hospice's and university's
colonist from the supply; with the Citizens running out of workers ends nothing).
"""

from __future__ import annotations

from typing import Any

from server.engine.contract import Action
from server.games.puerto_rico.core import catalog as C

CIRCLES = dict(zip(C.BUILDINGS, C.CIRCLES, strict=True))
ENDING_TAKES = frozenset(("captain_vp", "harbor_vp", "take_vp", "mayor_colonist", "hospice",
                          "university"))


def ends_game(view: dict[str, Any], a: Action) -> bool:
    """Whether taking this optional privilege triggers the end where declining would not."""
    kind = a["type"]
    if kind not in ENDING_TAKES or view.get("last_round"):
        return False
    if kind in ("captain_vp", "harbor_vp"):
        return bool(view["vp_chips"] == 1)
    if kind == "take_vp":  # offered only when it takes the last chip
        return True
    if "citizens" in (view.get("options", {}).get("expansions") or ()):
        return False
    supply = view["colonists"]["supply"]
    if supply <= 0:  # from the ship: the supply is already gone
        return False
    empty = sum(
        CIRCLES[c["building"]] - c["colonists"] for p in view["players"] for c in p["city"]
    )
    if kind == "mayor_colonist":  # the refill at the end of this phase
        empty -= view["colonists"]["ship"]
    need = max(len(view["players"]), empty)  # the refill: empty building circles, at least n
    taken = a.get("count", 1)  # two with a Publishing House
    return bool(supply - taken < need <= supply)

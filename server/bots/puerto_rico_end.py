"""When taking an optional Puerto Rico privilege would end the game (read from a view).

The heuristic (puerto_rico.py) declines such a privilege for a seat that is behind:
the last VP chip (harbor's or captain's point, or a building's: ``take_vp``; the
barrels of a wharf's or small wharf's load, which may wait for a later turn from rules
6 and is shipped then if another load has taken the last chip), or a colonist the ship
refill needs (the mayor's privilege, the hospice's and university's colonist from the
supply; with the Citizens running out of workers ends nothing).
"""

from __future__ import annotations

from typing import Any

from server.bots.puerto_rico_table import CIRCLES  # (kept up to date with the catalog there)
from server.engine.contract import Action

ENDING_TAKES = frozenset(("captain_vp", "harbor_vp", "take_vp", "mayor_colonist", "hospice",
                          "university", "load", "charter"))


def ends_game(view: dict[str, Any], a: Action) -> bool:
    """Whether taking this optional privilege triggers the end where declining would not."""
    kind = a["type"]
    if kind not in ENDING_TAKES or view.get("last_round"):
        return False
    if kind in ("captain_vp", "harbor_vp"):
        return bool(view["vp_chips"] == 1)
    if kind == "take_vp":  # offered only when it takes the last chip
        return True
    if kind in ("load", "charter"):
        return _ships_the_last_chips(view, a)
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


def _ships_the_last_chips(view: dict[str, Any], a: Action) -> bool:
    """A wharf's or small wharf's load (optional: "not now" is offered) whose barrels'
    VP take the last chips; a cargo ship's load is compulsory, so it is no choice."""
    if a["type"] == "load":
        if a.get("ship") != "wharf":
            return False
        seat = view["phase"]["turn"]
        vp = view["players"][seat]["goods"].get(a["good"], 0)
    else:  # the chartered ship: 1 VP for 2 barrels
        vp = a.get("count", 0) // 2
    return bool(0 < view["vp_chips"] <= vp)

"""Labels of the Smuggler's actions and of placing workers (Expansions III/IV).

Called by labels_x.py for the move codes from ``raid`` on; the same rules as there:
a plain dict with the move's parameters and a label template.
"""

from __future__ import annotations

from typing import Any

from ...core import catalog as C
from ...core.moves import CAPTURE, PLACE_WORKER, PLUNDER, POACH, RAID, TYPES, WHERE, Move
from ...core.state import PRState
from ...core.text import Said, Texts

TEXTS = Texts(__package__)  # this folder's texts.toml: its labels by key


def key(m: Move, s: PRState, p: int) -> Any:
    """What of the state a label reads (the memo key beside the move)."""
    code = m[0]
    if code == RAID:
        return (s.ship_cap[m[1]], s.ship_good[m[1]], s.ship_load[m[1]])
    if code == PLUNDER:
        return tuple(s.house)
    if code == POACH:
        return (s.col_ship, s.cit_ship, s.n)  # (poachable: down to the player count)
    if code == CAPTURE:
        return s.role_coins[s.cat.role_index[m[1]]]
    if code == PLACE_WORKER:
        return s.island[p][m[2]] if m[1] == 0 else s.city[p][m[2]]
    return None


def make(m: Move, s: PRState, p: int) -> dict[str, Any]:
    code = m[0]
    t = TYPES[code]
    if code == RAID:
        i, keep = m[1], m[2]
        g, load = s.ship_good[i], s.ship_load[i]
        return {"type": t, "ship": i, "keep": keep,
                "label": TEXTS.label("raid" if keep else "raid_none", cap=s.ship_cap[i],
                                     load=load, good=C.GOODS[g], keep=keep),
                "returned": load - keep}  # shown only: the barrels back to the supply
    if code == PLUNDER:
        k = len(s.house)
        return {"type": t, "label": TEXTS.label("plunder", count=k), "vp": k}
    if code == POACH:
        from .smuggler import KEEP_MAX, poachable

        k = poachable(s)  # shown only: how many leave the ship, how many are placed at once
        return {"type": t, "label": TEXTS.label("poach", count=k, places=min(KEEP_MAX, k)),
                "poached": k, "places": min(KEEP_MAX, k)}
    if code == CAPTURE:
        from .smuggler import CAPTURE_BOUNTY

        coins = s.role_coins[s.cat.role_index[m[1]]]
        # shown only: the card's doubloons now, the bank's if another player chooses it
        return {"type": t, "role": C.ROLES[m[1]],
                "label": TEXTS.label("capture_coins" if coins else "capture",
                                     role=C.ROLES[m[1]], coins=coins),
                "doubloons": coins, "bounty": CAPTURE_BOUNTY}
    if m[1] == 0:
        tile = s.island[p][m[2]]
        label = (TEXTS.label("place_quarry", count=1) if tile == C.QUARRY else
                 TEXTS.label("place_plantation", count=1, tile=C.TILES[tile]))
    else:
        label = TEXTS.label("place_building", count=1, building=C.BUILDINGS[s.city[p][m[2]]])
    return {"type": t, "where": WHERE[m[1]], "index": m[2], "label": label}


def decline(s: PRState, e: list[int]) -> Said:
    """``pass`` while placing workers."""
    return TEXTS.label("rest_in_san_juan" if e[3] else "rest_to_supply")

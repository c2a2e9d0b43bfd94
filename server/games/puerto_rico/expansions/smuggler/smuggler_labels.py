"""Labels of the Smuggler's actions and of placing workers (Expansions III/IV).

Called by labels_x.py for the move codes from ``raid`` on; the same rules as there:
a plain dict with the move's parameters and a label template.
"""

from __future__ import annotations

from typing import Any

from ...core import catalog as C
from ...core.moves import CAPTURE, PLACE_WORKER, PLUNDER, POACH, RAID, TYPES, WHERE, Move
from ...core.state import PRState
from ...core.text import VOCAB


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
    v = VOCAB[s.edition]
    code = m[0]
    t = TYPES[code]
    if code == RAID:
        i, keep = m[1], m[2]
        g, load = s.ship_good[i], s.ship_load[i]
        kept = f"keep {keep} {v.goods[g]}" if keep else "keep nothing"
        return {"type": t, "ship": i, "keep": keep,
                "label": f"Raid the {s.ship_cap[i]}-ship ({load} {v.goods[g]}): {kept}",
                "returned": load - keep}  # shown only: the barrels back to the supply
    if code == PLUNDER:
        k = len(s.house)
        return {"type": t, "label": f"Plunder the trading house: {k} {v.vp}", "vp": k}
    if code == POACH:
        from .smuggler import KEEP_MAX, poachable

        k = poachable(s)  # shown only: how many leave the ship, how many are placed at once
        return {"type": t, "label": f"Poach {v.people(k)} from the {v.ship}: "
                                    f"place up to {min(KEEP_MAX, k)} at once",
                "poached": k, "places": min(KEEP_MAX, k)}
    if code == CAPTURE:
        from .smuggler import CAPTURE_BOUNTY

        coins = s.role_coins[s.cat.role_index[m[1]]]
        extra = f" and its {v.coins(coins)}" if coins else ""
        # shown only: the card's doubloons now, the bank's if another player chooses it
        return {"type": t, "role": C.ROLES[m[1]],
                "label": f"Capture the {v.roles[m[1]]}{extra}",
                "doubloons": coins, "bounty": CAPTURE_BOUNTY}
    if m[1] == 0:
        tile = s.island[p][m[2]]
        where = "quarry" if tile == C.QUARRY else f"{v.tiles[tile]} {v.plantation}"
    else:
        where = v.buildings[s.city[p][m[2]]]
    return {"type": t, "where": WHERE[m[1]], "index": m[2],
            "label": f"Place {v.people(1)} on the {where}"}


def decline(s: PRState, e: list[int]) -> str:
    """``pass`` while placing workers."""
    v = VOCAB[s.edition]
    if e[3]:
        return f"Put the rest {v.in_san_juan}"
    return "Place no more: the rest go back to the supply"

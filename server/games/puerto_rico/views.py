"""What one viewer may see (docs/puerto-rico-view.md): everything but other players'
VP chips (unless open VP), the order of the face-down stack and the RNG."""

from __future__ import annotations

from typing import Any

from . import catalog as C
from .moves import build_cost
from .scoring import result
from .state import GAME_OVER, STEPS, PRState

_GOODS = C.GOODS


def _goods(v: list[int]) -> dict[str, int]:
    return {g: v[i] for i, g in enumerate(_GOODS)}


def view(s: PRState, viewer: int | None) -> dict[str, Any]:
    n = s.n
    over = s.step == GAME_OVER
    role_names = C.ROLES
    players = []
    for p in range(n):
        held = [role_names[r] for r in s.chosen if s.role_taken[r] == p]
        players.append(
            {
                "seat": p,
                "doubloons": s.coins[p],
                "goods": _goods(s.pgoods[p]),
                "vp_chips": s.vp[p] if (s.open_vp or viewer == p) else None,
                "san_juan": s.san_juan[p],
                "island": [
                    {"tile": C.TILES[t], "colonists": c}
                    for t, c in zip(s.island[p], s.island_col[p], strict=True)
                ],
                "city": [
                    {"building": C.BUILDINGS[b], "colonists": c}
                    for b, c in zip(s.city[p], s.city_col[p], strict=True)
                ],
                "city_spaces_used": s.spaces_used(p),
                "name": s.names[p],
                "role": held[-1] if held else None,  # the last chosen (the one in play)
                "roles": held,  # in the order chosen: up to 3 with two players
                "wharf_used": bool(s.wharf_used[p]),
                "is_governor": p == s.governor,
            }
        )
        if viewer == p and not over:  # what each building costs me now (build_cost)
            players[-1]["prices"] = {C.BUILDINGS[b]: build_cost(s, p, b) for b in range(C.NB)}
    return {
        "game": "puerto-rico",
        "options": {"edition": s.edition, "open_vp": s.open_vp, "names": list(s.names)},
        "players_count": n,
        "viewer": viewer,
        "round": s.round,
        "governor": s.governor,
        "phase": {
            "role": role_names[s.role] if s.role >= 0 else None,
            "role_player": s.role_player if s.role_player >= 0 else None,
            "step": STEPS[s.step],
            "turn": None if over else s.turn,
        },
        "to_move": [] if over else [s.turn],
        "roles": [
            {
                "id": role_names[r],
                "doubloons": s.role_coins[r],
                "taken_by": s.role_taken[r] if s.role_taken[r] >= 0 else None,
            }
            for r in s.roles
        ],
        "colonists": {"ship": s.col_ship, "supply": s.col_supply},
        "vp_chips": max(0, s.vp_supply),
        "goods": _goods(s.goods),
        "trading_house": [_GOODS[g] for g in s.house],
        "ships": [
            {
                "capacity": cap,
                "good": _GOODS[g] if g >= 0 else None,
                "load": load,
            }
            for cap, g, load in zip(s.ship_cap, s.ship_good, s.ship_load, strict=True)
        ],
        "plantations": {
            "face_up": [_GOODS[t] for t in s.face_up],
            "stack": len(s.stack),
            "discard": len(s.discard),
        },
        "quarries": s.quarries,
        "buildings": {C.BUILDINGS[b]: s.bsupply[b] for b in range(C.NB)},
        "players": players,
        "last_round": s.last_round,
        "over": over,
        "result": result(s).to_data() if over else None,
    }

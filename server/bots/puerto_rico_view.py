"""The view the Puerto Rico heuristic reads: the game's view without what it never reads.

A seat's view also carries, per player, ``harvest`` and ``vp_shown`` (and for the
viewer ``prices`` and ``sale_prices``): figures the client shows, computed from the
rules on every call. The heuristic reads none of them, and a search calls it at every
rollout step, where composing them took about a third of the view's time. This view is
the same dict without those keys (tests/bots/test_pr_lean_view.py compares it with
``game.view`` on positions of every expansion), built from the engine's own pieces.
"""

from __future__ import annotations

from typing import Any

from server.games.puerto_rico import catalog as C
from server.games.puerto_rico.state import GAME_OVER, PRState
from server.games.puerto_rico.views import _board, _city, _goods, _island, step_name
from server.games.puerto_rico.views import view as full_view

LEFT_OUT = ("harvest", "vp_shown", "prices", "sale_prices")
"""The players' keys this view leaves out."""


def lean_view(s: PRState, viewer: int | None) -> dict[str, Any]:
    """``game.view(s, viewer)`` without the players' ``LEFT_OUT`` keys."""
    if s.step == GAME_OVER:  # the result included: rare in a search, the full view
        out = full_view(s, viewer)
        for p in out["players"]:
            for key in LEFT_OUT:
                p.pop(key, None)
        return out
    n = s.n
    role_names = C.ROLES
    mover = s.pending[0][1] if s.pending else s.turn
    out: dict[str, Any] = {
        "game": "puerto-rico",
        "options": {
            "edition": s.edition,
            "open_vp": s.open_vp,
            "expansions": list(s.expansions),
            "names": list(s.names),
        },
        "players_count": n,
        "viewer": viewer,
        "round": s.round,
        "governor": s.governor,
        "phase": {
            "role": role_names[s.role] if s.role >= 0 else None,
            "role_player": s.role_player if s.role_player >= 0 else None,
            "step": step_name(s),
            "turn": mover,
        },
        "to_move": [mover],
        "roles": [
            {
                "id": role_names[r],
                "doubloons": s.role_coins[i],
                "taken_by": s.role_taken[i] if s.role_taken[i] >= 0 else None,
            }
            for i, r in enumerate(s.roles)
        ],
        "colonists": {"ship": s.col_ship, "supply": s.col_supply},
        "vp_chips": max(0, s.vp_supply),
        "goods": _goods(s.goods),
        "trading_house": [C.GOODS[g] for g in s.house],
        "ships": [
            {"capacity": cap, "good": C.GOODS[g] if g >= 0 else None, "load": load}
            for cap, g, load in zip(s.ship_cap, s.ship_good, s.ship_load, strict=True)
        ],
        "plantations": {
            "face_up": [C.GOODS[t] for t in s.face_up],
            "stack": len(s.stack),
            "discard": len(s.discard),
        },
        "quarries": s.quarries,
        "buildings": {C.BUILDINGS[b]: s.bsupply[b] for b in s.board},
        "players": [_player(s, p, viewer) for p in range(n)],
        "last_round": s.last_round,
        "over": False,
        "result": None,
    }
    if s.cat.cit:
        out["colonists"]["ship_citizens"] = s.cit_ship
        out["colonists"]["citizens_supply"] = s.cit_supply
    if s.cat.draft:
        out["board"] = _board(s)
    if s.cat.smug or s.cat.fest:
        from server.games.puerto_rico.festival_view import festival_view, smuggler_view

        if s.cat.smug:
            out["smuggler"] = smuggler_view(s)
        if s.cat.fest:
            out["festival"] = festival_view(s)
    return out


def _player(s: PRState, p: int, viewer: int | None) -> dict[str, Any]:
    held = [C.ROLES[r] for r in s.chosen if s.role_taken[s.roles.index(r)] == p]
    out = {
        "seat": p,
        "doubloons": s.coins[p],
        "goods": _goods(s.pgoods[p]),
        "vp_chips": s.vp[p] if (s.open_vp or viewer == p) else None,
        "san_juan": s.san_juan[p],
        "island": _island(s, p, viewer),
        "city": _city(s, p),
        "city_spaces_used": s.spaces_used(p),
        "name": s.names[p],
        "role": held[-1] if held else None,
        "roles": held,
        "wharf_used": bool(s.wharf_used[p]),
        "is_governor": p == s.governor,
    }
    if s.cat.cit:
        out["san_juan_citizens"] = s.san_juan_cit[p]
    if s.cat.nb:
        out["small_wharf_used"] = bool(s.charter_used[p])
        out["forests"] = sum(1 for t in s.island[p] if t >= C.FOREST)
    return out

"""What one viewer may see (docs/puerto-rico-view.md): everything but other players'
VP chips (unless open VP), the order of the face-down stack, the estates under the
others' forests and the RNG. Expansion keys appear only in games with that expansion,
so the base game's view keeps its shape."""

from __future__ import annotations

from typing import Any, NamedTuple

from server.engine.audience import Audience

from ..core import catalog as C
from ..core import interrupts, registry
from ..core.common import privileges
from ..core.costs import build_prices
from ..core.scoring import breakdown, result
from ..core.state import CHOOSE_ROLE, GAME_OVER, MAYOR, STEPS, PRState
from ..phases.craftsman import harvest
from ..phases.mayor import empty_circles
from ..phases.trader import sale_price
from .action_facts import confirm_arrangement
from .role_gains import said_gains

_GOODS = C.GOODS


def _goods(v: list[int]) -> dict[str, int]:
    return {g: v[i] for i, g in enumerate(_GOODS)}


def step_name(s: PRState) -> str:
    """The pending decision's name: an interrupt's, else the phase step's."""
    return interrupts.step_name(s) if s.pending and s.step != GAME_OVER else STEPS[s.step]


def _island(s: PRState, p: int, viewer: int | None) -> list[dict[str, Any]]:
    out = []
    cit = s.cat.cit
    for t, c, k in zip(s.island[p], s.island_col[p], s.island_cit[p], strict=True):
        if t >= C.FOREST:
            tile: dict[str, Any] = {"tile": "forest", "colonists": 0}
            if viewer == p:  # the owner knows the estate under it
                tile["estate"] = _GOODS[t - C.FOREST]
        else:
            tile = {"tile": C.TILES[t], "colonists": c}
        if cit:
            tile["citizens"] = k
        out.append(tile)
    return out


def _city(s: PRState, p: int) -> list[dict[str, Any]]:
    if s.cat.cit:
        return [
            {"building": C.BUILDINGS[b], "colonists": c, "citizens": k}
            for b, c, k in zip(s.city[p], s.city_col[p], s.city_cit[p], strict=True)
        ]
    return [
        {"building": C.BUILDINGS[b], "colonists": c}
        for b, c in zip(s.city[p], s.city_col[p], strict=True)
    ]


class _Shared(NamedTuple):
    """A player's parts that read the same to everyone: built once for the public entry
    and the owner's (views by audience), shared read-only by both."""

    goods: dict[str, int]
    island: list[dict[str, Any]]  # as others see it: no estate under a forest
    city: list[dict[str, Any]]
    held: list[str]
    harvest: dict[str, int] | None
    score: dict[str, int] | None  # breakdown(s, p), chips included
    forests: int


def _shared(s: PRState, p: int, figures: bool) -> _Shared:
    counted = figures and s.step != GAME_OVER
    return _Shared(
        goods=_goods(s.pgoods[p]), island=_island(s, p, None), city=_city(s, p),
        held=[C.ROLES[r] for r in s.chosen if s.role_taken[s.roles.index(r)] == p],
        harvest=_goods(harvest(s, p)) if counted else None,
        score=breakdown(s, p) if counted else None,
        forests=sum(1 for t in s.island[p] if t >= C.FOREST))


def _player(s: PRState, p: int, viewer: int | None, figures: bool = True,
            chips_open: bool = False, shared: _Shared | None = None) -> dict[str, Any]:
    sh = shared or _shared(s, p, figures)
    held = sh.held
    # a finished game hides nothing: everyone's chips on the final board and, once the
    # game is over, at every step of its replay (``chips_open``)
    seen = chips_open or s.open_vp or viewer == p or s.step == GAME_OVER
    out = {
        "seat": p,
        "doubloons": s.coins[p],
        "goods": sh.goods,
        "vp_chips": s.vp[p] if seen else None,
        "san_juan": s.san_juan[p],
        "island": _island(s, p, viewer) if viewer == p and sh.forests else sh.island,
        "city": sh.city,
        "city_spaces_used": s.spaces_used(p),
        "name": s.names[p],
        "role": held[-1] if held else None,  # the last chosen (the one in play)
        "roles": held,  # in the order chosen: up to 3 with two players
        "wharf_used": bool(s.wharf_used[p]),
        "is_governor": p == s.governor,
    }
    if figures and viewer == p and s.step != GAME_OVER:  # what each building costs me now
        prices = build_prices(s, p)
        out["prices"] = {C.BUILDINGS[b]: prices[b] for b in s.board}
        out["sale_prices"] = _sale_prices(s, p)
        if s.step == CHOOSE_ROLE and s.turn == p and not s.pending:  # mine alone
            gains = said_gains(s, p)  # by key too (``role_gains_k``): the reader's language
            out["role_gains"] = {role: said.tmpl for role, said in gains.items()}
            out["role_gains_k"] = {role: said.wire() for role, said in gains.items()}
        if s.step == MAYOR and s.turn == p and not s.pending:  # what the confirm leaves
            out["mayor_confirm"] = confirm_arrangement(s, p)
            out["empty_circles"] = empty_circles(s, p)  # the headline's (forests take none)
    if sh.harvest is not None and sh.score is not None:  # public: what a craftsman
        out["harvest"] = sh.harvest  # gives, the VP shown
        out["vp_shown"] = _hide_chips(sh.score) if not seen else sh.score
    if s.cat.cit:
        out["san_juan_citizens"] = s.san_juan_cit[p]
    if s.cat.nb:
        out["small_wharf_used"] = bool(s.charter_used[p])
        out["forests"] = sh.forests
    return out


def _sale_prices(s: PRState, p: int) -> dict[str, int]:
    """What one barrel of each kind brings p now (the trader's privilege only while p
    is the trader), and ``privilege``: what the privilege would add."""
    out = {g: sale_price(s, p, i) for i, g in enumerate(_GOODS)}
    out["privilege"] = privileges(s, p)
    return out


def vp_shown(s: PRState, p: int, chips_seen: bool) -> dict[str, int]:
    """The final score's parts that would count now, as far as the viewer may see
    them: without the chips (and the customs house, a quarter of them) when hidden."""
    score = breakdown(s, p)
    return score if chips_seen else _hide_chips(score)


def _hide_chips(score: dict[str, int]) -> dict[str, int]:
    """The score's parts without the chips and the customs house (a quarter of them)."""
    hidden = ("vp_chips", C.BUILDINGS[C.CUSTOMS_HOUSE])
    return {k: v for k, v in score.items() if k not in hidden}


def _board(s: PRState) -> dict[str, Any]:
    """The drafted board: each space by cost with its building, and what may still
    be placed (the view's candidates, in id order)."""
    costs = s.cat.space_costs
    spaces = [
        {"cost": costs[i], "building": C.BUILDINGS[b] if b >= 0 else None}
        for i, b in enumerate(s.spaces)
    ]
    open_costs = {costs[i] for i, b in enumerate(s.spaces) if b < 0}
    candidates = [
        C.BUILDINGS[b] for b in s.cat.candidates if b not in s.board and C.COST[b] in open_costs
    ]
    # (a two-player Tailor Shop brings 2 copies from rules 5: ``copies`` says so)
    copies = {C.BUILDINGS[b]: s.cat.copies[b] for b in s.cat.candidates if s.cat.copies[b] > 1}
    return {"spaces": spaces, "candidates": candidates,
            "copies_per_space": 1 if s.n == 2 else 2, "copies": copies}


def view(s: PRState, viewer: int | None, figures: bool = True,
         chips_open: bool = False, shared: list[_Shared] | None = None) -> dict[str, Any]:
    """A seat's view (``viewer`` None: a spectator's). Without ``figures``, the players'
    harvest, vp_shown, prices and sale_prices (what the client shows, computed from the
    rules at every call) are left out: the search bots' rollouts never read them.
    ``chips_open``: everyone's VP chips shown (the replay of a finished game)."""
    n = s.n
    over = s.step == GAME_OVER
    role_names = C.ROLES
    mover = -1 if over else (s.pending[0][1] if s.pending else s.turn)
    out: dict[str, Any] = {
        "game": "puerto-rico",
        "options": {
            "edition": s.edition,
            "open_vp": s.open_vp,
            "expansions": list(s.expansions),
            "names": list(s.names),
        },
        "players_count": n,
        "round": s.round,
        "governor": s.governor,
        "phase": {
            "role": role_names[s.role] if s.role >= 0 else None,
            "role_player": s.role_player if s.role_player >= 0 else None,
            "step": step_name(s),
            "turn": None if over else mover,
        },
        "to_move": [] if over else [mover],
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
        "buildings": {C.BUILDINGS[b]: s.bsupply[b] for b in s.board},
        "players": [_player(s, p, viewer, figures, chips_open, shared[p] if shared else None)
                    for p in range(n)],
        "last_round": s.last_round,
        "over": over,
        "result": result(s).to_data() if over else None,
    }
    if s.cat.cit:
        out["colonists"]["ship_citizens"] = s.cit_ship
        out["colonists"]["citizens_supply"] = s.cit_supply
    if s.cat.draft:
        out["board"] = _board(s)
    if s.cat.smug or s.cat.fest:  # Expansions III and IV (all public)
        from ..expansions.festival.festival_view import festival_view, smuggler_view

        if s.cat.smug:
            out["smuggler"] = smuggler_view(s)
        if s.cat.fest:
            out["festival"] = festival_view(s)
    out.update(_own_keys(s, viewer))
    return out


def _own_keys(s: PRState, viewer: int | None) -> dict[str, Any]:
    """The top-level keys that are the viewer's own (server/engine/audience.py): an
    expansion's own parts (registry.view) may depend on who looks."""
    out: dict[str, Any] = {"viewer": viewer}
    for x, key, part in registry.VIEWS:
        if x in s.expansions:
            out[key] = part(s, viewer)
    return out


def audience(s: PRState) -> Audience:
    """Every viewer's view in one go: the public one, each player's board as its owner
    sees it (VP chips, prices, the estate under a face-down tile)."""
    shared = [_shared(s, p, True) for p in range(s.n)]
    return Audience(public=view(s, None, shared=shared),
                    owners=[_player(s, p, p, shared=shared[p]) for p in range(s.n)],
                    own_keys=[_own_keys(s, p) for p in range(s.n)])

"""Captain phase: loading in turns until nobody can, wharf, harbor, storage, unloading.

Loading rules (001 and 000): one kind per turn, as many barrels as fit; a kind already
aboard goes only on that ship; a new kind goes on an empty ship that takes the most of
it (any of several that take them all); no two ships carry the same kind. A player who
can load on a ship must load (the wharf counts as loading); one who could only use his
wharf (or small wharf) may pass. From rules 6 (``WHARF_WHEN_RULES``) the owner chooses
*when* (000: "may choose when during the Shipment phase"): a pass lasts until somebody
loads, and he is asked again on each later turn while his wharf can still be used; the
phase ends once every player in turn has passed or cannot load (``wharf_declined``:
passed since the last load). Under rules 5 and older the pass gave the wharves up for
the phase (its stored games replay so).

The VP for the barrels are compulsory; the harbor's point and (classic only) the
captain's privilege point may be declined (step ``captain_vp``: one decision per
point, privilege first) while they would come from the chips. Once the chips are gone
they are pencil-and-paper points that cannot end the game, and are simply counted.
"""

from __future__ import annotations

from ..core import calc
from ..core import catalog as C
from ..core.common import CONTINUE, PHASE_OVER, Events, award_vp, order_from, privileges, tell
from ..core.extend import POINTS
from ..core.moves import (
    CAPTAIN_VP_MOVE,
    CHARTER,
    HARBOR_VP_MOVE,
    LOAD,
    PASS,
    PASS_MOVE,
    STORE,
    Move,
)
from ..core.state import CAPTAIN, CAPTAIN_EXTRA, CAPTAIN_STORE, PRState
from ..core.text import Said, line
from .storage import next_storer, store, store_options

W = C.WHARF_SHIP
R_LOADING, R_CHARTERED = 16, 17  # resume: loading begins; a chartered ship is loaded
RESUMES = frozenset((R_LOADING, R_CHARTERED))
WHARF_WHEN_RULES = 6  # a pass keeps the wharves for his later turns (docs/rules-notes.md)


def start(s: PRState, ev: Events) -> int:
    n = s.n
    s.wharf_used = [0] * n
    s.wharf_declined = [0] * n
    s.charter_used = [0] * n
    s.captain_loaded = False
    s.vp_pending = 0
    s.step = CAPTAIN
    if POINTS.captain_start(s, ev):  # lighthouse, union hall, ... (their expansions')
        return R_LOADING
    return _next_loader(s, ev, s.role_player, first_turn=True)


def _can_load(s: PRState, p: int) -> bool:
    """``bool(options(s, p))``, asked of each player in turn: a good of his fits a ship
    (the ship that has its kind, else an empty one) without listing the loads; else
    the list decides (the wharves' loads)."""
    mine = s.pgoods[p]
    cap, good, load = s.ship_cap, s.ship_good, s.ship_load
    k = len(cap)
    empty = False
    for j in range(k):
        if good[j] < 0 and cap[j]:
            empty = True
    for g in range(5):
        if mine[g]:
            for j in range(k):
                if good[j] == g:
                    if load[j] < cap[j]:
                        return True
                    break
            else:
                if empty:
                    return True
    return bool(options(s, p))


def options(s: PRState, p: int) -> list[Move]:
    mine = s.pgoods[p]
    cap, good, load = s.ship_cap, s.ship_good, s.ship_load
    k = len(cap)
    moves: list[Move] = []
    for g in range(5):
        have = mine[g]
        if not have:
            continue
        aboard = -1
        for j in range(k):
            if good[j] == g:
                aboard = j
                break
        if aboard >= 0:
            if load[aboard] < cap[aboard]:
                moves.append((LOAD, g, aboard))
            continue
        best = 0
        for j in range(k):
            if good[j] < 0:
                fit = have if have < cap[j] else cap[j]
                if fit > best:
                    best = fit
        if best:
            for j in range(k):
                if good[j] < 0 and min(have, cap[j]) == best:
                    moves.append((LOAD, g, j))
    optional = 0  # loads he may decline: the wharf's, the small wharf's
    wharf_at = s.bpos[p][C.WHARF]  # (``s.occupied``, inlined: asked at every load)
    if (wharf_at >= 0 and s.city_col[p][wharf_at] and not s.wharf_used[p]
            and not s.wharf_declined[p]):
        wharf = [(LOAD, g, W) for g in range(5) if mine[g]]
        moves.extend(wharf)
        optional += len(wharf)
    if s.cat.nb:  # (Expansion I's small wharf: its own ship; a base game asks nobody)
        charter = POINTS.own_ship_moves(s, p)
        moves.extend(charter)
        optional += len(charter)
    if optional and optional == len(moves):
        moves.append(PASS_MOVE)
    return moves


PRIVILEGE_POINT, HARBOR_POINT = 1, 2  # bits of vp_pending
_CAPTAIN_CHOICE = [CAPTAIN_VP_MOVE, PASS_MOVE]
_HARBOR_CHOICE = [HARBOR_VP_MOVE, PASS_MOVE]


def legal(s: PRState) -> list[Move]:
    if s.step == CAPTAIN_STORE:
        return store_options(s, s.turn)
    if s.step == CAPTAIN_EXTRA:
        return _CAPTAIN_CHOICE if s.vp_pending & PRIVILEGE_POINT else _HARBOR_CHOICE
    return options(s, s.turn)


def act(s: PRState, m: Move, ev: Events) -> int:
    p = s.turn
    if s.step == CAPTAIN_EXTRA:
        point = PRIVILEGE_POINT if s.vp_pending & PRIVILEGE_POINT else HARBOR_POINT
        s.vp_pending &= ~point
        why = "privilege" if point == PRIVILEGE_POINT else C.BUILDINGS[C.HARBOR]
        k = privilege(s) if point == PRIVILEGE_POINT else 1
        if m[0] == PASS:
            tell(ev, p, "pass", "chip_leave_one" if k == 1 else "chip_leave", seat=p, why=why)
        else:
            award_vp(s, p, k, ev, line("chip_take_one" if k == 1 else "chip_take", seat=p,
                                       count=k, why=why) if ev is not None else "")
        return _extra_points(s, ev)
    if m[0] == STORE:
        store(s, p, m, ev)
        return next_storer(s, ev, s.phase_i + 1)
    if m[0] == PASS:
        s.wharf_declined[p] = 1  # (both wharves: his goods cannot become loadable)
        if ev is not None:
            now = "_now" if s.rules >= WHARF_WHEN_RULES else ""
            ships = _optional_ships(s, p)
            if len(ships) > 1:
                tell(ev, p, "pass", "ships_not_both" + now, seat=p, ship=ships[0], own=ships[1])
            else:
                tell(ev, p, "pass", "ships_not" + now, seat=p, ship=ships[0])
        return _next_loader(s, ev, (p + 1) % s.n)
    _loaded(s)
    if m[0] == CHARTER:
        if POINTS.own_ship_load(s, p, m, ev):
            return R_CHARTERED
        return _extra_points(s, ev)
    g, j = m[1], m[2]
    have = s.pgoods[p][g]
    if j == W:
        k = have
        s.wharf_used[p] = 1
        s.goods[g] += k
    else:
        room = s.ship_cap[j] - s.ship_load[j]
        k = have if have < room else room
        s.ship_load[j] += k
        s.ship_good[j] = g
    s.pgoods[p][g] -= k
    text: str | Said = ""  # (the quiet path writes no log)
    if ev is not None:
        if j == W:
            text = line("ship_wharf", seat=p, count=k, good=C.GOODS[g])
        else:
            text = line("ship", seat=p, count=k, good=C.GOODS[g], cap=s.ship_cap[j],
                        load=s.ship_load[j])
    points(s, p, k, text, ev)
    return _extra_points(s, ev)


def _loaded(s: PRState) -> None:
    """A load (cargo, wharf or chartered ship): from rules 6 everyone who passed is
    asked again on his next turn (the state has changed: the phase goes on)."""
    declined = s.wharf_declined
    if s.rules >= WHARF_WHEN_RULES and any(declined):
        for q in range(s.n):
            declined[q] = 0


def points(s: PRState, p: int, gain: int, text: str | Said, ev: Events) -> None:
    """The VP of a load: the barrels', then the harbor's and the captain's privilege
    point (two with a manned library), asked while the chips last (``vp_pending``);
    then what follows a load (calc.AFTER_LOAD: a manned lighthouse's doubloon)."""
    optional = HARBOR_POINT if s.occupied(p, C.HARBOR) else 0
    if p == s.role_player and not s.captain_loaded:
        s.captain_loaded = True
        if s.edition == "1897":  # 000: the captain's advantage is not optional
            gain += privilege(s)
        else:  # 001: "he may choose not to use the ... privilege"
            optional |= PRIVILEGE_POINT
    if s.vp_supply - gain <= 0:  # the chips run out with this load: nothing to decide
        gain += (privilege(s) if optional & PRIVILEGE_POINT else 0) + (optional >> 1)
        optional = 0
    award_vp(s, p, gain, ev, text)
    s.vp_pending = optional
    for fn in calc.at(s, calc.AFTER_LOAD):  # the lighthouse's doubloon (Expansion I)
        fn(s, p, ev)


def privilege(s: PRState) -> int:
    """The captain's privilege in VP: 1, or 2 with a manned library (Expansion I)."""
    return privileges(s, s.role_player)


def _optional_ships(s: PRState, p: int) -> list[str]:
    """The wharves p does not use: the wharf, his own ship's building, or both."""
    own = calc.first_building(s, p, calc.OWN_SHIP)  # the small wharf (Expansion I)
    if own >= 0:
        if s.occupied(p, C.WHARF):
            return [C.BUILDINGS[C.WHARF], C.BUILDINGS[own]]
        return [C.BUILDINGS[own]]
    return [C.BUILDINGS[C.WHARF]]


def _extra_points(s: PRState, ev: Events) -> int:
    """Ask for the next optional point while it would come from the chips; count it
    without asking once they are gone; then the next player loads."""
    p = s.turn
    while s.vp_pending:
        if s.vp_supply > 0:
            s.step = CAPTAIN_EXTRA
            return CONTINUE
        point = PRIVILEGE_POINT if s.vp_pending & PRIVILEGE_POINT else HARBOR_POINT
        s.vp_pending &= ~point
        why = "privilege" if point == PRIVILEGE_POINT else C.BUILDINGS[C.HARBOR]
        k = privilege(s) if point == PRIVILEGE_POINT else 1
        award_vp(s, p, k, ev, line("extra_points", seat=p, count=k, why=why)
                 if ev is not None else "")
    s.step = CAPTAIN
    return _next_loader(s, ev, (p + 1) % s.n)


def _next_loader(s: PRState, ev: Events, first: int, first_turn: bool = False) -> int:
    goods = s.pgoods
    for p in order_from(s, first):
        if any(goods[p]) and _can_load(s, p):  # (every load is of a good he has)
            s.turn = p
            return CONTINUE
    tell(ev, None, "ship", "nobody_loads" if first_turn else "nobody_loads_more")
    return PHASE_OVER


def wrap_up(s: PRState, ev: Events) -> int:
    """After the loading (and the end hooks): storage, in order from the captain."""
    return next_storer(s, ev, 0)


def resume(s: PRState, ev: Events, code: int) -> int:
    if code == R_LOADING:  # the start's buildings have been asked
        return _next_loader(s, ev, s.role_player, first_turn=True)
    if code == R_CHARTERED:  # the chartered ship is loaded: its points
        return _extra_points(s, ev)
    raise ValueError(f"the captain phase has no resume code {code}")


def finish(s: PRState, ev: Events) -> None:
    """Full ships are unloaded; partly full ones keep their cargo. The wharf and the
    captain's privilege start afresh with the next captain phase."""
    n = s.n
    s.wharf_used = [0] * n
    s.wharf_declined = [0] * n
    s.charter_used = [0] * n
    s.captain_loaded = False
    for j, cap in enumerate(s.ship_cap):
        if s.ship_load[j] >= cap:
            g = s.ship_good[j]
            s.goods[g] += s.ship_load[j]
            s.ship_load[j] = 0
            s.ship_good[j] = -1
            tell(ev, None, "ship", "unload", cap=cap, good=C.GOODS[g])


def begin_turn(s: PRState) -> None:
    return None

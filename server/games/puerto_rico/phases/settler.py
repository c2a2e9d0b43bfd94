"""Settler phase: plantations and quarries, hacienda, construction hut, hospice, refill.

After placing a tile, the owner of an occupied hospice decides whether to take a
colonist for it (001/000: "may take"; step ``settler_hospice``, declined by ``pass``);
the 1897 hospital may staff either of the two tiles placed with a hacienda. With no
colonist in the supply or on the ship there is nothing to decide.

Expansion I: a forest house's owner may place an estate as a forest (forests.py; the
hospital's colonist for a forest goes to San Juan); a settler whose library is
occupied takes a second tile after everyone else (an estate, a quarry only with a
construction hut, no hacienda and no hospice colonist for it: phase_i = n).
"""

from __future__ import annotations

from ..core import catalog as C
from ..core.common import (
    CONTINUE,
    PHASE_DONE,
    TURN_OVER,
    Events,
    add_tile,
    colonist_source,
    privileges,
    take_colonist,
    tell,
    who,
)
from ..core.extend import FROM_HACIENDA, POINTS
from ..core.moves import FOREST, HACIENDA, HOSPICE, PASS, PASS_MOVE, PLANTATION, QUARRY, Move
from ..core.state import SETTLER, SETTLER_HOSPICE, PRState
from ..core.text import VOCAB

_QUARRY_MOVE: Move = (QUARRY,)
_HACIENDA_MOVE: Move = (HACIENDA,)
_PLANT = tuple((PLANTATION, t) for t in range(5))
_FOREST = tuple((FOREST, t) for t in range(5))
R_HACIENDA_PLACED = 16  # resume: the hacienda's tile was placed after a forest choice
RESUMES = frozenset((R_HACIENDA_PLACED,))


def begin_turn(s: PRState) -> None:
    s.step = SETTLER
    s.hacienda_tile = -1


def start(s: PRState, ev: Events) -> int:
    begin_turn(s)
    return CONTINUE


def legal(s: PRState) -> list[Move]:
    p = s.turn
    isl = s.island[p]
    if s.step == SETTLER_HOSPICE:
        return [(HOSPICE, i) for i in hospice_tiles(s)] + [PASS_MOVE]
    if len(isl) >= C.ISLAND_SPACES:
        return [PASS_MOVE]
    second = s.phase_i >= s.n  # the library's second tile
    moves: list[Move] = []
    pos, col = s.bpos[p], s.city_col[p]  # (``s.occupied``, inlined: every settler turn)
    if (s.hacienda_tile < 0 and not second and (s.stack or s.discard)
            and pos[C.HACIENDA] >= 0 and col[pos[C.HACIENDA]]):
        moves.append(_HACIENDA_MOVE)
    seen = 0
    for t in s.face_up:
        if not seen >> t & 1:
            seen |= 1 << t
            moves.append(_PLANT[t])
    if seen and POINTS.may_plant_forests(s, p):  # a forest house's owner (Expansion I)
        moves.extend(_FOREST[t] for t in range(5) if seen >> t & 1)
    if s.quarries > 0 and (
        (p == s.role_player and not second)
        or (pos[C.CONSTRUCTION_HUT] >= 0 and col[pos[C.CONSTRUCTION_HUT]])
    ):
        moves.append(_QUARRY_MOVE)
    moves.append(PASS_MOVE)
    return moves


def act(s: PRState, m: Move, ev: Events) -> int:
    p = s.turn
    v = VOCAB[s.edition]
    code = m[0]
    isl = s.island[p]
    if s.step == SETTLER_HOSPICE:
        if code == HOSPICE:
            _hospice(s, p, m[1], ev)
        else:
            tell(ev, p, "pass", "hospice_not", seat=p)
        s.step = SETTLER
        return _turn_over(s, ev)
    if code == HACIENDA:
        if not s.stack:
            _reshuffle(s, ev)
        t = s.stack.pop()
        if POINTS.drawn_tile(s, p, t, FROM_HACIENDA, ev):  # a forest house: he looks, then decides
            if ev is not None:
                ev.append({"seat": p, "kind": "settler",
                           "text": f"{who(s, p)} draws a face-down {v.plantation} "
                                   f"({v.buildings[C.HACIENDA]})",
                           "private": {str(p): f"({POINTS.tile_secret(s, t)})"}})
            return R_HACIENDA_PLACED
        add_tile(s, p, t)
        s.hacienda_tile = len(isl) - 1
        tell(ev, p, "settler", "hacienda", seat=p, tile=C.TILES[t])
        if len(isl) < C.ISLAND_SPACES:
            return CONTINUE
        return _after_pass(s, p, ev)
    if code == PASS:
        if ev is not None:
            if len(isl) >= C.ISLAND_SPACES:
                why = "settle_no_room"
            elif s.forced:
                why = "settle_none_left"
            else:
                why = "settle_nothing" if s.hacienda_tile < 0 else "settle_nothing_more"
            tell(ev, p, "pass", why, seat=p)
        return _after_pass(s, p, ev)
    if code == QUARRY:
        s.quarries -= 1
        t = C.QUARRY
        how = "privilege" if p == s.role_player else C.BUILDINGS[C.CONSTRUCTION_HUT]
        if s.phase_i >= s.n:
            how = C.BUILDINGS[C.CONSTRUCTION_HUT]
        tell(ev, p, "settler", "quarry", seat=p, by=how)
    elif code == FOREST:
        t = m[1]
        s.face_up.remove(t)
        tell(ev, p, "settler", "forest", seat=p, tile=C.TILES[t])
        t += C.FOREST
    else:
        t = m[1]
        s.face_up.remove(t)
        tell(ev, p, "settler", "plantation", seat=p, tile=C.TILES[t])
    add_tile(s, p, t)
    return _offer_hospice(s, p, ev)


def _after_pass(s: PRState, p: int, ev: Events) -> int:
    """1897: a hospital owner who placed only the hacienda tile may staff that one."""
    if s.edition == "1897" and s.hacienda_tile >= 0:
        return _offer_hospice(s, p, ev)
    return _turn_over(s, ev)


def _offer_hospice(s: PRState, p: int, ev: Events) -> int:
    if s.phase_i < s.n and s.occupied(p, C.HOSPICE) and colonist_source(s) is not None:
        s.step = SETTLER_HOSPICE
        return CONTINUE
    return _turn_over(s, ev)


def _turn_over(s: PRState, ev: Events) -> int:
    """The turn is over; after the last one, the library's second tile for the settler.
    After the phase's very last tile, before the refresh, an expansion may act on it
    (the festival's estate goal, rules 6: its tile then lies in the row the refresh
    discards, and the turn passes once its workers are placed)."""
    if (s.phase_i == s.n - 1 and privileges(s, s.role_player) == 2
            and len(s.island[s.role_player]) < C.ISLAND_SPACES):
        s.phase_i = s.n
        s.turn = s.role_player
        begin_turn(s)
        return CONTINUE
    s.hacienda_tile = -1
    if s.phase_i >= s.n - 1:
        POINTS.settler_end(s, ev)
    return TURN_OVER


def hospice_tiles(s: PRState) -> list[int]:
    """The island indexes the hospice colonist may go to: the tile just placed; in
    1897 also the hacienda's tile (one index per kind: the same kind is the same choice).
    Classic: never the hacienda's tile (001: "he does not get a colonist for the extra
    tile"), so a classic player who placed only that tile has no decision."""
    isl = s.island[s.turn]
    last = len(isl) - 1
    h = s.hacienda_tile
    if h < 0 or s.edition != "1897":
        return [last]
    if h == last or min(isl[h], C.FOREST) == min(isl[last], C.FOREST):  # forests alike
        return [last]
    return [h, last]


def _hospice(s: PRState, p: int, i: int, ev: Events) -> None:
    kind = take_colonist(s)
    t = s.island[p][i]
    if kind and t >= C.FOREST:  # Expansion I: for a forest, the colonist waits in San Juan
        s.san_juan[p] += 1
        s.san_juan_cit[p] += kind == 2
        tell(ev, p, "settler", "hospice_forest", seat=p)
    elif kind:
        s.island_col[p][i] = 1
        if kind == 2:
            s.island_cit[p][i] = 1
        if t == C.QUARRY:
            tell(ev, p, "settler", "hospice_quarry", seat=p)
        else:
            tell(ev, p, "settler", "hospice", seat=p, tile=C.TILES[t])


def _reshuffle(s: PRState, ev: Events) -> None:
    s.stack = s.discard + s.stack
    s.discard = []
    s.rng.shuffle(s.stack)
    tell(ev, None, "settler", "reshuffle")


def wrap_up(s: PRState, ev: Events) -> int:
    return PHASE_DONE


def resume(s: PRState, ev: Events, code: int) -> int:
    if code != R_HACIENDA_PLACED:
        raise ValueError(f"the settler phase has no resume code {code}")
    if len(s.island[s.turn]) < C.ISLAND_SPACES:
        return CONTINUE
    return _after_pass(s, s.turn, ev)


def finish(s: PRState, ev: Events) -> None:
    """Discard the untaken tiles, then turn up one more than the players (reshuffling)."""
    s.hacienda_tile = -1
    s.discard.extend(s.face_up)
    s.face_up = []
    want = s.n + 1
    while len(s.face_up) < want:
        if not s.stack:
            if not s.discard:
                break
            _reshuffle(s, ev)
        s.face_up.append(s.stack.pop())
    s.face_up.sort()

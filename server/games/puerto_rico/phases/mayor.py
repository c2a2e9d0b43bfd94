"""Mayor phase: privilege colonist, the ship dealt one by one, placement, ship refill.

The mayor first decides whether to take his privilege colonist from the supply (001:
"may first take one colonist"; declining keeps it there, which can keep the ship
refillable and the game going); with an empty supply there is nothing to decide.

A player's turn starts with his colonists where they were and the new ones in San Juan.
He may keep that arrangement (``mayor_done``; any colonists still waiting fill every
empty circle when they are enough to), or lift all colonists back to San Juan once
(``mayor_lift``) and place them one by one (``mayor_place``). ``mayor_done`` is legal as
soon as no circle stays empty while a colonist waits. Under rules 4 (``s.rules``) a
player who has acted confirms with ``mayor_done`` and may take back (mayor_undo.py)
until then; under rules 2 and 3 the last placement ends the turn by itself.
"""

from __future__ import annotations

from server.wording import part

from ..core import catalog as C
from ..core.common import CONTINUE, PHASE_DONE, TURN_OVER, Events, fill_ship, privileges, tell
from ..core.moves import (
    DONE_MOVE,
    LIFT_MOVE,
    MAYOR_COLONIST,
    MAYOR_COLONIST_MOVE,
    MAYOR_DONE,
    MAYOR_LIFT,
    MAYOR_PLACE,
    MAYOR_UNDO,
    PASS,
    PASS_MOVE,
    Move,
)
from ..core.state import MAYOR, MAYOR_PRIVILEGE, PRState
from . import mayor_undo

_ISLAND = tuple((MAYOR_PLACE, 0, i) for i in range(C.ISLAND_SPACES))
_ISLAND_CITIZEN = tuple((MAYOR_PLACE, 0, i, 1) for i in range(C.ISLAND_SPACES))
_CITY = tuple((MAYOR_PLACE, 1, i) for i in range(C.CITY_SPACES))
_CITY_CITIZEN = tuple((MAYOR_PLACE, 1, i, 1) for i in range(C.CITY_SPACES))
ANY_KIND_RULES = 5
"""From rules 5 the player chooses a worker or a citizen for every placement, wherever
both wait in his San Juan (rules notes, "worker or citizen")."""


def begin_turn(s: PRState) -> None:
    s.step = MAYOR
    s.mayor_fresh = True
    s.placed = []


def start(s: PRState, ev: Events) -> int:
    if s.col_supply > 0:
        s.step = MAYOR_PRIVILEGE
        return CONTINUE
    return _arrive(s, ev)


def _privilege(s: PRState, m: Move, ev: Events) -> int:
    p = s.role_player
    if m[0] == MAYOR_COLONIST:
        k = m[1] if len(m) > 1 else 1
        s.col_supply -= k
        s.san_juan[p] += k
        tell(ev, p, "mayor", "mayor_take", seat=p, count=k)
    else:
        tell(ev, p, "pass", "mayor_leave", seat=p)
    return _arrive(s, ev)


def _arrive(s: PRState, ev: Events) -> int:
    """The ship's colonists, dealt one at a time from the mayor; then placement."""
    p = s.role_player
    n = s.n
    k = s.col_ship
    for i in range(k):
        s.san_juan[(p + i) % n] += 1
    s.col_ship = 0
    cit = s.cit_ship
    if cit:  # the citizen is dealt first, to the mayor (rules notes)
        for i in range(cit):
            s.san_juan_cit[(p + i) % n] += 1
        s.cit_ship = 0
    if ev is not None:
        _shares(s, p, k, _brought(k, cit), ev)
    begin_turn(s)
    return CONTINUE


def _brought(k: int, cit: int) -> dict[str, object]:
    """The colonists a ship brings (a part of a line)."""
    return part("brought_cit", count=k, cit=cit) if cit else part("brought", count=k)


def _shares(s: PRState, p: int, k: int, brought: dict[str, object], ev: Events) -> None:
    """The ship's arrival: who got how many of its colonists (dealt one by one from the
    mayor)."""
    n = s.n
    base, extra = divmod(k, n)
    if not extra:
        if base:
            tell(ev, None, "mayor", "arrive_even", brought=brought, base=base)
        else:
            tell(ev, None, "mayor", "arrive", brought=brought)
        return
    seats = [(p + i) % n for i in range(extra)]
    key = "arrive_uneven_rest" if base else "arrive_uneven"
    tell(ev, None, "mayor", key, brought=brought, more=base + 1, seats=seats, base=base)


def circles(s: PRState, p: int) -> int:
    """Every circle of p's island: one per tile but forests, and the buildings'."""
    k = len(s.island[p])
    cir = C.CIRCLES
    for b in s.city[p]:  # (a loop: cheaper than ``map`` over ``__getitem__`` on 3.11)
        k += cir[b]
    if s.cat.nb:
        k -= forests(s, p)
    return k


def forests(s: PRState, p: int) -> int:
    k = 0
    forest = C.FOREST
    for t in s.island[p]:
        if t >= forest:
            k += 1
    return k


def placed(s: PRState, p: int) -> int:
    return sum(s.island_col[p]) + sum(s.city_col[p])


def empty_circles(s: PRState, p: int) -> int:
    return circles(s, p) - placed(s, p)


def legal(s: PRState) -> list[Move]:
    if s.step == MAYOR_PRIVILEGE:
        return _privilege_moves(s)
    p = s.turn
    sj = s.san_juan[p]
    confirm = s.rules >= mayor_undo.CONFIRM_RULES
    if not sj and not s.mayor_fresh:  # nobody waits, nothing to rearrange (every turn's end)
        return mayor_undo.confirm(s, p) if confirm else [DONE_MOVE]
    isl, icol = s.island[p], s.island_col[p]
    city, ccol = s.city[p], s.city_col[p]
    cir = C.CIRCLES
    forest = C.FOREST
    both = s.cat.cit and 0 < s.san_juan_cit[p] < sj  # workers and citizens wait
    anywhere = both and s.rules >= ANY_KIND_RULES  # the kind is chosen on every place
    places: list[Move] = []  # one per empty tile kind, one per building with room
    empty = 0
    seen = 0
    for i, t in enumerate(isl):
        if not icol[i] and t < forest:
            empty += 1
            if not seen >> t & 1:
                seen |= 1 << t
                places.append(_ISLAND[i])
                if anywhere:
                    places.append(_ISLAND_CITIZEN[i])
    for i, b in enumerate(city):
        room = cir[b] - ccol[i]
        if room:
            empty += room
            places.append(_CITY[i])
            if both and (anywhere or b in C.KIND_MATTERS):
                places.append(_CITY_CITIZEN[i])
    if sj >= empty and not (both and ((anywhere and empty) or _kind_open(s, p))):
        # everyone fits and no kind is left to choose: all are placed
        return mayor_undo.confirm(s, p) if confirm and not s.mayor_fresh else [DONE_MOVE]
    fresh = s.mayor_fresh and (any(icol) or any(ccol))
    if not sj and not fresh:
        return [DONE_MOVE]
    moves: list[Move] = [LIFT_MOVE] if fresh else []
    if sj:
        moves += places
    else:
        moves.append(DONE_MOVE)
    if confirm:  # take-backs last, as the quiet path (game.moves) expects
        moves += mayor_undo.take_backs(s, p)
    elif s.placed and len(moves) > 1:  # the last placement may go back (never alone)
        moves.append(mayor_undo.UNDO_MOVE)
    return moves


_TWO: Move = (MAYOR_COLONIST, 2)


def _privilege_moves(s: PRState) -> list[Move]:
    """Take the privilege colonist or not; with an occupied library (Expansion I) the
    privilege is doubled: two, or one, or none."""
    if s.col_supply >= 2 and privileges(s, s.role_player) == 2:
        return [_TWO, MAYOR_COLONIST_MOVE, PASS_MOVE]
    return [MAYOR_COLONIST_MOVE, PASS_MOVE]


def _kind_open(s: PRState, p: int) -> bool:
    """An empty building where a worker and a citizen differ (then filling every
    circle at once would choose the kind for the player)."""
    ccol = s.city_col[p]
    return any(b in C.KIND_MATTERS and not ccol[i] for i, b in enumerate(s.city[p]))


def act(s: PRState, m: Move, ev: Events) -> int:
    p = s.turn
    code = m[0]
    if s.step == MAYOR_PRIVILEGE:
        assert code in (MAYOR_COLONIST, PASS)
        return _privilege(s, m, ev)
    if code == MAYOR_PLACE:
        s.san_juan[p] -= 1
        # a citizen when asked for, or when no worker is waiting
        citizen = len(m) > 3 or s.san_juan_cit[p] > s.san_juan[p]
        if m[1] == 0:
            s.island_col[p][m[2]] += 1
            if citizen:
                s.island_cit[p][m[2]] += 1
        else:
            s.city_col[p][m[2]] += 1
            if citizen:
                s.city_cit[p][m[2]] += 1
        if citizen:
            s.san_juan_cit[p] -= 1
        mayor_undo.record(s, m[1], m[2], citizen)
        s.mayor_fresh = False
        return CONTINUE
    if code == MAYOR_UNDO:
        mayor_undo.act(s, p, m)
        return CONTINUE
    if code == MAYOR_LIFT:
        s.san_juan[p] += placed(s, p)
        _clear(s.island_col[p])
        _clear(s.city_col[p])
        if s.cat.cit:
            s.san_juan_cit[p] += sum(s.island_cit[p]) + sum(s.city_cit[p])
            _clear(s.island_cit[p])
            _clear(s.city_cit[p])
        s.mayor_fresh = False
        s.placed = []
        return CONTINUE
    assert code == MAYOR_DONE
    s.placed = []  # confirmed
    empty = empty_circles(s, p)
    if s.san_juan[p] and empty:
        _fill(s, p)
        s.san_juan[p] -= empty
    if ev is not None:
        tell(ev, p, "mayor", "placed", seat=p, island=sum(s.island_col[p]),
             city=sum(s.city_col[p]), waiting=s.san_juan[p])
    return TURN_OVER


def _clear(counts: list[int]) -> None:
    for i in range(len(counts)):
        counts[i] = 0


def _fill(s: PRState, p: int) -> None:
    """Every empty circle filled from San Juan: workers first, then citizens (where
    the kind matters the player has placed already: ``legal``)."""
    workers = s.san_juan[p] - s.san_juan_cit[p]
    icol, icit = s.island_col[p], s.island_cit[p]
    for i, t in enumerate(s.island[p]):
        if not icol[i] and t < C.FOREST:
            icol[i] = 1
            if workers:
                workers -= 1
            else:
                icit[i] = 1
                s.san_juan_cit[p] -= 1
    ccol, ccit = s.city_col[p], s.city_cit[p]
    for i, b in enumerate(s.city[p]):
        for _ in range(C.CIRCLES[b] - ccol[i]):
            ccol[i] += 1
            if workers:
                workers -= 1
            else:
                ccit[i] += 1
                s.san_juan_cit[p] -= 1


def wrap_up(s: PRState, ev: Events) -> int:
    return PHASE_DONE


def resume(s: PRState, ev: Events, code: int) -> int:
    raise ValueError(f"the mayor phase has no resume code {code}")


def finish(s: PRState, ev: Events) -> None:
    """Refill the ship: the empty building circles of everyone, at least one per player;
    with the citizens one of them is a citizen, and a short supply ends nothing."""
    s.mayor_fresh = False
    cir = C.CIRCLES
    empty = 0
    for p in range(s.n):  # every circle of the cities, less the people on them
        for b in s.city[p]:
            empty += cir[b]
        empty -= sum(s.city_col[p])
    need = max(empty, s.n)
    if fill_ship(s, need):
        if ev is not None:
            tell(ev, None, "mayor", "board", brought=_brought(need, s.cit_ship))
        return
    if s.cat.cit:  # 1897 Expansion II: running out of workers no longer ends the game
        if ev is not None:
            tell(ev, None, "mayor", "board_short", need=need,
                 brought=_brought(s.col_ship, s.cit_ship))
        return
    s.last_round = True
    if ev is not None:
        tell(ev, None, "end_trigger", "refill_end", need=need)

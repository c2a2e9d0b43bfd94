"""Mayor phase: privilege colonist, the ship dealt one by one, placement, ship refill.

The mayor first decides whether to take his privilege colonist from the supply (001:
"may first take one colonist"; declining keeps it there, which can keep the ship
refillable and the game going); with an empty supply there is nothing to decide.

A player's turn starts with his colonists where they were and the new ones in San Juan.
He may keep that arrangement (``mayor_done``; any colonists still waiting fill every
empty circle when they are enough to), or lift all colonists back to San Juan once
(``mayor_lift``) and place them one by one (``mayor_place``). ``mayor_done`` is legal as
soon as no circle stays empty while a colonist waits.
"""

from __future__ import annotations

from . import catalog as C
from .common import CONTINUE, TURN_OVER, Events, say, who
from .moves import (
    DONE_MOVE,
    LIFT_MOVE,
    MAYOR_COLONIST,
    MAYOR_COLONIST_MOVE,
    MAYOR_DONE,
    MAYOR_LIFT,
    MAYOR_PLACE,
    PASS,
    PASS_MOVE,
    Move,
)
from .state import MAYOR, MAYOR_PRIVILEGE, PRState
from .text import VOCAB, listing

_ISLAND = tuple((MAYOR_PLACE, 0, i) for i in range(C.ISLAND_SPACES))
_CITY = tuple((MAYOR_PLACE, 1, i) for i in range(C.CITY_SPACES))


def begin_turn(s: PRState) -> None:
    s.step = MAYOR
    s.mayor_fresh = True


def start(s: PRState, ev: Events) -> int:
    if s.col_supply > 0:
        s.step = MAYOR_PRIVILEGE
        return CONTINUE
    return _arrive(s, ev)


def _privilege(s: PRState, m: Move, ev: Events) -> int:
    v = VOCAB[s.edition]
    p = s.role_player
    if m[0] == MAYOR_COLONIST:
        s.col_supply -= 1
        s.san_juan[p] += 1
        say(ev, p, "mayor", f"{who(s, p)} takes 1 {v.colonist} from the supply ({v.privilege})")
    else:
        say(ev, p, "pass", f"{who(s, p)} leaves the {v.privilege} {v.colonist} in the supply")
    return _arrive(s, ev)


def _arrive(s: PRState, ev: Events) -> int:
    """The ship's colonists, dealt one at a time from the mayor; then placement."""
    v = VOCAB[s.edition]
    p = s.role_player
    n = s.n
    k = s.col_ship
    for i in range(k):
        s.san_juan[(p + i) % n] += 1
    s.col_ship = 0
    say(ev, None, "mayor", f"The {v.ship} brings {v.people(k)}{_shares(s, p, k)}")
    begin_turn(s)
    return CONTINUE


def _shares(s: PRState, p: int, k: int) -> str:
    """Who got how many of the ship's colonists (dealt one by one from the mayor)."""
    n = s.n
    base, extra = divmod(k, n)
    if not extra:
        return f": {base} for each player" if base else ""
    more = listing([who(s, (p + i) % n) for i in range(extra)])
    rest = f", {base} for each other player" if base else ""
    return f": {base + 1} for {more}{rest}"


def circles(s: PRState, p: int) -> int:
    cir = C.CIRCLES
    return len(s.island[p]) + sum(cir[b] for b in s.city[p])


def placed(s: PRState, p: int) -> int:
    return sum(s.island_col[p]) + sum(s.city_col[p])


def empty_circles(s: PRState, p: int) -> int:
    return circles(s, p) - placed(s, p)


def legal(s: PRState) -> list[Move]:
    if s.step == MAYOR_PRIVILEGE:
        return [MAYOR_COLONIST_MOVE, PASS_MOVE]
    p = s.turn
    sj = s.san_juan[p]
    on = placed(s, p)
    total = circles(s, p)
    empty = total - on
    if on + sj >= total or on + sj == 0:
        return [DONE_MOVE]
    moves: list[Move] = []
    if s.mayor_fresh and on > 0:
        moves.append(LIFT_MOVE)
    if sj > 0 and empty > 0:
        seen = 0
        isl, icol = s.island[p], s.island_col[p]
        for i, t in enumerate(isl):
            if not icol[i] and not seen >> t & 1:
                seen |= 1 << t
                moves.append(_ISLAND[i])
        cir = C.CIRCLES
        ccol = s.city_col[p]
        for i, b in enumerate(s.city[p]):
            if ccol[i] < cir[b]:
                moves.append(_CITY[i])
    if sj == 0 or sj >= empty:
        moves.append(DONE_MOVE)
    return moves


def act(s: PRState, m: Move, ev: Events) -> int:
    p = s.turn
    code = m[0]
    if s.step == MAYOR_PRIVILEGE:
        assert code in (MAYOR_COLONIST, PASS)
        return _privilege(s, m, ev)
    if code == MAYOR_PLACE:
        s.san_juan[p] -= 1
        if m[1] == 0:
            s.island_col[p][m[2]] += 1
        else:
            s.city_col[p][m[2]] += 1
        s.mayor_fresh = False
        return CONTINUE
    if code == MAYOR_LIFT:
        s.san_juan[p] += placed(s, p)
        icol = s.island_col[p]
        for i in range(len(icol)):
            icol[i] = 0
        ccol = s.city_col[p]
        for i in range(len(ccol)):
            ccol[i] = 0
        s.mayor_fresh = False
        return CONTINUE
    assert code == MAYOR_DONE
    empty = empty_circles(s, p)
    if s.san_juan[p] and empty:
        _fill(s, p)
        s.san_juan[p] -= empty
    v = VOCAB[s.edition]
    say(
        ev,
        p,
        "mayor",
        f"{who(s, p)} has {v.people(sum(s.island_col[p]))} {v.on_island}, "
        f"{sum(s.city_col[p])} in the {v.city}, {s.san_juan[p]} waiting {v.in_san_juan}",
    )
    return TURN_OVER


def _fill(s: PRState, p: int) -> None:
    icol = s.island_col[p]
    for i in range(len(icol)):
        icol[i] = 1
    ccol = s.city_col[p]
    for i, b in enumerate(s.city[p]):
        ccol[i] = C.CIRCLES[b]


def finish(s: PRState, ev: Events) -> None:
    """Refill the ship: the empty building circles of everyone, at least one per player."""
    s.mayor_fresh = False
    cir = C.CIRCLES
    empty = 0
    for p in range(s.n):
        ccol = s.city_col[p]
        for i, b in enumerate(s.city[p]):
            empty += cir[b] - ccol[i]
    need = max(empty, s.n)
    v = VOCAB[s.edition]
    if s.col_supply >= need:
        s.col_supply -= need
        s.col_ship = need
        say(ev, None, "mayor", f"{v.people(need)} board the {v.ship}")
        return
    s.col_ship = s.col_supply
    s.col_supply = 0
    s.last_round = True
    say(
        ev,
        None,
        "end_trigger",
        f"Not enough {v.colonists} to refill the {v.ship} ({need} needed): this round is the last.",
    )

"""Builder phase: one building each, quarries capped by column, privilege, university.

After building, the owner of an occupied university decides whether to take a colonist
for the new building (001/000: "may take"; step ``builder_university``, declined by
``pass``); with no colonist in the supply or on the ship there is nothing to decide.
"""

from __future__ import annotations

from ..core import calc, registry
from ..core import catalog as C
from ..core.common import (
    CONTINUE,
    PHASE_DONE,
    TURN_OVER,
    Events,
    add_building,
    colonist_source,
    take_colonist,
    tell,
)
from ..core.costs import build_prices
from ..core.extend import POINTS
from ..core.moves import BUILD, PASS_MOVE, UNIVERSITY, UNIVERSITY_MOVE, Move, build_cost
from ..core.state import BUILDER, BUILDER_UNIVERSITY, PRState

_BUILD: list[Move] = []  # one tuple per building id, made again when the catalog grows


def _moves() -> None:
    _BUILD[:] = [(BUILD, b) for b in range(C.NB)]


_moves()
registry.on_change(_moves)
R_BUILT = 16  # resume: the black market's payment is complete, the building placed
RESUMES = frozenset((R_BUILT,))


def begin_turn(s: PRState) -> None:
    s.step = BUILDER


def start(s: PRState, ev: Events) -> int:
    begin_turn(s)
    return CONTINUE


def legal(s: PRState) -> list[Move]:
    if s.step == BUILDER_UNIVERSITY:
        return [UNIVERSITY_MOVE, PASS_MOVE]
    p = s.turn
    free = C.CITY_SPACES - s.spaces_used(p)
    if free <= 0:
        return [PASS_MOVE]
    prices = build_prices(s, p)  # the privilege and the expansions' discounts in
    # the most he can pay: his doubloons and a black market's (0 without one)
    short = s.coins[p] + POINTS.build_means(s, p, 0)
    pos, supply, spaces = s.bpos[p], s.bsupply, C.SPACES
    moves = [
        _BUILD[b]
        for b in s.board
        if prices[b] <= short and supply[b] and pos[b] < 0 and spaces[b] <= free
    ]
    moves.append(PASS_MOVE)
    return moves


def act(s: PRState, m: Move, ev: Events) -> int:
    p = s.turn
    if s.step == BUILDER_UNIVERSITY:
        return _university(s, p, m, ev)
    if m[0] != BUILD:
        if ev is not None:
            if not s.forced:
                why = "build_nothing"
            elif s.spaces_used(p) >= C.CITY_SPACES:
                why = "build_no_space"
            else:
                why = "build_cannot"
            tell(ev, p, "pass", why, seat=p)
        return TURN_OVER
    b = m[1]
    price = build_cost(s, p, b)
    if price > s.coins[p]:  # Expansion I: the black market pays the rest
        POINTS.pay_rest(s, p, b, price)
        return R_BUILT
    s.coins[p] -= price
    place(s, p, b, price, ev)
    return _built(s, p, ev)


def place(s: PRState, p: int, b: int, paid: int, ev: Events, helped_by: int = -1) -> None:
    """Building b goes into p's city, paid ``paid`` doubloons (and with the building
    ``helped_by``: the black market's payment)."""
    add_building(s, p, b)
    if ev is not None:
        if helped_by >= 0:
            tell(ev, p, "build", "build_helped", seat=p, building=C.BUILDINGS[b], price=paid,
                 helper=C.BUILDINGS[helped_by])
        else:
            tell(ev, p, "build", "build", seat=p, building=C.BUILDINGS[b], price=paid)


def _built(s: PRState, p: int, ev: Events) -> int:
    """After a building is placed: the end trigger, the church, the university."""
    b = s.city[p][-1]
    if s.spaces_used(p) >= C.CITY_SPACES and not s.last_round:
        s.last_round = True
        tell(ev, None, "end_trigger", "city_full", seat=p)
    for fn in calc.at(s, calc.AFTER_BUILD):  # the church (Expansion I)
        fn(s, p, b, ev)
    if s.occupied(p, C.UNIVERSITY) and C.CIRCLES[b] and colonist_source(s) is not None:
        s.step = BUILDER_UNIVERSITY
        return CONTINUE
    return TURN_OVER


def _university(s: PRState, p: int, m: Move, ev: Events) -> int:
    kind = take_colonist(s) if m[0] == UNIVERSITY else 0
    if kind:
        s.city_col[p][-1] = 1
        if kind == 2:
            s.city_cit[p][-1] = 1
        tell(ev, p, "build", "university", seat=p, building=C.BUILDINGS[s.city[p][-1]])
    else:
        tell(ev, p, "pass", "university_not", seat=p)
    s.step = BUILDER
    return TURN_OVER


def wrap_up(s: PRState, ev: Events) -> int:
    return PHASE_DONE


def resume(s: PRState, ev: Events, code: int) -> int:
    if code != R_BUILT:
        raise ValueError(f"the builder phase has no resume code {code}")
    return _built(s, s.turn, ev)


def finish(s: PRState, ev: Events) -> None:
    return None

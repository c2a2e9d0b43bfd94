"""Builder phase: one building each, quarries capped by column, privilege, university.

After building, the owner of an occupied university decides whether to take a colonist
for the new building (001/000: "may take"; step ``builder_university``, declined by
``pass``); with no colonist in the supply or on the ship there is nothing to decide.
"""

from __future__ import annotations

from . import catalog as C
from .common import CONTINUE, TURN_OVER, Events, colonist_source, say, take_colonist, who
from .moves import (
    BUILD,
    PASS_MOVE,
    UNIVERSITY,
    UNIVERSITY_MOVE,
    Move,
    build_cost,
    occupied_quarries,
)
from .state import BUILDER, BUILDER_UNIVERSITY, PRState
from .text import VOCAB

_BUILD = tuple((BUILD, b) for b in range(C.NB))


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
    quarries = occupied_quarries(s, p)
    money = s.coins[p] + (1 if p == s.role_player else 0)
    pos = s.bpos[p]
    supply = s.bsupply
    cost, column, spaces = C.COST, C.COLUMN, C.SPACES
    moves: list[Move] = []
    for b in range(C.NB):
        if supply[b] and pos[b] < 0 and spaces[b] <= free:
            q = column[b] if quarries > column[b] else quarries
            if cost[b] - q <= money:
                moves.append(_BUILD[b])
    moves.append(PASS_MOVE)
    return moves


def act(s: PRState, m: Move, ev: Events) -> int:
    p = s.turn
    v = VOCAB[s.edition]
    if s.step == BUILDER_UNIVERSITY:
        return _university(s, p, m, ev)
    if m[0] != BUILD:
        if not s.forced:
            why = "builds nothing"
        elif s.spaces_used(p) >= C.CITY_SPACES:
            why = f"has no free space in the {v.city}"
        else:
            why = "can build nothing"
        say(ev, p, "pass", f"{who(s, p)} {why}")
        return TURN_OVER
    b = m[1]
    price = build_cost(s, p, b)
    s.coins[p] -= price
    s.bsupply[b] -= 1
    s.bpos[p][b] = len(s.city[p])
    s.city[p].append(b)
    s.city_col[p].append(0)
    say(ev, p, "build", f"{who(s, p)} builds the {v.buildings[b]} for {v.coins(price)}")
    if s.spaces_used(p) >= C.CITY_SPACES and not s.last_round:
        s.last_round = True
        say(
            ev,
            None,
            "end_trigger",
            f"{who(s, p)} has filled the 12th city space: this round is the last.",
        )
    if s.occupied(p, C.UNIVERSITY) and colonist_source(s) is not None:
        s.step = BUILDER_UNIVERSITY
        return CONTINUE
    return TURN_OVER


def _university(s: PRState, p: int, m: Move, ev: Events) -> int:
    v = VOCAB[s.edition]
    u = v.buildings[C.UNIVERSITY]
    if m[0] == UNIVERSITY and take_colonist(s):
        s.city_col[p][-1] = 1
        built = v.buildings[s.city[p][-1]]
        say(ev, p, "build", f"{who(s, p)} puts a {v.colonist} on the new {built} ({u})")
    else:
        say(ev, p, "pass", f"{who(s, p)} does not use the {u}")
    s.step = BUILDER
    return TURN_OVER


def finish(s: PRState, ev: Events) -> None:
    return None

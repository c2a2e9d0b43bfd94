"""The guest house (Expansion I, the Bohio): two guests moved out when they are needed.

Colonists are placed on the guest house in the mayor phase like anywhere else (it
has two circles); its owner may move them, one at a time, "at the start, middle, or
end of any other phase" to an empty circle of a tile or a building of his island and
use that building at once (1897 rulebook, "Bohio"). A moved guest stays where it went
until the next mayor phase, where everything may be rearranged as usual.

The points where the owner is asked (hooks.py), in every phase but the mayor's: the
start (after the role is chosen, before the phase's own start: so a guest moved to a
library doubles the privilege of the role just chosen), before each of his own turns
in the phases played in turn (settler, builder, trader), and the end (before storage,
the settler's refresh, the trading house's emptying). The interrupt ``guest_house``
offers a ``guest`` move per empty place (tiles one per kind, as the mayor's) and
``pass`` ("not now"); after a move he is asked again while guests and places remain.
A building whose effect has already passed in the phase does not act again.
"""

from __future__ import annotations

from server.wording import part

from ...core import catalog as C
from ...core import hooks
from ...core import interrupts as I
from ...core.common import Events, order_from, say
from ...core.moves import GUEST, PASS_MOVE, Move
from ...core.state import GAME_OVER, PRState
from ...core.text import Texts

TEXTS = Texts(__package__)  # this folder's texts.toml: its log lines and labels by key

_ROLES = tuple(r for r in range(len(C.ROLES)) if r != C.MAYOR)


def guests(s: PRState, p: int) -> tuple[int, int]:
    """(people, citizens among them) on p's guest house."""
    i = s.bpos[p][C.GUEST_HOUSE]
    if i < 0:
        return 0, 0
    return s.city_col[p][i], s.city_cit[p][i]


def places(s: PRState, p: int) -> list[Move]:
    people, cit = guests(s, p)
    if not people:
        return []
    both = 0 < cit < people
    moves: list[Move] = []
    seen = 0
    icol, ccol = s.island_col[p], s.city_col[p]  # (index loops: cheaper than zip's keyword)
    forest, gh, circles = C.FOREST, C.GUEST_HOUSE, C.CIRCLES
    for i, t in enumerate(s.island[p]):
        if not icol[i] and t < forest and not seen >> t & 1:
            seen |= 1 << t
            moves.append((GUEST, 0, i))
    for i, b in enumerate(s.city[p]):
        if b != gh and ccol[i] < circles[b]:
            moves.append((GUEST, 1, i))
            if both and b in C.KIND_MATTERS:
                moves.append((GUEST, 1, i, 1))
    return moves


def can_move(s: PRState, p: int) -> bool:
    """Whether ``places`` offers anything, without listing the places (asked at most
    points of most phases)."""
    gh = C.GUEST_HOUSE
    at = s.bpos[p][gh]
    ccol = s.city_col[p]
    if at < 0 or not ccol[at]:
        return False
    icol = s.island_col[p]
    if 0 in icol:  # an empty tile or a forest (checked at C speed: mostly neither)
        forest = C.FOREST
        isl = s.island[p]
        for i in range(len(isl)):
            if not icol[i] and isl[i] < forest:
                return True
    circles = C.CIRCLES  # the city's empty circles but the guest house's own
    room = 0
    for b in s.city[p]:
        room += circles[b]
    return room - sum(ccol) > circles[gh] - ccol[at]


def _ask(s: PRState, p: int) -> None:
    if can_move(s, p):
        I.push(s, I.GUEST_MOVE, p)


def _everyone(s: PRState, ev: Events) -> None:
    gh, bpos, col = C.GUEST_HOUSE, s.bpos, s.city_col
    for p in order_from(s, s.role_player):
        i = bpos[p][gh]  # (no guest house or no guest: no call)
        if i >= 0 and col[p][i] and can_move(s, p):
            I.push(s, I.GUEST_MOVE, p)


def _turn(s: PRState, ev: Events) -> None:
    _ask(s, s.turn)


def _legal(s: PRState, e: I.Entry) -> list[Move]:
    moves = places(s, e[1])
    moves.append(PASS_MOVE)
    return moves


def _act(s: PRState, e: I.Entry, m: Move, ev: Events) -> bool:
    if m[0] != GUEST:
        return True
    p = e[1]
    gi = s.bpos[p][C.GUEST_HOUSE]
    people, cit = guests(s, p)
    citizen = len(m) > 3 or cit == people  # a worker unless asked for or none is there
    s.city_col[p][gi] -= 1
    s.city_cit[p][gi] -= citizen
    where, i = m[1], m[2]
    if where == 0:
        s.island_col[p][i] += 1
        s.island_cit[p][i] += citizen
        t = s.island[p][i]
        key, place = ("guest_quarry", {}) if t == C.QUARRY else (
            "guest_plantation", {"tile": C.TILES[t]})
    else:
        s.city_col[p][i] += 1
        s.city_cit[p][i] += citizen
        key, place = "guest_building", {"building": C.BUILDINGS[s.city[p][i]]}
    if ev is not None:
        who_ = part("who_citizen" if citizen else "who_colonist")
        say(ev, p, "guest", TEXTS.line(key, seat=p, who=who_, **place))
    return not can_move(s, p)


def _check(s: PRState, e: I.Entry) -> str | None:
    if s.step == GAME_OVER or s.role not in _ROLES:
        return "asked in a phase other than the mayor's"
    if not places(s, e[1]):
        return "no guest to move, or nowhere to go"
    return None


I.register(I.GUEST_MOVE, I.Handler("guest_house", _legal, _act, _check, 2))
hooks.register(C.GUEST_HOUSE, hooks.START, _ROLES, _everyone, hooks.FIRST)
hooks.register(C.GUEST_HOUSE, hooks.TURN, _ROLES, _turn, hooks.FIRST)
hooks.register(C.GUEST_HOUSE, hooks.END, _ROLES, _everyone, hooks.FIRST)

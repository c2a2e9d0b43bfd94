"""Take-backs in the mayor's placement (rules notes, "Undo until confirmed").

Placing is a sequence of small moves committed by ``mayor_done``; ``placed`` (state)
keeps this turn's placements, the last on top, each as ``where << 5 | citizen << 4 |
index``. Both take-backs are of action type ``undo``, so random play, playouts and the
quiet path never draw them (server/engine/playout.py) and stay finite:

- ``(MAYOR_UNDO,)``: the last placement goes back to San Juan, a worker or a citizen
  as placed (the label names the place);
- ``(MAYOR_UNDO, where, index)`` (rules 4): "send back" one person from any occupied
  place of the player (the rulebook lets him rearrange all his colonists in his turn):
  a worker where one is, else a citizen; offered once nobody waits in San Juan.

Under rules 2 and 3 (a state's ``rules``) the undo is offered only while the player
has a real choice among two or more other moves, and the last placement ends the turn
by itself, so a game stored then replays move for move. Under rules 4 nothing ends the
turn before the player confirms: ``confirm`` adds the take-backs to ``mayor_done``.
"""

from __future__ import annotations

from typing import Any

from ..core import catalog as C
from ..core.moves import DONE_MOVE, MAYOR_UNDO, TYPES, WHERE, Move
from ..core.state import PRState
from ..core.text import finish_action, label

UNDO_MOVE: Move = (MAYOR_UNDO,)
CONFIRM_RULES = 4  # the first rules version with the confirm step and the send-backs
_MEMO: dict[tuple[Any, ...], dict[str, Any]] = {}
_SEND = (tuple((MAYOR_UNDO, 0, i) for i in range(C.ISLAND_SPACES)),
         tuple((MAYOR_UNDO, 1, i) for i in range(C.CITY_SPACES)))


def record(s: PRState, where: int, index: int, citizen: bool) -> None:
    s.placed.append(where << 5 | citizen << 4 | index)


def _top(s: PRState) -> tuple[int, int, bool]:
    code = s.placed[-1]
    return code >> 5, code & 15, bool(code >> 4 & 1)


def confirm(s: PRState, p: int) -> list[Move]:
    """Rules 4, once the player has acted: ``mayor_done`` and every take-back."""
    return [DONE_MOVE, *take_backs(s, p)]


def take_backs(s: PRState, p: int) -> list[Move]:
    """Rules 4: the undo of the last placement, then, once nobody waits in San Juan,
    one send-back per occupied place (one per tile kind and person kind on the island;
    none where the undo acts). Placing the waiting comes first: a random player who
    draws among all moves, take-backs included, then still ends his turn soon."""
    if s.san_juan[p]:  # (most placements: someone still waits, so the undo alone)
        return [UNDO_MOVE] if s.placed else []
    out: list[Move] = []
    seen: set[tuple[int, int, bool]] = set()
    icol, icit = s.island_col[p], s.island_cit[p]
    ccol, ccit = s.city_col[p], s.city_cit[p]
    if s.placed:
        out.append(UNDO_MOVE)
        where, index, citizen = _top(s)  # a send-back that would do the same: not twice
        seen.add((0, s.island[p][index], citizen) if where == 0 else (1, index, citizen))
    isl = s.island[p]
    for i, k in enumerate(icol):
        if k and isl[i] < C.FOREST:
            key = (0, isl[i], icit[i] >= k)
            if key not in seen:
                seen.add(key)
                out.append(_SEND[0][i])
    for i, k in enumerate(ccol):
        if k and (1, i, ccit[i] >= k) not in seen:
            out.append(_SEND[1][i])
    return out


def _key(s: PRState, p: int, where: int, index: int) -> tuple[int, int, bool]:
    """What a send-back from there does: (where, tile kind or city index, a citizen)."""
    if where == 0:
        k = s.island_col[p][index]
        return (0, s.island[p][index], s.island_cit[p][index] >= k)
    k = s.city_col[p][index]
    return (1, index, s.city_cit[p][index] >= k)


def act(s: PRState, p: int, m: Move) -> None:
    """A person taken back to San Juan: the last placed, or one from the place named."""
    if len(m) == 1:
        where, index, citizen = _top(s)
        s.placed.pop()
    else:
        where, index = m[1], m[2]
        col = s.island_col[p][index] if where == 0 else s.city_col[p][index]
        cit = s.island_cit[p][index] if where == 0 else s.city_cit[p][index]
        citizen = cit >= col  # a worker where one is
        code = where << 5 | citizen << 4 | index
        for j in range(len(s.placed) - 1, -1, -1):  # placed this turn: no longer to undo
            if s.placed[j] == code:
                del s.placed[j]
                break
        s.mayor_fresh = False
    if where == 0:
        s.island_col[p][index] -= 1
        if citizen:
            s.island_cit[p][index] -= 1
    else:
        s.city_col[p][index] -= 1
        if citizen:
            s.city_cit[p][index] -= 1
    s.san_juan[p] += 1
    if citizen:
        s.san_juan_cit[p] += 1


def shared(s: PRState, m: Move = UNDO_MOVE) -> dict[str, Any]:
    """The labelled dict of a take-back (memoised; nobody may change it)."""
    p = s.turn
    if len(m) == 1:
        where, index, citizen = _top(s)
    else:
        where, index = m[1], m[2]
        citizen = _key(s, p, where, index)[2]
    thing = s.island[p][index] if where == 0 else s.city[p][index]
    key = (s.edition, len(m), where, index, thing, citizen)
    d = _MEMO.get(key)
    if d is None:
        if where == 0:
            place, fields = ("quarry", {}) if thing == C.QUARRY else (
                "plantation", {"tile": C.TILES[thing]})
        else:
            place, fields = "building", {"building": C.BUILDINGS[thing]}
        who = "citizen" if citizen else "colonist"
        action: dict[str, Any]
        if len(m) == 1:
            action = {"type": TYPES[MAYOR_UNDO],
                      "label": label("undo_" + place, who=who, **fields),
                      "place": {"where": WHERE[where], "index": index}}  # only shown
        else:
            action = {"type": TYPES[MAYOR_UNDO], "where": WHERE[where], "index": index,
                      "label": label("send_back_" + place, who=who, **fields)}
        d = _MEMO[key] = finish_action(action, s.edition)
    return d

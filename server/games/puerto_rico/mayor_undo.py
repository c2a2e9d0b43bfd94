"""Undo in the mayor's placement: the last colonist placed goes back to San Juan, one
step at a time, while the decision is open (rules notes, "Undo until confirmed").

Placing is a sequence of small moves committed by ``mayor_done``; ``placed`` (state)
keeps this turn's placements, the last on top, each as ``where << 5 | citizen << 4 |
index``. The take-back (action type ``undo``, no parameters: the label names the
place; random play and playouts never draw it, server/engine/playout.py) sends exactly
that person back, a worker or a citizen as
placed. It is offered only while the player has a real choice among the other moves
(two or more): where the rules applied a lone move by themselves they still do, so a
game stored before the undo replays move for move.
"""

from __future__ import annotations

from typing import Any

from . import catalog as C
from .moves import MAYOR_UNDO, TYPES, Move
from .state import PRState
from .text import VOCAB, finish_action

UNDO_MOVE: Move = (MAYOR_UNDO,)
_MEMO: dict[tuple[Any, ...], dict[str, Any]] = {}


def record(s: PRState, where: int, index: int, citizen: bool) -> None:
    s.placed.append(where << 5 | citizen << 4 | index)


def _top(s: PRState) -> tuple[int, int, bool]:
    code = s.placed[-1]
    return code >> 5, code & 15, bool(code >> 4 & 1)


def act(s: PRState, p: int) -> None:
    """The last placement taken back: that person waits in San Juan again."""
    where, index, citizen = _top(s)
    s.placed.pop()
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


def shared(s: PRState) -> dict[str, Any]:
    """The labelled dict of the take-back (memoised; nobody may change it)."""
    p = s.turn
    where, index, citizen = _top(s)
    thing = s.island[p][index] if where == 0 else s.city[p][index]
    key = (s.edition, where, index, thing, citizen)
    d = _MEMO.get(key)
    if d is None:
        v = VOCAB[s.edition]
        if where == 0:
            name = "quarry" if thing == C.QUARRY else f"{v.tiles[thing]} {v.plantation}"
        else:
            name = v.buildings[thing]
        who = "{w:citizen}" if citizen else v.colonist
        label = f"Undo: take the {who} back from the {name} to {v.san_juan}"
        d = _MEMO[key] = finish_action(
            {"type": TYPES[MAYOR_UNDO], "label": label}, s.edition)
    return d

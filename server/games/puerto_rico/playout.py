"""The trusted random play loop (server/engine/contract.py, ``play_random``).

A move drawn from the legal list is legal and its mover is the seat to move, so the
loop asks neither (``apply_move`` checks both for a caller it cannot trust), copies no
list and reads the legal moves from the flow's cache. The draws are those of
server/engine/playout.py's quiet path (one ``randbelow`` over the moves other than the
take-backs, which come last), so without ``whole_mayor`` a seeded playout is the game
the public API plays. ``whole_mayor`` (random playouts only) takes a mayor's whole
placement as one step (phases/mayor_whole.py): fewer, different draws.
"""

from __future__ import annotations

from collections.abc import Callable

from server.engine.playout import PlayoutStalled

from .core import flow
from .core.moves import MAYOR_UNDO
from .core.state import GAME_OVER, MAYOR, PRState
from .phases import mayor_whole


def play_random(s: PRState, randbelow: Callable[[int], int], max_actions: int,
                whole_mayor: bool = False) -> int:
    """Play ``s`` on in place until the end or ``max_actions`` steps; the steps taken."""
    legal, execute = flow.legal, flow.execute
    applies, place = mayor_whole.applies, mayor_whole.place
    for count in range(max_actions):
        if s.step == GAME_OVER:
            return count
        moves = s.legal
        if moves is None:
            moves = legal(s)
        n = len(moves)
        if s.step == MAYOR:  # (only the mayor's placements have take-backs or go whole)
            while n and moves[n - 1][0] == MAYOR_UNDO:  # take-backs come last: never drawn
                n -= 1
            if n and whole_mayor and applies(s, moves):
                place(s, moves, n, randbelow)
                continue
        if not n:
            raise PlayoutStalled(f"seat {flow.mover(s)} is to move but has no legal move")
        execute(s, moves[randbelow(n)], None)
    return max_actions

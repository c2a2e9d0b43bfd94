"""The trusted random play loop (server/engine/contract.py, ``play_random``).

A move drawn from the legal list is legal and its mover is the seat to move, so the
loop asks neither (``apply_move`` checks both for a caller it cannot trust), copies no
list and reads the legal moves from the flow's cache. The draws are those of
server/engine/playout.py's quiet path (one ``randbelow`` over the moves other than the
take-backs, which come last), so without ``whole_mayor`` a seeded playout is the game
the public API plays. The loop draws as ``random.Random._randbelow`` does, inline
(draws.py: the very numbers, without a call a step). ``whole_mayor`` (random playouts only) takes a mayor's whole
placement as one step (phases/mayor_whole.py): fewer, different draws.
"""

from __future__ import annotations

import random

from server.engine.playout import PlayoutStalled

from .core import flow
from .core.moves import MAYOR_UNDO
from .core.state import GAME_OVER, MAYOR, PRState
from .draws import BITS, inline_bits
from .phases import mayor_whole


def play_random(s: PRState, rnd: random.Random, max_actions: int,
                whole_mayor: bool = False) -> int:
    """Play ``s`` on in place until the end or ``max_actions`` steps; the steps taken."""
    randbelow = getattr(rnd, "_randbelow", rnd.randrange)  # randrange without its checks
    getrandbits = inline_bits(rnd)  # (None: call ``randbelow``)
    bits = BITS
    legal, execute = flow.legal, flow.execute
    applies, place = mayor_whole.applies, mayor_whole.place
    for count in range(max_actions):
        step = s.step
        if step == GAME_OVER:
            return count
        moves = s.legal
        if moves is None:
            moves = legal(s)
        n = len(moves)
        if step == MAYOR:  # (only the mayor's placements have take-backs or go whole)
            while n and moves[n - 1][0] == MAYOR_UNDO:  # take-backs come last: never drawn
                n -= 1
            if n and whole_mayor and applies(s, moves):
                place(s, moves, n, randbelow, getrandbits)
                continue
        if not n:
            raise PlayoutStalled(f"seat {flow.mover(s)} is to move but has no legal move")
        if getrandbits is not None and n < 256:  # randbelow(n), inline (draws.py)
            k = bits[n]
            r = getrandbits(k)
            while r >= n:
                r = getrandbits(k)
        else:
            r = randbelow(n)
        execute(s, moves[r], None)
    return max_actions

"""The round: role choice, phase dispatch, turn order, end of round and of the game.

Each role's module offers ``start / legal / act / finish / begin_turn``; this module
sequences them. After every move ``advance`` applies forced single choices (a lone
"pass", the only possible load, ...) so players are asked only real decisions.
"""

from __future__ import annotations

from typing import Any

from . import builder, captain, craftsman, mayor, settler
from .common import CONTINUE, PHASE_OVER, TURN_OVER, Events, say, who
from .crafts import Prospector, Trader
from .moves import PASS, ROLE, Move
from .scoring import final_scores
from .state import CHOOSE_ROLE, GAME_OVER, PRState
from .text import VOCAB

_PHASES: tuple[Any, ...] = (
    settler,
    mayor,
    builder,
    craftsman,
    Trader,
    captain,
    Prospector,
    Prospector,
)
_ROLE_MOVES = tuple((ROLE, r) for r in range(8))


def legal(s: PRState) -> list[Move]:
    """The internal legal moves of the pending decision (cached on the state)."""
    cached = s.legal
    if cached is not None:
        return cached
    if s.step == CHOOSE_ROLE:
        taken = s.role_taken
        moves = [_ROLE_MOVES[r] for r in s.roles if taken[r] < 0]
    elif s.step == GAME_OVER:
        moves = []
    else:
        moves = _PHASES[s.role].legal(s)
    s.legal = moves
    return moves


def execute(s: PRState, m: Move, ev: Events) -> None:
    """Carry out a move already known to be legal, then every forced follow-up."""
    _do(s, m, ev)
    while s.step != GAME_OVER:
        moves = legal(s)
        if len(moves) != 1:
            break
        _do(s, moves[0], ev)


def _do(s: PRState, m: Move, ev: Events) -> None:
    if m[0] == PASS:  # the log says whether the pass was a choice
        legal_now = s.legal
        s.forced = legal_now is not None and len(legal_now) == 1
    s.legal = None
    status = _choose_role(s, m[1], ev) if m[0] == ROLE else _PHASES[s.role].act(s, m, ev)
    _after(s, status, ev)


def _choose_role(s: PRState, r: int, ev: Events) -> int:
    p = s.turn
    v = VOCAB[s.edition]
    if s.round == 1 and s.picks == 0:
        _round_header(s, ev)
    coins = s.role_coins[r]
    s.coins[p] += coins
    s.role_coins[r] = 0
    s.role_taken[r] = p
    s.chosen.append(r)
    s.role = r
    s.role_player = p
    s.phase_i = 0
    extra = f" and takes {v.coins(coins)} from it" if coins else ""
    say(ev, p, "role", f"{who(s, p)} chooses the {v.roles[r]}{extra}")
    return _PHASES[r].start(s, ev)


def _after(s: PRState, status: int, ev: Events) -> None:
    if status == CONTINUE:
        return
    phase = _PHASES[s.role]
    if status == TURN_OVER:
        s.phase_i += 1
        if s.phase_i < s.n:
            s.turn = (s.role_player + s.phase_i) % s.n
            phase.begin_turn(s)
            return
    assert status in (TURN_OVER, PHASE_OVER)
    phase.finish(s, ev)
    _next_pick(s, ev)


def _next_pick(s: PRState, ev: Events) -> None:
    s.picks += 1
    s.role = -1
    s.role_player = -1
    s.phase_i = 0
    if s.picks >= s.picks_per_round:
        _end_round(s, ev)
        return
    s.step = CHOOSE_ROLE
    s.turn = (s.governor + s.picks) % s.n


def _end_round(s: PRState, ev: Events) -> None:
    """A doubloon on each role nobody chose; the governor passes left (or the game ends)."""
    for r in s.roles:
        if s.role_taken[r] < 0:
            s.role_coins[r] += 1
    s.role_taken = [-1] * 8
    s.chosen = []
    if s.last_round:
        s.step = GAME_OVER
        s.turn = -1
        say(ev, None, "game_over", f"The game ends after round {s.round}")
        final_scores(s, ev)
        return
    s.governor = (s.governor + 1) % s.n
    s.round += 1
    s.picks = 0
    s.step = CHOOSE_ROLE
    s.turn = s.governor
    _round_header(s, ev)


def _round_header(s: PRState, ev: Events) -> None:
    say(ev, s.governor, "round", f"Round {s.round}: {who(s, s.governor)} is governor")


def to_move(s: PRState) -> list[int]:
    return [] if s.step == GAME_OVER else [s.turn]

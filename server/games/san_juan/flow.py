"""The round: the sweeps before the roles, role choice, the phases in turn order from
the chooser, the end of the round and of the game.

Each role's module offers ``begin_turn / legal / act`` (and ``start`` / ``finish`` when
the phase has something to do before or after the turns); this module sequences them.
A player is skipped only when everyone can see he has nothing to decide (no card, no
empty production building, no good, no gold mine): whose turn it is must never depend
on hidden cards.
"""

from __future__ import annotations

from typing import Any

from . import builder, councillor, producer, prospector, roundstart, selection, trader
from . import catalog as C
from .common import CONTINUE, Events, say
from .moves import ROLE, Move
from .scoring import final_scores
from .state import (
    BUILD_PAY,
    BUILD_STEP,
    CHAPEL,
    CHOOSE_ROLE,
    COUNCIL_DISCARD,
    COUNCIL_KEEP,
    FAIR_START,
    GAME_OVER,
    GOLD_MINE,
    GOLD_MINE_ASK,
    HAND_LIMIT,
    PRODUCE_STEP,
    SELL_STEP,
    SJState,
)

_PHASES: tuple[Any, ...] = (builder, producer, trader, councillor, prospector)
_STARTS = tuple(getattr(phase, "start", None) for phase in _PHASES)  # before the turns
_STEP_MODULE: dict[int, Any] = {
    FAIR_START: roundstart, CHAPEL: roundstart, HAND_LIMIT: roundstart,
    BUILD_STEP: builder, BUILD_PAY: builder, PRODUCE_STEP: producer, SELL_STEP: trader,
    COUNCIL_KEEP: councillor, COUNCIL_DISCARD: councillor, GOLD_MINE: prospector,
    GOLD_MINE_ASK: prospector,
}
# the legal moves of each step, straight to the function that lists them
_LEGAL: dict[int, Any] = {
    FAIR_START: selection.legal, CHAPEL: roundstart.legal, HAND_LIMIT: selection.legal,
    BUILD_STEP: builder.legal, BUILD_PAY: selection.legal, PRODUCE_STEP: selection.legal,
    SELL_STEP: selection.legal, COUNCIL_KEEP: selection.legal, COUNCIL_DISCARD: selection.legal,
    GOLD_MINE: prospector.legal, GOLD_MINE_ASK: prospector.legal,
}
_PICKS = selection.PICKS
_ROLE_CHOICES: dict[tuple[int | bool, ...], list[Move]] = {}  # by roles taken, library asked
_ROLE_MOVES = tuple(tuple((ROLE, r, lib) for lib in (-1, 0, 1)) for r in range(5))


def picks_per_round(s: SJState) -> int:
    return 3 if s.n == 2 else s.n


def picker(s: SJState, picks: int) -> int:
    """Who chooses the ``picks``-th role of the round (two players: governor, other,
    governor)."""
    if s.n == 2:
        return s.governor if picks != 1 else 1 - s.governor
    return (s.governor + picks) % s.n


def library_choice(s: SJState) -> bool:
    """Two players: the governor with a library says on which of his two roles it
    doubles the privilege; he is asked with his first."""
    p = s.turn
    return (s.n == 2 and p == s.governor and s.picks == 0 and not s.library_used
            and C.LIBRARY in s.city[p])


def legal(s: SJState) -> list[Move]:
    """The internal legal moves of the pending decision (cached on the state)."""
    cached = s.legal
    if cached is not None:
        return cached
    step = s.step
    if step == CHOOSE_ROLE:
        key = (*s.role_taken, library_choice(s))
        moves = _ROLE_CHOICES.get(key)
        if moves is None:
            variants = (1, 2) if key[-1] else (0,)
            moves = _ROLE_CHOICES[key] = [_ROLE_MOVES[r][v] for r in range(5) if key[r] < 0
                                          for v in variants]
    elif step == GAME_OVER:
        moves = []
    else:
        moves = _LEGAL[step](s)
    s.legal = moves
    return moves


def execute(s: SJState, m: Move, ev: Events) -> None:
    """Carry out a move already known to be legal."""
    if m[0] in _PICKS:  # the commonest: one more pick of a selection
        s.legal = selection.picked(s, m, s.legal)
        return
    s.legal = None
    if m[0] == ROLE:
        _choose_role(s, m[1], m[2], ev)
        return
    module = _STEP_MODULE[s.step]
    if module.act(s, m, ev) == CONTINUE:
        return
    if module is roundstart:
        roundstart.next_seat(s)
    else:
        _next_turn(s, ev)


def _choose_role(s: SJState, r: int, library: int, ev: Events) -> None:
    p = s.turn
    if s.round == 1 and s.picks == 0:
        _round_header(s, ev)
    s.role_taken[r] = p
    s.role = r
    s.role_player = p
    owns = C.LIBRARY in s.city[p]
    if s.n == 2 and p == s.governor and owns:
        boost = library == 1 if library >= 0 else not s.library_used
        if boost:
            s.library_used = True
    else:
        boost = owns
    s.boost = boost
    if ev is not None:
        say(ev, p, "role", "role_doubled" if boost else "role", {"seat": p, "role": C.ROLES[r]})
    phase = _PHASES[r]
    start = _STARTS[r]
    if start is not None:
        start(s, ev)
    s.phase_i = 0
    s.turn = p
    if not phase.begin_turn(s, ev):
        _next_turn(s, ev)


def _next_turn(s: SJState, ev: Events) -> None:
    """The current player's turn in the phase is over: the next one who has something
    to decide, else the end of the phase."""
    phase = _PHASES[s.role]
    n = s.n
    while True:
        s.phase_i += 1
        if s.phase_i >= n:
            break
        s.turn = (s.role_player + s.phase_i) % n
        if phase.begin_turn(s, ev):
            return
    if phase is builder and builder.finish(s, ev):
        _game_over(s, ev, "end_after_builder")
        return
    _next_pick(s, ev)


def _next_pick(s: SJState, ev: Events) -> None:
    s.picks += 1
    s.role = -1
    s.role_player = -1
    s.boost = False
    s.phase_i = 0
    if s.picks >= picks_per_round(s):
        _end_round(s, ev)
        return
    s.step = CHOOSE_ROLE
    s.turn = picker(s, s.picks)


def _end_round(s: SJState, ev: Events) -> None:
    if s.exhausted:
        _game_over(s, ev, "end_out_of_cards")
        return
    s.role_taken = [-1] * 5
    s.picks = 0
    s.library_used = False
    s.governor = (s.governor + 1) % s.n
    s.round += 1
    _round_header(s, ev)
    roundstart.begin(s, CHAPEL)


def _game_over(s: SJState, ev: Events, why: str) -> None:
    """The game ends, ``why`` the key of the line that says so."""
    s.step = GAME_OVER
    s.turn = -1
    s.role = -1
    s.role_player = -1
    s.boost = False
    s.phase_i = 0
    if ev is not None:
        say(ev, None, "game_over", why, {"round": s.round})
    final_scores(s, ev)


def _round_header(s: SJState, ev: Events) -> None:
    if ev is not None:
        say(ev, s.governor, "round", "round", {"round": s.round, "seat": s.governor})
        ev[-1]["round"] = s.round  # the client's round rule reads this, never the text


def to_move(s: SJState) -> list[int]:
    return [] if s.step == GAME_OVER else [s.turn]

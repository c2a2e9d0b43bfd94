"""``SanJuan``: the engine contract (server/engine/contract.py) for San Juan.

The rules live in the phase modules; this class only checks who may act and whether an
action is among the legal ones (before anything changes), and converts between the
internal tuples and the wire dicts.
"""

from __future__ import annotations

from typing import Any

from server.engine.audience import Audience
from server.engine.base import GameBase
from server.engine.contract import Action, LogEvent, Options, Result
from server.engine.errors import IllegalAction, NotYourTurn
from server.i18n import N_

from . import builder, flow
from .determinize import determinize
from .labels import BY_LABEL, FIXED, to_dict
from .moves import BUILD, TYPES, UNDO, Move, parse, resolve
from .scoring import result
from .selection import PICK_CODE
from .setup import MAX_PLAYERS, MIN_PLAYERS, OLDEST_RULES, OPTIONS, RULES, new_state
from .state import BUILD_STEP, GAME_OVER, STEPS, SJState
from .text import finish_events
from .validate import check
from .views import audience, view

_SELECTIONS = frozenset(PICK_CODE)  # the steps that offer undo
_COPY = dict.copy
_FIXED = FIXED.__getitem__


class SanJuan(GameBase):
    name = "san-juan"
    title = N_("San Juan")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    # raise when a rule change would replay stored games differently (2: every
    # selection ends with an explicit confirm, so version-1 action logs do not replay;
    # 3: the gold mine is turned up only if its owner says so (issue 27); a stored
    # room of 2 gets its version (option ``rules_version``) and replays under it)
    rules_version = RULES
    rules_compatible_since = OLDEST_RULES
    options_spec = OPTIONS
    over_step = GAME_OVER

    def setup(self, players: int, options: Options, seed: int) -> SJState:
        return new_state(players, options, seed)

    def to_move(self, state: SJState) -> list[int]:
        turn = state.turn
        return [turn] if turn >= 0 else []  # -1 once over

    def legal_actions(self, state: SJState, seat: int) -> list[Action]:
        if seat != state.turn:  # nobody's once over (turn -1)
            return []
        moves = state.legal
        if moves is None:
            moves = flow.legal(state)
        try:  # each dict made already (almost always): copied at C speed
            out = list(map(_COPY, map(_FIXED, moves)))
        except KeyError:
            out = [to_dict(m) for m in moves]
        if state.step == BUILD_STEP:  # shown only: why each build costs what it does
            for m, d in zip(moves, out, strict=True):
                if m[0] == BUILD:
                    d["discounts"] = builder.discounts(state, seat, m[1], m[2])
        return out

    def apply(self, state: SJState, seat: int, action: Action) -> list[LogEvent]:
        if seat != state.turn:  # nobody's once over (turn -1)
            if state.step == GAME_OVER:
                raise IllegalAction("the game is over")
            raise NotYourTurn(f"it is seat {state.turn}'s turn, not seat {seat}'s")
        legal = state.legal
        if legal is None:
            legal = flow.legal(state)
        try:  # one of the dicts handed out, unchanged: its move
            shown, m = BY_LABEL[action["label"]]
        except (KeyError, TypeError):  # no such label; not a map, or an odd label
            shown, m = None, None
        if m is None or shown != action or m not in legal:
            m = parse(action)
            if m not in legal:
                m = resolve(m, legal)  # a build without its cost; a bare undo, confirm, ...
                if m not in legal:
                    raise IllegalAction(f"{TYPES[m[0]]} with these parameters is not legal "
                                        f"now (step {STEPS[state.step]})")
        events: list[LogEvent] = []
        flow.execute(state, m, events)
        finish_events(events, state.names)  # templates -> tmpl, San Juan's words -> text
        return events

    def moves(self, state: SJState, seat: int) -> list[Move]:
        """The quiet path (contract.py): the legal moves as internal tuples in the order
        of ``legal_actions``, ``undo`` left out, for random playouts and rollouts."""
        if seat != state.turn:  # nobody's once over (turn -1)
            return []
        moves = state.legal
        if moves is None:
            moves = flow.legal(state)
        if state.step in _SELECTIONS:
            return [m for m in moves if m[0] != UNDO]
        return moves[:]

    def apply_move(self, state: SJState, seat: int, move: Move) -> None:
        """``apply`` of the action ``move`` stands for, composing no log text."""
        if seat != state.turn:
            if state.step == GAME_OVER:
                raise IllegalAction("the game is over")
            raise NotYourTurn(f"it is seat {state.turn}'s turn, not seat {seat}'s")
        legal = state.legal
        if legal is None:
            legal = flow.legal(state)
        if move not in legal:
            raise IllegalAction(f"{move!r} is not a legal move now (step {STEPS[state.step]})")
        flow.execute(state, move, None)

    def score(self, state: SJState) -> Result:
        return result(state)

    def view(self, state: SJState, viewer: int | None) -> dict[str, Any]:
        return view(state, viewer)

    def audience(self, state: SJState) -> Audience:
        """Every viewer's view at once (server/engine/audience.py): what the server sends."""
        return audience(state)

    def from_data(self, data: Any) -> SJState:
        s = SJState.from_data(data)
        check(s)  # what the values mean (validate.py)
        return self.playable(s, flow.legal)

    def determinize(self, state: SJState, seat: int, seed: int) -> SJState:
        return determinize(state, seat, seed)

    def display(self) -> dict[str, Any]:
        """Words and card facts for clients (display.py), sent with ``describe``."""
        from .display import display

        return display()

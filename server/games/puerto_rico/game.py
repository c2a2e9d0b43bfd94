"""``PuertoRico``: the engine contract (server/engine/contract.py) for Puerto Rico.

The rules live in the phase modules; this class only checks who may act and whether an
action is among the legal ones (before anything changes), and converts between the
internal tuples and the wire dicts.
"""

from __future__ import annotations

import random
from typing import Any

from server.engine.audience import Audience
from server.engine.base import GameBase
from server.engine.contract import Action, LogEvent, Options, Result
from server.engine.errors import IllegalAction, NotYourTurn
from server.engine.rng import SeededRng
from server.i18n import N_

from .core import expansions, flow, setup
from .core.catalog import FOREST, vp_chips
from .core.interrupts import FOREST_CHOICE
from .core.moves import BUILD, MAYOR_UNDO, TYPES, Move, build_cost, parse
from .core.scoring import result
from .core.setup import MAX_PLAYERS, MIN_PLAYERS, OLDEST_RULES, OPTIONS, RULES, new_state
from .core.state import GAME_OVER, PRState
from .core.text import finish_events
from .io import offer
from .io.display import display
from .io.stateio import load
from .io.views import audience, step_name, view
from .playout import play_random


class PuertoRico(GameBase):
    name = "puerto-rico"
    title = N_("Puerto Rico")
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    # raise when a rule change would replay stored games differently. 2: optional
    # privileges and building effects became decisions of their own (358510e), so an
    # action log of version 1 does not replay under version 2
    # 3: the expansions option (issue 14); a version-2 log (no expansions) replays the
    # same under version 3, so version 2 rooms stay playable
    # 4: the mayor confirms his placement and may send any colonist back (issue 16);
    # a stored room of 2 or 3 gets its version (option ``rules_version``) and replays
    # under the old mayor (state ``rules``), so it stays playable
    # 5: with the Citizens the mayor chooses worker or citizen on every place (issue 22);
    # rooms of 2-4 replay under their own version as before
    # 6: the wharf's "when" and the festival estate goal of the last planter (issue 39);
    # rooms of 2-5 replay under their own version
    rules_version = RULES
    rules_compatible_since = OLDEST_RULES
    options_spec = OPTIONS
    over_step = GAME_OVER

    def setup(self, players: int, options: Options, seed: int) -> PRState:
        return new_state(players, options, seed)

    def to_move(self, state: PRState) -> list[int]:
        if state.step == GAME_OVER:
            return []
        return [state.pending[0][1]] if state.pending else [state.turn]

    def legal_actions(self, state: PRState, seat: int) -> list[Action]:
        if seat != (state.pending[0][1] if state.pending else state.turn):
            return []
        if state.step == GAME_OVER:
            return []
        return offer.actions(state)

    def moves(self, state: PRState, seat: int) -> list[Move]:
        """The quiet path (contract.py): the legal moves as internal tuples, in the
        order of ``legal_actions``, for random playouts and rollouts (no labels)."""
        if seat != (state.pending[0][1] if state.pending else state.turn):
            return []
        if state.step == GAME_OVER:
            return []
        moves = state.legal  # (flow.legal's cache, read here: asked once per decision)
        if moves is None:
            moves = flow.legal(state)
        if moves and moves[-1][0] == MAYOR_UNDO:  # take-backs come last: none here
            return [m for m in moves if m[0] != MAYOR_UNDO]
        return moves[:]

    def apply_move(self, state: PRState, seat: int, move: Move) -> None:
        """``apply`` of the action ``move`` stands for, composing no log."""
        if state.step == GAME_OVER:
            raise IllegalAction("the game is over")
        mover = state.pending[0][1] if state.pending else state.turn
        if seat != mover:
            raise NotYourTurn(f"it is seat {mover}'s turn, not seat {seat}'s")
        legal = state.legal
        if legal is None:
            legal = flow.legal(state)
        if move not in legal:
            raise IllegalAction(f"{move!r} is not a legal move now (step {step_name(state)})")
        flow.execute(state, move, None)  # no log: nobody reads one here

    def play_index(self, state: PRState, i: int) -> None:
        """The trusted step (contract.py): the ``i``-th of ``moves`` for the seat to
        move, carried out unchecked, for a rollout that just drew ``i`` from them."""
        moves = state.legal
        if moves is None:
            moves = flow.legal(state)
        flow.execute(state, moves[i], None)

    def play_random(self, state: PRState, rnd: random.Random, max_actions: int,
                    coarse: bool = False) -> int:
        """The trusted random play loop (contract.py): ``coarse`` takes a mayor's whole
        placement as one step (playout.py)."""
        return play_random(state, rnd, max_actions, coarse)

    def apply(self, state: PRState, seat: int, action: Action) -> list[LogEvent]:
        if state.step == GAME_OVER:
            raise IllegalAction("the game is over")
        mover = state.pending[0][1] if state.pending else state.turn
        if seat != mover:
            raise NotYourTurn(f"it is seat {mover}'s turn, not seat {seat}'s")
        m = offer.move_of(state, action)  # one of the dicts just handed out: known legal
        if m is None:
            m = parse(action)
            if m not in flow.legal(state):
                raise IllegalAction(
                    f"{TYPES[m[0]]} with these parameters is not legal now "
                    f"(step {step_name(state)})"
                )
        if m[0] == BUILD and "price" in action:  # optional when sent; as listed if sent
            price = build_cost(state, seat, m[1])
            if action["price"] != price or isinstance(action["price"], bool):
                raise IllegalAction(f"that building costs {price} now")
        events: list[LogEvent] = []
        flow.execute(state, m, events)
        finish_events(events, state)  # templates -> tmpl, the edition's words -> text
        return events

    def score(self, state: PRState) -> Result:
        return result(state)

    def view(self, state: PRState, viewer: int | None) -> dict[str, Any]:
        return view(state, viewer)

    def audience(self, state: PRState) -> Audience:
        """Every viewer's view at once (server/engine/audience.py): what the server sends."""
        return audience(state)

    def replay_view(self, state: PRState) -> dict[str, Any]:
        """A step of a finished game's replay: the spectator's view with everyone's VP
        chips, hidden during play only (the end shows them all anyway)."""
        return view(state, None, chips_open=True)

    def from_data(self, data: Any) -> PRState:
        # (io/stateio.py: the format, then validate.py), then someone must have a move
        return self.playable(load(data), flow.legal)

    def determinize(self, state: PRState, seat: int, seed: int) -> PRState:
        """Re-sample what ``seat`` cannot see: the stack order, the kinds of the others'
        forests and of a tile another seat drew face down, the RNG, others' VP.

        Built only from what the seat sees, so a bot that knows its seed cannot read
        the truth back out: the stack is sorted before it is shuffled, and the others
        get an even split of the VP chips gone from the supply minus the seat's own.
        """
        s = state.clone()
        rnd = random.Random(seed)
        others = [p for p in range(s.n) if p != seat]
        # the face-down stack, the kinds of the others' forests (face-down estates) and
        # a tile another seat drew face down and is deciding about come from one pool:
        # what the seat cannot tell apart
        drawn = [e for e in s.pending if e[0] == FOREST_CHOICE and e[1] != seat]
        pool = s.stack + [t - FOREST for p in others for t in s.island[p] if t >= FOREST]
        pool += [e[2] for e in drawn]
        pool.sort()
        rnd.shuffle(pool)
        for p in others:
            isl = s.island[p]
            for i, t in enumerate(isl):
                if t >= FOREST:
                    isl[i] = FOREST + pool.pop()
        for e in drawn:
            e[2] = pool.pop()
        s.stack = pool
        s.rng = SeededRng(rnd.getrandbits(63))
        chips = vp_chips(s.n, s.edition)
        taken = chips - max(s.vp_supply, 0)
        share, extra = divmod(max(taken - s.vp[seat], 0), len(others))
        for i, p in enumerate(others):
            s.vp[p] = share + (1 if i < extra else 0)
        s.vp_supply = chips - sum(s.vp)
        s.legal = None
        return s

    def display(self) -> dict[str, Any]:
        """Vocabularies and facts for clients (display.py), sent with ``describe``."""
        return display()


def _new_options() -> None:
    """The expansions option names every row of the table (``expansions.add``)."""
    PuertoRico.options_spec = setup.OPTIONS


expansions.on_change(_new_options)

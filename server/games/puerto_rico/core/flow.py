"""The round: the draft, role choice, phase dispatch, turn order, hooks, interrupts,
the end of a round and of the game.

Each role's module offers ``start / legal / act / begin_turn / wrap_up / finish``; this
module sequences them. A phase tells the flow how it goes on by a status (common.py);
between the statuses the flow runs the hook points (hooks.py) and, while interrupts
are pending (interrupts.py), keeps the status in ``s.resume`` and asks them first.
An expansion's rules outside a phase (the Smuggler, the Festival) run at the game hook
points (game_hooks.py); the phases themselves come from the table (expansions.py).
After every move ``advance`` applies forced single choices (a lone "pass", the only
possible load, ...) so players are asked only real decisions.
"""

from __future__ import annotations

from typing import Any

from . import catalog as C
from . import game_hooks as G
from . import hooks, interrupts
from .common import CONTINUE, PHASE_DONE, PHASE_OVER, TURN_OVER, Events, tell
from .moves import PASS, ROLE, Move
from .scoring import final_scores
from .state import CHOOSE_ROLE, DRAFT, GAME_OVER, PHASE_END, PHASE_START, PRState

# each role's phase (a module or class with the phase interface), by role id, and the
# draft's (Expansion I) after them: filled from the table (expansions.py) at import
_PHASES: list[Any] = [None] * (len(C.ROLES) + 1)
_DRAFT = len(C.ROLES)


def install_phase(role: int, phase: Any) -> None:
    """``phase`` plays ``role`` (``-1``: the draft); the table (expansions.py) calls it."""
    _PHASES[_DRAFT if role < 0 else role] = phase


# resume codes beyond the statuses: a hook point to go on with, from hook index i
R_START, R_TURN, R_END = 100, 200, 300


def legal(s: PRState) -> list[Move]:
    """The internal legal moves of the pending decision (cached on the state)."""
    cached = s.legal
    if cached is not None:
        return cached
    if s.pending:
        moves = interrupts.legal(s)
    elif s.step == CHOOSE_ROLE:
        # the cards nobody has taken this round (``chosen``: those whose ``role_taken``
        # is set), worked out once per catalog and set of chosen cards
        key = frozenset(s.chosen)
        left = s.cat.open_roles.get(key)
        if left is None:
            left = s.cat.open_roles[key] = tuple(m for m in s.cat.role_moves if m[1] not in key)
        moves = list(left)  # (a list of its own: offer.py tells decisions apart by it)
        if s.smuggler[0] == s.turn:  # Expansion III: the tile's holder waits his turn
            moves = [m for m in moves if m[1] != C.SMUGGLER]
    elif s.step == GAME_OVER:
        moves = []
    elif s.step == DRAFT:
        moves = _PHASES[_DRAFT].legal(s)
    else:
        moves = _PHASES[s.role].legal(s)
    s.legal = moves
    return moves


def execute(s: PRState, m: Move, ev: Events) -> None:
    """Carry out a move already known to be legal, then every forced follow-up."""
    while True:
        _do(s, m, ev)
        if s.islands_changed:  # a tile or building placed: Expansion IV's goals
            for fn in (s.cat.game_hooks or G.table(s.cat))[G.PLACED]:
                fn(s, ev)
        if s.step == GAME_OVER:
            return
        moves = legal(s)
        if len(moves) != 1:
            return
        m = moves[0]


def _do(s: PRState, m: Move, ev: Events) -> None:
    """One move (the referee test wraps this to check each, forced ones included)."""
    code = m[0]
    if ev is not None and code == PASS:  # the log says whether the pass was a choice
        legal_now = s.legal
        s.forced = legal_now is not None and len(legal_now) == 1
    s.legal = None
    if s.pending:
        interrupts.act(s, m, ev)
        if s.pending:  # more to ask first; the resume status stays as it is
            return
        status = s.resume
        s.resume = CONTINUE
    elif code == ROLE:
        status = _choose_role(s, m[1], ev)
    elif s.step == DRAFT:
        _PHASES[_DRAFT].act(s, m, ev)
        return
    else:
        status = _PHASES[s.role].act(s, m, ev)
    if status != CONTINUE or s.pending:
        _after(s, status, ev)


def _choose_role(s: PRState, r: int, ev: Events, captured: bool = False) -> int:
    p = s.turn
    if s.round == 1 and s.picks == 0 and not captured:
        _round_header(s, ev)
    i = s.cat.role_index[r]
    coins = s.role_coins[i]
    s.coins[p] += coins
    s.role_coins[i] = 0
    s.role_taken[i] = p
    s.chosen.append(r)
    s.role = r
    s.role_player = p
    s.phase_i = 0
    s.step = PHASE_START
    if ev is not None:
        role = C.ROLES[r]
        if captured:
            tell(ev, p, "role", "role_captured", seat=p, role=role)
        elif coins:
            tell(ev, p, "role", "role_coins", seat=p, role=role, coins=coins)
        else:
            tell(ev, p, "role", "role", seat=p, role=role)
    for fn in (s.cat.game_hooks or G.table(s.cat))[G.ROLE_CHOSEN]:  # (G.run, inlined)
        fn(s, ev)  # Expansion III: the smuggler tile, the captured card
    if hooks.due(s, r, hooks.START):
        return R_START
    started: int = _PHASES[r].start(s, ev)
    return started


def _after(s: PRState, status: int, ev: Events) -> None:
    """Go on from ``status`` until a decision is pending (or the phase is over)."""
    while True:
        if s.pending:  # interrupts first; then on from here
            s.resume = status
            return
        if status == CONTINUE:
            return
        phase = _PHASES[s.role]
        if status == TURN_OVER:
            i = s.phase_i + 1
            s.phase_i = i
            if i < s.n:
                s.turn = (s.role_player + i) % s.n
                phase.begin_turn(s)
                if not hooks.turn_due(s):
                    return
                status = R_TURN
            else:
                status = PHASE_OVER
        elif status == PHASE_OVER:
            if hooks.due(s, s.role, hooks.END):
                s.step = PHASE_END
                status = R_END
            else:
                status = phase.wrap_up(s, ev)
        elif status == PHASE_DONE:
            phase.finish(s, ev)
            _next_pick(s, ev)
            return
        elif status >= R_END:
            i = hooks.run(s, ev, hooks.END, status - R_END)
            status = R_END + i if i >= 0 else phase.wrap_up(s, ev)
        elif status >= R_TURN:
            i = hooks.run(s, ev, hooks.TURN, status - R_TURN)
            status = R_TURN + i if i >= 0 else CONTINUE
        elif status >= R_START:
            i = hooks.run(s, ev, hooks.START, status - R_START)
            status = R_START + i if i >= 0 else phase.start(s, ev)
        else:  # a phase's own way to go on after an interrupt
            status = phase.resume(s, ev, status)


def _next_pick(s: PRState, ev: Events) -> None:
    if s.picks < s.picks_per_round:  # (not after the captured card's play)
        s.picks += 1
    s.role = -1
    s.role_player = -1
    s.phase_i = 0
    if s.picks >= s.picks_per_round:
        for extra in (s.cat.game_hooks or G.table(s.cat))[G.EXTRA_ROLE]:  # Exp. III: captured
            if (r := extra(s)) >= 0:
                _after(s, _choose_role(s, r, ev, captured=True), ev)
                return
        _end_round(s, ev)
        return
    s.step = CHOOSE_ROLE
    s.turn = (s.governor + s.picks) % s.n


def _end_round(s: PRState, ev: Events) -> None:
    """A doubloon on each role nobody chose; the governor passes left (or the game ends)."""
    coins, taken = s.role_coins, s.role_taken
    for i in range(len(taken)):
        if taken[i] < 0 and s.roles[i] != C.SMUGGLER:  # (Expansion III: never on it)
            coins[i] += 1
    G.run(s, G.ROUND_END, ev)  # Expansion III: the captured card is free again
    s.role_taken = [-1] * len(taken)
    s.chosen = []
    if s.last_round:
        G.run(s, G.GAME_END, ev)  # Expansion IV: a goal reached by the round's last move
        s.step = GAME_OVER
        s.turn = -1
        if ev is not None:
            tell(ev, None, "game_over", "game_end", round=s.round)
        final_scores(s, ev)
        return
    s.governor = (s.governor + 1) % s.n
    s.round += 1
    s.picks = 0
    s.step = CHOOSE_ROLE
    s.turn = s.governor
    _round_header(s, ev)


def _round_header(s: PRState, ev: Events) -> None:
    if ev is not None:
        tell(ev, s.governor, "round", "round", round=s.round, seat=s.governor)
        ev[-1]["round"] = s.round  # the client's round rule reads this, never the text


def mover(s: PRState) -> int:
    """The seat that decides now (-1 at the end)."""
    if s.step == GAME_OVER:
        return -1
    return s.pending[0][1] if s.pending else s.turn

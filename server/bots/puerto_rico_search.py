"""Puerto Rico's ``hard``: sequential halving on shared sampled worlds (as San Juan's).

Only the decisions that shape a game are searched: the role, the build, the plantation
(any step whose actions are of the types in ``SEARCHED``), and from rules 6 the wharf's
"when" (``waits``: a captain turn whose only loads are the wharf's or small wharf's,
now or on a later turn). Every other step — the mayor's placements, loading, selling,
storing, the expansions' small decisions — is the heuristic's greedy pick, as ``easy``
plays it.

A searched decision is a race between the seat's best ``width`` actions by the
heuristic (progressive widening in its simplest form: the expansions' build steps
offer up to 30 buildings, most of them hopeless, and a race among all of them spends
the budget on the hopeless ones). Each world is a sample the seat cannot tell from the
real table (``game.determinize`` from its own view); every action still in the race is
played out in the *same* world: everyone plays on greedily to the end of the game, and
the end is scored by the heuristic's estimate as a smooth chance of finishing first.
Sharing the worlds makes the differences between actions their own and not the luck
of the draw, which the generic ISMCTS (a fresh sample per iteration) could not do once
the expansions made the draws larger (docs/bots.md, the ladder). Playing to the end
won more than stopping two rounds ahead on the estimate in the same time (docs/bots.md:
44 against 40 of 48 games); a budget too small to pay for one world of whole-game
playouts at every stage, and any game with an expansion, still stops two rounds ahead.
Against anyone but ``easy`` the whole-game rollouts, which play every seat as ``easy``,
are wrong: issue 34's candidate stops two rounds ahead at every table (the league level
``hard-two-rounds``; docs/bots.md, League).

The budget is iterations — rounds of rollout play, what the time goes on, so a
whole-game playout early costs about 15 and one in the last round 1 (deterministic
for a seed) — and/or wall time.
"""

from __future__ import annotations

import math
import time
from typing import Any

from server.bots.base import SeatBot
from server.bots.duds import without_duds
from server.bots.halving import race
from server.bots.heuristic import heuristic_for
from server.bots.puerto_rico_table import Table
from server.bots.puerto_rico_view import lean_view
from server.bots.search import _carry_out, forward
from server.engine.contract import Action, Game
from server.games.puerto_rico.core.state import CAPTAIN, PRState
from server.games.puerto_rico.phases.captain import WHARF_WHEN_RULES

SEARCHED = frozenset(("role", "build", "plantation", "quarry"))
ROUNDS_PER_SECOND = 500
"""Rounds of rollout play a second on one core in the base game with 3 players (`python
-m server.tools.ladder --calibrate`: 530-830 on the 2-core machine), to turn a time budget
into iterations (set low: a loaded server must not overrun)."""
SHORT_HORIZON = 2
"""New rounds a playout looks ahead when the budget cannot afford playing to the end."""
HARD_HORIZON: int | None = None
"""``hard``'s look-ahead: None, to the end of the game when the budget affords it. Issue
34's candidate, ``SHORT_HORIZON`` at every table (the league level ``hard-two-rounds``),
is not shown better yet (docs/bots.md, League: "Two rounds ahead at every table")."""


class PuertoRicoSearch(SeatBot):
    """Sequential halving over the seat's role, build and plantation decisions;
    ``iterations`` counts rounds of rollout play per decision (a cap alone:
    deterministic); ``horizon`` fixes the look-ahead (None: chosen by the budget)."""

    level = "search"

    def __init__(self, seed: int, move_time: float | None, iterations: int | None,
                 horizon: int | None = None, width: int = 8, spread: float = 3.0) -> None:
        super().__init__(seed)
        if move_time is None and iterations is None:
            raise ValueError("a search needs a time budget or an iteration cap")
        heuristic = heuristic_for("puerto-rico")
        assert heuristic is not None
        self.heuristic = heuristic
        self.move_time = move_time
        self.iterations = iterations
        self.horizon = horizon  # new rounds to play into before the estimate (None: the end)
        self.rounds: int | None = horizon  # this decision's horizon
        self.played = 0  # the last playout's rounds (its cost in iterations)
        self.width = width
        self.spread = spread
        self.last_iterations = 0
        self.last_means: dict[Any, tuple[float, int]] | None = None  # (the coach reads it)

    def decide(self, game: Game, state: Any, seat: int, actions: list[Action]) -> Action:
        deadline = (time.perf_counter() + self.move_time if self.move_time is not None
                    else math.inf)  # the dud check and the priors count against the time
        actions = forward(actions)
        actions = without_duds(game, state, seat, actions)  # never a role with nothing in it
        scores = self.heuristic.action_scores(game, state, seat, actions)
        if len(actions) == 1 or not (any(a.get("type") in SEARCHED for a in actions)
                                     or waits(state, actions)):
            best = max(scores)
            return self.rng.choice([a for a, v in zip(actions, scores, strict=True)
                                    if v == best])
        low, high = min(scores), max(scores)
        priors = [(v - low) / ((high - low) or 1.0) for v in scores]
        return actions[self._halving(game, state, seat, actions, priors, deadline)]

    def _halving(self, game: Game, state: Any, seat: int, actions: list[Action],
                 priors: list[float], deadline: float) -> int:
        """The index of the winner; the worse half leaves after each stage, every
        action in the race seeing the same worlds (at least one per stage)."""
        width = self.width
        if self.iterations is not None:  # a tiny cap races fewer: one world each at least
            width = min(width, max(2, self.iterations // 2))
        alive = sorted(range(len(actions)), key=lambda j: -priors[j])[:width]
        self.rounds = self._horizon(state, seat, len(alive))
        won = race(game, state, seat, actions, priors, alive, self.iterations, deadline,
                   self.rng, self._rollout, lambda: self.played)
        self.last_iterations, self.last_means = won.spent, won.means  # (the coach reads them)
        return won.winner

    def _horizon(self, state: Any, seat: int, racing: int) -> int | None:
        """To the end of the game (None) when the budget affords one world of such
        playouts at every stage of the race (about twice the racers), else a short look
        ahead: early in the game, a small budget would overrun on its first world. With
        the expansions, always the short look ahead: the greedy rollouts are far from
        how anyone plays there, and playing them to the end won 29 of 48 games where
        two rounds and the estimate won 40."""
        if self.horizon is not None:
            return self.horizon
        if not isinstance(state, PRState) or state.expansions:
            return SHORT_HORIZON
        budget = math.inf if self.iterations is None else float(self.iterations)
        if self.move_time is not None:
            budget = min(budget, self.move_time * rounds_per_second(state))
        left = Table(lean_view(state, seat)).rounds_left
        return None if budget >= 2 * racing * left else SHORT_HORIZON

    def _rollout(self, game: Game, s: Any, seat: int) -> float:
        """Greedy play to the end, or until this decision's ``rounds`` new rounds have
        started; then the heuristic's estimate (at the end of the game: the score, a
        little for money and goods left, and half of an unmanned large building's bonus)."""
        rounds, last_round = 0, getattr(s, "round", 0)
        self.played = 1  # the iterations this playout is worth: the rounds it played
        for _ in range(5000):
            movers = game.to_move(s)
            if not movers:
                self.played = rounds + 1  # and the round the game ended in
                break
            now = getattr(s, "round", 0)
            if now != last_round:
                last_round, rounds = now, rounds + 1
                if self.rounds is not None and rounds >= self.rounds:
                    self.played = rounds
                    break
            mover = movers[0]
            actions = game.legal_actions(s, mover)
            i = 0
            if len(actions) > 1:
                scores = self.heuristic.action_scores(game, s, mover, actions)
                i = scores.index(max(scores))
            _carry_out(game, s, mover, actions, i)
        return self.win_chance(self.heuristic.estimate(game, s), seat)

    def win_chance(self, scores: list[float], seat: int) -> float:
        """A smooth chance of finishing first: logistic in the gap to the best other."""
        gap = scores[seat] - max(v for p, v in enumerate(scores) if p != seat)
        return 1.0 / (1.0 + math.exp(-gap / self.spread))


def waits(state: Any, actions: list[Action]) -> bool:
    """The wharf's "when" (rules 6): loading with the wharf or the small wharf now, or
    "not now" and perhaps on a later turn of the phase (after another load), which
    changes who ends the game with the last VP chips."""
    if not isinstance(state, PRState) or state.step != CAPTAIN or state.pending:
        return False
    if state.rules < WHARF_WHEN_RULES:  # there, "not now" was "never"
        return False
    return any(a.get("type") == "pass" for a in actions)


def rounds_per_second(s: PRState) -> float:
    """About ``ROUNDS_PER_SECOND`` scaled to this game's players: a round of more
    players costs about players^1.5 (5 players: 2.1 times 3 players'). Only the game
    without expansions asks (with them, the look-ahead is always short)."""
    return ROUNDS_PER_SECOND * (3 / s.n) ** 1.5


def make_search(level: str, seed: int, move_time: float | None,
                iterations: int | None) -> PuertoRicoSearch:
    bot = PuertoRicoSearch(seed, move_time, iterations, horizon=HARD_HORIZON)
    bot.level = level
    return bot

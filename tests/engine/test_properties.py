"""Random-legal games in bulk: no exception, every game ends, and no component is ever
created or lost, checked after every single action.

PRTUI_PROPERTY_GAMES sets the number of games per (player count, option set); the
default keeps the whole file around a minute on one core.
"""

from __future__ import annotations

import os
import random

import pytest

from server.engine.playout import MAX_ACTIONS, pick
from server.games.registry import get_game
from tests.engine.games import GameFacts, all_facts

GAMES = int(os.environ.get("PRTUI_PROPERTY_GAMES", "0")) or None
CASES = [
    (facts, players, options)
    for facts in all_facts()
    for players in facts.players
    for options in facts.option_sets
]


def _ids(case: tuple[GameFacts, int, dict]) -> str:
    facts, players, options = case
    return f"{facts.name}-{players}p-" + ("-".join(f"{k}={v}" for k, v in options.items()) or "default")


def _games_for(facts: GameFacts) -> int:
    return GAMES or facts.facts.random_games  # each game's record says how many


@pytest.mark.parametrize("case", CASES, ids=[_ids(c) for c in CASES])
def test_random_games_end_and_conserve_every_component(
    case: tuple[GameFacts, int, dict],
) -> None:
    facts, players, options = case
    game = get_game(facts.name)
    opts = game.normalize_options(players, options)
    games = _games_for(facts)
    lengths = []
    for i in range(games):
        seed = 1000 * players + i
        state = game.setup(players, opts, seed)
        totals = facts.totals(game.to_data(state))
        expected = facts.facts.expected_totals
        if expected is not None:
            assert totals == expected(players, opts), "setup miscounts"
        rnd = random.Random(seed)
        steps = 0
        while not game.is_over(state):
            seat, action = pick(game, state, rnd)
            events = game.apply(state, seat, action)
            assert all(isinstance(e["text"], str) for e in events)
            steps += 1
            assert steps <= MAX_ACTIONS, f"seed {seed}: no end after {steps} actions"
            now = facts.totals(game.to_data(state))
            assert now == totals, f"seed {seed}, action {steps} {action}: {now} != {totals}"
        assert game.to_move(state) == []
        result = game.result(state)
        assert result is not None and sorted(s.seat for s in result.scores) == list(range(players))
        assert result.winners and set(result.winners) <= set(range(players))
        lengths.append(steps)
    assert min(lengths) >= players  # every seat acted at least once

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
from tests.engine.games import PUERTO_RICO, SAN_JUAN, GameFacts, all_facts, pr_expected_totals
from tests.engine.san_juan_facts import expected_totals as sj_expected_totals

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
    if GAMES:
        return GAMES
    # ~1500 Puerto Rico games in all: 4 player counts x 3 option sets x 125; San Juan's
    # random games are longer: 3 player counts x 2 option sets x 50 (the soak command,
    # server/tools/soak.py, plays 10,000 per player count)
    if facts is SAN_JUAN:
        return 50
    return 125 if facts is PUERTO_RICO else 200


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
        if facts is PUERTO_RICO:
            assert totals == pr_expected_totals(players, opts["edition"]), "setup miscounts"
        if facts is SAN_JUAN:
            assert totals == sj_expected_totals(), "setup miscounts"
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

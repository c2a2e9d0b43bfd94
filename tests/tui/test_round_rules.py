"""The log's round rules come from the server's data, never from the words (issue 24):
a player named "Round 99" used to match the client's "Round N" pattern, drew a rule
"Round 99" and then no rule at all for the rounds after it. Real games on the engine,
their log lines as the server's sync sends them to a seat, shown by the real app."""

from __future__ import annotations

import random
from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from server.games.registry import get_game
from server.net.sync import GameSync
from tests.tui.boards import pr_game
from tests.tui.san_juan_boards import sj_game
from tests.tui.test_board import Table
from tests.tui.test_log_follow import log_lines

NAMES = ["Round 99", "bo", "cy", "di"]


def played(game_id: str, rounds: int, seed: int = 3) -> GameSync:
    """A four-player game whose first seat is named "Round 99", played at random until
    round ``rounds`` has begun."""
    game = get_game(game_id)
    sync = GameSync(game, game.setup(4, game.normalize_options(4, {"names": NAMES}), seed), False)
    rng = random.Random(seed)
    while sync.game.view(sync.state, None)["round"] < rounds and not sync.over():
        seat = game.to_move(sync.state)[0]
        sync.apply(seat, rng.choice(sync.legal(seat)))
    return sync


def rules_and_openings(lines: list[str]) -> list[tuple[str, str]]:
    """Each rule with the line right after it."""
    return [(line, lines[i + 1]) for i, line in enumerate(lines[:-1]) if line.startswith("── ")]


@pytest.mark.parametrize(("game_id", "catalog"), [("puerto-rico", pr_game), ("san-juan", sj_game)])
async def test_a_player_named_round_99_leaves_every_round_its_rule(
        game_id: str, catalog: Any) -> None:
    sync = played(game_id, 3)
    app = PrtuiApp(lambda a: GameScreen(Table(), sync.snapshot(0), game=catalog()))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        # the name is in the log, as the first words of a line
        assert any(line.startswith("Round 99 ") for line in log_lines(app))
        for _ in range(3):  # later rounds arrive as new lines of the same log
            sync.forget(0)
            sync = played_on(sync, sync.game.view(sync.state, None)["round"] + 1)
            app.screen.apply_snapshot(sync.snapshot(0))
            await pilot.pause()
        lines = log_lines(app)
        final = sync.game.view(sync.state, None)["round"]
        pairs = rules_and_openings(lines)
        assert [rule for rule, _ in pairs] == [f"── Round {n} ──" for n in range(1, final + 1)], lines
        for n, (_, opening) in enumerate(pairs, start=1):
            assert opening.startswith(f"Round {n}: "), (n, opening)


def played_on(sync: GameSync, rounds: int, seed: int = 5) -> GameSync:
    """The same game played on at random until round ``rounds`` has begun."""
    rng = random.Random(seed + rounds)
    while sync.game.view(sync.state, None)["round"] < rounds and not sync.over():
        seat = sync.game.to_move(sync.state)[0]
        sync.apply(seat, rng.choice(sync.legal(seat)))
    return sync

"""The quiet playout (no per-step records, the benches' path) plays the very same game
as the recorded one: same choices from the same seeded draws, same end state."""

from __future__ import annotations

import random

import pytest

from server.engine.playout import Step, play_out
from server.games import registry


@pytest.mark.parametrize(
    ("game_name", "players", "options"),
    [
        ("puerto-rico", 4, {}),
        ("puerto-rico", 3, {"expansions": ["new_buildings", "citizens"]}),
        ("san-juan", 4, {}),
    ],
)
def test_quiet_playout_is_the_recorded_one(
    game_name: str, players: int, options: dict[str, object]
) -> None:
    game = registry.get_game(game_name)
    opts = game.normalize_options(players, options)
    for seed in range(3):
        quiet = game.setup(players, opts, seed)
        loud = game.setup(players, opts, seed)
        seen: list[Step] = []
        n_quiet = play_out(game, quiet, random.Random(seed))
        n_loud = play_out(game, loud, random.Random(seed), on_step=seen.append)
        assert n_quiet == n_loud == len(seen) > 0
        assert game.is_over(quiet)
        assert game.to_data(quiet) == game.to_data(loud)

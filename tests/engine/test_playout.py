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


def test_puerto_rico_quiet_path_matches_its_actions() -> None:
    """``moves`` lists one move per labelled action, in the same order; ``apply_move``
    refuses another seat and a move that is not legal, and changes nothing then."""
    from server.engine.errors import IllegalAction, NotYourTurn
    from server.games.puerto_rico.core.moves import parse

    game = registry.get_game("puerto-rico")
    for options in ({}, {"expansions": ["new_buildings", "citizens"]}):
        state = game.setup(3, game.normalize_options(3, options), 5)
        rnd = random.Random(5)
        for _ in range(200):
            seat = game.to_move(state)[0]
            moves = game.moves(state, seat)
            actions = game.legal_actions(state, seat)
            assert [parse(a) for a in actions if a["type"] != "undo"] == moves  # (contract)
            assert game.moves(state, (seat + 1) % 3) == []
            before = game.to_data(state)
            with pytest.raises(NotYourTurn):
                game.apply_move(state, (seat + 1) % 3, moves[0])
            with pytest.raises(IllegalAction):
                game.apply_move(state, seat, (99,))
            assert game.to_data(state) == before
            game.apply_move(state, seat, moves[rnd.randrange(len(moves))])

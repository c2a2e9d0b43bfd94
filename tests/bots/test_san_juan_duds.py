"""San Juan's search leaves dud roles alone as Puerto Rico's does (duds.without_duds):
positions from easy-vs-easy games where the search, unfiltered, chose the trader with
nothing to sell anywhere while the builder and others lay open."""

from __future__ import annotations

from typing import Any

from server.bots import action_key, make_bot
from server.bots.duds import dud_keys, without_duds
from server.games.registry import get_game

GAME = get_game("san-juan")


def _position(seed: int, moves: int) -> tuple[Any, int]:
    """The table after ``moves`` moves of four easy bots on game ``seed``."""
    state = GAME.setup(4, GAME.normalize_options(4, {}), seed)
    bots = [make_bot("easy", GAME, i) for i in range(4)]
    for _ in range(moves):
        seat = GAME.to_move(state)[0]
        GAME.apply(state, seat, bots[seat].choose(GAME, state, seat))
    return state, GAME.to_move(state)[0]


def test_without_duds_drops_the_empty_trader_and_keeps_the_rest() -> None:
    state, seat = _position(0, 0)  # the first pick: nobody has a good to sell
    legal = GAME.legal_actions(state, seat)
    kept = without_duds(GAME, state, seat, legal)
    assert {a["role"] for a in legal} - {a["role"] for a in kept} == {"trader"}
    assert without_duds(GAME, state, seat, kept) == kept


def test_hard_and_medium_never_choose_a_dud_while_another_role_is_open() -> None:
    for seed, moves, bot_seed in ((0, 0, 1), (1, 30, 0), (1, 30, 1), (3, 29, 2)):
        state, seat = _position(seed, moves)
        legal = GAME.legal_actions(state, seat)
        duds = dud_keys(GAME, state, seat, legal)
        assert duds and all(a["type"] == "role" for a in legal)
        for level, iterations in (("hard", 8), ("hard", 16), ("medium", 16)):
            choice = make_bot(level, GAME, bot_seed, iterations=iterations).choose(
                GAME, state, seat)
            assert action_key(choice) not in duds, (seed, moves, level, iterations)

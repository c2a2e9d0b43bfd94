"""San Juan through the bot framework: the random and easy bots play whole games in the
arena, deciding only on their own determinization."""

from __future__ import annotations

import pytest

from server.bots.arena import run_arena
from server.bots.base import RandomBot, action_key
from server.bots.heuristic import heuristic_for
from tests.games.san_juan.helpers import GAME, new, role


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_bots_play_whole_games_in_the_arena(players: int) -> None:
    summary = run_arena("san-juan", ["random"] * players, games=2, seed=3)
    assert summary["games"] == 2 and summary["unfinished"] == 0
    assert sum(b["wins"] for b in summary["bots"]) == pytest.approx(2)
    assert all(b["fallbacks"] == 0 for b in summary["bots"])


def test_easy_plays_whole_games_with_whatever_heuristic_is_registered() -> None:
    heuristic_for("san-juan")  # San Juan's own (server/bots/heuristic.py), else generic
    summary = run_arena("san-juan", ["easy", "random"], games=2, seed=4)
    assert summary["unfinished"] == 0


def test_a_random_bot_chooses_a_legal_action_from_its_own_seats_world() -> None:
    s = new(3, seed=5)
    role(s, "councillor")
    bot = RandomBot(seed=1)
    legal = {action_key(a) for a in GAME.legal_actions(s, s.turn)}
    for _ in range(5):
        assert action_key(bot.choose(GAME, s, s.turn)) in legal

"""Issue 34's candidates for hard (server/bots/candidates.py): medium's ISMCTS at hard's
CPU, made by name as league levels, playing whole legal games, searching where they
say they search, and read by the coach like any ISMCTS."""

from __future__ import annotations

import pytest

from server.bots.arena import run_arena
from server.bots.candidates import ALL_PER_ROUND, FOCUS_PER_ROUND, FocusedSearch
from server.bots.coach import estimates
from server.bots.levels import FALLBACK, LEVELS, known_level, make_bot
from server.bots.search import SearchBot
from server.games.registry import get_game
from tests.games.puerto_rico.helpers import GAME, new

CANDIDATES = ("hard-ismcts", "hard-ismcts-focus", "hard-ismcts-focus-10")


@pytest.mark.parametrize("level", CANDIDATES)
def test_a_candidate_plays_a_whole_legal_game(level: str) -> None:
    """A base game at a tiny cap against easy and random: the arena counts an illegal
    move or a crash as a fallback."""
    summary = run_arena("puerto-rico", [level, "easy", "random"], 1, seed=4, iterations=4)
    assert summary["unfinished"] == 0
    mine = summary["bots"][0]
    assert mine["level"] == level and mine["fallbacks"] == 0 and mine["avg_move_seconds"] > 0
    assert known_level(level) and level not in LEVELS and FALLBACK[level] == "medium"


def test_the_candidates_get_hard_s_cpu_in_iterations() -> None:
    """A row's 300 rounds of hard's rollout play become the ISMCTS iterations of the
    same CPU over a game (docs/bots.md); San Juan gets hard itself."""
    every = make_bot("hard-ismcts", GAME, 1, iterations=300)
    focus = make_bot("hard-ismcts-focus", GAME, 1, iterations=300)
    assert type(every) is SearchBot and every.iterations == round(300 * ALL_PER_ROUND)
    assert isinstance(focus, FocusedSearch) and focus.iterations == round(300 * FOCUS_PER_ROUND)
    assert every.rollout_steps == focus.rollout_steps == 6
    assert make_bot("hard-ismcts-focus-10", GAME, 1, iterations=300).rollout_steps == 10
    sj = get_game("san-juan")
    assert type(make_bot("hard-ismcts", sj, 1, iterations=30)) is type(
        make_bot("hard", sj, 1, iterations=30))


def test_the_focused_search_searches_hard_s_decisions_only() -> None:
    """The role is searched (every iteration of the cap, and the coach reads the tree);
    the mayor's placements are the heuristic's greedy pick, as hard plays them."""
    s = new(3)
    seat = GAME.to_move(s)[0]
    bot = make_bot("hard-ismcts-focus", GAME, 2, iterations=20)
    role = bot.choose(GAME, s, seat)
    assert role["type"] == "role" and bot.last_iterations == bot.iterations == 26
    rated = estimates(bot)
    assert rated and all(0.0 <= v <= 1.0 for v, _ in rated.values())
    mayor = next(a for a in GAME.legal_actions(s, seat) if a.get("role") == "mayor")
    GAME.apply(s, seat, mayor)
    actions = GAME.legal_actions(s, seat)  # the mayor's privilege: a colonist or not
    assert len(actions) == 2 and {a["type"] for a in actions} == {"mayor_colonist", "pass"}
    bot.last_iterations = 0
    assert bot.choose(GAME, s, seat) in actions
    assert bot.last_iterations == 0  # not searched
    every = make_bot("hard-ismcts", GAME, 2, iterations=20)
    every.choose(GAME, s, seat)
    assert every.last_iterations == every.iterations == 13  # medium's search looks at every decision

"""Bots and the optional privileges: the heuristic takes them, but a seat that is behind
leaves the last VP chip or the colonist the ship refill needs; the search sees both
branches (take and pass are both legal actions) and declines when ending loses."""

from __future__ import annotations

from typing import Any

import pytest

from server.bots import make_bot
from server.bots.puerto_rico import PuertoRicoHeuristic
from tests.games.puerto_rico.helpers import GAME, act, build, choose, goods, new


def _last_chip(behind: bool) -> Any:
    """1897, three players: seat 1 ships its corn; the harbor's point would be the last
    chip. Seat 1 holds 0 VP (behind: the others hold 73) or 60 (ahead)."""
    s = new(3, "1897")
    build(s, 1, "harbor")
    s.col_supply -= 1
    goods(s, 1, corn=1)
    s.vp = [37, 0, 36] if behind else [7, 60, 6]
    s.vp_supply = 2
    choose(s, 0, "captain")
    act(s, 1, "load", good="corn", ship=0)
    assert [a["type"] for a in GAME.legal_actions(s, 1)] == ["harbor_vp", "pass"]
    return s


def _colonist_end(behind: bool) -> Any:
    """Three players, no buildings: the mayor's privilege colonist would leave 2 in the
    supply for a refill of 3."""
    s = new(3)
    left = s.col_supply - 3
    s.san_juan = [left - 2 * (left // 3), left // 3, left // 3]
    s.col_supply = 3
    s.vp = [0, 30, 30] if behind else [30, 0, 0]
    s.vp_supply -= 60 if behind else 30
    choose(s, 0, "mayor")
    assert [a["type"] for a in GAME.legal_actions(s, 0)] == ["mayor_colonist", "pass"]
    return s


@pytest.mark.parametrize("position", [_last_chip, _colonist_end])
@pytest.mark.parametrize("behind", [True, False])
def test_easy_declines_the_end_only_when_behind(position: Any, behind: bool) -> None:
    s = position(behind)
    seat = GAME.to_move(s)[0]
    choice = make_bot("easy", GAME, 1).choose(GAME, s, seat)
    assert (choice["type"] == "pass") is behind


@pytest.mark.parametrize("behind", [True, False])
def test_hard_decides_the_last_chip_by_searching_both_branches(behind: bool) -> None:
    s = _last_chip(behind)
    bot = make_bot("hard", GAME, 2, iterations=120)
    choice = bot.choose(GAME, s, 1)
    assert (choice["type"] == "pass") is behind


def test_privileges_are_taken_when_nothing_ends() -> None:
    s = new(4)
    build(s, 0, "hospice")
    s.col_supply -= 1
    choose(s, 0, "settler")
    act(s, 0, "quarry")
    scores = PuertoRicoHeuristic().action_scores(GAME, s, 0, GAME.legal_actions(s, 0))
    assert scores[0] > scores[-1]  # take the colonist over leaving it
    s = new(4)
    s.island_col[0][0] = 1
    s.col_supply -= 1
    goods(s, 0)  # nothing held
    s.island[0][0] = 0  # a corn plantation: seat 0 makes 1 corn
    s.island[2][0] = 1
    choose(s, 0, "craftsman")
    actions: list[dict[str, Any]] = GAME.legal_actions(s, 0)
    assert [a["type"] for a in actions] == ["produce", "pass"]
    assert make_bot("easy", GAME, 3).choose(GAME, s, 0)["type"] == "produce"

"""Bots and the wharf's "when" (rules 6, issue 39): "not now" keeps the wharf for a
later turn of the phase, so waiting can be better than loading at once.

The heuristic (``easy``, and every greedy step of ``hard``) treats a wharf load that
would take the last VP chips like the other ends it may decline: a seat that is behind
waits, and ships on its later turn once another load has ended the game anyway (under
rules 5 that pass gave the barrels up). ``hard`` races "now" against "not now" by
search, so the coach rates both."""

from __future__ import annotations

from typing import Any

import pytest

from server.bots import make_bot
from server.bots.coach import coach_task
from server.games.puerto_rico.core import catalog as C
from tests.games.puerto_rico.helpers import GAME, build, goods, load_ship, new

WHARF_LOAD = {"type": "load", "good": "corn", "ship": "wharf"}


def _shipment(vp: list[int], indigo: int, coins: int = 0) -> Any:
    """Classic, three players, round 14, 2 VP chips left; the captain is the round's
    last role (seat 1 is governor, seat 0 picks last). Seat 1's 2 corn fit on no cargo
    ship (each carries another kind): his wharf's load would take the last chips, and
    the game would end with the round. Seat 2 must load ``indigo`` barrels after him;
    the captain, seat 0, holds nothing."""
    s = new(3)
    s.round, s.governor = 14, 1
    for seat, role in ((1, "settler"), (2, "mayor")):
        s.chosen.append(C.ROLES.index(role))
        s.role_taken[s.cat.role_index[C.ROLES.index(role)]] = seat
    s.picks, s.turn = 2, 0
    build(s, 1, "wharf")
    s.col_supply -= 1
    for j, g in enumerate(("indigo", "sugar", "tobacco")):
        load_ship(s, j, g, 1)
    goods(s, 1, corn=2)
    goods(s, 2, indigo=indigo)
    s.coins[1] += coins
    s.vp = vp
    s.vp_supply = C.vp_chips(3, "classic") - sum(vp)
    assert s.vp_supply == 2
    s.legal = None
    GAME.apply(s, 0, {"type": "role", "role": "captain"})
    assert GAME.to_move(s) == [1] and s.picks == 2
    assert {a["type"] for a in GAME.legal_actions(s, 1)} == {"load", "pass"}
    return s


def _easy(s: Any) -> dict[str, Any]:
    choice: dict[str, Any] = make_bot("easy", GAME, 1).choose(GAME, s, 1)
    return choice


def test_behind_it_waits_and_ships_once_another_load_has_ended_the_game() -> None:
    s = _shipment([37, 0, 36], indigo=2)
    assert _easy(s)["type"] == "pass"  # shipping now would end a game it loses
    GAME.apply(s, 1, {"type": "pass"})  # seat 2's 2 indigo follow unasked: the last chips
    assert s.last_round and s.vp_supply == 0 and GAME.to_move(s) == [1]
    choice = _easy(s)
    assert {k: choice[k] for k in WHARF_LOAD} == WHARF_LOAD  # the end came anyway: ship
    GAME.apply(s, 1, choice)
    assert s.vp[1] == 2  # what loading at once would have brought, and nothing lost


def test_behind_it_waits_again_while_its_load_alone_would_end_the_game() -> None:
    s = _shipment([37, 0, 36], indigo=1)
    GAME.apply(s, 1, _easy(s))
    assert s.pgoods[1][C.CORN] == 2 and s.vp_supply == 1  # seat 2 shipped 1 indigo
    assert GAME.to_move(s) == [1] and _easy(s)["type"] == "pass"
    GAME.apply(s, 1, {"type": "pass"})
    assert not s.last_round and s.vp_supply == 1  # the game goes on


def test_ahead_it_ships_at_once() -> None:
    s = _shipment([7, 60, 6], indigo=1)
    choice = _easy(s)
    assert {k: choice[k] for k in WHARF_LOAD} == WHARF_LOAD


def _favoured_later() -> Any:
    """If the game ends with this round seat 1 loses: seat 0's three large buildings
    (12 VP and their bonuses) outweigh seat 1's 2 barrels, as the others' hidden chips
    are split evenly in every world the search samples. But seat 1 holds 25 doubloons
    more for the rounds to come; nobody loads after him, so "not now" keeps the game
    going, where he is favoured."""
    s = _shipment([20, 30, 23], indigo=0, coins=25)
    build(s, 0, "residence", "fortress", "city_hall")
    s.col_supply -= 3
    return s


@pytest.mark.parametrize("seed", [1, 2])
def test_hard_searches_the_wharfs_when_and_waits(seed: int) -> None:
    s = _favoured_later()
    choice = make_bot("hard", GAME, seed, iterations=120).choose(GAME, s, 1)
    assert choice["type"] == "pass"


def test_the_coach_rates_waiting_above_loading_at_once() -> None:
    s = _favoured_later()
    sample = GAME.determinize(s, 1, 5)
    rated = coach_task("puerto-rico", GAME.to_data(sample), 1, 5, None, 120)
    assert rated and rated[0]["action"]["type"] == "pass"
    values = {r["action"]["type"]: r["value"] for r in rated}
    assert values["pass"] > 0.5 > values["load"]  # (0.87 against 0.11 when written)

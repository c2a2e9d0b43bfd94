"""Rules version 6 (issue 39): the wharf's "when" and the festival estate goal of the
planter phase's last planter (docs/rules-notes.md, "Rules version 6"; through
`prtui engine`: tests/engine/test_pr_rules6_cli.py). Games set up under version 5
replay move for move as they were recorded."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from server.engine.errors import IllegalAction, NotYourTurn
from tests.games.puerto_rico.helpers import (
    GAME,
    act,
    build,
    choose,
    goods,
    legal,
    load_ship,
    new,
    replayed,
    step,
)
from tests.games.record_games import state_digest

RECORDED = Path(__file__).parent / "data" / "rules5_games.json"


def _recorded() -> list[dict]:
    recorded = json.loads(RECORDED.read_text())
    assert "rules version 5" in recorded["engine"]
    games: list[dict] = recorded["games"]
    return games


def test_games_recorded_under_version_5_replay_move_for_move() -> None:
    """Stored rooms pass their rules version to ``setup``: games the engine recorded
    before version 6 (tests/games/record_games.py) replay every action to the same end
    and the same saved state."""
    for game in _recorded():
        s = replayed(game, rules=5)
        assert state_digest(GAME.to_data(s)) == game["state_digest"], game["options"]


@pytest.mark.parametrize("index", range(5))
def test_each_recorded_game_plays_otherwise_under_version_6(index: int) -> None:
    """The records hold what version 6 changes (a wharf passed and then a load, the
    small wharf's too, the last planter's festival goal at 3 and 5 players): the same
    actions under version 6 are refused somewhere or end elsewhere, so the test above
    would catch a change that leaked into version 5."""
    game = _recorded()[index]
    s = GAME.setup(game["players"], {**game["options"], "rules_version": 6}, game["seed"])
    try:
        for seat, action in game["actions"]:
            GAME.apply(s, seat, action)
    except (IllegalAction, NotYourTurn):
        return
    assert state_digest(GAME.to_data(s)) != game["state_digest"]


def test_a_wharf_passed_twice_in_one_phase_and_then_used() -> None:
    """000 Wharf: "The player may choose when during the Shipment phase to use this
    special function (if at all), but it can only be used once per Shipment phase."
    A pass lasts until the next load; the phase ends when everyone has passed in turn."""
    s = new(3)
    build(s, 1, "wharf")
    for j, g in enumerate(("indigo", "sugar", "tobacco")):  # no ship takes corn
        load_ship(s, j, g, 1)
    goods(s, 1, corn=2)
    goods(s, 2, indigo=1, sugar=1, tobacco=1)
    choose(s, 0, "captain")
    for good in ("indigo", "sugar"):
        act(s, 1, "pass")
        assert s.wharf_declined[1] == 1 and s.turn == 2
        act(s, 2, "load", good=good, ship=("indigo", "sugar").index(good))
        assert s.wharf_declined == [0, 0, 0] and s.turn == 1  # asked again
    act(s, 1, "load", good="corn", ship="wharf")  # (seat 2's tobacco follows unasked)
    assert s.vp[1] == 2 and s.pgoods[1] == [0] * 5 and step(s) == "choose_role"


def test_version_5_games_keep_the_wharf_given_up() -> None:
    s = new(3, rules_version=5)
    build(s, 1, "wharf")
    for j, g in enumerate(("indigo", "sugar", "tobacco")):
        load_ship(s, j, g, 1)
    goods(s, 1, corn=2)
    goods(s, 2, indigo=1, sugar=1)
    choose(s, 0, "captain")
    act(s, 1, "pass")
    act(s, 2, "load", good="indigo", ship=0)
    assert step(s) == "captain_store" and s.turn == 1  # never asked again
    assert {a["type"] for a in legal(s)} == {"store"}

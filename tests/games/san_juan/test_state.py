"""The save format (docs/san-juan-state.md): format 2 round trips, and load refuses what
legal play cannot produce, naming the field."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from server.engine.errors import CorruptState
from tests.games.san_juan.helpers import GAME, K, act, build, hand, new, role


def _refused(data: dict[str, Any], field: str) -> None:
    with pytest.raises(CorruptState) as err:
        GAME.from_data(data)
    assert str(err.value).startswith(f"{field}:"), str(err.value)


def test_a_state_round_trips_mid_decision() -> None:
    s = new(3, seed=1)
    hand(s, 0, "palace", "well", "statue", "hero", "smithy", "tower")
    role(s, "builder")
    act(s, "build", building="palace", cost=5)
    act(s, "pay", card="well")
    data = GAME.to_data(s)
    assert data["format"] == 2 and data["sel"] == [K["well"]] and data["build"] == K["palace"]
    again = GAME.from_data(data)
    assert GAME.to_data(again) == data
    assert GAME.legal_actions(again, 0) == GAME.legal_actions(s, 0)


def test_a_complete_selection_waiting_for_confirm_round_trips() -> None:
    s = new(2, seed=1)
    hand(s, 0, "smithy", "well", "statue")
    role(s, "builder")
    act(s, "build", building="well", cost=1)
    act(s, "pay", card="statue")  # complete: only undo or confirm now
    data = GAME.to_data(s)
    assert data["sel"] == [K["statue"]] and data["need"] == 1 and data["format"] == 2
    again = GAME.from_data(data)
    assert [a["type"] for a in GAME.legal_actions(again, 0)] == ["undo", "confirm"]
    GAME.apply(again, 0, {"type": "confirm"})
    assert K["well"] in again.city[0] and K["statue"] not in again.hands[0]


def test_the_format_number_comes_first() -> None:
    data = GAME.to_data(new(2))
    _refused({k: v for k, v in data.items() if k != "format"}, "format")
    _refused({**data, "format": 0, "n": "x"}, "format")
    _refused({**data, "format": 3}, "format")
    _refused({**data, "hand": []}, "hand")


def _with(data: dict[str, Any], **fields: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    out.update(fields)
    return out


def test_impossible_positions_are_refused_by_field() -> None:
    s = new(3, seed=2)
    build(s, 1, "crane")
    data = GAME.to_data(s)
    hands = copy.deepcopy(data["hands"])
    hands[0] = list(reversed(hands[0])) if len(set(hands[0])) > 1 else hands[0] + [0]
    _refused(_with(data, hands=hands), "hands" if len(set(data["hands"][0])) > 1 else "cards")
    _refused(_with(data, deck=data["deck"][:-1]), "cards")
    _refused(_with(data, tiles=[0, 1, 2, 3, 3]), "tiles")
    _refused(_with(data, governor=3), "governor")
    _refused(_with(data, turn=1), "turn")  # round 1 starts with the governor
    _refused(_with(data, step=4), "role")  # a builder step without the builder in play
    _refused(_with(data, need=2), "sel")  # no selection while choosing a role
    covered = copy.deepcopy(data["covered"])
    covered[0] = [data["deck"][-1]]
    _refused(_with(data, covered=covered, deck=data["deck"][:-1]), "covered")
    _refused(_with(data, library_used=True), "library_used")
    _refused(_with(data, step=11, turn=-1), "step")  # over, with nobody at 12 buildings


def test_a_payment_must_fit_the_hand_and_the_cost() -> None:
    s = new(3, seed=3)
    hand(s, 0, "palace", "well", "statue", "hero", "smithy", "tower")
    role(s, "builder")
    act(s, "build", building="palace", cost=5)
    data = GAME.to_data(s)
    _refused(_with(data, need=4), "need")
    _refused(_with(data, sel=[K["library"]]), "sel")
    _refused(_with(data, build=K["library"]), "build")

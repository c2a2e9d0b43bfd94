"""The Puerto Rico save format through `prtui engine`: `state` writes format 2, `load`
refuses impossible states with `corrupt_state` naming the field, and keeps the game."""

from __future__ import annotations

import copy
import random
import sys
from collections.abc import Iterator

import pytest

from tests.engine.harness import EngineProc


@pytest.fixture(scope="module")
def engine() -> Iterator[EngineProc]:
    proc = EngineProc([sys.executable, "-m", "prtui", "engine"])
    yield proc
    proc.kill()


def _refusal(engine: EngineProc, state: dict) -> str:
    answer = engine.ask({"cmd": "load", "game": "puerto-rico", "state": state})
    assert answer["ok"] is False and answer["error"]["code"] == "corrupt_state", answer
    return str(answer["error"]["message"])


def test_impossible_states_are_refused_by_field_and_the_game_stays(engine: EngineProc) -> None:
    assert engine.ask({"cmd": "new", "players": 4, "seed": 5})["ok"]
    fresh = engine.ask({"cmd": "state"})["state"]
    assert fresh["format"] == 6
    cases = {
        "format": {**fresh, "format": 7},
        "vp_supply": {**fresh, "vp_supply": fresh["vp_supply"] - 90},  # 90 chips gone
        "coins": {**fresh, "coins": [500, 3, 3, 3]},
        "turn": {**fresh, "turn": 1},  # the governor (seat 0) chooses first
    }
    for field, state in cases.items():
        assert _refusal(engine, state).startswith(f"{field}: ")
    assert engine.ask({"cmd": "state"})["state"] == fresh  # nothing changed


def test_mid_game_states_round_trip_through_the_cli(engine: EngineProc) -> None:
    rnd = random.Random(4)
    for players, edition in ((2, "1897"), (5, "classic")):
        answer = engine.ask({"cmd": "new", "players": players, "seed": players,
                             "options": {"edition": edition}})
        step = 0
        while not answer["over"]:
            if step % 25 == 0:
                saved = engine.ask({"cmd": "state"})["state"]
                again = engine.ask({"cmd": "load", "state": copy.deepcopy(saved)})
                assert again["ok"], again
                assert again["legal"] == answer["legal"]
                assert engine.ask({"cmd": "state"})["state"] == saved
            answer = engine.ask({"cmd": "apply", "action": rnd.choice(answer["legal"])})
            assert answer["ok"], answer
            step += 1
        assert step > 100

"""Rules version 3 (issue 27): the gold mine is turned up only if its owner says so.

002_60370cdf8b66f8e7.txt (the authority): "玩家也可以选择不使用建筑功能。" (a player may
also choose not to use a building's function) and, for the gold mine, "拥有金矿的玩家可以
从摸牌堆翻开4张牌" (the owner *may* turn up 4 cards from the deck). Under rules 2 the four
cards were turned up unasked; stored games of version 2 replay move for move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from server.bots.levels import make_bot
from server.engine.errors import CorruptState
from tests.games.record_games import state_digest
from tests.games.san_juan.helpers import GAME, K, act, build, new, role, step, texts, top

RECORDED = Path(__file__).parent / "data" / "rules2_games.json"


def _asked(**opts: object):
    s = new(3, seed=7, **opts)
    build(s, 1, "gold_mine")
    top(s, "well", "smithy", "library", "crane", "tobacco_storage", "palace")
    role(s, "prospector")  # seat 0 draws the well; seat 1 owns the gold mine
    return s


def test_the_owner_is_asked_before_the_four_cards_are_turned_up() -> None:
    """The seed: "玩家也可以选择不使用建筑功能。" — the turn-up (which burns four deck cards)
    is offered, not applied."""
    s = _asked()
    assert step(s) == "gold_mine_ask" and s.turn == 1 and s.pending == []
    assert [{k: v for k, v in a.items() if k not in ("tmpl", "tk", "tf")}
            for a in GAME.legal_actions(s, 1)] == [
        {"type": "gold_mine",
         "label": "Turn up 4 cards with the gold mine (keep one if all costs differ)"},
        {"type": "pass", "kind": "decline", "label": "Leave the gold mine's cards face down"},
    ]
    deck = list(s.deck)
    events = act(s, "pass")
    assert texts(events)[0] == "Player 2 leaves the gold mine's cards face down"
    assert s.deck == deck and step(s) == "choose_role"  # nothing turned up, nothing burnt


def test_turning_them_up_is_the_old_gold_mine() -> None:
    s = _asked()
    events = act(s, "gold_mine")
    assert "Player 2's gold mine turns up tobacco storage, smithy, crane and library: " \
        "four different costs" in texts(events)
    act(s, "take", card="library")
    assert K["library"] in s.hands[1] and step(s) == "choose_role"


def test_the_ask_is_public_and_the_view_says_the_phase() -> None:
    s = _asked()
    assert GAME.view(s, 2)["phase"]["step"] == "prospector"
    assert GAME.view(s, 1)["decision"]["step"] == "gold_mine_ask"
    again = GAME.from_data(GAME.to_data(s))
    assert GAME.legal_actions(again, 1) == GAME.legal_actions(s, 1)


def test_under_rules_2_the_gold_mine_is_turned_up_unasked() -> None:
    s = _asked(rules_version=2)
    assert s.rules == 2 and step(s) == "gold_mine" and len(s.pending) == 4
    with pytest.raises(CorruptState, match="step"):
        GAME.from_data({**GAME.to_data(_asked()), "rules": 2})


def test_a_format_1_state_loads_as_rules_2() -> None:
    s = new(3, seed=3, rules_version=2)
    data = {k: v for k, v in GAME.to_data(s).items() if k != "rules"}
    data["format"] = 1
    loaded = GAME.from_data(data)
    assert loaded.rules == 2 and GAME.to_data(loaded) == GAME.to_data(s)
    with pytest.raises(Exception, match="rules_version"):
        GAME.normalize_options(3, {"rules_version": 4})


@pytest.mark.parametrize("level", ["random", "easy", "medium"])
def test_the_bots_answer_the_gold_mine_question(level: str) -> None:
    s = _asked()
    bot = make_bot(level, GAME, 1, iterations=20)
    assert bot.choose(GAME, s, 1)["type"] in ("gold_mine", "pass")


def test_games_recorded_under_rules_2_replay_move_for_move() -> None:
    """Stored rooms pass their rules version to ``setup``: games the engine recorded
    before version 3 (tests/games/record_games.py; every one has gold mine turn-ups)
    replay every action to the same end and the same saved state (its format 1 read as
    format 2: the digest is of the state as it loads now)."""
    recorded = json.loads(RECORDED.read_text())
    assert "rules version 2" in recorded["engine"]
    for game in recorded["games"]:
        s = GAME.setup(game["players"], {**game["options"], "rules_version": 2}, game["seed"])
        kinds = set()
        for seat, action in game["actions"]:
            kinds.update(e["kind"] for e in GAME.apply(s, seat, action))
        assert GAME.is_over(s) and "gold_mine" in kinds
        assert [line.total for line in GAME.result(s).scores] == game["totals"]
        old = {k: v for k, v in GAME.to_data(s).items() if k != "rules"}
        assert state_digest({**old, "format": 1}) == game["state_digest"]

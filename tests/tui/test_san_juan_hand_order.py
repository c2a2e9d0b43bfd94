"""San Juan's action list follows the hand on screen (issue 32, item 5): building, and
paying for a building, the numbered keys go down the hand as it is drawn (by cost, then
name), so key 3 is the third card I see there. The real board under the pilot, on boards
of a seeded engine game as the server sends them to seat 0."""

from __future__ import annotations

from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.games.san_juan.hand import HandList
from prtui.screens.game import GameScreen
from prtui.widgets.actions import ActionsPanel
from tests.tui.san_juan_boards import frames, paying_4p, sj_game
from tests.tui.test_board import Table


def _step(frame: dict[str, Any]) -> str:
    return str((frame["view"].get("decision") or {}).get("step"))


def _first(step: str, least: int) -> dict[str, Any]:
    """Seat 0's first board at that step with at least ``least`` cards on the list."""
    return next(f for f in frames(4, 11) if _step(f) == step and sum(
        a["type"] in ("build", "pay") for a in f["legal"]) >= least)


def _card(action: dict[str, Any]) -> str:
    return str(action.get("building") if action["type"] == "build" else action.get("card"))


@pytest.mark.parametrize("board", ["build", "build_pay", "paying fixture"])
async def test_the_keys_go_down_the_hand_as_drawn(board: str) -> None:
    snap = paying_4p() if board == "paying fixture" else _first(board, 3)
    async with PrtuiApp(lambda a: GameScreen(Table(), snap, game=sj_game())).run_test(
            size=(120, 40)) as pilot:
        await pilot.pause()
        screen = pilot.app.screen
        hand = [key.split("#")[0] for key in screen.query_one(HandList).keys]
        panel = screen.query_one(ActionsPanel)
        listed = [(panel.key_of(a), _card(a)) for a in snap["legal"]
                  if a["type"] in ("build", "pay") and _card(a) in hand]
        by_key = [card for key, card in sorted(listed, key=lambda kc: "1234567890".index(kc[0]))]
        assert len(by_key) >= 2, listed
        places = [hand.index(card) for card in by_key]
        assert places == sorted(places), (by_key, hand)  # key 1 the first card I see...
        rows = [row.plain for row in panel._menu.rows]
        for key, card in listed:  # ...and each row says which card its key is
            row = next(r for r in rows if r.startswith(f"{key} "))
            assert sj_game()["display"] and card.replace("_", " ") in row.lower(), (key, row)

"""One vocabulary on the whole board, and every name and fact from the server.

A real local table (embedded server, random bots): once it is my turn to choose a role
and the log already names roles, `v` must turn the role cards, my action list and the
log into 1897 words together, and `v` again back into classic words. Then the server's
own data is changed (nothing in the client): the help and the building supply show the
change, so the client keeps no second copy of a name, a help text or a number.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.games.puerto_rico.buildings import BuildingSupply
from prtui.games.puerto_rico.table import RoleCard
from prtui.launch import local_plan
from prtui.screens.game import GameScreen
from prtui.screens.help import HelpScreen
from prtui.widgets.actions import ActionsPanel
from prtui.widgets.feed import GameLog
from server.engine.contract import describe
from server.games.puerto_rico.game import PuertoRico
from server.games.registry import get_game
from server.wording import render
from tests.tui.waiting import board_drawn, wait_for

CLASSIC = re.compile(r"\b(Settler|Mayor|Prospector|colonists?|doubloons?|San Juan|plantations?|indigo)\b")
WORDS_1897 = re.compile(r"\b(Planter|Recruiter|Adventurer|workers?|coins?|Portrait|estates?|fruit)\b")
MAX_MOVES = 400


def log_lines(screen: GameScreen) -> list[str]:
    return ["".join(seg.text for seg in strip) for strip in screen.query_one(GameLog).lines]


def action_rows(screen: GameScreen) -> list[str]:
    return [row.plain for row in screen.query_one(ActionsPanel)._menu.rows]


def card(screen: GameScreen, role: str) -> str:
    shown = screen.query_one(f"#role-{role}", RoleCard)._shown
    return shown.plain if shown is not None else ""


async def my_role_choice(app: PrtuiApp, pilot: Any) -> GameScreen:
    """Play the highlighted choice until I choose a role while the log already names a
    chosen role."""
    for _ in range(MAX_MOVES):
        await wait_for(pilot, lambda: board_drawn(app)
                       and bool(app.screen.snapshot.get("legal")))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        legal = screen.snapshot["legal"]
        if (legal[0].get("type") == "role" and any(" the Mayor" in line or " the Settler" in line
                                                   for line in log_lines(screen))):
            await pilot.pause()
            return screen
        seen = screen.snapshot
        await pilot.press("enter")  # the highlighted choice ("1" may be a full place now)
        await wait_for(pilot, lambda seen=seen: app.screen.snapshot is not seen)  # type: ignore[attr-defined]
    raise AssertionError("never my turn to choose a role after one was chosen")


async def test_v_switches_role_cards_actions_and_log_together(tmp_path: Path) -> None:
    setup = TableSetup(players=4, bots=["random"] * 3, bot_delay_s=0.0, seed=11)
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await my_role_choice(app, pilot)
        roles = [a["role"] for a in screen.snapshot["legal"] if a.get("type") == "role"]

        def board_words() -> str:
            cards = " ".join(card(screen, r) for r in ("settler", "mayor", "prospector"))
            return "\n".join([cards, *action_rows(screen), *log_lines(screen)])

        assert "Mayor" in card(screen, "mayor") and "Settler" in card(screen, "settler")
        assert CLASSIC.search("\n".join(action_rows(screen)))
        assert not WORDS_1897.search(board_words()), board_words()

        await pilot.press("v")  # classic -> 1897: every word together
        await pilot.pause()
        assert "Recruiter" in card(screen, "mayor") and "Planter" in card(screen, "settler")
        rows = action_rows(screen)
        names_1897 = {"settler": "Planter", "mayor": "Recruiter", "prospector": "Adventurer"}
        for role, row in zip(roles, rows, strict=False):
            if role in names_1897:
                assert names_1897[role] in row, rows
        assert any(" the Recruiter" in line or " the Planter" in line for line in log_lines(screen))
        assert not CLASSIC.search(board_words()), board_words()
        assert WORDS_1897.search("\n".join(log_lines(screen)))

        await pilot.press("v")  # and back: 1897 -> classic
        await pilot.pause()
        assert "Mayor" in card(screen, "mayor")
        assert CLASSIC.search("\n".join(log_lines(screen)))
        assert not WORDS_1897.search(board_words()), board_words()
        await pilot.press("1")  # the list still sends the server's own action
        await pilot.pause()


async def test_help_and_building_facts_are_the_servers(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """Change the server's data only: the client's help and supply follow it."""
    served = describe(get_game("puerto-rico"))["display"]
    harbor = next(b for b in served["buildings"] if b["id"] == "harbor")
    classic = served["vocabularies"][0]["words"]
    assert harbor["help"]  # what an unchanged server says, rendered, is what help shows
    expected_before = render(harbor["help"], classic)

    changed = {**served, "buildings": [
        {**b, "help": "{w:captain}: a text only the server knows ({n:doubloon:3}).", "cost": 42}
        if b["id"] == "harbor" else b for b in served["buildings"]]}
    original = PuertoRico.display
    monkeypatch.setattr(PuertoRico, "display", lambda self: changed)

    setup = TableSetup(players=3, bots=["random"] * 2, bot_delay_s=10.0, seed=5)
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.pause()
        supply = screen.query_one(BuildingSupply)
        row = supply.rows[supply.keys.index("harbor")].plain
        assert " 42→" in row  # the cost the server sent; my price is the server's too
        assert f"→{screen.snapshot['view']['players'][0]['prices']['harbor']:>2}$" in row
        screen.show_help("harbor")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen)
                       and bool(app.screen.query("#help-harbor")))
        body = str(app.screen.query_one("#help-harbor").render())
    assert "Harbor  42$" in body
    assert "Captain: a text only the server knows (3 doubloons)." in body
    assert expected_before not in body
    assert original(PuertoRico()) == served  # the unchanged server's data, for the record

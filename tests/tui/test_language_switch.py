"""The language is switched from the command palette (ctrl+p, "Language / 语言"): each
language named in its own words, the screen shown redrawn in it at once, the board
under it still the same game, and the choice kept in settings.json for the next run.
The real app under the pilot, a Puerto Rico board on the engine."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from textual.command import CommandPalette
from textual.widgets import DataTable, Static

import prtui.i18n
from prtui.app import DisconnectedScreen, PrtuiApp
from prtui.launch import remote_plan
from prtui.netclient import Client
from prtui.screens.game import GameScreen
from prtui.screens.lobby import LobbyScreen
from prtui.settings import Settings
from server.i18n import Translator
from tests.tui.test_turn_notice import app_with, new_table
from tests.tui.waiting import board_drawn, wait_for

ZH = Translator("zh_CN", "prtui")


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    """The language is the process's: every test here starts and ends in English."""
    prtui.i18n.set_language("en")
    yield
    prtui.i18n.set_language("en")


def redrawn(app: PrtuiApp) -> bool:
    """The switch's redraw has run (the plan's worker runs on: not waited for)."""
    return all(worker.is_finished for worker in app.workers if worker.group == "language")


def said(app: object) -> str:
    """The Disconnected screen's words ('' while it is composed again)."""
    found = app.screen.query("#disconnected")  # type: ignore[attr-defined]
    return str(found.first(Static).render()) if found else ""


async def test_the_palette_switches_the_language_at_once_and_keeps_it(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    table = new_table()
    app = app_with(table, Settings.load(path))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app))
        board = app.screen
        assert isinstance(board, GameScreen)
        snapshot = board.snapshot
        app.on_closed("bye: maintenance")
        await wait_for(pilot, lambda: isinstance(app.screen, DisconnectedScreen)
                       and said(app).startswith("Disconnected"))
        await pilot.press("ctrl+p")
        await wait_for(pilot, lambda: isinstance(app.screen, CommandPalette))
        await pilot.press(*"简体")
        await wait_for(pilot, lambda: "中文（简体）" in str(
            [str(o.prompt) for o in app.screen.query("CommandList").first().options]))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, DisconnectedScreen)
                       and said(app).startswith(ZH("Disconnected")))
        assert ZH("Disconnected") != "Disconnected"
        assert ZH("The server ended the connection: {reason}.").format(
            reason="maintenance") in said(app)
        assert prtui.i18n.language() == "zh_CN"
        # the board under it is the same game, drawn, never composed anew
        assert app.screen_stack[-2] is board and board.snapshot is snapshot
        assert board.table.is_mounted
    assert json.loads(path.read_text(encoding="utf-8"))["language"] == "zh_CN"
    assert Settings.load(path).language == "zh_CN"  # the next run reads in it


async def test_each_language_is_offered_in_its_own_words() -> None:
    app = app_with(new_table(), Settings())
    async with app.run_test(size=(100, 30)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app))
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert "Language / 语言: English" in titles
        assert "Language / 语言: 中文（简体）" in titles
        assert "Quit" in titles and "Turn bell: off" in titles
        app.switch_language("zh_CN")
        await wait_for(pilot, lambda: prtui.i18n.language() == "zh_CN")
        titles = [command.title for command in app.get_system_commands(app.screen)]
        assert ZH("Quit") in titles and ZH("Turn bell: off") in titles  # Textual's and ours
        assert "Language / 语言: English" in titles  # found by who cannot read Chinese
        assert f"Language / 语言: {ZH('automatic')}" in titles and ZH("automatic") == "自动"
        await app.workers.wait_for_complete()
        app.switch_language(None)  # automatic: the environment's again
        assert app.settings.language is None
        await app.workers.wait_for_complete()


async def test_a_lobby_keeps_its_rooms_through_a_switch(port: int) -> None:
    """A screen that fills its parts as it mounts (the lobby's table, its chat) is never
    composed anew by a switch: nothing it shows is lost, and pushes still reach it."""
    host = await Client.connect("127.0.0.1", port, "host")
    try:
        await host.command("create_room", game="puerto-rico", players=2, options={})
        app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                           and app.screen.query_one(DataTable).row_count == 1)
            lobby = app.screen
            table = lobby.query_one(DataTable)
            columns = len(table.columns)
            app.switch_language("zh_CN")
            await wait_for(pilot, lambda: redrawn(app))
            assert app.screen is lobby and lobby.query_one(DataTable) is table
            assert len(table.columns) == columns and table.row_count == 1
            await host.command("create_room", game="puerto-rico", players=2, options={})
            await wait_for(pilot, lambda: table.row_count == 2)
    finally:
        await host.close()

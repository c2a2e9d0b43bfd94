"""The leaderboard and profiles in the real app at 80x24, against a real server on
127.0.0.1 whose SQLite file holds rated games played out and rated as a room rates
them (tests/tui/standings.py): the lobby's key opens the leaderboard, Enter a profile,
Enter on a finished game its replay (with the review only where the viewer played);
a guest's own profile is refused with the server's words; a name like "[bold]x" shows
as typed."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.widgets import DataTable, Static

from prtui.app import PrtuiApp
from prtui.credentials import CredentialBook, book_key
from prtui.launch import Login, remote_plan
from prtui.screens.leaderboard import LeaderboardScreen
from prtui.screens.lobby import LobbyScreen
from prtui.screens.profile import ProfileScreen
from prtui.screens.replay import ReplayScreen
from prtui.widgets.ratingplot import RatingPlot
from server.net.server import GameServer
from tests.tui.standings import PASSWORD, seed_rated
from tests.tui.waiting import wait_for

HOSTILE = "[bold]x"
TABLES = [["ana", HOSTILE, "bot:easy"], ["ana", "bot:hard"], [HOSTILE, "bot:easy"],
          ["ana", HOSTILE]]


@pytest.fixture
async def port(tmp_path: Path) -> AsyncIterator[int]:
    seed_rated(tmp_path / "server", ["ana", HOSTILE], TABLES)
    srv = GameServer(tmp_path / "server", host="127.0.0.1", port=0)
    yield await srv.start()
    await srv.stop()


def as_ana(port: int, tmp_path: Path) -> PrtuiApp:
    book = CredentialBook(tmp_path / "config" / "credentials.json")
    key = book_key("127.0.0.1", port, "ana")
    return PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play",
                                     login=Login(book, key, PASSWORD)))


def cells(table: DataTable[object], column: int) -> list[str]:
    return [str(getattr(table.get_row_at(i)[column], "plain", table.get_row_at(i)[column]))
            for i in range(table.row_count)]


async def test_lobby_leaderboard_profile_and_a_replay(port: int, tmp_path: Path) -> None:
    app = as_ana(port, tmp_path)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("l")
        await wait_for(pilot, lambda: isinstance(app.screen, LeaderboardScreen)
                       and app.screen.query_one(DataTable).row_count == 4)
        board = app.screen
        assert board.game == "san-juan"  # the first game with rated players
        for _ in board.games:  # g to Puerto Rico (a test game may come between)
            await pilot.press("g")
            await wait_for(pilot, lambda: board.shown == board.game)
            if board.game == "puerto-rico":
                break
        # nobody rated there yet, and it says so
        await wait_for(pilot, lambda: "Nobody has a rating" in str(
            board.query_one("#board-hint", Static).render()))
        assert board.game == "puerto-rico" and board.query_one(DataTable).row_count == 0
        for _ in board.games:  # round the server's games (a test game may be one of them)
            if board.game == "san-juan":
                break
            await pilot.press("g")
            await wait_for(pilot, lambda: board.shown == board.game)
        await wait_for(pilot, lambda: board.query_one(DataTable).row_count == 4)
        players = cells(board.query_one(DataTable), 1)
        assert set(players) == {"ana (you)", HOSTILE, "easy bot", "hard bot"}, players
        ratings = [float(r) for r in cells(board.query_one(DataTable), 2)]
        assert ratings == sorted(ratings, reverse=True)
        title = str(board.query_one("#board-title", Static).render())
        assert "San Juan" in title and "4 rated players" in title, title

        board.query_one(DataTable).move_cursor(row=players.index(HOSTILE))
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ProfileScreen))
        x = app.screen
        assert str(x.query_one("#profile-title", Static).render()).startswith(
            f"Profile — {HOSTILE}")  # as typed, not bold markup
        games = x.query_one("#games", DataTable)
        assert games.row_count == 3
        assert cells(games, 5) == ["ana", "easy bot", "ana, easy bot"]  # who else played
        assert x.query_one(RatingPlot).values == [float(v) for v in x.data["history"]["san-juan"]]
        assert len(x.query_one(RatingPlot).values) == 4
        games.move_cursor(row=1)  # x against an easy bot: not ana's game, no review
        await pilot.pause()
        assert x.check_action("review", ()) is False
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert replay.step == replay.steps > 0 and replay.ask_review is None
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is x)
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is board)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))

        await pilot.press("i")  # my own profile, from the lobby
        await wait_for(pilot, lambda: isinstance(app.screen, ProfileScreen))
        me = app.screen
        assert [g["room"] for g in me.games] == ["rated003", "rated001", "rated000"]
        assert me.check_action("review", ()) is True  # my game: the review is mine
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        assert app.screen.ask_review is not None


async def test_a_guest_is_told_a_guest_has_no_profile(port: int) -> None:
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "zed", "play"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("i")
        await wait_for(pilot, lambda: any("guest" in str(n.message) for n in app._notifications))
        said = [str(n.message) for n in app._notifications if "guest" in str(n.message)]
        assert said[0].startswith("Profile: zed plays as a guest here"), said
        assert isinstance(app.screen, LobbyScreen)


async def test_a_server_with_no_rating_yet_says_so(tmp_path: Path) -> None:
    """Nobody rated in any game: the leaderboard opens on the server's first game and
    says how a rating comes."""
    srv = GameServer(tmp_path / "empty", host="127.0.0.1", port=0)
    port = await srv.start()
    try:
        app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "zed", "play"))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("l")
            await wait_for(pilot, lambda: isinstance(app.screen, LeaderboardScreen)
                           and app.screen.shown is not None)
            board = app.screen
            assert board.game == "puerto-rico" and board.query_one(DataTable).row_count == 0
            hint = str(board.query_one("#board-hint", Static).render())
            assert hint.startswith("Nobody has a rating in this game yet"), hint
    finally:
        await srv.stop()

"""The screens around the game in Chinese (issue 38, items 1 and 4), in the real app at
80x24 against a real server on 127.0.0.1: the lobby, a room, the new-game form, the
help, the turn notices, the leaderboard and a profile show no English word but names
and key names (tests/tui/english_left.py says what else may show until its file is
converted), and names typed in Chinese (张伟, and 16 wide characters: 32 cells) and a
Chinese room name keep every table's columns in line, in English and in Chinese:
each cell of a row starts where its column's heading starts, in terminal cells."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.widgets import DataTable

from prtui.app import PrtuiApp
from prtui.controller import Controller
from prtui.i18n import language, set_language
from prtui.netclient import Client
from prtui.screens.confirm import ConfirmScreen
from prtui.screens.leaderboard import LeaderboardScreen
from prtui.screens.lobby import LobbyScreen
from prtui.screens.newgame import NewGameScreen
from prtui.screens.profile import ProfileScreen, open_profile
from prtui.screens.room import RoomScreen
from prtui.screens.words import server_words
from server.net.server import GameServer
from tests.tui.english_left import column_starts, english_words, screen_cells
from tests.tui.standings import PASSWORD, seed_rated
from tests.tui.waiting import wait_for

ZHANG = "张伟"
LONGEST = "诸葛孔明卧龙先生南阳躬耕陇亩之中"  # 16 wide characters: 32 cells, the most a name has
ROOM = "周末的波多黎各牌桌"


@pytest.fixture(params=["en", "zh_CN"])
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    """The process's language for one test (one client process, one reader)."""
    before = language()
    set_language(request.param)
    yield request.param
    set_language(before)


@pytest.fixture
def chinese() -> Iterator[None]:
    before = language()
    set_language("zh_CN")
    yield
    set_language(before)


def _plain(cell: object) -> str:
    return cell.plain if isinstance(cell, Text) else str(cell)


def columns_in_line(app: PrtuiApp, table: DataTable[Any], least: int) -> None:
    """Each row's cells start, on screen, where their headings start (at least
    ``least`` columns in view)."""
    rows = screen_cells(app)
    box = table.region
    labels = [column.label.plain for column in table.ordered_columns]
    heading = column_starts(rows[box.y][box.x:box.right], labels)
    assert len(heading) >= least, ("".join(rows[box.y]), labels)
    for i in range(table.row_count):
        cells = [_plain(cell).strip() for cell in table.get_row_at(i)]
        got = column_starts(rows[box.y + 1 + i][box.x:box.right], cells)
        shown = "".join(rows[box.y + 1 + i])
        assert got[:len(heading)] == heading[:len(got)], (shown, got, heading)
        assert len(got) >= least, (shown, cells)


def untranslated(texts: list[object], game: object = None) -> list[str]:
    """The server's texts no catalog has yet (they show as sent)."""
    return [str(t) for t in texts if server_words(t, game) == str(t)]


def catalog_texts(games: list[dict[str, Any]]) -> list[str]:
    """Every text a game's entry in ``list_games`` shows: title, options' words."""
    out: list[str] = []
    for game in games:
        texts: list[object] = [game.get("title") or game["name"]]
        for option in game.get("options") or []:
            texts += [option.get("title") or option.get("name"), option.get("description") or ""]
            texts += list(option.get("labels") or option.get("choices") or [])
            texts += list(option.get("abouts") or [])
        out += untranslated(texts, game["name"])
    return out


async def test_lobby_and_room_keep_their_columns_with_chinese_names(
        port: int, lang: str) -> None:
    host = await Client.connect("127.0.0.1", port, ZHANG)
    room = str((await host.command("create_room", game="puerto-rico", players=4,
                                   options={"edition": "1897"}, name=ROOM))["room"])
    await host.command("join_room", room=room, as_="player")
    await host.command("take_seat", room=room, seat=1)
    await host.command("add_bot", room=room, seat=2, level="hard")
    other = await Client.connect("127.0.0.1", port, "ana")
    await other.command("create_room", game="san-juan", players=2, options={},
                        name="ana's table")
    app = PrtuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        controller = Controller(app, await Client.connect("127.0.0.1", port, LONGEST))
        app.controller = controller
        games = await controller.games()
        lobby = LobbyScreen(controller)
        await app.push_screen(lobby)
        await wait_for(pilot, lambda: len(lobby.rooms) == 2
                       and lobby.query_one(DataTable).row_count == 2)
        await pilot.pause()
        names = [ZHANG, LONGEST, ROOM, "ana", "ana's table", room, *catalog_texts(games)]
        columns_in_line(app, lobby.query_one("#rooms", DataTable), least=5)
        if lang == "zh_CN":
            assert english_words(app, names) == [], "\n".join(map("".join, screen_cells(app)))
            await pilot.press("n")  # the new-game form of a LAN table
            await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
            await pilot.pause()
            assert english_words(app, names) == [], "\n".join(map("".join, screen_cells(app)))
            await pilot.press("escape")
            await wait_for(pilot, lambda: app.screen is lobby)

        await controller.join(room, as_player=True)
        await controller.take_seat(0)
        rooms = (await controller.client.command("list_rooms"))["rooms"]
        controller.room_info = next(r for r in rooms if r["id"] == room)
        seats = RoomScreen(controller)
        await app.push_screen(seats)
        await wait_for(pilot, lambda: seats.query_one("#seats", DataTable).row_count == 4)
        await pilot.pause()
        columns_in_line(app, seats.query_one("#seats", DataTable), least=5)
        if lang == "zh_CN":
            assert english_words(app, names) == [], "\n".join(map("".join, screen_cells(app)))
            await pilot.press("escape")  # I sit here: leaving is asked first
            await wait_for(pilot, lambda: isinstance(app.screen, ConfirmScreen))
            await pilot.pause()
            assert english_words(app, names) == [], "\n".join(map("".join, screen_cells(app)))
            await pilot.press("n")
            await wait_for(pilot, lambda: app.screen is seats)
        await controller.close()
    await host.close()
    await other.close()


async def test_the_leaderboard_keeps_its_columns_with_chinese_names(
        tmp_path: Path, lang: str) -> None:
    names = [ZHANG, LONGEST, "ana"]
    seed_rated(tmp_path, names, [[ZHANG, LONGEST, "ana", "bot:hard"], [LONGEST, ZHANG],
                                 [ZHANG, "bot:easy"]])
    async with GameServer(tmp_path, host="127.0.0.1", port=0) as server:
        app = PrtuiApp()
        async with app.run_test(size=(80, 24)) as pilot:
            me = await Client.connect("127.0.0.1", server.port, LONGEST, password=PASSWORD)
            controller = Controller(app, me)  # my own row ends in "(you)"
            app.controller = controller
            board = LeaderboardScreen(controller, game="san-juan")
            await app.push_screen(board)
            await wait_for(pilot, lambda: len(board.rows) == 5
                           and board.query_one(DataTable).row_count == 5)
            await pilot.pause()
            columns_in_line(app, board.query_one(DataTable), least=5)
            if lang == "zh_CN":
                allowed = [*names, *catalog_texts(await controller.games())]
                assert english_words(app, allowed) == [], "\n".join(
                    map("".join, screen_cells(app)))
            await controller.close()


async def test_a_profile_in_chinese(tmp_path: Path, chinese: None) -> None:
    names = [ZHANG, LONGEST]
    seed_rated(tmp_path, names, [[ZHANG, LONGEST, "bot:hard"], [LONGEST, ZHANG]])
    async with GameServer(tmp_path, host="127.0.0.1", port=0) as server:
        app = PrtuiApp()
        async with app.run_test(size=(80, 24)) as pilot:
            me = await Client.connect("127.0.0.1", server.port, ZHANG, password=PASSWORD)
            controller = Controller(app, me)
            app.controller = controller
            assert await open_profile(app, controller, name=ZHANG)
            await wait_for(pilot, lambda: isinstance(app.screen, ProfileScreen)
                           and app.screen.query_one(DataTable).row_count == 2)
            await pilot.pause()
            columns_in_line(app, app.screen.query_one(DataTable), least=4)
            rooms = [str(g.get("name")) for g in app.screen.games]  # "张伟's table 0"
            allowed = [*names, *rooms, *catalog_texts(await controller.games())]
            assert english_words(app, allowed) == [], "\n".join(map("".join, screen_cells(app)))
            await controller.close()


BOARD_FILES = {"prtui/screens/board_keys.py", "prtui/games/puerto_rico/board.py",
               "prtui/games/puerto_rico/help_topics.py", "prtui/vocabulary.py"}
"""Where the help's body comes from: the board's keys and topics, in the game's words."""


async def test_the_help_in_chinese(chinese: None) -> None:
    from prtui.screens.game import GameScreen
    from prtui.screens.help import HelpScreen
    from tests.i18n.test_catalogs import NOT_YET
    from tests.tui.boards import midgame_4p, pr_game
    from tests.tui.waiting import board_drawn

    game = pr_game()
    app = PrtuiApp(lambda a: NewGameScreen([game], players=4))
    async with app.run_test(size=(80, 24)) as pilot:
        names = {seat: name for seat, name in enumerate([ZHANG, LONGEST, "ana", "bo"])}
        await app.push_screen(GameScreen(None, midgame_4p(), names, game=game))
        await wait_for(pilot, lambda: board_drawn(app))
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        await pilot.pause()
        shown = app.screen
        assert isinstance(shown, HelpScreen)
        rows = ["".join(row) for row in screen_cells(app)]
        assert any("此处所有按键：" in row for row in rows), "\n".join(rows)
        assert any("esc 关闭" in row for row in rows), "\n".join(rows)  # the footer
        allowed = [*names.values(), *catalog_texts([game])]
        if BOARD_FILES & NOT_YET:  # the body is the board's, not converted yet
            allowed += [shown.screen_keys or "", shown.board.keys_help]
            for heading, entries in shown.board.help_sections(shown.vocab, shown.facts,
                                                              shown.in_play):
                allowed += [heading, *(f"{title} {body}" for _, title, body in entries)]
        assert english_words(app, allowed) == [], "\n".join(rows)


async def test_the_turn_notices_in_chinese(tmp_path: Path, chinese: None) -> None:
    from textual.widgets import Static

    from prtui.credentials import CredentialBook, book_key
    from prtui.launch import Login, remote_plan
    from prtui.screens.notices import NoticeAddressScreen
    from server.net.notify_address import NotifyPolicy

    policy = NotifyPolicy(frozenset({"json", "ntfys"}), allow_private=True)
    async with GameServer(tmp_path / "server", notify=policy) as server:
        book = CredentialBook(tmp_path / "config" / "credentials.json")
        key = book_key("127.0.0.1", server.port, ZHANG)
        app = PrtuiApp(plan=remote_plan("127.0.0.1", server.port, ZHANG, "play",
                                        login=Login(book, key, PASSWORD, claim=True)))
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                           and book.get(key) == PASSWORD)
            app.open_notice_address()  # the palette's command (prtui/app.py)
            await wait_for(pilot, lambda: isinstance(app.screen, NoticeAddressScreen))
            box = app.screen

            def said() -> str:
                return "\n".join(str(getattr(w.content, "plain", w.content))
                                 for w in box.query(Static))

            await wait_for(pilot, lambda: "无（不通知）" in said())
            examples = ["json://hooks.example.org/prtui", "json, ntfys"]
            assert english_words(app, examples) == [], said()
            await pilot.press(*"ntfy://example.com/topic", "enter")  # a scheme it refuses
            await wait_for(pilot, lambda: "未完成：" in said())
            reason = said().split("未完成：", 1)[1].split("\n", 1)[0]
            allowed = [*examples, "ntfy://example.com/topic", *untranslated([reason])]
            assert english_words(app, allowed) == [], said()
            await app.controller.close() if app.controller else None


async def test_a_profiles_ratings_keep_their_columns_with_a_game_named_in_chinese(
        port: int, lang: str) -> None:
    """A game's title is padded by cells: a server whose game is named in Chinese (a
    newer or a third-party one: the title then is the game's id) lines up the ratings
    after it with those of a game named in English."""
    app = PrtuiApp()
    async with app.run_test(size=(80, 24)) as pilot:
        controller = Controller(app, await Client.connect("127.0.0.1", port, ZHANG))
        app.controller = controller
        await controller.games()
        rating = {"rating": 1.5, "rank": 2, "of": 9, "games": 3, "wins": 1}
        data = {"name": ZHANG, "ratings": [{"game": "围棋", **rating},
                                           {"game": "san-juan", **rating}],
                "games": [], "history": {}}
        await app.push_screen(ProfileScreen(controller, data))
        await pilot.pause()
        cells = screen_cells(app)
        rows = ["".join(row) for row in cells]
        word = "等级分 1.5" if lang == "zh_CN" else "rating 1.5"
        lines = [i for i, row in enumerate(rows) if word in row]
        assert len(lines) == 2, "\n".join(rows)
        starts = [column_starts(cells[i], [word]) for i in lines]
        assert starts[0] == starts[1], "\n".join(rows[i] for i in lines)
        await controller.close()


async def test_a_switch_of_language_redraws_the_lobby_the_room_and_the_leaderboard(
        tmp_path: Path, chinese: None) -> None:
    """Recomposed after a switch (as the palette's language setting does), a screen
    reads every word again: its keys, its table's headings, its rows and titles."""
    seed_rated(tmp_path, [ZHANG], [[ZHANG, "bot:easy"]])
    async with GameServer(tmp_path, host="127.0.0.1", port=0) as server:
        app = PrtuiApp()
        async with app.run_test(size=(80, 24)) as pilot:
            me = await Client.connect("127.0.0.1", server.port, ZHANG, password=PASSWORD)
            controller = Controller(app, me)
            app.controller = controller
            await controller.games()
            room = str((await me.command("create_room", game="san-juan", players=2,
                                         options={}, name=ROOM))["room"])
            lobby = LobbyScreen(controller)
            await app.push_screen(lobby)
            await wait_for(pilot, lambda: any(r.get("id") == room for r in lobby.rooms))
            rooms = len(lobby.rooms)  # mine, and the finished game
            seen: list[str] = []

            async def switch(to: str, screen: Any, ready: Any) -> None:
                set_language(to)
                await screen.recompose()
                await wait_for(pilot, ready)
                await pilot.pause()
                seen[:] = ["".join(row) for row in screen_cells(app)]

            def says(*words: str) -> bool:
                return all(any(w in row for row in seen) for w in words)

            await switch("en", lobby, lambda: lobby.query_one(DataTable).row_count == rooms)
            assert says("Rooms —", "status", "waiting", "New room"), "\n".join(seen)
            assert not says("牌桌 —") and not says("等待中"), "\n".join(seen)
            await switch("zh_CN", lobby, lambda: lobby.query_one(DataTable).row_count == rooms)
            assert says("牌桌 —", "状态", "等待中", "新牌桌"), "\n".join(seen)

            await controller.join(room, as_player=True)
            controller.room_info = next(r for r in (await me.command("list_rooms"))["rooms"]
                                        if r["id"] == room)
            seats = RoomScreen(controller)
            await app.push_screen(seats)
            await wait_for(pilot, lambda: seats.query_one(DataTable).row_count == 2)
            await switch("en", seats, lambda: seats.query_one(DataTable).row_count == 2)
            assert says("connected", "players, host", "Sit"), "\n".join(seen)
            await switch("zh_CN", seats, lambda: seats.query_one(DataTable).row_count == 2)
            assert says("在线", "名玩家，桌主", "坐下"), "\n".join(seen)

            board = LeaderboardScreen(controller, game="san-juan")
            await app.push_screen(board)
            await wait_for(pilot, lambda: board.query_one(DataTable).row_count == 2)
            await switch("en", board, lambda: board.query_one(DataTable).row_count == 2)
            assert says("Leaderboard —", "rating", "easy bot", "Next game"), "\n".join(seen)
            await controller.close()


async def test_a_game_without_a_board_in_chinese(chinese: None) -> None:
    """The notice in a board's place (a game newer than this client): its keys and hint
    in Chinese, the game's title as the server names it."""
    from prtui.games import cannot_draw
    from prtui.screens.unknown import UnknownGameScreen
    from tests.i18n.test_catalogs import NOT_YET

    title = "Go (19x19)"
    app = PrtuiApp(lambda a: UnknownGameScreen("go", title))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, UnknownGameScreen))
        await pilot.pause()
        rows = ["".join(row) for row in screen_cells(app)]
        assert any("ctrl+l：离开牌桌 · q：退出" in row for row in rows), "\n".join(rows)
        said_by_the_board_package = "prtui/games/__init__.py" in NOT_YET
        allowed = [title, *([cannot_draw(title)] if said_by_the_board_package else [])]
        assert english_words(app, allowed) == [], "\n".join(rows)

"""The lobby of a claimed player at 80x24, on a real server over TCP: "your move at N
tables" comes first, each table one key away (its number opens its board), nothing on
it is cut, and leaving a turn-based board keeps the seat. The new-game form makes a
turn-based table; a guest is told why it may not. A forfeit is said over the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Select

from prtui.app import PrtuiApp
from prtui.credentials import CredentialBook, book_key
from prtui.launch import Login, remote_plan
from prtui.screens.lobby import LobbyScreen
from prtui.screens.newgame import NewGameScreen
from prtui.widgets.notice import TableNotice
from prtui.widgets.your_turns import YourTurns
from server.net.clock import SetClock
from server.net.server import GameServer
from tests.net.client import Client
from tests.net.test_identity import PASSWORD, claim
from tests.tui.clipping import cut_texts
from tests.tui.waiting import board_drawn, form_settled, wait_for

ROOM_NAMES = ("诸葛孔明卧龙先生南阳躬耕陇亩之中", "[b]Bea and Ana's [red]game[/] xx")
"""32 cells of wide characters, and a name that would be markup if it were parsed."""


async def turn_based_tables(port: int) -> list[str]:
    """Two turn-based Puerto Rico tables, ana in seat 0 (her move first), bea in seat 1,
    a bot in seat 2; both started, nobody connected."""
    await claim(port, "ana")
    await claim(port, "bea")
    rooms = []
    ana = await Client.connect(port, "ana", password=PASSWORD)
    bea = await Client.connect(port, "bea", password=PASSWORD)
    try:
        for name in ROOM_NAMES:
            room = str((await ana.ok("create_room", game="puerto-rico", players=3, name=name,
                                     options={"turn_hours": 24}))["room"])
            await ana.ok("join_room", room=room, as_="player")
            await ana.ok("take_seat", room=room, seat=0)
            await bea.ok("join_room", room=room, as_="player")
            await bea.ok("take_seat", room=room, seat=1)
            await ana.ok("add_bot", room=room, seat=2, level="random")
            await ana.ok("start", room=room)
            rooms.append(room)
    finally:
        await ana.close()
        await bea.close()
    return rooms


def lobby_app(port: int, tmp_path: Path, name: str, password: str | None) -> PrtuiApp:
    book = CredentialBook(tmp_path / "config" / "credentials.json")
    key = book_key("127.0.0.1", port, name)
    return PrtuiApp(plan=remote_plan("127.0.0.1", port, name, "play",
                                     login=Login(book, key, password)))


async def seat_of(port: int, room: str, seat: int) -> dict[str, Any]:
    watcher = await Client.connect(port, "wat", role="spectate")
    try:
        rooms = (await watcher.ok("list_rooms"))["rooms"]
    finally:
        await watcher.close()
    return dict(next(r for r in rooms if r["id"] == room)["seats"][seat])


async def test_your_move_comes_first_and_one_key_opens_the_table_at_80x24(
        port: int, tmp_path: Path) -> None:
    rooms = await turn_based_tables(port)
    app = lobby_app(port, tmp_path, "ana", PASSWORD)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        turns = lobby.query_one(YourTurns)
        await wait_for(pilot, lambda: len(turns.tables) == 2 and len(lobby.rooms) == 2)
        await pilot.pause()
        text = turns.content.plain.splitlines()
        assert text[0] == "Your move at 2 tables — 1-2 open one", text
        assert text[1].startswith("1  ") and text[2].startswith("2  ")
        # 24 h a move, asked a moment after the start: "23 h", or "1 d" within a second
        assert all(line.endswith((" · Puerto Rico · 23 h left", " · Puerto Rico · 1 d left"))
                   for line in text[1:]), text
        assert "[b]Bea and Ana's [red]ga" in turns.content.plain  # never markup
        # first on the screen: above the rooms' title and table
        title = lobby.query_one("#lobby-title")
        assert turns.region.y < title.region.y and turns.region.height == 4  # 3 lines, a rule
        assert cut_texts(app.screen) == []
        statuses = {str(lobby.query_one("#rooms").get_row(r)[3]) for r in rooms}
        assert statuses == {"playing · 1 d/move"}  # the rooms list says the pace too
        listed = [t["room"] for t in turns.tables]
        assert sorted(listed) == sorted(rooms)
        await pilot.press("2")  # one key: the second table's board, my seat in it
        await wait_for(pilot, lambda: board_drawn(app))
        assert app.controller is not None
        assert app.controller.room == listed[1] and app.controller.seat == 0
        assert app.screen.snapshot["legal"]  # my move, on my board
        await pilot.press("ctrl+l")  # leaving the board asks nothing: the seat stays
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await wait_for(pilot, lambda: app.controller is not None and app.controller.room is None)
        assert any("Your seat stays yours" in str(n.message) for n in app._notifications)
        await wait_for(pilot, lambda: len(turns.tables) == 2)
    seat = await seat_of(port, listed[1], 0)
    assert seat["kind"] == "human" and seat["name"] == "ana" and not seat["bot_playing"]


@pytest.mark.parametrize("name, password", [("ana", PASSWORD), ("gus", None)],
                         ids=["claimed", "guest"])
async def test_the_new_game_form_opens_a_turn_based_table_and_a_guest_is_told_why_not(
        port: int, tmp_path: Path, name: str, password: str | None) -> None:
    await claim(port, "ana")
    app = lobby_app(port, tmp_path, name, password)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert not app.screen.query_one(YourTurns).display  # no move waits for me
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await form_settled(pilot, app)
        form = app.screen
        assert not form.query_one("#deadline-row").display  # live: no deadline to ask
        form.query_one("#pace", Select).value = 48.0
        await wait_for(pilot, lambda: form.query_one("#deadline-row").display)
        form.query_one("#on-deadline", Select).value = "forfeit"
        await pilot.pause()
        await pilot.press("ctrl+s")
        if password is None:
            await wait_for(pilot, lambda: any("claimed names" in str(n.message)
                                              for n in app._notifications))
            return
        await wait_for(pilot, lambda: app.controller is not None
                       and (app.controller.room_info or {}).get("options", {}).get(
                           "turn_hours") == 48.0)
        assert app.controller is not None and app.controller.room_info is not None
        assert app.controller.room_info["options"]["on_deadline"] == "forfeit"


async def test_a_forfeit_is_said_over_the_board(tmp_path: Path) -> None:
    """ana's deadline passes under a controlled clock at a forfeit table: bea, coming
    for her move, reads on the board who forfeited."""
    clock = SetClock()
    async with GameServer(tmp_path / "server", "127.0.0.1", 0, clock=clock) as srv:
        for name in ("ana", "bea"):
            await claim(srv.port, name)
        ana = await Client.connect(srv.port, "ana", password=PASSWORD)
        bea = await Client.connect(srv.port, "bea", password=PASSWORD)
        room = str((await ana.ok("create_room", game="puerto-rico", players=3, options={
            "turn_hours": 1, "on_deadline": "forfeit", "takeover_level": "random"}))["room"])
        for c, seat in ((ana, 0), (bea, 1)):
            await c.ok("join_room", room=room, as_="player")
            await c.ok("take_seat", room=room, seat=seat)
        await ana.ok("add_bot", room=room, seat=2, level="random")
        await ana.ok("start", room=room)
        await ana.close()
        await bea.close()
        clock.advance(3600)
        app = lobby_app(srv.port, tmp_path, "bea", PASSWORD)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            turns = app.screen.query_one(YourTurns)
            await wait_for(pilot, lambda: [t["room"] for t in turns.tables] == [room])
            await pilot.press("1")
            await wait_for(pilot, lambda: board_drawn(app))
            notice = app.screen.query_one(TableNotice)
            await wait_for(pilot, lambda: notice.lines() == [
                "ana forfeited — a bot plays the seat to the end"])
            assert notice.display


async def test_my_turn_at_another_table_is_said_rung_and_listed_at_once(
        port: int, tmp_path: Path) -> None:
    """Issue 37 item 5: bea waits in the lobby; ana moves at a turn-based table until
    bea's turn comes there. Bea's client says so (the room's name as plain text), rings,
    sends the desktop notification she asked for, and lists the table, with no key."""
    from prtui.settings import Settings

    rooms = await turn_based_tables(port)
    book = CredentialBook(tmp_path / "config" / "credentials.json")
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "bea", "play",
                                    login=Login(book, book_key("127.0.0.1", port, "bea"),
                                                PASSWORD)),
                   settings=Settings(desktop=True))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        turns = lobby.query_one(YourTurns)
        await wait_for(pilot, lambda: lobby.turns_asked > 0)
        assert turns.tables == []  # ana moves first at both tables
        ana = await Client.connect(port, "ana", password=PASSWORD)
        try:
            await ana.ok("join_room", room=rooms[1], as_="player")
            for _ in range(20):  # ana's moves until the turn passes to bea
                await ana.until(lambda: ana.snap is not None or None, 30)
                assert ana.snap is not None
                legal = ana.snap["legal"]
                if not legal:
                    break
                await ana.ok("act", room=rooms[1], action=legal[0], v=ana.v)
        finally:
            await ana.close()
        said = f"Your move at {ROOM_NAMES[1]}"
        await wait_for(pilot, lambda: any(str(n.message) == said for n in app._notifications))
        assert app.bells_rung >= 1
        assert any(f"your turn at {ROOM_NAMES[1]}" in seq for seq in app.desktop_notices)
        await wait_for(pilot, lambda: [t.get("room") for t in turns.tables] == [rooms[1]])

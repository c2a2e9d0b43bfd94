"""Hostile names on every screen of the real app, against a real server on 127.0.0.1.

The server refuses such names now (tests/net/test_names.py), so the rooms here are
written straight into the SQLite store before the server starts, as rooms stored by an
older server would be: they must still load, and every screen (lobby, room, game,
game over, replay, the log, chat, notifications) must show the names as plain text:
no crash, the brackets visible as typed, no link or click action in what is drawn,
and no escape character sent to the terminal.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.launch import remote_plan
from prtui.netclient import Client
from prtui.screens.gameover import GameOverScreen
from prtui.screens.lobby import LobbyScreen
from prtui.screens.replay import ReplayScreen
from prtui.screens.room import RoomScreen
from prtui.widgets.feed import GameLog
from server.games.registry import get_game
from server.net.server import DB_NAME, GameServer
from server.store.base import RoomRecord, SeatRecord
from server.store.sqlite import SqliteStore
from tests.tui.waiting import board_drawn, wait_for

LINK = "[link=https://example.invalid]Gold"
CLICK = "[@click=app.quit]x"
HOSTILE = [
    "[/]", LINK, CLICK, "[blink]x", "\x1b[2J", "\x1b]8;;http://x\x1b\\",
    "ab\u202ecd", "\u200b", "\u3164", "Z" + "\u0336\u0335\u0334\u0337" * 8, "x\U0010ffff",
    "李" * 32,
]
"""Each one a seat name somewhere below; the markup-looking ones also room/host names."""

LITERALS = ["[/]", "[blink]x", CLICK]
"""Text that must appear on a screen exactly as typed (where the names are shown)."""


@dataclass
class Stored:
    port: int
    waiting: str  # a waiting room with hostile room, host and seat names
    finished: list[str]  # all-bot games that played to the end on the server


def _room(rid: str, name: str, host: str, status: str, seats: list[SeatRecord]) -> RoomRecord:
    game = get_game("puerto-rico")
    options = {**game.normalize_options(len(seats), {}), "takeover_level": "random"}
    return RoomRecord(id=rid, game="puerto-rico", players=len(seats), options=options,
                      seed=1234 + len(rid), name=name, host=host, status=status,
                      created=1.0, seats=seats)


def _store_hostile_rooms(data_dir: Path) -> Stored:
    store = SqliteStore(data_dir / DB_NAME)
    human = [SeatRecord(i, "human", n, None, f"hash{i}") for i, n in enumerate(HOSTILE[2:5])]
    store.create_room(_room("wait0001", "[/]", LINK, "waiting",
                            [*human, SeatRecord(3, "bot", HOSTILE[5], "random"), SeatRecord(4)]))
    groups = [HOSTILE[0:5], HOSTILE[5:10], HOSTILE[10:12]]
    room_names = ["\x1b[2J" + LINK, "李" * 32, "[@click=app.quit]q"]
    finished = []
    for i, (names, rname) in enumerate(zip(groups, room_names, strict=True)):
        rid = f"over000{i}"
        seats = [SeatRecord(s, "bot", n, "random") for s, n in enumerate(names)]
        store.create_room(_room(rid, rname, CLICK, "playing", seats))
        finished.append(rid)
    store.close()
    return Stored(0, "wait0001", finished)


@pytest.fixture
async def stored(tmp_path: Path) -> AsyncIterator[Stored]:
    rooms = _store_hostile_rooms(tmp_path)
    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    rooms.port = await srv.start()
    try:
        assert srv.lobby is not None
        for _ in range(20_000):  # the stored games play on to the end (a hang guard)
            if all(srv.lobby.rooms[r].rec.status == "over" for r in rooms.finished):
                break
            await asyncio.sleep(0.01)
        else:
            raise AssertionError("stored bot games never finished")
        yield rooms
    finally:
        await srv.stop()


def drawn(app: PrtuiApp, literals: Iterable[str] = ()) -> str:
    """What the screen shows, after checking every segment drawn for it: no escape
    character, no hyperlink, no click action; and the terminal output has neither."""
    lines = []
    for strip in app.screen._compositor.render_strips():
        for seg in strip:
            assert "\x1b" not in seg.text, repr(seg.text)
            for hidden in ("\x07", "\u202e", "\u200b", "\U0010ffff"):
                assert hidden not in seg.text, repr(seg.text)
            if seg.style is not None:
                assert not seg.style.link, seg.style.link
                click = str(seg.style.meta.get("@click", ""))
                assert "quit" not in click and "example.invalid" not in click, click
        lines.append("".join(seg.text for seg in strip))
    output = app.screen._compositor.render_full_update().render_segments(app.console)
    assert "\x1b]8;" not in output and "\x1b[2J" not in output and "example.invalid\x1b" not in output
    text = "\n".join(lines)
    for literal in literals:
        assert literal in text, f"{literal!r} not on the {type(app.screen).__name__}"
    return text


def rows_of(lobby: LobbyScreen) -> dict[str, int]:
    return {str(r.get("id")): i for i, r in enumerate(lobby.rooms)}


async def _pick(pilot: Any, lobby: LobbyScreen, room: str) -> None:
    await wait_for(pilot, lambda: room in rows_of(lobby))
    lobby.query_one("#rooms").move_cursor(row=rows_of(lobby)[room])
    await pilot.pause()


async def test_every_screen_shows_hostile_names_as_plain_text(stored: Stored) -> None:
    chatter = await Client.connect("127.0.0.1", stored.port, "[blink]x")  # a live hostile name
    app = PrtuiApp(plan=remote_plan("127.0.0.1", stored.port, "ana", "play"))
    try:
        async with app.run_test(size=(200, 60)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                           and len(app.screen.rooms) == 4)
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            await chatter.command("chat", room=None, text="[/] [@click=app.quit]hi [link=x]y")
            await wait_for(pilot, lambda: "[@click=app.quit]hi" in drawn(app))
            drawn(app, ["[/]", LINK, "␛[2J", "[link=x]y", "[@click=app.quit]q", "李" * 10])

            await _pick(pilot, lobby, stored.waiting)
            await pilot.press("enter")  # join the waiting room
            await wait_for(pilot, lambda: isinstance(app.screen, RoomScreen)
                           and app.screen.query_one("#seats").row_count == 5)
            drawn(app, ["[/]", LINK, CLICK, "[blink]x", "␛[2J", "␛]8;;http://x␛\\"])
            await pilot.press("t")  # sit: the server's reason is shown, not parsed
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))

            for room in stored.finished:
                await _watch_then_replay(pilot, app, lobby, room)
            assert app.is_running
    finally:
        await chatter.close()


def _shows_its_names(app: PrtuiApp) -> str:
    """Check the screen; the markup-looking seat names of its game must be readable."""
    names = (getattr(app.screen, "names", None) or {}).values()
    return drawn(app, [n for n in LITERALS if n in names])


async def _watch_then_replay(pilot: Any, app: PrtuiApp, lobby: LobbyScreen, room: str) -> None:
    """Game over, the final board, a notification, the replay at the deal and the end."""
    await _pick(pilot, lobby, room)
    await pilot.press("w")  # watch: the final board, then game over
    await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
    _shows_its_names(app)
    await pilot.press("escape")
    await wait_for(pilot, lambda: board_drawn(app))
    board = _shows_its_names(app)
    log = "".join(seg.text for line in app.screen.query_one(GameLog).lines for seg in line)
    for name in app.screen.names.values():  # type: ignore[attr-defined]
        assert "\x1b" not in log and "\u202e" not in log
        if name in LITERALS:  # the log speaks of the players as typed
            assert name in log, (name, log[-300:])
    if room == "over0000":
        assert "␛[2J" in board and "[link=https://example.invalid]" in board
    await pilot.press("f")  # follow a seat: a notification with its name
    await pilot.pause()
    _shows_its_names(app)
    await pilot.press("ctrl+l")
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    await _pick(pilot, lobby, room)
    await pilot.press("p")  # the replay, at the deal, then at the end
    await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
    replay = app.screen
    assert isinstance(replay, ReplayScreen)
    _shows_its_names(app)
    await pilot.press("end")
    await wait_for(pilot, lambda: replay.step == replay.steps)
    _shows_its_names(app)
    await pilot.press("escape")
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))

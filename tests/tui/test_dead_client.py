"""A client never ends up dead (issue 16, bug 1).

Two real apps (pilots) against a real GameServer on 127.0.0.1. Before the fix a push
that reached a screen pushed a moment ago (a chat line as the guest joined a room), or
any push the client could not show, raised in the controller's pump: the plan ended,
the connection was closed under the live room screen and every key after that was
"Not sent: The connection ended: closed by client.", Esc included.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.widgets import DataTable, RichLog, Static

from prtui.app import DisconnectedScreen, PrtuiApp
from prtui.controller import Controller
from prtui.launch import remote_plan
from prtui.screens.lobby import LobbyScreen
from prtui.screens.newgame import NewGameScreen
from prtui.screens.room import RoomScreen
from server.net.server import GameServer
from tests.tui.waiting import board_drawn, wait_for


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[GameServer]:
    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    srv.port = await srv.start()  # type: ignore[attr-defined]
    yield srv
    await srv.stop()


def notices(app: PrtuiApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


def chat_lines(screen: object) -> list[str]:
    log = screen.query_one("#chat-log", RichLog)  # type: ignore[attr-defined]
    return [strip.text for strip in log.lines]


async def host_room(app: PrtuiApp, pilot: object) -> None:
    """ana creates a two-seat room with the other seat open, from the lobby's keys."""
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    await pilot.press("n")  # type: ignore[attr-defined]
    await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
    app.screen.query_one("#seat-1").value = "open"  # type: ignore[attr-defined]
    await pilot.press("ctrl+s")  # type: ignore[attr-defined]
    await wait_for(pilot, lambda: isinstance(app.screen, RoomScreen))


async def test_a_guest_joins_from_the_lobby_and_both_keep_working(server: GameServer) -> None:
    port = server.port  # type: ignore[attr-defined]
    host = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    guest = PrtuiApp(plan=remote_plan("127.0.0.1", port, "bo", "play"))
    async with host.run_test(size=(80, 24)) as hp, guest.run_test(size=(80, 24)) as gp:
        await host_room(host, hp)
        await wait_for(gp, lambda: isinstance(guest.screen, LobbyScreen))
        await gp.press("r")
        await wait_for(gp, lambda: guest.screen.query_one("#rooms", DataTable).row_count == 1)
        await gp.press("enter")
        await wait_for(gp, lambda: isinstance(guest.screen, RoomScreen))
        await gp.press("down", "t")
        room = host.screen
        await wait_for(hp, lambda: room.info["seats"][1].get("name") == "bo")
        assert guest.controller is not None and guest.controller.seat == 1
        await gp.press("r")  # ready
        await wait_for(hp, lambda: room.info["seats"][1].get("ready"))
        await hp.press("s")  # the host starts: both boards come up
        from prtui.screens.game import GameScreen

        await wait_for(hp, lambda: isinstance(host.screen, GameScreen))
        await wait_for(gp, lambda: isinstance(guest.screen, GameScreen))
        assert not guest.controller.client.closed
        assert not [m for m in notices(guest) if "Not sent" in m or "NoMatches" in m]


async def test_a_chat_line_that_races_the_room_screen_is_shown_not_fatal(
    server: GameServer,
) -> None:
    port = server.port  # type: ignore[attr-defined]
    host = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))

    async def plan(app: PrtuiApp) -> None:
        controller = await Controller.open(app, "127.0.0.1", port, "bo")
        app.controller = controller
        rooms = (await controller.client.command("list_rooms"))["rooms"]
        await controller.join(str(rooms[0]["id"]), as_player=True)
        app.push_screen(RoomScreen(controller))  # not awaited: not composed yet
        # the host's chat line lands in that moment (a real push, through the pump)
        controller.client.events.put_nowait(
            {"t": "chat", "room": controller.room, "from": "ana", "text": "welcome"})
        try:
            await controller.pump()
        finally:
            await controller.close()

    guest = PrtuiApp(plan=plan)
    async with host.run_test(size=(80, 24)) as hp:
        await host_room(host, hp)
        async with guest.run_test(size=(80, 24)) as gp:
            await wait_for(gp, lambda: isinstance(guest.screen, RoomScreen))
            screen = guest.screen
            await wait_for(gp, lambda: any("welcome" in line for line in chat_lines(screen)))
            assert guest.controller is not None and not guest.controller.client.closed
            await gp.press("down", "t")  # the connection still works
            await wait_for(gp, lambda: guest.controller.seat == 1)
            assert not [m for m in notices(guest) if "Not sent" in m or "NoMatches" in m]


async def test_a_push_the_client_cannot_show_does_not_end_the_connection(
    server: GameServer,
) -> None:
    port = server.port  # type: ignore[attr-defined]
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    async with app.run_test(size=(80, 24)) as pilot:
        await host_room(app, pilot)
        controller = app.controller
        assert controller is not None
        # a room push this client cannot read (a third-party server's bug), through the pump
        controller.client.events.put_nowait(
            {"t": "room", "room": {"id": controller.room, "seats": [{"seat": "one"}]}})
        await wait_for(pilot, lambda: any("room" in m and "could not" in m
                                          for m in notices(app)))
        assert not controller.client.closed
        await pilot.press("down", "b")  # a bot in the open seat: the connection still works
        await wait_for(pilot, lambda: any(s.get("kind") == "bot"
                                          for s in (controller.room_info or {}).get("seats", [])))


async def test_a_plan_that_fails_says_the_client_closed_and_reconnects(
    server: GameServer,
) -> None:
    port = server.port  # type: ignore[attr-defined]
    runs: list[int] = []

    async def plan(app: PrtuiApp) -> None:
        inner = remote_plan("127.0.0.1", port, "ana", "play")
        runs.append(1)
        if len(runs) > 1:
            await inner(app)
            return
        controller = await Controller.open(app, "127.0.0.1", port, "ana")
        app.controller = controller
        try:
            await app.push_screen(LobbyScreen(controller))
            await controller.client.command("join_room", room="nowhere", as_="player")
        finally:
            await controller.close()

    app = PrtuiApp(plan=plan)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, DisconnectedScreen))
        text = str(app.screen.query_one("#disconnected", Static).render())
        assert "closed by this client" in text and "no room with that id" in text
        assert "r: reconnect" in text
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen) and len(runs) == 2)
        assert app.controller is not None and not app.controller.client.closed
        assert isinstance(app.screen, LobbyScreen)
        await pilot.press("n")  # a live lobby
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))


async def test_esc_leaves_the_room_after_the_server_went_away(server: GameServer) -> None:
    port = server.port  # type: ignore[attr-defined]
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    async with app.run_test(size=(80, 24)) as pilot:
        await host_room(app, pilot)
        await server.stop("closing for the night")
        await wait_for(pilot, lambda: isinstance(app.screen, DisconnectedScreen))
        await pilot.press("escape")  # look at the room
        await wait_for(pilot, lambda: isinstance(app.screen, RoomScreen))
        await pilot.press("escape")  # and leave it: nothing to confirm with the server gone
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_watching_a_room_that_is_gone_opens_the_lobby(server: GameServer) -> None:
    port = server.port  # type: ignore[attr-defined]
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "spectate", room="gone"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert any("Room gone" in m for m in notices(app))
        assert app.controller is not None and not app.controller.client.closed


async def test_a_local_game_reconnects_to_the_same_table(tmp_path: Path) -> None:
    from prtui.controller import TableSetup
    from prtui.launch import local_plan

    setup = TableSetup(players=2, bots=["random"], bot_delay_s=10.0)
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app))
        controller = app.controller
        assert controller is not None
        room = controller.room
        controller.client._writer.transport.abort()  # the line drops
        await wait_for(pilot, lambda: isinstance(app.screen, DisconnectedScreen))
        await pilot.press("r")
        await wait_for(pilot, lambda: board_drawn(app)
                       and app.controller is not controller)
        assert app.controller is not None and app.controller.room == room  # not a new table


async def test_reconnecting_while_the_server_is_down_keeps_the_app(tmp_path: Path) -> None:
    srv = GameServer(tmp_path / "server", host="127.0.0.1", port=0)
    port = await srv.start()
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await srv.stop("restarting")
        await wait_for(pilot, lambda: isinstance(app.screen, DisconnectedScreen))
        await pilot.press("r")  # nobody listens now: said, and the app stays
        await wait_for(pilot, lambda: isinstance(app.screen, DisconnectedScreen)
                       and "connection refused" in str(
                           app.screen.query_one("#disconnected", Static).render()))
        assert app.is_running and app.return_code is None
        async with GameServer(tmp_path / "server", host="127.0.0.1", port=port):
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            assert app.controller is not None and not app.controller.client.closed

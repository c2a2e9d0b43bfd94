"""The room screen with two people (issue 16, bugs 2 and 3): the chat gives the keys
back, Esc from the chat never leaves the room, leaving asks when it costs a seat or the
host's place, the host moving on shows everywhere, and the help says the seat taken.

Two real apps (pilots) against a real GameServer on 127.0.0.1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.widgets import DataTable, Input, Static

from prtui.app import PrtuiApp
from prtui.launch import remote_plan
from prtui.screens.confirm import ConfirmScreen
from prtui.screens.lobby import COLUMNS, LobbyScreen
from prtui.screens.room import RoomScreen
from tests.tui.test_dead_client import host_room, notices
from tests.tui.waiting import wait_for


def text_of(screen: Any, selector: str) -> str:
    return str(screen.query_one(selector, Static).render())


async def join_as_guest(app: PrtuiApp, pilot: Any, sit: bool = True) -> RoomScreen:
    """bo joins the only room from the lobby (r, Enter) and, if asked, sits (down, t)."""
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
    await pilot.press("r")
    await wait_for(pilot, lambda: app.screen.query_one("#rooms", DataTable).row_count == 1)
    await pilot.press("enter")
    await wait_for(pilot, lambda: isinstance(app.screen, RoomScreen))
    room = app.screen
    assert isinstance(room, RoomScreen)
    if sit:
        await pilot.press("down", "t")
        await wait_for(pilot, lambda: app.controller is not None and app.controller.seat == 1)
    return room


async def test_the_help_says_the_seat_taken(port: int) -> None:
    host = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    guest = PrtuiApp(plan=remote_plan("127.0.0.1", port, "bo", "play"))
    async with host.run_test(size=(80, 24)) as hp, guest.run_test(size=(80, 24)) as gp:
        await host_room(host, hp)
        assert "You sit in seat 1." in text_of(host.screen, "#room-help")
        room = await join_as_guest(guest, gp, sit=False)
        assert "You sit in seat -." not in text_of(room, "#room-help")
        assert "You do not sit yet" in text_of(room, "#room-help")
        await gp.press("down", "t")
        await wait_for(gp, lambda: guest.controller is not None and guest.controller.seat == 1)
        await wait_for(gp, lambda: "You sit in seat 2." in text_of(room, "#room-help"))


async def test_chat_gives_the_keys_back_and_esc_in_it_stays(port: int) -> None:
    host = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    guest = PrtuiApp(plan=remote_plan("127.0.0.1", port, "bo", "play"))
    async with host.run_test(size=(80, 24)) as hp, guest.run_test(size=(80, 24)) as gp:
        await host_room(host, hp)
        room = host.screen
        await join_as_guest(guest, gp)
        await gp.press("r")  # bo is ready
        await wait_for(hp, lambda: room.info["seats"][1].get("ready"))
        seats = room.query_one("#seats", DataTable)
        chat = room.query_one("#chat-input", Input)
        await hp.press("c")
        assert room.focused is chat
        await hp.press("escape")  # out of the chat, still in the room
        await hp.pause()
        assert host.screen is room and room.focused is seats
        await hp.press("c", "h", "i", "enter")
        await wait_for(hp, lambda: room.focused is seats)  # sent: the keys are back
        assert chat.value == ""
        await hp.press("s")  # starts the game, not "s" in the chat
        from prtui.screens.game import GameScreen

        await wait_for(hp, lambda: isinstance(host.screen, GameScreen))
        assert chat.value == ""


async def test_leaving_asks_the_host_and_the_host_moving_on_shows(port: int) -> None:
    host = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    guest = PrtuiApp(plan=remote_plan("127.0.0.1", port, "bo", "play"))
    async with host.run_test(size=(80, 24)) as hp, guest.run_test(size=(80, 24)) as gp:
        await host_room(host, hp)
        room = host.screen
        bo_room = await join_as_guest(guest, gp)
        assert "host ana" in text_of(bo_room, "#room-title")
        await hp.press("escape")
        await wait_for(hp, lambda: isinstance(host.screen, ConfirmScreen))
        await hp.press("n")  # stays
        await wait_for(hp, lambda: host.screen is room)
        assert host.controller is not None and host.controller.seat == 0
        await hp.press("escape")
        await wait_for(hp, lambda: isinstance(host.screen, ConfirmScreen))
        await hp.press("y")
        await wait_for(hp, lambda: isinstance(host.screen, LobbyScreen))
        lobby = host.screen
        await wait_for(hp, lambda: lobby.query_one("#rooms", DataTable).row_count == 1)
        await wait_for(hp, lambda: "bo" in str(lobby.query_one("#rooms", DataTable)
                                               .get_row_at(0)[COLUMNS.index("host")]))
        await wait_for(gp, lambda: "host bo" in text_of(bo_room, "#room-title"))
        assert any("You are the host now" in m for m in notices(guest))
        await hp.press("enter")  # ana comes back to her room: she hosts it again
        await wait_for(hp, lambda: isinstance(host.screen, RoomScreen))
        await wait_for(gp, lambda: "host ana" in text_of(bo_room, "#room-title"))
        await wait_for(gp, lambda: any("ana is the host now" in m for m in notices(guest)))
        # a notice is text (a rich Text there ended the app when its toast was drawn)
        assert all(isinstance(n.message, str) for n in guest._notifications)


async def test_a_spectating_guest_leaves_without_a_question(port: int) -> None:
    host = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    guest = PrtuiApp(plan=remote_plan("127.0.0.1", port, "bo", "play"))
    async with host.run_test(size=(80, 24)) as hp, guest.run_test(size=(80, 24)) as gp:
        await host_room(host, hp)
        await join_as_guest(guest, gp, sit=False)
        await gp.press("escape")  # no seat, not the host: nothing to lose
        await wait_for(gp, lambda: isinstance(guest.screen, LobbyScreen))


async def test_leaving_a_room_given_back_at_connect_opens_the_lobby(port: int,
                                                                   tmp_path: Path) -> None:
    from prtui.controller import TokenBook

    book = TokenBook(tmp_path / "client" / "tokens.json")
    first = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play", tokens=book))
    async with first.run_test(size=(80, 24)) as pilot:
        await host_room(first, pilot)
    again = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play", tokens=book))
    async with again.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(again.screen, RoomScreen))
        assert not any(isinstance(s, LobbyScreen) for s in again.screen_stack)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(again.screen, ConfirmScreen))
        await pilot.press("y")
        await wait_for(pilot, lambda: isinstance(again.screen, LobbyScreen))
        await pilot.press("n")  # a live lobby: the new-game form opens
        from prtui.screens.newgame import NewGameScreen

        await wait_for(pilot, lambda: isinstance(again.screen, NewGameScreen))

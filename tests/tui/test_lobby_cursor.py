"""The lobby's cursor stays on the room it was on when the room list is pushed again
(a push used to put it back on the first row, so `w` or `p` took another room)."""

from __future__ import annotations

from pathlib import Path

from prtui.app import PrtuiApp
from prtui.launch import remote_plan
from prtui.netclient import Client
from prtui.screens.lobby import LobbyScreen
from server.net.server import GameServer
from tests.tui.waiting import wait_for


async def test_a_lobby_push_keeps_the_cursor_on_its_room(tmp_path: Path) -> None:
    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    port = await srv.start()
    host = await Client.connect("127.0.0.1", port, "host")
    try:
        for _ in range(3):
            await host.command("create_room", game="puerto-rico", players=2, options={})
        app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
        async with app.run_test(size=(120, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                           and len(app.screen.rooms) == 3)
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            lobby.query_one("#rooms").move_cursor(row=2)
            await pilot.pause()
            chosen = lobby.selected_room()
            first = str(lobby.rooms[0]["id"])  # someone watches it: the list is pushed
            await host.command("join_room", room=first, as_="spectator")
            await wait_for(pilot, lambda: any(r.get("spectators") for r in lobby.rooms))
            assert lobby.selected_room() == chosen
    finally:
        await host.close()
        await srv.stop()

"""A San Juan table over SSH (issue 13): the real gateway on 127.0.0.1 runs the real
`prtui connect` on a pty for each session, against a real game server.

bo finds the room listed as San Juan, joins and sits from the lobby; once the host
starts, his terminal shows the San Juan board with his hand and he plays a role; a
spectator's session watches the same table with no hand shown.
"""

from __future__ import annotations

import pytest

from server.net.server import GameServer
from server.ssh.gateway import SshGateway
from tests.net.client import Client
from tests.ssh.conftest import GatewayFactory, open_terminal


@pytest.fixture
def tui_gateway(make_gateway: GatewayFactory, game: GameServer) -> GatewayFactory:
    async def _make(**kw: object) -> SshGateway:
        return await make_gateway(
            command=None, game_port=game.port, relay_proof=game.relay_proof, **kw
        )

    return _make


async def test_a_san_juan_table_over_ssh(tui_gateway: GatewayFactory, game: GameServer) -> None:
    host = await Client.connect(game.port, "ana")  # hosts the room, never sits
    room = (await host.ok("create_room", game="san-juan", players=2, name="sj table",
                          options={"bot_delay_s": 0.0}))["room"]
    await host.ok("join_room", room=room, as_="player")
    await host.ok("add_bot", room=room, seat=1, level="random")
    gw = await tui_gateway()
    bo = await open_terminal(gw.port, "bo", size=(120, 40))
    watcher = await open_terminal(gw.port, "spectate", size=(120, 40),
                                  local_addr=("127.0.0.2", 0))
    try:
        screen = await bo.expect_screen("sj table")
        assert "San Juan" in screen  # the lobby names the game
        bo.send("\r")  # join the highlighted (only) room
        await bo.expect_screen("San Juan, 2 players")  # the room's title
        bo.send("t")  # sit in the highlighted seat: seat 1
        await host.wait_for(lambda f: f["t"] == "room" and f["room"]["seats"][0].get("name") == "bo")
        bo.send("r")  # ready
        await host.wait_for(lambda f: f["t"] == "room" and bool(f["room"]["seats"][0].get("ready")))
        await watcher.expect_screen("sj table")
        watcher.send("w")  # watch the highlighted room
        await host.ok("start", room=room)
        screen = await bo.expect_screen("Your move.")
        assert "Round 1" in screen and "Builder" in screen
        await bo.expect_screen("Governor bo")
        await watcher.expect_screen("[spectating]")
        await watcher.expect_screen("Governor bo")
        seen = await watcher.expect_screen("in hand (hidden)")  # nobody's hand for a spectator
        assert "Your move." not in seen
        bo.send("1")  # the first role on the list
        await bo.expect_screen("bo chooses the")
        await watcher.expect_screen("bo chooses the")
    finally:
        for term in (bo, watcher):
            await term.close()
        await host.close()

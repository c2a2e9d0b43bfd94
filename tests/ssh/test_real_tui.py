"""The real thing: `prtui connect` over SSH against a real game server on 127.0.0.1."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import asyncssh
import pytest

from server.net.server import GameServer
from server.ssh.auth import clean_name
from server.ssh.gateway import SshGateway
from tests.ssh.conftest import GatewayFactory, open_terminal

CTRL_S = "\x13"


@pytest.fixture
def tui_gateway(make_gateway: GatewayFactory, game: GameServer) -> GatewayFactory:
    """Gateways whose sessions run the real `prtui connect` against ``game``, as
    `prtui serve --ssh-port` wires them (players count as their own address)."""

    async def _make(**kw: object) -> SshGateway:
        return await make_gateway(
            command=None, game_port=game.port, relay_proof=game.relay_proof, **kw
        )

    return _make


async def test_lobby_table_resize_and_board_over_ssh(
    tui_gateway: GatewayFactory, game: GameServer
) -> None:
    gw = await tui_gateway()
    ana = await open_terminal(gw.port, "ana", size=(100, 30))
    try:
        await ana.expect_screen("Rooms")
        ana.send("n")  # new room: the table set-up form
        await ana.expect_screen("Players")
        ana.send(CTRL_S)  # start with the defaults: me and three bots
        screen = await ana.expect_screen("x No bot")  # the room screen's footer
        assert "ana's table" in screen and "bot" in screen
        ana.resize(120, 40)
        await ana.expect_screen("x No bot", row=39)  # the footer moved to the 40th row
        ana.send("s")  # start the game against the bots: the board
        screen = await ana.expect_screen("Choose the Settler")
        assert re.search(r"Gov(ernor)? ana", screen) and "Cargo ships" in screen
        ana.send("1")  # the first legal action: choose the Settler
        await ana.expect_screen("chooses the")  # the log says so
    finally:
        await ana.close()
    for _ in range(200):
        if not gw.children:
            break
        await asyncio.sleep(0.05)
    assert not gw.children and gw.active_sessions == 0


async def test_two_players_and_a_spectator_share_the_lobby(
    tui_gateway: GatewayFactory, game: GameServer
) -> None:
    gw = await tui_gateway()
    ana = await open_terminal(gw.port, "ana")
    bob = await open_terminal(gw.port, "bob", size=(80, 24), local_addr=("127.0.0.2", 0))
    watcher = await open_terminal(gw.port, "spectate")
    try:
        await ana.expect_screen("Rooms")
        ana.send("n")
        await ana.expect_screen("Players")
        ana.send(CTRL_S)
        await ana.expect_screen("x No bot")
        bob.send("r")  # refresh: bob's own session, own process, same server
        await bob.expect_screen("ana's table")
        await watcher.expect_screen("Rooms")
        assert gw.active_sessions == 3
        assert game.connections_from("127.0.0.2") == 1  # bob counts as his own machine
        assert len({child.pid for child in gw.children}) == 3
    finally:
        for term in (ana, bob, watcher):
            await term.close()


async def test_same_key_takes_the_seat_back(tui_gateway: GatewayFactory, tmp_path: Path) -> None:
    """keys mode: the fingerprint is the identity, whatever name is typed next time."""
    ana_key = asyncssh.generate_private_key("ssh-ed25519")
    other_key = asyncssh.generate_private_key("ssh-ed25519")
    keys_file = tmp_path / "authorized_keys"
    keys_file.write_bytes(ana_key.export_public_key() + other_key.export_public_key())
    gw = await tui_gateway(auth="keys", authorized_keys=keys_file)
    ana = await open_terminal(gw.port, "ana", client_keys=[ana_key])
    try:
        await ana.expect_screen("Rooms")
        ana.send("n")
        await ana.expect_screen("Players")
        ana.send(CTRL_S)
        await ana.expect_screen("x No bot")
        ana.send("s")
        await ana.expect_screen("Choose the Settler")
    finally:
        await ana.close()  # the SSH window is closed mid-game

    stranger = await open_terminal(gw.port, "ana", client_keys=[other_key])
    try:
        await stranger.expect_screen("Rooms")  # same name, other key: just the lobby
    finally:
        await stranger.close()

    back = await open_terminal(gw.port, "someone", client_keys=[ana_key])
    try:
        screen = await back.expect_screen("Choose the Settler")  # straight back to the board
        assert re.search(r"Gov(ernor)? ana", screen)  # "Gov" where the line is short
    finally:
        await back.close()


async def test_a_login_name_with_nothing_visible_plays_as_guest(
    tui_gateway: GatewayFactory, game: GameServer
) -> None:
    """Issue 33: `ssh ㅤ@host` (U+3164, a Hangul filler) showed the game server's raw
    refusal of the name; the gateway now cleans login names by the server's own rules."""
    gw = await tui_gateway()
    filler = await open_terminal(gw.port, "\u3164", size=(100, 30))
    try:
        screen = await filler.expect_screen("Rooms")
        assert "refused" not in screen and "filler" not in screen
        assert clean_name("\u3164") == "guest"  # the name it plays under
        assert clean_name("ana\u3164\u115f") == "ana"  # fillers left out, the rest kept
    finally:
        await filler.close()

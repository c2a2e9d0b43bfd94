"""A name claimed with an SSH key, over a real SSH gateway running the real `prtui
connect` against a real game server: the key's holder plays under the name, anyone
else (another key, no key) is refused with the reason on screen, and a player claims
their name with their key from the command palette."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import asyncssh
import pytest

from server.net.server import GameServer
from tests.net.client import Client
from tests.ssh.conftest import GatewayFactory, open_terminal, until

CTRL_P = "\x10"


@pytest.fixture
async def game(tmp_path: Path) -> AsyncIterator[GameServer]:
    async with GameServer(tmp_path / "game") as server:
        yield server


def fingerprint(key: asyncssh.SSHKey) -> str:
    return str(key.get_fingerprint("sha256"))


async def test_a_name_claimed_with_a_key_is_refused_to_other_keys_and_to_none(
    make_gateway: GatewayFactory, game: GameServer,
) -> None:
    gw = await make_gateway(command=None, game_port=game.port, relay_proof=game.relay_proof,
                            key_proof=game.key_proof)
    ana_key = asyncssh.generate_private_key("ssh-ed25519")
    other_key = asyncssh.generate_private_key("ssh-ed25519")
    fp = fingerprint(ana_key)
    ana = await open_terminal(gw.port, "ana", client_keys=[ana_key])
    try:
        await ana.expect_screen("Rooms")
        ana.send(CTRL_P)
        await ana.expect_screen("Search for commands")
        ana.send("Claim my name")
        await ana.expect_screen("Claim my name with my SSH key")
        ana.send("\r")
        store = game.store
        assert store is not None
        await until(lambda: store.account("ana") is not None, "the name claimed")
        await ana.expect_screen("is yours")  # the toast (its text wraps)
    finally:
        await ana.close()
    acc = store.account("ana")
    assert acc is not None and acc.ssh_key == fp and acc.password_hash is None

    stranger = await open_terminal(gw.port, "ana", client_keys=[other_key])
    try:
        await stranger.expect_screen("is claimed")
    finally:
        await stranger.close()
    keyless = await Client.connect(game.port, "ana")
    await keyless.close()
    assert keyless.welcome["code"] == "name_claimed"
    forged = await Client.connect(game.port, "ana", ssh_key=(fp, "0" * 64))
    await forged.close()
    assert forged.welcome["code"] == "bad_hello"  # only the gateway can vouch for a key

    back = await open_terminal(gw.port, "ana", client_keys=[ana_key])
    try:
        await back.expect_screen("Rooms")
        assert acc.id in {session.account for session in game._sessions}
    finally:
        await back.close()

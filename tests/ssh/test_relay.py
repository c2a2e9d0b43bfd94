"""The game server counts a connection relayed by its SSH gateway against the player's
address, and only when the gateway's proof is right (server/net/relay.py)."""

from __future__ import annotations

import asyncio

import pytest

from prtui.netclient import Client, HandshakeError
from server.net.server import GameServer
from server.protocol import messages
from server.protocol.framing import encode_frame, read_frame
from tests.ssh.conftest import WAIT_S, until


@pytest.mark.parametrize(("claimed", "proof_for"), [("10.1.2.3", None), ("10.1.2.3", "10.9.9.9")])
async def test_an_address_claim_without_the_gateways_proof_is_refused(
    game: GameServer, monkeypatch: pytest.MonkeyPatch, claimed: str, proof_for: str | None
) -> None:
    monkeypatch.setenv("PRTUI_SSH_PEER", claimed)
    proof = "0" * 64 if proof_for is None else game.relay_proof(proof_for)
    monkeypatch.setenv("PRTUI_SSH_PEER_PROOF", proof)
    with pytest.raises(HandshakeError) as refused:
        await Client.connect("127.0.0.1", game.port, "forger")
    assert refused.value.code == "bad_hello"
    assert game.connections_from(claimed) == 0


async def test_a_vouched_address_is_the_one_counted(
    game: GameServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PRTUI_SSH_PEER", "10.1.2.3")
    monkeypatch.setenv("PRTUI_SSH_PEER_PROOF", game.relay_proof("10.1.2.3"))
    client = await Client.connect("127.0.0.1", game.port, "relayed")
    try:
        assert game.connections_from("10.1.2.3") == 1
        assert game.connections_from("127.0.0.1") == 0
    finally:
        await client.close()
    await until(lambda: game.connections_from("10.1.2.3") == 0, "released on close")


@pytest.mark.parametrize("extra", [{"peer": "10.1.2.3"}, {"peer_proof": "0" * 64}])
async def test_half_a_claim_is_refused(game: GameServer, extra: dict[str, str]) -> None:
    reader, writer = await asyncio.open_connection("127.0.0.1", game.port)
    try:
        writer.write(encode_frame({**messages.hello("forger"), **extra}))
        answer = await asyncio.wait_for(read_frame(reader, 1 << 20), WAIT_S)
    finally:
        writer.close()
    assert answer["t"] == "error" and answer["code"] == "bad_hello"

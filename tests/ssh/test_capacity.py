"""How many SSH players get in: the gateway's cap, per address, against a real game server.

Each SSH client connects from its own loopback address (127.0.0.2, 127.0.0.3...), as
players on a LAN come from their own machines; every session's child joins the game
server through the client library, from 127.0.0.1, as the TUI does.
"""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from prtui.netclient import Client
from server.net.server import GameServer
from server.ssh.auth import Identity
from server.ssh.gateway import MAX_SESSIONS_PER_ADDRESS
from tests.ssh.conftest import WAIT_S, GatewayFactory, Terminal, open_terminal, until

GAME_CHILD = Path(__file__).with_name("game_child.py")


def joins(server: GameServer):  # type: ignore[no-untyped-def]
    """The session child: joins ``server`` with the client library, says how it went."""

    def command(identity: Identity, term_type: str) -> tuple[list[str], dict[str, str]]:
        argv = [sys.executable, str(GAME_CHILD), "127.0.0.1", str(server.port), identity.name]
        return argv, {}

    return command


async def player(port: int, name: str, address: str) -> Terminal:
    return await open_terminal(port, name, local_addr=(address, 0))


async def refusal(term: Terminal) -> bytes:
    """Everything a refused session printed before it was closed."""
    data = await asyncio.wait_for(term.proc.stdout.read(), WAIT_S)
    await term.close()
    return data


async def test_more_than_sixteen_ssh_players_get_in_up_to_the_cap(
    make_gateway: GatewayFactory, game: GameServer
) -> None:
    cap = 18  # more than the game server's 16 connections per address
    gw = await make_gateway(
        command=joins(game), game_port=game.port, relay_proof=game.relay_proof, max_sessions=cap
    )
    terms: list[Terminal] = []
    try:
        for i in range(cap):
            term = await player(gw.port, f"p{i}", f"127.0.0.{2 + i % 3}")
            terms.append(term)
            await term.expect("WELCOME")
        assert [game.connections_from(f"127.0.0.{n}") for n in (2, 3, 4)] == [6, 6, 6]
        assert game.connections_from("127.0.0.1") == 0  # nobody counts as the gateway
        late = await player(gw.port, "late", "127.0.0.9")
        assert b"server is full" in await refusal(late)
        # the SSH players use none of the places of this machine's own address
        local = await Client.connect("127.0.0.1", game.port, "local")
        await local.close()
    finally:
        for term in terms:
            await term.close()


async def test_one_address_is_limited_with_a_clear_message(
    make_gateway: GatewayFactory, game: GameServer
) -> None:
    gw = await make_gateway(
        command=joins(game), game_port=game.port, relay_proof=game.relay_proof, max_sessions=32
    )
    terms: list[Terminal] = []
    try:
        for i in range(MAX_SESSIONS_PER_ADDRESS):
            term = await player(gw.port, f"greedy{i}", "127.0.0.5")
            terms.append(term)
            await term.expect("WELCOME")
        greedy = await player(gw.port, "greedy", "127.0.0.5")
        assert b"too many sessions from your address" in await refusal(greedy)
        other = await player(gw.port, "other", "127.0.0.6")
        terms.append(other)
        await other.expect("WELCOME")  # everyone else still gets in
        await terms.pop(0).close()  # one of the greedy sessions ends: its place is free
        await until(lambda: gw.sessions_from("127.0.0.5") < MAX_SESSIONS_PER_ADDRESS, "freed")
        again = await player(gw.port, "again", "127.0.0.5")
        terms.append(again)
        await again.expect("WELCOME")
    finally:
        for term in terms:
            await term.close()


async def test_the_game_servers_address_limit_applies_to_the_real_address(
    make_gateway: GatewayFactory, tmp_path: Path
) -> None:
    game = GameServer(tmp_path / "game", host="127.0.0.1", port=0, max_per_address=2)
    await game.start()
    gw = await make_gateway(
        command=joins(game), game_port=game.port, relay_proof=game.relay_proof, max_sessions=32
    )
    terms: list[Terminal] = []
    locals_: list[Client] = []
    try:
        for name in ("a1", "a2"):
            terms.append(await player(gw.port, name, "127.0.0.5"))
            await terms[-1].expect("WELCOME")
        third = await player(gw.port, "a3", "127.0.0.5")
        terms.append(third)
        await third.expect("REFUSED too_many_connections: too many connections from your address")
        terms.append(await player(gw.port, "b1", "127.0.0.6"))
        await terms[-1].expect("WELCOME")
        for name in ("local1", "local2"):  # this machine's own places are all still free
            locals_.append(await Client.connect("127.0.0.1", game.port, name))
        await terms.pop(0).close()
        await until(lambda: game.connections_from("127.0.0.5") == 1, "released on hang-up")
        terms.append(await player(gw.port, "a4", "127.0.0.5"))
        await terms[-1].expect("WELCOME")
    finally:
        for term in terms:
            await term.close()
        for client in locals_:
            await client.close()
        await gw.close()
        await game.stop()


async def test_one_nat_address_may_fill_the_whole_server(
    make_gateway: GatewayFactory, game: GameServer
) -> None:
    """--ssh-max-per-address up to --ssh-max-sessions: a club behind one NAT address gets
    more players than the game server's 16 per address, logging in all at once."""
    cap = 18
    gw = await make_gateway(
        command=joins(game), game_port=game.port, relay_proof=game.relay_proof,
        max_sessions=cap, max_sessions_per_address=cap,
    )  # fmt: skip
    game.addresses.relayed_limit = gw.max_sessions_per_address  # as prtui serve does
    terms: list[Terminal] = list(
        await asyncio.gather(*(player(gw.port, f"nat{i}", "127.0.0.7") for i in range(cap)))
    )
    try:
        for term in terms:
            await term.expect("WELCOME")
        assert game.connections_from("127.0.0.7") == cap
        late = await player(gw.port, "late", "127.0.0.7")
        assert b"this server is full" in await refusal(late)
    finally:
        for term in terms:
            await term.close()

"""The web gateway's per-address cap counts an IPv6 player by its /64: twelve tabs from
one /64 all started under a cap of 8 (server/net/addresses.py). Real websockets on
loopback; the player's address comes from a trusted proxy's X-Forwarded-For, as behind
the TLS proxy of docs/web.md."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

import aiohttp

from server.net.server import GameServer
from server.ssh.auth import Identity
from server.web.gateway import start_web
from tests.web.conftest import until

QUIET = "import sys, time; sys.stdout.write('__GANGLION__\\n'); sys.stdout.flush(); time.sleep(600)"


async def test_tabs_from_one_ipv6_64_share_one_cap(tmp_path: Path) -> None:
    server = GameServer(tmp_path / "server", host="127.0.0.1", port=0)
    port = await server.start()

    def quiet(identity: Identity) -> list[str]:
        return [sys.executable, "-c", QUIET]

    web = await start_web(host="127.0.0.1", port=0, game_host="127.0.0.1", game_port=port,
                          data_dir=tmp_path / "server", relay_proof=server.relay_proof,
                          max_sessions=8, max_sessions_per_address=2,
                          trusted_proxies=["127.0.0.1"], command=quiet)
    url = f"http://127.0.0.1:{web.port}/ws/play/ana?width=100&height=30"
    try:
        async with aiohttp.ClientSession() as http:
            tabs = [await http.ws_connect(url, headers={"X-Forwarded-For": f"2001:db8:9:9::{n}"})
                    for n in (1, 2)]
            await until(lambda: web.places.active == 2, 60, "two sessions")
            third = await http.ws_connect(url, headers={"X-Forwarded-For": "2001:db8:9:9::3"})
            said = b""
            async with asyncio.timeout(60):  # a started session would never close
                async for message in third:
                    if message.type == aiohttp.WSMsgType.BINARY:
                        said += message.data
            assert "too many sessions from your address (at most 2)" in said.decode()
            assert web.places.active == 2
            other = await http.ws_connect(url, headers={"X-Forwarded-For": "2001:db8:9:a::1"})
            await until(lambda: web.places.active == 3, 60, "the next /64's session")
            for ws in [*tabs, other]:
                await ws.close()
            await until(lambda: web.places.active == 0, 60, "every place given back")
    finally:
        await web.close()
        await server.stop()

"""The web gateway's sessions over real loopback websockets (aiohttp's client, as the
page's script talks): caps per server and per address (through a trusted proxy's
X-Forwarded-For), a child that ignores quitting is still ended with its process group
when the tab closes or the server stops, malformed page messages are dropped, and the
child is the SSH child: cleaned name, private home, relayed address."""

from __future__ import annotations

import asyncio
import os
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import aiohttp
import pytest

from server.net.server import GameServer
from server.ssh.auth import Identity
from server.web.gateway import WebGateway, start_web
from server.web.places import SessionPlaces
from tests.web.conftest import until

# a child that says it is a Textual app, starts a grandchild, and ignores SIGTERM and
# the quit request: only the process group's SIGKILL ends it
STUBBORN = """
import os, signal, subprocess, sys, time
signal.signal(signal.SIGTERM, signal.SIG_IGN)
grandchild = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
open(sys.argv[1], "w").write(str(grandchild.pid))
sys.stdout.write("__GANGLION__\\n"); sys.stdout.flush()
time.sleep(600)
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie (our own child, not yet reaped) counts as ended
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ", 1)[1][0] != "Z"
    except OSError:
        return False


@pytest.fixture
async def gateway(tmp_path: Path) -> AsyncIterator[WebGateway]:
    server = GameServer(tmp_path / "server", host="127.0.0.1", port=0)
    port = await server.start()
    pids = tmp_path / "pids"
    pids.mkdir()
    counter = iter(range(1000))

    def stubborn(identity: Identity) -> list[str]:
        return [sys.executable, "-c", STUBBORN, str(pids / f"{next(counter)}")]

    web = await start_web(host="127.0.0.1", port=0, game_host="127.0.0.1", game_port=port,
                          data_dir=tmp_path / "server", relay_proof=server.relay_proof,
                          max_sessions=2, max_sessions_per_address=1,
                          trusted_proxies=["127.0.0.1"], command=stubborn)
    web.pid_dir = pids  # type: ignore[attr-defined]
    yield web
    await web.close()
    await server.stop()


def ws_url(web: WebGateway, path: str = "/ws/play/ana") -> str:
    return f"http://127.0.0.1:{web.port}{path}?width=100&height=30"


async def refusal(http: aiohttp.ClientSession, url: str, via: str) -> str:
    async with http.ws_connect(url, headers={"X-Forwarded-For": via}) as ws:
        text = b""
        async for message in ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                text += message.data
        return text.decode()


async def test_caps_per_address_and_per_server(gateway: WebGateway) -> None:
    async with aiohttp.ClientSession() as http:
        first = await http.ws_connect(ws_url(gateway), headers={"X-Forwarded-For": "10.0.0.1"})
        await until(lambda: gateway.places.active == 1, 60, "the first session")
        assert gateway.places.from_address("10.0.0.1") == 1
        said = await refusal(http, ws_url(gateway), "10.0.0.1")
        assert "too many sessions from your address (at most 1)" in said
        second = await http.ws_connect(ws_url(gateway), headers={"X-Forwarded-For": "10.0.0.2"})
        await until(lambda: gateway.places.active == 2, 60, "the second session")
        assert "this server is full" in await refusal(http, ws_url(gateway), "10.0.0.3")
        await first.close()
        await until(lambda: gateway.places.active == 1, 60, "the first place given back")
        third = await http.ws_connect(ws_url(gateway), headers={"X-Forwarded-For": "10.0.0.1"})
        await until(lambda: gateway.places.active == 2, 60, "the place taken again")
        await second.close()
        await third.close()
        await until(lambda: gateway.places.active == 0 and not gateway.children, 60, "the end")


async def test_an_untrusted_peer_cannot_choose_its_address(tmp_path: Path) -> None:
    web = await start_web(host="127.0.0.1", port=0, game_host="127.0.0.1", game_port=1,
                          data_dir=tmp_path, command=lambda i: [sys.executable, "-c", STUBBORN,
                                                                str(tmp_path / "pid")])
    try:
        async with aiohttp.ClientSession() as http:
            ws = await http.ws_connect(ws_url(web), headers={"X-Forwarded-For": "10.9.9.9"})
            await until(lambda: web.places.active == 1, 60, "the session")
            assert web.places.from_address("127.0.0.1") == 1  # its own address, not the header
            await ws.close()
    finally:
        await web.close()


async def test_closing_the_tab_kills_a_child_that_ignores_quit_and_sigterm(
        gateway: WebGateway) -> None:
    pid_dir: Path = gateway.pid_dir  # type: ignore[attr-defined]
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(ws_url(gateway))
        await until(lambda: (pid_dir / "0").exists() and (pid_dir / "0").read_text(), 60,
                    "the grandchild")
        # the grandchild may write its pid before the gateway's spawn has returned
        await until(lambda: gateway.children and next(iter(gateway.children)).pid, 60, "child")
        (child,) = gateway.children
        assert child.pid is not None
        child_pid, grandchild = child.pid, int((pid_dir / "0").read_text())
        assert alive(child_pid) and alive(grandchild)
        for junk in ("not json", "[]", '["stdin"]', '[1, 2, 3]', '{"a": 1}', '["resize", 5]',
                     '["resize", {"width": "x"}]'):
            await ws.send_str(junk)  # dropped, never fatal
        await ws.send_str('["ping", "x"]')
        pong = await ws.receive_json()
        assert pong == ["pong", "x"] and child.running
        await ws.close()
        await until(lambda: not alive(child_pid) and not alive(grandchild), 60, "the kill")
        await until(lambda: not gateway.children and gateway.places.active == 0, 60, "cleanup")


async def test_stopping_the_server_ends_every_session(gateway: WebGateway) -> None:
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(ws_url(gateway))
        await until(lambda: gateway.children and next(iter(gateway.children)).pid, 60, "child")
        (child,) = gateway.children
        pid = child.pid
        assert pid is not None
        await gateway.close()
        assert not alive(pid)
        message = await asyncio.wait_for(ws.receive(), 60)
        assert message.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED,
                                aiohttp.WSMsgType.CLOSING)


def test_the_child_is_the_ssh_childs_with_the_players_address(tmp_path: Path) -> None:
    os.environ["PRTUI_SSH_PASSWORD"] = "host secret"
    try:
        web = WebGateway(game_host="127.0.0.1", game_port=7797, data_dir=tmp_path,
                         places=SessionPlaces(1, 1),
                         relay_proof=lambda address: f"proof-of-{address}")
        ana = Identity(name="ana", spectate=False, key="web:browser:0123")
        argv, env, home = web.child_command(ana, "10.0.0.7")
    finally:
        del os.environ["PRTUI_SSH_PASSWORD"]
    assert argv[-3:] == ["connect", "127.0.0.1:7797", "--name=ana"]
    assert home.is_relative_to(tmp_path / "web" / "homes") and env["HOME"] == str(home)
    assert env["PRTUI_SSH_PEER"] == "10.0.0.7"
    assert env["PRTUI_SSH_PEER_PROOF"] == "proof-of-10.0.0.7"
    assert "PRTUI_SSH_PASSWORD" not in env
    watcher = Identity(name="guest", spectate=True, key="web:browser:0123")
    assert web.child_command(watcher, "10.0.0.7")[0][-2:] == ["spectate", "127.0.0.1:7797"]
    # the same name over SSH (password mode) keeps its own home: no seat tokens shared
    ssh_home = web.child_command(Identity("ana", False, "name:ana"), "x")[2]
    assert ssh_home != home


async def test_names_are_cleaned_and_pages_escape_them(tmp_path: Path) -> None:
    seen: list[Identity] = []

    def record(identity: Identity) -> list[str]:
        seen.append(identity)
        return [sys.executable, "-c", STUBBORN, str(tmp_path / "pid")]

    web = await start_web(host="127.0.0.1", port=0, game_host="127.0.0.1", game_port=1,
                          data_dir=tmp_path, command=record)
    try:
        async with aiohttp.ClientSession() as http:
            page = await (await http.get(
                f"http://127.0.0.1:{web.port}/play?name=%3Cscript%3Eana%3C/script%3E")).text()
            assert "<script>ana" not in page and "scriptanascript" in page
            async with http.get(f"http://127.0.0.1:{web.port}/play?name=",
                                allow_redirects=False) as empty:
                assert empty.status == 302  # back to the name form
            name = "%E2%80%AEevil%0A%1B[31m" + "x" * 40
            ws = await http.ws_connect(ws_url(web, f"/ws/play/{name}"))
            await until(lambda: bool(seen), 60, "the child")
            await ws.close()
            ws = await http.ws_connect(ws_url(web, "/ws/watch"))
            await until(lambda: len(seen) == 2, 60, "the watcher")
            await ws.close()
    finally:
        await web.close()
    assert seen[0].name == "evil31m" + "x" * 13 and not seen[0].spectate
    assert seen[0].key.startswith("web:once:")  # no cookie: a home for this session only
    assert seen[1].spectate


async def test_another_sites_page_cannot_open_a_session(gateway: WebGateway) -> None:
    """A page from elsewhere would take back the player's seat under their name."""
    async with aiohttp.ClientSession() as http:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await http.ws_connect(ws_url(gateway), headers={"Origin": "https://evil.example"})
        assert refused.value.status == 403
        assert gateway.places.active == 0 and not gateway.children
        ours = f"http://127.0.0.1:{gateway.port}"
        ws = await http.ws_connect(ws_url(gateway), headers={"Origin": ours})
        await until(lambda: gateway.places.active == 1, 60, "our own page's session")
        await ws.close()

"""Connection trouble in the client: the server letting us go, and unreachable servers.

Real sockets on 127.0.0.1: a real GameServer for the ends of a connection, a port
nobody listens on and a bad address for `prtui connect`.
"""

from __future__ import annotations

import socket
import subprocess
import sys
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from textual.widgets import Input, Static

from prtui.app import DisconnectedScreen, PrtuiApp
from prtui.launch import parse_address, remote_plan
from prtui.netclient import Client
from prtui.screens.lobby import LobbyScreen
from server.net.server import GameServer
from tests.tui.waiting import wait_for


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[GameServer]:
    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    srv.port = await srv.start()  # type: ignore[attr-defined]
    yield srv
    await srv.stop()


def shown_text(app: PrtuiApp) -> str:
    return str(app.screen.query_one("#disconnected", Static).render())


def notices(app: PrtuiApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_server_bye_shows_the_reason_and_later_chat_is_a_notice(server: GameServer) -> None:
    app = PrtuiApp(plan=remote_plan("127.0.0.1", server.port, "ana", "play"))  # type: ignore[attr-defined]
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await server.stop("closing for the night")
        await wait_for(pilot, lambda: isinstance(app.screen, DisconnectedScreen))
        assert "closing for the night" in shown_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        chat = app.screen.query_one("#chat-input", Input)
        chat.focus()
        chat.value = "anyone there?"
        await pilot.press("enter")
        await wait_for(pilot, lambda: any(m.startswith("Not sent") for m in notices(app)))
        assert app.is_running
        assert app._exception is None  # no traceback: the app keeps running
        assert any("closing for the night" in m for m in notices(app) if m.startswith("Not sent"))


async def test_seat_resumed_elsewhere_says_so(server: GameServer) -> None:
    port = server.port  # type: ignore[attr-defined]
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        controller = app.controller
        assert controller is not None
        data = await controller.client.command("create_room", game="puerto-rico", players=2,
                                               options={})
        await controller.join(str(data["room"]), as_player=True)
        await controller.take_seat(0)
        assert controller.token
        other = await Client.connect("127.0.0.1", port, "ana", "play", controller.token)
        try:
            await wait_for(pilot, lambda: isinstance(app.screen, DisconnectedScreen))
            assert "resumed by another connection" in shown_text(app)
            assert "Traceback" not in shown_text(app)
        finally:
            await other.close()
        await pilot.press("q")
    assert app._exception is None


def test_parse_address_rejects_a_bad_port() -> None:
    with pytest.raises(ValueError, match="bad port 'abc'"):
        parse_address("127.0.0.1:abc")
    with pytest.raises(ValueError, match="bad port '70000'"):
        parse_address("host:70000")
    assert parse_address("::1") == ("::1", 7797)


def free_port() -> int:
    """A loopback port nobody listens on (bound, then released)."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def connect_cli(address: str, tmp_path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "prtui", "connect", address, "--data", str(tmp_path)],
        capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60, check=False,
    )


@pytest.mark.parametrize(("address", "wanted"), [
    ("127.0.0.1:{free}", "cannot reach 127.0.0.1:{free}: connection refused (is `prtui serve` running there?)"),
    ("127.0.0.1:abc", "bad port 'abc'"),
    ("no-such-host.invalid:7797", "unknown host 'no-such-host.invalid'"),
])
def test_connect_errors_are_one_clear_line(address: str, wanted: str, tmp_path: Path) -> None:
    free = free_port()
    done = connect_cli(address.format(free=free), tmp_path)
    output = done.stdout + done.stderr
    assert done.returncode == 2
    assert wanted.format(free=free) in done.stderr
    assert "Traceback" not in output
    assert "Error:" not in output and "Errno" not in output

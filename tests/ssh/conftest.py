"""Helpers for the SSH gateway tests: a real gateway on 127.0.0.1 and a real client."""

from __future__ import annotations

import asyncio
import re
import sys
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path

import asyncssh
import pytest

from server.net.server import GameServer
from server.ssh.auth import Identity
from server.ssh.gateway import SshGateway, start_ssh
from tests.ssh.screen import Screen

ECHO_CHILD = Path(__file__).with_name("echo_child.py")
WAIT_S = 60.0  # only guards against a hang (a loaded CI machine is slow); nothing asserts on speed
_ANSI = re.compile(
    rb"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()][0-9A-B]|\x1b[=>78MDEc]"
)


def echo_command(identity: Identity, term_type: str) -> tuple[list[str], dict[str, str]]:
    mode = "spectate" if identity.spectate else "connect"
    return [sys.executable, str(ECHO_CHILD), mode, identity.name], {}


def plain(data: bytes) -> str:
    """Screen output without escape sequences, for 'does the text appear' checks."""
    return _ANSI.sub(b"", data).decode("utf-8", "replace")


class Terminal:
    """A client-side pty session: what came back so far, and keys/resizes to send."""

    def __init__(
        self,
        conn: asyncssh.SSHClientConnection,
        proc: asyncssh.SSHClientProcess[bytes],
        size: tuple[int, int],
    ):
        self.conn = conn
        self.proc = proc
        self.output = bytearray()
        self.screen = Screen(min(size[0], 1000), min(size[1], 500))

    async def _read_more(self, waiting_for: str) -> None:
        chunk = await self.proc.stdout.read(65536)
        if not chunk:
            raise AssertionError(
                f"session ended before {waiting_for!r}; screen:\n{self.screen.text()}"
            )
        self.output += chunk
        self.screen.feed(chunk)

    async def expect_screen(self, text: str, *, row: int | None = None) -> str:
        """Read until the emulated screen shows ``text`` (on ``row`` if given)."""

        def shown() -> bool:
            return text in (self.screen.text() if row is None else self.screen.line(row))

        async def _read() -> str:
            while not shown():
                await self._read_more(text)
            return self.screen.text()

        try:
            return await asyncio.wait_for(_read(), WAIT_S)
        except TimeoutError:
            raise AssertionError(f"{text!r} not on screen:\n{self.screen.text()}") from None

    def resize(self, cols: int, rows: int) -> None:
        self.screen.resize(min(cols, 1000), min(rows, 500))
        self.proc.change_terminal_size(cols, rows)

    async def expect(self, text: str, *, plain_text: bool = True) -> str:
        """Read until ``text`` shows up; returns everything read so far."""

        async def _read() -> str:
            while True:
                seen = (
                    plain(bytes(self.output))
                    if plain_text
                    else bytes(self.output).decode("utf-8", "replace")
                )
                if text in seen:
                    return seen
                await self._read_more(text)

        try:
            return await asyncio.wait_for(_read(), WAIT_S)
        except TimeoutError:
            tail = plain(bytes(self.output))[-2000:]
            raise AssertionError(f"{text!r} did not appear; screen tail: {tail!r}") from None

    def send(self, keys: str | bytes) -> None:
        self.proc.stdin.write(keys.encode() if isinstance(keys, str) else keys)

    async def close(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()


async def open_terminal(
    port: int,
    username: str,
    *,
    size: tuple[int, int] | None = (100, 30),
    **connect_kw: object,
) -> Terminal:
    env = connect_kw.pop("env", None)
    if "password" not in connect_kw and "client_keys" not in connect_kw:
        # in open mode a client without a key answers "any password" (ssh's own client
        # gets in by keyboard-interactive, asyncssh's only with a password to give)
        connect_kw["password"] = ""
    conn = await asyncssh.connect(
        "127.0.0.1",
        port,
        username=username,
        known_hosts=None,
        agent_path=None,
        client_keys=connect_kw.pop("client_keys", None),
        config=None,
        **connect_kw,
    )
    if size is None:
        proc = await conn.create_process(encoding=None, env=env)
    else:
        proc = await conn.create_process(
            term_type="xterm-256color", term_size=size, encoding=None, env=env
        )
    return Terminal(conn, proc, size or (80, 24))


async def until(condition: Callable[[], bool], what: str) -> None:
    """Wait for a condition the test cannot be told about (a hang guard, not a timing)."""
    for _ in range(int(WAIT_S / 0.05)):
        if condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"never happened: {what}")


GatewayFactory = Callable[..., Awaitable[SshGateway]]


@pytest.fixture
async def make_gateway(tmp_path: Path) -> AsyncIterator[GatewayFactory]:
    """Start gateways on ephemeral loopback ports; all are closed after the test."""
    started: list[SshGateway] = []

    async def _make(**kw: object) -> SshGateway:
        params: dict[str, object] = {
            "host": "127.0.0.1",
            "port": 0,
            "game_host": "127.0.0.1",
            "game_port": 1,
            "data_dir": tmp_path / "data",
            "auth": "open",
            "max_sessions": 8,
            "command": echo_command,
        }
        params.update(kw)
        gateway = await start_ssh(**params)  # type: ignore[arg-type]
        started.append(gateway)
        return gateway

    yield _make
    for gateway in started:
        await gateway.close()


@pytest.fixture
async def game(tmp_path: Path) -> AsyncIterator[GameServer]:
    """A real game server on loopback for gateways whose sessions run the real client
    (one fixture: five test files had their own copy)."""
    server = GameServer(tmp_path / "game", host="127.0.0.1", port=0)
    await server.start()
    yield server
    await server.stop()

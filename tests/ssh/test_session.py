"""A session on a real pty: size, keys, resizes, hang-up, crashes and the session cap."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from server.ssh.session import RESET_TERMINAL
from tests.ssh.conftest import GatewayFactory, open_terminal


async def test_child_runs_on_a_pty_of_the_requested_size(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    term = await open_terminal(gw.port, "ana")
    try:
        seen = await term.expect("SIZE 100x30")
        assert "READY connect ana" in seen
        assert "TERM=xterm-256color" in seen
        assert "CTTY=yes" in seen
        assert "COLUMNS=-" in seen  # the size comes from the pty, never from the env
        term.send("x")
        await term.expect("KEY 78")
    finally:
        await term.close()


async def test_resize_follows_live(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    term = await open_terminal(gw.port, "ana")
    try:
        await term.expect("SIZE 100x30")
        term.proc.change_terminal_size(132, 43)
        await term.expect("SIZE 132x43")
        term.proc.change_terminal_size(80, 24)
        await term.expect("SIZE 80x24")
    finally:
        await term.close()


async def test_child_exit_ends_the_session_with_its_status(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    term = await open_terminal(gw.port, "ana")
    await term.expect("SIZE 100x30")
    term.send("!")
    rest = await asyncio.wait_for(term.proc.stdout.read(), 20)
    await asyncio.wait_for(term.proc.wait_closed(), 20)
    assert term.proc.exit_status == 3
    assert rest.endswith(RESET_TERMINAL)
    assert gw.active_sessions == 0
    await term.close()


async def test_crash_in_one_session_leaves_the_other(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    ana = await open_terminal(gw.port, "ana")
    bob = await open_terminal(gw.port, "bob")
    try:
        await ana.expect("READY connect ana")
        await bob.expect("READY connect bob")
        assert gw.active_sessions == 2
        ana.send("!")
        await asyncio.wait_for(ana.proc.wait_closed(), 20)
        bob.send("b")
        await bob.expect("KEY 62")
        assert gw.active_sessions == 1
    finally:
        await ana.close()
        await bob.close()


async def test_disconnect_hangs_up_the_child(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    term = await open_terminal(gw.port, "ana")
    await term.expect("SIZE 100x30")
    (child,) = gw.children
    pid = child.pid
    assert pid is not None
    await term.close()
    for _ in range(200):
        if not gw.children and gw.active_sessions == 0:
            break
        await asyncio.sleep(0.05)
    assert not gw.children
    assert gw.active_sessions == 0
    assert not _alive(pid)


async def test_spectate_user_goes_to_the_spectator_view(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    term = await open_terminal(gw.port, "spectate")
    try:
        await term.expect("READY spectate spectate")
    finally:
        await term.close()


async def test_no_pty_gets_one_line_and_is_closed(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    term = await open_terminal(gw.port, "ana", size=None)
    data = await asyncio.wait_for(term.proc.stdout.read(), 20)
    await asyncio.wait_for(term.proc.wait_closed(), 20)
    assert data.count(b"\n") == 1 and b"needs a terminal" in data
    assert term.proc.exit_status == 1
    assert gw.active_sessions == 0
    await term.close()


async def test_sessions_are_capped(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway(max_sessions=1)
    first = await open_terminal(gw.port, "ana")
    try:
        await first.expect("READY")
        second = await open_terminal(gw.port, "bob")
        data = await asyncio.wait_for(second.proc.stdout.read(), 20)
        assert b"server is full" in data
        await second.close()
        first.send("q")
        await asyncio.wait_for(first.proc.wait_closed(), 20)
        third = await open_terminal(gw.port, "cy")
        await third.expect("READY connect cy")
        await third.close()
    finally:
        await first.close()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


async def test_a_pty_without_a_size_gets_80x24(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    term = await open_terminal(gw.port, "ana", size=(0, 0))
    try:
        await term.expect("SIZE 80x24")
    finally:
        await term.close()


@pytest.mark.parametrize("hangup", ["default", "ignored"])
async def test_close_ends_live_sessions_and_their_children(
    make_gateway: GatewayFactory, hangup: str
) -> None:
    """Also with the server's own SIGHUP ignored (started with nohup): its children get
    the session's signals at their defaults, so the hang-up still ends them (129)."""
    if hangup == "ignored":
        before = signal.signal(signal.SIGHUP, signal.SIG_IGN)
        try:
            await _close_ends_the_session(make_gateway)
        finally:
            signal.signal(signal.SIGHUP, before)
    else:
        await _close_ends_the_session(make_gateway)


async def _close_ends_the_session(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    term = await open_terminal(gw.port, "ana")
    await term.expect("READY connect ana")
    (child,) = gw.children
    pid = child.pid
    assert pid is not None
    await gw.close()
    rest = await asyncio.wait_for(term.proc.stdout.read(), 20)
    await asyncio.wait_for(term.proc.wait_closed(), 20)
    assert not gw.children and gw.active_sessions == 0
    assert not _alive(pid)
    assert rest.endswith(RESET_TERMINAL)  # the player's terminal is put back
    assert term.proc.exit_status == 128 + signal.SIGHUP
    await term.close()


async def test_client_terminal_env_reaches_the_child(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    term = await open_terminal(gw.port, "ana", env={"COLORTERM": "truecolor", "EVIL": "x"})
    try:
        await term.expect("SIZE 100x30")
        (child,) = gw.children
        environ = _environ(child.pid)
        assert environ.get("COLORTERM") == "truecolor"
        assert "EVIL" not in environ
        assert environ.get("TERM") == "xterm-256color"
    finally:
        await term.close()


def _environ(pid: int | None) -> dict[str, str]:
    raw = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(item.decode().split("=", 1) for item in raw if b"=" in item)


async def test_absurd_window_sizes_are_clamped(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    term = await open_terminal(gw.port, "ana", size=(70000, 70000))
    try:
        await term.expect("SIZE 1000x500")
        term.proc.change_terminal_size(90, 25, 10**6, 10**6)
        await term.expect("SIZE 90x25")
    finally:
        await term.close()


async def test_sessions_closed_at_once_leave_no_child(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    for name in ("ana", "bob", "cy"):
        term = await open_terminal(gw.port, name)
        await term.close()  # before the child has even started, most likely
    for _ in range(200):
        if not gw.children and gw.active_sessions == 0 and not gw._runs:
            break
        await asyncio.sleep(0.05)
    assert not gw.children and gw.active_sessions == 0 and not gw._runs


async def test_the_child_has_its_own_home_not_the_hosts(
    make_gateway: GatewayFactory, tmp_path: Path
) -> None:
    gw = await make_gateway()
    term = await open_terminal(gw.port, "ana")
    try:
        await term.expect("SIZE 100x30")
        (child,) = gw.children
        environ = _environ(child.pid)
        home = Path(environ["HOME"])
        assert home == Path(os.readlink(f"/proc/{child.pid}/cwd"))  # its identity's home
        assert home.is_relative_to(tmp_path / "data" / "ssh" / "homes")
        assert Path(environ["XDG_STATE_HOME"]).parent == home
        assert str(home) != os.environ.get("HOME")
    finally:
        await term.close()

"""SSH sessions forked by the warm parent (server/ssh/forkserver.py), on real processes:
a real game server, the real `prtui connect`, real ptys and real signals."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import sys
from pathlib import Path

import pytest

from server.net.server import GameServer
from server.ssh import forks as forks_module
from server.ssh.forks import ForkServer
from server.ssh.gateway import SshGateway, fork_server_env
from tests.ssh.conftest import WAIT_S, GatewayFactory, Terminal, open_terminal, until


@pytest.fixture
def warm_gateway(make_gateway: GatewayFactory, game: GameServer) -> GatewayFactory:
    """A gateway running the real client, its fork server warm before the first login."""

    async def _make(**kw: object) -> SshGateway:
        gw = await make_gateway(command=None, game_port=game.port,
                                relay_proof=game.relay_proof, **kw)
        assert gw.forks is not None
        gw.forks.warm_up()
        await until(lambda: gw.forks is not None and gw.forks.ready, "the fork server warm")
        return gw

    return _make


def parent_of(pid: int) -> int:
    return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


async def in_lobby(gw: SshGateway, name: str) -> tuple[Terminal, int]:
    """A player's session drawn to its lobby; its child's pid."""
    before = {child.pid for child in gw.children}
    term = await open_terminal(gw.port, name)
    await term.expect_screen("Rooms")
    (pid,) = {child.pid for child in gw.children} - before
    assert pid is not None
    return term, pid


async def test_a_session_forked_by_the_warm_parent_reaches_its_lobby(
    warm_gateway: GatewayFactory,
) -> None:
    gw = await warm_gateway()
    assert gw.forks is not None
    ana, pid = await in_lobby(gw, "ana")
    try:
        assert parent_of(pid) == gw.forks.pid  # forked, not spawned by the gateway
        assert gw.forks.forked == 1
        # in the session's own directory (its identity's home), named for `ps`
        assert Path(os.readlink(f"/proc/{pid}/cwd")).parent == gw.data_dir / "ssh" / "homes"
        assert Path(f"/proc/{pid}/comm").read_text().strip() == "prtui-session"
        ana.send("n")  # the child reads its keys: the table set-up form
        await ana.expect_screen("Players")
    finally:
        await ana.close()
    await until(lambda: not gw.children, "the session's child gone")
    assert gw.active_sessions == 0


async def test_a_session_killed_leaves_the_parent_and_the_other_session(
    warm_gateway: GatewayFactory,
) -> None:
    gw = await warm_gateway()
    assert gw.forks is not None
    parent = gw.forks.pid
    assert parent is not None
    ana, ana_pid = await in_lobby(gw, "ana")
    bob, bob_pid = await in_lobby(gw, "bob")
    try:
        os.kill(ana_pid, signal.SIGKILL)
        await until(lambda: ana.proc.exit_status is not None, "ana's session ended")
        assert ana.proc.exit_status != 0
        assert alive(parent) and gw.forks.pid == parent and gw.forks.ready
        assert alive(bob_pid)
        bob.send("n")
        await bob.expect_screen("Players")
        carl, carl_pid = await in_lobby(gw, "carl")  # and the parent still forks
        assert parent_of(carl_pid) == parent
        await carl.close()
    finally:
        await ana.close()
        await bob.close()
    await until(lambda: not gw.children, "every child gone")


async def test_the_parent_killed_is_restarted_and_its_sessions_go_on(
    warm_gateway: GatewayFactory,
) -> None:
    gw = await warm_gateway()
    assert gw.forks is not None
    old = gw.forks.pid
    assert old is not None
    ana, ana_pid = await in_lobby(gw, "ana")
    try:
        os.kill(old, signal.SIGKILL)
        await until(lambda: gw.forks is not None and gw.forks.ready and gw.forks.pid != old,
                    "a new fork server warm")
        assert gw.forks.starts == 2
        assert alive(ana_pid)  # the session it had forked goes on
        ana.send("n")
        await ana.expect_screen("Players")
        bob, bob_pid = await in_lobby(gw, "bob")
        assert parent_of(bob_pid) == gw.forks.pid
        await bob.close()
    finally:
        await ana.close()
    # ana's end is seen without her parent (a pidfd): her place is free again
    await until(lambda: not gw.children and gw.active_sessions == 0, "every session ended")
    assert not alive(ana_pid)


async def test_sessions_start_while_the_parent_is_not_there(
    make_gateway: GatewayFactory, game: GameServer
) -> None:
    """Before the fork server is warm (and while it restarts) a session is spawned the
    old way: nobody waits for it."""
    gw = await make_gateway(command=None, game_port=game.port, relay_proof=game.relay_proof,
                            warm_fork_server=False)
    assert gw.forks is not None and not gw.forks.ready and gw.forks.pid is None
    ana, pid = await in_lobby(gw, "ana")  # its request starts the fork server
    try:
        assert parent_of(pid) == os.getpid()
        await until(lambda: gw.forks is not None and gw.forks.ready, "the fork server warm")
    finally:
        await ana.close()


def stat_fields(pid: int) -> list[str]:
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


async def test_a_forked_child_is_a_session_leader_on_its_terminal_behind_the_server(
    tmp_path: Path,
) -> None:
    """What a spawned child got from its preexec (pty_child.py), a forked one gets from
    the fork server: its own session, the pty as its controlling terminal, the session's
    environment and directory, and the starting priority (the gateway, not used here,
    would restore it at the first screen)."""
    forks = ForkServer(fork_server_env(os.environ))
    forks.warm_up()
    await until(lambda: forks.ready, "the fork server warm")
    master, slave = os.openpty()
    terminal = os.fstat(slave).st_rdev
    home = tmp_path / "home"
    home.mkdir()
    argv = [sys.executable, "-m", "prtui", "connect", "127.0.0.1:1", "--name=ana"]
    try:
        child = await forks.spawn(argv, {**fork_server_env(os.environ), "HOME": str(home)},
                                  home, (slave, slave, slave), tty=True)
        os.close(slave)
        assert child is not None and parent_of(child.pid) == forks.pid
        pid = child.pid
        # the client's start, which comes after the set-up, has begun
        await until(lambda: Path(os.readlink(f"/proc/{pid}/cwd")) == home, "in its home")
        fields = stat_fields(pid)
        assert int(fields[2]) == int(fields[3]) == pid  # its own group and session
        assert int(fields[4]) == terminal  # its controlling terminal: the pty
        assert Path(f"/proc/{pid}/autogroup").read_text().split()[-1] == "10"
        os.killpg(child.pid, signal.SIGKILL)
        assert await asyncio.wait_for(child.wait(), WAIT_S) == -signal.SIGKILL
        assert forks.ready and alive(forks.pid or 0)
    finally:
        os.close(master)
        await forks.close()
    assert forks.pid is None


def descendants(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                child = int(stat.parent.name)
                found += [child, *descendants(child)]
    return found


async def test_the_server_killed_takes_the_fork_server_and_its_sessions(tmp_path: Path) -> None:
    serve = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "prtui", "serve", "--port", "0", "--ssh-port", "0",
        "--data", str(tmp_path / "data"), stdin=asyncio.subprocess.DEVNULL,
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.DEVNULL)
    assert serve.stdout is not None
    try:
        port = 0
        while not port:
            line = (await asyncio.wait_for(serve.stdout.readline(), WAIT_S)).decode()
            assert line, "prtui serve ended before its SSH gateway started"
            if found := re.match(r"SSH on [^ ]+:(\d+) ", line):
                port = int(found.group(1))
        forked: tuple[Terminal, int] | None = None
        for _ in range(int(WAIT_S / 0.5)):  # until a session comes from the warm parent
            term = await open_terminal(port, "ana")
            await term.expect_screen("Rooms")
            pids = descendants(serve.pid)
            session = [p for p in pids if parent_of(p) != serve.pid]
            if session:
                forked = term, session[0]
                break
            await term.close()
            await asyncio.sleep(0.5)
        assert forked is not None, "no session was forked"
        term, pid = forked
        tree = descendants(serve.pid)  # the fork server and the session
        assert pid in tree and len(tree) == 2
        serve.kill()
        await serve.wait()
        await until(lambda: not any(alive(p) for p in tree), "the fork server and session gone")
        with contextlib.suppress(Exception):
            await term.close()
    finally:
        if serve.returncode is None:
            serve.kill()
            await serve.wait()


async def test_a_fork_server_too_slow_to_answer_is_not_waited_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stopped (or swamped) fork server: the session starts its child itself after
    ANSWER_S, and the child forked later for it is killed, never left on its terminal."""
    monkeypatch.setattr(forks_module, "ANSWER_S", 0.2)
    forks = ForkServer(fork_server_env(os.environ))
    forks.warm_up()
    await until(lambda: forks.ready, "the fork server warm")
    assert forks.pid is not None
    master, slave = os.openpty()
    argv = [sys.executable, "-m", "prtui", "connect", "127.0.0.1:1", "--name=ana"]
    try:
        os.kill(forks.pid, signal.SIGSTOP)
        try:
            child = await forks.spawn(argv, fork_server_env(os.environ), tmp_path,
                                      (slave, slave, slave), tty=True)
            assert child is None  # the caller spawns it: nobody waits on a stopped parent
        finally:
            os.kill(forks.pid, signal.SIGCONT)
        await until(lambda: forks.abandoned == 1, "the late child killed")
        await until(lambda: forks.pid is not None and not descendants(forks.pid),
                    "the late child gone")
        assert forks.ready and forks.forked == 0
    finally:
        os.close(slave)
        os.close(master)
        await forks.close()

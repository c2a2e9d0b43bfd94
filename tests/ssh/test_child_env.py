"""A session's process inherits only an allow-list of the server's environment: the
host's secrets never reach a remote player's process (server/ssh/gateway.py)."""

from __future__ import annotations

import sys

import pytest

from server.ssh.auth import Identity
from tests.ssh.conftest import GatewayFactory, open_terminal

SHOW_ENV = "import os; print('ENV', ' '.join(sorted(os.environ)), 'END', flush=True)"


def env_command(identity: Identity, term_type: str) -> tuple[list[str], dict[str, str]]:
    return [sys.executable, "-c", SHOW_ENV], {}


async def test_the_hosts_secrets_stay_out_of_the_session(
    make_gateway: GatewayFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "hunter2")
    monkeypatch.setenv("DATABASE_URL", "postgres://admin:hunter2@db/prod")
    monkeypatch.setenv("PRTUI_SSH_PASSWORD", "hunter2")
    monkeypatch.setenv("LC_TIME", "C")
    monkeypatch.setenv("PRTUI_PROPERTY_GAMES", "1")
    gw = await make_gateway(command=env_command)
    term = await open_terminal(gw.port, "ana")
    try:
        seen = await term.expect("END")
    finally:
        await term.close()
    names = set(seen.split("ENV ", 1)[1].split(" END", 1)[0].split())
    assert not names & {"AWS_SECRET_ACCESS_KEY", "DATABASE_URL", "PRTUI_SSH_PASSWORD"}
    # what the client needs, and the host's language and project settings, are there
    assert {"PATH", "HOME", "TERM", "LC_TIME", "PRTUI_PROPERTY_GAMES", "PRTUI_SSH_IDENTITY"} <= names


SHOW_PRIORITY = ("import os, sys; group = open('/proc/self/autogroup').read().split()[-1]; "
                 "print('PID', os.getpid(), 'GROUP', group, 'END', flush=True); "
                 "sys.stdin.read()")


async def test_a_session_starts_behind_the_server_for_a_cpu(
        make_gateway: GatewayFactory) -> None:
    """A session's TUI costs a second or two of CPU to start, and a few starting at once
    took other games' action p99 to 200 ms (issue 33): until its first output its
    scheduling group (a child in a session of its own is a group of its own) is at nice
    10, then at 0 like the server's."""
    import asyncio
    from pathlib import Path

    gw = await make_gateway(command=lambda identity, term: (
        [sys.executable, "-c", SHOW_PRIORITY], {}))
    term = await open_terminal(gw.port, "ana")
    try:
        seen = await term.expect("END")
        pid, group = seen.split("PID ", 1)[1].split(" END", 1)[0].split(" GROUP ")
        assert int(group) == 10  # read before it said anything
        autogroup = Path(f"/proc/{int(pid)}/autogroup")
        for _ in range(600):  # a bound, not a timing: the kernel's pace decides
            if autogroup.read_text().split()[-1] == "0":
                break
            await asyncio.sleep(0.1)
        assert autogroup.read_text().split()[-1] == "0"
    finally:
        await term.close()

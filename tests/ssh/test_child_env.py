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


SHOW_PRIORITY = ("import os; group = open('/proc/self/autogroup').read().split()[-1]; "
                 "print('NICE', os.getpriority(os.PRIO_PROCESS, 0), 'GROUP', group, 'END', "
                 "flush=True)")


async def test_the_session_yields_the_cpu_to_the_server(make_gateway: GatewayFactory) -> None:
    """A session's TUI never waits ahead of the game server for a CPU (issue 33: session
    starts took other games' action p99 to 200 ms): its nice, and its scheduling group's
    (a child in a session of its own is a group of its own), are the server's plus 10."""
    import os

    gw = await make_gateway(command=lambda identity, term: (
        [sys.executable, "-c", SHOW_PRIORITY], {}))
    term = await open_terminal(gw.port, "ana")
    try:
        seen = await term.expect("END")
    finally:
        await term.close()
    nice, group = seen.split("NICE ", 1)[1].split(" END", 1)[0].split(" GROUP ")
    assert int(nice) == min(19, os.getpriority(os.PRIO_PROCESS, 0) + 10)
    assert int(group) == 10

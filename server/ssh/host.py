"""What a connection and its sessions ask of the gateway that accepted them.

Its own module, so that login.py and session.py name the gateway's part they use
without importing gateway.py, which imports them (the room's RoomHooks does the same,
server/net/room_hooks.py). SshGateway (gateway.py) is the one implementation.
"""

from __future__ import annotations

from collections.abc import Coroutine, Mapping, Sequence
from pathlib import Path
from typing import Protocol

import asyncssh

from server.says import Say
from server.ssh.auth import AuthPolicy, Identity
from server.ssh.forks import ForkServer
from server.ssh.guard import LoginGuard
from server.ssh.pty_child import PtyChild
from server.ssh.startups import StartupGate


class SessionHost(Protocol):
    """The places for sessions and the children that run them (session.py)."""

    forks: ForkServer | None  # the warm parent of the children, if any (forks.py)

    def claim_session(self, address: str) -> Say | None: ...

    def release_session(self, address: str) -> None: ...

    def track(self, child: PtyChild) -> None: ...

    def untrack(self, child: PtyChild) -> None: ...

    def run_session(self, run: Coroutine[object, object, None]) -> None: ...

    def child_command(
        self,
        identity: Identity,
        term_type: str,
        client_env: Mapping[str, str] | None = None,
        address: str | None = None,
    ) -> tuple[Sequence[str], Mapping[str, str], Path]: ...


class LoginHost(SessionHost, Protocol):
    """Plus who may log in and the live connections (login.py)."""

    policy: AuthPolicy
    guard: LoginGuard
    startups: StartupGate
    connections: set[asyncssh.SSHServerConnection]

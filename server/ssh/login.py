"""One SSH connection: who it is (per the auth policy), then the TUI sessions it opens.

A connection one too many (server/ssh/startups.py) is hung up the moment it is accepted,
right after the version line, with an SSH disconnect whose reason ``ssh`` prints (no key
exchange is spent on it). One from an address still waiting out its wrong passwords
(server/ssh/guard.py) is disconnected with the reason too. Every limit counts the
address by its key (server/net/addresses.py: an IPv6 client by its /64).
"""

from __future__ import annotations

import asyncio
import logging
import math

import asyncssh

from server.i18n import N_
from server.net.addresses import canonical_address, limit_key
from server.says import say
from server.ssh.auth import Identity
from server.ssh.host import LoginHost
from server.ssh.session import TuiSession
from server.ssh.startups import Startup

log = logging.getLogger("prtui.ssh")

FAILED_PASSWORD_DELAY_S = 1.0
MAX_PASSWORD_TRIES = 5  # per connection; the address's own budget is in guard.py


class LoginConnection(asyncssh.SSHServer):
    """Authenticates per the gateway's policy and guard, then opens TUI sessions."""

    def __init__(self, gateway: LoginHost) -> None:
        self._gateway = gateway
        self._policy = gateway.policy
        self._guard = gateway.guard
        self._conn: asyncssh.SSHServerConnection | None = None
        self._address = "?"
        self._key = "?"  # what the per-address limits count it as
        self._place: Startup | None = None  # its place in the gateway's StartupGate
        self._username = ""
        self._offered_key: asyncssh.SSHKey | None = None
        self._identity: Identity | None = None
        self._failures = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        self._gateway.connections.add(conn)
        peer = conn.get_extra_info("peername")
        self._address = canonical_address(str(peer[0])) if peer else "?"
        self._key = limit_key(self._address)
        sock = conn.get_extra_info("socket")
        fd = sock.fileno() if sock is not None else 0
        admitted = self._gateway.startups.admit(self._key, fd, self._hang_up)
        if isinstance(admitted, str):
            # asyncssh writes its version line when this returns; the disconnect follows
            asyncio.get_running_loop().call_soon(self._hang_up, admitted)
        else:
            self._place = admitted

    def _hang_up(self, why: str) -> None:
        if self._conn is not None:
            self._conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, why)

    def connection_lost(self, exc: Exception | None) -> None:
        place, self._place = self._place, None
        if place is not None:
            self._gateway.startups.closed(place)
        if self._conn is not None:
            self._gateway.connections.discard(self._conn)

    def begin_auth(self, username: str) -> bool:
        """Refusals come here, after the key exchange, so ``ssh`` can show the reason.

        Always an auth method, even in ``open`` mode: there a client's key (any key) is
        who the player is, and one without keys gets in at once by keyboard-interactive
        (no prompts) or any password, as a newcomer (auth.py)."""
        self._refuse_if_waiting()
        self._username = username
        return True

    def _refuse_if_waiting(self) -> None:
        if self._policy.mode != "password":
            return
        wait = self._guard.wait_left(self._key)
        if wait > 0:
            raise asyncssh.DisconnectError(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                # before the session's environment: English (docs/ssh.md, "Languages")
                str(say(N_("too many wrong passwords from your address; try again in "
                           "{seconds} s"), seconds=math.ceil(wait))),
            )

    def password_auth_supported(self) -> bool:
        return self._policy.mode in ("password", "open")

    def kbdint_auth_supported(self) -> bool:
        return self._policy.mode == "open"

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self._offered_key = None  # a key offered but never signed with is nobody's proof
        return self._policy.mode == "open"  # in at once, no questions asked

    async def validate_password(self, username: str, password: str) -> bool:
        """A wrong password costs a second and counts against the address (guard.py)."""
        if self._policy.mode == "open":
            self._offered_key = None  # as for keyboard-interactive
            return True
        self._refuse_if_waiting()  # another connection from here may have used it up
        if self._policy.password_ok(password):
            self._guard.succeeded(self._key)
            return True
        self._guard.failed(self._key)  # no await between the check and this line
        self._failures += 1
        await asyncio.sleep(FAILED_PASSWORD_DELAY_S)
        if self._failures >= MAX_PASSWORD_TRIES and self._conn is not None:
            log.warning("ssh: %d wrong passwords from %s", self._failures, self._address)
            self._conn.close()
        return False

    def public_key_auth_supported(self) -> bool:
        return self._policy.mode in ("keys", "open")

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # asyncssh checks the signature right after a True here; the key of the last True
        # before auth_completed is therefore the one the client proved it holds.
        ok = self._policy.key_ok(key, self._address, self._address)
        if ok:
            self._offered_key = key
        return ok

    def auth_completed(self) -> None:
        if self._place is not None:
            self._gateway.startups.authenticated(self._place)
        self._identity = self._policy.identity(self._username, self._offered_key)
        log.info(
            "ssh login: %s (%s) from %s", self._identity.name, self._identity.key, self._address
        )

    def session_requested(self) -> TuiSession | bool:
        if self._identity is None:
            return False
        return TuiSession(self._gateway, self._identity, self._address)

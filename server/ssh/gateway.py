"""Play over SSH: ``prtui serve --ssh-port 2222``, then ``ssh -p 2222 NAME@HOST``.

Interface agreed with server/net/serve_cli.py::

    gateway = await start_ssh(
        host="0.0.0.0", port=2222,            # port 0: any free port (see gateway.port)
        game_host="127.0.0.1", game_port=7797,  # this server's TCP game port
        data_dir=Path(...),                   # host key and per-identity client dirs live here
        auth="open" | "password" | "keys",
        password=None, authorized_keys=None,  # per mode; wrong combinations raise ValueError
        max_sessions=32, max_sessions_per_address=8,
        relay_proof=server.relay_proof,       # SSH players count as their own address there
        max_startups=(50, 30, 100),           # start:rate:full (server/ssh/startups.py)
    )
    server.addresses.relayed_limit = gateway.max_sessions_per_address  # may pass 16 (NAT)
    ...
    await gateway.close()                     # stops listening, hangs up every session

Each SSH session runs ``python -m prtui connect GAME_HOST:GAME_PORT --name NAME`` (or
``spectate`` for the user "spectate") as its own process on a real pty. The child's
XDG directories point at a directory per identity under ``data_dir/ssh/homes`` so the
seat tokens the client remembers belong to that identity: in ``keys`` mode the key's
fingerprint, otherwise the login name. Its HOME is that directory too.

The game server limits connections per address; every child reaches it from loopback,
so the gateway hands each child its player's real address with the game server's
proof of it (``relay_proof``, server/net/relay.py), in the environment only: the
child's hello carries both, and the player counts as the address they came from.
"""

from __future__ import annotations

import asyncio
import logging
import os
import sys
from collections import Counter
from collections.abc import Callable, Coroutine, Mapping, Sequence
from pathlib import Path

import asyncssh

from server.i18n import N_, from_environment
from server.net.addresses import is_loopback, limit_key
from server.says import Say, say
from server.ssh import fds, forks
from server.ssh.auth import AuthPolicy, Identity
from server.ssh.forks import ForkServer
from server.ssh.guard import LoginGuard
from server.ssh.homes import home_env, identity_home
from server.ssh.hostkey import load_or_create_host_key
from server.ssh.login import LoginConnection
from server.ssh.pty_child import PtyChild
from server.ssh.session import FULL_MESSAGE, ChildCommand
from server.ssh.startups import MAX_STARTUPS, StartupGate

log = logging.getLogger("prtui.ssh")

PASSWORD_ENV = "PRTUI_SSH_PASSWORD"
LOGIN_TIMEOUT_S = 30  # like OpenSSH's LoginGraceTime: from accept to logged in, banner or not
MAX_SESSIONS_PER_ADDRESS = 8  # the default; a host may raise it up to max_sessions (NAT)
KEEPALIVE_S = 30  # dead peers are noticed: children hung up, session places freed
PEER_ENV = "PRTUI_SSH_PEER"  # the player's address, as prtui.netclient reads it
PEER_PROOF_ENV = "PRTUI_SSH_PEER_PROOF"  # the game server's proof of it (server/net/relay.py)
KEY_ENV = "PRTUI_SSH_KEY"  # the fingerprint of the key the player proved they hold
KEY_PROOF_ENV = "PRTUI_SSH_KEY_PROOF"  # the game server's proof of it: a claimed name's key
PLAYER_LANG_ENV = "PRTUI_PLAYER_LANG"
"""The player's language (prtui/language.py reads it): what their ssh client sent, or
their browser's page asked for; empty when they said none. The host's own locale
variables say nothing about the player, so in a session only this one counts."""
# The only parts of the server's own environment a session's process gets: the host's
# secrets (API keys, database passwords...) must never reach a remote player's process,
# and the host's terminal says nothing true about the player's. Everything else the
# child needs (HOME, XDG_*, TERM, the identity, the proof) is set per session below.
_HOST_ENV = ("PATH", "LANG", "LANGUAGE", "TZ", "PYTHONPATH")
_HOST_ENV_PREFIXES = ("LC_", "PRTUI_")
_NEVER_ENV = (PASSWORD_ENV, PEER_ENV, PEER_PROOF_ENV, KEY_ENV, KEY_PROOF_ENV,
              "PRTUI_SSH_IDENTITY", PLAYER_LANG_ENV)
# what a player's ssh client may tell about its terminal and language (SendEnv)
_CLIENT_ENV = ("COLORTERM", "LANG", "LC_ALL", "LC_CTYPE", "LC_MESSAGES", "NO_COLOR")


class SshGateway:
    """The SSH listener plus the bookkeeping of live sessions and their children."""

    def __init__(
        self,
        *,
        policy: AuthPolicy,
        game_host: str,
        game_port: int,
        data_dir: Path,
        max_sessions: int,
        max_sessions_per_address: int = MAX_SESSIONS_PER_ADDRESS,
        relay_proof: Callable[[str], str] | None = None,
        command: ChildCommand | None = None,
        max_startups: tuple[int, int, int] = MAX_STARTUPS,
        fork_server: bool = True,
        key_proof: Callable[[str], str] | None = None,
    ) -> None:
        self.policy = policy
        # the children's warm parent, started with the first `prtui` child (forks.py)
        self.forks = ForkServer(fork_server_env(os.environ)) if fork_server else None
        self.guard = LoginGuard()
        self.game_host = game_host
        self.game_port = game_port
        self.data_dir = data_dir
        self.max_sessions = max_sessions
        # behind NAT everyone shares one address: the setting may reach the global cap
        self.max_sessions_per_address = min(max_sessions_per_address, max_sessions)
        self.startups = StartupGate(
            sessions=max_sessions,
            sessions_per_address=self.max_sessions_per_address,
            max_startups=max_startups,
            fd_ceiling=fds.ceiling(fds.raise_fd_limit()),
        )
        self._relay_proof = relay_proof
        self._key_proof = key_proof
        self._command = command
        self._acceptor: asyncssh.SSHAcceptor | None = None
        self._children: set[PtyChild] = set()
        self._runs: set[asyncio.Task[None]] = set()
        self.connections: set[asyncssh.SSHServerConnection] = set()
        self.active_sessions = 0
        self._sessions_per_address: Counter[str] = Counter()
        self.port = 0
        self.host_fingerprint = ""

    async def listen(self, host: str, port: int) -> None:
        host_key = load_or_create_host_key(self.data_dir)
        fds.quiet_accept_errors(asyncio.get_running_loop())
        self._acceptor = await asyncssh.listen(
            host,
            port,
            server_factory=lambda: LoginConnection(self),
            server_host_keys=[host_key],
            encoding=None,
            line_editor=False,
            login_timeout=LOGIN_TIMEOUT_S,
            keepalive_interval=KEEPALIVE_S,
            kbdint_auth=self.policy.mode == "open",  # open: in without a key (login.py)
            gss_host=None,
            agent_forwarding=False,
            allow_scp=False,
        )
        self.port = self._acceptor.get_port()
        self.host_fingerprint = host_key.get_fingerprint("sha256")

    # -- sessions ----------------------------------------------------------------------

    def claim_session(self, address: str) -> Say | None:
        """Take one of the places for a player from ``address``; else what to tell them."""
        address = limit_key(address)  # an IPv6 player counts by its /64
        if self.active_sessions >= self.max_sessions:
            return FULL_MESSAGE
        if self._sessions_per_address[address] >= self.max_sessions_per_address:
            return say(N_("prtui: too many sessions from your address (at most {most}); close "
                          "one and try again, or ask the host to raise --ssh-max-per-address."),
                       most=self.max_sessions_per_address)
        self.active_sessions += 1
        self._sessions_per_address[address] += 1
        return None

    def release_session(self, address: str) -> None:
        address = limit_key(address)
        self.active_sessions = max(0, self.active_sessions - 1)
        self._sessions_per_address[address] -= 1
        if self._sessions_per_address[address] <= 0:
            del self._sessions_per_address[address]

    def sessions_from(self, address: str) -> int:
        return self._sessions_per_address[limit_key(address)]

    def track(self, child: PtyChild) -> None:
        self._children.add(child)

    def untrack(self, child: PtyChild) -> None:
        self._children.discard(child)

    def run_session(self, run: Coroutine[object, object, None]) -> None:
        """Run one session's child to its end; ``close`` waits for every such run."""
        task = asyncio.get_running_loop().create_task(run)
        self._runs.add(task)
        task.add_done_callback(self._runs.discard)

    @property
    def children(self) -> frozenset[PtyChild]:
        return frozenset(self._children)

    def child_command(
        self,
        identity: Identity,
        term_type: str,
        client_env: Mapping[str, str] | None = None,
        address: str | None = None,
    ) -> tuple[Sequence[str], Mapping[str, str], Path]:
        """The argv, environment and working directory of the TUI child for one session
        of a player from ``address``."""
        if self._command is not None:
            argv, extra = self._command(identity, term_type)
        else:
            argv, extra = default_command(identity, self.game_host, self.game_port), {}
        env = host_env(os.environ)
        home = identity_home(self.data_dir, identity)
        env.update(home_env(home))
        env["TERM"] = term_type
        sent = {}
        for var in _CLIENT_ENV:
            value = (client_env or {}).get(var)
            if value is not None and len(value) < 64 and value.isprintable():
                env[var] = sent[var] = value
        env[PLAYER_LANG_ENV] = from_environment(sent) or ""  # not the host's LC_ALL/LANG
        env.setdefault("LANG", "C.UTF-8")
        if "UTF-8" not in env.get("LC_ALL", "UTF-8").upper():
            env["LC_ALL"] = "C.UTF-8"
        env["PRTUI_SSH_IDENTITY"] = identity.key
        if self._relay_proof is not None and address:
            env[PEER_ENV] = address
            env[PEER_PROOF_ENV] = self._relay_proof(address)
        if self._key_proof is not None and identity.key.startswith("key:"):
            fingerprint = identity.key.removeprefix("key:")
            env[KEY_ENV], env[KEY_PROOF_ENV] = fingerprint, self._key_proof(fingerprint)
        env.update(extra)
        return argv, env, home

    async def close(self) -> None:
        """Stop listening, end every child, then drop every connection.

        Children go first so each session can still reset its player's terminal and send
        an exit status before its connection closes.
        """
        acceptor, self._acceptor = self._acceptor, None
        if acceptor is not None:
            acceptor.close()  # stops listening only: connections stay open until closed
        await asyncio.gather(*(child.terminate() for child in list(self._children)))
        if self._runs:
            await asyncio.gather(*self._runs, return_exceptions=True)
        if self.forks is not None:
            await self.forks.close()
        for conn in list(self.connections):
            conn.close()
        if acceptor is not None:
            await acceptor.wait_closed()


def host_env(environ: Mapping[str, str]) -> dict[str, str]:
    """What a session's process inherits from the server's environment: an allow-list."""
    return {
        k: v
        for k, v in environ.items()
        if (k in _HOST_ENV or k.startswith(_HOST_ENV_PREFIXES)) and k not in _NEVER_ENV
    }


def fork_server_env(environ: Mapping[str, str]) -> dict[str, str]:
    """The fork server's environment: what a session's would be before its own parts
    (each child gets its session's whole environment when it is forked)."""
    env = host_env(environ)
    env.setdefault("LANG", "C.UTF-8")
    return env


def default_command(identity: Identity, game_host: str, game_port: int) -> list[str]:
    """``prtui connect`` (or ``spectate``) to this server's game port, as this identity."""
    if game_host in ("", "0.0.0.0"):
        game_host = "127.0.0.1"  # a wildcard bind is reached through loopback
    elif game_host == "::":
        game_host = "::1"
    address = f"[{game_host}]:{game_port}" if ":" in game_host else f"{game_host}:{game_port}"
    if identity.spectate:
        return [sys.executable, "-m", "prtui", "spectate", address]
    # one argument, "--name=-h": a name that starts with a dash is still the name
    return [sys.executable, "-m", "prtui", "connect", address, f"--name={identity.name}"]


async def start_ssh(
    *,
    host: str,
    port: int,
    game_host: str,
    game_port: int,
    data_dir: Path,
    auth: str = "open",
    password: str | None = None,
    authorized_keys: Path | None = None,
    max_sessions: int = 32,
    max_sessions_per_address: int = MAX_SESSIONS_PER_ADDRESS,
    relay_proof: Callable[[str], str] | None = None,
    command: ChildCommand | None = None,
    max_startups: tuple[int, int, int] = MAX_STARTUPS,
    fork_server: bool | None = None,
    warm_fork_server: bool = True,
    key_proof: Callable[[str], str] | None = None,
) -> SshGateway:
    """Start the SSH gateway; ``command`` replaces the TUI child (tests, other front ends).

    ``fork_server``: sessions are forked by a warm parent (forks.py; by default unless
    $PRTUI_FORK_SERVER is off), started with the gateway (``warm_fork_server``) or else
    with the first session.

    In ``password`` mode the password may come from $PRTUI_SSH_PASSWORD instead, which
    keeps it out of the process list. ``relay_proof`` is the game server's
    ``GameServer.relay_proof``; without it every SSH player counts as this machine there.
    ``key_proof`` is ``GameServer.key_proof``: a player who logged in with a key proves
    it to the game server, where it stands for the password of a name claimed with it.
    """
    if max_sessions < 1:
        raise ValueError("--ssh-max-sessions must be at least 1")
    if max_sessions_per_address < 1:
        raise ValueError("--ssh-max-per-address must be at least 1")
    if auth == "password" and not password:
        password = os.environ.get(PASSWORD_ENV) or None
    policy = AuthPolicy(
        auth,
        password=password,
        authorized_keys=Path(authorized_keys) if authorized_keys else None,
    )
    if auth == "open" and not is_loopback(host):
        log.warning(
            "SSH on %s:%s with --ssh-auth open: anyone who can reach it can play under any "
            "name and take over that name's seat; use --ssh-auth password or keys",
            host,
            port,
        )
    gateway = SshGateway(
        policy=policy,
        game_host=game_host,
        game_port=game_port,
        data_dir=Path(data_dir),
        max_sessions=max_sessions,
        max_sessions_per_address=max_sessions_per_address,
        relay_proof=relay_proof,
        command=command,
        max_startups=max_startups,
        fork_server=forks.wanted(os.environ) if fork_server is None else fork_server,
        key_proof=key_proof,
    )
    await gateway.listen(host, port)
    if gateway.forks is not None and command is None and warm_fork_server:
        gateway.forks.warm_up()  # warm before the first player comes (forks.py)
    log.info("SSH gateway on %s:%s (auth %s)", host, gateway.port, auth)
    return gateway

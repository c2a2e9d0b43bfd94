"""Who may log in over SSH, and who they are at the table once in.

Three modes: ``open`` (any name, no secret), ``password`` (one shared password) and
``keys`` (an OpenSSH authorized_keys file). The identity decides which seat a new SSH
session can take back: a key's fingerprint when the client proved it holds a key (any
key in ``open`` mode, a listed one in ``keys`` mode), so a player who reconnects with
the same key resumes their seat whatever name they type. In ``password`` mode without a
key it is the login name (everyone there holds the host's secret). In ``open`` mode
without a key it is this connection alone: a typed name is no secret, so it never takes
a seat back (issue 33).
"""

from __future__ import annotations

import hmac
import logging
import re
import secrets
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import asyncssh

from server.protocol import names

log = logging.getLogger("prtui.ssh")

AUTH_MODES = ("open", "password", "keys")
SPECTATE_USER = "spectate"
ONCE_PREFIX = "once:"  # an identity for one connection: nothing to come back to
MAX_NAME = 20
"""The most terminal cells of a name taken from a login name (中 takes two)."""
_NAME_RE = re.compile(r"[^\w .\-]")


@dataclass(frozen=True)
class Identity:
    """An authenticated SSH user as the game sees them."""

    name: str  # shown in the lobby
    spectate: bool  # logged in as "spectate": straight to the read-only view
    key: str  # stable identity ("key:SHA256:..." or "name:ana") for seat resume

    @property
    def once(self) -> bool:
        """Nobody can come back as this identity: its home goes with its session."""
        return self.key.startswith(ONCE_PREFIX)


def clean_name(username: str) -> str:
    """A lobby name from an SSH login name: printable, short, never empty, and one the
    game server takes (a login name of fillers alone, ``ㅤ``, showed its raw refusal):
    what it would refuse is left out, in any spelling a client may send (NFKC turns
    U+3164 into U+1160); a name with nothing visible left is "guest"."""
    text = unicodedata.normalize("NFC", username)
    text = "".join(ch for ch in text if unicodedata.category(ch)[0] != "C" and _allowed(ch))
    text = names.cut_to_cells(_NAME_RE.sub("", text).strip(), MAX_NAME).strip()
    try:
        return names.clean_name(text) if text else "guest"
    except names.BadName:
        return "guest"


def _allowed(ch: str) -> bool:
    return all(names.char_refusal(c) is None for c in {ch, *unicodedata.normalize("NFKC", ch)})


class AuthPolicy:
    """The checks of one auth mode; holds the secrets, knows nothing of sessions."""

    def __init__(
        self, mode: str, *, password: str | None = None, authorized_keys: Path | None = None
    ) -> None:
        if mode not in AUTH_MODES:
            raise ValueError(f"unknown SSH auth mode {mode!r} (choose from {AUTH_MODES})")
        if mode == "password" and not password:
            raise ValueError("SSH auth 'password' needs --ssh-password or $PRTUI_SSH_PASSWORD")
        if mode == "keys":
            if authorized_keys is None:
                raise ValueError("SSH auth 'keys' needs an authorized_keys file")
            asyncssh.read_authorized_keys(authorized_keys)  # fail at start, not at login
        self.mode = mode
        self._password = (password or "").encode()
        self._authorized_keys = authorized_keys

    @property
    def needs_auth(self) -> bool:
        return self.mode != "open"

    def password_ok(self, password: str) -> bool:
        """Compare in constant time so response timing leaks nothing of the password.
        In ``open`` mode any password will do (it is not a secret anyone was given)."""
        if self.mode == "open":
            return True
        return self.mode == "password" and hmac.compare_digest(password.encode(), self._password)

    def key_ok(self, key: asyncssh.SSHKey, peer_host: str, peer_addr: str) -> bool:
        """Whether ``key`` is listed; the file is re-read so edits apply without a restart.
        In ``open`` mode any key is welcome: it is only who the player is."""
        if self.mode == "open":
            return True
        if self.mode != "keys" or self._authorized_keys is None:
            return False
        try:
            keys = asyncssh.read_authorized_keys(self._authorized_keys)
        except (OSError, ValueError) as exc:
            log.warning("cannot read %s: %s", self._authorized_keys, exc)
            return False
        return keys.validate(key, peer_host, peer_addr) is not None

    def identity(self, username: str, key: asyncssh.SSHKey | None) -> Identity:
        name = clean_name(username)
        spectate = username == SPECTATE_USER
        if key is not None and self.mode in ("keys", "open"):
            stable = "key:" + key.get_fingerprint("sha256")
        elif self.mode == "open":
            stable = ONCE_PREFIX + secrets.token_hex(16)
        else:
            stable = "name:" + name
        return Identity(name=name, spectate=spectate, key=stable)

"""Who may take a browser seat back: the browser that took it, by a secret it holds.

A name is not a key: anyone can type ``ana``. Each browser gets a random secret in a
cookie the first time it opens a game page (HttpOnly, so no script reads it; SameSite
Strict, so no other site's page sends it; Secure behind https). The gateway keys the
player's private home, where the client keeps its seat tokens, by that secret: the same
browser reopening the page lands back in its seat, another browser typing the same name
starts with an empty home and is an ordinary newcomer to the game server, which never
hands a seat to a name alone. A session without the cookie (a script, cookies off) gets a
home of its own for that session only, removed when it ends.
"""

from __future__ import annotations

import hashlib
import re
import secrets

from server.ssh.auth import Identity

COOKIE = "prtui_browser"
COOKIE_AGE_S = 365 * 24 * 3600
_SECRET_RE = re.compile(r"[A-Za-z0-9_-]{43}")  # token_urlsafe(32)
ONCE_PREFIX = "web:once:"  # i18n: an identity's prefix


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def valid(secret: str | None) -> bool:
    return secret is not None and _SECRET_RE.fullmatch(secret) is not None


def browser_identity(name: str, spectate: bool, secret: str | None) -> Identity:
    """The identity of a tab: its browser's (a hash of the secret, never the secret
    itself, reaches the child and the disk), or one for this session alone."""
    if valid(secret):
        assert secret is not None
        digest = hashlib.sha256(secret.encode()).hexdigest()[:32]
        return Identity(name=name, spectate=spectate, key=f"web:browser:{digest}")
    return Identity(name=name, spectate=spectate, key=ONCE_PREFIX + secrets.token_hex(16))


def is_once(identity: Identity) -> bool:
    """A session's own identity: nobody can come back to its home, so it is removed."""
    return identity.key.startswith(ONCE_PREFIX)

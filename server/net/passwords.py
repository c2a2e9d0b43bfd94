"""Password hashes: the standard library's scrypt (memory-hard), no extra dependency.

scrypt with N=2**14, r=8, p=1 takes 16 MiB and tens of milliseconds per guess: what
OWASP's password storage guidance gives as scrypt's minimum. Each hash carries its own
random salt and parameters (``scrypt$N$r$p$salt$hash``, base64), so stronger ones can
come later and old hashes still check. Hashing runs off the event loop (the caller's
``asyncio.to_thread``: OpenSSL's scrypt releases the GIL).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import hmac
import os

N, R, P = 2**14, 8, 1
DKLEN = 32
MAXMEM = 64 * 1024 * 1024
MIN_LEN = 8
"""Shortest password a claim takes (the throttle makes guessing slow, not impossible)."""
MAX_LEN = 256


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode("ascii")


def _scrypt(password: str, salt: bytes, n: int, r: int, p: int) -> bytes:
    return hashlib.scrypt(password.encode("utf-8", "surrogatepass"), salt=salt, n=n, r=r, p=p,
                          maxmem=MAXMEM, dklen=DKLEN)


def hash_password(password: str) -> str:
    salt = os.urandom(16)
    return f"scrypt${N}${R}${P}${_b64(salt)}${_b64(_scrypt(password, salt, N, R, P))}"


def verify(password: str, stored: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (constant-time compare)."""
    try:
        scheme, n, r, p, salt, digest = stored.split("$")
        if scheme != "scrypt":
            return False
        got = _scrypt(password, base64.b64decode(salt), int(n), int(r), int(p))
    except (ValueError, MemoryError):
        return False
    return hmac.compare_digest(got, base64.b64decode(digest))


@functools.cache
def decoy() -> str:
    """A hash no password is checked against in earnest: an unknown name's password is
    checked against it, so a wrong password and an unknown name take as long."""
    return hash_password(os.urandom(16).hex())

"""Connections per remote address, where a connection relayed by our SSH gateway counts
against the address of the player it carries.

Every SSH session runs its client as a child process that reaches the game port over
loopback, so without help every SSH player would count against 127.0.0.1. The gateway
runs in the same process as the game server: it asks ``AddressBook.proof(address)``
for an HMAC of the player's real address under a key made at server start (never
written down, never sent), and hands address and proof to the child through its
environment. The child's ``hello`` carries both (``peer``, ``peer_proof``); a right
proof moves the connection's place to that address, within that address's limit. A
wrong or missing proof is refused: nobody without the key can claim an address.

So that a relayed connection never needs a place of this machine's own, a connection
from this machine (a loopback address, or the very address it reached us on) is counted
at its hello, against the address the hello proves or else its own; every other
connection is counted the moment it is accepted, before it may say anything.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections import Counter
from typing import Any

from server.i18n import N_
from server.net.addresses import is_loopback, limit_key
from server.says import Say, say

_DOMAIN = b"prtui relayed peer\0"
_KEY_DOMAIN = b"prtui relayed ssh key\0"

Refusal = tuple[str, Say]
"""An ``error`` code and message for a hello that is refused."""


class AddressBook:
    """How many connections each remote address holds, at most ``limit`` each."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.relayed_limit = limit
        """The limit for connections our SSH gateway relays: its own per-address cap, so
        a house behind one NAT address may have as many SSH players as the host allows."""
        self._counts: Counter[str] = Counter()
        self._key = secrets.token_bytes(32)

    def admit(self, address: str, reached: str | None = None) -> AddressPlace | None:
        """A place for a new connection from ``address`` (that reached us on ``reached``);
        None when the address already has ``limit``."""
        place = AddressPlace(self, address)
        if address == reached or is_loopback(address):
            return place  # this machine: counted at the hello (``AddressPlace.relayed``)
        if not self._take(address):
            return None
        place.held = True
        return place

    def count(self, address: str) -> int:
        return self._counts[limit_key(address)]

    def proof(self, address: str) -> str:
        """The proof that this server's own gateway relays a player from ``address``."""
        return hmac.new(self._key, _DOMAIN + address.encode(), hashlib.sha256).hexdigest()

    def vouched(self, address: str, proof: str) -> bool:
        return bool(address) and hmac.compare_digest(self.proof(address), proof)

    def key_proof(self, fingerprint: str) -> str:
        """The proof that this server's own gateway saw the player prove they hold the
        SSH key ``fingerprint`` (a claimed name's key: server/net/identity.py)."""
        return hmac.new(self._key, _KEY_DOMAIN + fingerprint.encode(), hashlib.sha256).hexdigest()

    def vouched_key(self, fingerprint: str, proof: str) -> bool:
        return bool(fingerprint) and hmac.compare_digest(self.key_proof(fingerprint), proof)

    def _take(self, address: str, relayed: bool = False) -> bool:
        limit = max(self.limit, self.relayed_limit) if relayed else self.limit
        address = limit_key(address)  # an IPv6 client counts by its /64 (addresses.py)
        if self._counts[address] >= limit:
            return False
        self._counts[address] += 1
        return True

    def _give_back(self, address: str) -> None:
        address = limit_key(address)
        self._counts[address] -= 1
        if self._counts[address] <= 0:
            del self._counts[address]


class AddressPlace:
    """One connection's place in its address's count; a vouched hello moves it."""

    def __init__(self, book: AddressBook, address: str) -> None:
        self._book = book
        self.address = address
        self.held = False  # counted in the book (at once, or at the hello)

    def relayed(self, hello: dict[str, Any]) -> Refusal | None:
        """At the hello: count the connection against the address it proves, else its own."""
        claimed = hello.get("peer")
        if claimed is None and "peer_proof" not in hello:
            return self._move(self.address)
        if not isinstance(claimed, str) or not self._book.vouched(
            claimed, str(hello.get("peer_proof", ""))
        ):
            return "bad_hello", say(N_("peer is only for this server's own SSH gateway"))
        return self._move(claimed, relayed=True)

    def _move(self, address: str, relayed: bool = False) -> Refusal | None:
        if self.held and address == self.address:
            return None
        if not self._book._take(address, relayed):
            return "too_many_connections", say(N_("too many connections from your address"))
        self.release()
        self.address, self.held = address, True
        return None

    def release(self) -> None:
        if self.held:
            self.held = False
            self._book._give_back(self.address)

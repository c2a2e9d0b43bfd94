"""Claimed names: who may connect under a name, and the throttle on password guessing.

A name nobody claimed is free to anyone (a guest). A claimed one needs its credential
in the hello: the password (``password``), or the SSH key its owner claimed it with
(vouched for by this server's own SSH gateway: server/net/relay.py). Names are
compared by ``look_alike_key``, so "Ana" and "Аna" are one account.

What a stranger can learn: that a name is claimed (a hello without a credential is
told so; the lobby shows claimed names apart from guests anyway). Not more: a password
given for a name nobody claimed is refused exactly as a wrong one (``bad_login``, the
same words, after the same scrypt work against a decoy hash), and counts against the
throttle the same way. Wrong passwords are throttled per name and per address
(``LoginThrottle``); the password itself is never logged or stored, only its hash,
which never leaves the server.
"""

from __future__ import annotations

import asyncio
import math
import secrets
import sqlite3
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from server.errors import PrtuiError
from server.i18n import N_
from server.net import passwords
from server.net.ratelimits import AddressRates
from server.protocol.names import look_alike_key
from server.says import Say, say
from server.store.accounts import AccountRecord
from server.store.base import Store

BAD_LOGIN = N_("wrong name or password")
CLAIM_RATE_PER_S, CLAIM_BURST = 0.1, 3
UNCLAIMABLE = ("spectate",)
"""Names nobody may claim: every ``ssh spectate@HOST`` watcher comes under this one."""


class LoginRefused(PrtuiError):
    """A hello or claim refused: becomes an ``error`` (hello) or ``reject`` with ``code``."""

    def __init__(self, code: str, message: Say) -> None:
        super().__init__(str(message))
        self.code = code
        self.message = message


@dataclass
class _Bucket:
    tokens: float
    last: float


@dataclass
class LoginThrottle:
    """Wrong passwords allowed: ``burst`` at once per name (and ``address_burst`` per
    address), then one more every ``per_name_s`` (``per_address_s``) seconds. An
    attempt spends before its check and a right password gets its token back, so only
    failures count; a right password is never slowed by its owner's old typos, but a
    name under attack refuses even its right password until its bucket refills, so
    guessing gains nothing by luck of timing. ``clock`` is injectable for tests."""

    burst: int = 5
    per_name_s: float = 60.0
    address_burst: int = 20
    per_address_s: float = 30.0
    clock: Callable[[], float] = field(default=time.monotonic, repr=False)
    max_keys: int = 10_000
    _names: dict[str, _Bucket] = field(default_factory=dict, repr=False)
    _addresses: dict[str, _Bucket] = field(default_factory=dict, repr=False)

    def _level(self, table: dict[str, _Bucket], key: str, burst: int, every: float,
               now: float) -> _Bucket:
        b = table.get(key)
        if b is None:
            if len(table) >= self.max_keys:
                self._forget(table, burst, every, now)
            b = table[key] = _Bucket(float(burst), now)
        b.tokens = min(float(burst), b.tokens + max(0.0, now - b.last) / every)
        b.last = now
        return b

    def _forget(self, table: dict[str, _Bucket], burst: int, every: float, now: float) -> None:
        """Bounded memory: forget the buckets that have filled up again (they know
        nothing a new one would not), else the fuller half (the least guessed at; the
        least recently used first among equals). Never all at once, which let a flood
        of new names wipe a guessed name's count."""
        def level(k: str) -> float:
            return min(float(burst), table[k].tokens + (now - table[k].last) / every)

        gone = [k for k in table if level(k) >= burst]
        if not gone:
            gone = sorted(table, key=lambda k: (-level(k), table[k].last))[: len(table) // 2]
        for k in gone:
            del table[k]

    def take(self, name_key: str, address: str) -> float:
        """Spend one attempt of this name and of this address before the password is
        checked (so connections sent at once cannot all guess on one token), or say how
        many seconds until one is left (then nothing is spent)."""
        now = self.clock()
        name = self._level(self._names, name_key, self.burst, self.per_name_s, now)
        addr = self._level(self._addresses, address, self.address_burst, self.per_address_s,
                           now)
        wait = max(0.0, (1 - name.tokens) * self.per_name_s,
                   (1 - addr.tokens) * self.per_address_s)
        if wait == 0:
            name.tokens -= 1
            addr.tokens -= 1
        return wait

    def give_back(self, name_key: str, address: str) -> None:
        """The password was right: its attempt is not counted."""
        for table, key, burst in ((self._names, name_key, self.burst),
                                  (self._addresses, address, self.address_burst)):
            bucket = table.get(key)
            if bucket is not None:
                bucket.tokens = min(float(burst), bucket.tokens + 1)


class Identities:
    """Logins and claims against the store's accounts (one per server)."""

    def __init__(self, store: Store, throttle: LoginThrottle | None = None) -> None:
        self.store = store
        self.throttle = throttle or LoginThrottle()
        self.claims = AddressRates(CLAIM_RATE_PER_S, CLAIM_BURST)  # each hashes a password

    async def login(self, name: str, password: str | None, ssh_key: str | None,
                    address: str) -> AccountRecord | None:
        """The account ``name`` proves, None for a guest (an unclaimed name without a
        password); LoginRefused otherwise."""
        key = look_alike_key(name)
        acc = self.store.account(key)
        if acc is not None and ssh_key is not None and acc.ssh_key == ssh_key:
            return acc
        if password is None:
            if acc is None:
                return None
            raise LoginRefused(
                "name_claimed",
                say(N_("the name '{name}' is claimed (names are compared ignoring case and "
                       "look-alike letters): connect with its password or SSH key, or under "
                       "another name"), name=acc.name))
        wait = self.throttle.take(key, address)
        if wait > 0:
            raise LoginRefused(
                "login_throttled", say(N_("too many wrong passwords for this name or from "
                                          "your address: try again in {seconds} s"),
                                       seconds=math.ceil(wait)))
        stored = acc.password_hash if acc is not None and acc.password_hash else None
        ok = await asyncio.to_thread(passwords.verify, password, stored or passwords.decoy())
        if acc is None or stored is None or not ok:
            raise LoginRefused("bad_login", say(BAD_LOGIN))
        self.throttle.give_back(key, address)
        return acc

    async def claim(self, name: str, account: AccountRecord | None, password: str | None,
                    ssh_key: str | None, address: str) -> AccountRecord:
        """Claim ``name`` (or, for its owner, set a new password or key). LoginRefused
        when someone else holds it or no credential comes with it."""
        if not self.claims.allow(address):
            raise LoginRefused("rate_limited",
                               say(N_("too many claims from your address; slow down")))
        if password is not None and not passwords.MIN_LEN <= len(password) <= passwords.MAX_LEN:
            raise LoginRefused("bad_password", say(N_("a password has {least} to {most} "
                                                      "characters"),
                                                   least=passwords.MIN_LEN, most=passwords.MAX_LEN))
        if look_alike_key(name) in {look_alike_key(n) for n in UNCLAIMABLE}:
            raise LoginRefused("unclaimable", say(N_("the name '{name}' is for everyone (SSH "
                                                     "spectators come under it)"), name=name))
        if password is None and ssh_key is None:
            raise LoginRefused("no_credential", say(N_("claim a name with a password, or "
                                                       "connect over SSH with a key to claim "
                                                       "it with the key")))
        hashed = None if password is None else await asyncio.to_thread(
            passwords.hash_password, password)
        if account is not None:
            self.store.set_credentials(account.id, hashed, ssh_key)
            return self.store.account(account.name_key) or account
        acc = AccountRecord(secrets.token_hex(8), name, look_alike_key(name), hashed, ssh_key,
                            time.time())
        try:
            self.store.create_account(acc)
        except sqlite3.IntegrityError:  # claimed since this connection's hello
            raise LoginRefused("name_claimed", say(N_("the name '{name}' is claimed"),
                                                   name=name)) from None
        return acc

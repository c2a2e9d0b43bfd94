"""The names of everyone connected: one name, or names that look alike, belong to one
person at a time, so the lobby chat never shows two "Ana"s (nor "Ana" and "Аna" with
a Cyrillic "А").

Names are compared by ``look_alike_key`` (server/protocol/names.py: case, width and
confusable letters ignored). A name that looks like one in use is refused at the hello
(``name_taken``) when it comes from another address, or is spelt differently: the same
spelling from the same address is the same person in a second window, or back before
their old connection was noticed gone, and is let in. So is a hello with a seat token
(checked right after): the token, not the name, says who owns that seat. Spectators
may share one spelling (every ``ssh spectate@HOST`` watcher has the host's user name),
never a player's.

It also counts each claimed identity's connections (``connected``) and how many times
it has connected since the server started (``visits``): the away notices
(server/net/notify.py) go only to an account with no connection, once per table per
absence.
"""

from __future__ import annotations

from collections import defaultdict

from server.i18n import N_, SOURCE
from server.net.peer import Peer
from server.protocol.names import look_alike_key, name_key
from server.says import Say, say


class NamesInUse:
    def __init__(self) -> None:
        self._holders: defaultdict[str, dict[str, Peer]] = defaultdict(dict)
        self._keys: dict[str, str] = {}  # peer id -> its look-alike key
        self._accounts: dict[str, str] = {}  # peer id -> the account it proved
        self._connected: dict[str, int] = {}  # account -> its connections now
        self._visits: dict[str, int] = {}  # account -> connections since the start
        self._languages: dict[str, str] = {}  # account -> its last connection's
        self._peers: defaultdict[str, dict[str, Peer]] = defaultdict(dict)  # account -> them

    def claim(self, peer: Peer, *, seat_token: bool = False) -> Say | None:
        """Take ``peer.name`` for ``peer``; else why not (for the ``name_taken`` error)."""
        key = look_alike_key(peer.name)
        if not seat_token:
            for other in self._holders.get(key, {}).values():
                if _clash(peer, other):
                    return say(N_("someone connected is already called '{name}', or a name "
                                  "that looks the same (names are compared ignoring case and "
                                  "look-alike letters); connect under another name"),
                               name=other.name)
        self._holders[key][peer.id] = peer
        self._keys[peer.id] = key
        self.claimed(peer)
        return None

    def claimed(self, peer: Peer) -> None:
        """``peer`` proved an account (at its hello, or by claiming its name since)."""
        if peer.account is None or peer.id in self._accounts or peer.id not in self._keys:
            return
        self._accounts[peer.id] = peer.account
        self._peers[peer.account][peer.id] = peer
        self._connected[peer.account] = self._connected.get(peer.account, 0) + 1
        self._visits[peer.account] = self._visits.get(peer.account, 0) + 1
        self._languages[peer.account] = getattr(peer, "lang", SOURCE)

    def language_of(self, account: str) -> str:
        """The language ``account`` last connected in (its turn notices are said in it
        while it is away; English before any connection since the server started)."""
        return self._languages.get(account, SOURCE)

    def connected(self, account: str) -> bool:
        return account in self._connected

    def peers_of(self, account: str) -> list[Peer]:
        """The connections that proved ``account`` now (a player may have several)."""
        return list(self._peers.get(account, {}).values())

    def visits(self, account: str) -> int:
        return self._visits.get(account, 0)

    def release(self, peer: Peer) -> None:
        account = self._accounts.pop(peer.id, None)
        if account is not None:
            mine = self._peers[account]
            mine.pop(peer.id, None)
            if not mine:
                del self._peers[account]
            left = self._connected[account] - 1
            if left:
                self._connected[account] = left
            else:
                del self._connected[account]
        key = self._keys.pop(peer.id, None)
        if key is None:
            return
        holders = self._holders[key]
        holders.pop(peer.id, None)
        if not holders:
            del self._holders[key]


def _clash(peer: Peer, other: Peer) -> bool:
    """Two look-alike names that may not be connected at once."""
    if peer.account is not None and peer.account == other.account:
        return False  # the name's owner, proved by its credential: from anywhere
    if name_key(peer.name) != name_key(other.name):
        return True  # a look-alike spelling ("Аna" for "Ana"): from anywhere
    if peer.address == other.address:
        return False  # one person, a second window or a reconnect
    return not (peer.role == other.role == "spectate")

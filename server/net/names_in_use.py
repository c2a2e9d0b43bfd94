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
"""

from __future__ import annotations

from collections import defaultdict

from server.net.peer import Peer
from server.protocol.names import look_alike_key, name_key


class NamesInUse:
    def __init__(self) -> None:
        self._holders: defaultdict[str, dict[str, Peer]] = defaultdict(dict)
        self._keys: dict[str, str] = {}  # peer id -> its look-alike key

    def claim(self, peer: Peer, *, seat_token: bool = False) -> str | None:
        """Take ``peer.name`` for ``peer``; else why not (for the ``name_taken`` error)."""
        key = look_alike_key(peer.name)
        if not seat_token:
            for other in self._holders.get(key, {}).values():
                if _clash(peer, other):
                    return (
                        f"someone connected is already called {other.name!r}, or a name "
                        "that looks the same (names are compared ignoring case and "
                        "look-alike letters); connect under another name"
                    )
        self._holders[key][peer.id] = peer
        self._keys[peer.id] = key
        return None

    def release(self, peer: Peer) -> None:
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

"""How many browser sessions may run at once, in all and from one address."""

from __future__ import annotations

from collections import Counter

from server.net.addresses import limit_key

FULL_MESSAGE = "prtui: this server is full (too many browser sessions); try again later."


class SessionPlaces:
    """The places of live sessions: taken when a session starts, given back at its end."""

    def __init__(self, max_sessions: int, max_per_address: int) -> None:
        if max_sessions < 1:
            raise ValueError("--web-max-sessions must be at least 1")
        if max_per_address < 1:
            raise ValueError("--web-max-per-address must be at least 1")
        self.max_sessions = max_sessions
        self.max_per_address = max_per_address
        self.active = 0
        self._per_address: Counter[str] = Counter()

    def claim(self, address: str) -> str | None:
        """Take a place for a player from ``address``; else what to tell them."""
        address = limit_key(address)  # an IPv6 player counts by its /64
        if self.active >= self.max_sessions:
            return FULL_MESSAGE
        if self._per_address[address] >= self.max_per_address:
            return (f"prtui: too many sessions from your address (at most "
                    f"{self.max_per_address}); close one and try again.")
        self.active += 1
        self._per_address[address] += 1
        return None

    def release(self, address: str) -> None:
        address = limit_key(address)
        self.active = max(0, self.active - 1)
        self._per_address[address] -= 1
        if self._per_address[address] <= 0:
            del self._per_address[address]

    def from_address(self, address: str) -> int:
        return self._per_address[limit_key(address)]

"""The store interface: what the server persists, behind a small seam.

The server only talks to ``Store``; SQLite is the embedded default and a server
database (PostgreSQL) could take its place by implementing the same methods.
The write rule: an action is appended and committed *before* its result is
broadcast, so a restart (even after kill -9) resumes at the last acked action.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from server.store.accounts import AccountRecord, Rating, RatingChange
from server.store.standings import PlayedGame, Standing


@dataclass
class SeatRecord:
    seat: int
    kind: str = "empty"  # "empty" | "human" | "bot"
    name: str | None = None
    level: str | None = None
    token_hash: str | None = None
    account: str | None = None  # the claimed identity (accounts.id) seated here; None:
    # a guest or a bot (server/store/accounts.py)


@dataclass
class RoomRecord:
    id: str
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    name: str
    host: str | None
    status: str = "waiting"  # "waiting" | "playing" | "over"
    created: float = 0.0
    result: dict[str, Any] | None = None
    seats: list[SeatRecord] = field(default_factory=list)
    creator: str | None = None  # the address that created it: room caps count it
    # against that address, also after a restart (None: made before it was recorded)
    rules_version: int = 0  # the game's rules version when the room was made (contract);
    # 0: made now, so today's (filled in below; stored rooms always carry theirs)

    def __post_init__(self) -> None:
        if self.rules_version == 0:
            from server.games.registry import get_game  # lazily: the store loads no game

            try:
                self.rules_version = get_game(self.game).rules_version
            except Exception:  # a game this process does not know: its first version
                self.rules_version = 1


@dataclass
class ActionRecord:
    n: int
    seat: int
    action: dict[str, Any]


class Store(Protocol):
    def create_room(self, room: RoomRecord) -> None: ...

    def save_seat(self, room_id: str, seat: SeatRecord) -> None: ...

    def set_status(
        self, room_id: str, status: str, result: dict[str, Any] | None = None
    ) -> None: ...

    def set_host(self, room_id: str, host: str | None) -> None: ...

    def append_action(self, room_id: str, rec: ActionRecord) -> None:
        """Durably append one action (committed when this returns)."""
        ...

    def delete_room(self, room_id: str) -> None: ...

    def load_rooms(self) -> list[RoomRecord]: ...

    # paged reads (server/store/listing.py): finished games are never all loaded
    def load_open_rooms(self) -> list[RoomRecord]: ...

    def load_room(self, room_id: str) -> RoomRecord | None: ...

    def count_rooms(self, status: str) -> int: ...

    def page_rooms(
        self, status: str, before: tuple[float, str] | None, limit: int, search: str | None = None
    ) -> list[RoomRecord]: ...

    def load_actions(self, room_id: str) -> list[ActionRecord]: ...

    def save_review(self, room_id: str, seat: int, answer: dict[str, Any]) -> None: ...

    def load_review(self, room_id: str, seat: int) -> dict[str, Any] | None: ...

    # claimed names and ratings (server/store/accounts.py)
    def account(self, name_key: str) -> AccountRecord | None: ...

    def account_by_key(self, ssh_key: str) -> AccountRecord | None: ...

    def create_account(self, acc: AccountRecord) -> None: ...

    def set_credentials(self, account_id: str, password_hash: str | None,
                        ssh_key: str | None) -> None: ...

    def rating(self, game: str, player: str) -> Rating | None: ...

    def rating_changes(self, room_id: str) -> list[RatingChange]: ...

    def save_rated_game(self, room_id: str, game: str, changes: list[RatingChange],
                        ratings: dict[str, Rating]) -> None: ...

    # the leaderboard and profiles, from indexes (server/store/standings.py)
    def leaderboard(self, game: str, limit: int, offset: int) -> tuple[int, list[Standing]]: ...

    def standings_of(self, player: str) -> list[tuple[str, Standing, int]]: ...

    def rating_history(self, player: str, game: str, points: int = ...
                       ) -> list[tuple[float, float, float, float]]: ...

    def games_of(self, player: str, account: bool, limit: int, offset: int
                 ) -> list[PlayedGame]: ...

    # where an account's turn notices go while it is away (server/store/notices.py)
    def notify_address(self, account: str) -> tuple[str, str] | None: ...

    def set_notify_address(self, account: str, url: str, shown: str) -> None: ...

    def clear_notify_address(self, account: str) -> None: ...
    # turn-based tables (server/store/turns.py)
    def append_turn(self, room_id: str, rec: ActionRecord, due: dict[int, float]) -> None:
        """Durably append one action and replace the room's deadlines, together."""
        ...

    def save_deadlines(self, room_id: str, due: dict[int, float]) -> None: ...

    def deadlines(self, room_id: str) -> dict[int, float]: ...

    def forfeit(self, room_id: str, seat: int, at: float, options: dict[str, Any]) -> None: ...

    def forfeits(self, room_id: str) -> set[int]: ...

    def close(self) -> None: ...

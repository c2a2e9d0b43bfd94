"""Drives one connection for the app: commands out, pushes in, screens switched.

Runs as an async worker on the app's own event loop (no threads): it reads
``Client.events`` and hands each push to the screen that shows it. It also is the
``TableLink`` of the game screen. The play flow (create a room, take seat 0, fill the
other seats with bots, start) lives here so `prtui`, `prtui play` and the pilot tests
share it.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field
from typing import Any, Protocol

from textual.notifications import SeverityLevel

from prtui.books import OwnerOnlyBook
from prtui.i18n import _
from prtui.netclient import Client, HandshakeError, NetError, Rejected


class AppLink(Protocol):
    """What the controller asks of the app (PrtuiApp): where each push lands, and a
    notice. A protocol, so the controller never imports the app that imports it."""

    def notify(self, message: str, *, severity: SeverityLevel = ...,
               timeout: float | None = ..., markup: bool = ...) -> None: ...

    def push_failed(self, event: dict[str, Any], exc: Exception) -> None: ...

    def on_snapshot(self, controller: Controller, snapshot: dict[str, Any]) -> None: ...

    def on_room_info(self, room: dict[str, Any]) -> None: ...

    def on_lobby(self, rooms: list[dict[str, Any]]) -> None: ...

    def on_chat(self, who: str, text: str, room: str | None) -> None: ...

    def on_turn_elsewhere(self, room: str, name: str, game: str) -> None: ...

    def on_closed(self, reason: str) -> None: ...


@dataclass
class TableSetup:
    """A new local table: what the new-game screen or `prtui play` asked for."""

    players: int = 4
    game: str = ""  # a name from the server's catalog; "": the first game it offers
    options: dict[str, Any] = field(default_factory=dict)  # the game's own, by its spec
    bots: list[str] = field(default_factory=lambda: ["medium"] * 3)
    seed: int | None = None
    bot_delay_s: float = 0.3
    coach: bool = True  # the coach at this table (a LAN host chooses; local: always)
    turn_hours: float | None = None  # a turn-based table's deadline per move (LAN; None: live)
    on_deadline: str = "bot"  # a turn-based table's passed deadline: "bot" or "forfeit"


LOCAL_GRACE_S = 3600.0  # the server's maximum grace period
COACH_TIMEOUT_S = 30.0  # the search thinks a second or two; a busy pool takes longer
REVIEW_TIMEOUT_S = 120.0  # a whole game, capped in time on the server (docs/hosting.md)
LOCAL_BOOK_KEY = "local"  # token-book key of the embedded server's games


def turn_based_room(info: dict[str, Any] | None) -> bool:
    """Whether a room (its ``room`` frame) is a turn-based table: its seats are their
    accounts', kept when their players leave (docs/hosting.md, Turn-based tables)."""
    options = (info or {}).get("options")
    return isinstance(options, dict) and options.get("turn_hours") is not None


def token_key(host: str, port: int, name: str) -> str:
    """Where a seat token is remembered: per server and per player name, so two people
    sharing one account (one tokens.json) never take each other's seat. Under the SSH
    gateway the whole data directory already belongs to one identity (a key keeps its
    seat under any login name), so there the server address alone is the key."""
    if os.environ.get("PRTUI_SSH_IDENTITY"):
        return f"{host}:{port}"
    return f"{name}@{host}:{port}"


def bot_levels(spec: str | None, players: int) -> list[str]:
    """`--bots hard,easy` -> one level per other seat (the last one repeats)."""
    levels = [s.strip() for s in (spec or "medium").split(",") if s.strip()] or ["medium"]
    return [levels[min(i, len(levels) - 1)] for i in range(players - 1)]


class TokenBook(OwnerOnlyBook):
    """Seat tokens by server address, so `prtui connect` takes the seat back after a
    drop. A small JSON file readable by its owner only (it was chmod-ed after being
    written; now it is created 0600)."""


class Controller:
    """One connection's state: the client, the room we sit in, and our seat."""

    def __init__(self, app: AppLink, client: Client) -> None:
        self.app = app
        self.client = client
        self.room: str | None = None
        self.seat: int | None = None
        self.said_ready = False  # a rematch said ready for me (the room screen's r undoes it)
        self.token: str | None = None
        self.names: dict[int, str] = {}
        self.room_info: dict[str, Any] | None = None
        self.shown_v: int | None = None  # the version of the snapshot the screen shows
        self.game_over_shown = False
        self.tokens: TokenBook | None = None
        self.address = ""
        self.local = False  # the embedded server of `prtui`/`prtui play`: no lag to show
        self.spectator = False  # connected as a spectator (`prtui spectate`): never plays
        resume = client.resume or {}
        if isinstance(resume.get("room"), str):  # the server gave our seat back
            self.room = resume["room"]
            self.seat = int(resume.get("seat", 0))

    @classmethod
    async def open(cls, app: AppLink, host: str, port: int, name: str,
                   role: str = "play", token: str | None = None,
                   tokens: TokenBook | None = None, book_key: str | None = None,
                   password: str | None = None) -> Controller:
        """Connect; with a token book, try the remembered seat token first.

        Tokens are kept by server address, or by ``book_key`` (the embedded server's
        port changes at every start, so local games are kept under one key).
        """
        address = book_key or token_key(host, port, name)
        remembered = token or (tokens.get(address) if tokens and role == "play" else None)
        try:
            client = await Client.connect(host, port, name, role, remembered, password=password)
        except HandshakeError as exc:
            if remembered is None or exc.code not in ("bad_token", "rules_changed"):
                raise
            if tokens is not None:
                tokens.put(address, None)  # that game is gone (or not playable here): forget it
            client = await Client.connect(host, port, name, role, None, password=password)
            if exc.code == "rules_changed":  # the server's reason: why the seat is not back
                app.notify(_("Your game could not be resumed: {reason}").format(
                    reason=exc.message), severity="warning", timeout=15, markup=False)
        controller = cls(app, client)
        controller.tokens, controller.address = tokens, address
        controller.spectator = role == "spectate"
        with contextlib.suppress(NetError):  # known before any board: words and facts
            await controller.games()
        return controller

    # --- TableLink -----------------------------------------------------------------

    async def act(self, action: dict[str, Any]) -> None:
        """Send the player's choice with the version they saw. If the table moved on
        first (`stale`), the client is already resyncing: say so quietly; the fresh
        board arrives and the player chooses again. Other refusals reach the screen."""
        try:
            await self.client.act(str(self.room), action, v=self.shown_v)
        except Rejected as exc:
            if exc.code != "stale":
                raise
            self.app.notify(_("The table moved on before your choice arrived: choose "
                              "again."), timeout=4)

    async def chat(self, text: str) -> None:
        await self.client.command("chat", room=self.room, text=text)

    async def coach(self) -> dict[str, Any]:
        """My top moves now by the server's search (``coach``); raises Rejected."""
        return await self.client.command("coach", room=self.room, timeout=COACH_TIMEOUT_S)

    async def review(self) -> dict[str, Any]:
        """My decisions in this finished game against the search's (``review``)."""
        return await self.client.command("review", room=self.room, timeout=REVIEW_TIMEOUT_S)

    async def follow(self, seat: int) -> None:
        with contextlib.suppress(NetError):
            await self.client.command("follow", room=self.room, seat=seat)

    # --- flows ---------------------------------------------------------------------

    async def games(self) -> list[dict[str, Any]]:
        """The server's games as they describe themselves (``list_games``): names,
        players range, typed options, words and facts. Empty from a server without
        the command. Asked once per connection."""
        return await self.client.games()

    def game_entry(self, game: object) -> dict[str, Any] | None:
        """A game's catalog entry (None before ``games`` or for a game not offered)."""
        return self.client.game_entry(game)

    async def start_local_table(self, setup: TableSetup) -> None:
        """Create a room, sit in seat 0, bots elsewhere, start. Raises Rejected."""
        game = setup.game or next((g["name"] for g in await self.games()), "")
        options: dict[str, Any] = {**setup.options,
                                   "bot_delay_s": setup.bot_delay_s,
                                   # a local table waits for its only human: no bot plays
                                   # the seat in the background after the player quits
                                   "grace_s": LOCAL_GRACE_S,
                                   "coach": "on"}  # alone against bots: help is welcome
        if setup.seed is not None:
            options["seed"] = setup.seed
        try:
            data = await self.client.command("create_room", game=game, players=setup.players,
                                             options=options)
        except Rejected:
            if "seed" not in options:
                raise
            options.pop("seed")  # a server that picks its own seeds
            data = await self.client.command("create_room", game=game, players=setup.players,
                                             options=options)
        room = str(data["room"])
        await self.join(room, as_player=True)
        await self.take_seat(0)
        for seat, level in enumerate(setup.bots[: setup.players - 1], start=1):
            await self.client.command("add_bot", room=room, seat=seat, level=level)
        await self.client.command("start", room=room)

    async def rematch(self) -> bool:
        """The same table again: the server pairs everyone of the finished room who asks
        (``rematch``) into one room, with its bots in their seats; I sit where I sat, or
        in the first open seat. The one who opens it starts it at once when nobody else
        has to come (a game against bots); whoever comes later says ready. Returns
        whether it started. Raises Rejected."""
        old, info = self.room, dict(self.room_info or {})
        if old is None:
            return False
        try:
            data = await self.client.command("rematch", room=old)
        except Rejected as exc:
            if exc.code != "unknown_type":
                raise
            return await self._own_rematch()  # a server from before the pairing
        humans = [int(s["seat"]) for s in info.get("seats", []) if s.get("kind") == "human"]
        await self.leave_room()
        await self.join(str(data["room"]), as_player=True)
        await self._sit_again(int(data.get("seat") or 0), humans)
        if not data.get("created"):
            await self.client.command("ready", room=self.room, ready=True)
            self.said_ready = True
            return False
        if len(humans) > 1:  # the others find it by pressing rematch, or in the lobby
            return False
        await self.client.command("start", room=self.room)
        return True

    async def _sit_again(self, seat: int, humans: list[int]) -> None:
        """My old seat, else another seat people had (someone may have taken mine)."""
        for choice in [seat, *(s for s in humans if s != seat)]:
            try:
                await self.take_seat(choice)
                return
            except Rejected as exc:
                if exc.code != "seat_taken":
                    raise
        raise Rejected("seat_taken", "every seat of the rematch is taken")

    async def _own_rematch(self) -> bool:
        """A new room like the finished one, made by this client (servers without
        ``rematch``): its game, players, options and name (a new seed), the same bots in
        the same seats, me in my seat."""
        info = dict(self.room_info or {})
        seat = self.seat if self.seat is not None else 0
        players = int(info.get("players", 2))
        options = {k: v for k, v in dict(info.get("options") or {}).items()
                   if k not in ("seed", "seeded")}  # a new seed, never the old one
        bots = {int(s["seat"]): str(s.get("level") or "medium")
                for s in info.get("seats", []) if s.get("kind") == "bot" and s.get("seat") != seat}
        await self.leave_room()
        data = await self.client.command("create_room", game=info.get("game"), players=players,
                                         options=options, name=info.get("name"))
        await self.join(str(data["room"]), as_player=True)
        await self.take_seat(seat)
        for other, level in sorted(bots.items()):
            await self.client.command("add_bot", room=self.room, seat=other, level=level)
        if len(bots) + 1 < players:
            return False
        await self.client.command("start", room=self.room)
        return True

    async def join(self, room: str, as_player: bool) -> None:
        # the room's first state may be handed on before this coroutine sees the ack: a
        # finished game sends nothing after it, so the room is ours from the start
        previous, self.room = self.room, room
        try:
            data = await self.client.command("join_room", room=room,
                                             as_="player" if as_player else "spectator")
        except BaseException:
            self.room = previous
            raise
        if isinstance(data.get("seat"), int):  # a turn-based table: my account's seat
            self.seat = data["seat"]

    async def take_seat(self, seat: int) -> None:
        data = await self.client.command("take_seat", room=self.room, seat=seat)
        self.seat = int(data.get("seat", seat))
        self.token = data.get("token")
        if self.tokens is not None and self.token:
            self.tokens.put(self.address, self.token)

    async def leave_room(self) -> None:
        if self.room is not None and not self.client.closed:
            with contextlib.suppress(NetError, ConnectionError):  # leaving works offline too
                await self.client.command("leave_room", room=self.room)
        self.room, self.seat, self.room_info = None, None, None
        self.said_ready = False
        self.game_over_shown = False

    async def close(self) -> None:
        await self.client.close()

    @property
    def lag_ms(self) -> float | None:
        """The round trip to show; None for the embedded server on this machine."""
        return None if self.local else self.client.lag_ms

    # --- pushes --------------------------------------------------------------------

    async def pump(self) -> str:
        """Hand every push to the screens until the connection closes; return why."""
        with contextlib.suppress(NetError):
            await self.games()  # the boards need them (a no-op when already asked)
        async for event in self.client.iter_events():
            try:
                self.dispatch(event)
            except Exception as exc:  # a push not shown must not end the connection
                self.app.push_failed(event, exc)
        return self.client.close_reason or "closed"

    def dispatch(self, event: dict[str, Any]) -> None:
        t = event.get("t")
        if t in ("state", "diff") and event.get("room") == self.room:
            snapshot = self.client.snapshot(str(self.room))
            if snapshot is not None:
                self.shown_v = self.client.rooms[str(self.room)].v
                self.show_snapshot(snapshot)
        elif t == "room":
            self.room_info = event.get("room")
            self.names = {int(s["seat"]): str(s.get("name") or f"{s.get('level', 'bot')} bot")
                          for s in (self.room_info or {}).get("seats", [])
                          if s.get("kind") != "empty"}
            self.app.on_room_info(self.room_info or {})
        elif t == "lobby":
            self.app.on_lobby(list(event.get("rooms", [])))
        elif t == "chat":
            self.app.on_chat(str(event.get("from", "?")), str(event.get("text", "")), event.get("room"))
        elif t == "your_turn" and event.get("room") != self.room:
            self.app.on_turn_elsewhere(str(event.get("room", "")), str(event.get("name", "")),
                                       str(event.get("game", "")))
        elif t == "closed":
            self.app.on_closed(str(event.get("reason", "closed")))

    def show_snapshot(self, snapshot: dict[str, Any]) -> None:
        if self.tokens is not None and (snapshot.get("view") or {}).get("over"):
            self.tokens.put(self.address, None)  # nothing left to resume
        self.app.on_snapshot(self, snapshot)

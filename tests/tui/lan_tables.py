"""Tables the TUI tests play at: a three-seat LAN San Juan table (ana in the app, bo over a
raw connection, a random bot) on a real server, and a local two-seat one against a bot."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from prtui.app import PrtuiApp
from prtui.controller import TableSetup, TokenBook
from prtui.launch import local_plan, remote_plan
from prtui.screens.lobby import LobbyScreen
from tests.net.client import Client
from tests.tui.waiting import wait_for


async def lan_table_with_bo(port: int, **options: Any) -> tuple[str, str, Client]:
    """Start friday: ana in seat 0, bo (ready) in seat 1, a random bot in seat 2. Ana's
    connection is closed so that she can play in the app by her seat token; the game waits
    for her. Returns the room, ana's seat token and bo's connection."""
    ana = await Client.connect(port, "ana")
    room = (await ana.ok("create_room", game="san-juan", players=3, name="friday",
                         options={"bot_delay_s": 0.0, **options}))["room"]
    await ana.ok("join_room", room=room, as_="player")
    token = (await ana.ok("take_seat", room=room, seat=0))["token"]
    # the bot builds: two humans who always take the first choice may never end it
    await ana.ok("add_bot", room=room, seat=2, level="random")
    bo = await Client.connect(port, "bo")
    await bo.ok("join_room", room=room, as_="player")
    await bo.ok("take_seat", room=room, seat=1)
    await bo.ok("ready", room=room, ready=True)
    await ana.ok("start", room=room)
    await ana.close()
    return room, token, bo


def ana_app(port: int, token: str, tmp_path: Path) -> PrtuiApp:
    """Ana's app, back at her seat on the loopback server by her seat token."""
    return PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play", token=token,
                                     tokens=TokenBook(tmp_path / "ana" / "tokens.json")))


def eve_app(port: int) -> PrtuiApp:
    """Eve's app, in the spectators' lobby of the loopback server."""
    return PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "spectate"))


async def lobby_listing(pilot: Any, app: PrtuiApp, room: str) -> LobbyScreen:
    """The lobby screen, once it lists ``room``."""
    await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                   and any(r.get("id") == room for r in app.screen.rooms))
    lobby = app.screen
    assert isinstance(lobby, LobbyScreen)
    return lobby


def local_game_app(tmp_path: Path, seed: int) -> PrtuiApp:
    """A local two-seat San Juan game, fair start, ana against a random bot."""
    setup = TableSetup(players=2, game="san-juan", bots=["random"], bot_delay_s=0.0, seed=seed,
                       options={"fair_start": True})
    return PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))

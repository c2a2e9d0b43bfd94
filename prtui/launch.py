"""The client's subcommands: `prtui`, `prtui play`, `prtui connect`, `prtui spectate`.

This is the only client module that may start the embedded server
(``server.net.server.GameServer``): the app, screens and widgets never import the
rules. Each ``run_*`` builds a plan (an async function run as a worker on the app's
loop) and runs the app.
"""

from __future__ import annotations

import asyncio
import contextlib
import getpass
import secrets
import socket
import sys
from argparse import Namespace
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from prtui import memory
from prtui.app import ConnectFailed, Plan, PrtuiApp
from prtui.controller import LOCAL_BOOK_KEY, Controller, TableSetup, TokenBook, bot_levels
from prtui.credentials import CredentialBook, book_key
from prtui.i18n import _
from prtui.netclient import HandshakeError, Rejected
from prtui.settings import Settings, settings_file
from prtui.theming import unknown_theme
from server.protocol.framing import FrameError
from server.protocol.names import printable

DEFAULT_PORT = 7797


def my_name(args: Any) -> str:
    return str(getattr(args, "name", None) or getpass.getuser() or "me")[:32]


def data_dir(args: Any) -> Path:
    return Path(getattr(args, "data", None) or platformdirs.user_data_dir("prtui"))


def settings_of(args: Any) -> Settings:
    """The player's settings (the turn bell...), kept in the data directory."""
    return Settings.load(settings_file(data_dir(args)))


def parse_address(address: str) -> tuple[str, int]:
    """HOST[:PORT] (IPv6 in brackets) -> (host, port); ValueError("bad port 'abc'")."""
    if address.startswith("["):
        host, _sep, rest = address[1:].partition("]")
        port_text = rest[1:] if rest.startswith(":") else None
    elif address.count(":") == 1:
        host, _sep, port_text = address.partition(":")
    else:  # a bare name, or an IPv6 address without brackets
        host, port_text = address, None
    if not host:
        raise ValueError(_("no host in '{address}'").format(address=address))
    if port_text is None:
        return host, DEFAULT_PORT
    if not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise ValueError(_("bad port '{port}' (a number from 1 to 65535)").format(
            port=port_text))
    return host, int(port_text)


def connect_failure(host: str, port: int, exc: BaseException) -> str:
    """One line that says why the server could not be reached, in the user's terms."""
    where = f"{host}:{port}"
    if isinstance(exc, socket.gaierror):
        return _("unknown host '{host}' (check the name or use an IP address)").format(
            host=host)
    if isinstance(exc, ConnectionRefusedError):
        return _("cannot reach {where}: connection refused (is `prtui serve` running "
                 "there?)").format(where=where)
    if isinstance(exc, TimeoutError):
        return _("cannot reach {where}: no answer in time (is `prtui serve` running "
                 "there?)").format(where=where)
    if isinstance(exc, HandshakeError):
        return _("{where} refused us: {reason}").format(
            where=where, reason=printable(str(exc.message or exc.code)))
    if isinstance(exc, ConnectionError | FrameError):
        return _("{where} hung up during the greeting (is it a prtui server?)").format(
            where=where)
    return _("cannot reach {where}: {reason}").format(
        where=where, reason=(exc.strerror if isinstance(exc, OSError) else None) or exc)


@dataclass
class Login:
    """How `prtui connect` proves its name: a password, remembered in ``book`` once the
    server took it (``claim``: claim the name with it after the welcome)."""

    book: CredentialBook
    key: str
    password: str | None
    claim: bool = False

    async def settle(self, app: PrtuiApp, controller: Controller) -> None:
        app.name_claim = lambda: self.claim_with(app, controller, None)
        if self.password is None:
            return
        if not self.claim:
            self.book.put(self.key, self.password)  # the server took it
            return
        await self.claim_with(app, controller, self.password)

    async def claim_with(self, app: PrtuiApp, controller: Controller,
                         password: str | None) -> None:
        """Claim the name with ``password`` (None: a random one, which only this
        machine, or this browser's home, will ever know) and remember it."""
        password = password or secrets.token_urlsafe(24)
        try:
            await controller.client.command("claim", password=password)
        except Rejected as exc:
            app.notify(_("Your name was not claimed: {reason}").format(reason=exc.reason),
                       severity="warning", timeout=15, markup=False)
            return
        self.book.put(self.key, password)
        controller.client.welcome["claimed"] = True
        app.notify(_("Your name is yours on this server now (the password is remembered "
                     "here)."), timeout=8)


async def open_controller(app: PrtuiApp, host: str, port: int, name: str,
                          **options: Any) -> Controller:
    """Controller.open, with connect errors turned into one clear ConnectFailed line."""
    try:
        return await Controller.open(app, host, port, name, **options)
    except (OSError, HandshakeError, FrameError) as exc:
        raise ConnectFailed(connect_failure(host, port, exc)) from exc


def setup_from_args(args: Any) -> TableSetup:
    """`prtui play`'s table. The game is asked for its players range (the count is kept
    inside it) and its options (``--option KEY=VALUE``, typed by its spec); an unknown
    game or a bad option is a ValueError of one line."""
    from server.bots.levels import LEVELS, known_level
    from server.engine.errors import EngineError
    from server.engine.options import parse_assignments
    from server.games.registry import DEFAULT_GAME, get_game

    name = str(getattr(args, "game", None) or DEFAULT_GAME)
    try:
        game = get_game(name)
        options = parse_assignments(game.options_spec, getattr(args, "option", None) or [])
    except EngineError as exc:
        raise ValueError(exc.message) from None
    players = max(game.min_players, min(game.max_players, int(getattr(args, "players", 4) or 4)))
    bots = bot_levels(getattr(args, "bots", None), players)
    for level in dict.fromkeys(bots):  # refused here, not as a lost connection at the table
        if not known_level(level):
            raise ValueError(_("unknown bot level '{level}' (known: {levels})").format(
                level=level, levels=", ".join(LEVELS)))
    return TableSetup(
        players=players,
        game=name,
        options=options,
        bots=bots,
        seed=getattr(args, "seed", None),
    )


def local_plan(folder: Path, name: str, setup: TableSetup | None) -> Plan:
    """Embedded server on a free loopback port; a table against bots (asked for if None)."""

    runs: list[int] = []  # run again (reconnect): back to the stored table, not a new one

    async def plan(app: PrtuiApp) -> None:
        from prtui.screens.newgame import NewGameScreen
        from server.net.server import GameServer

        asked = setup if not runs else None
        runs.append(1)
        folder.mkdir(parents=True, exist_ok=True)
        server = GameServer(folder, host="127.0.0.1", port=0)
        port = await server.start()
        try:
            tokens = TokenBook(folder / "tokens.json")  # i18n: a file
            controller = await Controller.open(app, "127.0.0.1", port, name, tokens=tokens,
                                               book_key=LOCAL_BOOK_KEY)
            app.controller = controller
            controller.local = True
            if controller.room is not None and asked is None:
                # plain `prtui` with an unfinished local game: back to that board
                await controller.pump()
                return
            chosen = asked or await app.push_screen_wait(
                NewGameScreen(await controller.games()))
            if chosen is None:
                return
            await controller.start_local_table(chosen)
            await controller.pump()
        finally:
            # the app may be quitting (this worker cancelled): the store is still closed
            # and the data directory released, whatever happens to the connection
            stopping = asyncio.ensure_future(server.stop())
            if app.controller is not None:
                with contextlib.suppress(BaseException):
                    await app.controller.close()
            await asyncio.shield(stopping)

    return plan


def remote_plan(host: str, port: int, name: str, role: str, token: str | None = None,
                room: str | None = None, tokens: TokenBook | None = None,
                login: Login | None = None) -> Plan:
    """A LAN server's lobby (players) or a read-only view (spectators)."""

    async def plan(app: PrtuiApp) -> None:
        from prtui.screens.lobby import LobbyScreen

        controller = await open_controller(app, host, port, name, role=role, token=token,
                                           tokens=tokens,
                                           password=None if login is None or login.claim
                                           else login.password)
        app.controller = controller
        if login is not None:
            await login.settle(app, controller)
        try:
            if controller.room is not None:  # seat given back: the board follows if started
                from prtui.screens.room import RoomScreen

                await app.push_screen(RoomScreen(controller))
            elif room:
                try:
                    await controller.join(room, as_player=False)
                except Rejected as exc:  # gone or never there: the server's lobby instead
                    app.notify(_("Room {room}: {reason}").format(room=room, reason=exc.reason),
                               severity="warning", markup=False)
                    await app.push_screen(LobbyScreen(controller, spectate=role == "spectate"))
            else:
                await app.push_screen(LobbyScreen(controller, spectate=role == "spectate"))
            await controller.pump()
        finally:
            await controller.close()

    return plan


def _run(app: PrtuiApp) -> int:
    """Run the app; a connect failure is printed once the terminal is ours again."""
    memory.enable()
    code = int(app.run() or 0)
    if app.failure:
        print(f"prtui: {app.failure}", file=sys.stderr)
        return 2
    return code


def _bad_theme(args: Namespace) -> bool:
    """`--theme` names no theme: said in one line (exit 2 follows), before the
    terminal is taken."""
    problem = unknown_theme(getattr(args, "theme", None))
    if problem:
        command = getattr(args, "command", None)
        print(f"prtui {command}: {problem}" if command else f"prtui: {problem}", file=sys.stderr)
    return problem is not None


def _address(args: Namespace) -> tuple[str, int] | None:
    try:
        return parse_address(str(args.address))
    except ValueError as exc:
        print(f"prtui: {exc}", file=sys.stderr)
        return None


def run_default(args: Namespace) -> int:
    if _bad_theme(args):
        return 2
    return _run(PrtuiApp(theme=getattr(args, "theme", None), settings=settings_of(args),
                         plan=local_plan(data_dir(args), my_name(args), None)))


def run_play(args: Namespace) -> int:
    try:
        setup = setup_from_args(args)
    except ValueError as exc:
        print(_("prtui play: {problem}").format(problem=exc), file=sys.stderr)
        return 2
    if _bad_theme(args):
        return 2
    return _run(PrtuiApp(theme=getattr(args, "theme", None), settings=settings_of(args),
                         plan=local_plan(data_dir(args), my_name(args), setup)))


def run_connect(args: Namespace) -> int:
    address = _address(args)
    if address is None or _bad_theme(args):
        return 2
    host, port = address
    login = ask_login(args, host, port)
    if login is None:
        return 2
    return _run(PrtuiApp(theme=getattr(args, "theme", None), settings=settings_of(args),
                         plan=remote_plan(host, port, my_name(args), "play",
                                          getattr(args, "token", None),
                                          tokens=TokenBook(data_dir(args) / "tokens.json"),  # i18n: a file
                                          login=login)))


def ask_login(args: Namespace, host: str, port: int) -> Login | None:
    """The password to send (remembered, or asked before the TUI starts: --password,
    --claim); None when the two typings of a new one differ."""
    book = CredentialBook()
    key = book_key(host, port, my_name(args))
    if getattr(args, "forget_password", False):
        book.put(key, None)
    if getattr(args, "claim", False):
        first = getpass.getpass(_("A password for your name on this server (8+ characters): "))
        if first != getpass.getpass(_("The same again: ")):
            print(_("prtui: the two passwords differ; nothing was claimed"), file=sys.stderr)
            return None
        return Login(book, key, first, claim=True)
    if getattr(args, "password", False):
        return Login(book, key, getpass.getpass(
            _("Password of '{name}': ").format(name=my_name(args))))
    return Login(book, key, book.get(key))


def run_spectate(args: Namespace) -> int:
    address = _address(args)
    if address is None or _bad_theme(args):
        return 2
    host, port = address
    return _run(PrtuiApp(theme=getattr(args, "theme", None), settings=settings_of(args),
                         plan=remote_plan(host, port, my_name(args), "spectate",
                                          room=getattr(args, "room", None))))

"""The Textual application: themes, the command palette, and routing pushes to screens.

The app owns no game logic and no sockets. A plan (an async function given by the
launcher) runs as a worker on the app's loop; it opens a ``Controller`` whose pushes
come back here (``on_snapshot``, ``on_room_info``...): a snapshot goes to the board the
app opened for it, the others are published on the app's signals (prtui/pushes.py),
which the screens that show them subscribe to. Tests start the app on any screen by
passing ``first_screen``.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Awaitable, Callable, Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import App, ComposeResult, SystemCommand
from textual.binding import Binding, BindingType
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, Static
from textual.worker import Worker, WorkerFailed

from prtui.controller import turn_based_room
from prtui.desktop import osc_notice
from prtui.hangup import CHECK_EVERY, HangupWatch
from prtui.i18n import N_, _, language, set_language
from prtui.language import reader_language
from prtui.navigation import BackToLobby, NewTable, Rematch, ShowGameOver
from prtui.netclient import NetError, relayed_key
from prtui.palette import language_commands, redraw_screen, textual_commands
from prtui.pushes import ChatLine, Pushes
from prtui.screens.words import speak_keys
from prtui.settings import Settings
from prtui.theming import DEFAULT_THEME, load_themes
from prtui.widgets.plain import shown
from server.errors import PrtuiError
from server.i18n import LANGUAGES

if TYPE_CHECKING:
    from prtui.controller import Controller

Plan = Callable[["PrtuiApp"], Awaitable[None]]


class ConnectFailed(PrtuiError):
    """The plan could not reach the server: the app exits 2 and the launcher prints
    this one line on the plain terminal."""


def describe_closed(reason: str) -> str:
    """The netclient's close reason ("bye: resumed elsewhere"...) as a sentence."""
    if reason.startswith("bye: "):
        return _("The server ended the connection: {reason}.").format(
            reason=reason[5:] or _("no reason given"))
    if reason.startswith("error "):  # "error CODE: MESSAGE"
        code, _sep, message = reason[6:].partition(": ")
        return _("The server ended the connection: {message} ({code}).").format(
            message=message or code, code=code)
    return _("The connection ended: {reason}.").format(reason=reason)


class DisconnectedScreen(ModalScreen[None]):
    """Says why the server let us go; the board underneath stays readable."""

    DEFAULT_CSS = """
    DisconnectedScreen { align: center middle; }
    DisconnectedScreen > Static {
        width: 64; height: auto; padding: 1 2;
        border: thick $error; background: $surface;
    }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", N_("Look at the board")),
        Binding("r", "app.reconnect", N_("Reconnect")),
        Binding("q", "app.quit", N_("Quit"))]

    def __init__(self, reason: str) -> None:
        super().__init__()
        self.reason = reason

    def compose(self) -> ComposeResult:
        yield Static(Text.assemble((_("Disconnected"), "bold"), "\n\n",
                                   shown(describe_closed(self.reason)), "\n\n",
                                   _("escape: look at the board (nothing can be sent) · "
                                     "r: reconnect · q: quit")),
                     id="disconnected")


class PrtuiApp(App[int]):
    """prtui's single app; what it shows first depends on the subcommand."""

    TITLE = "prtui — Puerto Rico"  # i18n: the program's name (the window's title; snapshots)
    # Textual's own palette key, made here so that its words are in the catalog (a
    # footer shows them through _: prtui/widgets/footer.py)
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+p", "command_palette", N_("palette"), show=False, priority=True,
                tooltip=N_("Open the command palette"))]

    def __init__(self, first_screen: Callable[[PrtuiApp], Screen[Any]] | None = None,
                 theme: str | None = None, plan: Plan | None = None,
                 settings: Settings | None = None) -> None:
        super().__init__()
        self._first_screen = first_screen
        self._plan = plan
        self.settings = settings or Settings()
        self.bells_rung = 0  # turn bells sent to the terminal
        self.desktop_notices: list[str] = []  # the desktop notifications' sequences sent
        for loaded in load_themes().values():
            self.register_theme(loaded)
        wanted = theme or DEFAULT_THEME
        self.theme = wanted if wanted in self.available_themes else DEFAULT_THEME
        self.controller: Controller | None = None
        self.name_claim: Callable[[], Awaitable[None]] | None = None
        """Claims the connection's name with a password kept for the player (set by
        `prtui connect`'s plan: prtui/launch.py)."""
        self.vocabulary_override: str | None = None
        self.vp_history: dict[int, dict[int, int]] = {}
        self.closed_reason: str | None = None  # set once the server let us go
        self.failure: str | None = None  # a connect error, printed after the app exits
        self._plan_worker: Worker[None] | None = None
        self.reconnecting = False  # the plan runs again: a refused connect does not quit
        self._told_focus = False  # the web page said where the keyboard is (see _on_app_blur)
        self.pushes = Pushes(self, lambda kind, exc: self.push_failed({"t": kind}, exc))
        self._board: Screen[Any] | None = None  # the live table's screen while on the stack
        # what the base screen says, made again in the reader's language on a switch
        self._base_status: Callable[[], str | Text] = lambda: _(
            "prtui: starting… (ctrl+q quits)")

    def compose(self) -> ComposeResult:
        """Under every screen: what shows while connecting, or after a failure."""
        yield Static(self._base_status(), id="base-status")
        yield Footer()

    def on_mount(self) -> None:
        speak_keys(self)  # the app's own keys (the palette's) in the reader's language
        watch = HangupWatch.of_stdin()
        if watch.was_tty:  # never under the pilot's headless driver (not a tty)
            self.set_interval(CHECK_EVERY, lambda: self._hung_up(watch), name="hangup")
        if self._first_screen is not None:
            self.push_screen(self._first_screen(self))
        if self._plan is not None:
            self._plan_worker = self.run_worker(self._run_plan(self._plan), name="plan",
                                                exit_on_error=False)

    async def _on_app_blur(self, event: events.AppBlur) -> None:
        """Textual's web driver says "blur" as the app starts, before the page could
        say anything; a blurred app draws no key bar until the first key. Our page
        (server/web/templates/terminal.html) gives the terminal the keyboard as it
        opens, so that first blur is not believed: the key bar comes with the first
        screen. A blur the page sends later counts as usual."""
        if self.is_web and not self._told_focus:
            self._told_focus = True
            event.prevent_default()  # Textual's own handler (App's, next in the MRO) too

    async def _on_app_focus(self, event: events.AppFocus) -> None:
        self._told_focus = True  # then App's handler, as always

    def _hung_up(self, watch: HangupWatch) -> None:
        if watch.hung_up():
            self.exit(1, return_code=1)

    async def _run_plan(self, plan: Plan) -> None:
        try:
            await plan(self)
        except ConnectFailed as exc:  # one line on the plain terminal, exit status 2
            if self.reconnecting:  # the player asked to try again: say why, stay
                self.on_closed(str(exc))
                return
            self.failure = str(exc)
            self.exit(2, return_code=2)
        except Exception as exc:  # shown, never a traceback on the board
            message = f"{type(exc).__name__}: {getattr(exc, 'reason', None) or exc}"
            self.notify(message, severity="error", timeout=10, markup=False)
            self.say_under(lambda: Text(_("prtui: {what} (ctrl+q quits)").format(
                what=shown(message))))
            # the plan closed its connection on the way out: never leave a live-looking
            # screen that can send nothing; say so, with a key to connect again
            self.on_closed(_("closed by this client after an error: {error}").format(
                error=message))

    async def reconnect(self) -> None:
        """Run the plan again from the start (a LAN server: its lobby, or the seat given
        back by the remembered token; a local game: the stored table)."""
        if self._plan is None:
            return
        if self._plan_worker is not None:
            await self._plan_worker.wait()  # its connection (and local server) is closed
        while len(self.screen_stack) > 1:
            self.pop_screen()
        self.controller, self.closed_reason, self.reconnecting = None, None, True
        self.say_under(lambda: _("prtui: connecting again… (ctrl+q quits)"))
        self._plan_worker = self.run_worker(self._run_plan(self._plan), name="plan",
                                            exit_on_error=False)

    def say_under(self, text: Callable[[], str | Text]) -> None:
        """What the base screen (under every other) says: made by ``text``, so that a
        switch of language says it again in the new one."""
        self._base_status = text
        stack = self.screen_stack
        if stack:  # none once the app has quit
            stack[0].query_one("#base-status", Static).update(text())

    def action_reconnect(self) -> None:
        """ctrl+r once the connection has ended (the Disconnected screen's r)."""
        self.run_worker(self.reconnect(), group="reconnect")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "reconnect":
            return self.closed_reason is not None
        return True

    def push_failed(self, event: dict[str, Any], exc: Exception) -> None:
        """A push this client could not show: said, and the connection goes on."""
        self.log.error("push not shown", event.get("t"), exc)
        self.notify(_("The server's {kind} update could not be shown: {error}").format(
                        kind=event.get("t", "?"), error=f"{type(exc).__name__}: {exc}"),
                    severity="error", timeout=10, markup=False)

    # --- routing pushes from the controller ------------------------------------------

    def on_snapshot(self, controller: Controller, snapshot: dict[str, Any]) -> None:
        """A room's state: onto its board, drawn by the board of the view's game
        (prtui/games/); a game this client cannot draw gets a notice instead."""
        from prtui.games import board_for, game_title
        from prtui.screens.game import GameScreen
        from prtui.screens.gameover import GameOverScreen
        from prtui.screens.unknown import UnknownGameScreen

        view = snapshot.get("view", {})
        board = self._board if self._board in self.screen_stack else None
        if isinstance(board, UnknownGameScreen):
            board.apply_snapshot(snapshot, controller.lag_ms)
            return
        if isinstance(board, GameScreen):
            screen = board
            screen.names = dict(controller.names)
            screen.apply_snapshot(snapshot, controller.lag_ms)
        else:
            game = view.get("game")
            entry = controller.game_entry(game)
            if board_for(game) is None:
                self._board = UnknownGameScreen(str(game), game_title(entry, game))
                self.push_screen(self._board)
                return
            screen = GameScreen(controller, snapshot, controller.names, self.vocabulary_override,
                                game=entry or {"name": game})
            self._board = screen
            self.push_screen(screen)
        if (isinstance(screen, GameScreen) and view.get("over") and view.get("result")
                and not controller.game_over_shown):
            controller.game_over_shown = True
            self.push_screen(GameOverScreen(view, controller.names, screen.history,
                                            snapshot.get("seat"), screen.board, screen.vocab))

    def on_room_info(self, room: dict[str, Any]) -> None:
        self.pushes.room.publish(room)

    def on_lobby(self, rooms: list[dict[str, Any]]) -> None:
        self.pushes.lobby.publish(rooms)

    def on_chat(self, who: str, text: str, room: str | None) -> None:
        self.pushes.publish_chat(ChatLine(who, text, room))

    def on_closed(self, reason: str) -> None:
        """The connection ended: say why, once, over whatever is shown."""
        if self.closed_reason is not None or reason == "closed by client":
            return
        self.closed_reason = reason
        with contextlib.suppress(Exception):  # the base screen is gone if the app quits
            self.say_under(lambda: Text(_("prtui: {what} (ctrl+q quits)").format(
                what=shown(describe_closed(reason)))))
        self.push_screen(DisconnectedScreen(reason))

    def _handle_exception(self, error: Exception) -> None:
        """A command sent from a screen after the connection ended (or refused by the
        server) becomes a notification, not a traceback that ends the app."""
        cause = error.error if isinstance(error, WorkerFailed) else error
        if isinstance(cause, ConnectionError | NetError):
            if isinstance(cause, ConnectionError):
                why = describe_closed(self.closed_reason or str(cause)
                                      or _("connection closed"))
                message = _("Not sent: {why} (ctrl+r: reconnect)").format(why=why)
            else:
                message = str(getattr(cause, "reason", None) or cause)
            self.notify(message, severity="error", timeout=10, markup=False)
            return
        super()._handle_exception(error)

    async def leave_table(self) -> None:
        """Leave the room shown: back to the lobby if there is one, else quit. Asked
        first while the game goes on and I sit at it (a local game is kept stored)."""
        from prtui.screens.confirm import ConfirmScreen
        from prtui.screens.lobby import LobbyScreen

        lobby = any(isinstance(s, LobbyScreen) for s in self.screen_stack)
        controller = self.controller
        turn_based = controller is not None and turn_based_room(controller.room_info)
        if (controller is not None and controller.seat is not None
                and not controller.client.closed and not controller.game_over_shown):
            if not lobby:  # a local game: kept for the next prtui, or abandoned
                await self._leave_local_game()
                return
            if turn_based:  # nothing is given up: nothing to ask
                self.notify(_("Your seat stays yours: the lobby lists this table when it "
                              "is your move."), timeout=6)
            elif not await self.push_screen_wait(ConfirmScreen(
                    _("Leave this game?"),
                    _("It is kept: your seat waits for you; a bot plays it if you stay "
                      "away."))):
                return
        if not lobby:
            self.exit(0)
            return
        if self.controller is not None:
            await self.controller.leave_room()
        while not isinstance(self.screen, LobbyScreen):
            self.pop_screen()

    async def _leave_local_game(self) -> None:
        """Quit keeping the game (plain prtui resumes it), or abandon it, asked once
        more: the seat is given up and forgotten, and the new-game form opens (Esc
        there quits), so the next prtui no longer comes back to it."""
        from prtui.aftergame import new_table
        from prtui.screens.confirm import ChoiceScreen, ConfirmScreen

        answer = await self.push_screen_wait(ChoiceScreen(
            _("Leave this game?"), _("Kept, plain prtui brings you back to it."),
            [("k", _("keep it for later and quit"), "keep"),
             ("a", _("abandon it: never resumed, a new table instead"), "abandon")]))
        if answer == "keep":
            self.exit(0)
        if answer != "abandon" or not await self.push_screen_wait(ConfirmScreen(
                _("Abandon this game?"), _("It cannot be resumed afterwards."))):
            return
        controller = self.controller
        if controller is not None and controller.tokens is not None:
            controller.tokens.put(controller.address, None)
        # the app's worker, not the board's: the board closes on the way to the form
        self.run_worker(new_table(self, self.controller), group="rematch")

    # --- where screens ask to go (prtui/navigation.py) -------------------------------

    @on(ShowGameOver)
    def show_game_over(self, message: ShowGameOver) -> None:
        from prtui.screens.gameover import GameOverScreen

        self.push_screen(GameOverScreen(message.view, message.names, message.history,
                                        message.seat, message.board, message.vocab))

    @on(Rematch)
    def start_rematch(self, message: Rematch) -> None:
        from prtui.aftergame import rematch

        self.run_worker(rematch(self, self.controller), group="rematch")

    @on(NewTable)
    def open_new_table(self, message: NewTable) -> None:
        from prtui.aftergame import new_table

        self.run_worker(new_table(self, self.controller, over_the_game=True), group="rematch")

    @on(BackToLobby)
    def back_to_lobby(self, message: BackToLobby) -> None:
        """Down to the lobby under the room; a room shown first (a seat given back at
        connect) has none under it: a new lobby takes its place."""
        from prtui.screens.lobby import LobbyScreen

        if not any(isinstance(s, LobbyScreen) for s in self.screen_stack):
            self.switch_screen(LobbyScreen(message.controller))
            return
        while not isinstance(self.screen, LobbyScreen):
            self.pop_screen()

    def turn_notice(self, table: str | None = None) -> None:
        """It is my turn after waiting (at ``table``, else at the table I am at): the
        terminal's bell, unless switched off, and a desktop notification where the
        player asked for one."""
        if self.settings.bell:
            self.bells_rung += 1
            self.bell()
        if self.settings.desktop:
            if table is None:
                room = (self.controller.room_info or {}) if self.controller is not None else {}
                table = str(room.get("name") or "")
            said = (_("your turn at {table}").format(table=table) if table
                    else _("your turn"))
            seq = osc_notice("prtui", said, os.environ)
            self.desktop_notices.append(seq)
            if not self.is_headless and self._driver is not None:
                self._driver.write(seq)

    def on_turn_elsewhere(self, room: str, name: str, game: str) -> None:
        """My turn came at another table (the server's ``your_turn``): say so over any
        screen, ring, and tell the lobby (its list of my moves: prtui/pushes.py)."""
        table = shown(name, 40, blank="") or room
        self.notify(_("Your move at {table}").format(table=table), title=_("Another table"),
                    markup=False)
        self.turn_notice(table)
        self.pushes.turn_elsewhere.publish(room)

    def set_desktop(self, on: bool) -> None:
        """Desktop notifications on my turn on or off, kept for the next runs."""
        self.settings.desktop = on
        self.settings.save()
        self.notify(_("Desktop notification on your turn on (if your terminal shows them: "
                      "kitty, WezTerm, iTerm2, foot, Windows Terminal)") if on
                    else _("Desktop notification on your turn off"))

    def set_bell(self, on: bool) -> None:
        """The turn bell on or off, kept for the next runs."""
        self.settings.bell = on
        self.settings.save()
        self.notify(_("Turn bell on") if on else _("Turn bell off"))

    # --- command palette -------------------------------------------------------------

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """The palette: Textual's commands, the turn bell, and the vocabularies of the
        game shown."""
        yield from textual_commands(super().get_system_commands(screen))
        yield from language_commands(self.settings.language, self.switch_language)
        on = self.settings.bell
        yield SystemCommand(_("Turn bell: off") if on else _("Turn bell: on"),
                            _("A bell when it becomes your turn after waiting (kept for next "
                              "time)"),
                            lambda: self.set_bell(not on))
        desktop = self.settings.desktop
        yield SystemCommand(_("Desktop notification on my turn: off") if desktop
                            else _("Desktop notification on my turn: on"),
                            _("The terminal's desktop notification (OSC 9/777) when it "
                              "becomes your turn after waiting (kept for next time)"),
                            lambda: self.set_desktop(not desktop))
        controller = self.controller
        if controller is not None and not controller.client.welcome.get("claimed"):
            if relayed_key() is not None:
                yield SystemCommand(_("Claim my name with my SSH key"),
                                    _("From then on only this key (or a password you add) "
                                      "can use your name on this server"),
                                    lambda: self.run_worker(self.claim_with_key(), group="claim"))
            elif self.name_claim is not None:
                claim = self.name_claim
                yield SystemCommand(_("Claim my name on this server"),
                                    _("From then on only this machine (or browser) can use "
                                      "your name here: a password it keeps for you"),
                                    lambda: self.run_worker(claim(), group="claim"))
        welcome = controller.client.welcome if controller is not None else {}
        if welcome.get("claimed") and welcome.get("notify_schemes"):
            yield SystemCommand(_("Turn notices while I am away"),
                                _("Where this server sends word of your turn when you are not "
                                  "connected (ntfy, e-mail...): set, see or remove it"),
                                self.open_notice_address)
        board = screen if hasattr(screen, "vocabularies") else self._board
        vocabularies = getattr(board, "vocabularies", None) if board in self.screen_stack else None
        for name in vocabularies.names if vocabularies is not None else []:
            yield SystemCommand(
                _("Names: {edition}").format(edition=name),
                _("Show the {edition} names of everything on the table").format(edition=name),
                lambda v=name: self.set_vocabulary(v),
            )

    def switch_language(self, choice: str | None) -> None:
        """The reader chose a language in the palette (None: the environment's again):
        kept for the next runs, and every screen says it in that language now."""
        self.settings.language = choice
        self.settings.save()
        set_language(reader_language(None, choice))
        self.run_worker(self.redraw_in_language(), group="language", exclusive=True)

    async def redraw_in_language(self) -> None:
        """Every screen on the stack in the language now (prtui/palette.py
        ``redraw_screen``; the base screen's line is said again), and the ``language``
        signal for whoever else shows words (prtui/pushes.py)."""
        now = language()
        speak_keys(self)
        for screen in list(self.screen_stack):
            if screen is self.screen_stack[0]:
                self.say_under(self._base_status)
            else:
                await redraw_screen(screen)
            screen.refresh_bindings()
        self.pushes.language.publish(now)
        self.notify(_("Language: {language}").format(language=LANGUAGES.get(now, now)),
                    timeout=4)

    def open_notice_address(self) -> None:
        """The address of my turn notices while away, kept by the server
        (prtui/screens/notices.py)."""
        from prtui.screens.notices import NoticeAddressScreen

        controller = self.controller
        if controller is None:
            return
        client = controller.client

        async def ask(**fields: Any) -> dict[str, Any]:  # a check or a test may take a
            # server's look-ups and its notice's timeouts: longer than a command's 30 s
            return await client.command("notify_address", timeout=90.0, **fields)

        schemes = [str(s) for s in client.welcome.get("notify_schemes") or []]
        self.push_screen(NoticeAddressScreen(ask, schemes))

    async def claim_with_key(self) -> None:
        """Over SSH: claim the name with the key the player logged in with."""
        controller = self.controller
        if controller is None:
            return
        try:
            await controller.client.command("claim")
        except NetError as exc:
            self.notify(_("Your name was not claimed: {reason}").format(reason=exc),
                        severity="warning", markup=False)
            return
        controller.client.welcome["claimed"] = True
        self.notify(_("Your name is yours on this server now: your SSH key proves it."))

    def set_vocabulary(self, name: str) -> None:
        """Switch names on every screen that shows a table (and on what opens next)."""
        self.vocabulary_override = name
        self.pushes.vocabulary.publish(name)

"""New game: which game, its options, the number of players, and who sits in the other
seats.

Everything about a game comes from the server's catalog (``list_games``: each game as
it describes itself, see server/engine/options.py): the player-count picker spans the
game's own range and each option becomes a widget by its type (a Select for a choice, a
Checkbox for a bool whose label says "on" or "off", one such Checkbox per choice for a
"multi" option, an Input for a number or text: prtui/widgets/options.py). The
screen names no game and no option. Returns a ``TableSetup`` via ``dismiss``; in the
lobby the other seats may also be left open for people (level "open"). Back returns
where the form came from; as the first screen it asks before quitting.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Button, Checkbox, Input, Label, Select, Static

from prtui.controller import TableSetup
from prtui.i18n import N_, _
from prtui.screens.words import level_word, server_words, speak_keys
from prtui.widgets.footer import ReadyFooter
from prtui.widgets.options import OptionChoices, OptionFlag


def plain(value: object) -> Text:
    """Text from the server's catalog as shown: never markup, no control characters."""
    return Text("".join(ch if ch.isprintable() else "\ufffd" for ch in str(value)), end="")


LEVELS = ["random", "easy", "medium", "hard"]
PACES: list[tuple[str, float]] = [
    (N_("live: everyone plays at once"), 0.0), (N_("turn-based: 1 hour a move"), 1.0),
    (N_("turn-based: 4 hours a move"), 4.0), (N_("turn-based: 12 hours a move"), 12.0),
    (N_("turn-based: 1 day a move"), 24.0), (N_("turn-based: 2 days a move"), 48.0),
    (N_("turn-based: 3 days a move"), 72.0), (N_("turn-based: 7 days a move"), 168.0),
    (N_("turn-based: 14 days a move"), 336.0)]
"""A LAN table's pace: live, or turn-based with this deadline per move, in hours (the
server takes 1 to 336: docs/hosting.md, Turn-based tables)."""
ON_DEADLINE = [(N_("its bot plays that move"), "bot"), (N_("the player forfeits"), "forfeit")]
COACH_ABOUT = N_("players may ask the bots' search for their best moves")
KINDS = ("bool", "int", "choice", "str", "multi")
"""The option types this form can show; an option of another type keeps its default."""


def usable_options(game: dict[str, Any]) -> list[dict[str, Any]]:
    """The options of a catalog entry that this form can offer (a third-party server may
    send anything: what does not make sense is left to the server's default)."""
    out = []
    for option in game.get("options") or []:
        if not isinstance(option, dict) or not isinstance(option.get("name"), str):
            continue
        kind = option.get("type")
        if kind not in KINDS:
            continue
        if kind in ("choice", "multi") and not (isinstance(option.get("choices"), list)
                                                and option["choices"]):
            continue
        out.append(option)
    return out


def players_range(game: dict[str, Any]) -> range:
    low, high = game.get("min_players"), game.get("max_players")
    if not isinstance(low, int) or not isinstance(high, int) or not 1 <= low <= high <= 64:
        return range(1, 2)
    return range(low, high + 1)


class NewGameScreen(Screen[TableSetup | None]):
    """The form shown by `prtui` with no arguments and by the lobby's "create"."""

    CSS_PATH = "newgame.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("ctrl+s", "start", N_("Start")),
                                             Binding("escape", "cancel", N_("Back"))]

    def __init__(self, games: list[dict[str, Any]], allow_open_seats: bool = False,
                 players: int = 4, game: str | None = None,
                 last: TableSetup | None = None) -> None:
        """``last``: the table just played, whose game, players, seats and options the
        form starts from (a new table after a 5-player 1897 game with every expansion
        need not be set up again)."""
        super().__init__()
        self.games = [g for g in games if isinstance(g, dict) and isinstance(g.get("name"), str)]
        self.allow_open_seats = allow_open_seats
        names = [g["name"] for g in self.games]
        game = last.game if last is not None and last.game in names else game
        self.game_index = names.index(game) if game in names else 0
        self.players = last.players if last is not None and game == last.game else players
        self.levels: dict[int, str] = {}  # seat -> level, kept when the game changes
        self.preset: dict[str, Any] = {}  # option -> value, for the game of ``last``
        if last is not None and game == last.game:
            self.levels = {seat: level for seat, level in enumerate(last.bots, start=1)}
            self.preset = dict(last.options)
        self.preset_game = game
        self.option_widgets: dict[str, Widget] = {}  # option name -> its widget
        self.coach = False  # a LAN table: off unless the host allows it
        self.turn_hours = 0.0  # a LAN table: live (0) or turn-based, hours a move
        self.on_deadline = "bot"

    @property
    def game(self) -> dict[str, Any]:
        return self.games[self.game_index] if self.games else {}

    def compose(self) -> ComposeResult:
        speak_keys(self)
        self.option_widgets = {}
        # the form scrolls without being a Tab stop of its own (Tab goes field to field,
        # each scrolled into view); Start and Back head it, so the focus on Start at open
        # leaves the game and its first options in sight on 24 lines
        with VerticalScroll(id="form", can_focus=False):
            with Horizontal(classes="row", id="form-head"):
                yield Static(_("New game"), id="form-title")
                yield Button(_("Start"), variant="success", id="start", disabled=not self.games)
                yield Button(_("Back"), id="cancel")
            if not self.games:
                yield Static(_("This server offers no games."), id="no-games")
            else:
                yield from self._compose_game()
        yield ReadyFooter()  # its keys with the form, not a refresh after (the browser)

    def _compose_game(self) -> ComposeResult:
        game, span = self.game, players_range(self.game)
        self.players = min(max(self.players, span[0]), span[-1])
        levels = (["open"] if self.allow_open_seats else []) + LEVELS
        options = usable_options(game)
        with Horizontal(classes="row"):
            yield Label(_("Game"), classes="label")
            yield Select([(plain(server_words(g.get("title") or g["name"], g["name"])), i)
                          for i, g in enumerate(self.games)],
                         value=self.game_index, allow_blank=False, id="game")
        for i, option in enumerate(options):
            if option["type"] != "bool":
                with Horizontal(classes="row"):
                    yield Label(self._said(option.get("title") or option["name"]),
                                classes="label")
                    yield self._widget(i, option)
        with Horizontal(classes="row"):
            yield Label(_("Players"), classes="label")
            yield Select([(str(n), n) for n in span], value=self.players, allow_blank=False,
                         id="players")
        for seat in range(1, span[-1]):
            with Horizontal(classes="row seat-row", id=f"seat-row-{seat}"):
                yield Label(_("Seat {seat}").format(seat=seat + 1), classes="label")
                yield Select([(level_word(lv), lv) for lv in levels],
                             value=self.levels.get(seat, "medium"),
                             allow_blank=False, id=f"seat-{seat}")
        for i, option in enumerate(options):
            if option["type"] == "bool":
                yield self._widget(i, option)
        if self.allow_open_seats:  # a LAN table: the host decides (local tables allow it)
            yield OptionFlag(Text(_("Coach")), Text(_(COACH_ABOUT)), value=self.coach,
                             id="coach", classes="option-flag")
            with Horizontal(classes="row"):
                yield Label(_("Pace"), classes="label")
                yield Select([(_(label), hours) for label, hours in PACES],
                             value=self.turn_hours, allow_blank=False, id="pace")
            with Horizontal(classes="row", id="deadline-row"):
                # i18n: a label of 10 cells at most (5 Chinese characters): what happens
                # when a turn-based table's player lets the deadline pass
                yield Label(_("Late move"), classes="label")
                yield Select([(_(label), value) for label, value in ON_DEADLINE],
                             value=self.on_deadline, allow_blank=False, id="on-deadline")

    def _said(self, text: object) -> Text:
        """A text of the game's description (an option's title, label or about) in the
        reader's language, as plain text."""
        return plain(server_words(text, self.game.get("name")))

    def _widget(self, i: int, option: dict[str, Any]) -> Widget:
        """The widget for one option, by its type, set to its default."""
        kind, default, wid = option["type"], option.get("default"), f"opt-{i}"
        if self.game.get("name") == self.preset_game and option["name"] in self.preset:
            default = self.preset[option["name"]]
        widget: Widget
        labels = option.get("labels")
        if not isinstance(labels, list) or len(labels) != len(option.get("choices") or []):
            labels = option.get("choices") or []
        choices = list(zip(option.get("choices") or [], labels, strict=True))
        if kind == "bool":
            about = self._said(option["description"]) if option.get("description") else None
            widget = OptionFlag(self._said(option.get("title") or option["name"]), about,
                                value=default is True, id=wid, classes="option-flag")
        elif kind == "multi":
            chosen = [str(v) for v in default] if isinstance(default, list) else []
            abouts = option.get("abouts")
            widget = OptionChoices([(str(v), self._said(label)) for v, label in choices], chosen,
                                   id=wid, abouts=[self._said(a) for a in abouts]
                                   if isinstance(abouts, list) else None)
        elif kind == "choice":
            widget = Select([(self._said(label), value) for value, label in choices],
                            value=default if default in option["choices"] else choices[0][0],
                            allow_blank=False, id=wid)
        elif kind == "int":
            widget = Input(str(default) if isinstance(default, int) else "", type="integer",
                           id=wid)
        else:
            max_len = option.get("max_len")
            widget = Input(str(default or ""), id=wid,
                           max_length=max_len if isinstance(max_len, int) else 64)
        if kind != "bool" and option.get("description"):
            widget.tooltip = self._said(option["description"])
        self.option_widgets[option["name"]] = widget
        return widget

    def on_mount(self) -> None:
        if not self.is_attached:  # taken down as it mounted (the app quitting)
            return
        self._show_seats(self.players)
        self._show_deadline()
        self.query_one("#start", Button).focus()

    def _show_deadline(self) -> None:
        """What a passed deadline does: asked only of a turn-based table."""
        for row in self.query("#deadline-row"):
            row.display = bool(self.turn_hours)

    @on(Select.Changed, "#pace")
    def _pace_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, float | int):
            self.turn_hours = float(event.value)
            self._show_deadline()

    @on(Select.Changed, "#on-deadline")
    def _on_deadline_chosen(self, event: Select.Changed) -> None:
        self.on_deadline = str(event.value)

    def _show_seats(self, players: int) -> None:
        for row in self.query(".seat-row"):
            row.display = int(str(row.id).rsplit("-", 1)[1]) < players

    @on(Select.Changed, "#players")
    def _players_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, int):
            self.players = event.value
            self._show_seats(event.value)

    @on(Select.Changed, "#game")
    async def _game_chosen(self, event: Select.Changed) -> None:
        if isinstance(event.value, int) and event.value != self.game_index:
            self._keep_levels()
            self.game_index = event.value
            await self.recompose()
            self._show_seats(self.players)
            self._show_deadline()
            self.query_one("#game", Select).focus()  # where it was: on the game picked

    @on(Checkbox.Changed, "#coach")
    def _coach_chosen(self, event: Checkbox.Changed) -> None:
        self.coach = event.value

    def _keep_levels(self) -> None:
        for select in self.query(".seat-row Select").results(Select):
            self.levels[int(str(select.id).rsplit("-", 1)[1])] = str(select.value)

    def chosen_options(self) -> dict[str, Any]:
        """The options as set in the form; ValueError names the first bad one."""
        out: dict[str, Any] = {}
        for option in usable_options(self.game):
            widget = self.option_widgets.get(option["name"])
            if isinstance(widget, Checkbox | Select | OptionChoices):
                out[option["name"]] = widget.value
            elif isinstance(widget, Input) and option["type"] == "int":
                low, high = option.get("min"), option.get("max")
                title = server_words(option.get("title") or option["name"], self.game.get("name"))
                try:
                    number = int(widget.value)
                except ValueError:
                    raise ValueError(_("{option}: a whole number").format(option=title)) from None
                if (isinstance(low, int) and number < low) or (isinstance(high, int) and number > high):
                    raise ValueError(_("{option}: from {low} to {high}").format(
                        option=title, low=low, high=high))
                out[option["name"]] = number
            elif isinstance(widget, Input):
                out[option["name"]] = widget.value
        return out

    def setup(self) -> TableSetup:
        players = int(self.query_one("#players", Select).value)  # type: ignore[arg-type]
        return TableSetup(
            players=players,
            game=str(self.game.get("name", "")),
            options=self.chosen_options(),
            bots=[str(self.query_one(f"#seat-{s}", Select).value) for s in range(1, players)],
            coach=self.coach if self.allow_open_seats else True,
            turn_hours=self.turn_hours or None if self.allow_open_seats else None,
            on_deadline=self.on_deadline,
        )

    @on(Button.Pressed, "#start")
    def _start_pressed(self) -> None:
        self.action_start()

    @on(Button.Pressed, "#cancel")
    def _back_pressed(self) -> None:
        self.action_cancel()

    def action_start(self) -> None:
        if not self.games:
            return
        try:
            setup = self.setup()
        except ValueError as exc:
            self.notify(str(exc), severity="error", markup=False)
            return
        self.dismiss(setup)

    def action_cancel(self) -> None:
        """Back where the form came from (the lobby: None). As the first screen of
        `prtui` there is nothing behind it: quit, once the player says so."""
        if len(self.app.screen_stack) > 2:  # the app's own base screen, then ours
            self.dismiss(None)
            return
        from prtui.screens.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes:
                self.app.exit(0)

        self.app.push_screen(ConfirmScreen(_("Quit prtui?"), _("No game was started.")), answered)

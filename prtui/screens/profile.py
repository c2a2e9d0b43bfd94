"""A player's profile on a server: rating per game, games, wins, the rating over the
rated games, and the finished games, each opening its replay.

A profile is a claimed name's or a bot level's; a guest has none (the server says so,
and the message is shown where it was asked for). The review of a game (``e``) is
offered as the game-over screen offers it: for a game the viewer played in (a seat
with the viewer's name), never for someone else's moves.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from prtui.games import game_title
from prtui.i18n import N_, _, ngettext
from prtui.netclient import NetError
from prtui.screens.words import bot_text, columned, seat_name, server_words, speak_keys
from prtui.widgets.fitted import CELL_PADDING, fit_columns
from prtui.widgets.plain import pad_cells, plain, shown
from prtui.widgets.ratingplot import RatingPlot

if TYPE_CHECKING:
    from prtui.controller import Controller

COLUMNS = (N_("when"), N_("game"), N_("table"), N_("place"), N_("rating"), N_("with"))
TABLE_CELLS = 32
WITH_CELLS = 16
"""What the table's other players get at least, when the table's name must give way."""
GAMES_PAGE = 20


def seat_names(game: dict[str, Any]) -> dict[int, str]:
    """The replay's names for a finished game's seats (a bot by its level)."""
    return {int(s["seat"]): seat_name(s)
            for s in game.get("seats", []) if s.get("kind") != "empty"}


def _count(n: object) -> int:
    """A count from the server for the plural form (what is not a number reads as many)."""
    return n if isinstance(n, int) and not isinstance(n, bool) else 0


def split_cells(room: int, table: int, others: int) -> tuple[int, int]:
    """Cells for a game's table name (``table`` wanted) and its other players
    (``others`` wanted) out of ``room``: the name whole if the others keep
    ``WITH_CELLS``, else the name gives way (to 8 cells at least)."""
    with_cells = min(others, WITH_CELLS)
    table_cells = max(8, min(table, room - with_cells))
    return table_cells, max(4, min(others, room - table_cells))


def place_text(game: dict[str, Any]) -> str:
    rank, players = game.get("rank"), game.get("players")
    if not isinstance(rank, int):
        return "-"
    ending = "th" if 10 <= rank % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(rank % 10, "th")
    # one text per English ending, so a language without such endings drops none of
    # the fields ("1st of 4": 第 1 名/共 4 人)
    place = {"st": N_("{rank}st of {players}"), "nd": N_("{rank}nd of {players}"),
             "rd": N_("{rank}rd of {players}"), "th": N_("{rank}th of {players}")}[ending]
    return _(place).format(rank=rank, players=players)


def rating_text(game: dict[str, Any]) -> Text:
    r = game.get("rating")
    if not isinstance(r, dict):
        return Text(_("unrated"), style="dim")
    before, after = float(r.get("before", 0)), float(r.get("after", 0))
    return Text.assemble(f"{after:.1f} ", (f"{after - before:+.1f}",
                                           "green" if after >= before else "red"))


class ProfileScreen(Screen[None]):
    """One player's ratings and finished games; ``data`` is the server's ``profile``."""

    DEFAULT_CSS = """
    ProfileScreen #profile-title { height: auto; text-style: bold; padding: 0 1; }
    ProfileScreen #profile-ratings { height: auto; padding: 0 1; }
    ProfileScreen #plot-title { height: 1; padding: 0 1; color: $text-muted; }
    ProfileScreen RatingPlot { padding: 0 1; }
    ProfileScreen #games-title { height: 1; padding: 0 1; text-style: bold; }
    ProfileScreen #games { height: 1fr; min-height: 4; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("r", "replay", N_("Replay")),
        Binding("e", "review", N_("Review")),
        Binding("g", "next_game", N_("Next game")),
        Binding("o", "older", N_("Older")),
        Binding("escape,q", "close", N_("Back")),
    ]

    def __init__(self, controller: Controller, data: dict[str, Any]) -> None:
        super().__init__()
        self.controller = controller
        self.data = data
        self.games: list[dict[str, Any]] = list(data.get("games") or [])
        self.rated = [str(r.get("game")) for r in data.get("ratings") or []]
        self.plotted = self.rated[0] if self.rated else None
        self._refit_asked = False

    def compose(self) -> ComposeResult:
        speak_keys(self)
        yield Static(self._title(), id="profile-title")
        yield Static(self._ratings(), id="profile-ratings")
        yield Static(id="plot-title")
        yield RatingPlot(id="plot")
        yield Static(id="games-title")
        yield DataTable(id="games", cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        self._games_table().focus()
        self._show_plot()
        self._fill()

    def _games_table(self) -> DataTable[Any]:
        """The games table, its columns (in the reader's language) set up on first use."""
        return columned(self.query_one(DataTable), COLUMNS)

    async def recompose(self) -> None:
        """Composed again in the reader's language (a switch of it, prtui/app.py): the
        plot and the games as they were."""
        await super().recompose()
        self.on_mount()

    # --- what is shown ---------------------------------------------------------------

    def who(self) -> Text:
        if "bot" in self.data:
            return bot_text(self.data.get("bot"), "italic")
        return plain(self.data.get("name"), limit=32)

    def _title(self) -> Text:
        text = Text.assemble(_("Profile — "), self.who())
        if "bot" in self.data:
            text.append(" · " + _("every bot of this level shares one rating"), style="dim")
        elif isinstance(self.data.get("since"), int | float):
            when = time.strftime("%Y-%m-%d", time.localtime(float(self.data["since"])))
            text.append(" · " + _("claimed {date}").format(date=when), style="dim")
        return text

    def _ratings(self) -> Text:
        rows = list(self.data.get("ratings") or [])
        if not rows:
            return Text(_("No rating yet: ratings come from rated tables."), style="dim")
        lines = []
        for r in rows:
            game = r.get("game")
            mark = "▶ " if game == self.plotted and len(rows) > 1 else "  "
            games, wins = r.get("games", 0), r.get("wins", 0)
            lines.append(Text.assemble(
                mark, (pad_cells(shown(self.title_of(game), 16), 16), "bold"), " ",
                " · ".join((
                    _("rating {rating:.1f}").format(rating=float(r.get("rating", 0))),
                    _("#{rank} of {of}").format(rank=r.get("rank"), of=r.get("of")),
                    ngettext("{n} game", "{n} games", _count(games)).format(n=games),
                    ngettext("{n} win", "{n} wins", _count(wins)).format(n=wins)))))
        return Text("\n").join(lines)

    def title_of(self, game: object) -> str:
        return server_words(game_title(self.controller.game_entry(game), game), game)

    def _show_plot(self) -> None:
        history = (self.data.get("history") or {}).get(self.plotted or "", [])
        values = [float(v) for v in history]
        title = self.query_one("#plot-title", Static)
        if self.plotted is None:
            title.update(_("Rating over time: no rated game yet"))
        else:
            more = " · " + _("g next game") if len(self.rated) > 1 else ""
            n = max(0, len(values) - 1)
            title.update(Text(ngettext("Rating over {n} rated game, {game}",
                                       "Rating over {n} rated games, {game}", n)
                              .format(n=n, game=shown(self.title_of(self.plotted), 16)) + more,
                              no_wrap=True, overflow="ellipsis"))
        self.query_one(RatingPlot).show(values)

    def _fill(self, keep: int | None = None) -> None:
        table = self._games_table()
        table.clear()
        rows: list[list[Text]] = [
            [Text(self._when(g)), Text(shown(self.title_of(g.get("game")), 14)), Text(),
             Text(place_text(g)), rating_text(g)] for g in self.games]
        labels = [cell_len(_(column)) for column in COLUMNS]
        fixed = [max([labels[i], *(r[i].cell_len for r in rows)]) for i in (0, 1, 3, 4)]
        names = [shown(g.get("name"), TABLE_CELLS) for g in self.games]
        others = [self.others(g) for g in self.games]
        width = table.scrollable_content_region.width
        table_cells, with_cells = split_cells(
            width - CELL_PADDING * len(COLUMNS) - sum(fixed),
            max([labels[2], *map(cell_len, names)]),
            max([labels[5], *map(cell_len, others)])) if width else (TABLE_CELLS, 64)
        if not width and not self._refit_asked:  # not laid out yet: fitted once it is
            self._refit_asked = True
            self.call_after_refresh(self._refit)
        for name, other, r in zip(names, others, rows, strict=True):
            table.add_row(r[0], r[1], plain(name, limit=table_cells), r[3], r[4],
                          plain(other, limit=with_cells))
        fit_columns(table)
        if keep is not None and keep < len(self.games):
            table.move_cursor(row=keep)
        n = len(self.games)
        more = " · " + _("o older") if self.data.get("more") else ""
        review = " · " + _("e review mine") if any(self.mine(g) for g in self.games) else ""
        self.query_one("#games-title", Static).update(
            Text(_("Finished games, newest first · Enter/r replay") + review + more
                 if n else _("No finished game yet."), no_wrap=True, overflow="ellipsis"))

    @staticmethod
    def _when(game: dict[str, Any]) -> str:
        created = game.get("created")
        if not isinstance(created, int | float):
            return "-"
        return time.strftime("%Y-%m-%d", time.localtime(float(created)))

    def on_resize(self) -> None:
        self.call_after_refresh(self._refit)

    def _refit(self) -> None:
        if self.is_attached and self.games:
            self._fill(keep=self.query_one(DataTable).cursor_row)

    # --- keys ------------------------------------------------------------------------

    def selected(self) -> dict[str, Any] | None:
        row = self.query_one(DataTable).cursor_row
        return self.games[row] if 0 <= row < len(self.games) else None

    def others(self, game: dict[str, Any]) -> str:
        """The other players at that table, by name (a bot by its level)."""
        return _(", ").join(name for seat, name in seat_names(game).items()
                         if seat != game.get("seat"))

    def mine(self, game: dict[str, Any]) -> bool:
        """Whether the viewer played in ``game`` (the server's own test: a human seat
        with the connection's name), so its review is theirs to see."""
        me = self.controller.client.name
        return any(s.get("kind") == "human" and s.get("name") == me
                   for s in game.get("seats", []))

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "review":
            game = self.selected() if self.is_mounted else None
            return game is not None and self.mine(game)
        if action == "next_game":
            return len(self.rated) > 1
        if action == "older":
            return bool(self.data.get("more"))
        return True

    @on(DataTable.RowHighlighted, "#games")
    def _moved(self) -> None:
        self.refresh_bindings()  # review: only on a game of mine

    @on(DataTable.RowSelected, "#games")
    def _chosen(self) -> None:
        self.action_replay()

    def action_next_game(self) -> None:
        if len(self.rated) > 1 and self.plotted in self.rated:
            self.plotted = self.rated[(self.rated.index(self.plotted) + 1) % len(self.rated)]
            self.query_one("#profile-ratings", Static).update(self._ratings())
            self._show_plot()

    @work(exclusive=True, group="profile-replay")
    async def action_replay(self, review: bool = False) -> None:
        from prtui.screens.replay import open_replay

        game = self.selected()
        if game is None:
            return
        try:
            await open_replay(self.app, self.controller.client, str(game["room"]),
                              seat_names(game), title=str(game.get("name") or game["room"]),
                              at_end=not review, review=review, may_review=self.mine(game))
        except Exception as exc:  # the server's reason, shown as is
            reason = server_words(getattr(exc, "reason", None) or exc)
            self.notify(_("Replay: {reason}").format(reason=reason), severity="error",
                        markup=False)

    def action_review(self) -> None:
        game = self.selected()
        if game is not None and self.mine(game):
            self.action_replay(review=True)

    @work(exclusive=True, group="profile-older")
    async def action_older(self) -> None:
        ask = {"bot": self.data["bot"]} if "bot" in self.data else {"name": self.data.get("name")}
        try:
            data = await self.controller.client.command(
                "profile", **ask, limit=GAMES_PAGE, offset=len(self.games))
        except NetError as exc:
            reason = server_words(getattr(exc, "reason", None) or exc)
            self.notify(_("Profile: {reason}").format(reason=reason), severity="error",
                        markup=False)
            return
        at = self.query_one(DataTable).cursor_row
        self.games += list(data.get("games") or [])
        self.data["more"] = bool(data.get("more"))
        self._fill(keep=at)
        self.refresh_bindings()

    def action_close(self) -> None:
        self.dismiss()


async def open_profile(app: Any, controller: Controller, name: str | None = None,
                       bot: str | None = None) -> bool:
    """Ask the server for a profile and show it; a refusal (a guest's name has no
    profile) is shown as the server's words, and nothing opens. True: it opened."""
    ask: dict[str, Any] = {"bot": bot} if bot is not None else {"name": name}
    try:
        await controller.games()  # the games' titles
        data = await controller.client.command("profile", **ask, limit=GAMES_PAGE)
    except NetError as exc:
        reason = server_words(getattr(exc, "reason", None) or str(exc))
        if getattr(exc, "code", None) == "no_profile" and name == controller.client.name:
            reason += " " + _("(ctrl+p: claim my name on this server)")
        app.notify(_("Profile: {reason}").format(reason=reason), severity="warning",
                   markup=False, timeout=8)
        return False
    await app.push_screen(ProfileScreen(controller, dict(data)))
    return True

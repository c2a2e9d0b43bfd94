"""A game's leaderboard on a server: rank, player, rating, games, wins.

The rating shown is the conservative one the server sorts by, ``mu - 3 sigma``
(OpenSkill's ordinal: a new player's is 0, and it rises as games show a player's level
with more certainty). Rows come a page at a time, more as the cursor nears the end;
Enter opens a row's profile, ``g`` the next game's leaderboard. It opens on the first
of the server's games that has rated players; the viewer's own row is marked. Bots are rows of their
own, one per level (every bot of a level shares its rating).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from prtui.games import game_title
from prtui.i18n import N_, _, ngettext
from prtui.netclient import NetError
from prtui.screens.words import bot_text, columned, server_words, speak_keys
from prtui.widgets.fitted import fit_columns, name_cells
from prtui.widgets.plain import plain

if TYPE_CHECKING:
    from prtui.controller import Controller

PAGE = 50
COLUMNS = ("#", N_("player"), N_("rating"), N_("games"), N_("wins"))
NAME_CELLS = 32
YOU = N_("(you)")
"""After my own name, a space before it."""
HINT = N_("rating = mu − 3 sigma, a cautious estimate · Enter a profile · g next game")


def player_cell(row: dict[str, Any], limit: int | None = None) -> Text:
    """A claimed player's name as typed (never markup), or a bot level as a bot."""
    if "bot" in row:
        return bot_text(row.get("bot"), "italic dim", limit)  # i18n: a style
    return plain(row.get("name"), limit=limit)


class LeaderboardScreen(Screen[None]):
    """One game's rated players, best first."""

    DEFAULT_CSS = """
    LeaderboardScreen #board-title { height: auto; text-style: bold; padding: 0 1; }
    LeaderboardScreen #board-hint { height: auto; color: $text-muted; padding: 0 1; }
    LeaderboardScreen #standings { height: 1fr; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("g", "next_game", N_("Next game")),
        Binding("r", "refresh", N_("Refresh")),
        Binding("escape,q", "close", N_("Back")),
    ]

    def __init__(self, controller: Controller, game: str | None = None) -> None:
        super().__init__()
        self.controller = controller
        self.game = game
        self.games: list[dict[str, Any]] = []
        self.rows: list[dict[str, Any]] = []
        self.total = 0
        self.shown: str | None = None  # the game whose rows are on screen
        self._loading = False

    def compose(self) -> ComposeResult:
        speak_keys(self)
        with Vertical():
            yield Static(id="board-title")
            yield Static(_(HINT), id="board-hint")
            yield DataTable(id="standings", cursor_type="row")
        yield Footer()

    def on_mount(self) -> None:
        self._standings().focus()
        self.action_refresh()

    def _standings(self) -> DataTable[Any]:
        """The table, its columns (in the reader's language) set up on first use."""
        return columned(self.query_one(DataTable), COLUMNS)

    async def recompose(self) -> None:
        """Composed again in the reader's language (a switch of it, prtui/app.py): the
        rows as they were."""
        await super().recompose()
        self._standings().focus()
        self._fill(keep=None)

    def title_text(self) -> Text:
        title = server_words(game_title(self.controller.game_entry(self.game), self.game),
                             self.game)
        n = self.total
        return Text(ngettext("Leaderboard — {game} · {n} rated player",
                             "Leaderboard — {game} · {n} rated players", n)
                    .format(game=title, n=n))

    @work(exclusive=True, group="leaderboard")
    async def action_refresh(self) -> None:
        """This game's first page; opened without a game, the first of the server's games
        that has rated players (the first game if none has)."""
        try:
            self.games = await self.controller.games()
            names = [str(g["name"]) for g in self.games]
            pages: list[tuple[str, dict[str, Any]]] = []
            for game in [self.game] if self.game is not None else names:
                pages.append((game, await self.controller.client.command(
                    "leaderboard", game=game, limit=PAGE)))
                if pages[-1][1].get("total"):
                    break
            if not pages:
                return
            self.game, data = next(((g, d) for g, d in pages if d.get("total")), pages[0])
        except NetError as exc:
            reason = server_words(getattr(exc, "reason", None) or exc)
            self.notify(_("Leaderboard: {reason}").format(reason=reason),
                        severity="error", markup=False)
            return
        self.rows = list(data.get("players") or [])
        self.total = int(data.get("total") or 0)
        self.shown = self.game
        self._fill(keep=None)

    def _fill(self, keep: int | None) -> None:
        table = self._standings()
        table.clear()
        cells = [[str(r.get("rank", "")), "", f"{float(r.get('rating', 0)):.1f}",
                  str(r.get("games", 0)), str(r.get("wins", 0))] for r in self.rows]
        others = [max([cell_len(_(COLUMNS[i])), *(cell_len(c[i]) for c in cells)])
                  for i in (0, 2, 3, 4)]
        limit = name_cells(table, others, 8, NAME_CELLS) or NAME_CELLS
        me = self.controller.client.name
        you = " " + _(YOU)
        for row, c in zip(self.rows, cells, strict=True):
            if row.get("name") == me and "bot" not in row:  # where I stand
                name = player_cell(row, max(4, limit - cell_len(you)))
                name.stylize("bold")
                name.append(you, style="dim")
            else:
                name = player_cell(row, limit)
            table.add_row(c[0], name, *c[2:])
        fit_columns(table)
        if keep is not None and keep < len(self.rows):
            table.move_cursor(row=keep)
        self.query_one("#board-title", Static).update(self.title_text())
        if not self.rows:
            self.query_one("#board-hint", Static).update(
                _("Nobody has a rating in this game yet: rated tables make one (g next game)."))
        else:
            self.query_one("#board-hint", Static).update(_(HINT))

    @on(DataTable.RowHighlighted, "#standings")
    def _near_the_end(self, event: DataTable.RowHighlighted) -> None:
        if event.cursor_row >= len(self.rows) - 5 and len(self.rows) < self.total:
            self._more()

    @work(exclusive=True, group="leaderboard-more")
    async def _more(self) -> None:
        if self._loading or self.game is None:
            return
        self._loading = True
        try:
            data = await self.controller.client.command(
                "leaderboard", game=self.game, limit=PAGE, offset=len(self.rows))
        except NetError:
            return
        finally:
            self._loading = False
        at = self.query_one(DataTable).cursor_row
        self.rows += list(data.get("players") or [])
        self.total = int(data.get("total") or self.total)
        self._fill(keep=at)

    def action_next_game(self) -> None:
        names = [str(g.get("name")) for g in self.games]
        if len(names) > 1 and self.game in names:
            self.game = names[(names.index(self.game) + 1) % len(names)]
            self.action_refresh()

    @on(DataTable.RowSelected, "#standings")
    def _chosen(self, event: DataTable.RowSelected) -> None:
        if 0 <= event.cursor_row < len(self.rows):
            row = self.rows[event.cursor_row]
            self._open(row)

    @work(group="profile")
    async def _open(self, row: dict[str, Any]) -> None:
        from prtui.screens.profile import open_profile

        if "bot" in row:
            await open_profile(self.app, self.controller, bot=str(row["bot"]))
        else:
            await open_profile(self.app, self.controller, name=str(row.get("name")))

    def on_resize(self) -> None:
        self.call_after_refresh(self._refit)

    def _refit(self) -> None:
        if self.rows and self.is_attached:
            self._fill(keep=self.query_one(DataTable).cursor_row)

    def action_close(self) -> None:
        self.dismiss()

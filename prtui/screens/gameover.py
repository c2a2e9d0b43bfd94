"""Game over: the final score breakdown per player and each player's points over the rounds.

Shared by every game: the result is the contract's (scores with a breakdown, ranks,
winners), its parts named in the vocabulary shown; what the chart follows and its title
come from the game's board. The chart uses only what this viewer saw during the game
(Puerto Rico: own VP chips each round; everyone's under open VP) plus the final result,
which is public at the end; nothing is hidden any more, so a line with the final point
alone points to the replay, which shows everyone's chips at every step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Static

from prtui.i18n import N_, _, translator
from prtui.navigation import NewTable, Rematch
from prtui.pushes import pushes_of
from prtui.vocabulary import Vocabulary
from prtui.widgets.footer import ReadyFooter
from prtui.widgets.plain import plain, shown

if TYPE_CHECKING:
    from prtui.games import GameBoard

BARS = "▁▂▃▄▅▆▇█"
SIDE_CELLS = 6
"""The body's padding (2 each side) and a vertical scrollbar's 2 cells, beside the table."""
NAME_CELLS_LEAST = 8


def chart_line(series: list[float], top: float) -> str:
    """One block per round on a scale shared by every player (top = the highest VP)."""
    if top <= 0:
        return BARS[0] * len(series)
    return "".join(BARS[round(v / top * (len(BARS) - 1))] for v in series)


def vp_series(history: dict[int, dict[int, int]], seat: int, final: int | None) -> list[float]:
    """VP chips of one seat round by round (rounds it was unseen are skipped)."""
    series = [float(history[r][seat]) for r in sorted(history) if seat in history[r]]
    if final is not None:
        series.append(float(final))
    return series


class GameOverScreen(Screen[None]):
    """Scores, ranking and VP chart."""

    CSS_PATH = "gameover.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape,b", "back", N_("Board")),
        Binding("m", "rematch", N_("Rematch")),
        Binding("n", "new_table", N_("New table")),
        Binding("r", "replay", N_("Replay")),
        Binding("e", "review", N_("Review")),
        Binding("q", "quit_app", N_("Quit")),
    ]

    def __init__(self, view: dict[str, Any], names: dict[int, str],
                 history: dict[int, dict[int, int]], seat: int | None,
                 board: GameBoard | None = None, vocab: Vocabulary | None = None) -> None:
        super().__init__()
        self.view = view
        self.names = names
        self.history = history
        self.seat = seat
        self.board = board
        self.vocab = vocab or Vocabulary()

    def seat_name(self, seat: int) -> str:
        """The player as typed, safe to show (prtui/widgets/plain.py)."""
        name = self.names.get(seat)
        return shown(name, 32) if name else f"P{seat + 1}"

    def chart_final(self, score: dict[str, Any]) -> int | None:
        """The chart's last point: the board's (``chart_final``), else the VP chips."""
        final = getattr(self.board, "chart_final", None)
        if callable(final):
            value = final(score)
            return value if isinstance(value, int) else None
        chips = score.get("breakdown", {}).get("vp_chips")
        return chips if isinstance(chips, int) else None

    def compose(self) -> ComposeResult:
        result = self.view.get("result") or {}
        scores = sorted(result.get("scores", []), key=lambda s: (s.get("rank", 0), s.get("seat", 0)))
        winners = [self.seat_name(int(s)) for s in result.get("winners", [])]
        with VerticalScroll(id="gameover-body"):
            title = _("Game over — winner: {winners}").format(winners=", ".join(winners) or "?")
            yield Static(Text(title, style="bold"), id="gameover-title")
            yield self._score_table(scores)
            notes = getattr(self.board, "score_notes", None)
            said = str(notes(result, self.seat_name)) if callable(notes) else ""
            if said:  # a board with nothing to note (BoardBase's default) adds no line
                note = Static(Text(said), id="score-notes")
                note.styles.margin = (1, 0)
                yield note
            ratings = Static(id="ratings")
            ratings.display = False  # a rated game's changes come with the room's push
            yield ratings
            chart = self.board.chart_title if self.board else _("Points over the rounds")
            yield Static(Text(chart, style="bold underline"), id="chart-title")
            with Vertical(id="chart"):
                lines = {int(s.get("seat", 0)): vp_series(self.history, int(s.get("seat", 0)),
                                                          self.chart_final(s))
                         for s in scores}
                top = max((v for series in lines.values() for v in series), default=0.0)
                for seat, series in lines.items():
                    label = Text(self.seat_name(seat))  # cut by cells, padded to 16
                    label.truncate(16, overflow="ellipsis", pad=True)
                    line = Text.assemble((label.plain + " ", "bold"))
                    line.append(chart_line(series, top), style="green")
                    final = int(series[-1]) if series else 0
                    line.append(f" {final}")
                    if len(series) <= 1:  # not seen round by round: the replay has them now
                        line.append("  " + _("(final; r Replay shows every round)"), style="dim")
                    yield Static(line, classes="chart-line")
        yield ReadyFooter()  # with the scores, not a repaint after them

    def on_mount(self) -> None:
        """The room's pushes from now on, and the latest one (the rated game's push may
        have come before this screen)."""
        controller = getattr(self.app, "controller", None)
        latest = getattr(controller, "room_info", None)
        if isinstance(latest, dict):
            self.update_room(latest)
        pushes = pushes_of(self)
        if pushes is not None:
            pushes.subscribe(pushes.room, self, self.update_room)

    def update_room(self, room: dict[str, Any]) -> None:
        """A rated game's end: each seat's rating before and after, one line; the rating
        the leaderboard shows, mu - 3 sigma (prtui/screens/leaderboard.py)."""
        parts = []
        for seat in room.get("seats", []):
            r = seat.get("rating")
            if isinstance(r, dict):
                before = float(r.get("mu_before", 0)) - 3 * float(r.get("sigma_before", 0))
                after = float(r.get("mu", 0)) - 3 * float(r.get("sigma", 0))
                parts.append(f"{self.seat_name(int(seat.get('seat', 0)))} {before:.1f} → "
                             f"{after:.1f} ({after - before:+.1f})")
        if parts:
            line = self.query_one("#ratings", Static)
            line.update(Text(_("Ratings: {changes}").format(changes=" · ".join(parts))))
            line.display = True

    def _score_table(self, scores: list[dict[str, Any]]) -> DataTable[Any]:
        """The breakdown table, filled before it is mounted: a screen taken down while
        it mounts (the app quitting as the game ends) has nothing left to look up."""
        kinds: list[str] = []
        for score in scores:
            for key in score.get("breakdown", {}):
                if key not in kinds:
                    kinds.append(key)
        table: DataTable[Any] = DataTable(id="scores", cursor_type="row", zebra_stripes=True)
        headers = ["#", _("player"), *[shown(self.vocab(k)) for k in kinds], _("total"),
                   _("tie-break")]
        rows = [[str(score.get("rank", "")), self.seat_name(int(score.get("seat", 0))),
                 *[str(score.get("breakdown", {}).get(k, 0)) for k in kinds],
                 str(score.get("total", 0)), str(score.get("tiebreak", ""))] for score in scores]
        names = self._name_cells(headers, rows)
        table.add_columns(*[plain(h) for h in headers])
        for row in rows:
            table.add_row(row[0], plain(row[1], limit=names), *row[2:-2],
                          Text(row[-2], style="bold"), row[-1])
        return table

    def _name_cells(self, headers: list[str], rows: list[list[str]]) -> int:
        """Cells for the players' names, so that every column of the breakdown fits the
        screen's width (at 80 columns 32-character names pushed "tie-break" off the
        edge, under a scrollbar); at least NAME_CELLS_LEAST."""
        def cells(i: int) -> int:
            return max(Text(h).cell_len for h in [headers[i], *(r[i] for r in rows)]) + 2

        room = self.app.size.width - SIDE_CELLS
        others = sum(cells(i) for i in range(len(headers)) if i != 1)
        return max(NAME_CELLS_LEAST, room - others - 2)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Replay needs the connection the game was played on; a rematch or a new table,
        a seat at this one."""
        controller = getattr(self.app, "controller", None)
        if action == "review":  # my moves against the search's: a spectator made none
            return (controller is not None and controller.room is not None
                    and not getattr(controller, "spectator", False))
        if action == "replay":
            return controller is not None and controller.room is not None
        if action in ("rematch", "new_table"):
            return (controller is not None and controller.seat is not None
                    and not controller.client.closed)
        return True

    def action_rematch(self) -> None:
        """The same table again: same game, options and bots, me in my seat, a new
        seed; on a LAN server it waits in the lobby for the other players."""
        self.post_message(Rematch())

    def action_new_table(self) -> None:
        """Another table: the new-game form (local) or the lobby (LAN)."""
        self.post_message(NewTable())

    @work(exclusive=True, group="replay")
    async def action_replay(self) -> None:
        """Step through this game from the end, on the public board."""
        from prtui.screens.replay import open_replay

        controller = getattr(self.app, "controller", None)
        if controller is None or controller.room is None:
            return
        try:
            await open_replay(self.app, controller.client, controller.room, self.names, at_end=True)
        except Exception as exc:  # e.g. the room is not stored as finished yet
            reason = translator("server")(str(getattr(exc, "reason", None) or exc))
            self.notify(_("Replay: {reason}").format(reason=reason), severity="error",
                        markup=False)

    @work(exclusive=True, group="replay")
    async def action_review(self) -> None:
        """My moves against the search's, in the replay: jumps to the biggest loss."""
        from prtui.screens.replay import open_replay

        controller = getattr(self.app, "controller", None)
        if controller is None or controller.room is None:
            return
        try:
            await open_replay(self.app, controller.client, controller.room, self.names,
                              review=True)
        except Exception as exc:
            reason = translator("server")(str(getattr(exc, "reason", None) or exc))
            self.notify(_("Review: {reason}").format(reason=reason), severity="error",
                        markup=False)

    def action_back(self) -> None:
        self.dismiss()

    def action_quit_app(self) -> None:
        self.app.exit(0)

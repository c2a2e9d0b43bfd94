"""Replay of a finished game: the public board after any step, read-only.

The server answers ``replay`` with the spectator's snapshot after the first ``step``
actions; this screen asks for the step the keys point at and draws it with the board
screen's own widgets, so the game's board (prtui/games/) draws it as it draws a live
table. Key presses faster than the answers are coalesced: only the latest wanted step
is fetched next.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.events import Resize
from textual.widgets import Static

from prtui.games import board_for, cannot_draw, game_title
from prtui.i18n import N_, _, translator
from prtui.screens.board_keys import hidden_in_footer
from prtui.screens.game import GameScreen
from prtui.screens.review import review_text, worst_moves
from prtui.widgets.coach import CoachPanel
from prtui.widgets.context import BoardContext
from prtui.widgets.feed import GameLog
from prtui.widgets.plain import shown

Fetch = Callable[[int], Awaitable[dict[str, Any]]]
"""Ask the server for step k: returns the ack data {"steps", "step", "snapshot"}."""

JUMP = 10
REVIEW_TIMEOUT_S = 120.0  # a whole game, capped in time on the server (docs/hosting.md)


class ReplayScreen(GameScreen):
    """The board of a finished game at one step; keys move through the steps."""

    CSS_PATH = "game.tcss"
    live: ClassVar[bool] = False  # the app routes live pushes and chat elsewhere
    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the scrolling panels would take these keys first
        Binding("left", "step(-1)", N_("◀ Step"), priority=True),
        Binding("right", "step(1)", N_("Step ▶"), priority=True),
        Binding("comma", "step(-1)", N_("◀ Step"), show=False),
        Binding("full_stop", "step(1)", N_("Step ▶"), show=False),
        Binding("pageup", f"step(-{JUMP})", f"-{JUMP}", show=False, priority=True),
        Binding("pagedown", f"step({JUMP})", f"+{JUMP}", show=False, priority=True),
        # Home/End are on the replay's bar (and in the help): the footer fits 80 columns
        Binding("home", "jump(0)", N_("Start"), show=False, priority=True),
        Binding("end", "jump(-1)", N_("End"), show=False, priority=True),
        Binding("e", "review", N_("Review"), show=False),  # my moves against the search's
        Binding("x", "next_loss", N_("Next big loss"), show=False),
        Binding("escape,ctrl+l", "close", N_("Close")),  # i18n: keys
    ]

    def __init__(self, fetch: Fetch, first: dict[str, Any], names: dict[int, str] | None = None,
                 title: str = "", game: Mapping[str, Any] | None = None,
                 vocabulary: str | None = None,
                 ask_review: Callable[[], Awaitable[dict[str, Any]]] | None = None) -> None:
        super().__init__(None, dict(first.get("snapshot") or {}), names, vocabulary, game)
        self.ask_review = ask_review  # the server's review of my moves (a player's replay)
        self.review: dict[str, Any] | None = None
        self._loss = -1  # which of the biggest losses ``x`` showed last
        self._bindings = hidden_in_footer(self._bindings, ["f"])  # 80 columns: the steps first
        self.fetch = fetch
        self.steps = int(first.get("steps", 0))
        self.step = int(first.get("step", 0))
        self.wanted = self.step
        self.title_text = title
        self._fetching = False

    def compose(self) -> ComposeResult:
        yield Static(id="replay-bar")
        yield from super().compose()

    def on_mount(self) -> None:
        super().on_mount()
        if not self.is_attached:  # taken down as it mounted (the app quitting)
            return
        self.query_one("#chat").display = False
        self._show_bar()

    def _show_bar(self) -> None:
        title = shown(self.title_text, 40, blank="")
        step = _("step {step}/{steps}").format(step=self.step, steps=self.steps)
        text = Text.assemble((_("REPLAY"), "bold"), f" {title}  " if title else "  ",
                             (step, "bold"))
        if self.wanted != self.step:
            text.append(f" → {self.wanted}…", style="italic")
        bar = self.query_one("#replay-bar", Static)
        width = bar.content_size.width or self.app.size.width - 2
        for keys in (_("←/→ step · PgUp/PgDn ±10 · Home/End · Esc close"),
                     _("←/→ step · Esc close")):
            if text.cell_len + 3 + cell_len(keys) <= width:  # in the footer and help too
                text.append("   " + keys, style="dim")
                break
        bar.update(text)

    def on_resize(self, event: Resize) -> None:
        super().on_resize(event)
        if self.is_mounted:  # the bar's keys follow its width
            self._show_bar()

    def render_snapshot(self) -> None:
        """The log shows the game up to this step only: going back redraws it."""
        log = self.query_one(GameLog)
        entries = self.snapshot.get("log", [])
        last = int(entries[-1].get("n", len(entries) - 1)) if entries else -1
        if last < log.last_n:
            log.restart()
        super().render_snapshot()

    # moving -------------------------------------------------------------------

    def action_step(self, delta: int) -> None:
        self.go_to(self.wanted + delta)

    def action_jump(self, step: int) -> None:
        self.go_to(self.steps if step < 0 else step)

    def go_to(self, step: int) -> None:
        self.wanted = max(0, min(self.steps, step))
        self._show_bar()
        if not self._fetching and self.wanted != self.step:
            self._fetching = True
            self.run_worker(self._catch_up(), group="replay")

    async def _catch_up(self) -> None:
        """Fetch until the shown step is the wanted one (one request at a time)."""
        try:
            while self.wanted != self.step:
                target = self.wanted
                try:
                    data = await self.fetch(target)
                except Exception as exc:  # the server's reason, shown as is
                    self.wanted = self.step
                    reason = translator("server")(str(getattr(exc, "reason", None) or exc))
                    self.notify(_("Replay: {reason}").format(reason=reason), severity="error",
                                markup=False)
                    break
                self.steps = int(data.get("steps", self.steps))
                self.step = int(data.get("step", target))
                self.apply_snapshot(dict(data.get("snapshot") or {}))
                self._show_review()
        finally:
            self._fetching = False
            self._show_bar()

    def action_close(self) -> None:
        self.dismiss()

    # the review -----------------------------------------------------------------

    def action_review(self) -> None:
        """My decisions against the search's (``e``): asked once, shown over the board."""
        if self.review is not None:
            self._show_review()
            return
        if self.ask_review is not None:
            self.query_one(CoachPanel).answer(None, Text(_("Review: the search goes over "
                                                           "your moves…"), style="italic"))
            self._fetch_review()

    @work(exclusive=True, group="review")
    async def _fetch_review(self, jump: bool = False) -> None:
        assert self.ask_review is not None
        try:
            self.review = dict(await self.ask_review())
        except Exception as exc:  # the server's reason, shown as is
            self.query_one(CoachPanel).close()
            reason = translator("server")(str(getattr(exc, "reason", None) or exc))
            self.notify(_("Review: {reason}").format(reason=reason), severity="warning",
                        timeout=6, markup=False)
            return
        self._show_review()
        if jump:
            self.action_next_loss()

    def review_and_jump(self) -> None:
        """From the game over: the review, then the biggest loss."""
        if self.ask_review is not None:
            self.query_one(CoachPanel).answer(None, Text(_("Review: the search goes over "
                                                           "your moves…"), style="italic"))
            self._fetch_review(jump=True)

    def action_next_loss(self) -> None:
        """The next of the biggest losses (``x``), round and round."""
        worst = worst_moves(self.review or {})
        if not worst:
            return
        self._loss = (self._loss + 1) % len(worst)
        self.go_to(int(worst[self._loss]["step"]))

    def _show_review(self) -> None:
        if self.review is None:
            return
        ctx = self.context()
        self.query_one(CoachPanel).answer(None, review_text(
            self.review, self.step, lambda action: self.board.action_label(ctx, action)))

    def waiting_text(self, ctx: BoardContext) -> str:
        """Not a live table: nobody is waited for, someone is to move at this step."""
        if ctx.view.get("over"):
            return _("The game is over.")
        to_move = list(ctx.view.get("to_move", []))
        players = ", ".join(ctx.name(s) for s in to_move)
        return _("{players} to move").format(players=players) if to_move else ""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("leave", "focus_chat", "focus_actions"):
            return False
        if action == "review":
            return self.ask_review is not None
        if action == "next_loss":
            return self.review is not None
        return super().check_action(action, parameters)


async def open_replay(app: Any, client: Any, room: str, names: dict[int, str] | None = None,
                      title: str = "", at_end: bool = False, review: bool = False,
                      may_review: bool = True) -> None:
    """Ask for the deal (or the end) of a finished room and show its replay screen;
    ``may_review``: offer the review of my moves (False: the viewer made none here)."""

    async def fetch(step: int) -> dict[str, Any]:
        return dict(await client.command("replay", room=room, step=step))

    first = await fetch(0)
    game = ((first.get("snapshot") or {}).get("view") or {}).get("game")
    entry = next((g for g in await client.games() if g.get("name") == game), None)
    if board_for(game) is None:  # the caller shows the reason, as for any refusal
        raise ValueError(cannot_draw(game_title(entry, game)))
    if at_end and int(first.get("steps", 0)) > 0:
        first = await fetch(int(first["steps"]))
    async def ask_review() -> dict[str, Any]:
        return dict(await client.command("review", room=room, timeout=REVIEW_TIMEOUT_S))

    screen = ReplayScreen(fetch, first, names, title=title, game=entry or {"name": game},
                          vocabulary=getattr(app, "vocabulary_override", None),
                          ask_review=ask_review if may_review else None)
    await app.push_screen(screen)
    if review:
        screen.review_and_jump()

"""The board screen of any game: the game's table, my legal actions, log and chat.

It renders snapshots (``{"view", "legal", "log", "seat"}``) it is handed and turns my
choices into calls on a ``TableLink``; it never talks to the network itself, so the
same screen serves a local game, a LAN game and a spectator. What is particular to a
game (its table, keys, action texts, help) comes from the game's board
(prtui/games/), chosen by the game's name; its words and facts from the server's
description of the game (its catalog entry, ``list_games``). Its keys (the footer,
focus, help, following a seat, names, leaving) are in prtui/screens/board_keys.py.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import Any, ClassVar, Protocol

from textual import on, work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.theme import Theme

from prtui import memory
from prtui.games import GameBoard, board_for, cannot_draw, game_title
from prtui.i18n import _, translator
from prtui.pushes import pushes_of
from prtui.screens.board_keys import (
    BoardKeys,
    board_labels,
    kind_keys_in_footer,
    with_bindings,
)
from prtui.theming import goods_palette
from prtui.vocabulary import Vocabularies, localized
from prtui.widgets.actions import ActionKeys, ActionsPanel, decision_of
from prtui.widgets.coach import CoachPanel, coach_lines
from prtui.widgets.context import BoardContext, shown_only_of
from prtui.widgets.feed import ChatPanel, GameLog
from prtui.widgets.footer import KeyFooter
from prtui.widgets.messages import ActionChosen, HelpRequested
from prtui.widgets.notice import TableNotice
from prtui.widgets.status import StatusLine, waiting_text

COMPACT_WIDTH = 110  # below: 80x24-style layout
WIDE_WIDTH = 150  # from here: everything side by side
ROOMY_WIDTH = 190  # from here: a wider log


class TableLink(Protocol):
    """What the game screen needs from whoever connects it to a table."""

    async def act(self, action: dict[str, Any]) -> None: ...

    async def chat(self, text: str) -> None: ...

    async def follow(self, seat: int) -> None: ...


def size_tier(width: int) -> str:
    """The board's layout class at ``width`` columns."""
    return "-compact" if width < COMPACT_WIDTH else "-medium" if width < WIDE_WIDTH else "-wide"


class GameScreen(BoardKeys):
    """The board of one room, drawn by the board of its game (its keys: BoardKeys)."""

    CSS_PATH = "game.tcss"
    live: ClassVar[bool] = True  # the room's pushes and chat come here (a replay: False)

    def __init__(self, link: TableLink | None, snapshot: dict[str, Any],
                 names: dict[int, str] | None = None, vocabulary: str | None = None,
                 game: Mapping[str, Any] | None = None) -> None:
        """``game`` is the game's catalog entry from the server (its name, title and
        ``display``: vocabularies and facts)."""
        super().__init__()
        self.link = link
        self.snapshot = snapshot
        self.names = dict(names or {})
        view = snapshot.get("view", {})
        self.game = dict(game or {})
        name = self.game.get("name") or view.get("game")
        board = board_for(name)
        if board is None:  # the app shows UnknownGameScreen instead; never drawn half
            raise ValueError(cannot_draw(game_title(self.game, name)))
        self.board: GameBoard = board
        self.css_path = [*self.css_path, *board.css_paths]
        self._bindings = with_bindings(self._bindings, board.bindings, after="a")
        display = localized(self.game.get("display"))  # its texts in the reader's language
        self.vocabularies = Vocabularies(display)
        self.facts = board.facts(display)
        self.vocab_name = (vocabulary if vocabulary in self.vocabularies.names
                           else self.vocabularies.default(view))
        self.lag_ms: float | None = None
        self.followed: int | None = None
        self.history: dict[int, dict[int, int]] = {}  # round -> seat -> points seen
        self._parts: dict[str, Any] = {}
        self._sent_on: dict[str, Any] | None = None  # the snapshot we already acted on
        # my actions' keys, stable within a decision; what an action is, the server says
        self.action_keys = ActionKeys(shown_only_of(self.game))
        self._waiting_since: float | None = None  # since when others play (the turn bell)

    # layout -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        # the size's classes before the parts: set after, each restyled the whole board
        # (a third of the CPU to a first board; issue 36's light sessions)
        width = self.app.size.width
        self.set_class(width >= ROOMY_WIDTH, "-roomy")
        self.add_class(size_tier(width))
        self.table = self.board.table(self.snapshot)
        yield StatusLine(self.board, id="status")
        yield TableNotice(id="table-notice")
        yield CoachPanel(id="coach")
        with Horizontal(id="main"):
            yield self.table
            with Vertical(id="side"):
                yield ActionsPanel(self.board, id="actions")
                yield GameLog(id="log")
                yield ChatPanel(id="chat")
        yield KeyFooter(compact=self.has_class("-compact"))

    def on_mount(self) -> None:
        if not self.is_attached or self.app._closing or not self.table.is_mounted:
            return  # taken down as it mounted (the app quitting: its parts never came)
        self._apply_size(self.app.size.width)
        self.render_snapshot()
        room = getattr(self.link, "room_info", None)  # the room's last frame came first
        if isinstance(room, Mapping) and self.live:  # (update_room waits for is_mounted,
            self.query_one(TableNotice).update_room(room)  # which is only set after this)
        self._subscribe()
        # arrows and Enter go to my actions, not to a (maybe hidden) part of the table
        # (none if the app began quitting as this mounted: a test that leaves at once)
        for actions in self.query("#actions-list"):
            actions.focus()
        self.call_after_refresh(memory.settle)  # the board's objects out of the collector's way

    def _subscribe(self) -> None:
        """The theme's changes (goods are coloured by it), the names chosen, and at a live
        table the room's frames and chat (prtui/pushes.py)."""
        signal = self.app.theme_changed_signal
        signal.unsubscribe(self)  # once, even with a replay's second mount
        signal.subscribe(self, self._theme_changed, immediate=True)
        pushes = pushes_of(self)
        if pushes is None:
            return
        pushes.subscribe(pushes.vocabulary, self, self.set_vocabulary)
        if not self.live:
            return
        pushes.subscribe(pushes.room, self, self.update_room)
        room = getattr(self.link, "room", None)
        if isinstance(room, str):
            pushes.subscribe_chat(self, room, self.add_chat)

    def _theme_changed(self, theme: Theme) -> None:
        if self.is_mounted:
            self.render_snapshot()

    def on_resize(self, event: Resize) -> None:
        self._apply_size(event.size.width)

    def _apply_size(self, width: int) -> None:
        self.set_class(width >= ROOMY_WIDTH, "-roomy")
        self._bindings = kind_keys_in_footer(self._bindings, width)
        self.refresh_bindings()
        tier = size_tier(width)
        if not self.has_class(tier):
            self.remove_class("-compact", "-medium", "-wide")
            self.add_class(tier)
            for footer in self.query(KeyFooter):  # one space between keys: 80 columns hold them
                footer.compact = tier == "-compact"
            if self.is_mounted:
                self.render_snapshot()
        actions = self._parts.get("actions")  # none before the board's first drawing
        if actions is not None and actions.is_attached:
            actions.refit()  # a long list's height follows the screen's
        if hasattr(self, "table"):  # the game's keys named for what they do at this size
            self._bindings = board_labels(self._bindings, self.table)
            self.refresh_bindings()

    # rendering --------------------------------------------------------------

    def context(self) -> BoardContext:
        snap = self.snapshot
        seat = snap.get("seat")
        view = snap.get("view", {})
        legal = list(snap.get("legal", [])) if seat is not None else []
        ctx = BoardContext(
            view=view,
            legal=legal,
            seat=seat if seat is not None else self.followed,
            watching=seat is None,
            vocab=self.vocab,
            palette=goods_palette(self.app.theme),
            names=self.names,
            log=list(snap.get("log", [])),
            compact=not self.has_class("-wide"),
            narrow=self.has_class("-compact"),
            facts=self.facts,
            shown_only=self.action_keys.shown_only,
        )
        order = getattr(self.board, "list_order", None)  # San Juan: the hand's order
        ctx.slots = self.action_keys.slots(decision_of(view, seat), legal,
                                           order(ctx) if callable(order) and legal else None)
        ctx.gone = self.action_keys.gone()
        return ctx

    def refresh_bindings(self) -> None:
        """The footer's keys dim or light now, in the board's repaint (widgets/footer.py)."""
        super().refresh_bindings()
        footer = getattr(self, "_parts", {}).get("footer")
        if footer is not None and footer.is_attached:
            footer.dim_in_place(self)

    def apply_snapshot(self, snapshot: dict[str, Any], lag_ms: float | None = None) -> None:
        """A new state arrived (after a diff or a resync): redraw everything from it."""
        self.snapshot = snapshot
        self.lag_ms = lag_ms
        panel = self._parts.get("coach")  # none before the board's first drawing
        if panel is not None and panel.v != getattr(self.link, "shown_v", None):
            panel.close()  # its lines were for another position
        if self._parts:  # else the board is not composed yet: on_mount draws this one
            self.render_snapshot()

    def render_snapshot(self) -> None:
        """Hand the new picture to every widget; each redraws only if it changed."""
        if not self._parts:
            self._parts = {
                "status": self.query_one(StatusLine),
                "actions": self.query_one(ActionsPanel),
                "log": self.query_one(GameLog),
                "coach": self.query_one(CoachPanel),  # found once: a query walks ~100 widgets
                "footer": next(iter(self.query(KeyFooter)), None),
            }
        parts = self._parts
        ctx = self.context()
        self._remember_scores(ctx)
        waiting = self.waiting_text(ctx)
        parts["status"].refresh_from(ctx, self.lag_ms, self.waiting_text)
        self.table.refresh_from(ctx)
        parts["actions"].refresh_from(ctx, waiting)
        parts["log"].extend(ctx.log, ctx.vocab, ctx.seat_names(), ctx.view.get("round"))
        self._turn_notice(ctx)

    def _turn_notice(self, ctx: BoardContext) -> None:
        """The bell when my turn comes after waiting a while (the app's settings)."""
        mine = bool(ctx.legal) and not ctx.watching and not ctx.view.get("over")
        if not mine:
            if self._waiting_since is None:
                self._waiting_since = time.monotonic()
            return
        since, self._waiting_since = self._waiting_since, None
        settings = getattr(self.app, "settings", None)
        if since is not None and settings is not None and (
                time.monotonic() - since >= settings.bell_after_s):
            self.app.turn_notice()  # type: ignore[attr-defined]

    def update_room(self, room: Mapping[str, Any]) -> None:
        """The room's frame: who is away, and when a bot takes over their seat."""
        if self.live and self.is_mounted:
            self.query_one(TableNotice).update_room(room)

    def waiting_text(self, ctx: BoardContext) -> str:
        """Whom the table waits for (a replay says it differently)."""
        return waiting_text(ctx)

    def _remember_scores(self, ctx: BoardContext) -> None:
        """Points per round for the game-over chart: what this viewer was allowed to see."""
        seen = self.board.scores_seen(ctx.view)
        if seen:
            self.history.setdefault(int(ctx.view.get("round", 1)), {}).update(seen)

    # acting -----------------------------------------------------------------

    @on(ActionChosen)
    def _action_chosen(self, message: ActionChosen) -> None:
        message.stop()
        if self._sent_on is self.snapshot:
            return  # one action per state: a second key press before the update is dropped
        self._sent_on = self.snapshot
        self.send_action(message.action)

    @work(group="act")
    async def send_action(self, action: dict[str, Any]) -> None:
        if self.link is None:
            return
        try:
            await self.link.act(action)
        except Exception as exc:  # the server's reason, shown as is
            self._sent_on = None
            reason = translator("server")(getattr(exc, "reason", None) or str(exc))
            self.notify(_("Rejected: {reason}").format(reason=reason), severity="error",
                        timeout=6, markup=False)

    def action_coach(self) -> None:
        """What the search would play now (``t``), thought on the server: the board
        stays live meanwhile, and an answer for a position gone is dropped."""
        ask = getattr(self.link, "coach", None)
        ctx = self.context()
        if ask is None or ctx.watching:
            return
        if not ctx.legal or ctx.view.get("over"):
            self.notify(_("The coach helps when a decision is yours."), timeout=4)
            return
        v = getattr(self.link, "shown_v", None)
        panel = self.query_one(CoachPanel)
        if panel.display and panel.v == v:  # asked already for this position
            return
        panel.thinking(v)
        self.ask_coach(v)

    @work(exclusive=True, group="coach")
    async def ask_coach(self, v: int | None) -> None:
        panel = self.query_one(CoachPanel)
        try:
            data = await self.link.coach()
        except Exception as exc:  # the server's reason (off here, rate limit), shown as is
            if panel.v == v:
                panel.close()
            reason = translator("server")(getattr(exc, "reason", None) or str(exc))
            self.notify(_("Coach: {reason}").format(reason=reason), severity="warning",
                        timeout=6, markup=False)
            return
        now = getattr(self.link, "shown_v", None)
        if data.get("v", v) != now or panel.v != v:  # the table moved on meanwhile
            return
        ctx = self.context()
        actions = self.query_one(ActionsPanel)
        panel.answer(v, coach_lines(list(data.get("moves") or []),
                                    lambda action: self.board.action_label(ctx, action),
                                    actions.key_of, choices=len(ctx.legal)))

    @on(ChatPanel.Send, "#chat")
    def _send_chat(self, message: ChatPanel.Send) -> None:
        message.stop()
        if self.link is not None:
            self.run_worker(self.link.chat(message.text), group="chat")

    def add_chat(self, who: str, text: str) -> None:
        self.query_one(ChatPanel).add_line(who, text)

    @on(HelpRequested)
    def _help_requested(self, message: HelpRequested) -> None:
        message.stop()
        self.show_help(message.topic)

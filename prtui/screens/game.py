"""The board screen of any game: the game's table, my legal actions, log and chat.

It renders snapshots (``{"view", "legal", "log", "seat"}``) it is handed and turns my
choices into calls on a ``TableLink``; it never talks to the network itself, so the
same screen serves a local game, a LAN game and a spectator. What is particular to a
game (its table, keys, action texts, help) comes from the game's board
(prtui/games/), chosen by the game's name; its words and facts from the server's
description of the game (its catalog entry, ``list_games``).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Mapping
from typing import Any, ClassVar, Protocol

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingsMap, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import DescendantBlur, DescendantFocus, Resize
from textual.screen import Screen
from textual.widgets import Footer

from prtui.games import GameBoard, board_for, cannot_draw, game_title
from prtui.theming import goods_palette
from prtui.vocabulary import Vocabularies, Vocabulary
from prtui.widgets.actions import ActionKeys, ActionsPanel, decision_of
from prtui.widgets.context import BoardContext, action_key
from prtui.widgets.feed import ChatPanel, GameLog
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


def with_bindings(bindings: BindingsMap, extra: Iterable[Binding], after: str) -> BindingsMap:
    """``bindings`` with ``extra`` right after the key ``after`` (the footer's order)."""
    keys: dict[str, list[Binding]] = {}
    for key, found in bindings.key_to_bindings.items():
        keys[key] = list(found)
        if key == after:
            for binding in extra:
                keys.setdefault(binding.key, []).append(binding)
    for binding in extra:  # ``after`` missing: at the end
        keys.setdefault(binding.key, [binding])
    return BindingsMap.from_keys(keys)


class GameScreen(Screen[None]):
    """The board of one room, drawn by the board of its game."""

    CSS_PATH = "game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str((i + 1) % 10), f"choose({i})", show=False) for i in range(10)],
        Binding("a", "focus_actions", "Actions"),
        Binding("escape", "focus_actions", "Actions", show=False),
        Binding("c", "focus_chat", "Chat"),
        Binding("l", "focus_log", "Log"),
        Binding("f", "follow_next", "Follow a seat"),
        Binding("question_mark", "help", "Help"),
        Binding("v", "vocabulary", "Names"),
        Binding("ctrl+l", "leave", "Leave table"),
    ]

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
        display = self.game.get("display")
        self.vocabularies = Vocabularies(display if isinstance(display, Mapping) else None)
        self.facts = board.facts(display if isinstance(display, Mapping) else None)
        self.vocab_name = (vocabulary if vocabulary in self.vocabularies.names
                           else self.vocabularies.default(view))
        self.lag_ms: float | None = None
        self.followed: int | None = None
        self.history: dict[int, dict[int, int]] = {}  # round -> seat -> points seen
        self._parts: dict[str, Any] = {}
        self._sent_on: dict[str, Any] | None = None  # the snapshot we already acted on
        self.action_keys = ActionKeys()  # my actions' keys, stable within a decision
        self._waiting_since: float | None = None  # since when others play (the turn bell)

    @property
    def vocab(self) -> Vocabulary:
        return self.vocabularies.get(self.vocab_name)

    # layout -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        self.table = self.board.table(self.snapshot)
        yield StatusLine(self.board, id="status")
        yield TableNotice(id="table-notice")
        with Horizontal(id="main"):
            yield self.table
            with Vertical(id="side"):
                yield ActionsPanel(self.board, id="actions")
                yield GameLog(id="log")
                yield ChatPanel(id="chat")
        yield Footer()

    def on_mount(self) -> None:
        if not self.query(ActionsPanel):  # the app quit while this board was composed
            return
        self._apply_size(self.app.size.width)
        self.render_snapshot()
        room = getattr(self.link, "room_info", None)  # the room's last frame came first
        if isinstance(room, Mapping):
            self.update_room(room)
        # arrows and Enter go to my actions, not to a (maybe hidden) part of the table
        self.query_one("#actions-list").focus()

    def on_resize(self, event: Resize) -> None:
        self._apply_size(event.size.width)

    def _apply_size(self, width: int) -> None:
        self.set_class(width >= ROOMY_WIDTH, "-roomy")
        tier = "-compact" if width < COMPACT_WIDTH else "-medium" if width < WIDE_WIDTH else "-wide"
        if not self.has_class(tier):
            self.remove_class("-compact", "-medium", "-wide")
            self.add_class(tier)
            if self.is_mounted:
                self.render_snapshot()

    # rendering --------------------------------------------------------------

    def context(self) -> BoardContext:
        snap = self.snapshot
        seat = snap.get("seat")
        view = snap.get("view", {})
        legal = list(snap.get("legal", [])) if seat is not None else []
        return BoardContext(
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
            slots=self.action_keys.slots(decision_of(view, seat), legal),
        )

    def apply_snapshot(self, snapshot: dict[str, Any], lag_ms: float | None = None) -> None:
        """A new state arrived (after a diff or a resync): redraw everything from it."""
        self.snapshot = snapshot
        self.lag_ms = lag_ms
        if self._parts:  # else the board is not composed yet: on_mount draws this one
            self.render_snapshot()

    def render_snapshot(self) -> None:
        """Hand the new picture to every widget; each redraws only if it changed."""
        if not self._parts:
            self._parts = {
                "status": self.query_one(StatusLine),
                "actions": self.query_one(ActionsPanel),
                "log": self.query_one(GameLog),
            }
        parts = self._parts
        ctx = self.context()
        self._remember_scores(ctx)
        waiting = self.waiting_text(ctx)
        parts["status"].refresh_from(ctx, self.lag_ms, waiting)
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
        if getattr(self, "live", True) and self.is_mounted:
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

    def action_choose(self, index: int) -> None:
        if self.snapshot.get("seat") is None:
            return
        self.query_one(ActionsPanel).choose_key(action_key(index))

    def on_action_chosen(self, message: ActionChosen) -> None:
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
            reason = getattr(exc, "reason", None) or str(exc)
            self.notify(f"Rejected: {reason}", severity="error", timeout=6, markup=False)

    def on_chat_panel_send(self, message: ChatPanel.Send) -> None:
        message.stop()
        if self.link is not None:
            self.run_worker(self.link.chat(message.text), group="chat")

    def add_chat(self, who: str, text: str) -> None:
        self.query_one(ChatPanel).add_line(who, text)

    def on_help_requested(self, message: HelpRequested) -> None:
        message.stop()
        self.show_help(message.topic)

    def action_help(self) -> None:
        """Help; on a focused part of the table (a building): that part's help."""
        topic = getattr(self.focused, "help_topic", None)
        self.show_help(topic if isinstance(topic, str) else None)

    def show_help(self, topic: str | None) -> None:
        from prtui.screens.help import HelpScreen

        view = self.snapshot.get("view", {})
        in_play = [*view.get("buildings", {}), *(str(r.get("id")) for r in view.get("roles", []))]
        more = getattr(self.board, "also_in_play", None)  # e.g. buildings still to be drafted
        if more is not None:
            in_play += more(view)
        self.app.push_screen(HelpScreen(self.board, self.vocab, self.facts, focus_topic=topic,
                                        in_play=in_play or None))

    def action_focus_actions(self) -> None:
        self.query_one("#actions-list").focus()

    def action_focus_log(self) -> None:
        """The log, to scroll back (↑↓ PgUp PgDn); wider while it has the keys; Esc or
        a: back to my actions."""
        if self.has_class("-show-chat"):
            self.remove_class("-show-chat")
        self.query_one(GameLog).focus()

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        self.set_class(isinstance(event.widget, GameLog), "-reading-log")

    def on_descendant_blur(self, event: DescendantBlur) -> None:
        if isinstance(event.widget, GameLog):
            self.remove_class("-reading-log")

    def action_focus_chat(self) -> None:
        """Focus the chat input (compact layout: the chat takes the log's place)."""
        if self.has_class("-compact"):
            self.toggle_class("-show-chat")
            if not self.has_class("-show-chat"):
                self.query_one("#actions-list").focus()
                return
        self.query_one("#chat-input").focus()

    def action_board(self, name: str) -> None:
        """A key of the game's own (``GameBoard.bindings``), handled by its table."""
        self.table.board_action(name)

    def action_vocabulary(self) -> None:
        """The game's next vocabulary, on every word of the board (and what opens next)."""
        self.set_vocabulary(self.vocabularies.after(self.vocab_name))
        self.notify(f"Names: {self.vocab_name}")

    def set_vocabulary(self, name: str) -> None:
        self.vocab_name = self.vocabularies.get(name).name
        if hasattr(self.app, "vocabulary_override"):
            self.app.vocabulary_override = self.vocab_name
        if self.is_mounted:
            self.render_snapshot()

    def action_leave(self) -> None:
        """Back to the lobby (LAN), or quit (local game: the server keeps it stored)."""
        leave = getattr(self.app, "leave_table", None)
        if leave is not None:
            self.run_worker(leave(), group="leave")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Following is for spectators; choosing is for players (hidden otherwise)."""
        seated = self.snapshot.get("seat") is not None
        if action == "follow_next":
            return not seated
        if action == "choose":
            return seated
        return True

    def action_follow_next(self) -> None:
        """Spectators: follow the next seat's perspective."""
        count = int(self.snapshot.get("view", {}).get("players_count", 1))
        self.followed = 0 if self.followed is None else (self.followed + 1) % count
        self.notify(f"Following {self.context().name(self.followed)}", markup=False)
        if self.link is not None:
            self.run_worker(self.link.follow(self.followed), group="follow")
        self.render_snapshot()

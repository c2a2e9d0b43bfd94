"""The game screen: the whole table, my legal actions, log and chat.

It renders snapshots (``{"view", "legal", "log", "seat"}``) it is handed and turns my
choices into calls on a ``TableLink``; it never talks to the network itself, so the
same screen serves a local game, a LAN game and a spectator.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer

from prtui.theming import goods_palette
from prtui.vocabulary import Vocabulary
from prtui.widgets.actions import ActionsPanel
from prtui.widgets.buildings import BuildingSupply
from prtui.widgets.context import BoardContext
from prtui.widgets.feed import ChatPanel, GameLog
from prtui.widgets.messages import ActionChosen, HelpRequested
from prtui.widgets.player import PlayerBoard
from prtui.widgets.status import StatusLine, waiting_text
from prtui.widgets.table import (
    ColonistsPanel,
    PlantationsPanel,
    RoleCard,
    ShipsPanel,
    SupplyPanel,
    TradingHouse,
)

COMPACT_WIDTH = 110  # below: 80x24-style layout
WIDE_WIDTH = 150  # from here: everything side by side


class TableLink(Protocol):
    """What the game screen needs from whoever connects it to a table."""

    async def act(self, action: dict[str, Any]) -> None: ...

    async def chat(self, text: str) -> None: ...

    async def follow(self, seat: int) -> None: ...


class GameScreen(Screen[None]):
    """The board of one room."""

    CSS_PATH = "game.tcss"
    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str((i + 1) % 10), f"choose({i})", show=False) for i in range(10)],
        Binding("a", "focus_actions", "Actions"),
        Binding("escape", "focus_actions", "Actions", show=False),
        Binding("b", "toggle_buildings", "Buildings"),
        Binding("c", "focus_chat", "Chat"),
        Binding("f", "follow_next", "Follow a seat"),
        Binding("question_mark", "help", "Help"),
        Binding("v", "vocabulary", "Names"),
        Binding("ctrl+l", "leave", "Leave table"),
    ]

    def __init__(self, link: TableLink | None, snapshot: dict[str, Any],
                 names: dict[int, str] | None = None, vocabulary: str | None = None) -> None:
        super().__init__()
        self.link = link
        self.snapshot = snapshot
        self.names = dict(names or {})
        view = snapshot.get("view", {})
        self.vocab_name = vocabulary or str(view.get("options", {}).get("edition", "classic"))
        self.lag_ms: float | None = None
        self.followed: int | None = None
        self.history: dict[int, dict[int, int]] = {}  # round -> seat -> VP seen
        self._parts: dict[str, Any] = {}
        self._sent_on: dict[str, Any] | None = None  # the snapshot we already acted on

    # layout -----------------------------------------------------------------

    def compose(self) -> ComposeResult:
        view = self.snapshot.get("view", {})
        yield StatusLine(id="status")
        with Horizontal(id="main"):
            with Vertical(id="board"):
                with Horizontal(id="roles"):
                    for role in view.get("roles", []):
                        yield RoleCard(str(role.get("id")))
                with Horizontal(id="shared"):
                    yield ShipsPanel(id="ships", classes="panel")
                    with Vertical(id="shared-right"):
                        yield TradingHouse(id="trading-house", classes="panel")
                        yield ColonistsPanel(id="colonists", classes="panel")
                    with Vertical(id="shared-far"):
                        yield PlantationsPanel(id="plantations", classes="panel")
                        yield SupplyPanel(id="supply", classes="panel")
                with Horizontal(id="lower"):
                    yield BuildingSupply(id="buildings")
                    with VerticalScroll(id="players"):
                        for seat in self._seat_order(view):
                            yield PlayerBoard(seat)
            with Vertical(id="side"):
                yield ActionsPanel(id="actions")
                yield GameLog(id="log")
                yield ChatPanel(id="chat")
        yield Footer()

    def _seat_order(self, view: dict[str, Any]) -> list[int]:
        """Me first, then the others clockwise."""
        count = int(view.get("players_count", len(view.get("players", []))))
        start = self.snapshot.get("seat") or 0
        return [(start + i) % count for i in range(count)]

    def on_mount(self) -> None:
        self._apply_size(self.app.size.width)
        self.render_snapshot()
        # arrows and Enter go to my actions, not to the (maybe hidden) building supply
        self.query_one("#actions-list").focus()

    def on_resize(self, event: Resize) -> None:
        self._apply_size(event.size.width)

    def _apply_size(self, width: int) -> None:
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
        return BoardContext(
            view=snap.get("view", {}),
            legal=list(snap.get("legal", [])) if seat is not None else [],
            seat=seat if seat is not None else self.followed,
            watching=seat is None,
            vocab=Vocabulary(self.vocab_name),
            palette=goods_palette(self.app.theme),
            names=self.names,
            log=list(snap.get("log", [])),
            compact=not self.has_class("-wide"),
            narrow=self.has_class("-compact"),
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
                "roles": list(self.query(RoleCard)),
                "panels": [self.query_one(p) for p in (ShipsPanel, TradingHouse, ColonistsPanel,
                                                       PlantationsPanel, SupplyPanel)],
                "buildings": self.query_one(BuildingSupply),
                "boards": list(self.query(PlayerBoard)),
                "actions": self.query_one(ActionsPanel),
                "log": self.query_one(GameLog),
            }
        parts = self._parts
        ctx = self.context()
        self._remember_vp(ctx)
        waiting = self.waiting_text(ctx)
        parts["status"].refresh_from(ctx, self.lag_ms, waiting)
        roles = {str(r.get("id")): r for r in ctx.view.get("roles", [])}
        for card in parts["roles"]:
            if card.role_id in roles:
                card.refresh_from(ctx, roles[card.role_id])
        for panel in parts["panels"]:
            panel.refresh_from(ctx)
        parts["buildings"].refresh_from(ctx)
        for board in parts["boards"]:
            board.refresh_from(ctx)
        parts["actions"].refresh_from(ctx, waiting)
        parts["log"].extend(ctx.log)

    def waiting_text(self, ctx: BoardContext) -> str:
        """Whom the table waits for (a replay says it differently)."""
        return waiting_text(ctx)

    def _remember_vp(self, ctx: BoardContext) -> None:
        """VP per round for the game-over chart: what this viewer was allowed to see."""
        rnd = int(ctx.view.get("round", 1))
        seen = self.history.setdefault(rnd, {})
        for p in ctx.view.get("players", []):
            if p.get("vp_chips") is not None:
                seen[int(p.get("seat", 0))] = int(p["vp_chips"])

    # acting -----------------------------------------------------------------

    def action_choose(self, index: int) -> None:
        if self.snapshot.get("seat") is None:
            return
        self.query_one(ActionsPanel).choose(index)

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
        from prtui.screens.help import HelpScreen

        self.app.push_screen(HelpScreen(self.vocab_name, focus_topic=message.topic))

    def action_help(self) -> None:
        from prtui.screens.help import HelpScreen

        focused = self.focused
        topic = None
        if isinstance(focused, BuildingSupply):
            topic = focused.highlighted_building
        self.app.push_screen(HelpScreen(self.vocab_name, focus_topic=topic))

    def action_focus_actions(self) -> None:
        self.query_one("#actions-list").focus()

    def action_focus_chat(self) -> None:
        """Focus the chat input (compact layout: the chat takes the log's place)."""
        if self.has_class("-compact"):
            self.toggle_class("-show-chat")
            if not self.has_class("-show-chat"):
                self.query_one("#actions-list").focus()
                return
        self.query_one("#chat-input").focus()

    def action_toggle_buildings(self) -> None:
        self.toggle_class("-show-buildings")
        if self.has_class("-show-buildings"):
            self.query_one(BuildingSupply).focus()

    def action_vocabulary(self) -> None:
        self.vocab_name = "1897" if self.vocab_name == "classic" else "classic"
        self.notify(f"Names: {self.vocab_name}")
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

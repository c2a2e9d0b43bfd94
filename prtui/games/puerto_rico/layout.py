"""Puerto Rico's part of the board screen: role cards, the shared supply, the summary
of every board, the building supply and one player's full board, left of the shared
actions, log and chat.

One full board is on screen at a time: mine, or the rival's that `o` (or a summary
row) chose; the next decision of mine brings mine back, so my board is the one on
screen whenever I must decide. The summary says the rest of every board. A spectator
(and a replay) has no board of his own: every board, one below the other, the chosen
one scrolled to the top. From GRID up (160x50) every full board is on screen at once,
in three columns (mine first, two wide), and the building supply comes on `b` in their
place: the summary's rows would only say again what the boards show."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.containers import Container, Horizontal, Vertical, VerticalScroll
from textual.css.query import NoMatches

from prtui.games.puerto_rico.buildings import BuildingSupply
from prtui.games.puerto_rico.draft import DraftPanel, in_draft
from prtui.games.puerto_rico.festival import FestivalPanel
from prtui.games.puerto_rico.player import PlayerBoard
from prtui.games.puerto_rico.summary import ROOMY, SummaryPanel
from prtui.games.puerto_rico.table import (
    ColonistsPanel,
    PlantationsPanel,
    RoleCard,
    ShipsPanel,
    SupplyPanel,
    TradingHouse,
)
from prtui.i18n import N_
from prtui.widgets.board_table import BoardTable
from prtui.widgets.context import BoardContext

GRID = (156, 46)
"""From this terminal size up every player's full board is on screen (the boards in a
grid of three columns, two rows for five players: 14 rows each, under at most 16 of role
cards, shared supply and score; narrower than 34 columns a city's line would wrap)."""


class PuertoRicoTable(BoardTable):
    """Everything on the table but my actions, the log and the chat."""

    def __init__(self, snapshot: Mapping[str, Any]) -> None:
        super().__init__(id="board")
        self.snapshot = snapshot
        self._parts: dict[str, Any] = {}
        self._summary_open = False  # below ROOMY: the rows opened with `o`
        self.shown: int | None = None  # the seat whose full board is on screen (None: mine)
        self._seen_view: object = None  # the view last drawn: a new one may be a decision

    def compose(self) -> ComposeResult:
        view = self.snapshot.get("view", {})
        with Horizontal(id="roles"):
            for role in view.get("roles", []):
                yield RoleCard(str(role.get("id")))
        with Horizontal(id="shared"):
            with Vertical(id="ships-column"):  # the ships, the festival (IV) below them
                yield ShipsPanel(id="ships", classes="panel")
                yield FestivalPanel(id="festival", classes="panel")
            with Container(id="shared-info"):  # a grid: two columns, one below 110 columns
                yield TradingHouse(id="trading-house", classes="panel")
                yield PlantationsPanel(id="plantations", classes="panel")
                yield ColonistsPanel(id="colonists", classes="panel")
                yield SupplyPanel(id="supply", classes="panel")
        yield SummaryPanel(id="summary")  # every board at a glance, my score, the end
        yield DraftPanel(id="draft")  # Expansion I's first step, in place of the boards
        with Horizontal(id="lower"):
            yield BuildingSupply(id="buildings")
            with VerticalScroll(id="players"):  # a grid from GRID up
                for seat in self._seat_order(view):
                    yield PlayerBoard(seat)

    def _seat_order(self, view: Mapping[str, Any]) -> list[int]:
        """Me first, then the others clockwise."""
        count = int(view.get("players_count", len(view.get("players", []))))
        start = self.snapshot.get("seat") or 0
        return [(start + i) % count for i in range(count)]

    def _find_parts(self) -> dict[str, Any]:
        """The parts a new picture goes to, found once (a query walks the table)."""
        return {
            "roles": list(self.query(RoleCard)),
            "panels": [self.query_one(p) for p in (ShipsPanel, TradingHouse, ColonistsPanel,
                                                   PlantationsPanel, SupplyPanel,
                                                   FestivalPanel, SummaryPanel)],
            "buildings": self.query_one(BuildingSupply),
            "boards": list(self.query(PlayerBoard)),
            "draft": self.query_one(DraftPanel),
            "players": self.query_one("#players", VerticalScroll),
            "summary": self.query_one(SummaryPanel),
        }

    def refresh_from(self, ctx: BoardContext) -> None:
        """Hand the new picture to every part; each redraws only if it changed."""
        if not self._parts:
            try:
                self._parts = self._find_parts()
            except NoMatches:  # asked before its parts mounted (seen under load): once they are
                self.call_after_refresh(self.refresh_from, ctx)
                return
        parts = self._parts
        self._place_grid()
        self._place_summary()
        if ctx.view is not self._seen_view:
            self._seen_view = ctx.view
            if ctx.legal and not ctx.watching:  # a decision of mine: my board
                self.shown = None
                if self.screen.has_class("-show-buildings"):  # `b` put the supply there
                    self.screen.remove_class("-show-buildings")
        self._me = ctx.seat
        self._watching = ctx.watching
        if self.has_class("-seated") == ctx.watching:  # my board two columns wide
            self.set_class(not ctx.watching, "-seated")
        self._show_board()
        drafting = in_draft(ctx.view)
        if self.has_class("-draft") != drafting:
            self.set_class(drafting, "-draft")
        if drafting:
            parts["draft"].refresh_from(ctx)
        roles = {str(r.get("id")): r for r in ctx.view.get("roles", [])}
        for card in parts["roles"]:
            if card.role_id in roles:
                card.refresh_from(ctx, roles[card.role_id])
        for panel in parts["panels"]:
            panel.refresh_from(ctx)
        parts["buildings"].refresh_from(ctx)
        for board in parts["boards"]:
            board.refresh_from(ctx)

    def board_action(self, name: str) -> None:
        """The table's own keys (``BOARD.bindings``)."""
        if name == "toggle_buildings":  # compact: the building supply in the boards' place
            screen = self.screen
            screen.toggle_class("-show-buildings")
            if screen.has_class("-show-buildings"):
                self.query_one(BuildingSupply).focus()
        elif name == "summary":  # from ROOMY: the next rival's board; below: the rows
            if self._grid():  # every board is on screen already
                return
            if self._roomy():
                self._next_board()
                return
            summary = self.query_one(SummaryPanel)
            if summary.has_focus:
                self._summary_open = False
                self.screen.query_one("#actions-list").focus()
            else:
                self._summary_open = True
                summary.focus()
            self._place_summary()

    _me: int | None = None  # my seat (a spectator: the seat followed)
    _watching = False  # a spectator or a replay: every board, one below the other

    def board_enabled(self, name: str) -> bool:
        """`o` has nothing to show where every board is on screen."""
        return name != "summary" or not self._grid()

    def board_label(self, name: str) -> str | None:
        """`o` shows the next rival's full board from ROOMY up, every board's row below."""
        if name == "summary":
            return N_("Next board") if self._roomy() else N_("All boards")  # the footer's _()
        return None

    def _roomy(self) -> bool:
        size = self.app.size
        return size.width >= ROOMY[0] and size.height >= ROOMY[1]

    def _grid(self) -> bool:
        size = self.app.size
        return size.width >= GRID[0] and size.height >= GRID[1]

    def _place_grid(self) -> None:
        """Every full board at once from GRID up (the class lays them out)."""
        grid = self._grid()
        if self.has_class("-grid") != grid:
            self.set_class(grid, "-grid")
            for board in self._parts.get("boards") or self.query(PlayerBoard):
                board.city.set_scored(grid)  # no summary row says what each city scores
            self._show_board()

    def _place_summary(self) -> None:
        """The summary's rows from ROOMY up (below GRID), or when opened."""
        rows = (self._roomy() and not self._grid()) or self._summary_open
        summary = self._parts.get("summary") or self.query_one(SummaryPanel)  # found once
        summary.set_expanded(rows)

    def _next_board(self) -> None:
        """`o`: the next rival's full board clockwise; after the last one, mine again."""
        order = self._seat_order(self.snapshot.get("view", {}))
        mine = self._me if self._me in order else order[0]
        order = order[order.index(mine):] + order[: order.index(mine)]
        at = order.index(self.shown) if self.shown in order else 0
        self.shown = order[(at + 1) % len(order)]
        if self.shown == mine:
            self.shown = None
        self._show_board()

    def _show_board(self) -> None:
        """Only the chosen seat's full board (else mine) in the boards' place."""
        boards = self._parts.get("boards") or list(self.query(PlayerBoard))
        if not boards:
            return
        seats = [b.seat for b in boards]
        target = self.shown if self.shown in seats else self._me if self._me in seats else seats[0]
        players = self._parts.get("players") or self.query_one("#players", VerticalScroll)
        if self._watching or self.has_class("-grid"):  # all (watching: the chosen on top)
            for board in boards:
                board.display = True
            if self.shown is not None and not self.has_class("-grid"):
                players.scroll_to_widget(boards[seats.index(target)], top=True, animate=False)
            return
        changed = False
        for board in boards:
            if board.display != (board.seat == target):
                board.display = board.seat == target
                changed = True
        if changed:
            players.scroll_home(animate=False)

    def on_resize(self) -> None:
        self._place_grid()
        self._place_summary()

    @on(SummaryPanel.Chosen)
    def _board_chosen(self, message: SummaryPanel.Chosen) -> None:
        """A row chosen: that player's full board (below ROOMY in the summary's place)."""
        message.stop()
        screen = self.screen
        if screen.has_class("-show-buildings"):
            screen.remove_class("-show-buildings")
        self._summary_open = False
        self._place_summary()
        self.shown = message.seat if message.seat != self._me else None
        self._show_board()
        self.call_after_refresh(screen.query_one("#actions-list").focus)

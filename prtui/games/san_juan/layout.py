"""San Juan's part of the board screen: role cards, the piles and price tile, my hand
and my city, then the opponents, left of the shared actions, log and chat.

My city and the opponents (one line each at 80 columns, wrapped rather than cut) stay
put; only my hand (and the cards drawn to keep) scrolls, and only when there is no room.
`o` shows the opponents in full in my hand's place until my next decision."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical, VerticalScroll

from prtui.games.san_juan.hand import HandList
from prtui.games.san_juan.table import CityPanel, InfoLine, OfferPanel, OpponentBoard, RolesBar
from prtui.widgets.board_table import BoardTable
from prtui.widgets.context import BoardContext

MAX_PLAYERS = 4


class SanJuanTable(BoardTable):
    """Everything on the table but my actions, the log and the chat."""

    def __init__(self, snapshot: Mapping[str, Any]) -> None:
        super().__init__(id="board")
        self.snapshot = snapshot
        self._parts: list[Any] = []
        self._seen_view: object = None

    def compose(self) -> ComposeResult:
        view = self.snapshot.get("view", {})
        count = int(view.get("players_count", len(view.get("players", []))) or MAX_PLAYERS)
        yield RolesBar(id="sj-roles")
        yield InfoLine(id="sj-info")
        with Horizontal(id="sj-mine"):
            with VerticalScroll(id="sj-body"), Vertical(id="sj-hand-box"):
                yield HandList(id="sj-hand")
                yield OfferPanel(id="sj-offer")
            yield CityPanel(id="sj-city")
        with Vertical(id="sj-opponents"):
            for offset in range(1, count):
                yield OpponentBoard(offset)

    def refresh_from(self, ctx: BoardContext) -> None:
        """Hand the new picture to every part; each redraws only if it changed. A new
        decision of mine brings my hand back in the opponents' place (`o`), as Puerto
        Rico's brings my board back: my cards are on screen whenever I must choose."""
        if ctx.view is not self._seen_view:
            self._seen_view = ctx.view
            if ctx.legal and not ctx.watching and self.screen.has_class("-sj-opponents"):
                self.screen.remove_class("-sj-opponents")
        choosing = ctx.narrow and bool(ctx.legal) and ctx.view.get("decision", {}).get(
            "step") == "choose_role"  # the five roles and a role's text: the log's rows
        if choosing != self.screen.has_class("-sj-choosing"):
            self.screen.set_class(choosing, "-sj-choosing")
        if not self._parts:
            self._parts = [self.query_one(RolesBar), self.query_one(InfoLine),
                           self.query_one(HandList), self.query_one(OfferPanel),
                           self.query_one(CityPanel), *self.query(OpponentBoard)]
        for part in self._parts:
            part.refresh_from(ctx)

    def board_enabled(self, name: str) -> bool:
        """`o` swaps my hand for the opponents in full at 80 columns only: wider, they
        are on screen in full beside it already."""
        return name != "toggle_opponents" or self.screen.has_class("-compact")

    def board_action(self, name: str) -> None:
        """The table's own keys (``BOARD.bindings``)."""
        if name == "focus_hand":
            self.query_one(HandList).focus()
        elif name == "toggle_opponents":  # compact: the opponents in full, in the hand's place
            self.screen.toggle_class("-sj-opponents")
            render = getattr(self.screen, "render_snapshot", None)
            if render is not None:
                render()

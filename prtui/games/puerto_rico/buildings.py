"""The building supply: copies left and *my* price, buildable ones marked.

A MenuList so a building can be focused by keyboard or mouse: Enter or a click builds
it (when legal), `?` shows its help. Costs and VP are the server's facts; my price is
the one the server worked out (my player's ``prices`` in the view), never computed here.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType

from prtui.games.puerto_rico.facts import my_price
from prtui.i18n import N_, _
from prtui.widgets.context import BoardContext
from prtui.widgets.menu import MenuList
from prtui.widgets.messages import ActionChosen, HelpRequested
from prtui.widgets.plain import cut_cells, pad_cells


class BuildingSupply(MenuList):
    """Every building of the game with copies left and my price."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("question_mark", "explain", N_("Building help"))]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._builds: dict[str, dict[str, Any]] = {}
        self._drawn: tuple[object, ...] | None = None  # what the rows were last made from

    @property
    def highlighted_building(self) -> str | None:
        return self.keys[self.cursor] if self.keys else None

    @property
    def help_topic(self) -> str | None:
        """What `?` explains while the supply has the focus."""
        return self.highlighted_building

    def refresh_from(self, ctx: BoardContext) -> None:
        builds = ctx.actions("build")
        supply = ctx.view.get("buildings", {})
        me = ctx.me()
        drawn = (supply, me, builds, ctx.vocab, ctx.facts)  # all the rows read
        if drawn == self._drawn:  # a diff elsewhere (a diff shares unchanged parts: `is`)
            return
        self._drawn = drawn
        self._builds = {str(a.get("building")): a for a in builds}
        coins = int(me.get("doubloons", 0)) if me else None
        known = ctx.facts.buildings
        order = [b for b in known if b in supply] + sorted(b for b in supply if b not in known)
        rows = [self._row(ctx, bid, int(supply[bid]), my_price(ctx, bid), bid in self._builds, coins)
                for bid in order]
        self.set_rows(rows, order)

    @staticmethod
    def _row(ctx: BoardContext, bid: str, left: int, price: int | None, legal: bool,
             coins: int | None) -> Text:
        facts = ctx.facts.building(bid)
        text = Text.assemble(("▶ " if legal else "  ", "bold green"))
        style = "magenta" if facts and facts.kind == "violet" else ""
        if left == 0:
            style = "dim strike"
        text.append(pad_cells(cut_cells(ctx.vocab(bid), 21), 21), style=style)
        text.append(f" ×{left}", style="dim" if left == 0 else "")
        if facts:
            afford = coins is None or price is None or price <= coins
            text.append(f" {facts.cost:>2}", style="dim")
            if price is not None:
                text.append(f"→{price:>2}$", style="bold yellow" if afford else "red")
            # i18n: victory points after a number, in a column: "3VP" (2 cells: 分)
            text.append(" " + _("{vp}VP").format(vp=facts.vp), style="green")
        return text

    def on_menu_list_selected(self, event: MenuList.Selected) -> None:
        if event.menu is not self:
            return
        event.stop()
        bid = self.keys[event.index]
        if bid in self._builds:
            self.post_message(ActionChosen(self._builds[bid]))
        else:
            self.post_message(HelpRequested(bid))

    def on_menu_list_highlighted(self, event: MenuList.Highlighted) -> None:
        if event.menu is self:
            event.stop()

    def action_explain(self) -> None:
        if self.highlighted_building:
            self.post_message(HelpRequested(self.highlighted_building))

"""The building supply: copies left and *my* price, buildable ones marked.

An OptionList so a building can be focused by keyboard or mouse: Enter builds it (when
legal), `?` shows its help.
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from prtui.helptext import BUILDINGS
from prtui.widgets.context import BoardContext
from prtui.widgets.messages import ActionChosen, HelpRequested


class BuildingSupply(OptionList):
    """Every building of the game with copies left and my price."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("question_mark", "explain", "Building help")]

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._builds: dict[str, dict] = {}
        self._signature: tuple = ()

    def refresh_from(self, ctx: BoardContext) -> None:
        self._builds = {str(a.get("building")): a for a in ctx.actions("build")}
        supply = ctx.view.get("buildings", {})
        me = ctx.me()
        coins = int(me.get("doubloons", 0)) if me else None
        rows = []
        order = [b for b in BUILDINGS if b in supply] + sorted(b for b in supply if b not in BUILDINGS)
        for bid in order:
            price = ctx.my_price(bid)
            rows.append((bid, int(supply[bid]), price, bid in self._builds))
        signature = (tuple(rows), coins, ctx.vocab.edition)
        if signature == self._signature:
            return  # nothing visible changed: keep the highlight, skip the redraw
        self._signature = signature
        highlighted = self.highlighted
        self.clear_options()
        self.add_options([self._row(ctx, *row, coins=coins) for row in rows])
        if highlighted is not None and highlighted < self.option_count:
            self.highlighted = highlighted

    @staticmethod
    def _row(ctx: BoardContext, bid: str, left: int, price: int | None, legal: bool, coins: int | None) -> Option:
        facts = BUILDINGS.get(bid)
        text = Text("▶ " if legal else "  ", style="bold green")
        name = ctx.vocab(bid)
        style = "magenta" if facts and facts.kind == "violet" else ""
        if left == 0:
            style = "dim strike"
        text.append(f"{name[:22]:<22}", style=style)
        text.append(f" ×{left}", style="dim" if left == 0 else "")
        if facts:
            afford = coins is None or price is None or price <= coins
            text.append(f" {facts.cost:>2}", style="dim")
            if price is not None:
                text.append(f"→{price:>2}$", style="bold yellow" if afford else "red")
            text.append(f" {facts.vp}VP", style="green")
        return Option(text, id=bid)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        bid = event.option.id or ""
        if bid in self._builds:
            self.post_message(ActionChosen(self._builds[bid]))
        else:
            self.post_message(HelpRequested(bid))

    def action_explain(self) -> None:
        if self.highlighted is not None:
            option = self.get_option_at_index(self.highlighted)
            if option.id:
                self.post_message(HelpRequested(option.id))

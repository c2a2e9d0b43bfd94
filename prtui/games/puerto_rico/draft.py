"""The draft of Expansion I (1897 rulebook) as its own step of the board screen.

Before round 1 the players place, in turn, one commercial building each on an empty
space of the board of the same cost. While the view's step is ``draft`` this panel
takes the place of the players' boards: who places now, the board's spaces by cost
(sections as printed, the Citizens' extra spaces apart) with what is on them, and the
candidates still open, each with cost, VP and what it does. Enter or a click on a
candidate places it (when it is my turn), `?` opens its help. Every fact comes from
the view and the server's display data; nothing here knows a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical

from prtui.games.puerto_rico.abbrev import fit_name
from prtui.i18n import N_, _
from prtui.widgets.context import BoardContext, Shown
from prtui.widgets.menu import MenuList
from prtui.widgets.messages import ActionChosen, HelpRequested
from prtui.widgets.plain import cut_cells

SECTIONS = 4  # the printed board: 1-3, 4-6, 7-9 and the large buildings (10)
BASE_SPACES = 17  # the printed spaces; more are the Citizens' (catalog.CITIZEN_SPACES)


def in_draft(view: Mapping[str, Any]) -> bool:
    return view.get("phase", {}).get("step") == "draft" and isinstance(view.get("board"), Mapping)


def _section(cost: int) -> int:
    return min(SECTIONS - 1, (cost - 1) // 3)


class DraftSpaces(Shown):
    """Who places, and the board's spaces by cost: the building on each, or its cost."""

    def refresh_from(self, ctx: BoardContext) -> None:
        board = ctx.view.get("board", {})
        spaces = [s for s in board.get("spaces", []) if isinstance(s, Mapping)]
        filled = sum(1 for s in spaces if s.get("building"))
        turn = ctx.view.get("phase", {}).get("turn")
        mine = turn is not None and turn == ctx.seat and not ctx.watching
        text = Text.assemble((_("Draft"), "bold reverse green" if mine else "bold reverse"))
        placing = _("you place") if mine else _("{player} places").format(player=ctx.name(turn))
        text.append(" " + placing, style="bold")
        text.append("  " + _("{filled}/{spaces} filled").format(filled=filled, spaces=len(spaces)),
                    style="dim")
        copies = int(board.get("copies_per_space", 1))
        if copies > 1:
            text.append("  " + _("small ×{copies}").format(copies=copies), style="dim")
        rows: list[list[Mapping[str, Any]]] = [[] for _section in range(SECTIONS)]
        extra = spaces[BASE_SPACES:]
        for space in spaces[:BASE_SPACES]:
            rows[_section(int(space.get("cost", 1)))].append(space)
        half = (len(extra) + 1) // 2  # the Citizens' spaces on two rows of their own
        rows += [extra[:half], extra[half:]]
        room = self.content_size.width or 48
        for r, row in enumerate(rows):
            if not row:
                continue
            text.append("\n")
            lead = ""
            if r == SECTIONS:
                lead = cut_cells(ctx.vocab.title("citizens"), 3) + " "
            elif r > SECTIONS:
                lead = " " * 4
            text.append(lead, style="dim")
            width = (room - cell_len(lead) - (len(row) - 1)) // len(row)
            for j, space in enumerate(row):
                text.append(" " if j else "")
                text.append_text(self._cell(ctx, space, width))
        self.show(text)

    @staticmethod
    def _cell(ctx: BoardContext, space: Mapping[str, Any], width: int) -> Text:
        """One space in ``width`` cells: its building, or "5:···" while empty."""
        cost = int(space.get("cost", 0))
        bid = space.get("building")
        head = f"{cost}:"
        if not bid:
            return Text((head + "···").ljust(width), style="dim")
        facts = ctx.facts.building(str(bid))  # its cost is the space's: the name says enough
        name = fit_name(ctx.vocab, str(bid), max(3, width))
        cell = Text(name, style="magenta" if facts and facts.kind == "violet" else "bold")
        cell.pad_right(width - cell.cell_len)
        return cell

    _last: BoardContext | None = None

    def on_resize(self) -> None:
        if self._last is not None:
            self.refresh_from(self._last)


class DraftCandidates(MenuList):
    """The buildings that may still be placed: cost, VP, circles, name and effect."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("question_mark", "explain", N_("Building help"))]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(wrap=True, **kwargs)  # a building's effect read whole, never cut
        self._picks: dict[str, dict[str, Any]] = {}

    @property
    def help_topic(self) -> str | None:
        return self.keys[self.cursor] if self.keys else None

    def refresh_from(self, ctx: BoardContext) -> None:
        self._picks = {str(a.get("building")): a for a in ctx.actions("draft")}
        names = [str(b) for b in ctx.view.get("board", {}).get("candidates", [])]
        order = sorted(names, key=lambda b: (getattr(ctx.facts.building(b), "cost", 99), names.index(b)))
        self.set_rows([self._row(ctx, b) for b in order], order)

    def _row(self, ctx: BoardContext, bid: str) -> Text:
        facts = ctx.facts.building(bid)
        text = Text.assemble(("▶ " if bid in self._picks else "  ", "bold green"))
        if facts:
            text.append(f"{facts.cost:>2}$ " + _("{vp}VP").format(vp=facts.vp) + " ", style="dim")
        style = "magenta" if facts and facts.kind == "violet" else ""
        text.append(fit_name(ctx.vocab, bid, 18), style=style + (" bold" if facts and facts.large else ""))
        if facts and facts.help:
            text.append("  " + ctx.vocab.render(facts.help), style="italic")
        return text

    def on_menu_list_selected(self, event: MenuList.Selected) -> None:
        if event.menu is not self:
            return
        event.stop()
        bid = self.keys[event.index]
        self.post_message(ActionChosen(self._picks[bid]) if bid in self._picks else HelpRequested(bid))

    def on_menu_list_highlighted(self, event: MenuList.Highlighted) -> None:
        if event.menu is self:
            event.stop()

    def action_explain(self) -> None:
        if self.help_topic:
            self.post_message(HelpRequested(self.help_topic))


class DraftPanel(Vertical):
    """The draft step: spaces above, candidates below (shown only during the draft)."""

    def compose(self) -> ComposeResult:
        yield DraftSpaces(id="draft-spaces")
        yield DraftCandidates(id="draft-candidates")

    def refresh_from(self, ctx: BoardContext) -> None:
        spaces = self.query_one(DraftSpaces)
        spaces._last = ctx
        spaces.refresh_from(ctx)
        self.query_one(DraftCandidates).refresh_from(ctx)

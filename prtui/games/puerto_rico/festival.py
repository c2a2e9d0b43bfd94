"""The festival board (Expansion IV): the three goals drawn at the setup, what each
gives, and who took it or that it is still open. Click (or ? on it) for its help.

Drawn under the cargo ships: three lines at 80 columns ("Fest. 3 Frt ✓ana"), wider a
title and a line per goal, its taker first ("✓bot2   Crn Frt Cof made → 3$"). Everything from the view's ``festival`` key
(docs/puerto-rico-view.md); hidden (no lines) in a game without the expansion.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from prtui.games.puerto_rico.abbrev import fit_name, seat_tag
from prtui.i18n import _
from prtui.widgets.context import BoardContext, Shown
from prtui.widgets.messages import HelpRequested

GOALS = ("estate", "goods", "building")
TAKEN = "✓"


def festival_of(view: Mapping[str, Any]) -> Mapping[str, Any] | None:
    festival = view.get("festival")
    return festival if isinstance(festival, Mapping) else None


class FestivalPanel(Shown):
    """The festival's goals and their takers."""

    _last: BoardContext | None = None

    def refresh_from(self, ctx: BoardContext) -> None:
        self._last = ctx
        festival = festival_of(ctx.view)
        if self.display != (festival is not None):
            self.display = festival is not None
        if festival is None:
            return
        won = w if isinstance(w := festival.get("won"), Mapping) else {}
        width = self.content_size.width or (20 if ctx.narrow else 40)
        short = ctx.narrow or width < 34  # the medium layout's ships are narrow too
        lines = [self._goal(ctx, festival, goal, won.get(goal), width, short) for goal in GOALS]
        if not short and max(line.cell_len for line in lines) > width:  # a long name: short
            short = True
            lines = [self._goal(ctx, festival, goal, won.get(goal), width, short)
                     for goal in GOALS]
        if short:
            # i18n: the festival's short title at 80 columns, at most 6 cells with its space
            lines[0] = Text.assemble((_("Fest. "), "bold"), lines[0])
            text = Text("\n").join(lines)
        else:
            title = Text.assemble((_("Festival"), "bold"), (" " + _("(first only)"), "dim"))
            text = Text("\n").join([title, *lines])
        self.show(text)

    def _goal(self, ctx: BoardContext, festival: Mapping[str, Any], goal: str,
              taker: Any, width: int, narrow: bool) -> Text:
        """One goal: what reaches it, what it gives (wide only), its taker or "open"."""
        text = Text()
        if goal == "estate":
            kind = str(festival.get("estate"))
            name = ctx.short(kind) if narrow else ctx.vocab(kind)
            text.append_text(ctx.good(kind, f"3 {name}"))
            if not narrow:
                text.append(f" {ctx.vocab('plantations')} → 3 {ctx.vocab('colonists')}")
        elif goal == "goods":
            for i, g in enumerate(festival.get("goods") or []):
                text.append(" " if i else "")
                text.append_text(ctx.good(str(g), ctx.short(str(g))))
            if not narrow:
                text.append(" " + _("made → 3$"))
        else:
            bid = festival.get("building")
            if bid is None:
                # i18n: at most 17 cells (80 columns)
                text.append(_("bldg: after draft") if narrow else
                            _("building: drawn after the draft"), style="dim")
                return text
            room = width - 7 if narrow else width - 20
            text.append(fit_name(ctx.vocab, str(bid), max(6, room)))
            if not narrow:
                text.append(" " + _("built → 3 VP"))
        status = Text(f"{TAKEN}{seat_tag(ctx.name(taker), 6)}", style="bold cyan") \
            if isinstance(taker, int) else Text(_("open"), style="green")
        if narrow:  # "Crn Frt Cof ✓bot2": fits the 20 columns under the ships
            return Text.assemble(text, " ", status)
        status.pad_right(8 - status.cell_len)  # wide: the taker first, never cut off
        return Text.assemble(status, text)

    def on_resize(self) -> None:
        if self._last is not None:  # the short or the long board follows the width
            self.refresh_from(self._last)

    def on_click(self) -> None:
        self.post_message(HelpRequested("festival"))

"""The lobby's first lines for a claimed player: the turn-based tables waiting for my
move, soonest deadline first, each opened by its number (prtui/screens/lobby.py).

Room names are what their hosts typed: shown as plain text (prtui/widgets/plain.py),
cut to the width by this code, never by the terminal."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.widget import Widget
from textual.widgets import Static

from prtui.i18n import _, ngettext
from prtui.widgets.plain import shown

MOST_SHOWN = 9
"""Tables listed, one per number key 1..9; more are found in the rooms list."""
FEWEST_NAME_CELLS = 8


def time_left(seconds: float) -> str:
    """A deadline's distance, as a player reads it: "2 d 4 h", "23 h", "45 min"."""
    if seconds <= 0:
        return _("deadline passed")
    minutes = int(seconds // 60)
    if minutes < 60:
        return _("{minutes} min left").format(minutes=max(minutes, 1))
    hours = minutes // 60
    if hours < 24:
        return _("{hours} h left").format(hours=hours)
    if hours % 24:
        return _("{days} d {hours} h left").format(days=hours // 24, hours=hours % 24)
    return _("{days} d left").format(days=hours // 24)


def heading(count: int) -> str:
    tables = ngettext("{count} table", "{count} tables", count).format(count=count)
    keys = _("1 opens it") if count == 1 else _("1-{last} open one").format(
        last=min(count, MOST_SHOWN))
    more = " " + _("(the rest: in the rooms below)") if count > MOST_SHOWN else ""
    return _("Your move at {tables} — {keys}").format(tables=tables, keys=keys) + more


class YourTurns(Static):
    """"Your move at N tables", then one numbered line per table."""

    DEFAULT_CSS: ClassVar[str] = """
    YourTurns { height: auto; padding: 0 1; border-bottom: solid $primary; display: none; }
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.tables: list[dict[str, Any]] = []
        self.titles: dict[str, str] = {}  # game id -> its title

    def show(self, tables: list[dict[str, Any]], titles: dict[str, str]) -> None:
        self.tables, self.titles = tables, titles
        self.display = bool(tables)
        # the pane's width, less this widget's padding: known even while it was hidden
        pane = self.parent.content_size.width if isinstance(self.parent, Widget) else 0
        self.update(self._text((pane or self.app.size.width) - 2))

    def table(self, number: int) -> dict[str, Any] | None:
        """The table listed with ``number`` (1..9), if any."""
        return self.tables[number - 1] if 1 <= number <= min(len(self.tables), MOST_SHOWN) else None

    def _text(self, width: int) -> Text:
        out = Text(no_wrap=True, end="")
        out.append(shown(heading(len(self.tables)), limit=max(width, 10)), style="bold")
        for n, table in enumerate(self.tables[:MOST_SHOWN], start=1):
            game = shown(self.titles.get(str(table.get("game")), table.get("game")), limit=16)
            left = time_left(float(table.get("due_in_s") or 0))
            rest = f" · {game} · {left}"
            room = max(FEWEST_NAME_CELLS, width - 3 - cell_len(rest))
            name = shown(table.get("name"), limit=room)
            line = f"{n}  {name}{rest}"
            if cell_len(line) > width:  # too narrow for the rest: the name and time only
                line = shown(f"{n}  {name} · {left}", limit=width)
            out.append("\n" + line)
        return out

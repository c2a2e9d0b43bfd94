"""Text another person typed, made safe to show: never markup, never terminal codes.

Every name, room name, host name, seat name, chat line and log line reaches the screen
through ``plain`` (a rich ``Text``, which Textual never parses as markup) or ``shown``
(a cleaned ``str`` to append to a Text). The server refuses hostile names
(server/protocol/names.py), but rooms stored before those rules, and third-party
servers, may still send anything, so the client cleans what it shows:

- control characters (ESC, newlines...) become their visible pictures (␛, ␊), so no
  escape sequence ever reaches the terminal;
- formatting characters (bidi overrides, zero-width marks) are dropped, line and
  paragraph separators and exotic spaces become plain spaces;
- private-use, unassigned and surrogate code points become U+FFFD;
- combining marks stack at most ``MAX_COMBINING_RUN`` high;
- text with nothing visible left shows as ``BLANK``; text wider than ``limit`` terminal
  cells is cut with "…" (a wide CJK character takes two cells).
"""

from __future__ import annotations

from functools import lru_cache

from rich.cells import cell_len, set_cell_size
from rich.style import StyleType
from rich.text import Text

from server.protocol.names import MAX_COMBINING_RUN, is_combining, is_visible, printable

BLANK = "(blank)"
"""What a name without one visible character shows as."""


def shown(value: object, limit: int | None = None, blank: str = BLANK) -> str:
    """``value`` as a string that is safe to print as is (see the module docstring);
    at most ``limit`` cells wide when given."""
    return _shown(str(value), limit, blank)


@lru_cache(maxsize=2048)
def _shown(text: str, limit: int | None, blank: str) -> str:
    """Cached: a board redraw asks for the same few names dozens of times."""
    out: list[str] = []
    run = 0
    for ch in printable(text):
        run = run + 1 if is_combining(ch) else 0
        if run <= MAX_COMBINING_RUN:
            out.append(ch)
    result = "".join(out)
    if not any(is_visible(ch) for ch in result):
        return blank
    if limit is not None and cell_len(result) > limit:
        result = set_cell_size(result, max(0, limit - 1)).rstrip() + "…"
    return result


def cut_cells(text: str, width: int) -> str:
    """The first ``width`` cells of ``text``, whole characters only: a wide character,
    such as 中, takes two cells, so a name typed in Chinese is cut by cells, not by
    letters (a cut through a wide character leaves it out)."""
    return text if cell_len(text) <= width else set_cell_size(text, max(0, width)).rstrip()


def pad_cells(text: str, width: int) -> str:
    """``text`` with spaces after it to ``width`` cells (str.ljust counts letters: a
    Chinese name's two-cell characters pushed the columns after it out of line)."""
    return text + " " * max(0, width - cell_len(text))


def plain(value: object, style: StyleType = "", limit: int | None = None,
          blank: str = BLANK) -> Text:
    """A rich ``Text`` of ``value``: what every widget is given instead of a markup string."""
    return Text(shown(value, limit, blank), style=style, end="")

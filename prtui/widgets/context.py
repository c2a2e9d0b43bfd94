"""What every board widget renders from: the view, my legal actions, names, words,
the game's facts and colours.

Built once per update so each widget reads the same consistent picture; widgets never
keep their own copy of game state. Nothing here knows a game: the words and the facts
come from the server's description of it (prtui/vocabulary.py, ``GameBoard.facts``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self

from rich.cells import cell_len
from rich.text import Text
from textual.css.scalar import Unit
from textual.geometry import Region
from textual.widgets import Static

from prtui.vocabulary import Vocabulary, seat_names
from prtui.widgets.plain import shown

NAME_CELLS = 32
"""Widest player name on the board (a longer one ends in "…")."""

SHOWN_ONLY = frozenset(("label", "tmpl", "note", "vp", "commits", "place", "rest", "discount"))
"""An action's fields that are only shown, for a server older than issue 35, whose catalog
entry does not list them (``shown_only``): those it sent then."""


def shown_only_of(game: Mapping[str, Any] | None) -> frozenset[str]:
    """The fields of an action that are only shown, as the game's catalog entry lists them
    (the engine contract's ``SHOWN_ONLY``, sent by ``describe``), else ``SHOWN_ONLY``."""
    listed = (game or {}).get("shown_only")
    if isinstance(listed, list) and all(isinstance(k, str) for k in listed):
        return frozenset(listed)
    return SHOWN_ONLY


@dataclass
class BoardContext:
    view: dict[str, Any]
    legal: list[dict[str, Any]]
    seat: int | None
    vocab: Vocabulary
    palette: dict[str, str]
    names: dict[int, str] = field(default_factory=dict)
    log: list[dict[str, Any]] = field(default_factory=list)
    compact: bool = False  # one-line panels (compact and medium layouts)
    narrow: bool = False  # the 80-column layout: shortest names
    watching: bool = False  # a spectator: ``seat`` is only the seat followed, never "me"
    facts: Any = None  # the game's facts, from the server (GameBoard.facts)
    slots: list[int] = field(default_factory=list)  # per legal action: its key's slot
    gone: list[tuple[int, dict[str, Any]]] = field(default_factory=list)  # shown disabled
    name_cells: int = NAME_CELLS  # widest name shown (a one-line header asks for less)
    brief: bool = False  # a one-line text out of room: leave out what is said elsewhere
    shown_only: frozenset[str] = SHOWN_ONLY  # an action's fields only shown (the server's)

    def key_of(self, index: int) -> str:
        """The key of ``legal[index]``: stable within a decision (prtui/widgets/actions.py,
        ``ActionKeys``); without slots, its place in the list."""
        return action_key(self.slots[index] if index < len(self.slots) else index)

    def seat_names(self) -> list[str]:
        """The names a template's ``{p:N}`` stands for (as the game wrote its texts)."""
        return seat_names(self.view)

    def text(self, item: dict[str, Any], key: str) -> str:
        """A log line's or an action's words in the vocabulary shown (its template
        rendered, else the server's own text)."""
        return self.vocab.text(item, key, self.seat_names())

    def name(self, seat: int | None) -> str:
        """The seat's player as typed by that person, safe to show (prtui/widgets/plain.py)."""
        if seat is None:
            return "-"
        if seat in self.names:
            return shown(self.names[seat], self.name_cells)
        players = self.view.get("players", [])
        named = players[seat].get("name") if 0 <= seat < len(players) else None
        return shown(named, self.name_cells) if named else f"P{seat + 1}"

    def me(self) -> dict[str, Any] | None:
        if self.seat is None:
            return None
        players = self.view.get("players", [])
        return players[self.seat] if 0 <= self.seat < len(players) else None

    def actions(self, kind: str) -> list[dict[str, Any]]:
        return [a for a in self.legal if a.get("type") == kind]

    def short(self, ident: str) -> str:
        """Three letters for one cell ("Crn"), in the vocabulary shown."""
        return self.vocab.tag(ident)

    def good(self, ident: str | None, text: str | None = None) -> Text:
        """A good's name (or the given text) in its theme colour."""
        if ident is None:
            return Text(text or "-", style="dim")
        return Text(text if text is not None else self.vocab(ident), style=self.palette.get(ident, ""))


KIND_SLOTS = {"confirm": 100, "undo": 101, "decline": 102}
"""The slots of the recurring choices of a turn (an action's ``kind``): keys of their own."""
KIND_KEYS = {100: "y", 101: "u", 102: "n"}


NUMBER_KEYS = "1234567890"
MORE_KEYS = "dipswxz"
"""After 0, the letters bound to nothing else on a board (a long list: a draft's 14
choices, the Smuggler's 16); the help and the README's key table name them."""
CAPITAL_KEYS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
"""Then the capitals (shift+letter), bound to nothing: the two-player 1897 opening
draft lists 39 buildings."""
CHOICE_KEYS = NUMBER_KEYS + MORE_KEYS + CAPITAL_KEYS


def action_key(index: int) -> str:
    """The key for the n-th listed action (1..9, 0, ``MORE_KEYS``, ``CAPITAL_KEYS``); ''
    beyond them;
    a kind's slot (``KIND_SLOTS``) its letter."""
    if index in KIND_KEYS:
        return KIND_KEYS[index]
    return CHOICE_KEYS[index] if 0 <= index < len(CHOICE_KEYS) else ""


class Shown(Static):
    """A Static that skips the update when the text did not change, and repaints only
    the rows whose line changed.

    A diff usually touches one player or one ship; redrawing only what changed keeps
    the diff-to-screen time low on a full five-player board. A repainted row costs
    Textual more than anything else in a frame (every widget crossing it is cut again),
    so a header whose second line changed repaints that line, not the three.
    """

    _shown: Text | None = None
    _only: tuple[Region, ...] | None = None  # the rows the update in progress repaints

    def show(self, text: Text) -> None:
        old = self._shown
        if old is not None and text == old:
            return
        self._shown = text
        layout = old is None or self._changes_size(old, text)
        self._only = None if layout or old is None else self._changed_rows(old, text)
        try:
            self.update(text, layout=layout)
        finally:
            self._only = None

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Self:
        if self._only and not (regions or layout or recompose):  # from ``show``
            regions = self._only
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def _changed_rows(self, old: Text, new: Text) -> tuple[Region, ...] | None:
        """The rows (content-relative) whose line changed when each line is one row: as
        many lines as before, none wrapped, nothing scrolled; None: repaint them all."""
        width = self.content_size.width
        if width <= 0 or old.style != new.style or self.scroll_offset != (0, 0):
            return None
        before, after = old.split("\n", allow_blank=True), new.split("\n", allow_blank=True)
        if len(before) != len(after):
            return None
        wraps = not new.no_wrap and self.styles.text_wrap != "nowrap"
        if wraps and any(line.cell_len > width for line in (*before, *after)):
            return None
        rows = tuple(Region(0, y, width, 1) for y, (a, b) in enumerate(zip(before, after, strict=True))
                     if a != b)
        return rows or None

    def _changes_size(self, old: Text, new: Text) -> bool:
        """A new layout only when the box may change height: the text's height (its lines
        as wrapped to the width) differs and the box followed it, or it outgrows the box.
        A box held taller by its min-height (the action list's window) keeps its size
        while its text fits: a repaint of this widget only."""
        height = self.styles.height
        if height is not None and not height.is_auto:
            return False  # a fixed height: the text cannot move anything else
        width = self.content_size.width
        if width <= 0:
            return True
        return self._box_changes(self._height_of(old, width), self._height_of(new, width))

    def _box_changes(self, before: int, after: int) -> bool:
        box = self.content_size.height
        floor = self._min_rows()  # a box held by its min-height: fewer lines keep it
        return max(after, floor) != max(before, floor) and (after > box or before >= box)

    def _min_rows(self) -> int:
        """The content rows a min-height in cells holds the box at (0: none such)."""
        least = self.styles.min_height
        if least is None or least.unit != Unit.CELLS:
            return 0
        gutter = 0 if self.styles.box_sizing == "content-box" else self.styles.gutter.height
        return max(0, int(least.value) - gutter)

    def _height_of(self, text: Text, width: int) -> int:
        """Lines once wrapped to ``width`` (wrapping only computed when a line is wider)."""
        lines = text.plain.split("\n")
        if max(cell_len(line) for line in lines) <= width:
            return len(lines)
        return len(text.wrap(self.app.console, width))

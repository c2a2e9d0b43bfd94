"""Every board at a glance: one row per player, then my score and the end's progress.

A row says a player's doubloons, VP as far as I may see them, colonists, buildings,
island and city fill, the role taken this round and the goods; a second line lists the
buildings with their occupancy ("SMa● Hos◆○ Fac●○○"). The rows are on screen from
120x40 up; below that only the score line is, and `o` (``board('summary')``) opens the
rows. Choosing a row (↑↓ Enter, or a click) shows that player's full board.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from string import Formatter
from typing import Any, ClassVar, NamedTuple

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.events import Click
from textual.message import Message

from prtui.games.puerto_rico.abbrev import building_tag, short_tag
from prtui.games.puerto_rico.player import circles
from prtui.games.puerto_rico.score import SPACES, score_line, vp_cell
from prtui.i18n import N_, _, ngettext
from prtui.widgets.context import BoardContext, Shown
from prtui.widgets.plain import cut_cells, pad_cells

_ALIGN = re.compile(r"([<>])(\d+)")


class _Cells(Formatter):
    """``str.format`` whose ``{:>3}`` and ``{:<10}`` pad by cells, not letters: a column
    title or a role's tag in Chinese is two cells a character."""

    def format_field(self, value: Any, format_spec: str) -> str:
        found = _ALIGN.fullmatch(format_spec)
        if found is None:
            return str(super().format_field(value, format_spec))
        text = str(value)
        pad = " " * max(0, int(found[2]) - cell_len(text))
        return pad + text if found[1] == ">" else text + pad


_CELLS = _Cells()


class Form(NamedTuple):
    """A summary row's columns: the format of all but the name, which comes first,
    padded by cells, not letters (a name typed in Chinese, 2 cells a character, put the
    columns after it out of line; so do the columns' titles in Chinese)."""

    columns: str
    name_cells: int

    def format(self, name: str, *cells: object) -> str:
        return _CELLS.format(self.columns, pad_cells(name, self.name_cells), *cells)


HEADER = Form("  {} {:>3} {:>9} {:>3} {:>3} {:>5} {:>5} {:<10} {}", 10)
MEDIUM = Form("  {} {:>3} {:>8} {:>3} {:>3} {:>5} {:>5} {:<3} {}", 8)
"""From 110 to 150 columns (the table ~70 wide): shorter names, the role's tag."""
NARROW = Form("  {}{:>4}{:>7}{:>4}{:>4}{:>4}{:>5} {:<3} {}", 6)
"""At 80 columns: short names, the fills as counts of 12, the role's tag."""
TIGHT = Form("  {}{:>4}{:>7}{:>4}{:>4}{:>4}{:>5} {:<3} {}", 8)
"""MEDIUM's names with NARROW's columns: for a late game whose goods would not fit."""
ROOMY = (120, 40)
"""From this terminal size up the rows are always shown."""


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


tag = short_tag  # a name in the rows' cells, its trailing number kept


def colonists(player: Mapping[str, Any]) -> int:
    """Everyone on the island, in the city and waiting in San Juan."""
    placed = sum(_int(t.get("colonists")) for t in player.get("island", []))
    placed += sum(_int(b.get("colonists")) for b in player.get("city", []))
    return placed + _int(player.get("san_juan"))


def row(ctx: BoardContext, player: Mapping[str, Any], width: int = 0,
        tight: bool = False) -> Text:
    """One player's line of the summary. ``tight`` (see ``fits_tight``) says hidden chips
    as "hid", the fills as counts and packs the goods; past ``width`` (when known) the
    goods that do not fit end in "…": the line never wraps (two lines a player, always,
    so my own board below keeps its place)."""
    text = _row(ctx, player, tight)
    return _cut(text, width) if width and text.cell_len > width else text


def fits_tight(ctx: BoardContext, width: int) -> bool:
    """Whether the rows need the tight form (one for the whole panel: the header and
    every row keep the same columns)."""
    return bool(width) and any(_row(ctx, p, False).cell_len > width
                               for p in ctx.view.get("players", []))


def _cut(text: Text, width: int) -> Text:
    cut = text.copy()
    cut.truncate(width - 1)
    return cut.append("…", style="dim")


def _vp(player: Mapping[str, Any], width: int) -> str:
    """The VP cell within its column: '16+hidden', or '16+hid' where that is too wide
    (a cell past its column pushed every column after it out of line with the header)."""
    cell = vp_cell(player)
    return cell if cell_len(cell) <= width else cell.replace(_("hidden"), _("hid"))


def _name(ctx: BoardContext, seat: int, form: Form) -> str:
    """The seat's name cut to ``form``'s name column (``Form.format`` pads it)."""
    return tag(ctx.name(seat), form.name_cells)


def _row(ctx: BoardContext, player: Mapping[str, Any], tight: bool) -> Text:
    seat = _int(player.get("seat"))
    turn = ctx.view.get("phase", {}).get("turn")
    held = player.get("roles") or ([player["role"]] if player.get("role") else [])
    island, city = len(player.get("island", [])), _int(player.get("city_spaces_used"))
    if ctx.narrow:
        role = ",".join(ctx.vocab.tag(r) for r in held)
        cells = NARROW.format(_name(ctx, seat, NARROW), f"{_int(player.get('doubloons'))}$",
                              _vp(player, 7), colonists(player),
                              len(player.get("city", [])), island, city, role, "")
    elif ctx.compact or tight:
        role = ",".join(ctx.vocab.tag(r) for r in held)
        fills = (island, city) if tight else (f"{island}/{SPACES}", f"{city}/{SPACES}")
        form = TIGHT if tight else MEDIUM
        cells = form.format(
            _name(ctx, seat, form), f"{_int(player.get('doubloons'))}$",
            _vp(player, 7 if tight else 8),
            colonists(player), len(player.get("city", [])), *fills, role, "")
    else:
        role = ",".join(ctx.vocab.tag(r) if len(held) > 1 else ctx.vocab.title(r) for r in held)
        cells = HEADER.format(_name(ctx, seat, HEADER), f"{_int(player.get('doubloons'))}$",
                              _vp(player, 9), colonists(player), len(player.get("city", [])),
                              f"{island}/{SPACES}", f"{city}/{SPACES}", cut_cells(role, 10), "")
    text = Text("▶" if turn == seat else " ", style="bold yellow")
    text.append(cells[1:].rstrip() + " " if tight else cells[1:],
                style="bold" if seat == ctx.seat else "")
    goods = player.get("goods", {})
    for g in ctx.facts.goods:
        if _int(goods.get(g)):
            text.append_text(ctx.good(g, f"{ctx.short(g)}{goods[g]}{'' if tight else ' '}"))
    return text


def city_line(ctx: BoardContext, player: Mapping[str, Any], width: int = 0) -> Text:
    """A player's buildings with their occupancy, in build order: "SMa● Hos◆○ Fac●○○".

    Past ``width`` (when known) the buildings go without spaces (each tag starts with a
    capital after the last one's circles), then the ones that do not fit end in "…+N":
    never a second line, which would push my own board off the screen."""
    city = [b for b in player.get("city", []) if isinstance(b, Mapping)]
    if not city:
        return Text("    ").append(_("no buildings"), style="dim")
    text = _city(ctx, city, "    ", " ")
    if not width or text.cell_len <= width:
        return text
    text = _city(ctx, city, " ", "")
    if text.cell_len <= width:
        return text
    for shown in range(len(city) - 1, 0, -1):
        more = Text(f"…+{len(city) - shown}", style="dim")
        text = _city(ctx, city[:shown], " ", "")
        if text.cell_len + more.cell_len <= width:
            return text.append_text(more)
    count = ngettext("{count} building…", "{count} buildings…", len(city))
    return Text(" " + count.format(count=len(city)), style="dim")


def _city(ctx: BoardContext, city: list[Mapping[str, Any]], indent: str, gap: str) -> Text:
    text = Text(indent)
    for i, entry in enumerate(city):
        bid = str(entry.get("building"))
        facts = ctx.facts.building(bid)
        violet = facts is not None and facts.kind == "violet"
        text.append(gap if i else "")
        text.append(building_tag(ctx.vocab, bid), style="magenta" if violet else "")
        text.append_text(circles(_int(entry.get("colonists")), facts.circles if facts else 1,
                                 _int(entry.get("citizens"))))
    return text


def _titles(short: bool) -> list[str]:
    """The columns' titles, each within its column's cells (the narrowest form's)."""
    # i18n: the summary table's column titles; each must fit the cells of its English
    # (Col, Bld, Isl and Rol: 3 cells, one Chinese character; City 4; Goods 5; VP 2)
    return [_("Player"), "$", _("VP"), _("Col"), _("Bld"), _("Isl"), _("City"),
            _("Rol") if short else _("Role"), _("Goods")]


class SummaryPanel(Shown, can_focus=True):
    """The all-players summary and the score line (``expanded``: with the rows)."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", N_("Up"), show=False),
        Binding("down", "move(1)", N_("Down"), show=False),
        Binding("enter", "open", N_("Open board"), show=False),
    ]

    class Chosen(Message):
        """A row was chosen: show that seat's board."""

        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    expanded = False
    cursor = 0
    _last: BoardContext | None = None

    def refresh_from(self, ctx: BoardContext) -> None:
        self._last = ctx
        text = Text()
        if self.expanded:
            width = self.content_size.width
            tight = fits_tight(ctx, width)
            form = (NARROW if ctx.narrow else TIGHT if tight else MEDIUM if ctx.compact
                    else HEADER)
            text.append(form.format(*_titles(ctx.compact or tight)) + "\n", style="dim")
            for i, player in enumerate(ctx.view.get("players", [])):
                line = row(ctx, player, width, tight)
                if self._focused() and i == self.cursor:
                    line.stylize("reverse")
                text.append_text(line)
                text.append("\n")
                text.append_text(city_line(ctx, player, width))
                text.append("\n")
        text.append_text(score_line(ctx, self.content_size.width))
        self.show(text)

    def _focused(self) -> bool:
        """Whether the cursor row is drawn: the screen's focus now, not ``has_focus``,
        which a Blur still queued leaves set (the first board drew its cursor row
        reversed at start, the focus already on my actions)."""
        return self.is_attached and self.screen.focused is self

    def _redraw(self) -> None:
        if self._last is not None:
            self.refresh_from(self._last)

    def set_expanded(self, expanded: bool) -> None:
        if expanded != self.expanded:
            self.expanded = expanded
            self._redraw()

    def on_focus(self) -> None:
        self._redraw()

    def on_blur(self) -> None:
        self._redraw()

    def _count(self) -> int:
        return len(self._last.view.get("players", [])) if self._last else 0

    def action_move(self, step: int) -> None:
        if self._count():
            self.cursor = (self.cursor + step) % self._count()
            self._redraw()

    def action_open(self) -> None:
        if self.expanded and self._count():
            self.post_message(self.Chosen(self.cursor))

    def on_click(self, event: Click) -> None:
        line = (event.y - 1) // 2  # the header first, then two lines a player
        if self.expanded and event.y >= 1 and 0 <= line < self._count():
            self.cursor = line
            self.post_message(self.Chosen(line))

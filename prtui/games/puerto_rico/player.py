"""A player's board: the header (money, goods, VP, role), the island and the city.

The island and the city each have 12 spaces; a large building fills two. During the
mayor phase the spaces I may fill are marked with the key of their action, so the
placement is previewed on the board itself.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical

from prtui.games.puerto_rico.abbrev import fit_name
from prtui.i18n import _
from prtui.widgets.context import BoardContext, Shown

SPACES = 12


WORKER, CITIZEN, EMPTY, FOREST = "●", "◆", "○", "♣"
"""Shapes, not only colours (the colour-blind theme): a worker, a citizen (Expansion
II), an empty circle, a forest (Expansion I: an estate face down, never manned)."""


def _circles(filled: int, total: int, citizens: int = 0) -> Text:
    """A place's circles: citizens first (◆), then workers (●), then empty ones (○)."""
    citizens = min(citizens, filled)
    return Text.assemble((CITIZEN * citizens, "bold magenta"), (WORKER * (filled - citizens), "bold"),
                         (EMPTY * max(0, total - filled), "dim"))


circles = _circles  # the summary's one-line cities draw the same circles


def island_cell(ctx: BoardContext, tile: dict[str, Any]) -> Text:
    """One island space in four cells: the tile's tag and its circle ("Ind●", "For♣")."""
    kind = str(tile.get("tile"))
    if kind == "forest":
        return Text.assemble((ctx.short("forest"), "green"), (FOREST, "bold green"))
    cell = ctx.good(kind, ctx.short(kind))
    cell.append_text(_circles(int(bool(tile.get("colonists"))), 1, int(tile.get("citizens") or 0)))
    return cell


def _place_keys(ctx: BoardContext, where: str) -> dict[int, str]:
    """index -> the action key that puts a colonist there (mayor phase, a Bohio guest)."""
    keys: dict[int, str] = {}
    for i, action in enumerate(ctx.legal):
        if action.get("type") in ("mayor_place", "guest") and action.get("where") == where:
            keys.setdefault(int(action.get("index", -1)), ctx.key_of(i) or "•")  # a worker's first
    return keys


class PlayerHeader(Shown):
    """Name, governor, role, doubloons, goods and VP (hidden unless mine or open VP).

    Two lines of fixed height: when a line is wider than the board, the name gets
    shorter and the goods closer, rather than the line running off the edge. Given a
    third row (the narrow boards of the grid, layout.py), the goods go on it."""

    _last: tuple[BoardContext, dict[str, Any]] | None = None

    def refresh_from(self, ctx: BoardContext, player: dict[str, Any]) -> None:
        self._last = (ctx, player)
        width = self.content_size.width
        text = self._lines(ctx, player, tight=False)
        for cells, brief in ((12, False), (6, False), (6, True)):
            if not width or max(cell_len(line) for line in text.plain.split("\n")) <= width:
                break
            text = self._lines(replace(ctx, name_cells=cells, brief=brief), player, tight=True)
        self.show(text)

    def on_resize(self) -> None:
        if self._last is not None:
            self.refresh_from(*self._last)

    def _lines(self, ctx: BoardContext, player: dict[str, Any], tight: bool) -> Text:
        seat = int(player.get("seat", 0))
        turn = ctx.view.get("phase", {}).get("turn")
        text = Text.assemble(("▶ " if turn == seat else "  ", "bold yellow"))
        name_style = "bold underline" if seat == ctx.seat else "bold"
        text.append(ctx.name(seat), style=name_style + (" reverse" if turn == seat else ""))
        if player.get("is_governor"):
            text.append(" ♛" + _("gov"), style="yellow")
        held = player.get("roles") or ([player["role"]] if player.get("role") else [])
        if held:  # two players hold up to three roles a round
            titles = (ctx.vocab.title(r) for r in held) if not tight else \
                (fit_name(ctx.vocab, r, 6, title=True) for r in held)
            text.append(" [" + ", ".join(titles) + "]", style="cyan")
        gap = " " if tight else "  "
        text.append("\n  ")  # second line: what the player holds
        text.append(f"{player.get('doubloons', 0)}$", style="bold yellow")
        vp = player.get("vp_chips")  # None: hidden from this viewer (no open VP), not unknown
        chips = _("chips") if tight else _("VP chips")  # the chips, not the score (score.py)
        count = str(vp) if vp is not None else _("hid") if ctx.brief else _("hidden")
        text.append(f"{gap}{chips} {count}", style="bold green" if vp is not None else "dim")
        waiting = int(player.get("san_juan", 0))
        citizens = int(player.get("san_juan_citizens") or 0)  # among the waiting
        if waiting:
            word = ctx.short("san_juan") if ctx.brief else ctx.vocab("san_juan")
            text.append(f"{gap}{word} {waiting}", style="cyan")
            if citizens:
                text.append(f" ({citizens}{CITIZEN})", style="bold magenta")
        text.append("\n  " if self.content_size.height >= 3 else gap)
        goods = player.get("goods", {})
        for g in ctx.facts.goods:
            if goods.get(g):
                text.append_text(ctx.good(g, f"{ctx.short(g)}{'' if tight else '×'}{goods[g]}"))
                text.append(" ")
        text.rstrip()
        return text


class IslandView(Shown):
    """Twelve island spaces: tile and whether its circle is manned."""

    def refresh_from(self, ctx: BoardContext, player: dict[str, Any]) -> None:
        island = list(player.get("island", []))
        keys = _place_keys(ctx, "island") if player.get("seat") == ctx.seat else {}
        text = Text.assemble((_("Island") + " ", "bold"))
        text.append(f"{len(island)}/{SPACES}\n", style="dim")
        for i in range(SPACES):
            if i and i % 6 == 0:
                text.append("\n")
            if i < len(island):
                cell = island_cell(ctx, island[i])
                if i in keys:
                    cell = Text.assemble((f"{keys[i]}:", "bold reverse")) + cell
                text.append_text(cell)
            else:
                text.append("····", style="dim")
            text.append(" ")
        self.show(text)


def city_vp(ctx: BoardContext, player: dict[str, Any], room: int) -> Text:
    """"  15 VP (guild hall 4)": what the city scores now, its buildings and the bonuses
    of its manned large buildings (the view's ``vp_shown``, as the score line counts
    mine), the bonuses named while they fit in ``room``."""
    shown = player.get("vp_shown")
    if not isinstance(shown, dict):
        return Text("")
    parts = {k: v for k, v in shown.items() if k != "vp_chips" and isinstance(v, int)}
    text = Text("  " + _("{vp} VP").format(vp=sum(parts.values())), style="green")
    bonuses = ", ".join(f"{ctx.vocab(k)} {v}" for k, v in parts.items() if k != "buildings" and v)
    if bonuses and text.cell_len + cell_len(bonuses) + 3 <= room:
        text.append(f" ({bonuses})", style="dim")
    return text


class CityView(Shown):
    """Twelve city spaces in build order; a large building fills two.

    Always the same number of lines (two columns of six spaces), so building something
    repaints this widget without a new layout of the screen. In the grid of every board
    (layout.py), where no summary row says it, the first line says what the city scores.
    """

    _last: tuple[BoardContext, dict[str, Any]] | None = None
    scored = False  # the city's VP on its first line

    def set_scored(self, scored: bool) -> None:
        if scored != self.scored:
            self.scored = scored
            if self._last is not None:
                self.refresh_from(*self._last)

    def refresh_from(self, ctx: BoardContext, player: dict[str, Any]) -> None:
        self._last = (ctx, player)
        keys = _place_keys(ctx, "city") if player.get("seat") == ctx.seat else {}
        columns, rows = 2, SPACES // 2
        col_width = max(16, (self.content_size.width or 38) // columns)
        cells: list[Text] = []
        for i, entry in enumerate(player.get("city", [])):
            bid = str(entry.get("building"))
            facts = ctx.facts.building(bid)
            key = f"{keys[i]}:" if i in keys else ""
            room = col_width - 2 - len(key) - (facts.circles if facts else 1)
            cell = Text.assemble((key, "bold reverse"))
            cell.append(fit_name(ctx.vocab, bid, room), style="magenta" if facts and facts.kind == "violet" else "")
            cell.append(" ")
            cell.append_text(_circles(int(entry.get("colonists", 0)), facts.circles if facts else 1,
                                      int(entry.get("citizens") or 0)))
            cells.append(cell)
            if facts and facts.large:
                cells.append(Text("  └ " + _("large"), style="dim"))
        cells += [Text("·", style="dim")] * (SPACES - len(cells))
        text = Text.assemble((_("City") + " ", "bold"))
        text.append(f"{int(player.get('city_spaces_used', 0))}/{SPACES}", style="dim")
        if self.scored:
            text.append_text(city_vp(ctx, player, (self.content_size.width or 38) - text.cell_len))
        for r in range(rows):
            text.append("\n")
            for c in range(columns):
                cell = cells[c * rows + r].copy()
                cell.truncate(col_width - 1, overflow="ellipsis", pad=c < columns - 1)
                text.append_text(cell)
                if c < columns - 1:
                    text.append(" ")
        self.show(text)

    def on_resize(self) -> None:
        if self._last is not None:  # the column width follows the widget's width
            self.refresh_from(*self._last)


class PlayerBoard(Vertical):
    """One seat's area of the table (mine framed in the primary colour); narrower
    tables draw it otherwise (board.tcss)."""

    DEFAULT_CSS = """
    PlayerBoard { height: auto; border: round $surface; padding: 0 1; }
    PlayerBoard.-me { border: round $primary; }
    PlayerBoard > .player-header { height: 2; }
    PlayerBoard > .island { width: 1fr; height: auto; }
    PlayerBoard > .city { width: 1fr; height: auto; }
    """

    def __init__(self, seat: int) -> None:
        super().__init__(id=f"player-{seat}", classes="player-board")
        self.seat = seat
        self._drawn_head: tuple[Any, ...] | None = None  # what the header was last drawn from
        self._drawn_body: tuple[Any, ...] | None = None  # the island's and the city's

    def compose(self) -> ComposeResult:
        self.header = PlayerHeader(classes="player-header")
        self.island = IslandView(classes="island")
        self.city = CityView(classes="city")
        yield self.header  # the parts straight in the board: no container to render
        yield self.island
        yield self.city

    def _inputs(self, ctx: BoardContext, player: dict[str, Any]) -> tuple[tuple[Any, ...], tuple[Any, ...]]:
        """What the header reads and what the island and the city read: this seat's
        player (a diff shares an unchanged one, so ``is`` usually answers), the words,
        names, colours and facts; the header the turn too, the island and the city my
        legal actions and their keys (the spaces I may fill) on my own board. A turn
        passing on redraws two headers, not two whole boards."""
        mine = self.seat == ctx.seat
        common = (player, ctx.seat, ctx.vocab, dict(ctx.names), dict(ctx.palette), ctx.facts)
        return ((*common, ctx.view.get("phase", {}).get("turn")),
                (*common, (list(ctx.legal), list(ctx.slots)) if mine else None))

    def refresh_from(self, ctx: BoardContext) -> None:
        players = ctx.view.get("players", [])
        if self.seat >= len(players):
            return
        player = players[self.seat]
        if self.has_class("-me") != (self.seat == ctx.seat):
            self.set_class(self.seat == ctx.seat, "-me")  # changes only when following
        head, body = self._inputs(ctx, player)
        if head != self._drawn_head:  # else a diff elsewhere on the table
            self._drawn_head = head
            self.header.refresh_from(ctx, player)
        if body != self._drawn_body:
            self._drawn_body = body
            self.island.refresh_from(ctx, player)
            self.city.refresh_from(ctx, player)

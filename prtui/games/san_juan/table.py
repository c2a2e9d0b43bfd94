"""The shared table and the players' cities: role cards, price tiles and piles, the
cards on offer (councillor, gold mine), my city and each opponent's.

Each widget redraws itself from a BoardContext. A good is a face-down card: its kind is
the kind its production building makes (the server's facts), never the card's face.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import replace
from typing import Any

from rich.cells import cell_len
from rich.text import Text
from textual.events import Click

from prtui.games.san_juan.hand import card_name, card_row, card_style, shown_player, sort_cards
from prtui.i18n import _
from prtui.widgets.context import NAME_CELLS, BoardContext, Shown
from prtui.widgets.messages import ActionChosen, HelpRequested
from prtui.widgets.plain import cut_cells, shown

GOOD = "●"
EMPTY = "○"


def tile_text(tile: Any) -> str:
    return "-".join(str(x) for x in tile) if isinstance(tile, list) else "?"


class OneLine(Shown):
    """A line that never wraps into a second one: the first of its tries, longest first,
    that fits the width (the last when none does), drawn again when the width changes."""

    _last: BoardContext | None = None

    def refresh_from(self, ctx: BoardContext) -> None:
        self._last = ctx
        width = self.content_size.width
        for text in self._tries(ctx):
            if not width or text.cell_len <= width:
                break
        self.show(text)

    def on_resize(self) -> None:
        if self._last is not None:
            self.refresh_from(self._last)

    def _tries(self, ctx: BoardContext) -> Iterator[Text]:
        raise NotImplementedError


def taker(name: str, cells: int) -> str:
    """Who took a role in ``cells``: the whole name, else without its level ("bot 2 (medium)"
    -> "bot 2"), else cut with "…" (never "bot 2 (m", issue 32)."""
    if cell_len(name) <= cells:
        return name
    short = name.split(" (")[0]
    return short if cell_len(short) <= cells else cut_cells(short, max(1, cells - 1)) + "…"


class RolesBar(OneLine):
    """The five role cards and who took each this round; click one to choose it."""

    def _tries(self, ctx: BoardContext) -> Iterator[Text]:
        self._actions = {str(a.get("role")): a for a in ctx.actions("role")}
        for limit in (8 if ctx.compact else 16, 6, 0):  # who took a card: shorter, then left out
            yield self._line(ctx, limit)
        if ctx.narrow:  # the cards' names cut to 5 letters only when whole ones do not fit
            yield self._line(ctx, 0, cut=5)

    def _line(self, ctx: BoardContext, limit: int, cut: int = 0) -> Text:
        text = Text()
        self._spans: list[tuple[int, int, str]] = []
        for role in ctx.view.get("roles", []):
            rid = str(role.get("id"))
            taken = role.get("taken_by")
            name = ctx.vocab.title(rid)
            if cut:  # "Produ": the 80-column board's last resort
                name = cut_cells(name, cut)
            style = ("bold reverse green" if rid in self._actions
                     else "dim strike" if taken is not None else "bold")
            start = text.cell_len  # a click is in cells: a Chinese role's name is 2 a letter
            text.append(name, style=style)
            if taken is not None and not ctx.narrow and limit:
                text.append(f" {taker(ctx.name(taken), limit)}", style="cyan")
            self._spans.append((start, text.cell_len, rid))
            text.append("  " if not ctx.narrow else " ")
        text.rstrip()
        return text

    def on_click(self, event: Click) -> None:
        at = event.get_content_offset(self)
        for start, end, rid in getattr(self, "_spans", []):
            if at is not None and start <= at.x < end:
                action = self._actions.get(rid)
                self.post_message(ActionChosen(action) if action else HelpRequested(rid))
                return


class InfoLine(OneLine):
    """Governor, deck and discard, the price tile turned this round (each good's price
    in its colour), the tiles seen and still face down. One line: when the words do not
    fit, shorter ones, so that no good's price is lost off the edge."""

    def _tries(self, ctx: BoardContext) -> Iterator[Text]:
        # the governor's whole name in shorter words before a name is cut ("Gov bot 2 (m",
        # issue 32); a cut name ends in "…"
        tries = [(ctx.narrow, not ctx.compact, 32), (ctx.narrow, False, 32), (True, False, 32),
                 (True, False, 12), (True, False, 8), (True, False, 0)]
        for narrow, extra, gov in tries:
            yield self._line(ctx, narrow, extra, gov)

    def _line(self, ctx: BoardContext, narrow: bool, extra: bool, gov_cells: int) -> Text:
        view = ctx.view
        tiles = view.get("price_tiles") or {}
        gov = ctx.name(view.get("governor"))
        text = Text()
        if gov_cells or not narrow:
            text.append((_("Gov") if narrow else _("Governor")) + " ", "dim")
            text.append(shown(gov, gov_cells), "bold")
            text.append("  ")
        text.append(_("deck") + " ", "dim")
        text.append(str(view.get("deck", 0)))
        # i18n: "discard pile" shortened at 80 columns
        text.append("  " + (_("disc") if narrow else _("discard")) + " ", "dim")
        text.append(str(view.get("discard", 0)))
        current = tiles.get("current")
        text.append("  " + (_("prices") if narrow else _("price tile")) + " ", style="dim")
        if isinstance(current, list) and len(current) == len(ctx.facts.goods):
            for good, price in zip(ctx.facts.goods, current, strict=True):
                word = ctx.vocab.tag(good) if narrow else ctx.vocab(good)
                text.append_text(ctx.good(good, f"{word}{'' if narrow else ' '}{price}"))
                text.append(" ")
        else:
            text.append("-" if narrow else _("not turned"), style="dim")
        if extra:
            text.append("  " + _("({seen} seen, {face_down} face down)").format(
                seen=len(tiles.get("seen") or []), face_down=tiles.get("face_down", 0)),
                style="dim")
        text.rstrip()
        return text


class OfferPanel(Shown):
    """Cards turned up for a choice: the councillor's draw (mine) or the gold mine's
    four (public). Empty, and hidden, otherwise."""

    def refresh_from(self, ctx: BoardContext) -> None:
        d = ctx.view.get("decision") if ctx.legal else None
        cards = list(d.get("cards") or []) if isinstance(d, Mapping) else []
        title = _("Drawn (keep)")
        if not cards and ctx.view.get("revealed"):
            cards = list(ctx.view["revealed"])
            title = _("{gold_mine} turned up").format(gold_mine=ctx.vocab.title("gold_mine"))
        self.display = bool(cards)
        if not cards:
            self.show(Text(""))
            return
        text = Text(title, style="bold underline")
        for card in sort_cards(ctx, [str(c) for c in cards]):
            text.append("\n")
            text.append_text(card_row(ctx, card))
        self.show(text)


def building_marks(ctx: BoardContext, player: Mapping[str, Any], tags: bool) -> Text:
    """A player's buildings in build order: production with its good (● on it in its
    kind's colour, ○ empty), violet ones in violet."""
    text = Text()
    for i, b in enumerate(player.get("buildings", [])):
        card = str(b.get("building"))
        facts = ctx.facts.card(card)
        if i:
            text.append(" " if tags else ", ")
        text.append(ctx.vocab.tag(card) if tags else card_name(ctx, card, 18),
                    style=card_style(ctx, card))
        if facts is not None and facts.good:
            if b.get("good"):
                text.append_text(ctx.good(facts.good, GOOD))
            else:
                text.append(EMPTY, style="dim")
    if not player.get("buildings"):
        text.append(_("no buildings"), style="dim")
    return text


def counts(ctx: BoardContext, player: Mapping[str, Any], short: bool) -> Text:
    """Hand, goods, chapel, buildings and VP of one player."""
    n = len(player.get("buildings", []))
    hand = f"{player.get('hand_count', 0)}/{player.get('hand_limit', 7)}"
    if short:
        # i18n: at 80 columns: h cards in hand/limit, ch chapel cards, b buildings (the
        # help's keys line says so); each letter one or two cells
        return Text(_("h{hand} ch{chapel} b{buildings} {vp}VP").format(
            hand=hand, chapel=player.get("chapel", 0), buildings=n, vp=player.get("vp", 0)))
    return Text("  ").join(count_pairs(player))


def count_pairs(player: Mapping[str, Any]) -> list[Text]:
    """Hand, goods, chapel, buildings and VP, each word with its number (a line breaks
    between them, never inside one: not "buildings" above "11/12")."""
    n = len(player.get("buildings", []))
    hand = f"{player.get('hand_count', 0)}/{player.get('hand_limit', 7)}"
    return [Text.assemble((_("hand") + " ", "dim"), hand),
            Text.assemble((_("goods") + " ", "dim"), str(player.get("goods", 0))),
            Text.assemble((_("chapel") + " ", "dim"), str(player.get("chapel", 0))),
            Text.assemble((_("buildings") + " ", "dim"), f"{n}/12"),
            Text.assemble((_("VP") + " ", "dim"), (str(player.get("vp", 0)), "bold green"))]


def in_lines(pieces: list[Text], width: int) -> Text:
    """``pieces`` two spaces apart, a new line before a piece that would not fit
    ``width`` (0: one line), so no piece is broken across lines."""
    text, line = Text(), 0
    for i, piece in enumerate(pieces):
        if i and width and line + 2 + piece.cell_len > width:
            text.append("\n")
            line = 0
        elif i:
            text.append("  ")
            line += 2
        text.append_text(piece)
        line += piece.cell_len
    return text


def header(ctx: BoardContext, player: Mapping[str, Any], me: bool) -> Text:
    seat = int(player.get("seat", 0))
    text = Text(ctx.name(seat), style="bold reverse" if seat in ctx.view.get("to_move", []) else "bold")
    if me and not ctx.watching:
        text.append(" " + _("(you)"), style="dim")
    if player.get("is_governor"):
        text.append(" ♛" if ctx.narrow else " ♛ " + _("governor"), style="yellow")
    roles = player.get("roles") or []
    if roles:
        text.append(" " + ", ".join(ctx.vocab.title(r) for r in roles), style="cyan")
    return text


class CityPanel(Shown):
    """The city of the player shown (me; the followed seat for a spectator)."""

    def refresh_from(self, ctx: BoardContext) -> None:
        player = shown_player(ctx)
        if player is None:
            self.show(Text(""))
            return
        self._last = ctx
        if ctx.narrow:
            text = header(ctx, player, me=True)
            text.append("  ")
            text.append_text(counts(ctx, player, short=True))
        else:
            text = in_lines([header(ctx, player, me=True), *count_pairs(player)],
                            self.content_size.width)
        text.append("\n")
        text.append_text(building_marks(ctx, player, tags=ctx.narrow))
        covered = player.get("covered") or []
        if covered and ctx.narrow:
            text.append("  " + _("covered {count}").format(count=len(covered)), style="dim")
        elif covered:
            text.append("\n" + _("covered: {cards}").format(
                cards=", ".join(ctx.vocab(str(c)) for c in covered)), style="dim")
        self.show(text)

    _last: BoardContext | None = None

    def on_resize(self) -> None:
        """The count pairs broken between lines anew for the new width."""
        if self._last is not None:
            self.refresh_from(self._last)


class OpponentBoard(Shown):
    """The k-th player after me: buildings with goods, hand size, chapel, VP. One line
    on the compact board, a block on the wide one (board.tcss)."""

    DEFAULT_CSS = """
    OpponentBoard { height: auto; border: round $surface; padding: 0 1; }
    """

    def __init__(self, offset: int) -> None:
        super().__init__(classes="sj-opponent")
        self.after = offset

    _last: BoardContext | None = None

    def refresh_from(self, ctx: BoardContext) -> None:
        self._last = ctx
        count = len(ctx.view.get("players", []))
        base = ctx.seat if ctx.seat is not None else 0
        player = _player(ctx, (base + self.after) % count) if count else None
        self.display = player is not None and self.after < count
        if player is None or not self.display:
            return
        full = self.screen.has_class("-sj-opponents")  # `o` at 80 columns: in full
        one_line = ctx.narrow and not full
        width = self.content_size.width
        for cells in (NAME_CELLS, 12, 6):  # one line if a shorter name makes it fit
            named = replace(ctx, name_cells=cells)
            if ctx.narrow:
                text = header(named, player, me=False)
                text.append("  ")
                text.append_text(counts(named, player, short=True))
            else:
                text = in_lines([header(named, player, me=False), *count_pairs(player)], width)
            text.append(" " if one_line else "\n")
            text.append_text(building_marks(named, player, tags=ctx.narrow and not full))
            if not (one_line and width) or text.cell_len <= width:
                break
        self.show(text)

    def on_resize(self) -> None:
        if self._last is not None:
            self.refresh_from(self._last)


def _player(ctx: BoardContext, seat: int) -> Mapping[str, Any] | None:
    players = ctx.view.get("players", [])
    return players[seat] if 0 <= seat < len(players) else None

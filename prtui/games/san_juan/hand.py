"""My hand as cards: name, cost (mine now), VP and effect; what I can build stands out.

A MenuList so a card can be focused by keyboard or mouse: Enter or a click takes the
legal action on that card (build it, pay or discard with it, tuck or keep it), else
shows its help; `?` shows its help. Sorted by cost, then name: a card keeps its place
while the hand changes around it. Cards being picked in a selection are ticked.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Region
from textual.widget import Widget

from prtui.games.san_juan.facts import affordable, my_cost
from prtui.i18n import N_, _, ngettext
from prtui.widgets.context import BoardContext
from prtui.widgets.menu import MenuList
from prtui.widgets.messages import ActionChosen, HelpRequested
from prtui.widgets.plain import cut_cells, pad_cells

_ON_CARD = ("build", "pay", "discard", "tuck", "keep", "take")


def shown_player(ctx: BoardContext) -> Mapping[str, Any] | None:
    """The player whose hand and city come first: me, the seat a spectator follows,
    else the first seat."""
    players = ctx.view.get("players") or []
    return ctx.me() or (players[0] if players else None)


def card_name(ctx: BoardContext, card: str, width: int) -> str:
    """The card's name, its short form when the long one does not fit."""
    name = ctx.vocab.title(card)
    short = ctx.vocab.short(card)
    if cell_len(name) > width and short:
        name = short[:1].upper() + short[1:]
    return cut_cells(name, width)


def card_style(ctx: BoardContext, card: str) -> str:
    """A production building in its good's colour, a violet one in the violet colour."""
    facts = ctx.facts.card(card)
    if facts is None:
        return ""
    return ctx.palette.get(facts.good or "", "") if facts.good else ctx.palette.get("violet", "magenta")


def sort_cards(ctx: BoardContext, cards: list[str]) -> list[str]:
    """By printed cost, then name (stable: equal cards keep their order)."""
    def key(card: str) -> tuple[int, str]:
        facts = ctx.facts.card(card)
        return (facts.cost if facts else 99, ctx.vocab(card))
    return sorted(cards, key=key)


def in_hand_order(ctx: BoardContext) -> list[int]:
    """The order of my legal actions (indices) with those on a card of my hand (build
    it, pay or discard with it) as the hand shows its cards, so the n-th key of the list
    is the n-th card I see; the others after them, as the server listed them."""
    hand = (shown_player(ctx) or {}).get("hand")
    if not isinstance(hand, list) or ctx.watching:
        return list(range(len(ctx.legal)))
    place: dict[str, int] = {}
    for n, card in enumerate(sort_cards(ctx, [str(c) for c in hand])):
        place.setdefault(card, n)

    def order(n: int) -> tuple[int, int]:
        card = _card_of(ctx.legal[n])
        return (0, place[card]) if card in place else (1, n)
    return sorted(range(len(ctx.legal)), key=order)


def _card_of(action: Mapping[str, Any]) -> str | None:
    """The card of my hand an action is on (None: not on one)."""
    card = action.get("building") if action.get("type") == "build" else action.get("card")
    return card if action.get("type") in _ON_CARD and isinstance(card, str) else None


def card_row(ctx: BoardContext, card: str, mark: str = "", cost_now: int | None = None,
             can_build: bool = False) -> Text:
    """One card on one line: mark, name, cost (→ mine now), VP, effect."""
    facts = ctx.facts.card(card)
    width = 15 if ctx.narrow else 18  # 15: the longest name whole ("Tobacco storage")
    text = Text.assemble((f"{mark:<2}", "bold green"))
    text.append(pad_cells(card_name(ctx, card, width), width), style=card_style(ctx, card))
    if facts is None:
        return text
    cost = f"{facts.cost}" if cost_now is None or cost_now == facts.cost else f"{facts.cost}→{cost_now}"
    # i18n: after a cost in cards ("3c"), in a column of the hand: one or two cells
    cards = _("c")
    column = 5 if not ctx.narrow else 4
    text.append(" " + pad_cells("", column - cell_len(cost + cards)) + cost + cards,
                style="bold yellow" if can_build else "dim")
    text.append(" " + _("{vp}VP").format(vp=facts.vp), style="green")
    text.append(f"  {facts.effect}", style="" if not ctx.narrow else "dim")
    return text


class HandList(MenuList):
    """The cards in my hand (or how many, for a hand I may not see). Marks: ▶ I can
    build it now, ✓ picked in the selection, » the building being paid for."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("question_mark", "explain", N_("Card help"))]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_card: dict[str, dict[str, Any]] = {}

    @property
    def help_topic(self) -> str | None:
        """What `?` explains while the hand has the focus."""
        key = self.keys[self.cursor] if self.keys and self.cursor < len(self.keys) else ""
        return key.split("#")[0] or None

    def refresh_from(self, ctx: BoardContext) -> None:
        me = shown_player(ctx) or {}
        hand = me.get("hand")
        self.wrap = True  # whole effects, over more lines if need be: never cut mid-sentence
        self._on_card = {}
        for a in ctx.legal:
            card = a.get("card") or (a.get("building") if "over" not in a else None)
            if a.get("type") in _ON_CARD and isinstance(card, str):
                self._on_card.setdefault(card, a)
        if not isinstance(hand, list):
            count = int(me.get("hand_count", 0))
            hidden = ngettext("{count} card in hand (hidden)", "{count} cards in hand (hidden)",
                              count)
            self.set_rows([Text(hidden.format(count=count), style="dim")], [""])
            return
        picked = Counter(str(p.get("card")) for p in _picked(ctx) if "card" in p)
        d = ctx.view.get("decision") if ctx.legal else None
        building = d.get("building") if isinstance(d, Mapping) else None
        builder = bool(ctx.actions("build"))
        rows, keys = [], []
        seen: Counter[str] = Counter()
        for card in sort_cards(ctx, [str(c) for c in hand]):
            seen[card] += 1
            can = card in self._on_card if builder else affordable(ctx, card)
            mark = "✓" if seen[card] <= picked[card] else ("▶" if can else "")
            if card == building and seen[card] == picked[card] + 1:
                mark = "»"  # the building being paid for
            rows.append(card_row(ctx, card, mark, my_cost(ctx, card), can))
            keys.append(f"{card}#{seen[card]}")
        if not rows:
            rows, keys = [Text(_("no cards in hand"), style="dim")], [""]
        self.set_rows(rows, keys)

    def _keep_cursor_in_view(self) -> None:
        """The hand sits in the table's scrolling body: that one follows the cursor."""
        lines = [n for n, row in enumerate(self._line_rows) if row == self.cursor]
        body = next((w for w in self.ancestors if isinstance(w, Widget) and w.is_scrollable), None)
        if lines and body is not None:
            top = self.region.y - body.region.y + int(body.scroll_offset.y)
            body.scroll_to_region(Region(0, top + lines[0], 1, len(lines)), animate=False,
                                  immediate=True)

    def on_menu_list_selected(self, event: MenuList.Selected) -> None:
        if event.menu is not self:
            return
        event.stop()
        card = self.keys[event.index].split("#")[0]
        if card in self._on_card:
            self.post_message(ActionChosen(self._on_card[card]))
        elif card:
            self.post_message(HelpRequested(card))

    def on_menu_list_highlighted(self, event: MenuList.Highlighted) -> None:
        if event.menu is self:
            event.stop()

    def action_explain(self) -> None:
        if self.help_topic:
            self.post_message(HelpRequested(self.help_topic))


def _picked(ctx: BoardContext) -> list[Mapping[str, Any]]:
    d = ctx.view.get("decision") if ctx.legal else None
    picked = d.get("picked") if isinstance(d, Mapping) else None
    return [p for p in picked or [] if isinstance(p, Mapping)]

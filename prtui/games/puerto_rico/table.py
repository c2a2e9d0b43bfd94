"""The shared table: role cards, cargo ships, trading house, colonists, plantations,
VP chips and goods supply. Each widget redraws itself from a BoardContext."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from prtui.games.puerto_rico.abbrev import fit_name, short_tag
from prtui.games.puerto_rico.smuggler import role_mark
from prtui.i18n import _
from prtui.widgets.context import BoardContext, Shown
from prtui.widgets.messages import ActionChosen, HelpRequested

TAKER_CELLS = 3
"""The fewest cells a one-line role card names its taker in ("ros"; two if they end
in the seat's number, "P3")."""


class RoleCard(Shown):
    """One role card: its name, the doubloons on it, who took it. Click to take it."""

    DEFAULT_CSS = """
    RoleCard { height: 2; background: $surface; padding: 0 1; }
    RoleCard:hover { background: $primary 40%; }
    """

    def __init__(self, role_id: str) -> None:
        super().__init__(id=f"role-{role_id}", classes="role-card")
        self.role_id = role_id
        self._action: dict[str, Any] | None = None

    _last: tuple[BoardContext, dict[str, Any]] | None = None

    def refresh_from(self, ctx: BoardContext, role: dict[str, Any]) -> None:
        self._last = (ctx, role)
        self._action = next((a for a in ctx.actions("role") if a.get("role") == self.role_id), None)
        taken = role.get("taken_by")
        coins = int(role.get("doubloons", 0))
        # highlight in the text, not by CSS class: a class change restyles the subtree
        style = "bold reverse green" if self._action else ("dim strike" if taken is not None else "bold")
        if ctx.compact:  # one line: the name, then the doubloons on it or who took it
            width = self.content_size.width or (11 if ctx.narrow else 17)
            extra = f" +{coins}$" if coins else ""
            mark = role_mark(ctx, self.role_id, taken)  # III: ☠ holder, ⚑ captor
            who, sign = (taken, "") if taken is not None else (mark[1], mark[0]) if mark else (
                None, "")
            # the role's whole name first ("Settl carl" read as neither, issue 32); who took
            # it in what is left (three cells, or two that end in the seat's number: "P3",
            # "b3"; "ro" of rosa read as nobody), else not at all: the summary says who
            # took which role
            # a Smuggler's mark (the tile's holder, the role's captor) is the card's news:
            # it keeps its four cells and the name gives way, as before
            tag_cells = 4 + cell_len(sign) + 1 if sign else 0
            name = fit_name(ctx.vocab, self.role_id, max(4, width - len(extra) - tag_cells),
                            title=True)
            room = min(4, width - cell_len(name) - len(extra) - 1 - cell_len(sign))
            text = Text.assemble((name, style))
            if coins:
                text.append(extra, style="bold yellow")
            tag = short_tag(ctx.name(who), room) if who is not None and room >= 2 else ""
            if cell_len(tag) >= TAKER_CELLS or tag[-1:].isdigit():
                text.append(f" {sign}{tag}", style="cyan" if taken is not None else "bold magenta")
        else:
            width = self.content_size.width or 99
            extra = f" +{coins}$" if coins else ""
            title = ctx.vocab.title(self.role_id)
            below = cell_len(title) + len(extra) > width  # the coins go to the second line
            text = Text.assemble((fit_name(ctx.vocab, self.role_id, width, title=True), style))
            if coins and not below:
                text.append(extra, style="bold yellow")
            text.append("\n")
            if coins and below:
                text.append(extra.strip() + " ", style="bold yellow")
            named = replace(ctx, name_cells=max(4, width - 2 - (len(extra) if below else 0)))
            mark = role_mark(ctx, self.role_id, taken)  # III: ☠ holder, ⚑ captor
            if mark:
                text.append(f"{mark[0]} {named.name(mark[1])}", style="bold magenta")
            else:
                text.append(f"{named.name(taken)}" if taken is not None else _("free"),
                            style="italic" if taken is None else "")
        self.show(text)

    def on_resize(self) -> None:
        if self._last is not None:  # the short name follows the card's width
            self.refresh_from(*self._last)

    def on_click(self) -> None:
        if self._action is not None:
            self.post_message(ActionChosen(self._action))
        else:
            self.post_message(HelpRequested(self.role_id))


class ShipsPanel(Shown):
    """Cargo ships: kind, load and capacity; marks ships I may load now (my wharf on
    the title's line: a line more would lay the screen out twice)."""

    _last: BoardContext | None = None

    def refresh_from(self, ctx: BoardContext) -> None:
        self._last = ctx
        loadable = {a.get("ship") for a in ctx.actions("load")}
        text = Text.assemble((_("Cargo ships"), "bold"))
        if "wharf" in loadable:
            room = self.content_size.width
            wharf = ctx.vocab("wharf")
            mark = "▶ " + _("{wharf}: your own ship").format(wharf=wharf)
            text.append(" ").append(mark if not room or text.cell_len + cell_len(mark) <= room
                                    else "▶ " + wharf, style="bold reverse")
        text.append("\n")
        for i, ship in enumerate(ctx.view.get("ships", [])):
            cap, load, good = int(ship.get("capacity", 0)), int(ship.get("load", 0)), ship.get("good")
            mark = "▶" if i in loadable else " "
            text.append(f"{mark}{cap} ", style="bold reverse" if i in loadable else "bold")
            text.append_text(ctx.good(good, "■" * load) if good else Text(""))
            text.append("□" * (cap - load), style="dim")
            text.append(f" {load}/{cap} ")
            name = ctx.short(good) if good and ctx.narrow else None  # "Cof": the ships stay narrow
            text.append_text(ctx.good(good, name) if good else Text("·" if ctx.narrow else _("empty"), style="dim"))
            text.append("\n")
        text.rstrip()  # in place
        self.show(text)

    def on_resize(self) -> None:
        if self._last is not None:  # the wharf's mark follows the width
            self.refresh_from(self._last)


class TradingHouse(Shown):
    """The four spaces of the trading house, in the order sold."""

    def refresh_from(self, ctx: BoardContext) -> None:
        sold = list(ctx.view.get("trading_house", []))
        text = Text.assemble((_("House") + " " if ctx.compact else _("Trading house") + "\n",
                              "bold"))
        for i in range(4):
            text.append("" if ctx.compact else "[")
            empty = Text.assemble(("·" if ctx.compact else "   ", "dim"))
            text.append_text(ctx.good(sold[i], ctx.short(sold[i])) if i < len(sold) else empty)
            text.append(" " if ctx.compact else "]")
        if not ctx.compact:  # compact: one line; the actions list names what I may sell
            text.append("\n")  # keep three lines: no new layout when selling starts
            sellable = [a.get("good") for a in ctx.actions("sell")]
            if sellable:
                text.append(_("sell:") + " ")
                for g in sellable:
                    text.append_text(ctx.good(g))
                    text.append(" ")
        self.show(text)


def people(count: int, citizens: int | None) -> Text:
    """``count`` people, ``citizens`` of them citizens (Expansion II): "3+1◆"."""
    text = Text(str(count - (citizens or 0)), style="bold cyan")
    if citizens is not None:
        text.append(f"+{citizens}{CITIZEN}", style="bold magenta")
    return text


CITIZEN = "◆"
"""A citizen (Expansion II) on a place, where a worker is ●: a shape, not only a colour."""


class ColonistsPanel(Shown):
    """The colonist ship and the colonist supply (with the Citizens: their citizens)."""

    _last: BoardContext | None = None

    def on_resize(self) -> None:
        if self._last is not None:  # "supply" or "sup" follows the width
            self.refresh_from(self._last)

    def refresh_from(self, ctx: BoardContext) -> None:
        self._last = ctx
        col = ctx.view.get("colonists", {})
        ship_cit, supply_cit = col.get("ship_citizens"), col.get("citizens_supply")
        ship = people(int(col.get("ship", 0)), ship_cit)  # the ship's count has its citizen
        supply = people(int(col.get("supply", 0)) + int(supply_cit or 0), supply_cit)
        supply.stylize("not bold")
        if ctx.compact:  # one line of its own: never runs into the next panel
            text = Text.assemble((_("Ship") + " ", "bold"), ship, " " + _("supply") + " ", supply)
            if self.content_size.width and text.cell_len > self.content_size.width:
                sup = _("sup")  # i18n: "supply" shortened, where a colonists' line is too wide
                text = Text.assemble((_("Ship") + " ", "bold"), ship, f" {sup} ", supply)
        else:
            text = Text.assemble((f"{ctx.vocab.title('colonist_ship')}: ", "bold"), ship,
                                 f"\n{ctx.vocab.title('colonist_supply')}: ", supply)
        self.show(text)


class PlantationsPanel(Shown):
    """Face-up plantations, the face-down stack count, quarries left.

    Where the fullest row of tiles would not fit after the title (the wide layout's
    narrow column, 150 columns), the title takes a line of its own (the trading house
    beside it has three lines: the row keeps its height), and the counts go shorter."""

    _last: BoardContext | None = None

    def refresh_from(self, ctx: BoardContext) -> None:
        self._last = ctx
        plant = ctx.view.get("plantations", {})
        face_up = list(plant.get("face_up", []))
        takeable = {a.get("tile") for a in ctx.legal if a.get("type") in ("plantation", "forest")}
        room = self.content_size.width
        title = "" if ctx.compact else f"{ctx.vocab.title('plantations')}: "
        most = max(len(face_up), len(ctx.view.get("players", [])) + 1)  # one more than players
        if title and room and cell_len(title) + 4 * most - 1 > room:
            title = title.rstrip() + "\n"  # the tiles on a line of their own
        text = Text.assemble((title, "bold"))
        for tile in face_up:
            piece = ctx.good(tile, ctx.short(tile))
            if tile in takeable:
                piece.stylize("reverse")
            text.append_text(piece)
            text.append(" ")
        stack, discard, short = plant.get("stack", 0), plant.get("discard", 0), ctx.short("quarry")
        alone = _("stack {stack}").format(stack=stack) + " "
        forms = [(alone, short)] if ctx.compact else [
            (_("stack {stack}  discard {discard}").format(stack=stack, discard=discard) + "  ",
             _("quarries")),
            (_("stack {stack} discard {discard}").format(stack=stack, discard=discard) + " ",
             short), (alone, short)]
        quarries = f" {ctx.view.get('quarries', 0)}"
        counts, label = next(((c, q) for c, q in forms
                              if not room or cell_len(c + q + quarries) <= room), forms[-1])
        text.append("\n" + counts)
        text.append(label + quarries, style="reverse" if ctx.actions("quarry") else "")
        self.show(text)

    def on_resize(self) -> None:
        if self._last is not None:  # the title's line and the counts follow the width
            self.refresh_from(self._last)


class SupplyPanel(Shown):
    """VP chips left and the barrels left in the goods supply."""

    _last: BoardContext | None = None

    def refresh_from(self, ctx: BoardContext) -> None:
        self._last = ctx
        text = Text.assemble(((_("VP chips") if ctx.compact else _("VP chips:")) + " ", "bold"))
        text.append(str(ctx.view.get("vp_chips", 0)), style="bold green")
        goods = ctx.view.get("goods", {})
        cells = [(g, f"{ctx.short(g)} {goods.get(g, 0)}") for g in ctx.facts.goods]
        room = self.content_size.width
        line = sum(cell_len(c) + 1 for _g, c in cells) - 1
        goods_title = _("Goods:") + " "
        compact = ctx.compact or (room > 0 and line + cell_len(goods_title) > room)
        text.append("\n" if compact else "\n" + goods_title)
        if compact and (not room or line > room):
            cells = [(g, c.replace(" ", "")) for g, c in cells]  # "Crn10": still one field each
        for i, (g, cell) in enumerate(cells):
            text.append(" " if i else "")
            text.append_text(ctx.good(g, cell))
        self.show(text)

    def on_resize(self) -> None:
        if self._last is not None:  # the goods' spacing follows the width
            self.refresh_from(self._last)

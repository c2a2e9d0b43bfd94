"""What the expansions' choices do, in one line each (Expansion I and II).

The actions panel shows it for the highlighted choice, as actions.preview does for the
base game: a draft pick says what the building does and how many copies it brings; a
Bohio move where the guest goes and what that place does at once; a Black Market
payment what it gives up and what is left; the Zoning Office, Park Authority, Pension
Office, Villa and the Small Wharf what changes. Everything from the view, the action's
own fields and the server's facts, in the vocabulary shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from prtui.i18n import _, ngettext
from prtui.widgets.context import BoardContext
from prtui.widgets.filled import filled
from server.wording import article


def plantation(ctx: BoardContext, tile: str) -> str:
    """"indigo plantation": a plantation named by its good."""
    # i18n: a plantation named by its good ("indigo plantation"); Chinese needs no space
    return _("{good} {plantation}").format(good=ctx.vocab(tile), plantation=ctx.vocab("plantation"))


def _bare(ctx: BoardContext, where: str, index: int) -> tuple[str | None, str | None]:
    """(a place of my board without its article, or None for San Juan; its building id
    if a building)."""
    me = ctx.me() or {}
    spaces = me.get(where, [])
    if where == "san_juan" or not 0 <= index < len(spaces):
        return None, None
    entry = spaces[index]
    if where == "city":
        bid = str(entry.get("building"))
        return ctx.vocab(bid), bid
    tile = str(entry.get("tile"))
    if tile in ("quarry", "forest"):
        return ctx.vocab(tile), None
    return plantation(ctx, tile), None


def _place(ctx: BoardContext, where: str, index: int) -> tuple[str, str | None]:
    """("the ..." for a place of my board, its building id if a building)."""
    name, bid = _bare(ctx, where, index)
    if name is None:
        return ctx.vocab("the_san_juan"), None
    return _("the {place}").format(place=name), bid


def _effect(ctx: BoardContext, bid: str | None) -> str:
    facts = ctx.facts.building(bid) if bid else None
    return ctx.vocab.render(facts.help) if facts and facts.help else ""


def _draft(ctx: BoardContext, action: Mapping[str, Any]) -> Text:
    bid = str(action.get("building"))
    facts = ctx.facts.building(bid)
    copies = action.get("copies")  # the server's (a two-player Tailor Shop: 2, rules 5)
    count = (ngettext("{count} copy", "{count} copies", copies).format(count=copies)
             if isinstance(copies, int) and not isinstance(copies, bool) else _("placed"))
    if facts:
        on = _("{count} on an {cost}-space, {vp} VP: ") if article(str(facts.cost)) == "an" \
            else _("{count} on a {cost}-space, {vp} VP: ")
        count = on.format(count=count, cost=facts.cost, vp=facts.vp)
    else:
        count += ": "
    text = Text(count, style="bold")
    text.append(_effect(ctx, bid))
    return text


def _guest(ctx: BoardContext, action: Mapping[str, Any]) -> Text:
    name, bid = _place(ctx, str(action.get("where")), int(action.get("index", -1)))
    who = ctx.vocab("citizen" if action.get("citizen") else "colonist")
    text = Text(_("1 {colonist} from the {guest_house} to {place}, working there until the "
                  "next {mayor}").format(colonist=who, guest_house=ctx.vocab("guest_house"),
                                         place=name, mayor=ctx.vocab("mayor")))
    effect = _effect(ctx, bid)
    if effect:
        text.append(_("; now: {effect}").format(effect=effect), style="italic")
    return text


def _black_market(ctx: BoardContext, action: Mapping[str, Any]) -> Text:
    me = ctx.me() or {}
    pay = action.get("pay")
    text = Text(_("worth 1 {doubloon} of the price: ").format(doubloon=ctx.vocab("doubloon")),
                style="bold")
    if pay == "good":
        good = str(action.get("good"))
        have = int(me.get("goods", {}).get(good, 0))
        text.append_text(filled(_("{good} back to the supply"),
                                good=ctx.good(good, f"{ctx.vocab(good)} {have} → {have - 1}")))
    elif pay == "vp":
        vp = me.get("vp_chips")
        text.append(_("1 VP chip back ({vp} → {after})").format(vp=vp, after=int(vp) - 1)
                    if isinstance(vp, int) else _("1 VP chip back"))
    else:
        name, _bid = _place(ctx, str(action.get("where")), int(action.get("index", -1)))
        who = ctx.vocab("citizen" if action.get("citizen") else "colonist")
        text.append(_("1 {colonist} from {place} back to the supply").format(
            colonist=who, place=name))
    return text


def _build_short(ctx: BoardContext, price: int) -> Text | None:
    """A build I cannot pay in doubloons: the Black Market pays the rest."""
    coins = int((ctx.me() or {}).get("doubloons", 0))
    if price <= coins:
        return None
    return Text(_("pay all {coins}$ and {more} more with the {black_market}: a {colonist}, a "
                  "barrel and/or a VP, chosen next").format(
        coins=coins, more=price - coins, black_market=ctx.vocab("black_market"),
        colonist=ctx.vocab("colonist")))


def short_label(ctx: BoardContext, action: Mapping[str, Any]) -> str | None:
    """At 80 columns, a Bohio move or a Black Market payment without the building's
    name (the headline says it): "worker to the sugar estate", "1 corn"."""
    kind = action.get("type")
    who = ctx.vocab("citizen" if action.get("citizen") else "colonist")
    if kind == "guest":
        name, _bid = _place(ctx, str(action.get("where")), int(action.get("index", -1)))
        return _("{colonist} to {place}").format(colonist=who, place=name)
    if kind == "black_market":
        if action.get("pay") == "good":
            return f"1 {ctx.vocab(str(action.get('good')))}"
        if action.get("pay") == "vp":
            return _("1 VP")
        bare, _bid = _bare(ctx, str(action.get("where")), int(action.get("index", -1)))
        place = ctx.vocab("the_san_juan").removeprefix("the ") if bare is None else bare
        return f"{who}, {place}"
    return None


def preview(ctx: BoardContext, action: Mapping[str, Any]) -> Text | None:
    """The line for an expansion's choice; None for the base game's."""
    kind = action.get("type")
    me = ctx.me() or {}
    if kind == "draft":
        return _draft(ctx, action)
    if kind == "guest":
        return _guest(ctx, action)
    if kind == "black_market":
        return _black_market(ctx, action)
    if kind == "build" and isinstance(action.get("price"), int):
        return _build_short(ctx, int(action["price"]))
    if kind in ("forest", "forest_drawn"):
        forests = int(me.get("forests", 0)) + 1
        discount = action.get("discount")  # the server's: 1 per 2 forests
        cut = _(" (-{discount}$ on every building from now on)").format(discount=discount) \
            if isinstance(discount, int) else ""
        return Text(_("face down on your {island} as forest {number}, never manned").format(
            island=ctx.vocab("island"), number=forests) + cut)
    if kind == "land_office_sell":
        name, _bid = _place(ctx, "island", int(action.get("index", -1)))
        return Text(_("{place} leaves your {island} for 1 {doubloon}; its {colonist} goes to "
                      "{san_juan}").format(place=name, island=ctx.vocab("island"),
                                           doubloon=ctx.vocab("doubloon"),
                                           colonist=ctx.vocab("colonist"),
                                           san_juan=ctx.vocab("the_san_juan")))
    if kind == "hunting_lodge":
        name, _bid = _place(ctx, "island", int(action.get("index", -1)))
        return Text(_("{place} goes back to the supply; its space is empty again").format(
            place=name))
    if kind == "royal_supplier":
        good = str(action.get("good"))
        have = int(me.get("goods", {}).get(good, 0))
        vp = action.get("vp")  # the server's
        return ctx.good(good, f"{ctx.vocab(good)} {have} → {have - 1}"
                        + (_(", +{vp} VP").format(vp=vp) if isinstance(vp, int) else ""))
    if kind == "charter":  # the server's: barrels aboard after this load, their VP
        count, carried, vp = action.get("count"), action.get("carried"), action.get("vp")
        if not isinstance(carried, int) or not isinstance(vp, int):
            return None
        return Text(_("{count} barrels back to the supply; the chartered ship then carries "
                      "{carried}: {vp} VP when it sails (once this phase)").format(
            count=count, carried=carried, vp=vp))
    return None

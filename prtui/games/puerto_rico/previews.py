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

from prtui.widgets.context import BoardContext
from server.wording import article


def _place(ctx: BoardContext, where: str, index: int) -> tuple[str, str | None]:
    """("the ..." for a place of my board, its building id if a building)."""
    me = ctx.me() or {}
    spaces = me.get(where, [])
    if where == "san_juan" or not 0 <= index < len(spaces):
        return ctx.vocab("the_san_juan"), None
    entry = spaces[index]
    if where == "city":
        bid = str(entry.get("building"))
        return f"the {ctx.vocab(bid)}", bid
    tile = str(entry.get("tile"))
    if tile in ("quarry", "forest"):
        return f"the {ctx.vocab(tile)}", None
    return f"the {ctx.vocab(tile)} {ctx.vocab('plantation')}", None


def _effect(ctx: BoardContext, bid: str | None) -> str:
    facts = ctx.facts.building(bid) if bid else None
    return ctx.vocab.render(facts.help) if facts and facts.help else ""


def _draft(ctx: BoardContext, action: Mapping[str, Any]) -> Text:
    bid = str(action.get("building"))
    facts = ctx.facts.building(bid)
    copies = action.get("copies")  # the server's (a two-player Tailor Shop: 2, rules 5)
    count = (f"{copies} {'copy' if copies == 1 else 'copies'}"
             if isinstance(copies, int) and not isinstance(copies, bool) else "placed")
    text = Text(count + (f" on {article(str(facts.cost))} {facts.cost}-space, {facts.vp} VP: "
                         if facts else ": "), style="bold")
    text.append(_effect(ctx, bid))
    return text


def _guest(ctx: BoardContext, action: Mapping[str, Any]) -> Text:
    name, bid = _place(ctx, str(action.get("where")), int(action.get("index", -1)))
    who = ctx.vocab("citizen" if action.get("citizen") else "colonist")
    text = Text(f"1 {who} from the {ctx.vocab('guest_house')} to {name}, "
                f"working there until the next {ctx.vocab('mayor')}")
    effect = _effect(ctx, bid)
    if effect:
        text.append(f"; now: {effect}", style="italic")
    return text


def _black_market(ctx: BoardContext, action: Mapping[str, Any]) -> Text:
    me = ctx.me() or {}
    pay = action.get("pay")
    text = Text("worth 1 " + ctx.vocab("doubloon") + " of the price: ", style="bold")
    if pay == "good":
        good = str(action.get("good"))
        have = int(me.get("goods", {}).get(good, 0))
        text.append_text(ctx.good(good, f"{ctx.vocab(good)} {have} → {have - 1}"))
        text.append(" back to the supply")
    elif pay == "vp":
        vp = me.get("vp_chips")
        text.append(f"1 VP chip back ({vp} → {int(vp) - 1})" if isinstance(vp, int) else "1 VP chip back")
    else:
        name, _ = _place(ctx, str(action.get("where")), int(action.get("index", -1)))
        who = ctx.vocab("citizen" if action.get("citizen") else "colonist")
        text.append(f"1 {who} from {name} back to the supply")
    return text


def _build_short(ctx: BoardContext, price: int) -> Text | None:
    """A build I cannot pay in doubloons: the Black Market pays the rest."""
    coins = int((ctx.me() or {}).get("doubloons", 0))
    if price <= coins:
        return None
    return Text(f"pay all {coins}$ and {price - coins} more with the "
                f"{ctx.vocab('black_market')}: a {ctx.vocab('colonist')}, a barrel and/or a VP, "
                "chosen next")


def short_label(ctx: BoardContext, action: Mapping[str, Any]) -> str | None:
    """At 80 columns, a Bohio move or a Black Market payment without the building's
    name (the headline says it): "worker to the sugar estate", "1 corn"."""
    kind = action.get("type")
    who = ctx.vocab("citizen" if action.get("citizen") else "colonist")
    if kind == "guest":
        name, _ = _place(ctx, str(action.get("where")), int(action.get("index", -1)))
        return f"{who} to {name}"
    if kind == "black_market":
        if action.get("pay") == "good":
            return f"1 {ctx.vocab(str(action.get('good')))}"
        if action.get("pay") == "vp":
            return "1 VP"
        name, _ = _place(ctx, str(action.get("where")), int(action.get("index", -1)))
        return f"{who}, {name.removeprefix('the ')}"
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
        cut = f" (-{discount}$ on every building from now on)" if isinstance(discount, int) else ""
        return Text(f"face down on your {ctx.vocab('island')} as forest {forests}, never manned{cut}")
    if kind == "land_office_sell":
        name, _ = _place(ctx, "island", int(action.get("index", -1)))
        return Text(f"{name} leaves your {ctx.vocab('island')} for 1 {ctx.vocab('doubloon')}; "
                    f"its {ctx.vocab('colonist')} goes to {ctx.vocab('the_san_juan')}")
    if kind == "hunting_lodge":
        name, _ = _place(ctx, "island", int(action.get("index", -1)))
        return Text(f"{name} goes back to the supply; its space is empty again")
    if kind == "royal_supplier":
        good = str(action.get("good"))
        have = int(me.get("goods", {}).get(good, 0))
        vp = action.get("vp")  # the server's
        return ctx.good(good, f"{ctx.vocab(good)} {have} → {have - 1}"
                        + (f", +{vp} VP" if isinstance(vp, int) else ""))
    if kind == "charter":  # the server's: barrels aboard after this load, their VP
        count, carried, vp = action.get("count"), action.get("carried"), action.get("vp")
        if not isinstance(carried, int) or not isinstance(vp, int):
            return None
        return Text(f"{count} barrels back to the supply; the chartered ship then carries "
                    f"{carried}: {vp} VP when it sails (once this phase)")
    return None

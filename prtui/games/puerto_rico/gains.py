"""What a choice would give me now: each role card's yield, a sale's price, a load's VP.

Read from the view only: the server sends what a craftsman would give each player
(``harvest``), what a barrel brings me (``sale_prices``, with what the trader's
privilege adds) and my building prices (docs/puerto-rico-view.md), so no price or
production rule is copied here. Words are the vocabulary shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from prtui.widgets.context import BoardContext


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _goods_list(ctx: BoardContext, goods: Mapping[str, Any]) -> str:
    """"3 corn, 1 sugar" in the goods' order; '' when nothing."""
    return ", ".join(f"{_count(goods.get(g))} {ctx.vocab(g)}" for g in ctx.facts.goods
                     if _count(goods.get(g)) > 0)


def sale_price(ctx: BoardContext, good: str, *, as_trader: bool = False) -> int | None:
    """What one barrel of ``good`` brings me now (``as_trader``: with the trader's
    privilege, if I do not hold it already); None if the server did not say."""
    prices = (ctx.me() or {}).get("sale_prices")
    if not isinstance(prices, Mapping) or good not in prices:
        return None
    price = _count(prices[good])
    phase = ctx.view.get("phase", {})
    if as_trader and not (phase.get("role") == "trader" and phase.get("role_player") == ctx.seat):
        price += _count(prices.get("privilege"))
    return price


def best_sale(ctx: BoardContext) -> tuple[str, int] | None:
    """The good I hold that sells best with the trader's privilege (a kind already in
    the trading house is left out; a full house sells nothing)."""
    house = list(ctx.view.get("trading_house", []))
    if len(house) >= 4:
        return None
    goods = (ctx.me() or {}).get("goods", {})
    best: tuple[str, int] | None = None
    for g in ctx.facts.goods:
        if _count(goods.get(g)) and g not in house:
            price = sale_price(ctx, g, as_trader=True)
            if price is not None and (best is None or price > best[1]):
                best = (g, price)
    return best


def _mayor(ctx: BoardContext) -> str:
    """My share of the ship, dealt from me, and the privilege colonist if any is left."""
    col = ctx.view.get("colonists", {})
    count = int(ctx.view.get("players_count", len(ctx.view.get("players", []))) or 1)
    ship = _count(col.get("ship")) + _count(col.get("ship_citizens"))
    mine = (ship + count - 1) // count + (1 if _count(col.get("supply")) else 0)
    return f"{mine} {ctx.vocab('colonist' if mine == 1 else 'colonists')}"


def role_gain(ctx: BoardContext, role: str) -> str | None:
    """A few words on what taking ``role`` would give me now; None when unknown."""
    me = ctx.me()
    if me is None or "harvest" not in me:
        return None
    if role == "craftsman":
        made = _goods_list(ctx, me.get("harvest") or {})
        return f"{made}, +1 extra" if made else "nothing to make"
    if role == "trader":
        sale = best_sale(ctx)
        return f"sell {ctx.vocab(sale[0])} for {sale[1]}$" if sale else "nothing to sell"
    if role == "builder":
        return "-1$ on a building"
    if role in ("prospector", "prospector2"):
        return "+1$"
    if role == "mayor":
        return _mayor(ctx)
    if role == "settler":
        return ctx.vocab.render("{a:plantation} or {a:quarry}")  # 1897: "an estate"
    if role == "captain":
        held = sum(_count(n) for n in (me.get("goods") or {}).values())
        return f"ship up to {held}, +1 VP" if held else "+1 VP if you ship"
    return None


def load_vp(ctx: BoardContext, action: Mapping[str, Any]) -> int | None:
    """The VP chips a load brings: a barrel each (as many as fit; the wharf takes all),
    one more with a manned harbor. None when the ship is unknown."""
    me = ctx.me() or {}
    if "harvest" not in me:  # an older server: its label alone
        return None
    good = str(action.get("good"))
    have = _count((me.get("goods") or {}).get(good))
    ship = action.get("ship")
    ships = ctx.view.get("ships", [])
    if ship == "wharf":
        count = have
    elif isinstance(ship, int) and 0 <= ship < len(ships):
        room = _count(ships[ship].get("capacity")) - _count(ships[ship].get("load"))
        count = min(have, room)
    else:
        return None
    harbor = any(b.get("building") == "harbor" and _count(b.get("colonists"))
                 for b in me.get("city", []))
    return count + (1 if harbor and count else 0)


def role_label(ctx: BoardContext, action: Mapping[str, Any]) -> str | None:
    """A role card's choice with its yield, short enough for one row: "Trader +1$:
    sell coffee for 5$"; None when the yield is unknown (the server's label then)."""
    role = str(action.get("role"))
    gain = role_gain(ctx, role)
    if gain is None:
        return None
    card: Mapping[str, Any] = next((r for r in ctx.view.get("roles", []) if r.get("id") == role), {})
    coins = _count(card.get("doubloons"))
    return f"{ctx.vocab.title(role)}{f' +{coins}$' if coins else ''}: {gain}"


def label_gain(ctx: BoardContext, action: Mapping[str, Any]) -> str:
    """What to add to an action's label: ' for 4$' (a sale), ' (+3 VP)' (a load)."""
    kind = action.get("type")
    if kind == "sell":
        price = sale_price(ctx, str(action.get("good")))
        return "" if price is None else f" for {price}$"
    if kind == "load":
        vp = load_vp(ctx, action)
        return "" if vp is None else f" (+{vp} VP)"
    return ""

"""What a choice would give me now: each role card's yield, a sale's price, a load's VP.

Read from the view only: the server sends what each role card would give me
(``role_gains``), what a barrel brings me (``sale_prices``) and my building prices
(docs/puerto-rico-view.md), so no price, production or privilege rule is copied here.
Words are the vocabulary shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from prtui.i18n import _
from prtui.widgets.context import BoardContext


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def sale_price(ctx: BoardContext, good: str) -> int | None:
    """What one barrel of ``good`` brings me now; None if the server did not say."""
    prices = (ctx.me() or {}).get("sale_prices")
    if not isinstance(prices, Mapping) or good not in prices:
        return None
    return _count(prices[good])


def role_gain(ctx: BoardContext, role: str) -> str | None:
    """A few words on what taking ``role`` would give me now, as the server worked it
    out (``role_gains`` in my own view, library included); None when it did not say."""
    me = ctx.me() or {}
    keyed = me.get("role_gains_k")  # by key: in the reader's language
    item = keyed.get(role) if isinstance(keyed, Mapping) else None
    filled = ctx.vocab.filled(item) if isinstance(item, Mapping) else None
    if filled:
        return ctx.vocab.render(filled)
    gains = me.get("role_gains")
    if not isinstance(gains, Mapping) or not isinstance(gains.get(role), str):
        return None
    return ctx.vocab.render(gains[role])


def load_vp(action: Mapping[str, Any]) -> int | None:
    """The VP chips a load brings, as the server worked it out (``vp``: a barrel each,
    one more with a manned harbor); None when it did not say."""
    vp = action.get("vp")
    return vp if isinstance(vp, int) and not isinstance(vp, bool) else None


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
        return "" if price is None else " " + _("for {price}$").format(price=price)
    if kind == "load":
        vp = load_vp(action)
        return "" if vp is None else " " + _("(+{vp} VP)").format(vp=vp)
    return ""

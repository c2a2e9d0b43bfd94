"""The Smuggler (Expansion III) in the client: marks on the role cards, and the
Smuggler's choices and the workers placed at once as short labels with previews.

The Smuggler card shows ☠ and the tile's holder while nobody has chosen it this round
(the holder may not choose it); a captured card shows ⚑ and its captor. A choice reads
what it gives ("Raid 6-ship: keep 3 Sug"), its preview what changes, all from the view
(``smuggler`` key, docs/puerto-rico-view.md) and the action's own fields.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from prtui.i18n import _
from prtui.widgets.context import BoardContext
from prtui.widgets.filled import filled

TILE = "☠"
"""The Smuggler tile, on the Smuggler card beside its holder."""
CAPTURED = "⚑"
"""A captured role card, beside its captor."""

KINDS = ("raid", "plunder", "poach", "capture", "place_worker")


def role_mark(ctx: BoardContext, role_id: str, taken: Any) -> tuple[str, int] | None:
    """(mark, seat) for a role card: the captured card's captor, or the Smuggler
    tile's holder on the Smuggler card nobody has taken this round."""
    smuggler = ctx.view.get("smuggler")
    if not isinstance(smuggler, Mapping):
        return None
    captor = smuggler.get("captor")
    if role_id == smuggler.get("captured") and isinstance(captor, int) and taken is None:
        return CAPTURED, captor
    holder = smuggler.get("holder")
    if role_id == "smuggler" and isinstance(holder, int) and taken is None:
        return TILE, holder
    return None


def _ship(ctx: BoardContext, index: Any) -> tuple[int, int, str | None]:
    ships = ctx.view.get("ships", [])
    if isinstance(index, int) and 0 <= index < len(ships):
        ship = ships[index]
        return int(ship.get("capacity", 0)), int(ship.get("load", 0)), ship.get("good")
    return 0, 0, None


def _place_name(ctx: BoardContext, action: Mapping[str, Any], narrow: bool) -> str:
    """The empty circle a worker goes to: "the fruit estate", "the Lg. Fruit Wh."."""
    where, index = str(action.get("where")), int(action.get("index", -1))
    spaces = (ctx.me() or {}).get(where, [])
    if not 0 <= index < len(spaces):
        return ctx.vocab(where)
    entry = spaces[index]
    if where == "city":
        bid = str(entry.get("building"))
        short = ctx.vocab.short(bid) if narrow else None
        return short or ctx.vocab(bid)
    tile = str(entry.get("tile"))
    if tile == "quarry":
        return ctx.vocab("quarry")
    # i18n: a plantation named by its good ("indigo plantation"); Chinese needs no space
    return _("{good} {plantation}").format(good=ctx.short(tile) if narrow else ctx.vocab(tile),
                                           plantation=ctx.vocab("plantation"))


def _is_placing(ctx: BoardContext) -> bool:
    return bool(ctx.view.get("phase", {}).get("step") == "place_workers")


def short_label(ctx: BoardContext, action: Mapping[str, Any]) -> str | None:
    """At 80 columns, a choice in a few words; None for the other actions."""
    kind = action.get("type")
    if kind == "raid":
        cap, _load, good = _ship(ctx, action.get("ship"))
        keep = int(action.get("keep", 0))
        kept = _("keep {count} {good}").format(count=keep, good=ctx.short(good)) \
            if keep and good else _("keep none")
        return _("Raid {capacity}-ship: {kept}").format(capacity=cap, kept=kept)
    if kind == "plunder":
        return _("Plunder: {vp} VP").format(vp=action.get("vp", "?"))  # the server's count
    if kind == "poach":  # the server's count
        return _("Poach: place up to {count}").format(count=action.get("places", "?"))
    if kind == "capture":
        role = str(action.get("role"))
        coins = _count(action.get("doubloons"))
        return _("Capture {role}").format(role=ctx.vocab.title(role)) + (
            f" +{coins}$" if coins else "")
    if kind == "place_worker":
        return _("On {place}").format(place=_place_name(ctx, action, True))
    if kind == "pass" and _is_placing(ctx):
        rest = ctx.vocab("the_san_juan") if _festival_rest(ctx) else _("back to supply")
        return _("Rest: {where}").format(where=rest)
    return None


def wide_label(ctx: BoardContext, action: Mapping[str, Any]) -> str | None:
    """Wider than 80 columns, the few labels too long for one line of the actions list
    ("Raid the 6-ship: keep 3 sugar"; the preview says the rest); None for the others."""
    kind = action.get("type")
    if kind == "raid":
        cap, _load, good = _ship(ctx, action.get("ship"))
        keep = int(action.get("keep", 0))
        kept = _("keep {count} {good}").format(count=keep, good=ctx.vocab(good)) \
            if keep and good else _("keep none")
        return _("Raid the {capacity}-ship: {kept}").format(capacity=cap, kept=kept)
    if kind == "poach":
        return _("Poach the {colonist_ship}: place up to {count}").format(
            colonist_ship=ctx.vocab("colonist_ship"), count=action.get("places", "?"))
    if kind == "place_worker":
        return _("On the {place}").format(place=_place_name(ctx, action, False))
    return None


def _count(value: Any) -> int | None:
    """A count the server sent, else None (an older server's action)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _festival_rest(ctx: BoardContext) -> bool:
    """Placing the festival's workers (the rest go to San Juan), not a poach's: the
    server's ``rest`` on the pass, never its words."""
    return any(a.get("rest") == "san_juan" for a in ctx.actions("pass"))


def _goods_line(ctx: BoardContext, goods: list[str]) -> Text:
    text = Text()
    for i, g in enumerate(goods):
        text.append(" " if i else "")
        text.append_text(ctx.good(g, ctx.short(g)))
    return text


def preview(ctx: BoardContext, action: Mapping[str, Any]) -> Text | None:
    """What the choice changes, in one line; None for the other actions."""
    kind = action.get("type")
    me = ctx.me() or {}
    if kind == "raid":
        cap, _load, good = _ship(ctx, action.get("ship"))
        keep = int(action.get("keep", 0))
        have = int(me.get("goods", {}).get(good, 0)) if good else 0
        text = Text(_("the {capacity}-ship is emptied: ").format(capacity=cap))
        if keep and good:
            text.append_text(ctx.good(good, f"{ctx.vocab(good)} {have} → {have + keep}"))
        else:
            text.append(_("you keep nothing"))
        returned = _count(action.get("returned"))  # the server's
        if returned is not None:
            text.append(_(", {count} back to the supply").format(count=returned))
        return text
    if kind == "plunder":
        sold = [str(g) for g in ctx.view.get("trading_house", [])]
        return filled(_("+{vp} VP; back to the supply: {goods}; the trading house is empty "
                        "again"), vp=action.get("vp", "?"), goods=_goods_line(ctx, sold))
    if kind == "poach":  # the server's counts: off the ship, placed at once
        poached, places = _count(action.get("poached")), _count(action.get("places"))
        if poached is None or places is None:
            return None
        ship = int(ctx.view.get("colonists", {}).get("ship", 0))
        return Text(_("{count} off the {colonist_ship} ({ship} → {after}); place up to "
                      "{places} at once on your empty {circles}, the rest back to the "
                      "supply").format(count=poached, colonist_ship=ctx.vocab("colonist_ship"),
                                       ship=ship, after=ship - poached, places=places,
                                       circles=ctx.vocab("circles")))
    if kind == "capture":  # the server's: the card's doubloons now, the bank's bounty
        role = str(action.get("role"))
        coins, bounty = _count(action.get("doubloons")), _count(action.get("bounty"))
        if coins is None or bounty is None:
            return None
        return Text(_("+{coins}$ now; +{bounty}$ if another player chooses the {role} this "
                      "round, else you play it after the round's last pick").format(
            coins=coins, bounty=bounty, role=ctx.vocab.title(role)))
    if kind == "place_worker":
        return Text(_("1 {colonist} to the {place}, working at once").format(
            colonist=ctx.vocab("colonist"), place=_place_name(ctx, action, False)))
    if kind == "pass" and _is_placing(ctx):
        where = ctx.vocab("the_san_juan") if _festival_rest(ctx) else _("the supply")
        return Text(_("place no more: the rest go to {where}").format(where=where))
    return None

"""How Puerto Rico's legal actions read in the actions panel, and what each one does.

The panel itself is shared (prtui/widgets/actions.py); this says, for the player about
to choose, the shorter label where the board already shows the rest, a headline for
the phases of many small decisions, and a preview of the highlighted choice: the price
(as the server sent it), where a colonist goes, what the captain's storage keeps and
what spoils. Every word is in the vocabulary shown.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from prtui.games.puerto_rico import gains, mayor, previews, smuggler
from prtui.games.puerto_rico.facts import my_price
from prtui.i18n import _
from prtui.widgets.actions import label_of
from prtui.widgets.context import BoardContext
from prtui.widgets.filled import filled
from prtui.widgets.plain import plain


def store_preview(ctx: BoardContext, action: Mapping[str, Any]) -> Text:
    """Captain storage: which barrels stay, which spoil, for one `store` choice, as the
    server worked it out (``kept``, ``spoiled``: warehouses and storehouse counted)."""
    kept, spoiled = action.get("kept"), action.get("spoiled")
    if not isinstance(kept, Mapping) or not isinstance(spoiled, Mapping):
        return plain(label_of(ctx, action), blank="")  # a server that does not say
    text, lost = Text(), Text()
    for g in ctx.facts.goods:
        if _count(kept.get(g)):
            text.append_text(ctx.good(g, f"{ctx.vocab(g)}×{_count(kept.get(g))} "))
        if _count(spoiled.get(g)):
            lost.append_text(ctx.good(g, f"{ctx.vocab(g)}×{_count(spoiled.get(g))} "))
    if not kept:
        text.append(_("nothing") + " ")
    if not spoiled:
        lost.append(_("nothing"))
    return filled(_("keeps {kept}| spoils {spoiled}"), kept=text, spoiled=lost)


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _price(ctx: BoardContext, action: Mapping[str, Any]) -> int | None:
    price = action.get("price")
    if isinstance(price, int) and not isinstance(price, bool):
        return price
    return my_price(ctx, str(action.get("building")))


def _space(ctx: BoardContext, action: Mapping[str, Any]) -> tuple[str, int, str | None]:
    """(where in the vocabulary, index, what is there) of a mayor placement."""
    where = str(action.get("where"))
    index = int(action.get("index", -1))
    spaces = (ctx.me() or {}).get(where, [])
    thing = None
    if 0 <= index < len(spaces):
        thing = spaces[index].get("tile") or spaces[index].get("building")
    return ctx.vocab(where), index, None if thing is None else ctx.vocab(str(thing))


def placed_kind(ctx: BoardContext, action: Mapping[str, Any]) -> str:
    """"citizen" or "worker" while the mayor may choose the kind (Expansion II: both
    wait), else "": the two rows of one place must not read the same."""
    if not any(a.get("type") == "mayor_place" and a.get("citizen") for a in ctx.legal):
        return ""
    return ctx.vocab("citizen" if action.get("citizen") else "colonist")


def _note(ctx: BoardContext, action: Mapping[str, Any]) -> str:
    """An action's note ("the last round") in the reader's language: by its key
    (``note_k``) when sent, else its English template."""
    keyed = action.get("note_k")
    filled = ctx.vocab.filled(keyed) if isinstance(keyed, Mapping) else None
    return ctx.vocab.render(filled if filled else str(action["note"]))


def action_label(ctx: BoardContext, action: Mapping[str, Any]) -> str:
    """The server's label in the vocabulary shown, shortened where the board shows the rest."""
    if action.get("type") == "mayor_place":
        where, index, thing = _space(ctx, action)
        if thing is not None:
            kind = placed_kind(ctx, action)
            place = _("Place {kind} on {thing} ({where} {number})") if kind else \
                _("Place on {thing} ({where} {number})")
            return place.format(kind=kind, thing=thing, where=where, number=index + 1)
    if mayor.is_send_back(action):  # as the placements read: the board marks the place
        where, index, thing = _space(ctx, action)
        if thing is not None:
            return _("Send back from {thing} ({where} {number})").format(
                thing=thing, where=where, number=index + 1)
    if action.get("type") == "draft" and action.get("building"):  # the draft panel shows the rest
        bid = str(action["building"])
        facts = ctx.facts.building(bid)
        cost = f" ({facts.cost}$)" if facts else ""
        name = ctx.vocab(bid)
        return (name if ctx.narrow else _("Place {building}").format(building=name)) + cost
    if action.get("type") == "role" and (role := gains.role_label(ctx, action)):
        note = f"; {_note(ctx, action)}" if action.get("note") else ""
        return role + note  # "Trader +1$: sell coffee for 5$", "...; ... the last"
    short = (previews.short_label(ctx, action) or mayor.short_undo(ctx, action)) \
        if ctx.narrow else None
    if short is None:  # III: "Raid 6-ship: keep 3 Sug", wider "Raid the 6-ship: keep 3 sugar"
        short = smuggler.short_label(ctx, action) if ctx.narrow else smuggler.wide_label(ctx, action)
    if short is not None:
        return short
    if action.get("type") == "build" and action.get("building"):
        price = _price(ctx, action)
        name = ctx.vocab(str(action["building"]))
        cost = "" if price is None else f" ({price}$)"
        note = f": {_note(ctx, action)}" if action.get("note") else ""
        built = name if ctx.narrow else _("Build {building}").format(building=name)
        return built + cost + note  # "...: the last round"
    return label_of(ctx, action) + gains.label_gain(ctx, action)  # ": sell coffee for 5$"


def headline(ctx: BoardContext) -> Text:
    """What the choice is about, for the two phases with many small decisions."""
    step = ctx.view.get("phase", {}).get("step")
    me = ctx.me() or {}
    if step == "mayor":
        waiting = int(me.get("san_juan", 0))
        people = ctx.vocab("colonist" if waiting == 1 else "colonists")
        where = "" if ctx.narrow else (
            mayor.headline_tail(ctx) or " " + _("Keys are marked on your board."))
        empty = me.get("empty_circles")  # the server's count (a forest has no circle)
        circles = ctx.vocab("circle" if empty == 1 else "circles")
        line = _("{mayor}: {count} {colonists} waiting, {empty} empty {circles}.") \
            if isinstance(empty, int) else _("{mayor}: {count} {colonists} waiting.")
        line = line.format(mayor=ctx.vocab.title("mayor"), count=waiting, colonists=people,
                           empty=empty, circles=circles)
        return Text(line + where, style="bold green")
    if step == "draft":
        where = "" if ctx.narrow else " " + _("The list on the left says what each does.")
        return Text(_("Draft: place one building on the board.") + where, style="bold green")
    if step in ctx.facts.questions and ctx.facts.steps.get(step):  # a building's question
        where = "" if ctx.narrow else " " + _("The preview says what a choice does.")
        words = ctx.vocab.render(ctx.facts.steps[step])
        words = words if words.endswith(("?", ".")) else words + "."  # "Placing ... at once."
        return Text(words[:1].upper() + words[1:] + where, style="bold green")
    if step == "captain_store":
        return Text(_("Storage: pick what to keep; the preview shows what spoils."),
                    style="bold green")
    return Text(_("Your move: its key, ↑↓ Enter, or click"), style="bold green")


def preview(ctx: BoardContext, action: Mapping[str, Any]) -> Text:
    """One line on what an action will do, from the view alone."""
    kind = action.get("type")
    me = ctx.me() or {}
    expansion = previews.preview(ctx, action) or smuggler.preview(ctx, action)
    if expansion is not None:
        return expansion
    if kind == "store":
        return store_preview(ctx, action)
    if kind == "build":
        price = _price(ctx, action) or 0
        left = int(me.get("doubloons", 0)) - price
        return Text(_("pay {price}$, {left}$ left").format(price=price, left=left))
    if kind == "mayor_place":
        where, index, thing = _space(ctx, action)
        one = _("one {colonist} to {where} space {number}").format(
            colonist=ctx.vocab("citizen" if action.get("citizen") else "colonist"),
            where=where, number=index + 1)
        return Text(f"{one}: {thing}" if thing is not None else one)
    if kind == "mayor_done":
        return mayor.confirm_preview(ctx, me)
    if mayor.is_send_back(action):
        return mayor.send_back_preview(ctx, action)
    if kind == "mayor_lift":
        return Text(_("all your {colonists} go back to {san_juan}; place them again").format(
            colonists=ctx.vocab("colonists"), san_juan=ctx.vocab("the_san_juan")))
    if kind == "load":
        good, ship = ctx.vocab(str(action.get("good"))), action.get("ship")
        ships = ctx.view.get("ships", [])
        if isinstance(ship, int) and 0 <= ship < len(ships):
            cap, load = int(ships[ship].get("capacity", 0)), int(ships[ship].get("load", 0))
            return Text(_("load {good} on the {capacity}-ship ({load}/{capacity}, room for "
                          "{room})").format(good=good, capacity=cap, load=load, room=cap - load))
        if ship == "wharf":
            return Text(_("load {good} on your {wharf}").format(good=good, wharf=ctx.vocab("wharf")))
        return Text(_("load {good}").format(good=good))
    return plain(label_of(ctx, action), blank="")

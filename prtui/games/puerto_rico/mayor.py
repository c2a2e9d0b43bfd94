"""The mayor's placement on screen (issue 16, "Undo until confirmed"): what the confirm
commits, where a send-back takes a colonist from, and the headline's reminder that
nothing is final before the confirm. Read from the view and the actions' own fields
(``commits``, an undo's ``place``), never from their words; in the words shown."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from prtui.games.puerto_rico.previews import plantation
from prtui.i18n import _
from prtui.widgets.context import BoardContext


def confirm_preview(ctx: BoardContext, me: Mapping[str, Any]) -> Text:
    """"Confirm: 3 on plantations, 2 in buildings, 0 in San Juan": where my people stand
    once I confirm, as the server worked it out (``mayor_confirm``; the confirm fills
    every empty circle when enough wait)."""
    after = me.get("mayor_confirm")
    if not isinstance(after, Mapping):  # a server that does not say: the label alone
        return Text(_("Confirm"))
    return Text(_("Confirm: {island} on {plantations}, {city} in buildings, {san_juan} "
                  "{in_san_juan}").format(
        island=after.get("island"), plantations=ctx.vocab("plantations"),
        city=after.get("city"), san_juan=after.get("san_juan"),
        in_san_juan=ctx.vocab("in_san_juan")))


def is_send_back(action: Mapping[str, Any]) -> bool:
    """A take-back of one named place (an ``undo`` with ``where``), not of the last one."""
    return action.get("type") == "undo" and "where" in action


def send_back_preview(ctx: BoardContext, action: Mapping[str, Any]) -> Text:
    where = str(action.get("where"))
    index = int(action.get("index", -1))
    spaces = (ctx.me() or {}).get(where, [])
    thing = ""
    if 0 <= index < len(spaces):
        ident = spaces[index].get("tile") or spaces[index].get("building")
        thing = f" ({ctx.vocab(str(ident))})" if ident else ""
    return Text(_("one {colonist} from {where} space {number}{thing} back to {san_juan}; "
                  "place again, then confirm").format(
        colonist=ctx.vocab("colonist"), where=ctx.vocab(where), number=index + 1, thing=thing,
        san_juan=ctx.vocab("the_san_juan")))


def headline_tail(ctx: BoardContext) -> str:
    """What the headline adds once a confirm is asked for (rules 4): it commits."""
    for a in ctx.legal:
        if a.get("type") == "mayor_done" and a.get("commits") is True:
            return " " + _("Nothing is final before Confirm.")
    return ""


def short_undo(ctx: BoardContext, action: Mapping[str, Any]) -> str | None:
    """At 80 columns the undo of the last placement as "Undo: indigo plantation" (the
    full label takes three lines there); None for anything else."""
    place = action.get("place")
    if action.get("type") != "undo" or "where" in action or not isinstance(place, Mapping):
        return None
    where, index = str(place.get("where")), place.get("index")
    spaces = (ctx.me() or {}).get(where, [])
    if not isinstance(index, int) or not 0 <= index < len(spaces):
        return None
    space = spaces[index]
    if space.get("building"):
        return _("Undo: {place}").format(place=ctx.vocab(str(space["building"])))
    tile = str(space.get("tile"))
    place = ctx.vocab(tile) if tile == "quarry" else plantation(ctx, tile)
    return _("Undo: {place}").format(place=place)


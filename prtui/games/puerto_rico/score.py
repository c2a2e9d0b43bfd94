"""The score as far as I know it, and how near the end is.

A player's known VP is the sum of ``vp_shown`` (the final score's parts that would count
now, as the server works them out: docs/puerto-rico-view.md); the chips of another
player are "hidden" unless open VP. The end's progress is read from the shared supply:
VP chips left, colonists left, the fullest city.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.cells import cell_len
from rich.text import Text

from prtui.games.puerto_rico.abbrev import seat_tag
from prtui.i18n import _
from prtui.widgets.context import BoardContext

SPACES = 12


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def known_vp(player: Mapping[str, Any]) -> tuple[int, bool] | None:
    """(the VP I can see, whether that is all of them); None from an older server."""
    shown = player.get("vp_shown")
    if isinstance(shown, Mapping):
        return sum(_int(v) for v in shown.values()), "vp_chips" in shown
    return None


def vp_cell(player: Mapping[str, Any]) -> str:
    """'21' when I see it all, '9+hidden' when the chips are hidden (from an older
    server: the chips as the header shows them)."""
    known = known_vp(player)
    if known is None:
        chips = player.get("vp_chips")
        return str(chips) if isinstance(chips, int) else _("hidden")
    total, whole = known
    return str(total) if whole else f"{total}+" + _("hidden")


def my_score(ctx: BoardContext) -> Text:
    """'Score 21 (chips 12, buildings 7, guild hall 2)': mine, every part that counts now
    (named "Score": the players' headers show the VP chips, another figure)."""
    me = ctx.me() or {}
    shown = me.get("vp_shown")
    if not isinstance(shown, Mapping) or ctx.watching:
        return Text("")
    total = sum(_int(v) for v in shown.values())
    parts = []
    first = [k for k in ("vp_chips", "buildings") if k in shown]
    for part, value in [(k, shown[k]) for k in first] + [
            (k, v) for k, v in shown.items() if k not in first]:
        word = _("chips") if part == "vp_chips" else ctx.vocab(part)
        if _int(value) or part in ("vp_chips", "buildings"):
            parts.append(f"{word} {_int(value)}")
    text = Text.assemble((_("Score") + " ", "bold"), (str(total), "bold green"))
    text.append(f" ({', '.join(parts)})" if not ctx.narrow else "")
    return text


def fullest_city(ctx: BoardContext) -> tuple[int, int | None]:
    """(spaces used, seat) of the fullest city; the first such seat."""
    best, seat = 0, None
    for p in ctx.view.get("players", []):
        used = _int(p.get("city_spaces_used"))
        if used > best:
            best, seat = used, _int(p.get("seat"))
    return best, seat


def end_progress(ctx: BoardContext, width: int = 0) -> Text:
    """'End: 42 chips, 55 colonists left, fullest city 11/12 (bo)', or the last
    round when it is."""
    view = ctx.view
    col = view.get("colonists", {})
    colonists = _int(col.get("supply"))  # the ship's are dealt already
    used, seat = fullest_city(ctx)
    text = Text.assemble((_("End:") + " ", "bold"))
    left = _("{chips} chips, {count} {colonists}, ") if ctx.narrow else \
        _("{chips} chips, {count} {colonists} left, ")
    text.append(left.format(chips=_int(view.get("vp_chips")), count=colonists,
                            colonists=ctx.vocab("colonists")))
    city = _("{city} {used}/{spaces}") if ctx.narrow else _("fullest {city} {used}/{spaces}")
    text.append(city.format(city=ctx.vocab("city"), used=used, spaces=SPACES),
                style="bold red" if used >= SPACES - 1 else "")
    if seat is not None and not ctx.narrow:
        text.append(f" ({seat_tag(ctx.name(seat), 12)})")
    # narrow, or no room left: the status line says it
    last = "  " + _("LAST ROUND")
    if view.get("last_round") and not ctx.narrow and (
            not width or text.cell_len + cell_len(last) <= width):
        text.append(last, style="bold red")
    return text


def score_line(ctx: BoardContext, width: int = 0) -> Text:
    """My score, then the end's progress on a line of its own (a fixed height: the
    summary never changes the layout when a number grows)."""
    mine = my_score(ctx)
    end = end_progress(ctx, width)
    return mine + Text("\n") + end if mine.plain else end

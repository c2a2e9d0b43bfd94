"""How San Juan's legal actions read in the actions panel, and what each one does.

The panel is shared (prtui/widgets/actions.py); this gives, for the player about to
choose, a headline with the selection so far ("Pay 3 for the well: 2 chosen"), shorter
labels where the board shows the rest, and a preview of the highlighted choice: what a
build costs and why (smithy, quarry, crane, the builder's privilege, the black market),
how far a selection gets, what confirming carries out. Words come from the server.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.text import Text

from prtui.games.san_juan.facts import built
from prtui.i18n import N_, _, ngettext
from prtui.widgets.actions import label_of
from prtui.widgets.context import BoardContext
from prtui.widgets.plain import plain

# what a selection step asks for: (verb, "exactly" or "up to")
_SELECTIONS = {
    "build_pay": N_("Pay"), "produce": N_("Produce"), "sell": N_("Sell"),
    "council_keep": N_("Keep"), "council_discard": N_("Discard"), "hand_limit": N_("Discard"),
    "fair_start": N_("Discard"),
}
_PICKS = ("pay", "produce", "sell", "keep", "discard")
# the 80-column label of an action on one card (the board shows the rest)
_VERBS = {"pay": N_("Pay with"), "discard": N_("Discard"), "keep": N_("Keep"),
          "tuck": N_("Tuck"), "take": N_("Take")}


def decision(ctx: BoardContext) -> Mapping[str, Any]:
    found = ctx.view.get("decision") if ctx.legal else None
    return found if isinstance(found, Mapping) else {}


def picked_words(ctx: BoardContext, picked: list[Any]) -> list[str]:
    """The picks so far, as words ("well", "the sugar good")."""
    out = []
    for p in picked:
        if not isinstance(p, Mapping):
            continue
        if "card" in p:
            out.append(ctx.vocab(str(p["card"])))
        elif "good" in p:
            out.append(_("{good} good").format(good=ctx.vocab(str(p["good"]))))
    return out


def progress(ctx: BoardContext, extra: int = 0) -> str:
    """"pay 3 for the well: 2 chosen" for the open selection (plus ``extra`` picks)."""
    d = decision(ctx)
    verb = _SELECTIONS.get(str(d.get("step")))
    if verb is None:
        return ""
    need = int(d.get("need", 0))
    chosen = len(d.get("picked") or []) + extra
    line = _("{verb} {need}{what}: {chosen} chosen") if d.get("exact", True) else \
        _("{verb} up to {need}{what}: {chosen} chosen")
    what = _(" for the {building}").format(building=ctx.vocab(str(d["building"]))) \
        if d.get("building") else ""
    if d.get("step") == "council_keep":
        what = _(" of {count}").format(count=len(d.get("cards") or []))
    return line.format(verb=_(verb), need=need, what=what, chosen=chosen)


def headline(ctx: BoardContext) -> Text:
    """What the choice is about, with the selection so far."""
    d = decision(ctx)
    step = str(d.get("step", ""))
    line = progress(ctx)
    if line:
        text = Text(line, style="bold green")
        picked = picked_words(ctx, list(d.get("picked") or []))
        if picked:
            text.append(f" ({', '.join(picked)})", style="green")
        if not ctx.narrow:
            text.append("  " + _("then confirm; undo takes one back"), style="dim")
        return text
    if step == "gold_mine":
        return Text(_("{gold_mine}: keep one of the four").format(
            gold_mine=ctx.vocab.title("gold_mine")), style="bold green")
    if step == "gold_mine_ask":
        return Text(_("{gold_mine}: turn up 4 cards?").format(
            gold_mine=ctx.vocab.title("gold_mine")), style="bold green")
    if step == "chapel":
        return Text(_("{chapel}: tuck a card (1 VP at the end)?").format(
            chapel=ctx.vocab.title("chapel")), style="bold green")
    if step == "build":
        return Text(_("{builder}: build one card from your hand").format(
            builder=ctx.vocab.title("builder")), style="bold green")
    if step == "choose_role":  # one line at 80 columns: the five roles need the rows
        return Text(_("Choose a role") if ctx.narrow else
                    _("Choose a role: its key, ↑↓ Enter, or click"), style="bold green")
    return Text(_("Your move: its key, ↑↓ Enter, or click"), style="bold green")


def action_label(ctx: BoardContext, action: Mapping[str, Any]) -> str:
    """The server's label, shortened on the 80-column board."""
    kind = action.get("type")
    if ctx.narrow and kind == "build" and action.get("building"):
        name = ctx.vocab.title(str(action["building"]))
        over = _over_name(ctx, action)
        # i18n: "c": cards (the build's cost in cards), at 80 columns
        line = _("{card} over {over} ({cost}c)") if over else _("{card} ({cost}c)")
        return line.format(card=name, over=over, cost=action.get("cost", "?"))
    if ctx.narrow and kind in _VERBS and isinstance(action.get("card"), str):
        return f"{_(_VERBS[str(kind)])} {ctx.vocab(action['card'])}"
    if ctx.narrow and kind == "undo":
        short = _undo_short(ctx)
        if short:
            return short
    if kind == "role":  # with what it gives me now, as the server worked it out
        gain = role_gain(ctx, str(action.get("role")))
        name = ctx.vocab.title(str(action.get("role")))
        lib = action.get("library")
        if lib is not None:
            library = ctx.vocab("library")
            which = library if lib else _("keep {library}").format(library=library)
            name = f"{name} ({which})"
        if ctx.narrow:  # one row a role, all five in view: its gain heads its preview
            return name
        if gain:
            return f"{name}: {gain}"
    return label_of(ctx, action)


def role_gain(ctx: BoardContext, role: str) -> str | None:
    """What choosing ``role`` gives me now, as the server worked it out (``role_gains``,
    a template rendered in my vocabulary); None when it did not say."""
    keyed = ctx.view.get("role_gains_k")  # by key: in the reader's language
    item = keyed.get(role) if isinstance(keyed, Mapping) else None
    filled = ctx.vocab.filled(item) if isinstance(item, Mapping) else None
    if filled:
        return ctx.vocab.render(filled)
    gains = ctx.view.get("role_gains")
    gain = gains.get(role) if isinstance(gains, Mapping) else None
    return ctx.vocab.render(gain) if isinstance(gain, str) and gain else None


def _undo_short(ctx: BoardContext) -> str | None:
    """The 80-column undo: what it takes back in a row of the list ("Put back tobacco
    storage", "Undo producing sugar"), from the last pick (None: nothing picked, the
    server's label, "Back: choose another building")."""
    d = decision(ctx)
    last = list(d.get("picked") or [])[-1:]
    words = picked_words(ctx, last)
    if not words:
        return None
    step = d.get("step")
    if step in ("produce", "sell"):
        undo = _("Undo producing {good}") if step == "produce" else _("Undo selling {good}")
        return undo.format(good=ctx.vocab(str(last[0].get("good"))))
    return _("Put back {card}").format(card=words[0])


def _over_name(ctx: BoardContext, action: Mapping[str, Any]) -> str | None:
    over = action.get("over")
    mine = (ctx.me() or {}).get("buildings", [])
    if isinstance(over, int) and 0 <= over < len(mine):
        return ctx.vocab(str(mine[over].get("building")))
    return None


def build_cost(ctx: BoardContext, action: Mapping[str, Any]) -> Text:
    """The build's cost and why, as the server worked it out (``discounts``: smithy or
    quarry, the crane's building built over, the builder's privilege)."""
    card = str(action.get("building"))
    facts = ctx.facts.card(card)
    cost = action.get("cost")
    if facts is None or not isinstance(cost, int):
        return plain(label_of(ctx, action), blank="")
    text = Text(f"{ctx.vocab.title(card)}: {facts.cost}")
    for part in action.get("discounts") or []:
        if not isinstance(part, Mapping) or not isinstance(part.get("off"), int):
            continue
        by = str(part.get("by"))
        over = " " + _("over {building}").format(building=ctx.vocab(str(part["over"]))) \
            if part.get("over") else ""
        text.append(f" −{part['off']} {ctx.vocab(by)}{over}", style="cyan")
    text.append(" " + ngettext("= {count} card", "= {count} cards", cost).format(count=cost),
                style="bold")
    payers = [(b, f.pays_goods) for b in built(ctx.me()) if (f := ctx.facts.card(b)) and f.pays_goods]
    if payers and cost:
        text.append("; " + _("{building}: goods may pay up to {count}").format(
            building=ctx.vocab(payers[0][0]), count=payers[0][1]), style="dim")
    return text


def preview(ctx: BoardContext, action: Mapping[str, Any]) -> Text:
    """One line on what an action will do, from the view and the server's facts."""
    kind = action.get("type")
    if kind == "build":
        return build_cost(ctx, action)
    if kind == "role":
        text = Text(ctx.facts.roles.get(str(action.get("role")), "") or label_of(ctx, action))
        gain = role_gain(ctx, str(action.get("role")))
        if ctx.narrow and gain:  # the row is the role's name only
            return Text.assemble((gain, "bold"), "\n", text)
        return text
    if kind in _PICKS:
        line = progress(ctx, extra=1)
        thing = action.get("card")
        facts = ctx.facts.card(thing)
        text = Text(_("{progress} after this").format(progress=line) if line
                    else label_of(ctx, action))
        if facts is not None and kind != "pay":  # what I keep or give up does what
            text.append(f" · {ctx.vocab.title(str(thing))}: {facts.effect}", style="dim")
        return text
    if kind == "undo":
        line = progress(ctx, extra=-1)
        return Text(_("{progress} after this").format(progress=line)
                    if line and decision(ctx).get("picked") else label_of(ctx, action))
    if kind == "confirm":
        picked = picked_words(ctx, list(decision(ctx).get("picked") or []))
        return Text(label_of(ctx, action) + (f": {', '.join(picked)}" if picked else ""))
    if kind in ("take", "tuck"):
        thing = action.get("card")
        facts = ctx.facts.card(thing)
        if facts is not None:
            return Text(_("{card} ({cost}/{vp} VP): {effect}").format(
                card=ctx.vocab.title(str(thing)), cost=facts.cost, vp=facts.vp,
                effect=facts.effect))
    return plain(label_of(ctx, action), blank="")

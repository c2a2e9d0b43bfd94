"""Labels of the expansions' moves (Expansion I and II), and of the interrupts' declines.

The same rules as labels.py: a plain dict with its parameters and a label that says
what the choice does (docs/puerto-rico-view.md lists the types); memoized by the
little of the state each label reads. A move a hand-made dict could not tell from
another gets the parameter that tells them apart (``citizen``, ``to``, ``count``).
"""

from __future__ import annotations

from typing import Any

from server.wording import article, part

from ..core import catalog as C
from ..core import interrupts as I
from ..core import registry
from ..core.moves import (
    BLACK_MARKET_PAY,
    CHARTER,
    DRAFT_PICK,
    FOREST,
    FOREST_DRAWN,
    GUEST,
    LAND_OFFICE_BUY,
    LAND_OFFICE_SELL,
    MAYOR_COLONIST,
    MAYOR_PLACE,
    MAYOR_UNDO,
    PARK_DISCARD,
    PASS,
    PAY_GOOD,
    PAY_VP,
    PAY_WORKER,
    PAYS,
    PENSION_RETURN,
    RAID,
    SELL,
    STORE,
    TAKE_VP,
    TYPES,
    VILLA_TAKE,
    WHERE,
    Move,
)
from ..core.state import PRState
from ..core.text import GAME, VOCAB, Said, Texts, Vocabulary, finish_action, label
from ..expansions.citizens.citizens import SUPPLIER_VP
from ..expansions.new_buildings.captain_x import charter_vp
from ..expansions.smuggler import smuggler_labels
from . import labels_warn
from .action_facts import forest_discount, stored

NB = Texts(f"{GAME}.expansions.new_buildings")  # the expansions' own texts.toml
CIT = Texts(f"{GAME}.expansions.citizens")

_MEMO: dict[tuple[Any, ...], dict[str, Any]] = {}
_MEMO_CAP = 100_000
registry.on_change(_MEMO.clear)  # labels name buildings by id: a catalog that changed


def shared(m: Move, s: PRState) -> dict[str, Any]:
    """The memo's dict for an expansion move (nobody may change it)."""
    key = (s.edition, m, _key(m, s))
    d = _MEMO.get(key)
    if d is None:
        if len(_MEMO) >= _MEMO_CAP:
            _MEMO.clear()
        d = _MEMO[key] = finish_action(_make(m, s), s.edition)
    return d


def _seat(s: PRState) -> int:
    return s.pending[0][1] if s.pending else s.turn


def _key(m: Move, s: PRState) -> Any:
    code = m[0]
    p = _seat(s)
    if code > MAYOR_UNDO:  # an expansion's own (registry.move)
        return registry.LABELS[code][0](m, s, p)
    if code >= RAID:  # Expansions III/IV
        return smuggler_labels.key(m, s, p)
    if code == DRAFT_PICK:  # its copies: by the player count and the rules version
        return s.cat.copies[m[1]]
    if code == PASS:
        e = s.pending[0] if s.pending else None
        return (s.step, tuple(e) if e else None)
    if code == MAYOR_PLACE:
        return s.island[p][m[2]] if m[1] == 0 else s.city[p][m[2]]
    if code == MAYOR_COLONIST:
        return labels_warn.key(m, s)
    if code == GUEST:
        return s.island[p][m[2]] if m[1] == 0 else s.city[p][m[2]]
    if code in (FOREST, FOREST_DRAWN):  # the forest's ``discount``
        return (forest_discount(s, p), tuple(s.pending[0]) if s.pending else None)
    if code in (VILLA_TAKE, TAKE_VP):
        return tuple(s.pending[0]) if s.pending else None
    if code == BLACK_MARKET_PAY and m[1] == PAY_WORKER and m[2] < 2:
        return s.island[p][m[3]] if m[2] == 0 else s.city[p][m[3]]
    if code in (PARK_DISCARD, LAND_OFFICE_SELL):
        return (s.island[p][m[1]], s.island_col[p][m[1]])
    if code == CHARTER:  # what the ship carries so far (its ``carried``, ``vp``)
        return (s.charter_used[p], tuple(s.pending[0]) if s.pending else None)
    if code == STORE:  # its ``kept`` and ``spoiled``
        return tuple(s.pgoods[p])
    return None


def _make(m: Move, s: PRState) -> dict[str, Any]:
    v = VOCAB[s.edition]
    code = m[0]
    t = TYPES[code]
    p = _seat(s)
    if code > MAYOR_UNDO:  # an expansion's own (registry.move)
        return registry.LABELS[code][1](m, s, p)
    if code >= RAID:  # Expansions III/IV
        return smuggler_labels.make(m, s, p)
    if code == DRAFT_PICK:
        b = m[1]
        copies = s.cat.copies[b]
        key = ("draft_copies" if copies > 1 else "draft") + (
            "_an" if article(str(C.COST[b])) == "an" else "")
        return {"type": t, "building": C.BUILDINGS[b], "copies": copies,
                "label": NB.label(key, building=C.BUILDINGS[b], cost=C.COST[b], copies=copies)}
    if code in (FOREST, FOREST_DRAWN):
        d: dict[str, Any]
        if code == FOREST:
            d = {"type": t, "tile": C.GOODS[m[1]], "label": NB.label("forest", tile=C.TILES[m[1]])}
        else:
            d = {"type": t, "label": NB.label("forest_drawn", tile=C.TILES[s.pending[0][2]])}
        cut = forest_discount(s, p)
        if cut:  # shown only: what every building costs less from then on
            d["discount"] = cut
        return d
    if code == MAYOR_PLACE:  # a citizen, where a worker would work otherwise
        if m[1] == 0:  # rules 5: any place (a forest takes nobody)
            kind = s.island[p][m[2]]
            place = (CIT.label("place_quarry") if kind == C.QUARRY else
                     CIT.label("place_plantation", tile=C.TILES[kind]))
        else:
            place = CIT.label("place_building", building=C.BUILDINGS[s.city[p][m[2]]])
        return {"type": t, "where": WHERE[m[1]], "index": m[2], "citizen": True, "label": place}
    if code == MAYOR_COLONIST:  # (labels_warn: taking them may end the game)
        note = labels_warn.note(m, s)
        said = NB.label("mayor_colonists", count=m[1])
        return {"type": t, "count": m[1], **({"note": note.tmpl, "note_k": note.wire()} if note else {}),
                "label": labels_warn.with_note(said, note) if note else said}
    if code == SELL:
        return {"type": t, "good": C.GOODS[m[1]], "to": "trading_post",
                "label": NB.label("sell_post", good=C.GOODS[m[1]])}
    if code == STORE:
        return {**_store(m, v), **stored(s, p, m)}
    if code == GUEST:
        return _guest(m, s, v, p)
    if code == BLACK_MARKET_PAY:
        return _pay(m, s, v, p)
    if code == CHARTER:  # shown only: the barrels aboard after it, their VP once it sails
        carried = m[2] + (s.pending[0][2] if s.pending and s.pending[0][0] == I.CHARTER_MORE else 0)
        return {"type": t, "good": C.GOODS[m[1]], "count": m[2],
                "label": NB.label("charter", count=m[2], good=C.GOODS[m[1]]),
                "carried": carried, "vp": charter_vp(carried)}
    if code == TAKE_VP:
        k, b = s.pending[0][2], s.pending[0][3]
        return {"type": t, "label": label("take_vp", count=k, building=C.BUILDINGS[b])}
    if code == VILLA_TAKE:
        return {"type": t, "label": CIT.label("villa_citizen" if s.cit_supply else "villa_colonist")}
    if code == PENSION_RETURN:
        return {"type": t, "good": C.GOODS[m[1]], "vp": SUPPLIER_VP,  # shown only
                "label": CIT.label("supplier", good=C.GOODS[m[1]], count=SUPPLIER_VP)}
    if code == PARK_DISCARD:
        return {"type": t, "index": m[1], "label": _cit(*_tile("discard", s.island[p][m[1]]))}
    if code == LAND_OFFICE_BUY:
        return {"type": t, "label": CIT.label("buy")}
    if code == LAND_OFFICE_SELL:
        return {"type": t, "index": m[1], "label": _cit(*_tile("sell", s.island[p][m[1]]))}
    d = {"type": t, "label": decline(s, v)}
    if s.pending and s.pending[0][0] == I.PLACE_WORKERS:  # where the rest go (shown only)
        d["rest"] = "san_juan" if s.pending[0][3] else "supply"
    return d


def _tile(key: str, t: int) -> tuple[str, dict[str, Any]]:
    """The key (``key`` + "_forest", "_quarry", "_plantation") and fields of a label
    naming an island tile."""
    if t >= C.FOREST:
        return key + "_forest", {}
    if t == C.QUARRY:
        return key + "_quarry", {}
    return key + "_plantation", {"tile": C.TILES[t]}


def _store(m: Move, v: Vocabulary) -> dict[str, Any]:
    keep = [C.GOODS[g] for g in range(5) if m[1] >> g & 1]
    single = None if m[2] < 0 else C.GOODS[m[2]]
    loose = {C.GOODS[g]: k for g, k in enumerate(m[3]) if k}
    parts = [part("store_all", good=C.GOODS[g]) for g in range(5) if m[1] >> g & 1]
    if m[2] >= 0:
        parts.append(part("store_one", good=C.GOODS[m[2]]))
    parts += [part(f"{NB.file}:labels.store_house", count=k, good=C.GOODS[g])
              for g, k in enumerate(m[3]) if k]
    said = label("store", parts=parts) if parts else label("store_nothing")
    return {"type": "store", "keep": keep, "single": single, "storehouse": loose, "label": said}


def _cit(key: str, fields: dict[str, Any]) -> Said:
    return CIT.label(key, **fields)


def _who(citizen: Any) -> dict[str, object]:
    """Who moves or pays, a part: a citizen or a worker."""
    return part("who_citizen" if citizen else "who_colonist")


def _guest(m: Move, s: PRState, v: Vocabulary, p: int) -> dict[str, Any]:
    if m[1] == 0:
        key, fields = _tile("guest", s.island[p][m[2]])
    else:
        key, fields = "guest_building", {"building": C.BUILDINGS[s.city[p][m[2]]]}
    d: dict[str, Any] = {"type": "guest", "where": WHERE[m[1]], "index": m[2]}
    if len(m) > 3:
        d["citizen"] = True
    d["label"] = NB.label(key, who=_who(len(m) > 3), **fields)
    return d


def _pay(m: Move, s: PRState, v: Vocabulary, p: int) -> dict[str, Any]:
    d: dict[str, Any] = {"type": "black_market", "pay": PAYS[m[1]]}
    if m[1] == PAY_GOOD:
        d["good"] = C.GOODS[m[2]]
        d["label"] = NB.label("pay_good", good=C.GOODS[m[2]])
    elif m[1] == PAY_VP:
        d["label"] = NB.label("pay_vp")
    else:
        d["where"] = WHERE[m[2]]
        if m[2] < 2:
            d["index"] = m[3]
        d["citizen"] = bool(m[4])
        fields: dict[str, Any]
        if m[2] == 2:
            key, fields = "pay_from_san_juan", {}
        elif m[2] == 0:
            key, fields = _tile("pay_from", s.island[p][m[3]])
        else:
            key, fields = "pay_from_building", {"building": C.BUILDINGS[s.city[p][m[3]]]}
        d["label"] = NB.label(key, who=_who(m[4]), **fields)
    return d


def decline(s: PRState, v: Vocabulary) -> str | Said:
    """What ``pass`` means for an interrupt (the phases' own: labels.pass_label)."""
    e = s.pending[0] if s.pending else None
    kind = e[0] if e else 0
    if kind == I.GUEST_MOVE:
        return NB.label("guest_none")
    if kind == I.FOREST_CHOICE:
        assert e is not None
        return NB.label("as_plantation", tile=C.TILES[e[2]])
    if kind == I.OPTIONAL_VP:
        assert e is not None
        return label("pass_vp", building=C.BUILDINGS[e[3]])
    if kind == I.CHARTER_MORE:
        return NB.label("charter_done")
    if kind == I.VILLA:
        return CIT.label("villa_none")
    if kind == I.ROYAL_SUPPLIER:
        return CIT.label("supplier_none")
    if kind == I.HUNTING_LODGE:
        return CIT.label("discard_none")
    if kind == I.LAND_OFFICE:
        return CIT.label("land_office_none")
    if kind == I.PLACE_WORKERS:
        assert e is not None
        return smuggler_labels.decline(s, e)
    own = registry.DECLINES.get(kind)  # an expansion's own (registry.question)
    if own is not None:
        assert e is not None
        return own(s, e)
    return label("pass")

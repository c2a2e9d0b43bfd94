"""Labels of the expansions' moves (Expansion I and II), and of the interrupts' declines.

The same rules as labels.py: a plain dict with its parameters and a label that says
what the choice does (docs/puerto-rico-view.md lists the types); memoized by the
little of the state each label reads. A move a hand-made dict could not tell from
another gets the parameter that tells them apart (``citizen``, ``to``, ``count``).
"""

from __future__ import annotations

from typing import Any

from server.wording import article

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
from ..core.text import VOCAB, Vocabulary, cap, finish_action
from ..expansions.citizens.citizens import SUPPLIER_VP
from ..expansions.new_buildings.captain_x import charter_vp
from ..expansions.smuggler import smuggler_labels
from . import labels_warn
from .action_facts import forest_discount, stored

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
        where = f"{article(str(C.COST[b]))} {C.COST[b]}-space" + (f" ({copies} copies)" if copies > 1 else "")
        return {"type": t, "building": C.BUILDINGS[b], "copies": copies,
                "label": f"Place the {v.buildings[b]} on {where}"}
    if code in (FOREST, FOREST_DRAWN):
        d: dict[str, Any]
        if code == FOREST:
            d = {"type": t, "tile": C.GOODS[m[1]],
                 "label": f"Take {v.a_tiles[m[1]]} {v.plantation} as a forest"}
        else:
            tile = v.a_tiles[s.pending[0][2]]
            d = {"type": t, "label": f"Place the drawn tile ({tile} {v.plantation}) as a forest"}
        cut = forest_discount(s, p)
        if cut:  # shown only: what every building costs less from then on
            d["discount"] = cut
        return d
    if code == MAYOR_PLACE:  # a citizen, where a worker would work otherwise
        if m[1] == 0:  # rules 5: any place (a forest takes nobody)
            kind = s.island[p][m[2]]
            where = "quarry" if kind == C.QUARRY else f"{v.tiles[kind]} {v.plantation}"
        else:
            where = v.buildings[s.city[p][m[2]]]
        return {"type": t, "where": WHERE[m[1]], "index": m[2], "citizen": True,
                "label": f"Place {v.citizens(1)} on the {where}"}
    if code == MAYOR_COLONIST:  # (labels_warn: taking them may end the game)
        note = labels_warn.note(m, s)
        return {"type": t, "count": m[1], **({"note": note.removeprefix(": ")} if note else {}),
                "label": f"Take {v.people(m[1])} from the supply ({v.privilege} x2){note}"}
    if code == SELL:
        return {"type": t, "good": C.GOODS[m[1]], "to": "trading_post",
                "label": f"Sell 1 {v.goods[m[1]]} to your {v.buildings[C.TRADING_POST]}"}
    if code == STORE:
        return {**_store(m, v), **stored(s, p, m)}
    if code == GUEST:
        return _guest(m, s, v, p)
    if code == BLACK_MARKET_PAY:
        return _pay(m, s, v, p)
    if code == CHARTER:  # shown only: the barrels aboard after it, their VP once it sails
        carried = m[2] + (s.pending[0][2] if s.pending and s.pending[0][0] == I.CHARTER_MORE else 0)
        return {"type": t, "good": C.GOODS[m[1]], "count": m[2],
                "label": f"Load {m[2]} {v.goods[m[1]]} onto the chartered ship "
                         f"({v.buildings[C.SMALL_WHARF]})",
                "carried": carried, "vp": charter_vp(carried)}
    if code == TAKE_VP:
        k, b = s.pending[0][2], s.pending[0][3]
        return {"type": t, "label": f"Take {k} {v.vp} ({v.buildings[b]}): the last chip"}
    if code == VILLA_TAKE:
        what = v.citizens(1) if s.cit_supply else v.people(1)
        return {"type": t, "label": f"{cap(v.buildings[C.VILLA])}: take {what} from the supply"}
    if code == PENSION_RETURN:
        return {"type": t, "good": C.GOODS[m[1]], "vp": SUPPLIER_VP,  # shown only
                "label": f"{cap(v.buildings[C.ROYAL_SUPPLIER])}: return 1 {v.goods[m[1]]} "
                         f"for {SUPPLIER_VP} {v.vp}"}
    if code == PARK_DISCARD:
        tile = _tile(v, s.island[p][m[1]])
        return {"type": t, "index": m[1],
                "label": f"{cap(v.buildings[C.HUNTING_LODGE])}: discard the {tile}"}
    if code == LAND_OFFICE_BUY:
        return {"type": t, "label": f"{cap(v.buildings[C.LAND_OFFICE])}: buy the top face-down "
                                    f"{v.plantation} for 1 {v.doubloon}"}
    if code == LAND_OFFICE_SELL:
        tile = _tile(v, s.island[p][m[1]])
        return {"type": t, "index": m[1],
                "label": f"{cap(v.buildings[C.LAND_OFFICE])}: sell the {tile} for 1 {v.doubloon}"}
    d = {"type": t, "label": decline(s, v)}
    if s.pending and s.pending[0][0] == I.PLACE_WORKERS:  # where the rest go (shown only)
        d["rest"] = "san_juan" if s.pending[0][3] else "supply"
    return d


def _tile(v: Vocabulary, t: int) -> str:
    if t >= C.FOREST:
        return "forest"
    return "quarry" if t == C.QUARRY else f"{v.tiles[t]} {v.plantation}"


def _store(m: Move, v: Vocabulary) -> dict[str, Any]:
    keep = [C.GOODS[g] for g in range(5) if m[1] >> g & 1]
    single = None if m[2] < 0 else C.GOODS[m[2]]
    loose = {C.GOODS[g]: k for g, k in enumerate(m[3]) if k}
    parts = [f"all {v.goods[g]}" for g in range(5) if m[1] >> g & 1]
    if m[2] >= 0:
        parts.append(f"1 {v.goods[m[2]]}")
    parts += [f"{k} {v.goods[g]} ({v.buildings[C.STOREHOUSE]})" for g, k in enumerate(m[3]) if k]
    label = "Keep " + (", ".join(parts) if parts else "nothing")
    return {"type": "store", "keep": keep, "single": single, "storehouse": loose, "label": label}


def _guest(m: Move, s: PRState, v: Vocabulary, p: int) -> dict[str, Any]:
    where = _tile(v, s.island[p][m[2]]) if m[1] == 0 else v.buildings[s.city[p][m[2]]]
    who_ = v.citizens(1) if len(m) > 3 else v.people(1)
    d: dict[str, Any] = {"type": "guest", "where": WHERE[m[1]], "index": m[2]}
    if len(m) > 3:
        d["citizen"] = True
    d["label"] = f"{cap(v.buildings[C.GUEST_HOUSE])}: move {who_} to the {where}"
    return d


def _pay(m: Move, s: PRState, v: Vocabulary, p: int) -> dict[str, Any]:
    d: dict[str, Any] = {"type": "black_market", "pay": PAYS[m[1]]}
    if m[1] == PAY_GOOD:
        d["good"] = C.GOODS[m[2]]
        what = f"1 {v.goods[m[2]]}"
    elif m[1] == PAY_VP:
        what = f"1 {v.vp}"
    else:
        d["where"] = WHERE[m[2]]
        if m[2] < 2:
            d["index"] = m[3]
        d["citizen"] = bool(m[4])
        who_ = v.citizens(1) if m[4] else v.people(1)
        if m[2] == 2:
            place = v.san_juan
        elif m[2] == 0:
            place = f"the {_tile(v, s.island[p][m[3]])}"
        else:
            place = f"the {v.buildings[s.city[p][m[3]]]}"
        what = f"{who_} from {place}"
    d["label"] = f"{cap(v.buildings[C.BLACK_MARKET])}: pay with {what}"
    return d


def decline(s: PRState, v: Vocabulary) -> str:
    """What ``pass`` means for an interrupt (the phases' own: labels.pass_label)."""
    e = s.pending[0] if s.pending else None
    kind = e[0] if e else 0
    if kind == I.GUEST_MOVE:
        return f"{cap(v.buildings[C.GUEST_HOUSE])}: move no guest now"
    if kind == I.FOREST_CHOICE:
        assert e is not None
        return f"Place the drawn tile as {v.a_tiles[e[2]]} {v.plantation}"
    if kind == I.OPTIONAL_VP:
        assert e is not None
        return f"Leave the {v.vp} in the supply ({v.buildings[e[3]]})"
    if kind == I.CHARTER_MORE:
        return f"Done loading the chartered ship ({v.buildings[C.SMALL_WHARF]})"
    if kind == I.VILLA:
        return f"{cap(v.buildings[C.VILLA])}: take nobody"
    if kind == I.ROYAL_SUPPLIER:
        return f"{cap(v.buildings[C.ROYAL_SUPPLIER])}: return no more barrels"
    if kind == I.HUNTING_LODGE:
        return f"{cap(v.buildings[C.HUNTING_LODGE])}: discard nothing"
    if kind == I.LAND_OFFICE:
        return f"{cap(v.buildings[C.LAND_OFFICE])}: neither buy nor sell"
    if kind == I.PLACE_WORKERS:
        assert e is not None
        return smuggler_labels.decline(s, e)
    own = registry.DECLINES.get(kind)  # an expansion's own (registry.question)
    if own is not None:
        assert e is not None
        return own(s, e)
    return "Pass"

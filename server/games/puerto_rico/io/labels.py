"""The wire form of a legal move: a plain dict with its parameters and a human label.

Labels are composed as templates over the names file (text.py: the dict keeps it as
``tmpl``, ``label`` is it in the edition's words) and say what the choice does for the
player about to make it; a ``build`` carries its ``price`` (worked out here only). A
decline (``pass``) says what is left ("Leave the colonist in the supply"), so an action
list reads as plain choices without any client knowledge.
"""

from __future__ import annotations

from typing import Any

from server.wording import part

from ..core import catalog as C
from ..core.common import colonist_source
from ..core.moves import (
    BONUS,
    BUILD,
    CAPTAIN_VP,
    DRAFT_PICK,
    HACIENDA,
    HARBOR_VP,
    HOSPICE,
    LOAD,
    MAYOR_COLONIST,
    MAYOR_DONE,
    MAYOR_LIFT,
    MAYOR_PLACE,
    PASS,
    PLANTATION,
    PRODUCE,
    QUARRY,
    ROLE,
    SELL,
    STORE,
    TYPES,
    UNIVERSITY,
    WHERE,
    Move,
    build_cost,
)
from ..core.state import (
    BUILDER_UNIVERSITY,
    CAPTAIN,
    CAPTAIN_EXTRA,
    CRAFTSMAN_BONUS,
    CRAFTSMAN_PRODUCE,
    MAYOR_PRIVILEGE,
    SETTLER_HOSPICE,
    SMUGGLE,
    PRState,
)
from ..core.text import TEXTS, VOCAB, Said, Vocabulary, cap, finish_action, label
from ..phases.captain import WHARF_WHEN_RULES, privilege
from ..phases.craftsman import factory_bonus, harvest, income
from ..phases.mayor import empty_circles
from . import labels_warn, labels_x
from .action_facts import load_vp, stored

_MEMO: dict[str, dict[tuple[Any, ...], dict[str, Any]]] = {e: {} for e in C.EDITIONS}
# the base game's tuple lengths; a longer tuple is an expansion's variant (labels_x.py)
_BASE_LEN = {MAYOR_PLACE: 3, MAYOR_COLONIST: 1, SELL: 2, STORE: 3}
_MEMO_CAP = 200_000  # labelled dicts kept per edition (cleared beyond: a bound, not a cache policy)
# moves whose label reads nothing of the state: one dict per edition and move
_STATELESS = frozenset(
    (
        PLANTATION,
        QUARRY,
        HACIENDA,
        BONUS,
        SELL,
        MAYOR_LIFT,
        MAYOR_COLONIST,
        HARBOR_VP,
    )
)
FIXED: dict[str, dict[Move, dict[str, Any]]] = {e: {} for e in C.EDITIONS}


def to_dict(m: Move, s: PRState) -> dict[str, Any]:
    """The wire form of a legal move, labelled for the player about to choose it."""
    return shared_dict(m, s).copy()


def shared_dict(m: Move, s: PRState) -> dict[str, Any]:
    """``to_dict`` without the copy: the memo's own dict, which nobody may change.

    Labels depend on a little of the state (a role's doubloons, a price, ...); that
    little is the memo key, so each distinct dict is built once.
    """
    fixed = FIXED[s.edition]
    festival = m[0] == PLANTATION and bool(s.festival)  # a plantation may take its goal
    festival = festival or (m[0] == MAYOR_COLONIST and labels_warn.key(m, s) is True)  # the end
    d = None if festival else fixed.get(m)
    if d is not None:
        return d
    if s.pending or m[0] >= DRAFT_PICK or len(m) > _BASE_LEN.get(m[0], 9):
        return labels_x.shared(m, s)  # the expansions' moves and the interrupts
    if m[0] in _STATELESS and not festival:
        d = fixed[m] = finish_action(_make_dict(m, s), s.edition)
        return d
    memo = _MEMO[s.edition]
    key = (m, _label_key(m, s), labels_warn.key(m, s))
    d = memo.get(key)
    if d is None:
        if len(memo) >= _MEMO_CAP:
            memo.clear()
        d = _make_dict(m, s)
        note = labels_warn.note(m, s, _loaded(m, s) if m[0] == LOAD else 0)
        if note:  # in the label, and apart for a client that writes its own short label
            label_ = d["label"]
            d["label"] = (labels_warn.with_note(label_, note) if isinstance(label_, Said)
                          else f"{label_}: {note.tmpl}")
            d["note"] = note.tmpl
            d["note_k"] = note.wire()  # by key too: the reader's language
        d = memo[key] = finish_action(d, s.edition)
    return d


def _loaded(m: Move, s: PRState) -> int:
    """The barrels a load ships (its label's key reads the same)."""
    have = s.pgoods[s.turn][m[1]]
    return have if m[2] == C.WHARF_SHIP else min(have, s.ship_cap[m[2]] - s.ship_load[m[2]])


def _label_key(m: Move, s: PRState) -> Any:
    code = m[0]
    p = s.turn
    if code == ROLE:
        return s.role_coins[s.cat.role_index[m[1]]]
    if code == HOSPICE:
        return (s.island[p][m[1]], s.col_supply > 0)
    if code == MAYOR_PLACE:
        return s.island[p][m[2]] if m[1] == 0 else s.city[p][m[2]]
    if code == MAYOR_DONE:
        return (s.mayor_fresh, bool(s.san_juan[p]) and _fills(s), s.rules)
    if code == BUILD:
        price = build_cost(s, p, m[1])
        return (price, s.coins[p] if price > s.coins[p] else -1)  # "7 coins + 1 from ..."
    if code == LOAD:
        have = s.pgoods[p][m[1]]
        harbor = s.occupied(p, C.HARBOR)  # the load's ``vp``
        if m[2] == C.WHARF_SHIP:
            return (have, harbor)
        return (min(have, s.ship_cap[m[2]] - s.ship_load[m[2]]), s.ship_cap[m[2]], harbor)
    if code == UNIVERSITY:
        return (s.city[p][-1], s.col_supply > 0)
    if code == PRODUCE:
        return _produce_key(s)
    if code == CAPTAIN_VP:
        return privilege(s)
    if code == STORE:  # its ``kept`` and ``spoiled``
        return tuple(s.pgoods[p])
    if code == PASS:
        return pass_key(s)
    return None


def pass_key(s: PRState) -> tuple[int, int, bool, int]:
    """What a ``pass`` label reads: the step, the optional points, the supply, and in
    the captain phase the wharves it keeps (rules 6) or gives up (``_wharves``)."""
    wharves = 0
    if s.step == CAPTAIN and s.rules >= WHARF_WHEN_RULES:
        p = s.turn
        wharves = 1 | (not s.wharf_used[p] and s.occupied(p, C.WHARF)) << 1 | (
            not s.charter_used[p] and s.occupied(p, C.SMALL_WHARF)) << 2
    return (s.step, s.vp_pending, s.col_supply > 0, wharves)


def _make_dict(m: Move, s: PRState) -> dict[str, Any]:
    v = VOCAB[s.edition]
    code = m[0]
    t = TYPES[code]
    if code == ROLE:
        coins = s.role_coins[s.cat.role_index[m[1]]]
        role = C.ROLES[m[1]]
        said = label("role_coins", role=role, coins=coins) if coins else label("role", role=role)
        return {"type": t, "role": role, "label": said}
    if code == PLANTATION:
        return {"type": t, "tile": C.GOODS[m[1]], "label": label("plantation", tile=C.GOODS[m[1]])}
    if code == QUARRY:
        return {"type": t, "label": label("quarry")}
    if code == HACIENDA:
        return {"type": t, "label": label("hacienda")}
    if code == HOSPICE:
        tile = s.island[s.turn][m[1]]
        if tile >= C.FOREST:
            text = label("hospice_forest", **{"from": _from(s)})
        elif tile == C.QUARRY:
            text = label("hospice_quarry", **{"from": _from(s)})
        else:
            text = label("hospice_plantation", tile=C.TILES[tile], **{"from": _from(s)})
        return {"type": t, "index": m[1], "label": text}
    if code == MAYOR_PLACE:
        p = s.turn
        place: str | Said
        if m[1] != 0:
            place = label("place_building", building=C.BUILDINGS[s.city[p][m[2]]])
        elif s.island[p][m[2]] == C.QUARRY:
            place = label("place_quarry")
        elif s.island[p][m[2]] < C.QUARRY:
            place = label("place_plantation", tile=C.TILES[s.island[p][m[2]]])
        else:
            place = f"Place a {v.colonist} on the {_tile_words(v, s.island[p][m[2]])}"
        return {"type": t, "where": WHERE[m[1]], "index": m[2], "label": place}
    if code == MAYOR_DONE:
        key = "mayor_keep" if s.mayor_fresh else (
            "mayor_confirm" if s.rules >= 4 else "mayor_done")
        if s.san_juan[s.turn] and _fills(s):
            key += "_fill"
        if not s.mayor_fresh and s.rules >= 4:  # nothing is final before it (shown only)
            return {"type": t, "label": label(key), "commits": True}
        return {"type": t, "label": label(key)}
    if code == MAYOR_LIFT:
        return {"type": t, "label": label("mayor_lift")}
    if code == MAYOR_COLONIST:
        return {"type": t, "label": label("mayor_colonist")}
    if code == BUILD:
        price = build_cost(s, s.turn, m[1])  # the one price rule; clients show it as sent
        coins = s.coins[s.turn]
        build = (label("build", building=C.BUILDINGS[m[1]], price=price) if price <= coins
                 else labels_x.NB.label("build", building=C.BUILDINGS[m[1]], coins=coins,
                                        rest=price - coins))  # the rest: the black market
        return {"type": t, "building": C.BUILDINGS[m[1]], "price": price, "label": build}
    if code == UNIVERSITY:
        built = C.BUILDINGS[s.city[s.turn][-1]]
        return {"type": t, "label": label("university", building=built, **{"from": _from(s)})}
    if code == PRODUCE:
        return {"type": t, "label": _produce_label(s, v)}
    if code == BONUS:
        return {"type": t, "good": C.GOODS[m[1]], "label": label("bonus", good=C.GOODS[m[1]])}
    if code == SELL:
        return {"type": t, "good": C.GOODS[m[1]], "label": label("sell", good=C.GOODS[m[1]])}
    if code == LOAD:
        return _load_dict(m, s, v)
    if code == CAPTAIN_VP:
        k = privilege(s)  # 2 with a manned library (Expansion I)
        return {"type": t, "label": label("chip_one") if k == 1 else label("chips", count=k)}
    if code == HARBOR_VP:
        return {"type": t, "label": label("harbor_chip")}
    if code == STORE:
        keep = [C.GOODS[g] for g in range(5) if m[1] >> g & 1]
        single = None if m[2] < 0 else C.GOODS[m[2]]
        return {"type": t, "keep": keep, "single": single, "label": _store_label(m, v),
                **stored(s, s.turn, m)}
    return {"type": t, "label": pass_label(s, v)}


def pass_label(s: PRState, v: Vocabulary) -> str | Said:
    """What declining means at this step (a plain "Pass" where nothing is handed out)."""
    step = s.step
    if step == MAYOR_PRIVILEGE:
        return label("pass_mayor")
    if step == SETTLER_HOSPICE:
        return label("pass_hospice_" + _where(s))
    if step == BUILDER_UNIVERSITY:
        return label("pass_university_" + _where(s))
    if step == CRAFTSMAN_PRODUCE:
        return label("pass_produce")
    if step == CRAFTSMAN_BONUS:
        return label("pass_bonus")
    if step == CAPTAIN_EXTRA:
        if s.vp_pending & 1:
            return label("pass_chip")
        return label("pass_harbor")
    if step == CAPTAIN:
        if s.rules >= WHARF_WHEN_RULES:  # he is asked again if his turn comes round
            kept = _wharves(s)
            if len(kept) == 2:
                return label("pass_wharves_later", wharf=kept[0], other=kept[1])
            return label("pass_wharf_later", wharf=kept[0])
        return label("pass_wharf")
    if step == SMUGGLE:
        return label("pass_smuggle")
    return label("pass")


def _wharves(s: PRState) -> list[str]:
    """The wharves the player to move passes up now: the wharf, the small wharf or both."""
    p = s.turn
    kept = [C.BUILDINGS[b]
            for b, used in ((C.WHARF, s.wharf_used), (C.SMALL_WHARF, s.charter_used))
            if not used[p] and s.occupied(p, b)]
    return kept or [C.BUILDINGS[C.WHARF]]


def _cap(words: str) -> str:
    """A building's name at the start of a label ("Hospice: ...")."""
    return cap(words)


def _tile_words(v: Vocabulary, tile: int) -> str:
    if tile >= C.FOREST:
        return f"forest (to {v.san_juan})"
    return "quarry" if tile == C.QUARRY else f"{v.tiles[tile]} {v.plantation}"


def _from(s: PRState) -> dict[str, object]:
    """Where a hospice's or a university's colonist comes from, as a part."""
    return part("from_supply" if colonist_source(s) == "supply" else "from_ship")


def _where(s: PRState) -> str:
    return "supply" if colonist_source(s) == "supply" else "ship"


def _fills(s: PRState) -> bool:
    return s.san_juan[s.turn] >= empty_circles(s, s.turn) > 0


def _produce_key(s: PRState) -> tuple[int, ...]:
    got = harvest(s, s.turn)
    paid = [x for pair in income(s, s.turn, got) for x in pair]  # (building, doubloons)...
    return (*got, factory_bonus(s, s.turn, got), *paid)


def _produce_label(s: PRState, v: Vocabulary) -> Said:
    key = _produce_key(s)
    got, bonus, paid = key[:5], key[5], key[6:]
    amounts = [part(f"{TEXTS}:log.amount", count=k, good=C.GOODS[g]) for g, k in enumerate(got) if k]
    said = label("produce", goods=amounts)
    extra = [(C.FACTORY, bonus)] if bonus else []
    extra += zip(paid[::2], paid[1::2], strict=True)  # the expansions' buildings
    for b, coins in extra:
        said = label("produce_paid", label=part(said.key, **said.fields), count=coins,
                     building=C.BUILDINGS[b])
    return said


def _load_dict(m: Move, s: PRState, v: Vocabulary) -> dict[str, Any]:
    g, ship = m[1], m[2]
    have = s.pgoods[s.turn][g]
    if ship == C.WHARF_SHIP:
        return {"type": "load", "good": C.GOODS[g], "ship": "wharf",
                "label": label("load_wharf", count=have, good=C.GOODS[g]),
                "vp": load_vp(s, have)}
    k = min(have, s.ship_cap[ship] - s.ship_load[ship])
    return {"type": "load", "good": C.GOODS[g], "ship": ship,
            "label": label("load", count=k, good=C.GOODS[g], cap=s.ship_cap[ship]),
            "vp": load_vp(s, k)}


def _store_label(m: Move, v: Vocabulary) -> Said:
    parts = [part("store_all", good=C.GOODS[g]) for g in range(5) if m[1] >> g & 1]
    if m[2] >= 0:
        parts.append(part("store_one", good=C.GOODS[m[2]]))
    return label("store", parts=parts) if parts else label("store_nothing")

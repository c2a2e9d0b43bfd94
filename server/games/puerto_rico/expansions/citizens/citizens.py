"""Expansion II, The Citizens: the buildings that act at a phase's start, turn or end.

(The citizens themselves are in the state's ``*_cit`` counts and common.fill_ship;
the zoning office's discount in costs.py, the royal garden and the jeweler's scoring
in scoring.py.) Classic ids, 1897 names in brackets; "worker-occupied" and
"citizen-occupied" are read from the one circle of the building.

- villa [Villa], mayor start: may take a citizen from their supply (a worker if none
  is left; never from the ship) to San Juan. Interrupt ``villa``.
- chapel [Chapel], craftsman start: a worker earns 1 doubloon, a citizen 1 VP.
- jeweler [Tailor Shop], craftsman start: 1 doubloon per citizen on the island board.
- royal supplier [Pension Office], captain start: one barrel of a different kind back
  for 1 VP, as many times as citizens on the island board. Interrupt
  ``royal_supplier`` (a ``royal_supplier`` move per kind, ``pass`` when done).
- hunting lodge [Park Authority], settler end: a worker may discard one estate or
  forest of the owner's island (its colonist goes to San Juan; the tile to the
  discards); a citizen earns 2 VP when the owner has more empty island spaces than
  every other player. Interrupt ``hunting_lodge``.
- land office [Zoning Office], the owner's trader turn: a worker may buy the top
  face-down estate for 1 doubloon (a forest house lets him make it a forest), a
  citizen may sell any estate of his island for 1 doubloon, face up beside the board
  (with the face-up estates; its colonist goes to San Juan). Interrupt ``land_office``.
"""

from __future__ import annotations

from bisect import insort

from ...core import calc, hooks
from ...core import catalog as C
from ...core import interrupts as I
from ...core.bonusvp import building_vp
from ...core.common import Events, add_tile, award_vp, citizens_of, order_from, say, tell
from ...core.extend import FROM_LAND_OFFICE
from ...core.moves import (
    LAND_OFFICE_BUY,
    LAND_OFFICE_SELL,
    PARK_DISCARD,
    PASS_MOVE,
    PENSION_RETURN,
    VILLA_TAKE,
    Move,
)
from ...core.state import PRState
from ...core.text import Texts
from ..new_buildings.forests import drawn

TEXTS = Texts(__package__)  # this folder's texts.toml: its log lines and labels by key


def staffed_by(s: PRState, p: int, b: int) -> int:
    """0: b is not occupied, 1: by a worker, 2: by a citizen (one-circle buildings)."""
    i = s.bpos[p][b]
    if i < 0 or not s.city_col[p][i]:
        return 0
    return 2 if s.city_cit[p][i] else 1


# -- villa ------------------------------------------------------------------------

def _villa_start(s: PRState, ev: Events) -> None:
    for p in order_from(s, s.role_player):
        if staffed_by(s, p, C.VILLA) and (s.cit_supply or s.col_supply):
            I.push(s, I.VILLA, p)


def _villa_act(s: PRState, e: I.Entry, m: Move, ev: Events) -> bool:
    if m[0] == VILLA_TAKE:
        p = e[1]
        s.san_juan[p] += 1
        if s.cit_supply:
            s.cit_supply -= 1
            s.san_juan_cit[p] += 1
            key = "villa_citizen"
        else:
            s.col_supply -= 1
            key = "villa_colonist"
        if ev is not None:
            say(ev, p, "mayor", TEXTS.line(key, seat=p))
    return True


def _villa_check(s: PRState, e: I.Entry) -> str | None:
    if s.role != C.MAYOR or not staffed_by(s, e[1], C.VILLA):
        return "an occupied villa, at the mayor phase's start"
    return None


# -- chapel and jeweler (craftsman start) ---------------------------------------------

def _chapel_start(s: PRState, ev: Events) -> None:
    for p in order_from(s, s.role_player):
        staff = staffed_by(s, p, C.CHAPEL)
        if staff == 1:
            s.coins[p] += 1
            if ev is not None:
                say(ev, p, "produce", TEXTS.line("chapel", seat=p))
        elif staff == 2:
            building_vp(s, p, 1, C.CHAPEL, ev, "produce")


def _jeweler_start(s: PRState, ev: Events) -> None:
    for p in order_from(s, s.role_player):
        if staffed_by(s, p, C.JEWELER):
            k = citizens_of(s, p)
            if k:
                s.coins[p] += k
                if ev is not None:
                    say(ev, p, "produce", TEXTS.line("jeweler", seat=p, count=k))


# -- royal supplier (captain start) ---------------------------------------------------

def royal_supplier_start(s: PRState) -> None:
    for p in order_from(s, s.role_player):
        if not staffed_by(s, p, C.ROYAL_SUPPLIER):  # (asked first: the cheapest test)
            continue
        k = citizens_of(s, p)
        if k and any(s.pgoods[p]):
            I.push(s, I.ROYAL_SUPPLIER, p, k, 0)


def _supplier_legal(s: PRState, e: I.Entry) -> list[Move]:
    mine, used = s.pgoods[e[1]], e[3]
    moves: list[Move] = [(PENSION_RETURN, g) for g in range(5) if mine[g] and not used >> g & 1]
    moves.append(PASS_MOVE)
    return moves


SUPPLIER_VP = 1
"""VP for each barrel returned to the royal supplier (labels_x.py shows it as ``vp``)."""


def _supplier_act(s: PRState, e: I.Entry, m: Move, ev: Events) -> bool:
    if m[0] != PENSION_RETURN:
        return True
    p, g = e[1], m[1]
    s.pgoods[p][g] -= 1
    s.goods[g] += 1
    award_vp(s, p, SUPPLIER_VP, ev, TEXTS.line("supplier", seat=p, good=C.GOODS[g]))
    e[2] -= 1
    e[3] |= 1 << g
    return e[2] == 0 or len(_supplier_legal(s, e)) == 1


def _supplier_check(s: PRState, e: I.Entry) -> str | None:
    if s.role != C.CAPTAIN or not staffed_by(s, e[1], C.ROYAL_SUPPLIER):
        return "an occupied royal supplier, at the captain phase's start"
    if not 1 <= e[2] <= citizens_of(s, e[1]) or not 0 <= e[3] < 32:
        return "returns left: at most one per citizen"
    return None


# -- hunting lodge (settler end) --------------------------------------------------------

def _lodge_end(s: PRState, ev: Events) -> None:
    empty = [C.ISLAND_SPACES - len(s.island[p]) for p in range(s.n)]
    for p in order_from(s, s.role_player):
        staff = staffed_by(s, p, C.HUNTING_LODGE)
        if staff == 1 and _lodge_tiles(s, p):
            I.push(s, I.HUNTING_LODGE, p)
        elif staff == 2 and all(empty[p] > empty[q] for q in range(s.n) if q != p):
            building_vp(s, p, 2, C.HUNTING_LODGE, ev, "settler")


def _lodge_tiles(s: PRState, p: int) -> list[Move]:
    seen: set[tuple[int, int, int]] = set()
    moves: list[Move] = []
    for i, (t, c, k) in enumerate(zip(s.island[p], s.island_col[p], s.island_cit[p],
                                      strict=True)):
        key = (min(t, C.FOREST), c, k)
        if t != C.QUARRY and key not in seen:
            seen.add(key)
            moves.append((PARK_DISCARD, i))
    return moves


def remove_tile(s: PRState, p: int, i: int) -> int:
    """Take tile i off p's island (its colonist to San Juan); returns the estate kind."""
    t = s.island[p].pop(i)
    s.san_juan[p] += s.island_col[p].pop(i)
    s.san_juan_cit[p] += s.island_cit[p].pop(i)
    return t - C.FOREST if t >= C.FOREST else t


def _lodge_legal(s: PRState, e: I.Entry) -> list[Move]:
    moves = _lodge_tiles(s, e[1])
    moves.append(PASS_MOVE)
    return moves


def _lodge_act(s: PRState, e: I.Entry, m: Move, ev: Events) -> bool:
    if m[0] == PARK_DISCARD:
        p = e[1]
        forest = s.island[p][m[1]] >= C.FOREST
        t = remove_tile(s, p, m[1])
        s.discard.append(t)
        if ev is not None:
            said = (TEXTS.line("discard_forest", seat=p) if forest else
                    TEXTS.line("discard", seat=p, tile=C.TILES[t]))
            say(ev, p, "settler", said)
    return True


def _lodge_check(s: PRState, e: I.Entry) -> str | None:
    if s.role != C.SETTLER or staffed_by(s, e[1], C.HUNTING_LODGE) != 1:
        return "a worker-occupied hunting lodge, at the settler phase's end"
    return None if _lodge_tiles(s, e[1]) else "no estate or forest to discard"


# -- land office (trader turns) ---------------------------------------------------------

def _office_start(s: PRState, ev: Events) -> None:
    _office_ask(s, s.role_player)


def _office_turn(s: PRState, ev: Events) -> None:
    _office_ask(s, s.turn)


def _office_moves(s: PRState, p: int) -> list[Move]:
    staff = staffed_by(s, p, C.LAND_OFFICE)
    if staff == 1:
        if s.coins[p] and len(s.island[p]) < C.ISLAND_SPACES and (s.stack or s.discard):
            return [(LAND_OFFICE_BUY,)]
        return []
    if staff == 2:
        seen: set[tuple[int, int]] = set()
        moves: list[Move] = []
        for i, (t, c) in enumerate(zip(s.island[p], s.island_col[p], strict=True)):
            if t < C.QUARRY and (t, c) not in seen:
                seen.add((t, c))
                moves.append((LAND_OFFICE_SELL, i))
        return moves
    return []


def _office_ask(s: PRState, p: int) -> None:
    if _office_moves(s, p):
        I.push(s, I.LAND_OFFICE, p)


def _office_legal(s: PRState, e: I.Entry) -> list[Move]:
    moves = _office_moves(s, e[1])
    moves.append(PASS_MOVE)
    return moves


def _office_act(s: PRState, e: I.Entry, m: Move, ev: Events) -> bool:
    p = e[1]
    if m[0] == LAND_OFFICE_BUY:
        s.coins[p] -= 1
        if not s.stack:
            s.stack = s.discard + s.stack
            s.discard = []
            s.rng.shuffle(s.stack)
            tell(ev, None, "sell", "reshuffle")
        t = s.stack.pop()
        if drawn(s, p, t, FROM_LAND_OFFICE, ev):  # the forest choice comes next
            if ev is not None:
                say(ev, p, "sell", TEXTS.line("buy_face_down", seat=p))
        else:
            add_tile(s, p, t)
            if ev is not None:
                say(ev, p, "sell", TEXTS.line("buy", seat=p, tile=C.TILES[t]))
        return True
    if m[0] == LAND_OFFICE_SELL:
        t = remove_tile(s, p, m[1])
        insort(s.face_up, t)
        s.coins[p] += 1
        if ev is not None:
            say(ev, p, "sell", TEXTS.line("sell", seat=p, tile=C.TILES[t]))
    return True


def _office_check(s: PRState, e: I.Entry) -> str | None:
    if s.role != C.TRADER or not _office_moves(s, e[1]):
        return "an occupied land office with something to do, in the trader phase"
    return None


def _villa_legal(s: PRState, e: I.Entry) -> list[Move]:
    """Take one or not; nothing to take once both supplies are empty (a villa asked
    earlier in the same start may have taken the last)."""
    return [(VILLA_TAKE,), PASS_MOVE] if s.cit_supply or s.col_supply else [PASS_MOVE]


I.register(I.VILLA, I.Handler("villa", _villa_legal, _villa_act, _villa_check, 2))
I.register(I.ROYAL_SUPPLIER, I.Handler("royal_supplier", _supplier_legal, _supplier_act,
                                       _supplier_check, 4))
I.register(I.HUNTING_LODGE, I.Handler("hunting_lodge", _lodge_legal, _lodge_act,
                                      _lodge_check, 2))
I.register(I.LAND_OFFICE, I.Handler("land_office", _office_legal, _office_act,
                                    _office_check, 2))
hooks.register(C.VILLA, hooks.START, (C.MAYOR,), _villa_start)
hooks.register(C.CHAPEL, hooks.START, (C.CRAFTSMAN,), _chapel_start)
hooks.register(C.JEWELER, hooks.START, (C.CRAFTSMAN,), _jeweler_start)
hooks.register(C.HUNTING_LODGE, hooks.END, (C.SETTLER,), _lodge_end)
hooks.register(C.LAND_OFFICE, hooks.START, (C.TRADER,), _office_start)
hooks.register(C.LAND_OFFICE, hooks.TURN, (C.TRADER,), _office_turn)


def _office_open(s: PRState, p: int) -> bool:
    """With the trading house full a manned land office still has its turn."""
    return s.occupied(p, C.LAND_OFFICE)


calc.contribute(C.CITIZENS, calc.ACTS_ON_FULL_HOUSE, _office_open)

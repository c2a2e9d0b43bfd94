"""The captain phase's Expansion I buildings (and the Citizens' royal supplier call).

- At the start, before anyone loads: a manned lighthouse gives the captain a doubloon;
  each manned union hall (Assembly Hall) scores 1 VP for every 2 barrels of one kind
  its owner holds; the royal suppliers (Expansion II) are asked (citizens.py).
- The small wharf (once per captain phase, on one's loading turn): barrels of any
  kinds, as many as one likes, go onto a chartered ship and back to the supply, for
  1 VP per 2 barrels (and the harbor's point, and the captain's privilege if it is
  his first load). The first kind and count is the load (``charter``); more kinds are
  the interrupt ``charter`` (``charter`` again, ``pass`` when done). Like the wharf,
  it may be declined when it is all he could load.
- A manned lighthouse pays a doubloon for each load (cargo ship, wharf or chartered).
"""

from __future__ import annotations

from ...core import calc, extend
from ...core import catalog as C
from ...core import interrupts as I
from ...core.bonusvp import building_vp
from ...core.common import Events, order_from, say
from ...core.moves import CHARTER, PASS_MOVE, Move
from ...core.state import CAPTAIN, PRState
from ...core.text import Texts

TEXTS = Texts(__package__)  # this folder's texts.toml: its log lines and labels by key


def start_extras(s: PRState, ev: Events) -> bool:
    """The start's buildings; True when someone is asked something first."""
    if not (s.cat.nb or s.cat.cit):
        return False
    if s.cat.nb:
        cap = s.role_player
        if s.occupied(cap, C.LIGHTHOUSE):
            s.coins[cap] += 1
            if ev is not None:
                say(ev, cap, "ship", TEXTS.line("lighthouse_captain", seat=cap))
        hall = C.UNION_HALL
        # (nobody has one while all its copies are in the supply)
        for p in order_from(s, cap) if s.bsupply[hall] < s.cat.copies[hall] else ():
            if s.occupied(p, hall):
                k = sum(c // 2 for c in s.pgoods[p])
                building_vp(s, p, k, C.UNION_HALL, ev, "ship")
    if s.cat.cit:
        from ...expansions.citizens.citizens import royal_supplier_start

        royal_supplier_start(s)
    return bool(s.pending)


def lighthouse(s: PRState, p: int, ev: Events) -> None:
    if s.occupied(p, C.LIGHTHOUSE):
        s.coins[p] += 1
        if ev is not None:
            say(ev, p, "ship", TEXTS.line("lighthouse", seat=p))


def charter_moves(s: PRState, p: int) -> list[Move]:
    if s.charter_used[p] or s.wharf_declined[p]:
        return []
    i = s.bpos[p][C.SMALL_WHARF]  # (``s.occupied``, inlined: asked at every load)
    if i < 0 or not s.city_col[p][i]:
        return []
    mine = s.pgoods[p]
    return [(CHARTER, g, k) for g in range(5) for k in range(1, mine[g] + 1)]


def _unload(s: PRState, p: int, g: int, k: int, ev: Events) -> None:
    s.pgoods[p][g] -= k
    s.goods[g] += k
    if ev is not None:
        say(ev, p, "ship", TEXTS.line("charter_load", seat=p, count=k, good=C.GOODS[g]))


def charter(s: PRState, p: int, m: Move, ev: Events) -> bool:
    """The first load of p's chartered ship; True when more kinds are asked first."""
    s.charter_used[p] = 1
    g, k = m[1], m[2]
    _unload(s, p, g, k, ev)
    if any(s.pgoods[p]):
        I.push(s, I.CHARTER_MORE, p, k, 1 << g)
        return True
    _done(s, p, k, ev)
    return False


def _done(s: PRState, p: int, total: int, ev: Events) -> None:
    from ...phases.captain import points

    points(s, p, charter_vp(total), TEXTS.line("charter_sails", seat=p, count=total), ev)


def charter_vp(total: int) -> int:
    """The VP of a chartered ship carrying ``total`` barrels: 1 per 2 (the harbor and the
    captain's privilege come on top, as for any load)."""
    return total // 2


def _legal(s: PRState, e: I.Entry) -> list[Move]:
    p, used = e[1], e[3]
    mine = s.pgoods[p]
    moves: list[Move] = [
        (CHARTER, g, k) for g in range(5) if not used >> g & 1 for k in range(1, mine[g] + 1)
    ]
    moves.append(PASS_MOVE)
    return moves


def _act(s: PRState, e: I.Entry, m: Move, ev: Events) -> bool:
    p = e[1]
    if m[0] == CHARTER:
        _unload(s, p, m[1], m[2], ev)
        e[2] += m[2]
        e[3] |= 1 << m[1]
        if any(k for g, k in enumerate(s.pgoods[p]) if not e[3] >> g & 1):
            return False
    _done(s, p, e[2], ev)
    return True


def _check(s: PRState, e: I.Entry) -> str | None:
    p, total, used = e[1], e[2], e[3]
    if s.step != CAPTAIN or s.turn != p or not s.charter_used[p]:
        return "loading the chartered ship on his captain turn"
    if not s.occupied(p, C.SMALL_WHARF):
        return f"seat {p} has no occupied {C.BUILDINGS[C.SMALL_WHARF]}"
    if total < 1 or not 0 < used < 32 or s.vp_pending:
        return "at least one barrel loaded, of the kinds in the mask"
    return None


I.register(I.CHARTER_MORE, I.Handler("charter", _legal, _act, _check, 4))
def _small_wharf(s: PRState, p: int) -> int:
    """calc.OWN_SHIP: his manned small wharf (how a declined load names it)."""
    return C.SMALL_WHARF if s.occupied(p, C.SMALL_WHARF) else -1


extend.install(captain_start=start_extras, own_ship_moves=charter_moves, own_ship_load=charter)
calc.contribute(C.NEW_BUILDINGS, calc.AFTER_LOAD, lighthouse)
calc.contribute(C.NEW_BUILDINGS, calc.OWN_SHIP, _small_wharf)

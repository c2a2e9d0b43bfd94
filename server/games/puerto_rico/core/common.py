"""Small helpers every phase shares: turn status codes, log lines, VP and colonists."""

from __future__ import annotations

from typing import Any

from server.engine.contract import LogEvent
from server.wording import part

from . import catalog as C
from .state import PRState
from .text import Said, line, private, who

# What a phase step tells the round flow after acting.
CONTINUE = 0  # a decision is pending for s.turn
TURN_OVER = 1  # this player's turn in an ordered phase is over
PHASE_OVER = 2  # the phase's actions are over: its end hooks, then its wrap-up
PHASE_DONE = 3  # the phase is over, wrap-up included: its finish, then the next pick

# the log lines a move writes; None on the quiet path (game.apply_move), where nobody
# reads them: ``say`` then does nothing, and call sites that compose their text skip
# it under ``if ev is not None`` (the labelled path's text stays exactly as it was)
Events = list[LogEvent] | None


def privileges(s: PRState, p: int) -> int:
    """How many times p takes the privilege of the role he chose: twice with a manned
    library (Expansion I), else once. Every phase's privilege asks this one rule."""
    if not s.cat.nb:
        return 1
    i = s.bpos[p][C.LIBRARY]  # (``s.occupied``, inlined: asked in every phase)
    return 2 if i >= 0 and s.city_col[p][i] else 1


def say(ev: Events, seat: int | None, kind: str, text: str | Said) -> None:
    if ev is not None:
        if isinstance(text, Said):
            ev.append({"seat": seat, "kind": kind, "text": text.tmpl, "tk": text.tk,
                       "tf": text.tf})
        else:
            ev.append({"seat": seat, "kind": kind, "text": text})


def tell(ev: Events, seat: int | None, kind: str, key: str, /, **fields: Any) -> None:
    """``say`` the log line ``key`` of core/texts.toml (made only when someone reads it)."""
    if ev is not None:
        say(ev, seat, kind, line(key, **fields))


def award_vp(s: PRState, p: int, k: int, ev: Events, text: str | Said, kind: str = "ship") -> None:
    """VP are secret: the amount goes to ``private`` unless the table plays open VP.

    The chips may run out; VP beyond them are still counted (pencil and paper), and
    taking the last chip ends the game at the end of the round.
    """
    s.vp[p] += k
    before = s.vp_supply
    s.vp_supply -= k
    if ev is not None:
        gain = f"+{k} VP"
        if isinstance(text, Said):  # said by key: the gain too, so a reader's language says it
            if s.open_vp:
                say(ev, p, kind, line("open_vp", line=part(text.tk, **text.fields), count=k))
            else:
                say(ev, p, kind, text)
                mine = private("vp", count=k)
                ev[-1]["private"] = {str(p): mine.tmpl}  # no marks: the same as text
                ev[-1]["private_tk"] = {str(p): mine.wire()}
        elif s.open_vp:
            ev.append({"seat": p, "kind": kind, "text": f"{text} ({gain})"})
        else:
            ev.append({"seat": p, "kind": kind, "text": text, "private": {str(p): gain}})
    if before > 0 >= s.vp_supply:
        s.last_round = True
        tell(ev, None, "end_trigger", "last_chip")


def colonist_source(s: PRState) -> str | None:
    """Where a hospice or university colonist would come from: the supply, else the
    ship (001, 000), else nowhere (then there is nothing to decide)."""
    if s.col_supply > 0:
        return "supply"
    if s.col_ship > 0:
        return "ship"
    return None


def take_colonist(s: PRState) -> int:
    """One colonist for a hospice or university: a worker from the supply, else one
    from the ship (a worker before the citizen). Returns 1 for a worker, 2 for a
    citizen, 0 when there is none."""
    if s.col_supply > 0:
        s.col_supply -= 1
        return 1
    if s.col_ship > 0:
        s.col_ship -= 1
        if s.col_ship < s.cit_ship:  # only the citizen was left on the ship
            s.cit_ship -= 1
            return 2
        return 1
    return 0


def fill_ship(s: PRState, need: int) -> bool:
    """Put ``need`` people on the ship from the supply; with the citizens, one of them
    is a citizen while any are left (1897 Expansion II). False when the workers fell
    short (then the rest of them went)."""
    cit = 1 if need > 0 and s.cit_supply > 0 else 0
    workers = need - cit
    enough = s.col_supply >= workers
    if not enough:
        workers = s.col_supply
    s.col_supply -= workers
    s.cit_supply -= cit
    s.col_ship += workers + cit
    s.cit_ship += cit
    return enough


def add_tile(s: PRState, p: int, t: int) -> None:
    """A tile placed on p's island, nobody on it yet (the festival's estate goal is
    looked at again: festival.check)."""
    s.island[p].append(t)
    s.islands_changed = True
    s.island_col[p].append(0)
    s.island_cit[p].append(0)


def add_building(s: PRState, p: int, b: int) -> None:
    """A building placed in p's city (taken from the supply), nobody on it yet (the
    festival's building goal is looked at again: festival.check)."""
    s.bsupply[b] -= 1
    s.islands_changed = True
    s.bpos[p][b] = len(s.city[p])
    s.city[p].append(b)
    s.city_col[p].append(0)
    s.city_cit[p].append(0)


def citizens_of(s: PRState, p: int) -> int:
    """Every citizen on p's island board: tiles, buildings and San Juan."""
    return s.san_juan_cit[p] + sum(s.island_cit[p]) + sum(s.city_cit[p])


_ORDERS = tuple(tuple(tuple((first + i) % n for i in range(n)) for first in range(n))
                for n in range(8))  # [players][first]: made once


def order_from(s: PRState, first: int) -> tuple[int, ...]:
    """The seats clockwise from ``first``."""
    return _ORDERS[s.n][first]


__all__ = [
    "CONTINUE",
    "PHASE_DONE",
    "PHASE_OVER",
    "TURN_OVER",
    "Events",
    "add_building",
    "add_tile",
    "award_vp",
    "citizens_of",
    "colonist_source",
    "fill_ship",
    "order_from",
    "say",
    "take_colonist",
    "who",
]

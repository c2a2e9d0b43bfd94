"""Interrupts: decisions a building (or a hook point) adds to a phase.

An interrupt is a small list of ints ``[kind, seat, ...]`` kept in ``s.pending``; the
first one is asked before anything else (the phase's own step waits), of its seat, so
the phase's ``turn`` is untouched. Each kind has a handler, registered by the module
of its building: the legal moves, what a move does (and whether the interrupt is then
answered) and what ``load`` checks of it. The kind numbers are the save format.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .common import Events
from .moves import Move
from .state import PRState

Entry = list[int]

# kinds (the save format: never renumber)
GUEST_MOVE, VILLA, ROYAL_SUPPLIER, HUNTING_LODGE, LAND_OFFICE = range(1, 6)
BLACK_MARKET, CHARTER_MORE, FOREST_CHOICE, OPTIONAL_VP = range(6, 10)
PLACE_WORKERS = 10  # Expansions III/IV: poached or festival workers (smuggler_place.py)


@dataclass(frozen=True)
class Handler:
    name: str  # the step's name in the view
    legal: Callable[[PRState, Entry], list[Move]]
    act: Callable[[PRState, Entry, Move, Events], bool]  # True: answered, drop it
    check: Callable[[PRState, Entry], str | None]  # why a saved entry is impossible
    size: int  # the entry's length


HANDLERS: dict[int, Handler] = {}


def register(kind: int, handler: Handler) -> None:
    HANDLERS[kind] = handler


def add_kind(kind: int, handler: Handler) -> None:
    """A kind of an expansion's own folder (registry.py), under its own number (kinds
    are the save format): after the box's, and not another handler's."""
    if kind <= PLACE_WORKERS:
        raise ValueError(f"interrupt kind {kind} is the box's")
    known = HANDLERS.get(kind)
    if known is not None and known.name != handler.name:
        raise ValueError(f"interrupt kind {kind} is {known.name!r}'s")
    HANDLERS[kind] = handler


def push(s: PRState, kind: int, seat: int, *args: int) -> None:
    s.pending.append([kind, seat, *args])


def push_next(s: PRState, kind: int, seat: int, *args: int) -> None:
    """Ask this right after the interrupt being answered (or first, when none is)."""
    s.pending.insert(1, [kind, seat, *args])


def legal(s: PRState) -> list[Move]:
    e = s.pending[0]
    return HANDLERS[e[0]].legal(s, e)


def act(s: PRState, m: Move, ev: Events) -> None:
    e = s.pending[0]
    if HANDLERS[e[0]].act(s, e, m, ev):
        s.pending.remove(e)


def step_name(s: PRState) -> str:
    return HANDLERS[s.pending[0][0]].name

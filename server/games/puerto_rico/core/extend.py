"""Extension points: the few places where a phase hands a step to an expansion.

A phase never imports an expansion (the import contracts in pyproject.toml); where its
own step goes on in an expansion's way (a price paid with more than doubloons, a drawn
tile placed otherwise, a ship of one's own to load, the festival counting what was
produced and looking at the estates before the planter's refresh) it calls the one
function held here. (What buildings add to a count — barrels, storage, a sale, after
a build or a load — goes through calc.py, where several may contribute.) The defaults are the base game's (nothing
happens); the expansion's module installs its own when the expansions table
(core/expansions.py) imports it, before any game is set up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .common import Events
from .moves import Move
from .state import PRState


def _zero(s: PRState, p: int, used: int = 0) -> int:
    return 0


def _nothing(*args: object) -> None:
    return None


def _false(*args: object) -> bool:
    return False


def _no_moves(s: PRState, p: int) -> list[Move]:
    return []


def _no_secret(s: PRState, t: int) -> str:
    return ""


@dataclass(slots=True)
class Points:
    """The phases' extension points (each named by the step it serves)."""

    # the builder: what a player may pay a price with besides doubloons, and paying a
    # price beyond his doubloons that way (the black market)
    build_means: Callable[[PRState, int, int], int] = _zero
    pay_rest: Callable[[PRState, int, int, int], None] = _nothing
    # the settler: a forest house's owner decides how a drawn tile is placed
    may_plant_forests: Callable[[PRState, int], bool] = _false
    drawn_tile: Callable[[PRState, int, int, int, Events], bool] = _false
    tile_secret: Callable[[PRState, int], str] = _no_secret
    # the settler's last turn is over, before the refresh: the festival's estate goal
    settler_end: Callable[[PRState, Events], None] = _nothing
    # the captain: what happens at its start (the lighthouse, union hall...); loading a
    # ship of one's own (the small wharf's charter)
    captain_start: Callable[[PRState, Events], bool] = _false
    own_ship_moves: Callable[[PRState, int], list[Move]] = _no_moves
    own_ship_load: Callable[[PRState, int, Move, Events], bool] = _false
    # the craftsman: the festival's goods goal counts what a player produced
    produced: Callable[[PRState, int, list[int], Events], None] = _nothing


POINTS = Points()
FROM_HACIENDA, FROM_LAND_OFFICE = 0, 1  # where a drawn tile came from (``drawn_tile``)


def install(**fns: Callable[..., object]) -> None:
    """An expansion's module fills the points it serves (at import)."""
    for name, fn in fns.items():
        if not hasattr(POINTS, name):
            raise AttributeError(f"no extension point {name!r}")
        setattr(POINTS, name, fn)

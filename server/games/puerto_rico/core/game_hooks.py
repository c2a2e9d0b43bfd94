"""Game-level hook points: where an expansion acts outside any one phase.

Beside the phase points (hooks.py: a building acts at START, TURN, END of a role's
phase) the round has its own: SETUP (the table is laid out), ROLE_CHOSEN (after the
role's card is taken, before its phase), PLACED (after a move, forced ones too, that
placed a tile or a building: ``s.islands_changed`` is set, and the hook that has looked
clears it; asked only then, so a move that places nothing costs no call), ROUND_END (the round's picks are over, before the doubloons go on the cards),
GAME_END (the last round is over, before the scoring) and EXTRA_ROLE (the picks are
over: a hook may return a role card one more player plays this round, else -1).
An expansion (the Smuggler, the Festival) registers its functions for its name; a
catalog's table holds the hooks of its game's expansions only, so a base game runs
none of them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .common import Events
from .modules import Catalog, catalog
from .state import PRState

SETUP, ROLE_CHOSEN, PLACED, ROUND_END, GAME_END, EXTRA_ROLE = range(6)
POINTS = (SETUP, ROLE_CHOSEN, PLACED, ROUND_END, GAME_END, EXTRA_ROLE)
Hook = Callable[[PRState, Events], None]  # every point but EXTRA_ROLE
ExtraRole = Callable[[PRState], int]  # EXTRA_ROLE: a role to play (the seat set), or -1
Table = tuple[tuple[Any, ...], ...]  # [point] -> hooks, in registration order

_REGISTRY: list[tuple[str, int, Callable[..., Any]]] = []


def register(expansion: str, point: int, fn: Hook | ExtraRole) -> None:
    """``fn`` runs at ``point`` in games with ``expansion`` (at import, before any game
    is set up; tables already made are dropped)."""
    if point not in POINTS:
        raise ValueError(f"no game hook point {point}")
    _REGISTRY.append((expansion, point, fn))
    catalog.cache_clear()


def table(cat: Catalog) -> Table:
    """The catalog's game hook table, made once and kept on it."""
    made: Table | None = cat.game_hooks
    if made is None:
        made = cat.game_hooks = tuple(
            tuple(fn for x, at, fn in _REGISTRY if at == point and x in cat.expansions)
            for point in POINTS
        )
    return made


def run(s: PRState, point: int, ev: Events) -> None:
    """Run the hooks of ``point`` (not EXTRA_ROLE) for the state's game."""
    for fn in (s.cat.game_hooks or table(s.cat))[point]:
        fn(s, ev)


def registered(expansion: str) -> set[int]:
    """The points ``expansion`` has hooks at (for the tests of the expansions table)."""
    return {at for x, at, _ in _REGISTRY if x == expansion}

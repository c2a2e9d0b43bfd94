"""Registration points: what an expansion declares from its own folder.

An expansion keeps everything in its folder (docs/extending.md): its building rows,
its names (a names.toml beside its rules), its move types and interrupt kinds, their
labels, its parts of the view. The one line outside is its row in the expansions table
(expansions.py, or ``expansions.add``). Building ids and interrupt kinds are the save
format: an expansion writes its own and they are checked here (after the box's, none
taken, no id skipped), so nothing shifts a saved game; move codes (never saved, an
action names its type) are handed out.
The io layer reads the labels and view parts held here (labels_x.py, views.py), so
neither the core nor io imports an expansion.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Callable
from dataclasses import dataclass, fields
from importlib.resources import files
from typing import Any

from . import calc, costs, expansions, extend, game_hooks, hooks, interrupts, moves, text
from . import catalog as C
from .interrupts import Entry, Handler
from .modules import catalog
from .moves import Move, Parser
from .state import PRState

LabelKey = Callable[[Move, PRState, int], Any]  # what of the state the label reads
LabelMake = Callable[[Move, PRState, int], dict[str, Any]]  # type, parameters, label
Decline = Callable[[PRState, Entry], str]  # what ``pass`` means for a kind
ViewPart = Callable[[PRState, "int | None"], Any]  # a key of the view (public or hidden)

LABELS: dict[int, tuple[LabelKey, LabelMake]] = {}  # by move code
DECLINES: dict[int, Decline] = {}  # by interrupt kind
VIEWS: list[tuple[str, str, ViewPart]] = []  # (expansion, view key, part)
BOT_VALUES: dict[str, float] = {}  # building name -> its use to a bot (rough VP)
_CHANGED: list[Callable[[], None]] = []


def _no_key(m: Move, s: PRState, p: int) -> None:
    return None


def building(expansion: str, b: int, row: C.Building) -> int:
    """Add an expansion's building under its own id ``b`` (the save format: written in
    its module, never handed out, so no later change shifts it). Ids follow the box's
    in the table's order: ``b`` must be the next free id, or already this very row
    (its module read again); any other id, or a name the catalog has, is refused."""
    if row.expansion != expansion:
        raise ValueError(f"{row.name}: its expansion tag is {row.expansion!r}")
    if b < C.NB:
        if C.BUILDING_ROWS[b] != row:
            raise ValueError(f"building id {b} is {C.BUILDINGS[b]!r}, not {row.name!r}")
        return b
    if b != C.NB:
        raise ValueError(f"{row.name}: building ids are given in the table's order, "
                         f"the next free one is {C.NB}, not {b}")
    if row.name in C.B_INDEX:
        raise ValueError(f"building {row.name!r} is already id {C.B_INDEX[row.name]}")
    C.BUILDING_ROWS = (*C.BUILDING_ROWS, row)
    C.derive()
    changed()
    return b


def names(package: str, resource: str = "names.toml") -> None:
    """Merge a names.toml of an expansion's folder (both editions' words)."""
    data = tomllib.loads((files(package) / resource).read_text(encoding="utf-8"))
    text.add_names(data)
    changed()


def move(name: str, make: LabelMake, key: LabelKey = _no_key,
         parser: Parser | None = None) -> int:
    """A move type with its label: its code (the next free one: codes are never saved,
    a saved action names its type). ``make`` gives the
    wire dict (type, parameters, ``label`` as a template); ``key`` what of the state
    the label reads (the memo's key); ``parser`` reads a client's dict back."""
    code = moves.add_type(name, parser)
    LABELS[code] = (key, make)
    return code


def question(kind: int, handler: Handler, decline: Decline | None = None) -> int:
    """An interrupt of kind ``kind`` (its own number, written in its module: pending
    interrupts are saved by kind) and what declining it says; a number the box or
    another expansion uses is refused."""
    interrupts.add_kind(kind, handler)
    if decline is not None:
        DECLINES[kind] = decline
    return kind


def view(expansion: str, key: str, part: ViewPart) -> None:
    """``out[key] = part(s, viewer)`` in the views of games with ``expansion``; the part
    shows a viewer only what that viewer may see."""
    entry = (expansion, key, part)
    if entry not in VIEWS:
        VIEWS.append(entry)


def bot_value(building_name: str, rough_vp: float) -> None:
    """What a manned violet building is worth to its owner over a game, in the bots'
    rough VP (server/bots/puerto_rico_expansions.py ``utility``; 1.0 when not said):
    how an expansion's building tells the bots its worth without naming a bot."""
    BOT_VALUES[building_name] = rough_vp


def on_change(fn: Callable[[], None]) -> None:
    """``fn`` remakes what its module made from the catalog (a table grew or shrank)."""
    _CHANGED.append(fn)


def changed() -> None:
    text.refresh()
    catalog.cache_clear()
    costs.price_list.cache_clear()
    for fn in _CHANGED:
        fn()


@dataclass(frozen=True)
class Snapshot:
    """Every registry as it was: a test adds an expansion, then puts them back."""

    rows: tuple[C.Building, ...]
    names: tuple[str, ...]
    table: dict[str, expansions.Expansion]
    types: list[str]
    handlers: dict[int, Handler]
    added_names: list[dict[str, Any]]
    hooks: list[Any]
    game_hooks: list[Any]
    points: dict[str, Any]
    labels: dict[int, tuple[LabelKey, LabelMake]]
    declines: dict[int, Decline]
    views: list[tuple[str, str, ViewPart]]
    bot_values: dict[str, float]
    calcs: list[Any]


def snapshot() -> Snapshot:
    return Snapshot(
        C.BUILDING_ROWS, C.EXPANSIONS, dict(expansions.EXPANSIONS), list(moves.TYPES),
        dict(interrupts.HANDLERS), list(text._ADDED), list(hooks._REGISTRY),
        list(game_hooks._REGISTRY),
        {f.name: getattr(extend.POINTS, f.name) for f in fields(extend.POINTS)},
        dict(LABELS), dict(DECLINES), list(VIEWS), dict(BOT_VALUES), list(calc._REGISTRY))


def restore(snap: Snapshot) -> None:
    """Put every registry back as ``snap`` found it, and forget the modules of the
    expansions added since (read again, they register again)."""
    for name, row in expansions.EXPANSIONS.items():
        if name not in snap.table and row.package != expansions.PACKAGE:
            gone = [m for m in sys.modules if m == row.package or m.startswith(row.package + ".")]
            for module in gone:
                del sys.modules[module]
    C.BUILDING_ROWS, C.EXPANSIONS = snap.rows, snap.names
    C.derive()
    expansions.EXPANSIONS.clear()
    expansions.EXPANSIONS.update(snap.table)
    moves.TYPES[:] = snap.types
    moves._TYPE.clear()
    moves._TYPE.update({t: i for i, t in enumerate(snap.types)})
    for code in [c for c in moves._PARSERS if c >= len(snap.types)]:
        del moves._PARSERS[code]
    _put(interrupts.HANDLERS, snap.handlers)
    text._ADDED[:] = snap.added_names
    hooks._REGISTRY[:] = snap.hooks
    game_hooks._REGISTRY[:] = snap.game_hooks
    for name, fn in snap.points.items():
        setattr(extend.POINTS, name, fn)
    _put(LABELS, snap.labels)
    _put(DECLINES, snap.declines)
    VIEWS[:] = snap.views
    _put(BOT_VALUES, snap.bot_values)
    calc._REGISTRY[:] = snap.calcs
    changed()
    expansions.changed()


def _put(table: dict[Any, Any], was: dict[Any, Any]) -> None:
    table.clear()
    table.update(was)

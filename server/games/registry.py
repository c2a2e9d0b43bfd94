"""The registry of games: each game package registers its one record (``record.py``).

Nothing here names a game. The games are found by looking into ``server.games``: the
``record`` module of each subpackage is run once, on its own (the game's package is not
imported: Puerto Rico's loads its whole table), and it calls ``register``. A record
points at its rules by name, so listing the games builds none; a game whose record does
not load is logged and left out, never fatal.
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import pkgutil
import sys
from pathlib import Path
from types import ModuleType

from server.engine.contract import Game
from server.engine.errors import UNKNOWN_GAME, UnknownGame
from server.engine.record import GameRecord
from server.says import say

log = logging.getLogger(__name__)

DEFAULT_GAME = "puerto-rico"
"""What `prtui play` and the engine CLI start when no game is named."""

GAMES_PACKAGE = "server.games"

_RECORDS: dict[str, GameRecord] = {}
_CACHE: dict[str, Game] = {}
_FOUND: dict[str, list[GameRecord]] = {}  # package -> the records its game folders gave


def register(record: GameRecord) -> GameRecord:
    """Make ``record`` a game (called by a game's own ``record.py``); a name already
    taken by another record is refused, so two games never shadow each other."""
    old = _RECORDS.get(record.name)
    if old is not None and old != record:
        raise ValueError(f"the game name {record.name!r} is taken")
    _RECORDS[record.name] = record
    return record


def unregister(name: str) -> None:
    """Take a game out again (a test's double, after the test)."""
    _RECORDS.pop(name, None)
    _CACHE.pop(name, None)


def _record_module(package: str, info: pkgutil.ModuleInfo) -> ModuleType | None:
    """The ``record`` module of the game folder ``info``, run on its own under a name
    of the registry's: the folder's package is not imported, so listing the games loads
    none of their rules. (Importing ``<folder>.record`` later runs it again as part of
    its package, registering an equal record: no change.)"""
    name = f"{__name__}.folders.{package}.{info.name}"
    if name in sys.modules:
        return sys.modules[name]
    folder = getattr(info.module_finder, "path", None)
    path = Path(folder or ".", info.name, "record.py")
    if folder is None or not path.is_file():
        return None
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        return None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module


def discover(package: str = GAMES_PACKAGE) -> list[GameRecord]:
    """Read the ``record`` module of every game folder in ``package`` (once) and return
    the records they registered, by name."""
    if package not in _FOUND:
        found: list[GameRecord] = []
        root = importlib.import_module(package)
        for info in sorted(pkgutil.iter_modules(root.__path__), key=lambda i: i.name):
            if not info.ispkg:
                continue
            try:
                module = _record_module(package, info)
            except Exception:  # a game that does not load is left out, not fatal
                log.exception("the record of the game folder %s.%s could not be loaded",
                              package, info.name)
                continue
            if module is not None:
                found += [r for r in vars(module).values() if isinstance(r, GameRecord)]
        _FOUND[package] = sorted(found, key=lambda r: r.name)
    return list(_FOUND[package])


def records() -> list[GameRecord]:
    """Every registered game (listed or not), the default one first, then by name."""
    discover()
    return sorted(_RECORDS.values(), key=lambda r: (r.name != DEFAULT_GAME, r.name))


def record(name: str) -> GameRecord:
    discover()
    try:
        return _RECORDS[name]
    except KeyError:
        known = ", ".join(sorted(_RECORDS))
        raise UnknownGame(say(UNKNOWN_GAME, game=repr(name), known=known)) from None


def find(name: str) -> GameRecord | None:
    """The record of ``name``, or None (for callers that have a generic fallback)."""
    discover()
    return _RECORDS.get(name)


def get_game(name: str) -> Game:
    if name not in _CACHE:
        _CACHE[name] = record(name).make()
    return _CACHE[name]


def offered_game(name: str) -> Game:
    """``get_game`` for a game a player asks for by name (a new room): a game that is not
    ``listed`` (a test game) is as unknown as one never registered."""
    found = find(name)
    if found is None or not found.listed:
        raise UnknownGame(say(UNKNOWN_GAME, game=repr(name), known=", ".join(game_names())))
    return get_game(name)


def game_names() -> list[str]:
    """Every game offered to players (records with ``listed``), the default one first,
    then by name: what the new-game screen and the lobby's catalog show."""
    return [r.name for r in records() if r.listed]

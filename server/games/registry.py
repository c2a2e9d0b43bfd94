"""The registry of games: the only place that names concrete game modules."""

from __future__ import annotations

from collections.abc import Callable

from server.engine.contract import Game
from server.engine.errors import UnknownGame

_FACTORIES: dict[str, Callable[[], Game]] = {}
_CACHE: dict[str, Game] = {}


def register(name: str, factory: Callable[[], Game]) -> None:
    _FACTORIES[name] = factory


def _load_builtin() -> None:
    if "puerto-rico" not in _FACTORIES:
        from server.games.puerto_rico.game import PuertoRico

        register("puerto-rico", PuertoRico)


def get_game(name: str) -> Game:
    _load_builtin()
    if name not in _CACHE:
        try:
            factory = _FACTORIES[name]
        except KeyError:
            known = ", ".join(sorted(_FACTORIES))
            raise UnknownGame(f"unknown game {name!r} (known: {known})") from None
        _CACHE[name] = factory()
    return _CACHE[name]


def game_names() -> list[str]:
    _load_builtin()
    return sorted(_FACTORIES)

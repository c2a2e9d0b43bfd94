"""The registry of games: the only place that names concrete game modules."""

from __future__ import annotations

from collections.abc import Callable

from server.engine.contract import Game
from server.engine.errors import UnknownGame

DEFAULT_GAME = "puerto-rico"
"""What `prtui play` and the engine CLI start when no game is named."""


def _puerto_rico() -> Game:
    from server.games.puerto_rico.game import PuertoRico

    return PuertoRico()


def _san_juan() -> Game:
    from server.games.san_juan.game import SanJuan

    return SanJuan()


# a factory imports its module only when the game is first asked for, so listing the
# games never fails because one module does not load
_FACTORIES: dict[str, Callable[[], Game]] = {
    "puerto-rico": _puerto_rico,
    "san-juan": _san_juan,
}
_CACHE: dict[str, Game] = {}


def register(name: str, factory: Callable[[], Game]) -> None:
    _FACTORIES[name] = factory


def get_game(name: str) -> Game:
    if name not in _CACHE:
        try:
            factory = _FACTORIES[name]
        except KeyError:
            known = ", ".join(sorted(_FACTORIES))
            raise UnknownGame(f"unknown game {name!r} (known: {known})") from None
        _CACHE[name] = factory()
    return _CACHE[name]


def game_names() -> list[str]:
    """Every registered game, the default one first, then by name."""
    return sorted(_FACTORIES, key=lambda name: (name != DEFAULT_GAME, name))

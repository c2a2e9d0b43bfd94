"""The games the contract suite checks: every game a game folder registers (the
server's, server/games/*/record.py, and the test games', tests/games/*/record.py), each
with the facts its record names. Nothing here names a game."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from server.engine.record import Data, Facts, GameRecord
from server.games import registry

GAME_PACKAGES = (registry.GAMES_PACKAGE, "tests.games")
"""Where game folders are looked for: the server's games and the test games."""


@dataclass(frozen=True)
class GameFacts:
    """A registered game as the contract suite sees it: its facts and players range."""

    name: str
    players: range  # the game's own players range (read from the game, never assumed)
    facts: Facts

    @property
    def option_sets(self) -> list[dict[str, Any]]:
        return self.facts.option_sets

    @property
    def totals(self) -> Callable[[Data], dict[str, int]]:
        return self.facts.totals

    @property
    def hide(self) -> Callable[[Data, int | None], list[Data]]:
        return self.facts.hide

    @property
    def impossible(self) -> Callable[[Data], list[tuple[str, Data]]]:
        return self.facts.impossible

    def __str__(self) -> str:
        return self.name


def game_records() -> list[GameRecord]:
    """Every record a game folder registers, by name."""
    found = {r.name: r for package in GAME_PACKAGES for r in registry.discover(package)}
    return [found[name] for name in sorted(found)]


def all_facts() -> list[GameFacts]:
    out = []
    for record in game_records():
        game = registry.get_game(record.name)
        out.append(GameFacts(record.name, range(game.min_players, game.max_players + 1),
                             record.load_facts()))
    return out


def facts_problem(record: GameRecord) -> str | None:
    """Why the contract suite cannot check ``record``'s game (None: it can)."""
    try:
        facts = record.load_facts()
    except (LookupError, TypeError, ImportError, AttributeError) as e:
        return str(e).removeprefix(f"{record.name} ")
    if not facts.option_sets:
        return "no option sets to play"
    return None

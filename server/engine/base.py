"""``GameBase``: the methods of the engine contract that every game writes alike.

A game class that inherits it declares its facts (name, title, players range, rules
versions, ``options_spec``, the ``step`` its state holds once over) and writes only
what is its own: setup, who moves, legal actions, apply, its final ``score``, views,
loading and determinizing. Its state keeps ``n`` (the seats), ``step``, ``clone()`` and
``to_data()``; a game whose state does not may override the few methods that read them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from server.engine.contract import Options, Result
from server.engine.errors import CorruptState
from server.engine.options import OptionSpec, normalize_table

StateT = TypeVar("StateT")


class GameBase:
    name: str
    title: str
    min_players: int
    max_players: int
    rules_version: int
    rules_compatible_since: int
    options_spec: tuple[OptionSpec, ...]
    over_step: int  # the state's ``step`` once the game is over

    def normalize_options(self, players: int, options: Options) -> Options:
        """The contract's checks (server/engine/options.py ``normalize_table``): players,
        typed options, a stored room's ``rules_version`` (from ``rules_compatible_since``),
        one name per seat."""
        return normalize_table(self.title, (self.min_players, self.max_players),
                               self.options_spec,
                               (self.rules_compatible_since, self.rules_version),
                               players, options)

    def score(self, state: Any) -> Result:
        """The final result of a finished game (called only once it is over)."""
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        return bool(state.step == self.over_step)

    def result(self, state: Any) -> Result | None:
        return self.score(state) if state.step == self.over_step else None

    def clone(self, state: Any) -> Any:
        return state.clone()

    def to_data(self, state: Any) -> dict[str, Any]:
        data: dict[str, Any] = state.to_data()
        return data

    def players(self, state: Any) -> int:
        return int(state.n)

    def playable(self, state: StateT, legal: Callable[[StateT], list[Any]]) -> StateT:
        """``state`` (just loaded) if it is over or someone has a legal move in it, else
        CorruptState: a saved game must go on from where it was stored."""
        if getattr(state, "step", None) != self.over_step:
            try:
                moves = legal(state)
            except (IndexError, KeyError, ValueError) as e:
                raise CorruptState(f"inconsistent position ({e})") from None
            if not moves:
                raise CorruptState("no legal move in this position")
        return state

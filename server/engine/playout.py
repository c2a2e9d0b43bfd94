"""Random-legal playouts over the engine contract, for benchmarks and property tests.

A playout picks uniformly among the seats to move, then uniformly among that seat's
legal actions other than ``undo`` (``choose``), from its own seeded ``random.Random``
(never the game's RNG, so the game's chance stays a function of its seed and the action
log). A bounded step count turns an engine that never ends into a clear error instead of
a hang.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from server.engine.contract import Action, Game, LogEvent, Options
from server.errors import PrtuiError

#: No real game of Puerto Rico or San Juan needs anywhere near this many decisions.
MAX_ACTIONS = 20_000


class PlayoutStalled(PrtuiError, RuntimeError):
    """The game did not end within the step bound, or a seat to move had no action."""


@dataclass
class Step:
    """One decision of a playout: who acted, what, and what the engine logged."""

    seat: int
    action: Action
    events: list[LogEvent]


def pick(game: Game, state: Any, rnd: random.Random) -> tuple[int, Action]:
    """A uniformly random seat to move and one of its legal actions."""
    seats = game.to_move(state)
    if not seats:
        raise PlayoutStalled("no seat to move but the game is not over")
    seat = seats[0] if len(seats) == 1 else rnd.choice(seats)
    actions = game.legal_actions(state, seat)
    if not actions:
        raise PlayoutStalled(f"seat {seat} is to move but has no legal action")
    return seat, choose(actions, rnd.randrange)


def choose(actions: list[Action], randrange: Callable[[int], int]) -> Action:
    """Uniform among the actions other than ``undo``: a person may take a pick back, a
    random player never does (picking and undoing would only walk in circles). One
    draw among the others, so a game without ``undo`` plays exactly as before and the
    quiet path (whose moves hold no ``undo``) draws the same."""
    rest = [a for a in actions if a.get("type") != "undo"]
    if not rest:
        rest = actions
    return rest[randrange(len(rest))]


def steps(
    game: Game, state: Any, rnd: random.Random, max_actions: int = MAX_ACTIONS
) -> Iterator[Step]:
    """Play ``state`` to the end in place, yielding each step after it is applied."""
    for _ in range(max_actions):
        if game.is_over(state):
            return
        seat, action = pick(game, state, rnd)
        events = game.apply(state, seat, action)
        yield Step(seat, action, events)
    if not game.is_over(state):
        raise PlayoutStalled(f"game not over after {max_actions} actions")


def play_out(
    game: Game,
    state: Any,
    rnd: random.Random,
    max_actions: int = MAX_ACTIONS,
    on_step: Callable[[Step], None] | None = None,
    coarse: bool = False,
) -> int:
    """Play ``state`` to the end in place; returns the number of actions applied.

    ``coarse`` (no ``on_step``): a game's trusted loop may take several small decisions
    of one player as one random step (Puerto Rico: a mayor's whole placement), a
    different random game, as random and as legal; without it the game is the one the
    public API plays from the same seeds."""
    if on_step is None:  # the benches' case: the same choices, no Step records
        return _play_quietly(game, state, rnd, max_actions, coarse)
    count = 0
    for step in steps(game, state, rnd, max_actions):
        count += 1
        if on_step is not None:
            on_step(step)
    return count


def _play_quietly(
    game: Game, state: Any, rnd: random.Random, max_actions: int, coarse: bool = False
) -> int:
    """``play_out`` without the per-step records: the same draws from ``rnd`` as
    ``pick`` (a seat only when several move), so the same game move for move; through
    the game's trusted loop or its quiet path (no labels, no log text: contract.py)."""
    play_random = getattr(game, "play_random", None)
    if play_random is not None:  # its draws: rnd._randbelow's (randrange without checks)
        count: int = play_random(state, rnd, max_actions, coarse)
        if count >= max_actions and not game.is_over(state):
            raise PlayoutStalled(f"game not over after {max_actions} actions")
        return count
    moves = getattr(game, "moves", None)
    apply_move = getattr(game, "apply_move", None)
    if moves is not None and apply_move is not None:
        return _play_moves(game, state, rnd, max_actions, moves, apply_move)
    is_over, to_move = game.is_over, game.to_move
    legal_actions, apply = game.legal_actions, game.apply
    randrange = rnd.randrange
    for count in range(max_actions):
        if is_over(state):
            return count
        seats = to_move(state)
        if not seats:
            raise PlayoutStalled("no seat to move but the game is not over")
        seat = seats[0] if len(seats) == 1 else rnd.choice(seats)
        actions = legal_actions(state, seat)
        if not actions:
            raise PlayoutStalled(f"seat {seat} is to move but has no legal action")
        apply(state, seat, choose(actions, randrange))
    if not is_over(state):
        raise PlayoutStalled(f"game not over after {max_actions} actions")
    return max_actions


def _play_moves(
    game: Game,
    state: Any,
    rnd: random.Random,
    max_actions: int,
    moves: Callable[[Any, int], list[Any]],
    apply_move: Callable[[Any, int, Any], None],
) -> int:
    """``_play_quietly`` on the quiet path: the same draws (its moves come in the order
    of ``legal_actions`` and hold no ``undo``, so ``choose`` would draw the same)."""
    is_over, to_move = game.is_over, game.to_move
    # randrange(k) for k > 0 is _randbelow(k), without its argument checks
    randrange = getattr(rnd, "_randbelow", rnd.randrange)
    for count in range(max_actions):
        if is_over(state):
            return count
        seats = to_move(state)
        if not seats:
            raise PlayoutStalled("no seat to move but the game is not over")
        seat = seats[0] if len(seats) == 1 else rnd.choice(seats)
        legal = moves(state, seat)
        if not legal:
            raise PlayoutStalled(f"seat {seat} is to move but has no legal action")
        apply_move(state, seat, legal[randrange(len(legal))])
    if not is_over(state):
        raise PlayoutStalled(f"game not over after {max_actions} actions")
    return max_actions


def random_game(
    game: Game, players: int, options: Options, seed: int, max_actions: int = MAX_ACTIONS,
    coarse: bool = True,
) -> tuple[Any, int]:
    """A whole random-legal game from ``seed`` (game chance and choices both seeded), by
    default in the game's coarse random steps (``play_out``): the benches' game."""
    state = game.setup(players, game.normalize_options(players, options), seed)
    count = play_out(game, state, random.Random(seed), max_actions, coarse=coarse)
    return state, count

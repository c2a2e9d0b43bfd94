"""Every level plays only legal actions, is reproducible from a seed, and cannot see
hidden information (on the toy game; Puerto Rico has its own file)."""

from __future__ import annotations

from typing import Any

import pytest

from server.bots import LEVELS, action_key, make_bot
from server.bots.search import SearchBot
from tests.bots.toygame import ToyGame

GAME = ToyGame()


def play(levels: list[str], seed: int, iterations: int | None = 40) -> list[Any]:
    """Play one toy game; assert each move is legal; return the action log."""
    state = GAME.setup(len(levels), {}, seed)
    bots = [make_bot(lv, GAME, seed * 10 + i, iterations=iterations) for i, lv in enumerate(levels)]
    log = []
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        legal = {action_key(a) for a in GAME.legal_actions(state, seat)}
        action = bots[seat].choose(GAME, state, seat)
        assert action_key(action) in legal
        GAME.apply(state, seat, action)
        log.append((seat, action_key(action)))
    return log


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_all_levels_play_only_legal_actions(players: int) -> None:
    levels = [LEVELS[i % len(LEVELS)] for i in range(players)]
    assert len(play(levels, seed=players)) == 4 * players


def test_fixed_seed_gives_the_same_game() -> None:
    levels = ["hard", "medium", "easy", "random"]
    assert play(levels, seed=7) == play(levels, seed=7)
    assert play(levels, seed=7) != play(levels, seed=8)


def hidden_twin(seed: int) -> tuple[Any, Any, int]:
    """Two states the seat to move cannot tell apart: the deck order, the RNG and the
    split of the other seats' secret chips differ."""
    a = GAME.setup(3, {}, seed)
    for _ in range(4):
        seat = GAME.to_move(a)[0]
        GAME.apply(a, seat, GAME.legal_actions(a, seat)[0])
    mover = GAME.to_move(a)[0]
    b = GAME.clone(a)
    b.deck.reverse()
    b.rng.seed += 12345
    others = [s for s in range(3) if s != mover]
    b.chips[others[0]], b.chips[others[1]] = sum(a.chips[s] for s in others), 0
    assert GAME.view(a, mover) == GAME.view(b, mover)
    assert GAME.to_data(a) != GAME.to_data(b)
    return a, b, mover


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_depend_only_on_the_view(level: str) -> None:
    for seed in range(6):
        a, b, mover = hidden_twin(seed)
        for bot_seed in range(3):
            first = make_bot(level, GAME, bot_seed, iterations=30)
            second = make_bot(level, GAME, bot_seed, iterations=30)
            assert action_key(first.choose(GAME, a, mover)) == action_key(
                second.choose(GAME, b, mover))


def test_search_beats_random_and_respects_its_cap() -> None:
    wins = 0
    for seed in range(20):
        state = GAME.setup(3, {}, seed)
        bots = [make_bot("hard", GAME, seed, iterations=60), make_bot("random", GAME, seed + 1),
                make_bot("random", GAME, seed + 2)]
        while not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            GAME.apply(state, seat, bots[seat].choose(GAME, state, seat))
        result = GAME.result(state)
        assert result is not None
        wins += 0 in result.winners
        assert isinstance(bots[0], SearchBot) and bots[0].last_iterations == 60
    assert wins >= 12  # fair share would be about 7 of 20


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster", GAME, 1)

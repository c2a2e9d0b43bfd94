"""Puerto Rico's trusted random play loop (``play_random``, issue 36) plays the game the
public API plays: seeded random games, one ``apply`` of a labelled action at a time
against ``play_out`` through the loop, end in the same state with the same scores, for
every player count and with every expansion. The coarse loop (a whole mayor placement
as one step) is the same game until the first placement, and plays to a valid end."""

from __future__ import annotations

import random
from itertools import product
from typing import Any

import pytest

from server.engine.playout import pick, play_out, random_game
from server.games import registry
from server.games.puerto_rico import playout as pr_playout
from server.games.puerto_rico.core import flow
from server.games.puerto_rico.phases import mayor_whole

GAME = registry.get_game("puerto-rico")
EVERY = ["new_buildings", "citizens", "smuggler", "festival"]
OPTION_SETS = [
    {"edition": "1897", "expansions": []},
    {"edition": "1897", "expansions": EVERY},
    {"edition": "classic", "expansions": ["new_buildings", "citizens"]},
]


def _public(players: int, options: dict[str, object], seed: int) -> object:
    """A random game through the public API: ``legal_actions`` and ``apply``."""
    state = GAME.setup(players, GAME.normalize_options(players, options), seed)
    rnd = random.Random(seed)
    while not GAME.is_over(state):
        seat, action = pick(GAME, state, rnd)
        GAME.apply(state, seat, action)
    return state


@pytest.mark.parametrize("options", OPTION_SETS, ids=["base", "every", "classic"])
def test_the_trusted_loop_plays_the_public_game(options: dict[str, object]) -> None:
    for players, seed in product((2, 3, 4, 5), range(3)):
        opts = GAME.normalize_options(players, options)
        trusted = GAME.setup(players, opts, seed)
        count = play_out(GAME, trusted, random.Random(seed))
        public = _public(players, options, seed)
        assert count > 0 and GAME.is_over(trusted)
        assert GAME.to_data(trusted) == GAME.to_data(public), (players, seed)
        assert GAME.result(trusted) == GAME.result(public)


class _OwnFloats(random.Random):
    """A ``random.Random`` whose ``random`` is its own: Python then draws ``randbelow``
    from floats, not from ``getrandbits`` (the loop's inline draw would be others)."""

    def random(self) -> float:
        return super().random()


def test_a_random_with_other_draws_is_called_not_inlined() -> None:
    """The trusted loop repeats ``random.Random._randbelow`` inline only where that is
    the draw; any other Random's own draw is called, so the game is still the public
    API's with that Random (issue 36, the second round)."""
    options = {"edition": "1897", "expansions": EVERY}
    inlined = 0
    for seed in range(3):
        opts = GAME.normalize_options(4, options)
        trusted = GAME.setup(4, opts, seed)
        play_out(GAME, trusted, _OwnFloats(seed))
        public = GAME.setup(4, opts, seed)
        rnd = _OwnFloats(seed)
        while not GAME.is_over(public):
            seat, action = pick(GAME, public, rnd)
            GAME.apply(public, seat, action)
        assert GAME.to_data(trusted) == GAME.to_data(public), seed
        plain = GAME.setup(4, opts, seed)
        play_out(GAME, plain, random.Random(seed))  # (the inline draws: another game)
        inlined += GAME.to_data(plain) != GAME.to_data(trusted)
    assert inlined > 0


@pytest.mark.parametrize("options", OPTION_SETS, ids=["base", "every", "classic"])
def test_the_coarse_loop_differs_only_from_the_first_placement(
    options: dict[str, object],
) -> None:
    differ = 0
    for players, seed in product((3, 4), range(3)):
        opts = GAME.normalize_options(players, options)
        coarse = GAME.setup(players, opts, seed)
        public = GAME.setup(players, opts, seed)
        rnd = random.Random(seed)
        while not mayor_whole.applies(public, flow.legal(public)):  # the public game
            seat, action = pick(GAME, public, rnd)
            GAME.apply(public, seat, action)
        steps = 0
        rnd_coarse = random.Random(seed)  # the coarse game up to the same decision
        while not mayor_whole.applies(coarse, flow.legal(coarse)):
            steps += GAME.play_random(coarse, rnd_coarse, 1, True)
        assert GAME.to_data(coarse) == GAME.to_data(public), (players, seed, steps)
        GAME.play_random(coarse, rnd_coarse, 20_000, True)
        assert GAME.is_over(coarse)
        GAME.from_data(GAME.to_data(coarse))  # a valid end: the loader's checks pass
        ended = _public(players, options, seed)
        differ += GAME.to_data(coarse) != GAME.to_data(ended)
    assert differ > 0  # (the coarse steps are other draws: another game)


def test_the_whole_mayor_step_draws_inline_what_it_would_call(monkeypatch: Any) -> None:
    """The coarse loop's whole placement (phases/mayor_whole.py) repeats
    ``random.Random._randbelow`` inline like the loop itself (draws.py, issue 36's third
    round): the same coarse games as when every draw is a call."""
    options = {"edition": "1897", "expansions": EVERY}
    inline = {}
    for players, seed in product((3, 4, 5), range(3)):
        state, _ = random_game(GAME, players, options, seed)
        inline[players, seed] = GAME.to_data(state)
    monkeypatch.setattr(pr_playout, "inline_bits", lambda rnd: None)  # every draw called
    for (players, seed), data in inline.items():
        state, _ = random_game(GAME, players, options, seed)
        assert GAME.to_data(state) == data, (players, seed)

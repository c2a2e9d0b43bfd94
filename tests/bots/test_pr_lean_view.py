"""The heuristic's lean view (server/bots/puerto_rico_view.py) is the game's view without
the players' harvest, vp_shown, prices and sale_prices, on positions of random games of
every set of expansions, from every seat's point of view; and the heuristic scores and
estimates exactly as it did reading the full view with every seat read at once (its
table now reads a seat when first asked for)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from server.bots import puerto_rico as heuristic_module
from server.bots import puerto_rico_table as table_module
from server.bots.puerto_rico import PuertoRicoHeuristic
from server.bots.puerto_rico_table import Seat
from server.bots.puerto_rico_view import LEFT_OUT, lean_view
from server.engine.playout import choose
from server.games.registry import get_game

GAME = get_game("puerto-rico")
TABLES = [
    (4, {}),
    (2, {"edition": "1897"}),
    (3, {"expansions": ["new_buildings", "citizens"]}),
    (4, {"expansions": ["new_buildings", "citizens", "smuggler", "festival"]}),
    (5, {"expansions": ["smuggler", "festival"]}),
]


def positions(players: int, options: dict[str, Any], wanted: int, seed: int) -> list[Any]:
    """Positions along random games (some determinized, as a search sees them; a
    finished game wherever one ended)."""
    rng = random.Random(seed)
    found: list[Any] = []
    state = GAME.setup(players, GAME.normalize_options(players, dict(options)), seed)
    while len(found) < wanted:
        if GAME.is_over(state):
            found.append(state)
            state = GAME.setup(players, GAME.normalize_options(players, dict(options)),
                               rng.getrandbits(32))
            continue
        seat = GAME.to_move(state)[0]
        if rng.random() < 0.15:
            found.append(GAME.clone(state) if rng.random() < 0.5
                         else GAME.determinize(state, seat, rng.getrandbits(32)))
        GAME.apply(state, seat, choose(GAME.legal_actions(state, seat), rng.randrange))
    return found


def eager_seats(players: list[dict[str, Any]], vps: list[int] | None) -> list[Seat]:
    """The table's seats as they were read before they became lazy."""
    seats = [Seat(p) for p in players]
    for seat, vp in zip(seats, vps or [], strict=False):
        seat.vp = vp
    return seats


def without_left_out(view: dict[str, Any]) -> dict[str, Any]:
    for p in view["players"]:
        for key in LEFT_OUT:
            p.pop(key, None)
    return view


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_lean_view_is_the_view_without_the_figures(players: int, options: dict[str, Any]
                                                    ) -> None:
    for i, state in enumerate(positions(players, options, 60, seed=players * 101)):
        for viewer in [None, *range(players)]:
            full = GAME.view(state, viewer)
            assert any(key in p for p in full["players"] for key in LEFT_OUT) or GAME.is_over(
                state)
            assert lean_view(state, viewer) == without_left_out(full), (i, viewer)


@pytest.mark.parametrize(("players", "options"), TABLES)
def test_the_heuristic_decides_as_on_the_full_view(players: int, options: dict[str, Any],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    heuristic = PuertoRicoHeuristic()
    states = [s for s in positions(players, options, 60, seed=players * 7) if not GAME.is_over(s)]
    lean = []
    for state in states:
        seat = GAME.to_move(state)[0]
        actions = GAME.legal_actions(state, seat)
        lean.append((heuristic.action_scores(GAME, state, seat, actions),
                     heuristic.estimate(GAME, state)))
    monkeypatch.setattr(heuristic_module, "lean_view", GAME.view)  # the full view, as before
    monkeypatch.setattr(table_module, "Seats", eager_seats)  # every seat read at once
    for state, (scores, estimate) in zip(states, lean, strict=True):
        seat = GAME.to_move(state)[0]
        actions = GAME.legal_actions(state, seat)
        assert heuristic.action_scores(GAME, state, seat, actions) == scores
        assert heuristic.estimate(GAME, state) == estimate

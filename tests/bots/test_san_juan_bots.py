"""Bots on the real San Juan engine: every level plays whole games at 2-4 players with
legal moves only, games replay from their seed, decisions are blind to hidden cards,
and easy (the San Juan heuristic) beats random."""

from __future__ import annotations

from typing import Any

import pytest

from server.bots import LEVELS, action_key, make_bot
from server.bots.heuristic import heuristic_for
from server.bots.san_juan import SanJuanHeuristic
from server.games.registry import get_game

GAME = get_game("san-juan")


def play(levels: list[str], seed: int, fair_start: bool = False) -> tuple[list[Any], Any]:
    players = len(levels)
    options = GAME.normalize_options(players, {"fair_start": fair_start})
    state = GAME.setup(players, options, seed)
    bots = [make_bot(lv, GAME, seed * 10 + i, iterations=4) for i, lv in enumerate(levels)]
    log = []
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        legal = {action_key(a) for a in GAME.legal_actions(state, seat)}
        action = bots[seat].choose(GAME, state, seat)
        assert action_key(action) in legal
        GAME.apply(state, seat, action)
        log.append((seat, action_key(action)))
    return log, GAME.result(state)


def test_the_heuristic_is_registered_for_san_juan() -> None:
    assert isinstance(heuristic_for("san-juan"), SanJuanHeuristic)


@pytest.mark.parametrize(("players", "fair_start"), [(2, False), (3, True), (4, False)])
def test_every_level_plays_legal_moves_to_the_end(players: int, fair_start: bool) -> None:
    for shift in range(2):
        levels = [LEVELS[(i + players + shift) % len(LEVELS)] for i in range(players)]
        log, result = play(levels, seed=players + 10 * shift, fair_start=fair_start)
        assert result is not None and len(log) > 50


def test_fixed_seed_gives_the_same_game() -> None:
    assert play(["hard", "easy"], seed=11)[0] == play(["hard", "easy"], seed=11)[0]


def hidden_twins(seed: int) -> tuple[Any, Any, int]:
    """Two mid-game states the seat to move cannot tell apart: another player's hand
    holds other cards (swapped with the deck), the deck is in another order, the RNG
    differs."""
    state = GAME.setup(3, GAME.normalize_options(3, {}), seed)
    bots = [make_bot("easy", GAME, i) for i in range(3)]
    for _ in range(40 + 7 * seed):
        seat = GAME.to_move(state)[0]
        GAME.apply(state, seat, bots[seat].choose(GAME, state, seat))
    while True:
        mover = GAME.to_move(state)[0]
        other = (mover + 1) % 3
        data = GAME.to_data(state)
        hand, deck = data["hands"][other], data["deck"]
        swap = next(((i, j) for i, c in enumerate(hand) for j, d in enumerate(deck)
                     if c != d), None)
        if swap and len(GAME.legal_actions(state, mover)) > 2:
            break
        seat = GAME.to_move(state)[0]
        GAME.apply(state, seat, bots[seat].choose(GAME, state, seat))
    i, j = swap
    hand[i], deck[j] = deck[j], hand[i]
    hand.sort()
    data["deck"] = list(reversed(deck))
    data["rng"] = [data["rng"][0] + 99, data["rng"][1]]
    twin = GAME.from_data(data)
    assert GAME.view(state, mover) == GAME.view(twin, mover)
    assert GAME.to_data(state) != GAME.to_data(twin)
    return state, twin, mover


@pytest.mark.parametrize("level", LEVELS)
def test_decisions_depend_only_on_the_view(level: str) -> None:
    for seed in range(3):
        a, b, mover = hidden_twins(seed)
        samples = [GAME.to_data(GAME.determinize(s, mover, 5)) for s in (a, b)]
        assert samples[0] == samples[1]  # what a bot decides on carries no hidden trace
        for bot_seed in range(2):
            first = make_bot(level, GAME, bot_seed, iterations=12).choose(GAME, a, mover)
            second = make_bot(level, GAME, bot_seed, iterations=12).choose(GAME, b, mover)
            assert action_key(first) == action_key(second)


def test_the_heuristic_scores_every_step_of_a_game() -> None:
    """Every decision step gets a score per action, and undo is never the best."""
    heuristic = SanJuanHeuristic()
    state = GAME.setup(4, GAME.normalize_options(4, {"fair_start": True}), 3)
    bots = [make_bot("random", GAME, i) for i in range(4)]
    steps = set()
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        actions = GAME.legal_actions(state, seat)
        scores = heuristic.action_scores(GAME, state, seat, actions)
        assert len(scores) == len(actions)
        best = actions[scores.index(max(scores))]
        assert best["type"] != "undo"
        steps.add(GAME.view(state, seat)["decision"]["step"])
        GAME.apply(state, seat, bots[seat].choose(GAME, state, seat))
    assert {"choose_role", "build", "build_pay", "produce", "sell", "council_keep",
            "fair_start"} <= steps
    assert len(heuristic.estimate(GAME, state)) == 4


def test_easy_beats_random() -> None:
    wins = 0.0
    for seed in range(4):
        levels = ["random"] * 4
        levels[seed] = "easy"
        _, result = play(levels, seed=seed)
        wins += (seed in result.winners) / len(result.winners)
    assert wins >= 3


async def test_pool_plays_san_juan_in_a_worker() -> None:
    from server.bots.pool import BotPool

    pool = BotPool(workers=1, games=["san-juan"])
    try:
        state = GAME.setup(3, GAME.normalize_options(3, {}), 21)
        for move in range(30):
            seat = GAME.to_move(state)[0]
            level = ("hard", "medium", "easy")[seat]
            action = await pool.choose("san-juan", state, seat, level, seed=move,
                                       iterations=6)
            assert action_key(action) in {action_key(a) for a in GAME.legal_actions(state, seat)}
            GAME.apply(state, seat, action)
        assert pool.fallbacks == 0 and pool.replaced == 0
    finally:
        await pool.close()


def test_hard_and_medium_are_the_san_juan_search() -> None:
    from server.bots.san_juan_search import SanJuanSearch

    for level in ("medium", "hard"):
        bot = make_bot(level, GAME, 1, iterations=40)
        assert isinstance(bot, SanJuanSearch) and bot.level == level
    assert make_bot("medium", GAME, 1, iterations=40).iterations == 10  # a quarter
    assert make_bot("hard", GAME, 1, move_time=0.5).move_time == 0.5


def test_hard_searches_roles_and_builds_and_plays_the_rest_like_easy() -> None:
    """Roles and builds use the iterations; every other step is the heuristic's pick."""
    from server.games.san_juan.state import BUILD_STEP, CHOOSE_ROLE

    state = GAME.setup(3, GAME.normalize_options(3, {}), 8)
    easy = [make_bot("easy", GAME, i) for i in range(3)]
    searched = greedy = 0
    while not GAME.is_over(state) and (searched < 6 or greedy < 6):
        seat = GAME.to_move(state)[0]
        actions = GAME.legal_actions(state, seat)
        if len(actions) > 1:
            hard = make_bot("hard", GAME, 3, iterations=9)
            choice = hard.choose(GAME, state, seat)
            if state.step in (CHOOSE_ROLE, BUILD_STEP):
                assert hard.last_iterations >= min(9, len(actions))
                searched += 1
            else:
                scores = SanJuanHeuristic().action_scores(GAME, state, seat, actions)
                assert scores[[action_key(a) for a in actions].index(action_key(choice))] \
                    == max(scores)
                greedy += 1
        GAME.apply(state, seat, easy[seat].choose(GAME, state, seat))
    assert searched >= 6 and greedy >= 6


def test_the_estimate_is_the_score_at_the_end_and_adds_a_gain_before() -> None:
    from server.bots.san_juan_eval import SanJuanEstimate, score_now

    estimate = SanJuanEstimate()
    state = GAME.setup(4, GAME.normalize_options(4, {}), 2)
    bots = [make_bot("easy", GAME, i) for i in range(4)]
    gains = []
    while not GAME.is_over(state):
        if GAME.to_move(state)[0] == 0:
            values = estimate(state)
            gains.append(values[0] - score_now(state, 0))
            assert all(v >= score_now(state, p) for p, v in enumerate(values))
        seat = GAME.to_move(state)[0]
        GAME.apply(state, seat, bots[seat].choose(GAME, state, seat))
    final = {line.seat: line.total for line in GAME.result(state).scores}
    assert estimate(state) == [float(final[p]) for p in range(4)]
    assert gains[0] > 10 > gains[-1]  # early, most of the score is still to come


def test_the_fit_recovers_known_weights_and_reads_real_games() -> None:
    from server.bots.san_juan_eval import NAMES
    from server.bots.san_juan_fit import ridge, samples

    data = [([1.0, float(x), float(x * x % 7)], 2.0 + 3.0 * x - 0.5 * (x * x % 7))
            for x in range(40)]
    assert [round(w, 1) for w in ridge(data, lam=0.0)] == [2.0, 3.0, -0.5]
    rows = samples(3, 1, seed=4)
    assert rows and all(len(x) == len(NAMES) for x, _ in rows)
    assert sum(gain for _, gain in rows) > 0


def test_the_arena_with_an_iteration_cap_repeats_itself() -> None:
    """`prtui arena --iterations N` (no move time): the figures do not depend on load."""
    from server.bots.arena import format_summary, run_arena

    first = run_arena("san-juan", ["hard", "easy"], games=2, seed=5, iterations=3)
    again = run_arena("san-juan", ["hard", "easy"], games=2, seed=5, iterations=3)
    assert first["iterations"] == 3
    assert [b["wins"] for b in first["bots"]] == [b["wins"] for b in again["bots"]]
    assert [b["avg_score"] for b in first["bots"]] == [b["avg_score"] for b in again["bots"]]
    assert "3 iterations a move" in format_summary(first)


def test_the_arena_command_takes_iterations(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from prtui.cli import build_parser
    from server.bots.arena import run

    args = build_parser().parse_args(["arena", "--game", "san-juan", "--players", "2",
                                      "--bots", "hard,easy", "--games", "1",
                                      "--iterations", "2", "--json"])
    assert run(args) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["iterations"] == 2 and summary["move_time"] is None
    bad = build_parser().parse_args(["arena", "--game", "san-juan", "--players", "2",
                                     "--bots", "hard,easy", "--iterations", "0"])
    assert run(bad) == 2

"""Random play never takes a pick back: ``undo`` stays a legal action for people, but the
benches' and soak's random-legal games and the random bot choose uniformly among the
other actions (docs/san-juan-view.md), so picking and undoing cannot walk in circles."""

from __future__ import annotations

import random
from collections import Counter

from server.bots.base import RandomBot
from server.engine.playout import Step, choose, play_out
from server.games import registry

ACTIONS = [{"type": "pay", "card": "well"}, {"type": "undo"}, {"type": "confirm"}]


def test_choose_never_takes_undo_while_something_else_is_legal() -> None:
    rnd = random.Random(3)
    seen = Counter(choose(ACTIONS, rnd.randrange)["type"] for _ in range(300))
    assert set(seen) == {"pay", "confirm"}
    assert choose([{"type": "undo"}], rnd.randrange) == {"type": "undo"}  # nothing else


def test_choose_without_undo_is_the_plain_uniform_draw() -> None:
    plain = [{"type": "role", "role": r} for r in "abcde"]
    a, b = random.Random(8), random.Random(8)
    assert [choose(plain, a.randrange) for _ in range(50)] == [
        plain[b.randrange(len(plain))] for _ in range(50)]


def test_a_random_san_juan_game_confirms_every_selection_and_never_undoes() -> None:
    game = registry.get_game("san-juan")
    state = game.setup(4, game.normalize_options(4, {}), 5)
    steps: list[Step] = []
    play_out(game, state, random.Random(5), on_step=steps.append)
    kinds = Counter(s.action["type"] for s in steps)
    assert game.is_over(state) and kinds["undo"] == 0 and kinds["confirm"] > 0


def test_the_random_bot_never_undoes() -> None:
    game = registry.get_game("san-juan")
    state = game.setup(2, game.normalize_options(2, {}), 2)
    bot = RandomBot(1)
    picked = Counter()
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        action = bot.choose(game, state, seat)
        picked[action["type"]] += 1
        game.apply(state, seat, action)
    assert picked["undo"] == 0 and picked["confirm"] > 0

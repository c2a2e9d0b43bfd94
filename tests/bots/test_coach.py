"""The coach thinks only on what the asking seat may see: two tables that differ in the
others' hidden VP chips and in the face-down plantation stack get the same answer (the
room hands the pool ``determinize`` from the seat's view; server/net/coaching.py)."""

from __future__ import annotations

import random

from server.bots.coach import coach_task
from server.engine.playout import choose
from server.games.registry import get_game


def test_the_coach_answer_does_not_depend_on_what_i_may_not_see() -> None:
    game = get_game("puerto-rico")
    state = game.setup(3, {}, 11)
    rng = random.Random(3)
    while True:  # random play until seat 0 decides, with VP chips shipped by everyone
        seat = game.to_move(state)[0]
        if seat == 0 and sum(state.vp[1:]) >= 2 and len(game.legal_actions(state, 0)) > 1:
            break
        game.apply(state, seat, choose(game.legal_actions(state, seat), rng.randrange))
    other = game.clone(state)
    other.vp[1], other.vp[2] = other.vp[1] + other.vp[2], 0  # the same total, hidden apart
    rng.shuffle(other.stack)
    assert game.view(state, 0) == game.view(other, 0)  # seat 0 cannot tell them apart

    def answer(table: object) -> list[dict[str, object]]:
        sample = game.determinize(table, 0, 99)
        return coach_task("puerto-rico", game.to_data(sample), 0, 99, None, 40)

    first = answer(state)
    assert first and first == answer(other)

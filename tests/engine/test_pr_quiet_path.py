"""Puerto Rico's quiet path (``moves``/``apply_move``, issue 14) composes no log and
still plays the very game the labelled path plays, state for state, with every
expansion: the log is skipped (``ev is None``), the festival is looked at only after a
tile or building was placed, hooks run only for manned buildings, and storage knows
at once when everything fits. Each of these shortcuts would show here as a state that
differs after some step."""

from __future__ import annotations

import random
from itertools import combinations, combinations_with_replacement, product
from typing import Any

import pytest

from server.engine.playout import pick
from server.games import registry
from server.games.puerto_rico.core import flow
from server.games.puerto_rico.core.moves import parse
from server.games.puerto_rico.phases import storage

GAME = registry.get_game("puerto-rico")
EVERY = ["new_buildings", "citizens", "smuggler", "festival"]


@pytest.mark.parametrize("edition", ["classic", "1897"])
def test_quiet_path_is_the_labelled_one_step_for_step(edition: str, monkeypatch: Any) -> None:
    logs: list[Any] = []
    real = flow.execute

    def execute(s: Any, m: Any, ev: Any) -> None:
        logs.append(ev)
        real(s, m, ev)

    monkeypatch.setattr(flow, "execute", execute)
    goals = 0
    for players, seed in product((2, 3, 4, 5), range(2)):
        opts = GAME.normalize_options(players, {"expansions": EVERY, "edition": edition})
        loud, quiet = GAME.setup(players, opts, seed), GAME.setup(players, opts, seed)
        rnd = random.Random(seed)
        steps = 0
        while not GAME.is_over(loud):
            seat, action = pick(GAME, loud, rnd)
            move = parse(action)
            assert move in GAME.moves(quiet, seat)
            GAME.apply(loud, seat, action)
            del logs[:]
            GAME.apply_move(quiet, seat, move)
            assert logs == [None]  # the quiet path hands no list to write into
            assert GAME.to_data(quiet) == GAME.to_data(loud), (players, seed, steps)
            steps += 1
        assert GAME.is_over(quiet)
        assert GAME.result(quiet) == GAME.result(loud)
        goals += sum(1 for won in loud.festival_won if won >= 0)
    assert goals > 0  # the festival's goals were reached on the way


def _fits(mine: tuple[int, ...], whole: int, extra: int) -> bool:
    """Everything kept: some kinds (as many as the warehouses allow) whole, one barrel
    of another, the storehouse's barrels of any kinds."""
    kinds = [g for g in range(5) if mine[g]]
    for size in range(min(whole, len(kinds)) + 1):
        for keep in combinations(kinds, size):
            rest = sum(mine[g] for g in kinds if g not in keep)
            if rest - (1 if rest else 0) <= extra:
                return True
    return False


def test_storage_asks_nobody_whose_goods_all_fit(monkeypatch: Any) -> None:
    """``store_options`` is empty exactly when every barrel can be kept (its quick
    answer), and otherwise offers the ways to keep them."""
    for whole, extra in product(range(4), (0, 3)):
        monkeypatch.setattr(storage, "warehouse_kinds", lambda s, p, w=whole: w)
        monkeypatch.setattr(storage, "loose_room", lambda s, p, e=extra: e)
        # every multiset of counts, in both orders of the kinds (all 1,024 orders were
        # 98 s of a loaded full run; the answer is the same for kinds swapped)
        orders = {order for counts in combinations_with_replacement(range(4), 5)
                  for order in (counts, counts[::-1])}
        for mine in sorted(orders):
            state: Any = type("S", (), {"pgoods": [list(mine)]})()
            options = storage.store_options(state, 0)
            assert (options == []) == _fits(mine, whole, extra), (mine, whole, extra)

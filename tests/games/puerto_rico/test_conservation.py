"""Conservation over random games: every player count (2-5) x sets of expansions (none,
I, II, I+II, III, IV, all four), both editions; after every action nothing on the table appears
or vanishes (server/games/puerto_rico/io/conservation.py). The sample here is small; the
long run is ``python -m server.tools.soak --matrix`` (docs/benchmarks.md)."""

from __future__ import annotations

import random

import pytest

from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.scoring import breakdown
from server.games.puerto_rico.io.conservation import counts, totals, violations
from tests.games.puerto_rico.helpers import GAME, goods, new

SETS = ([], ["new_buildings"], ["citizens"], ["new_buildings", "citizens"], ["smuggler"],
        ["festival"], ["new_buildings", "citizens", "smuggler", "festival"])


@pytest.mark.parametrize("expansions", SETS, ids=["none", "I", "II", "I+II", "III", "IV",
                                                  "I-IV"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_nothing_appears_or_vanishes_in_random_games(players: int, expansions: list[str]) -> None:
    for seed in range(2):
        edition = ("classic", "1897")[seed % 2]
        s = GAME.setup(players, {"edition": edition, "expansions": expansions}, seed)
        assert violations(s) == []
        rnd = random.Random(seed)
        worker_end = False
        while not GAME.is_over(s):
            (seat,) = GAME.to_move(s)
            action = rnd.choice(GAME.legal_actions(s, seat))
            events = GAME.apply(s, seat, action)
            assert violations(s) == [], (seed, action)
            worker_end |= any("to refill the" in e["text"] and e["kind"] == "end_trigger"
                              for e in events)
        result = GAME.result(s)
        assert result is not None
        for line in result.scores:  # the score is the chips + what the parts say
            assert line.breakdown["vp_chips"] == s.vp[line.seat]
            assert line.total == sum(breakdown(s, line.seat).values())
            if "citizens" in expansions:
                assert line.breakdown["citizens"] == (
                    s.san_juan_cit[line.seat] + sum(s.island_cit[line.seat])
                    + sum(s.city_cit[line.seat]))
        if "citizens" in expansions:
            assert not worker_end, "running out of workers ends nothing with the citizens"


def test_the_totals_are_the_boxes() -> None:
    """20 citizens beside 100 workers (rules 5; the player count's workers before); the
    2-player game's smaller stock."""
    four = totals(new(4, expansions=["citizens"]))
    assert four["citizens"] == 20 and four["workers"] == 100
    assert totals(new(4, expansions=["citizens"], rules_version=4))["workers"] == 75 + 4
    two = totals(new(2))
    assert two["citizens"] == 0 and two["workers"] == 40 + 2
    assert two["tiles.coffee"] == 8 - 3 and two["quarries"] == 5 and two["goods.corn"] == 8


def test_a_barrel_out_of_nowhere_is_named() -> None:
    """The check can fail: a barrel added without leaving the supply is reported."""
    s = new(3, expansions=["new_buildings", "citizens"])
    goods(s, 0, sugar=2)
    assert violations(s) == []
    s.pgoods[0][C.SUGAR] += 1
    s.cit_supply -= 1
    s.coins[1] = -1
    bad = violations(s)
    assert any(b.startswith("goods.sugar: ") for b in bad)
    assert any(b.startswith("citizens: 19") for b in bad)
    assert any("seat 1: -1 doubloons" in b for b in bad)
    assert counts(s)["goods.sugar"] == totals(s)["goods.sugar"] + 1

"""Rules version 5 (issue 22, item 10): with the Citizens the mayor [Recruiter] chooses
for each placement whether a worker or a citizen goes there, on every tile and building,
whenever both wait in his San Juan (rules notes, "worker or citizen"). Games set up
under version 4 or older keep the old choice (the four buildings a citizen changes)
and replay move for move; random play and every bot level play version 5 to the end."""

from __future__ import annotations

from server.bots.levels import make_bot
from server.games.puerto_rico.core import catalog as C
from tests.games.puerto_rico.exp_helpers import BOTH, CIT, table
from tests.games.puerto_rico.helpers import GAME, act, build, choose, last, legal, plant, random_log


def _placing(rules: int | None = None, waiting: tuple[int, int] = (2, 1)):
    """Seat 0 at his mayor turn: a small market, an empty corn plantation, ``waiting``
    (people, citizens among them) in San Juan."""
    opts = {} if rules is None else {"rules_version": rules}
    s = table(4, BOTH, **opts)
    build(s, 0, "small_market", colonists=0)
    plant(s, 0, "corn", occupied=False)
    s.san_juan[0], s.san_juan_cit[0] = waiting
    choose(s, 1, "mayor")
    while GAME.to_move(s) != [0]:
        GAME.apply(s, GAME.to_move(s)[0], last(s, GAME.to_move(s)[0]))
    return s


def _places(s) -> set[tuple[str, int, bool]]:
    return {(a["where"], a["index"], bool(a.get("citizen"))) for a in legal(s)
            if a["type"] == "mayor_place"}


def test_a_worker_or_a_citizen_on_every_place() -> None:
    s = _placing()
    assert s.rules == GAME.rules_version >= 5  # (the version this came with, or later)
    market = s.bpos[0][C.SMALL_MARKET]
    corn = s.island[0].index(C.GOODS.index("corn"))
    places = _places(s)
    for where, index in (("city", market), ("island", corn)):
        assert (where, index, False) in places and (where, index, True) in places
    labels = {a["label"] for a in legal(s) if a.get("citizen")}
    assert any("corn" in label for label in labels)
    act(s, 0, "mayor_place", where="island", index=corn, citizen=True)
    assert s.island_cit[0][corn] == 1 and s.san_juan_cit[0] == 0
    # only a worker waits now, for the one empty circle: no choice is left
    assert not any(a.get("citizen") for a in legal(s))
    act(s, 0, "mayor_done")
    assert s.city_col[0][market] == 1 and s.city_cit[0][market] == 0


def test_everyone_fitting_still_leaves_the_kind_to_the_player() -> None:
    """Two people for two empty circles used to be placed at once (a worker first);
    now the player says who goes where, then confirms."""
    s = _placing()
    market = s.bpos[0][C.SMALL_MARKET]
    act(s, 0, "mayor_place", where="city", index=market, citizen=True)
    corn = s.island[0].index(C.GOODS.index("corn"))
    while "mayor_done" not in {a["type"] for a in legal(s)}:
        act(s, 0, "mayor_place", where="island", index=corn)
    act(s, 0, "mayor_done")
    assert s.city_cit[0][market] == 1 and s.island_cit[0][corn] == 0


def test_under_version_4_the_kind_is_chosen_on_four_buildings_only() -> None:
    s = _placing(rules=4)  # no chapel, land office...: everyone fits, placed unasked
    assert s.rules == 4 and "mayor_place" not in {a["type"] for a in legal(s)}
    market = s.bpos[0][C.SMALL_MARKET]
    corn = s.island[0].index(C.GOODS.index("corn"))
    assert (s.island_col[0][corn], s.island_cit[0][corn]) == (1, 0)  # a worker first
    assert (s.city_col[0][market], s.city_cit[0][market]) == (1, 1)


def test_a_version_4_log_replays_identically() -> None:
    for seed in (5, 6, 7):
        opts = {"expansions": BOTH, "rules_version": 4}
        log, events, final = random_log(opts, seed)
        s = GAME.setup(3, opts, seed)
        replayed = []
        for seat, a in log:
            assert a in GAME.legal_actions(s, seat)
            replayed += GAME.apply(s, seat, a)
        assert GAME.to_data(s) == final and replayed == events and s.rules == 4
        assert not any(a.get("citizen") for _, a in log  # the island: never a choice
                       if a["type"] == "mayor_place" and a["where"] == "island")


def test_random_play_and_the_bots_choose_and_finish_under_version_5() -> None:
    citizen_island = 0
    for seed in range(4):
        log, _events, _final = random_log({"expansions": CIT}, seed)
        citizen_island += sum(1 for _, a in log if a["type"] == "mayor_place"
                              and a["where"] == "island" and a.get("citizen"))
    assert citizen_island  # random play does take the new choice
    for level in ("easy", "medium"):
        s = GAME.setup(3, {"expansions": BOTH}, 9)
        bots = [make_bot(level, GAME, i, iterations=30) for i in range(3)]
        moves = 0
        while not GAME.is_over(s):
            (seat,) = GAME.to_move(s)
            GAME.apply(s, seat, bots[seat].choose(GAME, s, seat))
            moves += 1
            assert moves < 5000

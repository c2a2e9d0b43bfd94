"""Bots with Puerto Rico's Expansions I and II: every level plays whole games, and the
easy heuristic values the new buildings, the citizens, forests and the draft sensibly
(scenarios on the real engine, arranged by hand through the lists the rules read)."""

from __future__ import annotations

from typing import Any

import pytest

from server.bots import action_key, make_bot
from server.bots import puerto_rico_expansions as X
from server.bots.puerto_rico import PuertoRicoHeuristic, build_value, score
from server.bots.puerto_rico_end import ends_game
from server.bots.puerto_rico_table import Table
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import DRAFT, PRState
from tests.games.puerto_rico.helpers import GAME, act, build, choose, goods, legal, new, plant

BOTH = ["new_buildings", "citizens"]
HEURISTIC = PuertoRicoHeuristic()


def play(levels: list[str], seed: int, expansions: list[str], edition: str = "classic") -> Any:
    """A whole game, every move checked against the legal actions; the final state."""
    n = len(levels)
    state = GAME.setup(n, GAME.normalize_options(n, {"edition": edition,
                                                     "expansions": expansions}), seed)
    bots = [make_bot(lv, GAME, seed * 10 + i, iterations=3) for i, lv in enumerate(levels)]
    while not GAME.is_over(state):
        seat = GAME.to_move(state)[0]
        keys = {action_key(a) for a in GAME.legal_actions(state, seat)}
        action = bots[seat].choose(GAME, state, seat)
        assert action_key(action) in keys
        GAME.apply(state, seat, action)
    return state


def drafted(players: int = 4, expansions: list[str] | None = None) -> PRState:
    """A new game past its draft (each pick the first offered)."""
    s = new(players, expansions=BOTH if expansions is None else expansions)
    while s.step == DRAFT:
        GAME.apply(s, s.turn, legal(s)[0])
    return s


def scores(s: PRState, seat: int) -> list[tuple[float, dict[str, Any]]]:
    actions = GAME.legal_actions(s, seat)
    return list(zip(HEURISTIC.action_scores(GAME, s, seat, actions), actions, strict=True))


@pytest.mark.parametrize(("players", "edition"), [(2, "1897"), (3, "classic"), (4, "1897"),
                                                  (5, "classic")])
def test_easy_and_random_play_whole_games_with_both_expansions(players: int,
                                                               edition: str) -> None:
    levels = ["easy", "random"] * 3
    state = play(levels[:players], seed=players, expansions=BOTH, edition=edition)
    result = GAME.result(state)
    assert result is not None and len(result.scores) == players
    assert any(state.city[p] for p in range(players))


@pytest.mark.parametrize("expansions", [["new_buildings"], ["citizens"], BOTH])
def test_search_levels_play_with_the_expansions_unchanged(expansions: list[str]) -> None:
    state = play(["hard", "medium", "easy"], seed=5, expansions=expansions)
    assert GAME.result(state) is not None


def test_easy_beats_random_with_both_expansions_on_fixed_seeds() -> None:
    wins = 0
    for seed in range(4):
        levels = ["random"] * 4
        levels[seed] = "easy"  # every seat once
        result = GAME.result(play(levels, seed=seed, expansions=BOTH))
        wins += result is not None and seed in result.winners
    assert wins >= 3  # easy wins ~100 % of such games (docs/bots.md)


def test_the_first_draft_pick_is_the_strongest_building_offered() -> None:
    s = new(4, expansions=BOTH)
    offered = [a["building"] for a in legal(s)]
    choice = make_bot("easy", GAME, 1).choose(GAME, s, s.turn)
    assert choice["type"] == "draft"
    assert X.DRAFT[choice["building"]] == max(X.DRAFT[b] for b in offered)
    ranked = {a["building"]: v for v, a in scores(s, s.turn)}
    assert ranked["harbor"] > ranked["hunting_lodge"] and ranked["factory"] > ranked["aqueduct"]


def test_an_easy_draft_places_stronger_buildings_than_it_leaves() -> None:
    s = new(4, expansions=["new_buildings"])
    bots = [make_bot("easy", GAME, i) for i in range(4)]
    while s.step == DRAFT:
        GAME.apply(s, s.turn, bots[s.turn].choose(GAME, s, s.turn))
    placed = [C.BUILDINGS[b] for b in s.board if C.PRODUCES[b] < 0]
    left = [C.BUILDINGS[b] for b in s.cat.candidates if C.BUILDINGS[b] not in placed]
    assert len(placed) == 17
    assert {"factory", "harbor", "wharf"} <= set(placed)
    mean = lambda names: sum(X.DRAFT[b] for b in names) / len(names)  # noqa: E731
    assert mean(placed) > mean(left) + 0.5


def test_every_new_building_scores_above_passing_for_a_builder_with_money() -> None:
    s = drafted()
    for b in (*C.NEW_BUILDINGS_SET, *C.CITIZENS_SET):
        if b not in s.board:  # put every expansion building on the board
            s.board.append(b)
            s.bsupply[b] = s.cat.copies[b]
    s.board.sort()
    s.coins[0] = 12
    choose(s, 0, "builder")
    valued = {a.get("building"): v for v, a in scores(s, 0)}
    passing = valued.pop(None)
    new_ones = {C.BUILDINGS[b] for b in (*C.NEW_BUILDINGS_SET, *C.CITIZENS_SET)}
    assert new_ones <= set(valued)
    assert all(valued[b] > passing for b in new_ones)
    assert valued["statue"] > valued["hunting_lodge"]  # 8 VP, no worker needed


def test_buildings_are_worth_more_where_they_fit() -> None:
    s = drafted()
    before = Table(GAME.view(s, 0)).seats[0]
    build(s, 0, "indigo_plant", "sugar_mill")
    after = Table(GAME.view(s, 0)).seats[0]
    assert X.utility(after, "aqueduct") > X.utility(before, "aqueduct") + 1.5  # the Canal
    build(s, 0, "villa", colonists=1)
    build(s, 0, "royal_garden", colonists=1)
    s.city_cit[0][s.bpos[0][C.VILLA]] = 1
    s.city_cit[0][s.bpos[0][C.ROYAL_GARDEN]] = 1
    s.cit_supply -= 2
    s.col_supply += 2
    me = Table(GAME.view(s, 0)).seats[0]
    assert me.citizens == 2 and me.bonus("royal_garden") == 2.0  # the Town Square
    table = Table(GAME.view(s, None))
    assert table.estimate(0) > Table(GAME.view(drafted(), None)).estimate(0)


def test_a_church_adds_its_vp_to_medium_and_large_builds() -> None:
    s = drafted()
    without = Table(GAME.view(s, 0))
    build(s, 0, "church")
    t = Table(GAME.view(s, 0))
    assert X.church_vp(t.seats[0], "guild_hall") == 2.0
    assert X.church_vp(t.seats[0], "small_market") == 0.0
    assert build_value(t, t.seats[0], "harbor") > build_value(without, without.seats[0], "harbor")


def _drawn(estate: str, forests: int) -> PRState:
    """Seat 0 (Lumberyard and Hacienda manned, ``forests`` forests) draws ``estate``
    face down and decides: forest or estate."""
    s = drafted(expansions=["new_buildings"])
    build(s, 0, "forest_house", "hacienda")
    for g in ("corn", "corn", "corn")[:forests]:
        s.stack.remove(C.GOODS.index(g))
        s.island[0].append(C.FOREST + C.GOODS.index(g))
        s.island_col[0].append(0)
        s.island_cit[0].append(0)
    g = C.GOODS.index(estate)
    s.stack.remove(g)
    s.stack.append(g)  # the top of the face-down stack
    choose(s, 0, "settler")
    act(s, 0, "hacienda")
    assert GAME.view(s, 0)["phase"]["step"] == "forest_choice"
    return s


def test_the_drawn_estate_becomes_a_forest_only_when_it_is_worth_less() -> None:
    s = _drawn("coffee", forests=1)
    build(s, 0, "coffee_roaster", colonists=0)  # an empty roaster wants coffee
    best = max(scores(s, 0), key=lambda x: x[0])[1]
    assert best["type"] == "pass"  # placed as a coffee plantation
    s = _drawn("indigo", forests=1)
    plant(s, 0, "indigo", "indigo", occupied=False)  # indigo enough, no plant for it
    best = max(scores(s, 0), key=lambda x: x[0])[1]
    assert best["type"] == "forest_drawn"  # the second forest: 1 off every build


def test_the_black_market_is_paid_with_a_barrel_and_a_worker_not_a_vp() -> None:
    s = drafted(expansions=["new_buildings"])
    build(s, 1, "black_market")
    plant(s, 1, "corn")
    goods(s, 1, corn=1)
    s.coins[1] = 6
    s.vp[1] = 3
    s.vp_supply -= 3
    choose(s, 0, "builder")
    act(s, 0, "pass")
    harbor = next(a for v, a in scores(s, 1) if a.get("building") == "harbor")
    act(s, 1, harbor["type"], building="harbor")
    paid = []
    while GAME.view(s, 1)["phase"]["step"] == "black_market":
        choice = make_bot("easy", GAME, 2).choose(GAME, s, 1)
        paid.append(choice["pay"])
        GAME.apply(s, 1, choice)
    assert sorted(paid) == ["good", "worker"] and s.vp[1] == 3


def test_a_citizen_goes_where_it_does_more_than_a_worker() -> None:
    s = drafted()
    build(s, 0, "chapel", "land_office", colonists=0)
    t = Table(GAME.view(s, 0))
    for name, better in (("chapel", True), ("land_office", False)):
        i = s.bpos[0][C.B_INDEX[name]]
        worker = {"type": "mayor_place", "where": "city", "index": i}
        citizen = {**worker, "citizen": True}
        assert (score(t, 0, citizen) > score(t, 0, worker)) is better


def test_optional_ends_with_the_expansions() -> None:
    s = drafted()
    view = GAME.view(s, 0)
    assert ends_game(view, {"type": "take_vp"})  # offered only for the last chip
    view["colonists"]["supply"] = 1  # with the citizens, no shortage of workers ends it
    assert not ends_game(view, {"type": "mayor_colonist"})
    base = GAME.view(new(4), 0)
    base["colonists"]["supply"] = 4
    assert ends_game(base, {"type": "mayor_colonist"})


def _forest_twins() -> tuple[PRState, PRState, int]:
    """Two states the seat to move cannot tell apart: the estates under the others'
    forests differ (swapped with the face-down stack), the stack is in another order."""
    s = drafted()
    for p, estates in ((1, ("corn", "sugar")), (2, ("coffee",))):
        for g in estates:
            s.stack.remove(C.GOODS.index(g))
            s.island[p].append(C.FOREST + C.GOODS.index(g))
            s.island_col[p].append(0)
            s.island_cit[p].append(0)
    s.legal = None
    mover = GAME.to_move(s)[0]
    twin = GAME.clone(s)
    j = next(i for i, t in enumerate(twin.stack) if t == C.TOBACCO)
    twin.stack[j] = C.CORN  # the corn under seat 1's first forest is tobacco in the twin
    twin.island[1][-2] = C.FOREST + C.TOBACCO
    twin.stack.reverse()
    assert GAME.view(s, mover) == GAME.view(twin, mover)
    assert GAME.to_data(s) != GAME.to_data(twin)
    return s, twin, mover


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_decisions_do_not_depend_on_the_estates_under_the_others_forests(level: str) -> None:
    a, b, mover = _forest_twins()
    for bot_seed in range(3):
        first = make_bot(level, GAME, bot_seed, iterations=12).choose(GAME, a, mover)
        second = make_bot(level, GAME, bot_seed, iterations=12).choose(GAME, b, mover)
        assert action_key(first) == action_key(second)

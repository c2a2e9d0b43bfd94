"""Expansion IV, the Festival: the setup's draws (seeded, public), each goal through
real moves, and only the first player to reach a goal takes it (1897 rulebook,
"Expansion IV: The Festival"; docs/rules-notes.md)."""

from __future__ import annotations

import pytest

from server.engine.errors import CorruptState
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core.state import PRState
from server.games.puerto_rico.expansions.festival.festival import board_goods
from server.games.puerto_rico.io.conservation import violations
from tests.games.puerto_rico.exp_helpers import mover, table, types
from tests.games.puerto_rico.helpers import GAME, act, build, choose, legal, new, plant, step, text

NAMES = ["Ana", "Ben", "Cleo", "Dan", "Eva"]
BASE_DRAW = {"factory", "university", "harbor", "wharf"}


def fest(players: int = 4, seed: int = 1, **opts: object) -> PRState:
    return new(players, "1897", seed, names=NAMES[:players], expansions=["festival"], **opts)


def test_the_setup_draws_one_estate_three_barrels_one_building_by_the_seed() -> None:
    estates, buildings, barrels = set(), set(), set()
    for seed in range(40):
        s = fest(seed=seed)
        kind, *drawn, b = s.festival
        estates.add(kind)
        buildings.add(C.BUILDINGS[b])
        barrels.add(tuple(drawn))
        assert s.festival_won == [-1, -1, -1] and violations(s) == []
        su = C.SETUPS[4]
        tiles = s.stack.count(kind) + s.face_up.count(kind) + 1 + (kind in su.start_tiles) * 2
        assert tiles == su.plantations[kind]  # the festival's tile left the stack
        for g in range(5):
            assert s.goods[g] == su.goods[g] - drawn.count(g)  # its barrels left the supply
        view = GAME.view(s, None)["festival"]
        assert view["estate"] == C.GOODS[kind] and view["building"] == C.BUILDINGS[b]
        assert view["goods"] == [C.GOODS[g] for g in drawn]
        assert view["won"] == {"estate": None, "goods": None, "building": None}
        assert fest(seed=seed).festival == s.festival  # the same seed, the same draws
    assert estates == set(range(5)) and buildings == BASE_DRAW
    assert any(len(set(d)) < 3 for d in barrels)  # a kind may be drawn twice


def test_with_the_draft_the_building_is_drawn_from_the_drafted_board() -> None:
    s = new(3, "1897", 2, expansions=["new_buildings", "festival"])
    assert s.festival[4] == -1 and GAME.view(s, 0)["festival"]["building"] is None
    events = []
    while s.step == 14:  # the draft
        events += GAME.apply(s, s.turn, legal(s)[0])
    b = s.festival[4]
    assert C.VP[b] == 3 and C.PRODUCES[b] < 0 and b in s.board
    assert f"The festival's building is drawn: the {GAME.view(s, 0)['festival']['building']}" \
        .replace("_", " ").lower() in text(events).lower()
    assert table(3, ["citizens", "festival"]).festival[4] in (
        C.FACTORY, C.UNIVERSITY, C.HARBOR, C.WHARF, C.VILLA, C.JEWELER)


def _offer_face_up(s: PRState, kind: int) -> None:
    """Make sure ``kind`` lies face up (swapped with a face-down tile)."""
    if kind not in s.face_up:
        s.stack.remove(kind)
        s.stack.append(s.face_up.pop(0))
        s.face_up.append(kind)
        s.face_up.sort()
    s.legal = None


def test_the_estate_goal_gives_the_first_three_workers_placed_at_once() -> None:
    s = fest()
    kind = s.festival[0]
    name = C.GOODS[kind]
    plant(s, 0, name, name, occupied=False)
    plant(s, 1, name, name, occupied=False)
    _offer_face_up(s, kind)
    supply = s.col_supply
    choose(s, 0, "settler")
    events = act(s, 0, "plantation", tile=name)
    assert "the festival's estate goal (3 workers from the supply)" in text(events)
    assert s.festival_won[0] == 0 and kind in s.face_up  # rules 5: face up
    assert step(s) == "place_workers" and mover(s) == 0
    assert {a["type"] for a in legal(s, 0)} == {"place_worker", "pass"}
    act(s, 0, "place_worker", where="island", index=len(s.island[0]) - 1)
    events = act(s, 0, "pass")  # the other two go to the Portrait
    assert "Ana puts 2 workers on the Portrait" in text(events)
    assert s.san_juan[0] == 2 and s.col_supply == supply - 3
    assert violations(s) == [] and GAME.view(s, 2)["festival"]["won"]["estate"] == 0
    # seat 1 reaches three estates of the kind in the same phase: too late
    _offer_face_up(s, kind)
    while mover(s) != 1:
        GAME.apply(s, mover(s), {"type": "pass"})
    events = act(s, 1, "plantation", tile=name)
    assert s.island[1].count(kind) >= 3
    assert s.festival_won[0] == 0 and "festival" not in text(events)
    assert violations(s) == []


def _producer(s: PRState, p: int, need: list[int]) -> None:
    """Seat p produces exactly ``need`` (occupied estates and manned buildings); his
    start tile goes back to the stack."""
    s.stack.append(s.island[p][0])
    s.island[p] = []
    s.island_col[p] = []
    s.island_cit[p] = []
    makers = {C.INDIGO: "indigo_plant", C.SUGAR: "sugar_mill", C.TOBACCO: "tobacco_storage",
              C.COFFEE: "coffee_roaster"}
    for g, k in enumerate(need):
        if k:
            plant(s, p, *[C.GOODS[g]] * k)
            if g in makers:
                build(s, p, makers[g], colonists=k)
    s.col_supply -= sum(need) + sum(need[1:])  # the workers on them


def test_the_goods_goal_pays_the_first_to_produce_every_festival_barrel() -> None:
    seed = next(x for x in range(50) if board_goods(fest(seed=x))[C.COFFEE] <= 2)
    s = fest(seed=seed)
    need = board_goods(s)
    _producer(s, 0, need)
    _producer(s, 1, need)
    assert violations(s) == []
    supply = s.goods[:]
    coins = s.coins[:]
    choose(s, 0, "craftsman")
    events = act(s, 0, "produce")
    assert "the festival's goods goal (3 coins); the barrels go back to the supply" in text(events)
    assert s.coins[0] == coins[0] + 3 and s.festival_won[1] == 0
    assert s.goods == supply  # his barrels left the supply, the festival's came back
    assert s.pgoods[0] == need
    events = act(s, 1, "produce")  # the same production: the goal is taken
    assert "festival" not in text(events) and s.coins[1] == coins[1]
    assert board_goods(s) == [0] * 5 and violations(s) == []


def test_a_production_short_of_one_barrel_is_not_the_goal() -> None:
    seed = next(x for x in range(50) if board_goods(fest(seed=x))[C.COFFEE] <= 2)
    s = fest(seed=seed)
    need = board_goods(s)
    short = need[:]
    short[next(g for g in range(5) if need[g])] -= 1
    _producer(s, 0, short)
    choose(s, 0, "craftsman")
    if "produce" in types(s):
        act(s, 0, "produce")
    assert s.festival_won[1] == -1 and board_goods(s) == need and violations(s) == []


def test_the_building_goal_gives_3_vp_to_its_first_buyer_only() -> None:
    s = fest(open_vp=True)
    b = C.BUILDINGS[s.festival[4]]
    s.coins = [20] * 4
    choose(s, 0, "builder")
    events = act(s, 0, "build", building=b)
    assert "Ana bought" in text(events) and "festival's building goal (+3 VP)" in text(events)
    assert s.vp[0] == 3 and s.festival_won[2] == 0
    events = act(s, 1, "build", building=b)  # the second copy: no goal left
    assert s.vp[1] == 0 and "festival" not in text(events)
    assert GAME.view(s, 3)["festival"]["won"]["building"] == 0 and violations(s) == []


def test_a_goal_reached_by_the_last_move_counts_before_the_scores() -> None:
    s = fest(open_vp=True)
    b = C.BUILDINGS[s.festival[4]]
    s.coins = [20] * 4
    s.last_round = True
    s.governor, s.picks = 1, 3  # seat 0 makes the round's last pick
    s.chosen = [C.SETTLER, C.MAYOR, C.CRAFTSMAN]
    s.role_taken = [-1] * len(s.roles)
    for seat, r in zip((1, 2, 3), s.chosen, strict=True):
        s.role_taken[s.roles.index(r)] = seat
    s.turn = 0
    s.legal = None
    act(s, 0, "role", role="builder")
    act(s, 0, "build", building=b)
    for seat in (1, 2):
        act(s, seat, "pass")
    act(s, 3, "pass")
    assert GAME.is_over(s)
    line = next(x for x in GAME.result(s).scores if x.seat == 0)
    assert line.breakdown["vp_chips"] == 3 and s.festival_won[2] == 0


def test_the_discarded_festival_estate_may_wait_for_the_next_refresh() -> None:
    """Taken outside the settler phase (a land office's buy) with the stack empty, the
    festival's tile lies alone on the discards while fewer than n + 1 are face up."""
    s = fest(5)
    kind = s.festival[0]
    tiles = [*s.stack, s.face_up.pop()]
    s.stack = []
    for i, t in enumerate(tiles):  # every face-down tile onto the islands
        p = i % 5
        s.island[p].append(t)
        s.island_col[p].append(0)
        s.island_cit[p].append(0)
    assert violations(s) == []
    s.discard = [kind]
    s.festival_won[0] = 0
    assert violations(s) == [] and GAME.from_data(GAME.to_data(s)) is not None
    other = (kind + 1) % 5
    s.discard = [other]
    s.island[0][s.island[0].index(other)] = kind  # (the totals still hold)
    with pytest.raises(CorruptState, match="face_up"):
        GAME.from_data(GAME.to_data(s))


def test_the_hospice_question_about_the_third_estate_comes_before_the_goal() -> None:
    s = fest()
    kind = s.festival[0]
    name = C.GOODS[kind]
    plant(s, 0, name, name, occupied=False)
    build(s, 0, "hospice")
    s.col_supply -= 1  # the hospice's worker
    _offer_face_up(s, kind)
    choose(s, 0, "settler")
    events = act(s, 0, "plantation", tile=name)
    assert step(s) == "settler_hospice" and s.festival_won[0] == -1
    assert "festival" not in text(events)
    events = act(s, 0, "hospice", index=len(s.island[0]) - 1)
    assert s.festival_won[0] == 0 and step(s) == "place_workers"
    assert "the festival's estate goal" in text(events)
    assert (0, len(s.island[0]) - 1) not in [
        (0 if a["where"] == "island" else 1, a["index"])
        for a in legal(s, 0) if a["type"] == "place_worker"]  # the hospice staffed it
    assert violations(s) == [] and GAME.from_data(GAME.to_data(s)) is not None


def test_a_clone_and_a_loaded_state_look_at_the_islands_again() -> None:
    """The estate goal is looked for after a tile is placed (common.add_tile marks the
    islands changed); a clone or a loaded state has no mark: its islands are looked at."""
    s = fest()
    kind = s.festival[0]
    name = C.GOODS[kind]
    choose(s, 0, "builder")  # a move: the islands are looked at, no goal yet
    assert s.festival_won[0] == -1
    plant(s, 0, name, name, name, occupied=False)  # placed behind the engine's back
    for t in (GAME.clone(s), GAME.from_data(GAME.to_data(s))):
        GAME.apply(t, mover(t), {"type": "pass"})
        assert t.festival_won[0] == 0 and kind in t.face_up
        assert violations(t) == []

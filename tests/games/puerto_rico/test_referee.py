"""A referee beside the engine: every internal move of many random and heuristic-bot
games (2-5 players, both editions) is checked against the rulebooks' arithmetic,
computed here independently of the engine's phase code: role doubloons and turn
order, building costs, production, sale prices, VP per load and the optional extra
points, the mayor's privilege and the ship's colonists, the colonist ship refill,
doubloons on unchosen roles and the governor's rotation. Random players also decline
every optional privilege now and then, so declines are refereed too."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from server.bots import make_bot
from server.games.puerto_rico.core import catalog as C
from server.games.puerto_rico.core import flow
from server.games.puerto_rico.core.moves import (
    BUILD,
    CAPTAIN_VP,
    HARBOR_VP,
    LOAD,
    MAYOR_COLONIST,
    PASS,
    PRODUCE,
    ROLE,
    SELL,
)
from server.games.puerto_rico.core.state import (
    CAPTAIN_EXTRA,
    CHOOSE_ROLE,
    CRAFTSMAN_PRODUCE,
    GAME_OVER,
    MAYOR_PRIVILEGE,
    PRState,
)
from tests.games.puerto_rico.helpers import GAME


def _occupied(s: PRState, p: int, b: int) -> bool:
    return b in s.city[p] and s.city_col[p][s.city[p].index(b)] > 0


def _quarries(s: PRState, p: int) -> int:
    return sum(1 for t, c in zip(s.island[p], s.island_col[p], strict=True) if t == 5 and c)


def _can_make(s: PRState, p: int) -> list[int]:
    tiles = [0] * 5
    for t, c in zip(s.island[p], s.island_col[p], strict=True):
        if t < 5 and c:
            tiles[t] += 1
    plant = [0] * 5
    for b, c in zip(s.city[p], s.city_col[p], strict=True):
        if C.PRODUCES[b] >= 0:
            plant[C.PRODUCES[b]] += c
    return [tiles[0]] + [min(tiles[g], plant[g]) for g in range(1, 5)]


def _empty_building_circles(s: PRState) -> int:
    return sum(
        C.CIRCLES[b] - c for p in range(s.n) for b, c in zip(s.city[p], s.city_col[p], strict=True)
    )


def _check_dealt(a: PRState, b: PRState, mayor: int, privilege: int) -> None:
    """The ship's colonists are dealt one at a time from the mayor (the ship empties)."""
    n = a.n
    dealt = [a.col_ship // n + (1 if i < a.col_ship % n else 0) for i in range(n)]
    people_b = b.san_juan[mayor] + sum(b.island_col[mayor]) + sum(b.city_col[mayor])
    people_a = a.san_juan[mayor] + sum(a.island_col[mayor]) + sum(a.city_col[mayor])
    assert people_b - people_a == privilege + dealt[0], "mayor's colonists"


def _check(a: PRState, m: tuple[int, ...], b: PRState) -> None:
    """``a`` before, ``b`` after one internal move ``m`` of seat ``a.turn``."""
    p = a.turn
    n = a.n
    code = m[0]
    if code == ROLE:
        r = m[1]
        assert a.turn == (a.governor + a.picks) % n, "role chosen out of turn"
        gain = b.coins[p] - a.coins[p]
        expected = a.role_coins[r] + (1 if r in (C.PROSPECTOR, C.PROSPECTOR2) else 0)
        if r == C.CRAFTSMAN:  # production is each player's decision: nothing yet
            assert all(b.pgoods[q] == a.pgoods[q] for q in range(n))
        if r == C.MAYOR:
            if a.col_supply > 0:  # the mayor decides on his privilege colonist first
                assert b.step == MAYOR_PRIVILEGE and b.col_ship == a.col_ship
            else:
                _check_dealt(a, b, p, 0)
        assert gain == expected, f"role {C.ROLES[r]} paid {gain}, expected {expected}"
    elif a.step == MAYOR_PRIVILEGE:
        assert code in (MAYOR_COLONIST, PASS) and p == a.role_player
        took = 1 if code == MAYOR_COLONIST else 0
        assert a.col_supply - b.col_supply == took + (b.col_ship if b.role != C.MAYOR else 0)
        _check_dealt(a, b, p, took)
    elif a.step == CRAFTSMAN_PRODUCE:
        assert p == (a.role_player + a.phase_i) % n, "producers in order from the craftsman"
        made = _can_make(a, p)
        got = [min(made[g], a.goods[g]) for g in range(5)] if code == PRODUCE else [0] * 5
        assert any(min(made[g], a.goods[g]) for g in range(5)), "asked with nothing to make"
        kinds = sum(1 for g in range(5) if got[g])
        bonus = C.FACTORY_BONUS[kinds] if _occupied(a, p, C.FACTORY) else 0
        assert b.coins[p] - a.coins[p] == bonus, "factory pays by kinds produced"
        for g in range(5):
            assert b.pgoods[p][g] - a.pgoods[p][g] == got[g], f"{C.GOODS[g]} produced"
    elif a.step == CAPTAIN_EXTRA:
        assert code in (CAPTAIN_VP, HARBOR_VP, PASS) and a.vp_supply > 0
        point = 1 if code != PASS else 0
        left = bin(a.vp_pending).count("1") - 1  # the other optional point, if any
        auto = left if a.vp_supply - point <= 0 else 0  # chips gone: counted unasked
        assert b.vp[p] - a.vp[p] == point + auto, "an optional point"
    elif code == BUILD:
        bld = m[1]
        builder = 1 if p == a.role_player else 0
        cost = max(0, C.COST[bld] - min(_quarries(a, p), C.COLUMN[bld]) - builder)
        assert a.coins[p] - b.coins[p] == cost, f"{C.BUILDINGS[bld]} cost"
        assert bld not in a.city[p] and a.bsupply[bld] > 0
        assert sum(C.SPACES[x] for x in b.city[p]) <= C.CITY_SPACES
    elif code == SELL:
        g = m[1]
        price = C.PRICE[g] + (1 if p == a.role_player else 0)
        price += (1 if _occupied(a, p, C.SMALL_MARKET) else 0) + (
            2 if _occupied(a, p, C.LARGE_MARKET) else 0
        )
        assert b.coins[p] - a.coins[p] == price, f"sale price of {C.GOODS[g]}"
        assert len(a.house) < 4
        assert g not in a.house or _occupied(a, p, C.OFFICE)
    elif code == LOAD:
        g, j = m[1], m[2]
        k = a.pgoods[p][g] - b.pgoods[p][g]
        assert k > 0
        if j >= 0:
            room = a.ship_cap[j] - a.ship_load[j]
            assert k == min(a.pgoods[p][g], room), "must load as many as fit"
            assert a.ship_good[j] in (-1, g)
            others = [x for x in range(len(a.ship_cap)) if x != j]
            assert all(a.ship_good[x] != g for x in others), "one kind per ship"
            if a.ship_good[j] == -1:
                best = max(
                    min(a.pgoods[p][g], a.ship_cap[x])
                    for x in range(len(a.ship_cap))
                    if a.ship_good[x] == -1
                )
                assert k == best, "a new kind goes on the empty ship that takes the most"
        else:
            assert k == a.pgoods[p][g] and _occupied(a, p, C.WHARF)
        first = p == a.role_player and not a.captain_loaded
        harbor = 1 if _occupied(a, p, C.HARBOR) else 0
        compulsory = k + (1 if first and a.edition == "1897" else 0)
        optional = harbor + (1 if first and a.edition == "classic" else 0)
        if a.vp_supply - compulsory <= 0:  # the chips run out: extras counted unasked
            assert b.vp[p] - a.vp[p] == compulsory + optional, "VP for a load"
        else:
            assert b.vp[p] - a.vp[p] == compulsory, "VP for a load"
            assert bin(b.vp_pending).count("1") == optional, "optional points to decide"
    if a.role == C.MAYOR and b.role != C.MAYOR:  # the mayor phase just ended
        need = max(_empty_building_circles(b), n)
        if b.col_ship != need:
            assert b.col_supply == 0 and b.last_round, "ship refill"
    if b.round == a.round + 1:
        assert b.governor == (a.governor + 1) % n
        chosen_now = m[1] if code == ROLE else -1
        for r in a.roles:
            if a.role_taken[r] < 0 and r != chosen_now:
                assert b.role_coins[r] == a.role_coins[r] + 1, "doubloon on an unchosen role"
    if b.step == CHOOSE_ROLE:
        assert b.turn == (b.governor + b.picks) % n


def _games() -> Iterator[tuple[int, str, int, str]]:
    for players in (2, 3, 4, 5):
        for edition in ("classic", "1897"):
            for seed in (1, 2):
                yield players, edition, seed, "random" if seed == 1 else "easy"


@pytest.mark.parametrize(("players", "edition", "seed", "player"), list(_games()))
def test_every_move_follows_the_rulebook_arithmetic(
    players: int, edition: str, seed: int, player: str, monkeypatch: Any
) -> None:
    moves = 0
    real = flow._do

    def refereed(s: PRState, m: tuple[int, ...], ev: list[Any]) -> None:
        nonlocal moves
        before = s.clone()
        real(s, m, ev)
        _check(before, m, s)
        moves += 1

    monkeypatch.setattr(flow, "_do", refereed)
    s = GAME.setup(players, {"edition": edition}, seed)
    rnd = random.Random(seed)
    bots = [make_bot("easy", GAME, seed * 10 + i) for i in range(players)]
    while s.step != GAME_OVER:
        (seat,) = GAME.to_move(s)
        if player == "random":
            action = rnd.choice(GAME.legal_actions(s, seat))
        else:
            action = bots[seat].choose(GAME, s, seat)
        GAME.apply(s, seat, action)
    assert moves > 100
    assert s.last_round

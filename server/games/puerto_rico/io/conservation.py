"""Conservation: nothing on the table appears or vanishes between two moves.

Read by the property tests (tests/games/puerto_rico/test_conservation.py) and the long
soak (server/tools/soak.py), never by the rules. ``violations(s)`` names every count
that is off, against the totals the game's catalog puts on the table:

- workers: supply + ship + San Juan + tiles + buildings = the player count's supply and
  ship (Expansion II adds citizens beside them, it takes no worker away);
- citizens (Expansion II): their supply + ship + everywhere on the boards = 20;
- tiles: by kind, face-down stack + face up + discards + islands (a forest counts as
  the estate it was) + a drawn tile held by an interrupt = the plantation tiles;
  quarries on islands + the quarry supply = the quarry tiles;
- goods: by kind, supply + players + ships + trading house = the goods supply;
- buildings: copies in the supply + in cities = the copies on the board, nobody holds
  a building that is not on it, the drafted spaces are the board's commercial part;
- VP: chips held + chips left = the chips of the game (beyond them the supply goes
  below 0: counted on paper); coins: nobody (player or role card) below 0;
- people fit: a plantation or quarry holds at most 1, a forest none, a building at
  most its circles, citizens never outnumber the people they are among.
"""

from __future__ import annotations

from ..core import catalog as C
from ..core import interrupts as I
from ..core.state import PRState


def totals(s: PRState) -> dict[str, int]:
    """What the catalog puts on the table: the totals every position must keep."""
    su = C.SETUPS[s.n]
    out = {"workers": s.cat.workers, "citizens": s.cat.citizens,
           "quarries": su.quarries, "vp": C.vp_chips(s.n, s.edition)}
    for t in range(5):
        out[f"tiles.{C.GOODS[t]}"] = su.plantations[t]
        out[f"goods.{C.GOODS[t]}"] = su.goods[t]
    return out


def counts(s: PRState) -> dict[str, int]:
    """The same totals counted on the position."""
    people = s.col_supply + s.cit_supply + s.col_ship  # workers, citizens, the ship
    cit = s.cit_supply + s.cit_ship
    tiles = [0] * 5
    quarries = s.quarries
    goods = s.goods[:]
    for t in (*s.stack, *s.face_up, *s.discard):
        tiles[t] += 1
    for e in s.pending:
        if e[0] == I.FOREST_CHOICE:
            tiles[e[2]] += 1
    for p in range(s.n):
        people += s.san_juan[p] + sum(s.island_col[p]) + sum(s.city_col[p])
        cit += s.san_juan_cit[p] + sum(s.island_cit[p]) + sum(s.city_cit[p])
        for t in s.island[p]:
            if t == C.QUARRY:
                quarries += 1
            else:
                tiles[t - C.FOREST if t >= C.FOREST else t] += 1
        for g in range(5):
            goods[g] += s.pgoods[p][g]
    for g, k in zip(s.ship_good, s.ship_load, strict=True):
        if g >= 0:
            goods[g] += k
    for g in s.house:
        goods[g] += 1
    if s.festival:  # Expansion IV: what still waits on the festival board
        from ..expansions.festival.festival import board_goods, board_tile

        goods = [k + f for k, f in zip(goods, board_goods(s), strict=True)]
        if board_tile(s) >= 0:
            tiles[board_tile(s)] += 1
    out = {"workers": people - cit, "citizens": cit, "quarries": quarries,
           "vp": s.vp_supply + sum(s.vp)}
    for t in range(5):
        out[f"tiles.{C.GOODS[t]}"] = tiles[t]
        out[f"goods.{C.GOODS[t]}"] = goods[t]
    return out


def _places(s: PRState) -> list[str]:
    """People where they cannot be, and coins below 0."""
    bad = []
    if s.cit_ship > s.col_ship or min(s.col_supply, s.cit_supply, s.col_ship) < 0:
        bad.append("supply or ship below 0, or more citizens than people on the ship")
    for p in range(s.n):
        if not 0 <= s.san_juan_cit[p] <= s.san_juan[p]:
            bad.append(f"seat {p}: San Juan's citizens")
        for t, c, k in zip(s.island[p], s.island_col[p], s.island_cit[p], strict=True):
            if not 0 <= k <= c <= (0 if t >= C.FOREST else 1):
                bad.append(f"seat {p}: {c} people ({k} citizens) on a {C.TILES[min(t, 6)]}")
        for b, c, k in zip(s.city[p], s.city_col[p], s.city_cit[p], strict=True):
            if not 0 <= k <= c <= C.CIRCLES[b]:
                bad.append(f"seat {p}: {c} people ({k} citizens) on the {C.BUILDINGS[b]}")
        if s.coins[p] < 0 or s.vp[p] < 0:
            bad.append(f"seat {p}: {s.coins[p]} doubloons, {s.vp[p]} VP chips")
        if len(s.island[p]) > C.ISLAND_SPACES or s.spaces_used(p) > C.CITY_SPACES:
            bad.append(f"seat {p}: more than 12 island or city spaces")
    if any(k < 0 for k in s.role_coins):
        bad.append("a role card below 0 doubloons")
    return bad


def _buildings(s: PRState) -> list[str]:
    bad = []
    owned = [0] * C.NB
    for p in range(s.n):
        for b in s.city[p]:
            owned[b] += 1
    on_board = set(s.board)
    for b in range(C.NB):
        copies = s.cat.copies[b] if b in on_board else 0
        if s.bsupply[b] + owned[b] != copies or s.bsupply[b] < 0:
            bad.append(f"{C.BUILDINGS[b]}: {s.bsupply[b]} in the supply + {owned[b]} built "
                       f"!= {copies}")
    drafted = [b for b in s.spaces if b >= 0]
    if sorted((*s.cat.fixed_board, *drafted)) != s.board:
        bad.append("the board is not the fixed buildings + the drafted spaces")
    return bad


def violations(s: PRState) -> list[str]:
    """Every conservation rule the position breaks (empty when it keeps them all)."""
    want = totals(s)
    have = counts(s)
    bad = [f"{k}: {have[k]} on the table, {want[k]} in the game" for k in want
           if have[k] != want[k]]
    return bad + _places(s) + _buildings(s)

"""What ``load`` refuses: every fact of a saved state that legal play guarantees.

Shapes and types are checked while reading (state.py); this module checks the meaning:
ranges, the totals of every component, the turn order that follows from the governor
and the role picks, and that the pending decision fits the phase. Each refusal is a
CorruptState whose message starts with the field it is about ("vp_supply: ...").
docs/puerto-rico-state.md lists the same rules field by field.
"""

from __future__ import annotations

from ..core import catalog as C
from ..core.common import privileges
from ..core.interrupts import FOREST_CHOICE
from ..core.state import (
    BUILDER,
    BUILDER_UNIVERSITY,
    CAPTAIN,
    CAPTAIN_EXTRA,
    CAPTAIN_STORE,
    CHOOSE_ROLE,
    CRAFTSMAN_PRODUCE,
    DRAFT,
    GAME_OVER,
    MAYOR,
    MAYOR_PRIVILEGE,
    SETTLER,
    SETTLER_HOSPICE,
    STEPS,
    TRADER,
    PRState,
)
from ..expansions.festival.festival import board_goods, board_tile
from ..expansions.smuggler.smuggler import playing_captured
from .smuggler_validate import check as check_expansions_3_4
from .validate_board import check_board, check_draft, check_pending
from .validate_phase import check_phase, need

# the most doubloons one player can gain in a round: one sale (coffee 4 + trader 1 +
# both markets 3), the factory (5 kinds) and a prospector's doubloon
INCOME_PER_ROUND = 8 + 5 + 1
# and with the expansions, generously (a bound, not a count): new buildings (the
# library's doubled doubloons, the lighthouse per load, the specialty factory, the
# trading post), citizens (chapel, jeweler per citizen, a land office sale)
NEW_INCOME, CITIZEN_INCOME = 30, 30
# steps where the player to move is the n-th in order from the role player
_IN_ORDER = frozenset(
    (
        SETTLER,
        SETTLER_HOSPICE,
        MAYOR_PRIVILEGE,
        MAYOR,
        BUILDER,
        BUILDER_UNIVERSITY,
        CRAFTSMAN_PRODUCE,
        TRADER,
        CAPTAIN_STORE,
    )
)


def check(s: PRState) -> None:
    """Raise CorruptState naming the first field that legal play could not produce."""
    _table(s)
    check_board(s)
    _players(s)
    s.rebuild_bpos()  # the city is sound: "occupied" may be asked from here on
    check_expansions_3_4(s)  # the festival's shape before _totals counts its barrels
    _totals(s)
    _rounds(s)
    _turn_order(s)
    check_phase(s)
    check_pending(s)


def _table(s: PRState) -> None:
    n = s.n
    need(2 <= n <= 5, "n", f"{n} players: Puerto Rico is for 2 to 5")
    su = C.SETUPS[n]
    need(s.round >= 1, "round", "must be 1 or more")
    need(0 <= s.governor < n, "governor", f"seat {s.governor} is not one of 0..{n - 1}")
    need(s.picks_per_round == su.picks, "picks_per_round", f"must be {su.picks} with {n}")
    need(0 <= s.step < len(STEPS), "step", f"unknown step {s.step}")
    need(-1 <= s.turn < n, "turn", f"seat {s.turn} is not one of -1..{n - 1}")
    need(-1 <= s.role_player < n, "role_player", f"seat {s.role_player} out of range")
    need(-1 <= s.role < len(C.ROLES), "role", f"unknown role {s.role}")
    roles = list(s.cat.roles)
    need(s.roles == roles, "roles", f"the role cards of this game are {roles}")
    k = len(roles)
    need(len(s.role_coins) == k and min(s.role_coins) >= 0, "role_coins", f"{k} counts >= 0, one per card")
    need(len(s.role_taken) == k, "role_taken", f"one entry per role card ({k})")
    need(all(-1 <= x < n for x in s.role_taken), "role_taken", "seat out of range")
    need(len(s.goods) == 5 and min(s.goods) >= 0, "goods", "5 counts >= 0")
    full_ok = s.role == C.TRADER and (s.cat.nb or s.cat.cit)  # others may still act
    need(len(s.house) < C.TRADING_HOUSE_SPACES or (full_ok and len(s.house) == 4), "house",
         "a full house is emptied at once")
    need(all(0 <= g < 5 for g in s.house), "house", "unknown good")
    if len(set(s.house)) < len(s.house):
        need(any(C.OFFICE in city for city in s.city), "house", "a kind twice needs an office")
    need(s.ship_cap == list(su.ships), "ship_cap", f"the ships of {n} players are {su.ships}")
    k = len(s.ship_cap)
    need(len(s.ship_good) == k and len(s.ship_load) == k, "ship_good", "one per ship")
    for cap, g, load in zip(s.ship_cap, s.ship_good, s.ship_load, strict=True):
        need(0 <= load <= cap, "ship_load", f"{load} barrels on the {cap}-ship")
        need(-1 <= g < 5, "ship_good", f"unknown good {g}")
        need((load == 0) == (g == -1), "ship_good", "a ship has a good exactly when loaded")
    loaded = [g for g in s.ship_good if g >= 0]
    need(len(set(loaded)) == len(loaded), "ship_good", "two ships carry one kind")
    for name in ("face_up", "stack", "discard"):
        need(all(0 <= t < 5 for t in getattr(s, name)), name, "unknown plantation")
    if not s.cat.cit:  # (a citizen-occupied zoning office sells tiles face up)
        # (and under rules 5 the festival's estate tile of the last planter joined the
        # next row, once; from rules 6 it lies in its own phase's row, in a taken one's place)
        most = n + 1 + (s.cat.fest and s.rules == C.LITERAL_CITIZENS_RULES)
        need(len(s.face_up) <= most, "face_up", f"at most {most} face-up plantations")
    need(s.face_up == sorted(s.face_up), "face_up", "kept sorted")
    need(min(s.bsupply) >= 0, "bsupply", "counts >= 0")
    need(s.col_ship >= 0, "col_ship", "negative")
    need(s.col_supply >= 0, "col_supply", "negative")
    need(0 <= s.cit_ship <= s.col_ship, "cit_ship", "the citizens among the people on the ship")
    need(s.cit_supply >= 0, "cit_supply", "negative")
    need(s.quarries >= 0, "quarries", "negative")
    need(0 <= s.vp_pending <= 3, "vp_pending", "bits 1 (privilege) and 2 (harbor) only")
    need(0 <= s.produced < 32, "produced", "a mask of the 5 goods")


def _players(s: PRState) -> None:
    n = s.n
    for name in ("coins", "vp", "san_juan", "san_juan_cit", "wharf_used", "wharf_declined",
                 "charter_used"):
        v = getattr(s, name)
        need(len(v) == n and min(v) >= 0, name, f"{n} counts >= 0, one per seat")
    for name in ("wharf_used", "wharf_declined", "charter_used"):
        need(all(x in (0, 1) for x in getattr(s, name)), name, "0 or 1 per seat")
    for name in ("pgoods", "island", "island_col", "island_cit", "city", "city_col",
                 "city_cit"):
        need(len(getattr(s, name)) == n, name, "one entry per seat")
    top = C.FOREST + 4 if s.cat.nb else C.QUARRY
    for p in range(n):
        need(len(s.pgoods[p]) == 5 and min(s.pgoods[p]) >= 0, "pgoods", f"seat {p}: 5 counts")
        need(s.san_juan_cit[p] <= s.san_juan[p], "san_juan_cit", f"seat {p}: more than wait")
        isl, icol, icit = s.island[p], s.island_col[p], s.island_cit[p]
        need(len(isl) <= C.ISLAND_SPACES, "island", f"seat {p}: more than 12 tiles")
        need(len(icol) == len(isl), "island_col", f"seat {p}: one count per tile")
        need(len(icit) == len(isl), "island_cit", f"seat {p}: one count per tile")
        need(all(0 <= t <= top for t in isl), "island", f"seat {p}: unknown tile")
        need(all(c in (0, 1) for c in icol), "island_col", f"seat {p}: 0 or 1 per tile")
        need(all(0 <= k <= c for k, c in zip(icit, icol, strict=True)), "island_cit",
             f"seat {p}: more citizens than people on a tile")
        need(all(not c for t, c in zip(isl, icol, strict=True) if t >= C.FOREST),
             "island_col", f"seat {p}: nobody works a forest")
        city, ccol, ccit = s.city[p], s.city_col[p], s.city_cit[p]
        need(len(ccol) == len(city), "city_col", f"seat {p}: one count per building")
        need(len(ccit) == len(city), "city_cit", f"seat {p}: one count per building")
        need(all(b in s.board for b in city), "city", f"seat {p}: a building not on the board")
        need(len(set(city)) == len(city), "city", f"seat {p}: a building twice")
        need(sum(C.SPACES[b] for b in city) <= C.CITY_SPACES, "city", f"seat {p}: overfull")
        for b, c, k in zip(city, ccol, ccit, strict=True):
            need(0 <= c <= C.CIRCLES[b], "city_col", f"seat {p}: {C.BUILDINGS[b]} circles")
            need(0 <= k <= c, "city_cit", f"seat {p}: {C.BUILDINGS[b]}: citizens > people")
        for name, b in (("wharf_used", C.WHARF), ("charter_used", C.SMALL_WHARF)):
            if getattr(s, name)[p]:
                need(b in city, name, f"seat {p} has no {C.BUILDINGS[b]}")
        if s.wharf_declined[p]:  # (declining gives up both wharves)
            need(C.WHARF in city or C.SMALL_WHARF in city, "wharf_declined",
                 f"seat {p} has no wharf")


def _totals(s: PRState) -> None:
    """No component may appear or vanish: every total matches the box for n and edition."""
    n = s.n
    su = C.SETUPS[n]
    people = s.col_supply + s.cit_supply + s.col_ship + sum(s.san_juan)
    people += sum(map(sum, s.island_col)) + sum(map(sum, s.city_col))
    box = s.cat.workers + s.cat.citizens
    need(people == box, "col_supply", f"{people} colonists in play, the game has {box}")
    cit = s.cit_supply + s.cit_ship + sum(s.san_juan_cit)
    cit += sum(map(sum, s.island_cit)) + sum(map(sum, s.city_cit))
    need(cit == s.cat.citizens, "cit_supply", f"{cit} citizens, the game has {s.cat.citizens}")
    chips = C.vp_chips(n, s.edition)
    total = s.vp_supply + sum(s.vp)
    need(total == chips, "vp_supply", f"supply + players' VP is {total}, the game has {chips}")
    quarries = s.quarries + sum(isl.count(C.QUARRY) for isl in s.island)
    need(quarries == su.quarries, "quarries", f"{quarries} in play, the game has {su.quarries}")
    festival = board_goods(s)  # Expansion IV: barrels and a tile on the festival board
    for g in range(5):
        barrels = s.goods[g] + sum(pg[g] for pg in s.pgoods) + s.house.count(g) + festival[g]
        barrels += sum(ld for sg, ld in zip(s.ship_good, s.ship_load, strict=True) if sg == g)
        need(barrels == su.goods[g], "goods", f"{barrels} {C.GOODS[g]} barrels, not {su.goods[g]}")
        tiles = s.face_up.count(g) + s.stack.count(g) + s.discard.count(g)
        tiles += sum(isl.count(g) + isl.count(C.FOREST + g) for isl in s.island)
        tiles += sum(1 for e in s.pending if e[:1] == [FOREST_CHOICE] and e[2:3] == [g])
        tiles += board_tile(s) == g
        want = su.plantations[g]
        need(tiles == want, "stack", f"{tiles} {C.GOODS[g]} plantations, the game has {want}")
    for b in s.board:
        built = sum(1 for city in s.city if b in city)
        copies = s.cat.copies[b]
        need(
            s.bsupply[b] + built == copies,
            "bsupply",
            f"{C.BUILDINGS[b]}: {s.bsupply[b]} in the supply + {built} built, "
            f"the game has {copies}",
        )


def _rounds(s: PRState) -> None:
    """What the round number bounds: role doubloons, doubloons, the end triggers."""
    n = s.n
    su = C.SETUPS[n]
    # rounds completed: each put a doubloon on every unchosen role (the last round
    # too, once the game is over: the round number stays)
    done = s.round if s.step == GAME_OVER else s.round - 1
    for r, coins in zip(s.roles, s.role_coins, strict=True):
        need(coins <= done, "role_coins", f"{C.ROLES[r]}: more than {done}")
    unchosen = len(s.roles) - su.picks
    need(sum(s.role_coins) <= unchosen * done, "role_coins", "more than the rounds put there")
    income = INCOME_PER_ROUND + (NEW_INCOME if s.cat.nb else 0) + (CITIZEN_INCOME if s.cat.cit else 0)
    income += (3 if s.cat.smug else 0) + (3 if s.cat.fest else 0)  # capture's, festival's
    most = su.doubloons + income * s.round + unchosen * done
    for p in range(n):
        need(s.coins[p] <= most, "coins", f"seat {p} has {s.coins[p]}; at most {most} by now")
    if s.vp_supply <= 0:
        need(s.last_round, "last_round", "the last VP chip is gone: this round is the last")
    for p in range(n):
        if s.spaces_used(p) >= C.CITY_SPACES:
            need(s.last_round, "last_round", f"seat {p} filled the city: the round is the last")
    if s.col_ship < n and s.step != MAYOR and not s.cat.nb:  # (the mayor deals it out;
        # a black market returns people to the supply)
        need(s.col_supply == 0, "col_ship", f"fewer than {n} only when the supply is empty")


def _turn_order(s: PRState) -> None:
    """Who chose which role follows from the governor; who moves follows from the picks."""
    n = s.n
    need(len(set(s.chosen)) == len(s.chosen), "chosen", "a role chosen twice")
    need(all(r in s.roles for r in s.chosen), "chosen", "a role not in this game")
    captured = playing_captured(s)  # Expansion III: the captor plays it after the picks
    if captured:
        need(s.role_taken[s.roles.index(s.role)] == s.smuggler[2], "role_taken",
             "the captured card is played by its captor")
    for i, r in enumerate(s.chosen):
        if i >= s.picks_per_round:
            continue
        chooser = (s.governor + i) % n
        need(
            s.role_taken[s.roles.index(r)] == chooser,
            "role_taken",
            f"{C.ROLES[r]} was chosen by seat {chooser} (governor {s.governor}, pick {i + 1})",
        )
    need(
        sum(1 for x in s.role_taken if x >= 0) == len(s.chosen),
        "role_taken",
        "a role is held that was not chosen this round",
    )
    for r in s.chosen:
        need(s.role_coins[s.roles.index(r)] == 0, "role_coins",
             f"{C.ROLES[r]} was taken with its doubloons")
    if s.step == GAME_OVER:
        need(s.last_round, "last_round", "a game ends only after its last round")
        need(s.picks == s.picks_per_round and not s.chosen, "picks", "the round was complete")
        need(s.turn == -1 and s.role == -1 and s.role_player == -1, "turn", "nobody moves")
        return
    need(s.picks < s.picks_per_round or captured, "picks",
         f"{s.picks} of {s.picks_per_round} this round")
    chooser = s.smuggler[2] if captured else (s.governor + s.picks) % n
    if s.step == DRAFT:
        check_draft(s)
        return
    if s.step == CHOOSE_ROLE:
        need(len(s.chosen) == s.picks, "chosen", f"{s.picks} roles were chosen this round")
        need(s.role == -1 and s.role_player == -1, "role", "no role is played while choosing")
        need(s.phase_i == 0, "phase_i", "0 while choosing a role")
        need(
            s.turn == chooser,
            "turn",
            f"is seat {s.turn}, but seat {chooser} chooses now (governor {s.governor}, "
            f"pick {s.picks + 1})",
        )
        return
    need(len(s.chosen) == s.picks + 1, "chosen", "the role in play is the last chosen")
    need(s.role == s.chosen[-1], "role", "the role in play is the last chosen")
    need(
        s.role_player == chooser,
        "role_player",
        f"is seat {s.role_player}, but seat {chooser} chose the role in play "
        f"(governor {s.governor}, pick {s.picks + 1})",
    )
    second = (s.step == SETTLER and s.phase_i == n  # the library's 2nd tile
              and privileges(s, s.role_player) == 2)
    ending = bool(s.pending) and s.resume >= 300  # the end hooks: every turn was taken
    need(0 <= s.phase_i < n or second or (ending and s.phase_i <= n + 1), "phase_i",
         f"0..{n - 1}")
    if s.step in _IN_ORDER and not ending:
        seat = (s.role_player + s.phase_i) % n
        need(
            s.turn == seat,
            "turn",
            f"is seat {s.turn}, but seat {seat} moves (player {s.phase_i + 1} in order "
            f"from seat {s.role_player}, who chose the role)",
        )
    if s.step in (CAPTAIN, CAPTAIN_EXTRA):
        need(s.phase_i == 0, "phase_i", "0 while loading")

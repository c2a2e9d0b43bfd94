"""What ``load`` refuses, part two: the pending decision must fit the phase.

Fields that belong to one phase (the hacienda's tile, the mayor's fresh turn, the
craftsman's produced kinds, the wharf and the captain's privilege, the optional VP)
are reset when their phase ends, so outside it they have one value; inside it, the
decision asked of the player must be one the rules would ask.
"""

from __future__ import annotations

from typing import NoReturn

from server.engine.errors import CorruptState

from ..core import catalog as C
from ..core.state import (
    BUILDER_UNIVERSITY,
    CAPTAIN,
    CAPTAIN_EXTRA,
    CAPTAIN_STORE,
    CRAFTSMAN_BONUS,
    CRAFTSMAN_PRODUCE,
    MAYOR,
    MAYOR_PRIVILEGE,
    PHASE_END,
    PHASE_START,
    SETTLER,
    SETTLER_HOSPICE,
    PRState,
)


def fail(field: str, reason: str) -> NoReturn:
    raise CorruptState(f"{field}: {reason}")


def need(cond: bool, field: str, reason: str) -> None:
    if not cond:
        fail(field, reason)


_CAPTAIN_STEPS = (CAPTAIN, CAPTAIN_EXTRA, CAPTAIN_STORE)


def check_phase(s: PRState) -> None:
    step = s.step
    n = s.n
    end = step == PHASE_END  # the end hooks ask: the phase's memory is not reset yet
    if end:
        need(bool(s.pending) and s.resume >= 300, "step", "a phase ends at once unless "
             "a hook asks")
    if step not in (SETTLER, SETTLER_HOSPICE):
        need(s.hacienda_tile == -1, "hacienda_tile", "-1 outside the settler phase")
        if len(s.face_up) < n + 1 and not (end and s.role == C.SETTLER):  # (refreshed after)
            need(
                not s.stack and (not s.discard or _festival_tile_only(s)),
                "face_up",
                f"{n + 1} are turned up while tiles are left",
            )
    if step != MAYOR:
        need(not s.mayor_fresh, "mayor_fresh", "false outside a mayor turn")
        need(not s.placed, "placed", "empty outside a mayor turn")
    if step not in (CRAFTSMAN_PRODUCE, CRAFTSMAN_BONUS) and not (end and s.role == C.CRAFTSMAN):
        need(s.produced == 0, "produced", "0 outside the craftsman phase")
    if step != CRAFTSMAN_BONUS:
        need(s.extra_left == 0, "extra_left", "0 outside the craftsman's extra goods")
    else:
        need(1 <= s.extra_left <= 2, "extra_left", "1, or 2 with the library")
    if step == PHASE_START:
        need(bool(s.pending), "step", "a phase starts at once unless a hook asks")
    if step not in _CAPTAIN_STEPS and not (end and s.role == C.CAPTAIN):
        need(not s.captain_loaded, "captain_loaded", "false outside the captain phase")
        need(not any(s.wharf_used), "wharf_used", "0 outside the captain phase")
        need(not any(s.wharf_declined), "wharf_declined", "0 outside the captain phase")
        need(not any(s.charter_used), "charter_used", "0 outside the captain phase")
        for cap, load in zip(s.ship_cap, s.ship_load, strict=True):
            need(load < cap, "ship_load", f"the full {cap}-ship was unloaded after the captain")
    if step != CAPTAIN_EXTRA:
        need(s.vp_pending == 0, "vp_pending", "0 unless an optional VP is being decided")
    check = _BY_STEP.get(step)
    if check is not None:
        check(s)


def _festival_tile_only(s: PRState) -> bool:
    """Expansion IV: the festival's estate, discarded when its goal was taken after the
    last refresh, waits for the next one (festival.py)."""
    return bool(s.festival) and s.festival_won[0] >= 0 and s.discard == [s.festival[0]]


def _colonist_left(s: PRState, field: str) -> None:
    need(s.col_supply > 0 or s.col_ship > 0, field, "no colonist left to offer")


def _settler(s: PRState) -> None:
    h, isl = s.hacienda_tile, s.island[s.turn]
    if h >= 0:
        need(h == len(isl) - 1, "hacienda_tile", "the hacienda's tile was the last placed")
        need(s.occupied(s.turn, C.HACIENDA), "hacienda_tile", "the player has no hacienda")


def _hospice(s: PRState) -> None:
    from ..phases.settler import hospice_tiles

    p, h, isl = s.turn, s.hacienda_tile, s.island[s.turn]
    need(s.occupied(p, C.HOSPICE), "step", f"seat {p} has no occupied hospice")
    _colonist_left(s, "step")
    if h >= 0:
        # 1897 may staff the hacienda's tile alone; classic only the tile taken after it
        last = (len(isl) - 2,) if s.edition == "classic" else (len(isl) - 1, len(isl) - 2)
        # (with the citizens a player may have sold or discarded his starting tile)
        first = 0 if s.cat.cit else 1
        need(h in last and h >= first, "hacienda_tile", "not the hacienda's tile of this turn")
        need(s.occupied(p, C.HACIENDA), "hacienda_tile", "the player has no hacienda")
    else:
        need(len(isl) >= (1 if s.cat.cit else 2), "island",
             "the hospice needs a tile placed this turn")
    for i in hospice_tiles(s):
        need(s.island_col[p][i] == 0, "island_col", "the new tile is already staffed")


def _mayor_privilege(s: PRState) -> None:
    need(s.col_supply > 0, "col_supply", "the privilege colonist comes from the supply")


def _mayor(s: PRState) -> None:
    need(s.col_ship == 0, "col_ship", "the ship is dealt out when the mayor phase starts")


def _university(s: PRState) -> None:
    p = s.turn
    need(s.occupied(p, C.UNIVERSITY), "step", f"seat {p} has no occupied university")
    _colonist_left(s, "step")
    need(bool(s.city[p]) and s.city_col[p][-1] == 0, "city_col", "the new building is staffed")
    need(C.CIRCLES[s.city[p][-1]] > 0, "city", "the new building takes nobody")


def _produce(s: PRState) -> None:
    from ..phases.craftsman import harvest

    need(any(harvest(s, s.turn)), "step", f"seat {s.turn} has nothing to produce")
    if s.phase_i == 0:
        need(s.produced == 0, "produced", "the craftsman has not produced yet")
    _produced_held(s)


def _bonus(s: PRState) -> None:
    need(s.turn == s.role_player, "turn", "the craftsman takes the extra good")
    need(
        any(s.produced >> g & 1 and s.goods[g] for g in range(5)),
        "produced",
        "no produced kind is left in the supply",
    )
    _produced_held(s)


def _produced_held(s: PRState) -> None:
    mine = s.pgoods[s.role_player]
    need(
        all(mine[g] for g in range(5) if s.produced >> g & 1),
        "produced",
        "the craftsman holds no barrel of a kind he produced",
    )


def _extra_vp(s: PRState) -> None:
    p = s.turn
    need(s.vp_pending != 0, "vp_pending", "an optional VP is being decided")
    need(s.vp_supply > 0, "vp_supply", "points beyond the chips are not asked")
    if s.vp_pending & 1:
        need(s.edition == "classic", "vp_pending", "the 1897 captain's advantage is compulsory")
        need(p == s.role_player and s.captain_loaded, "vp_pending", "only the captain's load")
    if s.vp_pending & 2:
        need(s.occupied(p, C.HARBOR), "vp_pending", f"seat {p} has no occupied harbor")


_BY_STEP = {
    SETTLER: _settler,
    SETTLER_HOSPICE: _hospice,
    MAYOR_PRIVILEGE: _mayor_privilege,
    MAYOR: _mayor,
    BUILDER_UNIVERSITY: _university,
    CRAFTSMAN_PRODUCE: _produce,
    CRAFTSMAN_BONUS: _bonus,
    CAPTAIN_EXTRA: _extra_vp,
}

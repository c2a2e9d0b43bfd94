"""Big consequences said in an action's own label, before they happen (issue 22):
taking a festival goal, starting the last round (a mayor's choice too: refill.py), and
what the Smuggler's four actions would do now (on the role card's choice).

``key`` is the little of the state the note reads (part of the label memo's key);
``note`` the words appended to the label ("" when nothing big follows).
"""

from __future__ import annotations

from typing import Any

from ..core import catalog as C
from ..core.moves import BUILD, LOAD, MAYOR_COLONIST, MAYOR_DONE, PLANTATION, PRODUCE, ROLE, Move
from ..core.state import PRState
from ..core.text import VOCAB, listing
from . import refill

FESTIVAL_REWARD = 3  # festival.REWARD: workers, doubloons, VP (imported lazily there)


def key(m: Move, s: PRState) -> Any:
    code, p = m[0], s.turn
    if code == PLANTATION and s.festival:
        return (s.festival_won[0], s.festival[0] == m[1], s.island[p].count(m[1]),
                min(FESTIVAL_REWARD, s.col_supply))  # whether m's kind is this game's goal
    if code == BUILD:
        festival = bool(s.festival) and s.festival_won[2] < 0 and s.festival[4] == m[1]
        return (festival, s.last_round or s.spaces_used(p) + C.SPACES[m[1]] >= C.CITY_SPACES)
    if code == LOAD:
        return (s.last_round, s.vp_supply)
    if code == ROLE and m[1] == C.SMUGGLER:
        return (tuple(s.ship_load), tuple(s.ship_good), len(s.house), s.col_ship, s.cit_ship,
                tuple(s.role_taken))
    return _more_key(m, s)


def _more_key(m: Move, s: PRState) -> Any:
    """The festival's goods goal and the mayor's end: what their notes say is the key."""
    code = m[0]
    if code == PRODUCE:
        return goods_goal(s)
    if code == ROLE and m[1] == C.MAYOR:
        return refill.by_role(s, s.turn)
    if code == MAYOR_COLONIST:
        return refill.by_privilege(s, m[1] if len(m) > 1 else 1)
    if code == MAYOR_DONE:
        return refill.by_confirm(s)
    return None


def goods_goal(s: PRState) -> bool:
    """Producing now takes the festival's goods goal: the harvest holds every barrel
    still on the festival board (festival.produced)."""
    if not s.festival or s.festival_won[1] >= 0:  # festival.GOODS
        return False
    from ..expansions.festival.festival import board_goods
    from ..phases.craftsman import harvest

    got, need = harvest(s, s.turn), board_goods(s)
    return all(got[g] >= need[g] for g in range(5))


def note(m: Move, s: PRState, loaded: int = 0) -> str:
    """Words for the label of ``m``; ``loaded``: the barrels a load ships."""
    v = VOCAB[s.edition]
    code, p = m[0], s.turn
    if code == PLANTATION and s.festival and s.festival_won[0] < 0 \
            and s.festival[0] == m[1] and s.island[p].count(m[1]) == 2:
        return f": the festival's estate goal, {v.people(min(FESTIVAL_REWARD, s.col_supply))}"
    if code == BUILD:
        parts = []
        if s.festival and s.festival_won[2] < 0 and s.festival[4] == m[1]:
            parts.append(f"the festival's building goal, +{FESTIVAL_REWARD} {v.vp}")
        if not s.last_round and s.spaces_used(p) + C.SPACES[m[1]] >= C.CITY_SPACES:
            parts.append("your city is full: this round is the last")
        return ": " + "; ".join(parts) if parts else ""
    if code == LOAD and not s.last_round and 0 < s.vp_supply <= loaded:
        return f": the last {v.vp} chips, this round is the last"
    if code == ROLE and m[1] == C.SMUGGLER:
        return ": " + smuggler_now(s)
    if _more_key(m, s) is True:
        if code == PRODUCE:
            return f": the festival's goods goal, +{v.coins(FESTIVAL_REWARD)}"
        return f": too few {v.colonists} to refill the {v.ship}: this round is the last"
    return ""


def smuggler_now(s: PRState) -> str:
    """What each of the Smuggler's four actions would do now."""
    from ..expansions.smuggler.smuggler import KEEP_MAX, poachable

    v = VOCAB[s.edition]
    parts = []
    loads = [(load, i) for i, load in enumerate(s.ship_load) if load]
    if loads:
        load, i = max(loads)
        parts.append(f"raid up to {min(KEEP_MAX, load)} {v.goods[s.ship_good[i]]}")
    if s.house:
        parts.append(f"plunder {len(s.house)} {v.vp}")
    k = poachable(s)
    if k:
        parts.append(f"poach {v.people(min(KEEP_MAX, k))}")
    if any(t < 0 and r != C.SMUGGLER for r, t in zip(s.roles, s.role_taken, strict=True)):
        parts.append("capture a role")
    return listing(parts).replace(" and ", " or ") if parts else "nothing to do now"

"""Big consequences said in an action's own label, before they happen (issue 22):
taking a festival goal, starting the last round (a mayor's choice too: refill.py), and
what the Smuggler's four actions would do now (on the role card's choice).

``key`` is the little of the state the note reads (part of the label memo's key);
``note`` the words appended to the label ("" when nothing big follows).
"""

from __future__ import annotations

from typing import Any

from server.wording import part

from ..core import catalog as C
from ..core.moves import BUILD, LOAD, MAYOR_COLONIST, MAYOR_DONE, PLANTATION, PRODUCE, ROLE, Move
from ..core.state import PRState
from ..core.text import GAME, Said, Texts, label
from . import refill

FESTIVAL = Texts(f"{GAME}.expansions.festival")  # the notes of a festival goal
SMUGGLER = Texts(f"{GAME}.expansions.smuggler")  # what the smuggler would do now

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


def note(m: Move, s: PRState, loaded: int = 0) -> Said | None:
    """Words for the label of ``m`` (None when nothing big follows), said by key: the
    core's, the festival's and the smuggler's own; ``loaded``: the barrels a load ships."""
    code, p = m[0], s.turn
    if code == PLANTATION and s.festival and s.festival_won[0] < 0 \
            and s.festival[0] == m[1] and s.island[p].count(m[1]) == 2:
        return FESTIVAL.label("note_estate", count=min(FESTIVAL_REWARD, s.col_supply))
    if code == BUILD:
        parts = []
        if s.festival and s.festival_won[2] < 0 and s.festival[4] == m[1]:
            parts.append(FESTIVAL.label("note_building", count=FESTIVAL_REWARD))
        if not s.last_round and s.spaces_used(p) + C.SPACES[m[1]] >= C.CITY_SPACES:
            parts.append(label("note_city_full"))
        if len(parts) == 2:
            return label("note_both", first=_part(parts[0]), second=_part(parts[1]))
        return parts[0] if parts else None
    if code == LOAD and not s.last_round and 0 < s.vp_supply <= loaded:
        return label("note_last_chips")
    if code == ROLE and m[1] == C.SMUGGLER:
        return smuggler_now(s)
    if _more_key(m, s) is True:
        if code == PRODUCE:
            return FESTIVAL.label("note_goods", count=FESTIVAL_REWARD)
        return label("note_refill")
    return None


def with_note(said: Said, note: Said) -> Said:
    """A label and its note: "Build the church (3 doubloons): your city is full: ..."."""
    return label("with_note", label=_part(said), note=_part(note))


def _part(said: Said) -> dict[str, object]:
    """A text said by key as a part of another, by its whole key (it may be another
    file's)."""
    return part(said.tk, **said.fields)


def smuggler_now(s: PRState) -> Said:
    """What each of the Smuggler's four actions would do now."""
    from ..expansions.smuggler.smuggler import KEEP_MAX, poachable

    parts = []
    loads = [(load, i) for i, load in enumerate(s.ship_load) if load]
    if loads:
        load, i = max(loads)
        parts.append(SMUGGLER.label("now_raid", count=min(KEEP_MAX, load),
                                    good=C.GOODS[s.ship_good[i]]))
    if s.house:
        parts.append(SMUGGLER.label("now_plunder", count=len(s.house)))
    k = poachable(s)
    if k:
        parts.append(SMUGGLER.label("now_poach", count=min(KEEP_MAX, k)))
    if any(t < 0 and r != C.SMUGGLER for r, t in zip(s.roles, s.role_taken, strict=True)):
        parts.append(SMUGGLER.label("now_capture"))
    if not parts:
        return SMUGGLER.label("now_nothing")
    if len(parts) == 1:
        return parts[0]
    named = dict(zip("abcd", (_part(x) for x in parts), strict=False))
    return SMUGGLER.label(f"or_{len(parts)}", **named)

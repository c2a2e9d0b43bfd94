"""What Expansion I's buildings add to the phases' counts (core/calc.py): the aqueduct's
barrels, the specialty factory's doubloons, the storehouse's room, the trading post
(a sale of one's own), the church's VP after a build. Each acts only while manned.
"""

from __future__ import annotations

from ...core import calc
from ...core import catalog as C
from ...core.bonusvp import building_vp
from ...core.common import Events
from ...core.state import PRState

NAME = C.NEW_BUILDINGS


def aqueduct(s: PRState, p: int, made: list[int]) -> tuple[int, list[int]] | None:
    """The aqueduct (Canal): 1 more indigo for a player producing indigo with his large
    indigo plant manned, and 1 more sugar likewise (never for the small ones). Which
    building made which barrel is his to say, so a manned large plant and at least one
    barrel of its good are enough (docs/rules-notes.md)."""
    if not s.occupied(p, C.AQUEDUCT):
        return None
    extra = [0, 0, 0, 0, 0]
    if made[C.INDIGO] and s.occupied(p, C.B_INDEX["indigo_plant"]):
        extra[C.INDIGO] = 1
    if made[C.SUGAR] and s.occupied(p, C.B_INDEX["sugar_mill"]):
        extra[C.SUGAR] = 1
    return C.AQUEDUCT, extra


def specialty_factory(s: PRState, p: int, got: list[int]) -> tuple[int, int] | None:
    """The specialty factory (Distillery): 1 doubloon less than the most barrels
    received of one kind other than corn (the aqueduct's included)."""
    if not s.occupied(p, C.SPECIALTY_FACTORY):
        return None
    most = max(got[1:])
    return C.SPECIALTY_FACTORY, most - 1 if most > 1 else 0


def storehouse(s: PRState, p: int) -> int:
    """Barrels of any kinds a manned storehouse keeps besides: 3."""
    i = s.bpos[p][C.STOREHOUSE]  # (``s.occupied``, inlined: asked of every storer)
    return 3 if i >= 0 and s.city_col[p][i] else 0


def trading_post(s: PRState, p: int) -> int:
    """His manned trading post: he may sell there (calc.OWN_SALE)."""
    return C.TRADING_POST if s.occupied(p, C.TRADING_POST) else -1


def post_open(s: PRState, p: int) -> bool:
    """With the house full he may still sell to his trading post, if he has a barrel."""
    return s.occupied(p, C.TRADING_POST) and any(s.pgoods[p])


def church(s: PRState, p: int, b: int, ev: Events) -> None:
    """A manned church: +1 VP for each building of column 2 or 3 built after it, +2
    for a large one (column 4)."""
    if b != C.CHURCH and C.COLUMN[b] > 1 and s.occupied(p, C.CHURCH):
        building_vp(s, p, 2 if C.COLUMN[b] == 4 else 1, C.CHURCH, ev)


calc.contribute(NAME, calc.EXTRA_BARRELS, aqueduct)
calc.contribute(NAME, calc.PRODUCTION_INCOME, specialty_factory)
calc.contribute(NAME, calc.STORAGE, storehouse)
calc.contribute(NAME, calc.OWN_SALE, trading_post)
calc.contribute(NAME, calc.ACTS_ON_FULL_HOUSE, post_open)
calc.contribute(NAME, calc.AFTER_BUILD, church)

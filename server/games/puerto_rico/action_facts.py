"""What a legal action is shown to give, worked out once here so a client computes no
rule (issue 24): a load's VP. These keys are only shown (``SHOWN_ONLY`` in
server/engine/contract.py): a sent action is matched without them."""

from __future__ import annotations

from . import catalog as C
from .state import PRState


def load_vp(s: PRState, barrels: int) -> int:
    """The VP chips a load of ``barrels`` brings the player to move: one a barrel, one
    more with a manned harbor (captain.points; the captain's privilege is the role's,
    said by role_gains)."""
    if not barrels:
        return 0
    return barrels + (1 if s.occupied(s.turn, C.HARBOR) else 0)

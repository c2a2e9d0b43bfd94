"""The view the Puerto Rico heuristic reads: the game's view without what it never reads.

A seat's view also carries, per player, ``harvest`` and ``vp_shown`` (and for the
viewer ``prices`` and ``sale_prices``): figures the client shows, computed from the
rules on every call. The heuristic reads none of them, and a search calls it at every
rollout step, where composing them took about a third of the view's time. The game's
own view leaves them out when asked (``figures=False``), so there is one view to keep
right (tests/bots/test_pr_lean_view.py compares the two on positions of every
expansion).
"""

from __future__ import annotations

from typing import Any

from server.games.puerto_rico.core.state import PRState
from server.games.puerto_rico.io.views import view

LEFT_OUT = ("harvest", "vp_shown", "prices", "sale_prices", "role_gains", "role_gains_k",
            "mayor_confirm", "empty_circles")
"""The players' keys this view leaves out."""


def lean_view(s: PRState, viewer: int | None) -> dict[str, Any]:
    """``game.view(s, viewer)`` without the players' ``LEFT_OUT`` keys."""
    return view(s, viewer, figures=False)

"""The view's keys of Expansions III and IV (docs/puerto-rico-view.md): all public."""

from __future__ import annotations

from typing import Any

from ...core import catalog as C
from ...core.state import PRState
from .festival import BUILDING, ESTATE, GOODS


def _seat(x: int) -> int | None:
    return x if x >= 0 else None


def smuggler_view(s: PRState) -> dict[str, Any]:
    holder, captured, captor = s.smuggler
    return {"holder": _seat(holder),
            "captured": C.ROLES[captured] if captured >= 0 else None,
            "captor": _seat(captor)}


def festival_view(s: PRState) -> dict[str, Any]:
    f, won = s.festival, s.festival_won
    return {
        "estate": C.GOODS[f[0]],
        "goods": [C.GOODS[g] for g in f[1:4]],
        "building": C.BUILDINGS[f[4]] if f[4] >= 0 else None,
        "won": {"estate": _seat(won[ESTATE]), "goods": _seat(won[GOODS]),
                "building": _seat(won[BUILDING])},
    }

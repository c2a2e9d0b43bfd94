"""Boards of Puerto Rico with all four expansions for the TUI tests, frozen in fixtures/.

Made from seeded random games on the engine (``python -m tests.tui.smuggler_festival_boards``
makes them again, ``... five`` only that one): seat 0 choosing the Smuggler's action,
placing workers at once, a board with a captured role and goals of the festival taken,
and five players choosing a role with the tile held and a role captured. Frozen so the snapshots
do not move when the engine's play or wording changes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

from tests.tui.boards import FIXTURES
from tests.tui.expansion_boards import _step
from tests.tui.expansion_boards import frames as expansion_frames

ALL_FOUR = ["new_buildings", "citizens", "smuggler", "festival"]
FILES = {
    "smuggler": "sf_smuggler_4p.json",
    "place": "sf_place_4p.json",
    "captured": "sf_captured_4p.json",
    "five": "sf_five_5p.json",
}


def load(which: str) -> dict[str, Any]:
    return json.loads((FIXTURES / FILES[which]).read_text())


def frames(seed: int, players: int = 4, edition: str = "1897") -> Iterator[dict[str, Any]]:
    """Seat 0's snapshot before every move of a random game with all four expansions."""
    return expansion_frames(seed, players, edition, ALL_FOUR)


def _find(test: Callable[[dict[str, Any], int], bool], players: int = 4) -> dict[str, Any]:
    for seed in range(1, 400):
        for i, frame in enumerate(frames(seed, players)):
            if test(frame, i):
                return frame
    raise LookupError("no such board in 400 games")


def _types(frame: dict[str, Any]) -> set[str]:
    return {str(a.get("type")) for a in frame["legal"]}


def _smuggler(frame: dict[str, Any], i: int) -> bool:
    """Seat 0 to choose among all four actions, a goal of the festival already taken."""
    won = frame["view"]["festival"]["won"]
    return _step(frame) == "smuggler" and {"raid", "plunder", "poach", "capture"} <= _types(frame) \
        and any(v is not None for v in won.values())


def _captured(frame: dict[str, Any], i: int) -> bool:
    view = frame["view"]
    won = view["festival"]["won"]
    return bool(frame["legal"]) and _step(frame) == "choose_role" \
        and view["smuggler"]["captured"] is not None and view["smuggler"]["captor"] != 0 \
        and sum(v is not None for v in won.values()) >= 2


def _five(frame: dict[str, Any], i: int) -> bool:
    """Five players choosing a role: nine cards, the tile held from an earlier round."""
    view = frame["view"]
    smuggler_card = next(r for r in view["roles"] if r["id"] == "smuggler")
    return bool(frame["legal"]) and _step(frame) == "choose_role" and i > 100 \
        and view["smuggler"]["holder"] not in (None, 0) and smuggler_card["taken_by"] is None


def regenerate(only: str | None = None) -> None:
    tests: dict[str, Callable[[dict[str, Any], int], bool]] = {
        "smuggler": _smuggler,
        "place": lambda f, i: _step(f) == "place_workers" and bool(f["legal"])
        and len(f["legal"]) >= 3,
        "captured": _captured,
    }
    if only in (None, "five"):
        frame = _find(_five, players=5)
        (FIXTURES / FILES["five"]).write_text(json.dumps(frame, indent=1, sort_keys=True) + "\n")
    for which, test in tests.items():
        if only is not None and which != only:
            continue
        frame = _find(test)
        (FIXTURES / FILES[which]).write_text(json.dumps(frame, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    import sys

    regenerate(sys.argv[1] if len(sys.argv) > 1 else None)

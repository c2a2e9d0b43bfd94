"""Boards of Puerto Rico with both expansions for the TUI tests, frozen in fixtures/.

Made from seeded random games on the engine (``python -m tests.tui.expansion_boards``
makes them again): the draft with seat 0 to place, a late board with forests and
citizens, and seat 0 deciding a Bohio move and a Black Market payment. Frozen so the
snapshots do not move when the engine's play or wording changes.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterator
from typing import Any

from tests.tui.boards import FIXTURES

FILES = {
    "draft": "exp_draft_4p.json",
    "late": "exp_late_4p.json",
    "guest": "exp_guest_4p.json",
    "black_market": "exp_black_market_4p.json",
}


def load(which: str) -> dict[str, Any]:
    return json.loads((FIXTURES / FILES[which]).read_text())


BOTH = ["new_buildings", "citizens"]


def frames(seed: int, players: int = 4, edition: str = "1897",
           expansions: list[str] | None = None) -> Iterator[dict[str, Any]]:
    """Seat 0's snapshot before every move of a random game with ``expansions`` (both of
    Expansions I and II unless told)."""
    from server.games.registry import get_game

    game = get_game("puerto-rico")
    options = game.normalize_options(players, {"expansions": expansions or BOTH,
                                               "edition": edition})
    state = game.setup(players, options, seed)
    rng = random.Random(seed)
    log: list[dict[str, Any]] = []
    while not game.is_over(state):
        yield {"view": game.view(state, 0), "legal": game.legal_actions(state, 0),
               "log": log[-30:], "seat": 0}
        seat = game.to_move(state)[0]
        for event in game.apply(state, seat, rng.choice(game.legal_actions(state, seat))):
            line = {"n": len(log), "text": str(event.get("text", ""))}
            if "tmpl" in event:
                line["tmpl"] = str(event["tmpl"])
            log.append(line)


def _find(test: Callable[[dict[str, Any], int], bool]) -> dict[str, Any]:
    for seed in range(1, 400):
        for i, frame in enumerate(frames(seed)):
            if frame["legal"] and test(frame, i):
                return frame
    raise LookupError("no such board in 400 games")


def _step(frame: dict[str, Any]) -> str:
    return str(frame["view"]["phase"]["step"])


def _late(frame: dict[str, Any], i: int) -> bool:
    players = frame["view"]["players"]
    forests = sum(1 for p in players for t in p["island"] if t["tile"] == "forest")
    citizens = sum(t.get("citizens", 0) for p in players for t in [*p["island"], *p["city"]])
    return i > 200 and _step(frame) == "choose_role" and forests >= 3 and citizens >= 3 \
        and any(t["tile"] == "forest" for t in players[0]["island"])


def regenerate() -> None:
    tests: dict[str, Callable[[dict[str, Any], int], bool]] = {
        "draft": lambda f, i: _step(f) == "draft" and i >= 8,
        "late": _late,
        "guest": lambda f, i: _step(f) == "guest_house" and len(f["legal"]) >= 3,
        "black_market": lambda f, i: _step(f) == "black_market" and len(f["legal"]) >= 3,
    }
    for which, test in tests.items():
        frame = _find(test)
        (FIXTURES / FILES[which]).write_text(json.dumps(frame, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    regenerate()

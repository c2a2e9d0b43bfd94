"""Puerto Rico boards taken from a seeded engine game as the server would send them
to one seat (the view with every key the server sends now), with the state kept so a
test can play the shown choice on the engine and compare what it really gives."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from server.games.registry import get_game

GAME = get_game("puerto-rico")


def snapshot(state: Any, seat: int) -> dict[str, Any]:
    return {"view": GAME.view(state, seat), "legal": GAME.legal_actions(state, seat),
            "log": [], "seat": seat}


def find(test: Callable[[Any, dict[str, Any]], bool], players: int = 4,
         options: dict[str, Any] | None = None, seeds: range = range(1, 60)) -> tuple[Any, dict[str, Any]]:
    """(state, seat 0's snapshot) at the first position of a seeded random game where
    seat 0 is to move and ``test`` holds."""
    for seed in seeds:
        state = GAME.setup(players, GAME.normalize_options(players, options or {}), seed)
        rng = random.Random(seed)
        while not GAME.is_over(state):
            seat = GAME.to_move(state)[0]
            if seat == 0:
                snap = snapshot(state, 0)
                if test(state, snap):
                    return state, snap
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    raise LookupError("no such position")


def play(state: Any, seat: int, action: dict[str, Any]) -> None:
    GAME.apply(state, seat, action)


FROZEN = "pr_summary_4p.json"
NAMES = ["ana", "bot 2 (easy)", "bot 3 (random)", "bo"]


def late(state: Any, frame: dict[str, Any]) -> bool:
    """Late in the game, seat 0 choosing a role, a city nearly full."""
    view = frame["view"]
    return view["phase"]["step"] == "choose_role" and max(
        p["city_spaces_used"] for p in view["players"]) >= 10


def frozen() -> dict[str, Any]:
    """A late board with every key the server sends now, frozen so the snapshots of
    the summary do not move with the engine (``python -m tests.tui.pr_live_boards``)."""
    import json

    from tests.tui.boards import FIXTURES

    return json.loads((FIXTURES / FROZEN).read_text())


if __name__ == "__main__":
    import json

    from tests.tui.boards import FIXTURES

    _, frame = find(late, options={"names": NAMES})
    (FIXTURES / FROZEN).write_text(json.dumps(frame, indent=1, sort_keys=True) + "\n")

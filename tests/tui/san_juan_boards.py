"""San Juan boards for the TUI tests: engine-made four-player boards frozen in
fixtures/, and the game's catalog entry as the server sends it.

Frozen so that the snapshots do not move when the engine's wording changes;
`python -m tests.tui.san_juan_boards` makes them again from a seeded random game.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).parent / "fixtures"
NAMES = {0: "ana", 1: "bot 2 (hard)", 2: "bot 3 (easy)", 3: "bot 4 (random)"}


def sj_game() -> dict[str, Any]:
    """San Juan's catalog entry exactly as ``list_games`` carries it."""
    from server.engine.contract import describe
    from server.games.registry import get_game

    return describe(get_game("san-juan"))


def gains_read(snap: dict[str, Any]) -> dict[str, str]:
    """My ``role_gains`` as I read them: the server's templates in San Juan's words."""
    from prtui.vocabulary import Vocabularies

    vocab = Vocabularies(sj_game()["display"]).get(None)
    return {role: vocab.render(t) for role, t in snap["view"]["role_gains"].items()}


def _load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / name).read_text())


def paying_4p() -> dict[str, Any]:
    """Midgame, seat 0 paying for a building with one card picked."""
    return _load("sj_paying_4p.json")


def final_4p() -> dict[str, Any]:
    """A four-player game over, with its result."""
    return _load("sj_final_4p.json")


def frames(players: int, seed: int) -> list[dict[str, Any]]:
    """Seat 0's snapshots over a seeded random game, as the server would send them."""
    from server.games.registry import get_game
    from server.net.sync import log_line

    game = get_game("san-juan")
    state = game.setup(players, game.normalize_options(players, {}), seed)
    rng = random.Random(seed)
    log: list[dict[str, Any]] = []
    out = []
    while True:
        out.append({"view": game.view(state, 0), "legal": game.legal_actions(state, 0),
                    "log": list(log[-30:]), "seat": 0})
        if game.is_over(state):
            return out
        seat = game.to_move(state)[0]
        legal = [a for a in game.legal_actions(state, seat) if a["type"] != "undo"]
        builds = [a for a in legal if a["type"] == "build"]  # busier cities than at random
        for event in game.apply(state, seat, rng.choice(builds or legal)):
            log.append(log_line(len(log), event, 0, False))


def regenerate(seed: int = 11) -> None:
    found = frames(4, seed)
    paying = [f for f in found if (f["view"].get("decision") or {}).get("step") == "build_pay"
              and len(f["view"]["decision"]["picked"]) == 1 and f["view"]["round"] >= 6]
    for name, frame in (("sj_paying_4p.json", paying[0]), ("sj_final_4p.json", found[-1])):
        (FIXTURES / name).write_text(json.dumps(frame, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    regenerate()

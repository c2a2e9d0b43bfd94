"""Record random games of the engine as it is, for tests that replay them later under
the same rules version (a stored room replays move for move, whatever the code became).

    .venv/bin/python -m tests.games.record_games puerto-rico 4 OUT.json
    .venv/bin/python -m tests.games.record_games san-juan 2 OUT.json

Each game: players, options, seed, the action log (seat, action), the final totals and
a digest of the final saved state (``state_digest``). Run it on the commit that still
plays the version recorded (``engine`` names it). From Puerto Rico's version 5 on, the
actions are kept without their ``label``/``tmpl`` (texts a client may leave out)."""

from __future__ import annotations

import hashlib
import json
import random
import subprocess
import sys
from typing import Any

from server.engine.playout import choose
from server.games.registry import get_game

# (players, options, seed) by (game, the version recorded): configurations the next
# version plays differently (Puerto Rico 5 and 6, San Juan 3)
CONFIGS: dict[tuple[str, int], list[tuple[int, dict[str, Any], int]]] = {
    ("puerto-rico", 4): [
        (3, {"edition": "1897", "expansions": ["citizens"]}, 1),
        (4, {"edition": "classic", "expansions": ["citizens"]}, 2),
        (2, {"edition": "1897", "expansions": ["citizens"]}, 3),
        (2, {"edition": "1897", "expansions": ["new_buildings", "citizens"]}, 4),
        (3, {"edition": "classic", "expansions": ["new_buildings", "citizens"]}, 5),
        (3, {"edition": "1897", "expansions": ["festival"]}, 6),
        (4, {"edition": "1897", "expansions": ["new_buildings", "citizens", "smuggler",
                                               "festival"]}, 7),
    ],
    # (chosen among 60 seeds of each: a pass with a wharf followed by a load, the small
    # wharf's too; the festival's estate goal reached by the last planter, 3 and 5)
    ("puerto-rico", 5): [
        (4, {"edition": "1897"}, 45),
        (3, {"edition": "1897", "expansions": ["new_buildings"]}, 17),
        (4, {"edition": "classic", "expansions": ["new_buildings"]}, 1),
        (3, {"edition": "1897", "expansions": ["festival"]}, 9),
        (5, {"edition": "classic", "expansions": ["festival"]}, 15),
    ],
    ("san-juan", 2): [(2, {}, 1), (3, {}, 2), (4, {"fair_start": True}, 3), (3, {}, 4)],
}
TEXTS = ("label", "tmpl")  # left out of the actions recorded from Puerto Rico's version 5


def state_digest(data: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()


def play(game_name: str, players: int, options: dict[str, Any], seed: int,
         rules: int) -> dict[str, Any]:
    game = get_game(game_name)
    s = game.setup(players, {**options, "rules_version": rules}, seed)
    rnd = random.Random(seed)
    actions = []
    while not game.is_over(s):
        (seat,) = game.to_move(s)
        action = choose(game.legal_actions(s, seat), rnd.randrange)
        kept = action
        if game_name == "puerto-rico" and rules >= 5:
            kept = {k: v for k, v in action.items() if k not in TEXTS}
        actions.append([seat, kept])
        game.apply(s, seat, action)
    return {"players": players, "options": options, "seed": seed, "actions": actions,
            "totals": [line.total for line in game.result(s).scores],
            "state_digest": state_digest(game.to_data(s))}


def main(argv: list[str]) -> int:
    game_name, rules, out = argv[0], int(argv[1]), argv[2]
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True, check=False).stdout.strip()
    games = [play(game_name, n, o, seed, rules) for n, o, seed in CONFIGS[game_name, rules]]
    with open(out, "w") as f:
        json.dump({"engine": f"{commit} (rules version {rules})", "games": games}, f,
                  separators=(",", ":"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

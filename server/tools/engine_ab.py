"""Random games per CPU second of two checkouts, interleaved (issue 36's engine figure).

`python -m server.tools.engine_ab A_TREE B_TREE [--rounds 5] [--games 40]`: each
round runs each tree once, in turn, in a child process of its own (``PYTHONPATH`` the
tree), playing ``server.engine.playout.random_game`` for four players from seeds
1..games, once without expansions and once with all four 1897 ones, and reports the
games per CPU second of each. Interleaving spreads the machine's other load over both
trees alike; the ratio of the medians is the figure (instruction counts, by callgrind,
are the load-independent one: docs/architecture.md).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

CHILD = """
import json, sys, time
from server.engine.playout import random_game
from server.games import registry
game = registry.get_game("puerto-rico")
every = ["new_buildings", "citizens", "smuggler", "festival"]
out = {}
for name, expansions in (("base", []), ("every", every)):
    opts = {"edition": "1897", "expansions": expansions}
    random_game(game, 4, opts, 0)  # imports and first-use tables, untimed
    start = time.process_time()
    for seed in range(1, int(sys.argv[1]) + 1):
        random_game(game, 4, opts, seed)
    out[name] = int(sys.argv[1]) / (time.process_time() - start)
print(json.dumps(out))
"""


def run_once(tree: str, games: int) -> dict[str, float]:
    """Games per CPU second of ``tree`` in a fresh interpreter."""
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree))
    done = subprocess.run([sys.executable, "-c", CHILD, str(games)], env=env, cwd=tree,
                          capture_output=True, text=True, check=True, timeout=600)
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args(argv)
    runs: dict[str, list[dict[str, float]]] = {"a": [], "b": []}
    for _ in range(args.rounds):
        runs["a"].append(run_once(args.a, args.games))
        runs["b"].append(run_once(args.b, args.games))
    for name in ("base", "every"):
        a = statistics.median(r[name] for r in runs["a"])
        b = statistics.median(r[name] for r in runs["b"])
        print(f"{name}: A {a:.1f} games/CPU-s, B {b:.1f} games/CPU-s, B/A {b / a:.2f} "
              f"(medians of {args.rounds} interleaved rounds of {args.games} games)")


if __name__ == "__main__":
    main()

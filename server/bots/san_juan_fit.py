"""Fit san_juan_eval's weights: easy plays itself; at every role choice each seat's
features are recorded with what it gained by the end; ridge least squares per player
count. ``python -m server.bots.san_juan_fit --games 600`` prints the WEIGHTS table."""

from __future__ import annotations

import argparse
import random

from server.bots.levels import make_bot
from server.bots.san_juan_eval import NAMES, features, rounds_left, score_now
from server.games.registry import get_game
from server.games.san_juan.state import CHOOSE_ROLE


def samples(players: int, games: int, seed: int) -> list[tuple[list[float], float]]:
    game = get_game("san-juan")
    rng = random.Random(seed)
    out: list[tuple[list[float], float]] = []
    for g in range(games):
        s = game.setup(players, game.normalize_options(players, {}), rng.getrandbits(40))
        bots = [make_bot("easy", game, rng.getrandbits(40)) for _ in range(players)]
        seen: list[tuple[int, list[float], float]] = []
        while not game.is_over(s):
            if s.step == CHOOSE_ROLE and rng.random() < 0.5:
                left = rounds_left(s)
                seen.extend((p, features(s, p, left), score_now(s, p)) for p in range(players))
            seat = game.to_move(s)[0]
            game.apply(s, seat, bots[seat].choose(game, s, seat))
        final = [score_now(s, p) for p in range(players)]
        out.extend((x, final[p] - now) for p, x, now in seen)
        del g
    return out


def ridge(data: list[tuple[list[float], float]], lam: float = 1.0) -> list[float]:
    k = len(data[0][0])
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for x, y in data:
        for i, xi in enumerate(x):
            if xi:
                b[i] += xi * y
                row = a[i]
                for j, xj in enumerate(x):
                    row[j] += xi * xj
    for i in range(k):
        a[i][i] += lam * len(data) / 1000
    for col in range(k):  # Gaussian elimination with partial pivoting
        piv = max(range(col, k), key=lambda r: abs(a[r][col]))
        a[col], a[piv] = a[piv], a[col]
        b[col], b[piv] = b[piv], b[col]
        for r in range(col + 1, k):
            f = a[r][col] / a[col][col]
            if f:
                for c in range(col, k):
                    a[r][c] -= f * a[col][c]
                b[r] -= f * b[col]
    w = [0.0] * k
    for i in range(k - 1, -1, -1):
        w[i] = (b[i] - sum(a[i][j] * w[j] for j in range(i + 1, k))) / a[i][i]
    return w


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", default="2,3,4")
    args = parser.parse_args()
    print("WEIGHTS: dict[int, tuple[float, ...]] = {")
    for n in (int(x) for x in args.players.split(",")):
        data = samples(n, args.games, args.seed + n)
        w = ridge(data)
        err = sum((sum(a * b for a, b in zip(w, x, strict=True)) - y) ** 2
                  for x, y in data) / len(data)
        print(f"    {n}: (  # {len(data)} samples, rms error {err ** 0.5:.2f}")
        for name, wi in zip(NAMES, w, strict=True):
            print(f"        {wi:.4f},  # {name}")
        print("    ),")
    print("}")


if __name__ == "__main__":
    main()

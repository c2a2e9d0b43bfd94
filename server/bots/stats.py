"""Arena statistics: win shares with a Wilson interval, averages."""

from __future__ import annotations

import math
from dataclasses import dataclass, field


def wilson(successes: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a rate (successes may be fractional: split ties)."""
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class BotTally:
    """What one entrant of the arena (a level in a rotating seat) achieved."""

    entrant: int
    level: str
    games: int = 0
    wins: float = 0.0
    score_sum: float = 0.0
    moves: int = 0
    think_seconds: float = 0.0
    fallbacks: int = 0
    roles: int = 0  # role choices made
    duds: int = 0  # of them, roles with nothing in them for anyone (server/bots/duds.py)
    seats: list[int] = field(default_factory=list)
    seat_wins: dict[int, float] = field(default_factory=dict)  # seat -> win shares there

    def add(self, seat: int, win_share: float, score: float, moves: int, think: float,
            fallbacks: int, roles: int = 0, duds: int = 0) -> None:
        self.games += 1
        self.seats.append(seat)
        self.seat_wins[seat] = self.seat_wins.get(seat, 0.0) + win_share
        self.wins += win_share
        self.score_sum += score
        self.moves += moves
        self.think_seconds += think
        self.fallbacks += fallbacks
        self.roles += roles
        self.duds += duds

    def to_data(self) -> dict[str, object]:
        lo, hi = wilson(self.wins, self.games)
        return {
            "seat": self.entrant,
            "level": self.level,
            "wins": round(self.wins, 3),
            "win_rate": round(self.wins / self.games, 4) if self.games else 0.0,
            "ci95": [round(lo, 4), round(hi, 4)],
            "avg_score": round(self.score_sum / self.games, 2) if self.games else 0.0,
            "avg_move_seconds": round(self.think_seconds / self.moves, 4) if self.moves else 0.0,
            "fallbacks": self.fallbacks,
            "roles": self.roles,
            "duds": self.duds,
            # [games, win shares] in each seat, seat 0 (the first governor) first
            "by_seat": [[self.seats.count(p), round(self.seat_wins.get(p, 0.0), 3)]
                        for p in range(max(self.seats, default=-1) + 1)],
        }

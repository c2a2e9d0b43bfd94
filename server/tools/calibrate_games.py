"""The calibration's games: league tables played with the arena, and at each decision
the coached level searched, the estimate it gave the move it chose and how often it
tried it, against what that seat finally scored (win 1, a tie shared as the arena
shares it, loss 0).

The games are the league's (server/tools/league.py): the coached level in entrant 0
against a table of opponents, seats rotated, a fixed iteration budget (deterministic,
load-free). Each finished game is appended to a journal (server/bots/journal.py's
format), so a run stopped anywhere resumes with the games missing. A record belongs to
a run by its table and the digest of the code that decides the games and the estimates
(the bots and the rules, minus the coach's display and the calibration itself: a new
map never throws the games away).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from server.bots import journal
from server.bots.arena import play_game
from server.bots.base import action_key
from server.bots.coach import COACH_LEVEL, estimates
from server.engine.contract import Action

SKIP = frozenset({"bots/coach.py", "bots/calibration.py"})
"""Files that never decide a calibration game (the coach's answer and the map)."""
ALL_FOUR = {"expansions": ["new_buildings", "citizens", "smuggler", "festival"]}


@dataclass(frozen=True)
class Table:
    """The coached level against ``opponents`` in one game and budget."""

    setting: str
    game: str
    opponents: tuple[str, ...]
    iterations: int
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 34
    every: int = 1  # a game every this many rounds of the schedule (a costly table)

    @property
    def levels(self) -> list[str]:
        return [COACH_LEVEL, *self.opponents]

    @property
    def name(self) -> str:
        return f"{self.setting}: {', '.join(self.opponents)}"

    def key(self) -> str:
        """What makes two runs' game ``i`` of this table the same game."""
        return json.dumps({"calibrate": self.name, "game": self.game, "levels": self.levels,
                           "seed": self.seed, "options": self.options,
                           "iterations": self.iterations, "code": journal.code_digest(SKIP)},
                          sort_keys=True)


TABLES = (
    Table("Puerto Rico base", "puerto-rico", ("medium", "medium"), 300),
    Table("Puerto Rico base", "puerto-rico", ("easy", "easy"), 300),
    Table("Puerto Rico base", "puerto-rico", ("medium", "shipper"), 300),
    Table("Puerto Rico all four", "puerto-rico", ("medium", "medium", "medium"), 128,
          ALL_FOUR, every=3),
    Table("San Juan", "san-juan", ("medium", "medium", "medium"), 50),
)
"""The league's tables (server/tools/league.py), interleaved game by game so a run cut
short still has every table in it. Not the mixed table with ``hard@2026-12-02``: its
ISMCTS searches every decision, and a game there took 369 s where one against two
``medium`` took 60 (2026-12-07, the loaded machine), for the same 30-odd positions;
and all four expansions only every third round (249 s a game there, San Juan 18 s)."""


def share(record: dict[str, Any], seat: int) -> float:
    """What ``seat`` scored in a finished game: 1 a win, a tie shared, 0 a loss."""
    winners = record["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def play(table: Table, index: int) -> dict[str, Any]:
    """One game; its arena record plus the coached seat, its share and its positions:
    [the move's estimate, its tries, every rated move's (estimate, tries)]."""
    coached = index % len(table.levels)  # entrant 0's seat (the arena's rotation)
    positions: list[list[Any]] = []
    seen: dict[str, Any] = {}

    def watch(seat: int, bot: Any, action: Action) -> None:
        if seat != coached:
            return
        # a decision the bot did not search leaves the last search's numbers in place
        now = getattr(bot, "last_root", None) or getattr(bot, "last_means", None)
        if now is None or now is seen.get("last"):
            return
        seen["last"] = now
        rated = estimates(bot)
        mine = rated.get(action_key(action))
        if mine is None:
            return
        positions.append([mine[0], mine[1], sorted(rated.values(), key=lambda r: -r[1])])

    record = play_game(table.game, table.levels, index, table.seed, None, table.options,
                       table.iterations, watch=watch)
    record.update(coached=coached, share=share(record, coached), positions=positions)
    return record


def schedule(games: int, tables: Sequence[Table]) -> Iterator[tuple[Table, int]]:
    """Game 0 of every table, then game 1 of every table, ... (a table played only
    every n rounds plays its own next game then): ``games`` rounds."""
    for round_ in range(games):
        for table in tables:
            if round_ % table.every == 0:
                yield table, round_ // table.every


def read(path: str, tables: Sequence[Table] = TABLES) -> dict[str, dict[int, Any]]:
    """The games the journal holds for each table (of this code), by game index."""
    return {t.name: journal.read(path, t.key()) for t in tables}


def collect(path: str, games: int, stop_at: float | None = None,
            log: Callable[[str], None] = lambda line: None,
            tables: Sequence[Table] = TABLES) -> dict[str, dict[int, Any]]:
    """Play what the journal at ``path`` lacks of ``games`` games a table (none started
    after the epoch time ``stop_at``); the records of every table, by game index."""
    kept = read(path, tables)
    writers = {t.name: journal.writer(path, t.key()) for t in tables}
    for table, index in schedule(games, tables):
        if index in kept[table.name]:
            continue
        if stop_at is not None and time.time() >= stop_at:
            log("calibrate: stop time reached; run again to play the rest")
            break
        started = time.perf_counter()
        record = play(table, index)
        writers[table.name](record)
        kept[table.name][index] = record
        log(f"calibrate: {table.name} game {index}: {len(record['positions'])} positions, "
            f"share {record['share']:g}, {time.perf_counter() - started:.0f} s")
    return kept

"""The league: one level (the subject) against a field, for every game the bots play.

A ladder row measures a level against the one below it; a change that helps there can
still lose to everyone else (issue 34: ``hard`` beat ``easy`` 92 % and lost to
``medium``). The league plays the subject against each level of ``FIELD`` (``medium``,
the frozen releases of ``hard``, the scripted ``shipper`` and ``builder``, ``easy``)
and against mixed tables, in the base game (3 players), with all four expansions (4)
and in San Juan (4), at a fixed iteration budget a move (load-free, deterministic),
seats rotated, Wilson 95 % intervals, and the subject's share as the first governor
(seat 0) against its share in the other seats.

The gate (``compare``): a change to a bot lands only if no row of the new subject's
league falls below the old subject's interval on the same games.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from server.bots.arena import run_arena
from server.bots.stats import wilson
from server.tools.marked import replace_between

ALL_FOUR = {"expansions": ["new_buildings", "citizens", "smuggler", "festival"]}
FROZEN = ("hard@2026-12-03", "hard@2026-12-02")
FIELD = ("medium", *FROZEN, "shipper", "builder", "easy")
MARK_START = "<!-- league -->"
MARK_END = "<!-- /league -->"


@dataclass(frozen=True)
class Setting:
    """A game, its player count and options, and the budget a move there."""

    name: str
    game: str
    players: int
    iterations: int
    seconds: str = ""  # what the budget is worth on one core (docs/bots.md, Ladder)
    options: dict[str, Any] = field(default_factory=dict)
    mixed: tuple[tuple[str, ...], ...] = ()  # tables of different opponents


SETTINGS = (
    Setting("Puerto Rico base", "puerto-rico", 3, 300, "0.5 s",
            mixed=(("medium", "shipper"), ("hard@2026-12-02", "builder"))),
    Setting("Puerto Rico all four", "puerto-rico", 4, 128, "0.5 s", ALL_FOUR,
            mixed=(("medium", "shipper", "builder"), ("hard@2026-12-02", "medium", "easy"))),
    Setting("San Juan", "san-juan", 4, 50, "",
            mixed=(("medium", "shipper", "builder"), ("hard@2026-12-02", "medium", "easy"))),
)


@dataclass(frozen=True)
class Row:
    """The subject against one table of opponents in one setting."""

    setting: Setting
    opponents: tuple[str, ...]
    seed: int = 1

    @property
    def key(self) -> str:
        """What identifies the row across subjects (the comparison pairs rows by it)."""
        return f"{self.setting.name}: {', '.join(self.opponents)}"

    def field_text(self) -> str:
        same = all(o == self.opponents[0] for o in self.opponents)
        return (f"{self.opponents[0]} ×{len(self.opponents)}" if same
                else ", ".join(self.opponents))


def rows() -> list[Row]:
    """Every row of the league: each setting's field, then its mixed tables."""
    out: list[Row] = []
    for s in SETTINGS:
        out += [Row(s, (level,) * (s.players - 1)) for level in FIELD]
        out += [Row(s, table) for table in s.mixed]
    return out


def play_row(row: Row, subject: str, games: int, jobs: int,
             iterations: int | None = None, journal: str | None = None) -> dict[str, Any]:
    """The arena's summary of the subject (entrant 0) against the row's table;
    ``iterations`` overrides the setting's budget (a quick look, never the table's)."""
    s = row.setting
    return run_arena(s.game, [subject, *row.opponents], games, row.seed, jobs,
                     options=s.options, iterations=iterations or s.iterations,
                     journal_path=journal)


def seat_share(entrant: dict[str, Any], first: bool) -> tuple[float, int]:
    """(win shares, games) of an entrant as the first governor (seat 0) or elsewhere."""
    by_seat = entrant.get("by_seat", [])
    cells = by_seat[:1] if first else by_seat[1:]
    return sum(w for _, w in cells), sum(g for g, _ in cells)


def rate(wins: float, games: int) -> str:
    if not games:
        return "–"
    lo, hi = wilson(wins, games)
    return f"{wins / games:.0%} [{lo:.0%}, {hi:.0%}]"


HEADER = ("| setting | subject vs | budget a move | games | subject wins | 95 % CI | fair share "
          "| as governor (seat 0) | other seats | avg score (subject / others) |\n"
          "|---|---|---|---|---|---|---|---|---|---|")


def table_line(row: Row, summary: dict[str, Any]) -> str:
    s = row.setting
    first, others = summary["bots"][0], summary["bots"][1:]
    lo, hi = first["ci95"]
    budget = f"{s.iterations} it." + (f" (≈ {s.seconds})" if s.seconds else "")
    avg = sum(b["avg_score"] for b in others) / len(others)
    return (f"| {s.name} | {row.field_text()} | {budget} | {summary['games']} | "
            f"{first['wins']:g} ({first['win_rate']:.0%}) | [{lo:.0%}, {hi:.0%}] | "
            f"{1 / s.players:.0%} | {rate(*seat_share(first, True))} | "
            f"{rate(*seat_share(first, False))} | {first['avg_score']:.1f} / {avg:.1f} |")


def governor_lines(results: dict[str, dict[str, Any]]) -> list[str]:
    """Each level's share as the first governor against its share in the other seats,
    over every league game it sat in (issue 34, item 4)."""
    tally: dict[str, list[float]] = {}
    for summary in results.values():
        for b in summary["bots"]:
            t = tally.setdefault(b["level"], [0.0, 0, 0.0, 0])
            for i, first in enumerate((True, False)):
                wins, games = seat_share(b, first)
                t[2 * i] += wins
                t[2 * i + 1] += games
    lines = ["| level | as governor (seat 0) | other seats |", "|---|---|---|"]
    for level, (w0, g0, w1, g1) in sorted(tally.items()):
        lines.append(f"| {level} | {rate(w0, int(g0))} | {rate(w1, int(g1))} |")
    return lines


def run_league(subject: str, games: int, jobs: int, only: list[int] | None = None,
               log: Callable[[str], None] = lambda line: None,
               iterations: int | None = None,
               journal: str | None = None) -> dict[str, dict[str, Any]]:
    """The arena summary of every row played (all, or the indices in ``only``), by key."""
    results: dict[str, dict[str, Any]] = {}
    for i, row in enumerate(rows()):
        if only and i not in only:
            continue
        results[row.key] = play_row(row, subject, games, jobs, iterations, journal)
        log(f"league: row {i} ({subject}): {table_line(row, results[row.key])}")
    return results


def render(subject: str, results: dict[str, dict[str, Any]]) -> str:
    """The league's markdown: the rows played, then the governor's share per level."""
    body = [table_line(r, results[r.key]) for r in rows() if r.key in results]
    return "\n".join([f"Subject: `{subject}`.", "", HEADER, *body, "",
                      *governor_lines(results)])


def replace_block(text: str, block: str) -> str:
    """``text`` with ``block`` between the league markers (appended if absent)."""
    return replace_between(text, block, MARK_START, MARK_END)


@dataclass(frozen=True)
class Verdict:
    """One row of a comparison: the old subject's interval and the new one's rate."""

    key: str
    old_rate: float
    old_ci: tuple[float, float]
    new_rate: float
    games: int

    @property
    def dropped(self) -> bool:
        return self.new_rate < self.old_ci[0]

    def line(self) -> str:
        lo, hi = self.old_ci
        return (f"| {self.key} | {self.games} | {self.old_rate:.0%} [{lo:.0%}, {hi:.0%}] | "
                f"{self.new_rate:.0%} | {'DROPPED' if self.dropped else 'ok'} |")


def compare(old: dict[str, dict[str, Any]], new: dict[str, dict[str, Any]]) -> list[Verdict]:
    """Row by row (the rows both played), whether the new subject's win rate fell below
    the old one's 95 % interval: the gate a change to a bot must pass."""
    verdicts = []
    for key, before in old.items():
        after = new.get(key)
        if after is None:
            continue
        a, b = before["bots"][0], after["bots"][0]
        lo, hi = a["ci95"]
        verdicts.append(Verdict(key, a["win_rate"], (lo, hi), b["win_rate"],
                                min(before["games"], after["games"])))
    return verdicts


COMPARE_HEADER = ("| row | games | old subject [95 % CI] | new subject | verdict |\n"
                  "|---|---|---|---|---|")


def save(path: str, subject: str, results: dict[str, dict[str, Any]]) -> None:
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"subject": subject, "rows": results}, f)


def load(path: str) -> tuple[str, dict[str, dict[str, Any]]]:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    return str(data["subject"]), dict(data["rows"])

"""Calibrating the coach's numbers: play league games, fit the chance map, report it.

`python -m server.tools.calibrate --games 60 --journal docs/calibration.jsonl
[--stop-at 21:05] [--map] [--write docs/bots.md]` plays what the journal lacks of 60
rounds of games (server/tools/calibrate_games.py: the coached level, ``hard``, against
the league's tables, a game of each a round, a costly one every few rounds; seats
rotated, fixed iterations), then judges the map cross-fitted: the even games by a map
fitted on the odd ones and the other way round, so every position is judged by a map
that never saw its game (the Brier score and the reliability table, raw and
calibrated). "Rough" is the fewest tries from which such a map holds (``decide``); the
fit (isotonic or logistic) is the one that judges better there. ``--map`` writes that
fit on all the games into the package (server/bots/calibration.json, what the coach
and the review show); ``--write`` replaces the block between the ``<!-- calibration
-->`` markers of a markdown file; ``--report-only`` plays nothing. Stopped anywhere,
the same command resumes.
"""

from __future__ import annotations

import argparse
import calendar
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from server.bots import journal
from server.bots.calibration import MAP_FILE, POOLED, ChanceMap
from server.tools.calibrate_fit import (
    FITS,
    TRIES_BUCKETS,
    Position,
    brier,
    bucket_lines,
    holds_from,
    reliability,
    table_lines,
)
from server.tools.calibrate_games import SKIP, TABLES, Table, collect, read
from server.tools.marked import replace_between

MARK_START = "<!-- calibration -->"
MARK_END = "<!-- /calibration -->"
OWN_MAP = 200
"""A game gets its own map from this many fitting positions; below, the pooled one."""
TIE_Z = 1.0
"""Two estimates within one standard error of their difference are a tie."""


def positions(kept: dict[str, dict[int, Any]], fold: int | None = None,
              tables: Sequence[Table] = TABLES) -> list[Position]:
    """The positions of the finished games: of the even games (fold 0), the odd ones
    (fold 1) or all (None)."""
    by_name = {t.name: t for t in tables}
    out = []
    for name, records in kept.items():
        table = by_name[name]
        for index, record in records.items():
            if (fold is not None and index % 2 != fold) or not record.get("finished"):
                continue
            out += [Position(table.game, float(raw), int(tries), float(record["share"]),
                             table.setting, index) for raw, tries, _ in record["positions"]]
    return out


def fit(fitting: Sequence[Position], method: str) -> dict[str, ChanceMap]:
    """The pooled map, and one per game with enough positions, by ``method``."""
    how = FITS[method]
    maps = {POOLED: how([(p.raw, p.result) for p in fitting])}
    for game in sorted({p.game for p in fitting}):
        mine = [(p.raw, p.result) for p in fitting if p.game == game]
        if len(mine) >= OWN_MAP:
            maps[game] = how(mine)
    return maps


def chance_of(maps: dict[str, ChanceMap]) -> Callable[[Position], float]:
    return lambda p: maps.get(p.game, maps[POOLED])(p.raw)


def cross_fit(kept: dict[str, dict[int, Any]], method: str, least: int = 1,
              tables: Sequence[Table] = TABLES) -> list[tuple[Position, float]]:
    """Every position with the chance a map fitted on the *other* games gives it (on
    their positions of ``least`` tries or more, the ones shown as a number): the even
    games judged by a map of the odd ones, and the odd by one of the even."""
    out: list[tuple[Position, float]] = []
    for fold in (0, 1):
        judged = positions(kept, fold, tables)
        fitting = [p for p in positions(kept, 1 - fold, tables) if p.tries >= least]
        if judged and fitting:
            chance = chance_of(fit(fitting, method))
            out += [(p, chance(p)) for p in judged]
    return out


def choose(kept: dict[str, dict[int, Any]], least: int = 1, tables: Sequence[Table] = TABLES
           ) -> tuple[str, dict[str, list[tuple[Position, float]]]]:
    """The fit whose cross-fitted chances score the better Brier on the positions of
    ``least`` tries or more, and each fit's chances."""
    judged = {method: cross_fit(kept, method, least, tables) for method in FITS}
    return min(judged, key=lambda m: _score(judged[m], least)), judged


def decide(kept: dict[str, dict[int, Any]], tables: Sequence[Table] = TABLES
           ) -> tuple[int, str, dict[str, list[tuple[Position, float]]]]:
    """The rough threshold, the fit and the cross-fitted chances: the lowest tries
    bound where a map fitted on the positions from there up holds, on other games,
    for every tries bucket from there up (``holds_from``); else the highest bound."""
    for low in TRIES_BUCKETS:
        method, judged = choose(kept, low, tables)
        chances = {id(p): c for p, c in judged[method]}
        if holds_from([p for p, _ in judged[method]], _lookup(chances), low):
            break
    return low, method, judged


def _lookup(chances: dict[int, float]) -> Callable[[Position], float]:
    return lambda p: chances[id(p)]


def _score(judged: Sequence[tuple[Position, float]], least: int = 1) -> float:
    mine = [(p, c) for p, c in judged if p.tries >= least]
    return brier([c for _, c in mine], [p.result for p, _ in mine])


def _raw(p: Position) -> float:
    return min(1.0, max(0.0, p.raw))


def report(kept: dict[str, dict[int, Any]], method: str,
           judged: dict[str, list[tuple[Position, float]]], rough: int) -> str:
    """The calibration block of docs/bots.md: each position judged by a map fitted on
    games other than its own (``cross_fit``)."""
    mine = judged[method]
    held = [p for p, _ in mine]
    chance = {id(p): c for p, c in mine}
    results = [p.result for p in held]
    raw = [_raw(p) for p in held]
    calibrated = [chance[id(p)] for p in held]
    shown = [p for p in held if p.tries >= rough]
    games = {name: sum(1 for r in recs.values() if r.get("finished"))
             for name, recs in kept.items()}
    load = os.getloadavg()

    def scores(label: str, some: list[Position]) -> str:
        outcome = [p.result for p in some]
        return (f"| {label} ({len(some)}) | {brier([_raw(p) for p in some], outcome):.3f} | "
                f"{brier([chance[id(p)] for p in some], outcome):.3f} | {_base(outcome):.3f} |")

    settings = sorted({p.setting for p in held})
    lines = [
        f"Measured {time.strftime('%Y-%m-%d', time.gmtime())} on {platform.machine()}, "
        f"{os.cpu_count()} cores shared with other work (load average at the end "
        f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}; the games play fixed iterations, "
        f"so the load changes their time, not their moves); code "
        f"{journal.code_digest(SKIP)}.",
        "",
        "| table | games |", "|---|---|",
        *[f"| {name} | {done} |" for name, done in games.items() if done],
        "",
        f"**{len(held)} positions**, each judged by a map fitted on the other games only "
        f"(the even games' map judges the odd games and the other way round; never a "
        f"position by a map that saw its game). **Rough below {rough} tries**: the lowest "
        f"bound ({', '.join(map(str, TRIES_BUCKETS))}) where a map fitted on the "
        f"positions from there up holds for every tries bucket from there up (30 "
        f"positions or more: within 10 points on average); the map is fitted on those "
        f"positions only (the rest show no number). The map: **{method}** (cross-fitted "
        f"Brier on the positions shown: "
        + ", ".join(f"{m} {_score(j, rough):.3f}" for m, j in judged.items())
        + "); the one shipped is fitted the same way on all the games.",
        "",
        "| positions | Brier raw | Brier calibrated | base rate (always the mean) |",
        "|---|---|---|---|",
        scores("all", held),
        scores(f"shown as a number: {rough}+ tries", shown),
        *[scores(s, [p for p in held if p.setting == s]) for s in settings],
        "",
        "Reliability, raw estimate (what the coach showed before):",
        "",
        *table_lines(reliability(raw, results)),
        "",
        "Reliability, calibrated, every position (as if every number were shown):",
        "",
        *table_lines(reliability(calibrated, results)),
        "",
        f"Reliability, raw estimate, the positions shown as a number ({rough}+ tries):",
        "",
        *table_lines(reliability([_raw(p) for p in shown], [p.result for p in shown])),
        "",
        f"Reliability, calibrated, the positions shown as a number ({rough}+ tries): "
        f"**what the coach shows now**",
        "",
        *table_lines(reliability([chance[id(p)] for p in shown], [p.result for p in shown])),
        "",
        "By tries, calibrated (where \"rough\" was decided):",
        "",
        *bucket_lines(held, lambda p: chance[id(p)]),
    ]
    return "\n".join(lines)


def _base(results: list[float]) -> float:
    mean = sum(results) / max(1, len(results))
    return brier([mean] * len(results), results)


def map_data(maps: dict[str, ChanceMap], rough: int, fitting: int, method: str
             ) -> dict[str, Any]:
    return {"fitted": time.strftime("%Y-%m-%d", time.gmtime()),
            "code": journal.code_digest(SKIP), "positions": fitting, "method": method,
            "rough_tries": rough, "tie_z": TIE_Z,
            "maps": {name: m.to_data() for name, m in maps.items()}}


def replace_block(text: str, block: str) -> str:
    return replace_between(text, block, MARK_START, MARK_END)


def stop_time(hhmm: str | None) -> float | None:
    """Today's (UTC) epoch time at HH:MM."""
    if not hhmm:
        return None
    day = time.strftime("%Y-%m-%d", time.gmtime())
    return float(calendar.timegm(time.strptime(f"{day} {hhmm}", "%Y-%m-%d %H:%M")))


def _log(line: str) -> None:
    print(time.strftime("%H:%M:%S"), line, file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m server.tools.calibrate",
                                 description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=60,
                    help="rounds: a game of each table a round (default 60)")
    ap.add_argument("--journal", default="docs/calibration.jsonl",
                    help="the games played so far (default docs/calibration.jsonl)")
    ap.add_argument("--stop-at", help="start no game after HH:MM (UTC)")
    ap.add_argument("--report-only", action="store_true", help="play nothing")
    ap.add_argument("--map", action="store_true", help=f"write the fitted map to {MAP_FILE}")
    ap.add_argument("--write", metavar="MARKDOWN", help="replace the calibration block")
    args = ap.parse_args(argv)
    if args.report_only:
        kept = read(args.journal)
    else:
        kept = collect(args.journal, args.games, stop_time(args.stop_at), _log)
    if not positions(kept, 0) or not positions(kept, 1):
        print("calibrate: too few games to fit on some and judge on others", file=sys.stderr)
        return 1
    rough, method, judged = decide(kept)
    block = report(kept, method, judged, rough)
    print(block)
    if args.map:
        every = positions(kept)
        shown = [p for p in every if p.tries >= rough]
        MAP_FILE.write_text(json.dumps(map_data(fit(shown, method), rough, len(shown),
                                                method), indent=1) + "\n", encoding="utf-8")
    if args.write:
        with open(args.write, encoding="utf-8") as f:
            text = f.read()
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(replace_block(text, block))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Calibrating the coach's numbers: play league games, fit the chance map, report it.

`python -m server.tools.calibrate --games 40 --journal calibration.jsonl
[--stop-at 21:05] [--map] [--write docs/bots.md]` plays what the journal lacks of 40
games a table (server/tools/calibrate_games.py: the coached level, ``hard``, against the
league's tables, seats rotated, fixed iterations), then fits the map on the even games
and judges it on the odd ones: the Brier score and the reliability table, raw and
calibrated, on positions the fit never saw. ``--map`` writes the fitted map into the
package (server/bots/calibration.json, what the coach and the review show); ``--write``
replaces the block between the ``<!-- calibration -->`` markers of a markdown file;
``--report-only`` plays nothing. Stopped anywhere, the same command resumes.
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
    Position,
    brier,
    bucket_lines,
    isotonic,
    reliability,
    rough_tries,
    table_lines,
)
from server.tools.calibrate_games import SKIP, TABLES, Table, collect, read

MARK_START = "<!-- calibration -->"
MARK_END = "<!-- /calibration -->"
OWN_MAP = 200
"""A game gets its own map from this many fitting positions; below, the pooled one."""
TIE_Z = 1.0
"""Two estimates within one standard error of their difference are a tie."""


def positions(kept: dict[str, dict[int, Any]], held_out: bool,
              tables: Sequence[Table] = TABLES) -> list[Position]:
    """The positions of the odd games (held out) or of the even ones (to fit on)."""
    by_name = {t.name: t for t in tables}
    out = []
    for name, records in kept.items():
        table = by_name[name]
        for index, record in records.items():
            if index % 2 != int(held_out) or not record.get("finished"):
                continue
            out += [Position(table.game, float(raw), int(tries), float(record["share"]),
                             table.setting) for raw, tries, _ in record["positions"]]
    return out


def fit(fitting: list[Position]) -> dict[str, ChanceMap]:
    maps = {POOLED: isotonic([(p.raw, p.result) for p in fitting])}
    for game in sorted({p.game for p in fitting}):
        mine = [(p.raw, p.result) for p in fitting if p.game == game]
        if len(mine) >= OWN_MAP:
            maps[game] = isotonic(mine)
    return maps


def chance_of(maps: dict[str, ChanceMap]) -> Callable[[Position], float]:
    return lambda p: maps.get(p.game, maps[POOLED])(p.raw)


def report(kept: dict[str, dict[int, Any]], maps: dict[str, ChanceMap], rough: int,
           fitting: int, tables: Sequence[Table] = TABLES) -> str:
    """The calibration block of docs/bots.md, judged on the held-out games."""
    held = positions(kept, held_out=True, tables=tables)
    chance = chance_of(maps)
    results = [p.result for p in held]
    raw = [min(1.0, max(0.0, p.raw)) for p in held]
    calibrated = [chance(p) for p in held]
    shown = [p for p in held if p.tries >= rough]
    games = {name: (sum(1 for r in recs.values() if r.get("finished")), len(recs))
             for name, recs in kept.items()}
    load = os.getloadavg()
    lines = [
        f"Measured {time.strftime('%Y-%m-%d', time.gmtime())} on {platform.machine()}, "
        f"{os.cpu_count()} cores shared with other work (load average at the end "
        f"{load[0]:.1f} / {load[1]:.1f} / {load[2]:.1f}; the games play fixed iterations, "
        f"so the load changes their time, not their moves); code "
        f"{journal.code_digest(SKIP)}.",
        "",
        "| table | games |", "|---|---|",
        *[f"| {name} | {done} |" for name, (done, _) in games.items() if done],
        "",
        f"Positions: {fitting} from the even games fitted the map, **{len(held)}** from the "
        f"odd games judge it (never the same games). Rough below **{rough}** tries "
        f"(chosen on the fitting games: the lowest bound from which every tries bucket is "
        f"within 10 points on average).",
        "",
        "| held-out positions | Brier raw | Brier calibrated | base rate (always the mean) |",
        "|---|---|---|---|",
        f"| all ({len(held)}) | {brier(raw, results):.3f} | {brier(calibrated, results):.3f} | "
        f"{_base(results):.3f} |",
        f"| shown as a number ({len(shown)}: {rough}+ tries) | "
        f"{brier([min(1.0, max(0.0, p.raw)) for p in shown], [p.result for p in shown]):.3f} "
        f"| {brier([chance(p) for p in shown], [p.result for p in shown]):.3f} | "
        f"{_base([p.result for p in shown]):.3f} |",
        *[f"| {setting} ({len(mine)}) | "
          f"{brier([min(1.0, max(0.0, p.raw)) for p in mine], [p.result for p in mine]):.3f} | "
          f"{brier([chance(p) for p in mine], [p.result for p in mine]):.3f} | "
          f"{_base([p.result for p in mine]):.3f} |"
          for setting in sorted({p.setting for p in held})
          for mine in [[p for p in held if p.setting == setting]]],
        "",
        "Reliability, raw estimate (what the coach showed before):",
        "",
        *table_lines(reliability(raw, results)),
        "",
        "Reliability, calibrated (what the coach shows now), held-out positions:",
        "",
        *table_lines(reliability(calibrated, results)),
        "",
        "By tries, calibrated, held-out positions:",
        "",
        *bucket_lines(held, chance),
    ]
    return "\n".join(lines)


def _base(results: list[float]) -> float:
    mean = sum(results) / max(1, len(results))
    return brier([mean] * len(results), results)


def map_data(maps: dict[str, ChanceMap], rough: int, fitting: int) -> dict[str, Any]:
    return {"fitted": time.strftime("%Y-%m-%d", time.gmtime()),
            "code": journal.code_digest(SKIP), "positions": fitting,
            "rough_tries": rough, "tie_z": TIE_Z,
            "maps": {name: m.to_data() for name, m in maps.items()}}


def replace_block(text: str, block: str) -> str:
    framed = f"{MARK_START}\n{block}\n{MARK_END}"
    start, end = text.find(MARK_START), text.find(MARK_END)
    if start < 0 or end < start:
        return text.rstrip("\n") + "\n\n" + framed + "\n"
    return text[:start] + framed + text[end + len(MARK_END):]


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
    ap.add_argument("--games", type=int, default=40, help="games a table (default 40)")
    ap.add_argument("--journal", default="calibration.jsonl")
    ap.add_argument("--stop-at", help="start no game after HH:MM (UTC)")
    ap.add_argument("--report-only", action="store_true", help="play nothing")
    ap.add_argument("--map", action="store_true", help=f"write the fitted map to {MAP_FILE}")
    ap.add_argument("--write", metavar="MARKDOWN", help="replace the calibration block")
    args = ap.parse_args(argv)
    if args.report_only:
        kept = read(args.journal)
    else:
        kept = collect(args.journal, args.games, stop_time(args.stop_at), _log)
    fitting = positions(kept, held_out=False)
    if not fitting or not positions(kept, held_out=True):
        print("calibrate: too few games to fit on some and judge on others", file=sys.stderr)
        return 1
    maps = fit(fitting)
    rough = rough_tries(fitting, chance_of(maps))
    block = report(kept, maps, rough, len(fitting))
    print(block)
    if args.map:
        MAP_FILE.write_text(json.dumps(map_data(maps, rough, len(fitting)), indent=1) + "\n",
                            encoding="utf-8")
    if args.write:
        with open(args.write, encoding="utf-8") as f:
            text = f.read()
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(replace_block(text, block))
    return 0


if __name__ == "__main__":
    sys.exit(main())

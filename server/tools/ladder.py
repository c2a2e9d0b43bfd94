"""The bot ladder: every level against the one below it, as one table in docs/bots.md;
with ``--league``, one level against the whole field (server/tools/league.py).

`python -m server.tools.ladder --write docs/bots.md [--jobs 2] [--games N]` plays each
row with `prtui arena` (seats rotated, ties split, Wilson 95 % intervals) and replaces
the table between the ``<!-- ladder -->`` markers; without ``--write`` it prints it.

Search levels play a fixed number of iterations a move (``--iterations``), never wall
time, so a figure does not depend on the machine's load: a strength change is measured
as such. A row's ``seconds`` says what its budget is worth on one core: hard's
iterations (rounds of rollout play) per CPU-second measured by ``--calibrate``
(docs/bots.md, Ladder).

`python -m server.tools.ladder --league [--subject hard] [--baseline hard@2026-12-03]
[--games 48] [--save FILE] [--write docs/bots.md]` plays the league; with
``--baseline`` it plays the baseline's league on the same games too and says, row by
row, whether the subject fell below the baseline's interval (exit status 1 if one
did); ``--compare OLD.json NEW.json`` does the same for two saved runs.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from server.bots.arena import run_arena
from server.bots.levels import known_level, make_bot
from server.bots.puerto_rico_search import HARD_HORIZON, PuertoRicoSearch
from server.games.registry import get_game
from server.tools import league

MARK_START = "<!-- ladder -->"
MARK_END = "<!-- /ladder -->"
ALL_FOUR = {"expansions": ["new_buildings", "citizens", "smuggler", "festival"]}


@dataclass(frozen=True)
class Row:
    """One arena run of the ladder: the first entrant against the rest."""

    game: str
    setting: str
    bots: tuple[str, ...]
    iterations: int | None = None
    seconds: str = ""  # what the budget is worth on one core, as said in the issue
    target: float | None = None  # the first entrant's win rate the issue asks for
    options: dict[str, Any] = field(default_factory=dict)
    seed: int = 1
    games: int = 48


# games: 48 for each figure issue 25 names (a target), 24 for the others
ROWS: tuple[Row, ...] = (
    Row("puerto-rico", "base", ("easy", "random", "random"), games=24),
    Row("puerto-rico", "base", ("medium", "easy", "easy"), 160, "0.5 s", games=24),
    Row("puerto-rico", "base", ("hard", "easy", "easy"), 300, "0.5 s", 0.90),
    Row("puerto-rico", "base", ("hard", "easy", "easy"), 60, "0.1 s", 0.65),
    Row("puerto-rico", "all four", ("easy", "random", "random", "random"), options=ALL_FOUR,
        games=24),
    Row("puerto-rico", "all four", ("medium", "easy", "easy", "easy"), 64, "0.5 s",
        options=ALL_FOUR, games=24),
    Row("puerto-rico", "all four", ("hard", "easy", "easy", "easy"), 128, "0.5 s", 0.70,
        options=ALL_FOUR),
    Row("san-juan", "", ("easy", "random", "random", "random"), games=24),
    Row("san-juan", "", ("medium", "easy", "easy", "easy"), 50, "", games=24),
    Row("san-juan", "", ("hard", "easy", "easy", "easy"), 50, "", games=24),
)


def entrants(bots: tuple[str, ...]) -> str:
    rest = bots[1:]
    same = all(b == rest[0] for b in rest)
    return f"{bots[0]} vs {rest[0]} ×{len(rest)}" if same else ", ".join(bots)


def run_row(row: Row, games: int | None, jobs: int) -> dict[str, Any]:
    return run_arena(row.game, list(row.bots), games or row.games, row.seed, jobs,
                     options=row.options, iterations=row.iterations)


def _prefix(row: Row) -> str:
    """The columns that say what a row plays: game, players, entrants, budget."""
    budget = "–"
    if row.iterations:
        budget = f"{row.iterations} it." + (f" (≈ {row.seconds})" if row.seconds else "")
    game = get_game(row.game).title
    setting = f" {row.setting}" if row.setting else ""
    return f"| {game}{setting} | {len(row.bots)} | {entrants(row.bots)} | {budget} |"


def _target(row: Row, rate: float | None) -> str:
    if row.target is None:
        return "–"
    if rate is None:
        return f"≥ {row.target:.0%}"
    return f"≥ {row.target:.0%} " + ("met" if rate >= row.target else "not met")


def table_line(row: Row, summary: dict[str, Any]) -> str:
    first = summary["bots"][0]
    others = summary["bots"][1:]
    lo, hi = first["ci95"]
    avg_others = sum(b["avg_score"] for b in others) / len(others)
    return (f"{_prefix(row)} {summary['games']} | {row.seed} | "
            f"{first['wins']:g} ({first['win_rate']:.0%}) | [{lo:.0%}, {hi:.0%}] | "
            f"{first['avg_score']:.1f} / {avg_others:.1f} | {first['duds']}/{first['roles']} | "
            f"{_target(row, first['win_rate'])} |")


def unmeasured_line(row: Row) -> str:
    return f"{_prefix(row)} not measured yet | | | | | | {_target(row, None)} |"


HEADER = ("| game | players | entrants (seats rotated) | budget a move | games | seed | "
          "first entrant wins | 95 % CI | avg score (first / others) | duds / roles | "
          "target |\n|---|---|---|---|---|---|---|---|---|---|---|")


def build_rows(games: int | None, jobs: int, only: list[int] | None = None,
               write: str | None = None, log: Any = sys.stderr) -> dict[int, str]:
    """The table line of each row played (all, or those in ``only``), by row index;
    with ``write``, each row goes into that file as soon as it is measured (a long
    run stopped halfway keeps what it measured)."""
    lines: dict[int, str] = {}
    for i, row in enumerate(ROWS):
        if only and i not in only:
            continue
        started = time.perf_counter()
        lines[i] = table_line(row, run_row(row, games, jobs))
        print(f"ladder: row {i} in {time.perf_counter() - started:.0f} s: {lines[i]}",
              file=log, flush=True)
        if write:  # read only now: another run may have written its rows meanwhile
            with open(write, encoding="utf-8") as f:
                text = f.read()
            with open(write, "w", encoding="utf-8") as f:
                f.write(replace_table(text, {i: lines[i]}))
    return lines


def current_rows(text: str) -> list[str]:
    """The table lines now between the markers (header left out)."""
    start, end = text.find(MARK_START), text.find(MARK_END)
    if start < 0 or end < start:
        return []
    body = text[start + len(MARK_START):end].strip().splitlines()
    return [line for line in body[2:] if line.startswith("|")]


def replace_table(text: str, lines: dict[int, str]) -> str:
    """``text`` with the ladder table between the markers (appended if absent); rows
    not in ``lines`` keep their current line (``--only``), or read 'not measured'."""
    old = current_rows(text)
    if len(old) != len(ROWS):
        old = [unmeasured_line(r) for r in ROWS]
    table = "\n".join([HEADER, *(lines.get(i, old[i]) for i in range(len(ROWS)))])
    block = f"{MARK_START}\n{table}\n{MARK_END}"
    start, end = text.find(MARK_START), text.find(MARK_END)
    if start < 0 or end < start:
        return text.rstrip("\n") + "\n\n" + block + "\n"
    return text[:start] + block + text[end + len(MARK_END):]


def calibrate(players: int, options: dict[str, Any], cap: int, seed: int = 3) -> float:
    """Iterations (rounds of rollout play) per CPU-second of Puerto Rico's hard over
    one game against easy, at a cap of ``cap`` a move (the per-move overhead counts)."""
    game = get_game("puerto-rico")
    state = game.setup(players, game.normalize_options(players, dict(options)), seed)
    hard, easy = PuertoRicoSearch(1, None, cap, HARD_HORIZON), make_bot("easy", game, 2)
    cpu, spent = 0.0, 0
    while not game.is_over(state):
        seat = game.to_move(state)[0]
        started = time.process_time()
        action = (hard if seat == 0 else easy).choose(game, state, seat)
        if seat == 0 and hard.last_iterations:
            cpu += time.process_time() - started
            spent += hard.last_iterations
            hard.last_iterations = 0
        game.apply(state, seat, action)
    return spent / max(cpu, 1e-9)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m server.tools.ladder",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--write", metavar="FILE", help="replace the table in FILE")
    parser.add_argument("--games", type=int,
                        help="games per row (default: 48 for the issue's figures, else 24)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--only", type=int, action="append",
                        help="play only row N (0-based; repeatable); --write then "
                             "replaces only those rows")
    parser.add_argument("--calibrate", action="store_true",
                        help="print hard's iterations per CPU-second (base 3p, all four 4p)")
    parser.add_argument("--league", action="store_true",
                        help="the league: --subject against the whole field")
    parser.add_argument("--subject", default="hard", help="the league's level (hard)")
    parser.add_argument("--baseline", metavar="LEVEL",
                        help="also play LEVEL's league and gate the subject against it")
    parser.add_argument("--save", metavar="FILE",
                        help="the league's results as JSON (rows saved before for the "
                             "same subject are kept: a league can be run row by row)")
    parser.add_argument("--iterations", type=int,
                        help="league: every row at this budget a move (a quick look only)")
    parser.add_argument("--journal", metavar="FILE",
                        help="league: each game written down as it ends; run again with "
                             "the same FILE, only the games missing are played")
    parser.add_argument("--compare", nargs=2, metavar=("OLD", "NEW"),
                        help="gate two saved league runs (--save) row by row")
    args = parser.parse_args(argv)
    if args.compare:
        return _gate(league.load(args.compare[0])[1], league.load(args.compare[1])[1])
    if args.league:
        return _league(args)
    if args.calibrate:
        for players, options, cap in ((3, {}, 300), (4, ALL_FOUR, 128)):
            print(f"{players} players {options or 'base'}, {cap} a move: "
                  f"{calibrate(players, options, cap):.0f} iterations per CPU-second")
        return 0
    if args.only and not all(0 <= i < len(ROWS) for i in args.only):
        print(f"ladder: --only takes a row from 0 to {len(ROWS) - 1}", file=sys.stderr)
        return 2
    lines = build_rows(args.games, args.jobs, args.only, args.write)
    if not args.write:
        print("\n".join([HEADER, *lines.values()]))
    return 0


def _league(args: argparse.Namespace) -> int:
    rows = league.rows()
    for level in (args.subject, args.baseline):
        if level is not None and not known_level(level):
            print(f"ladder: unknown level {level!r}", file=sys.stderr)
            return 2
    if args.only and not all(0 <= i < len(rows) for i in args.only):
        print(f"ladder: --only takes a league row from 0 to {len(rows) - 1}", file=sys.stderr)
        return 2
    if args.games is not None and args.games < 1:
        print("ladder: --games must be at least 1", file=sys.stderr)
        return 2

    def log(line: str) -> None:
        print(line, file=sys.stderr, flush=True)

    games = args.games or 48
    results = league.run_league(args.subject, games, args.jobs, args.only, log,
                                args.iterations, args.journal)
    if args.save:  # rows saved before for the same subject stay, played ones replaced
        if os.path.exists(args.save) and league.load(args.save)[0] == args.subject:
            results = {**league.load(args.save)[1], **results}
        league.save(args.save, args.subject, results)
    text = league.render(args.subject, results)
    if args.write:
        with open(args.write, encoding="utf-8") as f:
            doc = f.read()
        with open(args.write, "w", encoding="utf-8") as f:
            f.write(league.replace_block(doc, text))
    else:
        print(text)
    if args.baseline is None:
        return 0
    old = league.run_league(args.baseline, games, args.jobs, args.only, log, args.iterations,
                            args.journal)
    return _gate(old, results)


def _gate(old: dict[str, Any], new: dict[str, Any]) -> int:
    """Print the comparison; 1 if a row of ``new`` fell below ``old``'s interval."""
    verdicts = league.compare(old, new)
    print("\n".join([league.COMPARE_HEADER, *(v.line() for v in verdicts)]))
    dropped = [v.key for v in verdicts if v.dropped]
    print(f"gate: {len(dropped)} of {len(verdicts)} rows dropped" +
          (f": {'; '.join(dropped)}" if dropped else " — passes"))
    return 1 if dropped else 0


if __name__ == "__main__":
    sys.exit(main())

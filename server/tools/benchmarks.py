"""`make bench`: run the benchmarks as the exact commands a reader can repeat, and write
docs/benchmarks.md with the machine, the date, those commands and their figures.

Each bench runs as its own `prtui bench ... --json` subprocess so that the page quotes
commands that really produced its numbers. The server and client benches run only
when their modules exist; a missing or failing bench is reported, never fatal.
"""

from __future__ import annotations

import argparse
import contextlib
import datetime as dt
import importlib.util
import json
import os
import platform
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

from server.tools.bench_run import Run, _figure
from server.tools.soak import soak_section

ENGINE_GAMES = 500  # per run: a couple of seconds each at the target speed
TARGET_4P = 300.0  # four-player games per second, the engine's target (issue 14)
TARGET_ALL_4P = 250.0  # the same with every choice of the game's multi options (expansions)
SAN_JUAN = "san-juan"
TARGET_SAN_JUAN_4P = 300.0  # issue 12: random four-player San Juan games per second
SOAK_RECORD = Path(__file__).resolve().parents[2] / "docs" / "soak.json"
"""Figures of the last soak runs (server/tools/soak.py --record), quoted on the page."""


def machine() -> dict[str, str]:
    """CPU model, cores and Python version of this machine."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "cpu": model,
        "cores": str(os.cpu_count() or 1),
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "os": platform.platform(terse=True),
    }


def run_one(run: Run, timeout: float) -> Run:
    """Run one bench command; keep the JSON line it prints last. The command runs in
    its own session, and a timeout kills the whole process group: an arena's worker
    processes with it, which would otherwise compete with the next benches."""
    with subprocess.Popen(
        [sys.executable, "-m", "prtui", *run.argv],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    ) as proc:
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
            run.problem = f"did not finish within {timeout:.0f} s"
            return run
    lines = [ln for ln in out.splitlines() if ln.startswith("{")]
    if not lines:
        said = err.strip().splitlines() or out.strip().splitlines()
        run.problem = f"exit {proc.returncode}: {(said or ['no output'])[-1]}"
        return run
    try:
        run.figures = json.loads(lines[-1])
    except ValueError as exc:
        run.problem = f"output is not JSON: {exc}"
    if proc.returncode != 0:  # figures printed, but the bench judged them (e.g. a target)
        run.notes.append(f"The command exited with status {proc.returncode}.")
    return run


# (players, entrants, games, move time): the strength targets of the bot levels
ARENA = [
    (4, "easy,random,random,random", 100, None),
    (4, "hard,easy,easy,easy", 16, 0.2),
    (4, "medium,easy,easy,easy", 16, 0.2),
    (2, "hard,easy", 16, 0.2),
]
ARENA_TARGETS = {"easy,random,random,random": 0.90, "hard,easy,easy,easy": 0.50,
                 "hard,easy": 0.75}


def arena_runs() -> list[Run]:
    runs = []
    for players, bots, games, move_time in ARENA:
        argv = ["arena", "--players", str(players), "--bots", bots, "--games", str(games),
                "--seed", "1", "--jobs", "2", "--json"]
        if move_time is not None:
            argv[-1:-1] = ["--move-time", str(move_time)]
        runs.append(Run(f"arena, {players} players: {bots}", argv))
    return runs


def _every_choice(game_name: str | None = None) -> list[str]:
    """``--option`` words choosing every value of each of the game's multi options
    (Puerto Rico: every expansion), read from its own description."""
    from server.games import registry

    game = registry.get_game(game_name or registry.DEFAULT_GAME)
    out: list[str] = []
    for spec in game.options_spec:
        if spec.type == "multi":
            out += ["--option", f"{spec.name}={','.join(spec.choices)}"]
    return out


def planned_runs(games: int, seconds: float, engine_only: bool = False) -> list[Run]:
    runs = [
        Run(f"engine, {n} players, classic",
            ["bench", "engine", "--players", str(n), "--games", str(games), "--seed", "1",
             "--json"])
        for n in (2, 3, 4, 5)
    ]
    runs.append(Run("engine, 4 players, 1897",
                    ["bench", "engine", "--players", "4", "--games", str(games),
                     "--edition", "1897", "--seed", "1", "--json"]))
    every = _every_choice()
    if every:
        runs.append(Run("engine, 4 players, every expansion",
                        ["bench", "engine", "--players", "4", "--games", str(games),
                         *every, "--seed", "1", "--json"]))
    runs += [
        Run(f"engine, San Juan, {n} players",
            ["bench", "engine", "--game", SAN_JUAN, "--players", str(n), "--games", str(games),
             "--seed", "1", "--json"])
        for n in (2, 3, 4)
    ]
    if engine_only:
        return runs
    if importlib.util.find_spec("server.net.bench") is not None:
        runs.append(Run("server: bot rooms on loopback",
                        ["bench", "server", "--seconds", str(seconds), "--json"]))
        runs.append(Run(VIEWS_RUN, [
            "bench", "server", "--rooms", "20", "--players", "5", "--spectators", "4",
            "--edition", "1897", *every, "--think", "0.3", "--seconds", str(seconds),
            "--views", "both", "--json"]))
    else:
        runs.append(Run("server", [], problem="server/net/bench.py not present yet"))
    if importlib.util.find_spec("prtui.bench") is not None:
        runs.append(Run("client: diff to screen", ["bench", "client", "--json"]))
        runs.append(Run("client: diff to screen, San Juan",
                        ["bench", "client", "--game", SAN_JUAN, "--json"]))
    else:
        runs.append(Run("client", [], problem="prtui/bench.py not present yet"))
    from server.tools.hostile_report import hostile_runs
    from server.tools.web_report import web_runs

    return runs + hostile_runs() + web_runs() + arena_runs()


VIEWS_RUN = "server: views by audience against a whole view per viewer"


def _views_section(fig: dict[str, Any] | None) -> list[str]:
    """Issue 36's figure: server CPU per action, the old views and the new, one command."""
    if not fig:
        return []
    old, new = fig["per_viewer"], fig["per_audience"]
    change = fig.get("server_cpu_change")
    return [
        "## Server: views by audience",
        "",
        f"{new.get('rooms')} rooms of 5 players (1897, every expansion) with "
        f"{new.get('spectators_per_room')} spectators each, both ways in one command, the old "
        f"first: server CPU per action {_figure(old.get('server_cpu_ms_per_action'))} ms with a "
        f"whole view built and diffed per viewer, {_figure(new.get('server_cpu_ms_per_action'))}"
        f" ms by audience ({100 * float(change or 0):+.1f} %, target −35 % or better); act → "
        f"diff p99 {_figure(old.get('p99_ms'))} → {_figure(new.get('p99_ms'))} ms.",
        "",
    ]


OPTION_FLAGS = ("--option", "--edition", "--open-vp")
"""Flags that set a game option (the shortcuts of prtui/cli.py included)."""


def _options(figures: dict[str, Any]) -> str:
    """A run's game options as `key=value` words (what the game normalized them to)."""
    options = figures.get("options")
    if not isinstance(options, dict):
        return "-"
    words = []
    for k, v in options.items():
        if isinstance(v, list):  # a set of choices (expansions): none is left out
            if v:
                words.append(f"{k}={','.join(map(str, v))}")
        else:
            words.append(f"{k}={str(v).lower() if isinstance(v, bool) else v}")
    return " ".join(words) or "-"


def _engine_rows(engine: list[Run]) -> list[str]:
    out = [
        "| players | options | games | games/s (wall) | games/CPU-s | actions/s (wall) "
        "| actions/game | state bytes (max) | live clone bytes | games/CPU-s with labels and log |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in engine:
        f = r.figures or {}
        out.append(
            f"| {f.get('players')} | {_options(f)} | {f.get('games')} "
            f"| {_figure(f.get('games_per_s'))} | {_figure(f.get('games_per_cpu_s'))} "
            f"| {_figure(f.get('actions_per_s'))} "
            f"| {_figure(f.get('mean_actions'))} "
            f"| {_figure(f.get('state_bytes'))} ({_figure(f.get('state_bytes_max'))}) "
            f"| {_figure(f.get('live_state_bytes'))} "
            f"| {_figure(f.get('wire_games_per_cpu_s', '-'))} |"
        )
    return out


def _target(engine: list[Run], target: float, every: bool = False) -> list[str]:
    """The verdict on the first four-player run with the game's default options (or,
    ``every``, with every choice of its multi options: the 'every expansion' run)."""
    if every:
        four = [r.figures for r in engine
                if r.figures and r.figures.get("players") == 4 and "every" in r.title]
    else:  # the game's default options: no option asked for
        four = [r.figures for r in engine
                if r.figures and r.figures.get("players") == 4
                and not any(a in OPTION_FLAGS for a in r.argv)]
    if not four:
        return []
    wall = float(four[0].get("games_per_s", 0))
    cpu = float(four[0].get("games_per_cpu_s", 0))
    verdict = "meets" if max(wall, cpu) >= target else "misses"
    what = "with every expansion " if every else ""
    return ["", f"Target: at least {target:.0f} four-player games/s {what}on one core; "
                f"measured {wall:,.1f} by the wall clock and {cpu:,.1f} per second of "
                f"CPU time ({verdict} it). Wall-clock figures drop when other work "
                "shares the machine; the CPU-time figure is the engine's own speed. "
                "The games go through the engine's quiet path (no labels, no log text, "
                "as bots' rollouts may); the last column plays a quarter of them as a "
                "server does."]


def render(runs: list[Run], info: dict[str, str], when: str,
           soak_record: Path | None = None) -> str:
    out = [
        "# Benchmarks",
        "",
        "Written by `make bench` (`python -m server.tools.benchmarks --write docs/benchmarks.md`);",
        "rerun it to refresh. Every figure below comes from the command quoted above it.",
        "",
        f"- Date: {when}",
        f"- CPU: {info['cpu']} ({info['cores']} cores; the engine bench uses one)",
        f"- Python: {info['python']} on {info['os']}",
        "",
    ]
    all_engine = [r for r in runs if r.figures and r.argv[:2] == ["bench", "engine"]]
    engine = [r for r in all_engine if (r.figures or {}).get("game") != SAN_JUAN]
    if engine:
        out += [
            "## Engine: random-legal games on one core",
            "",
            "Uniform random over the legal actions, seeded; setup included. State size: msgpack",
            "of the full state mid-game (and the largest sampled), and the Python heap a live",
            "clone of that state holds (tracemalloc).",
            "",
            *_engine_rows(engine),
            *_target(engine, TARGET_4P),
            *_target(engine, TARGET_ALL_4P, every=True),
        ]
        out.append("")
    san_juan = [r for r in all_engine if (r.figures or {}).get("game") == SAN_JUAN]
    if san_juan:
        out += [
            "## Engine: San Juan, random-legal games on one core",
            "",
            "The same measure for San Juan (`--game san-juan`); a selection (paying,",
            "keeping, producing, selling) is one action per pick (docs/san-juan-view.md).",
            "",
            *_engine_rows(san_juan),
            *_target(san_juan, TARGET_SAN_JUAN_4P),
            "",
        ]
    out += soak_section(soak_record, _options, _figure)
    server = next((r.figures for r in runs if r.figures and r.argv[:2] == ["bench", "server"]
                   and r.title != VIEWS_RUN), None)
    if server:
        out += [
            "## Server: bot-only rooms on loopback",
            "",
            f"{server.get('rooms')} four-player rooms, {server.get('spectators_per_room')} "
            f"spectators each, players pausing {server.get('think_s')} s per move: "
            f"{_figure(server.get('actions_per_s'))} actions/s; act → diff p50 "
            f"{_figure(server.get('p50_ms'))} ms, p99 {_figure(server.get('p99_ms'))} ms "
            "(target < 50 ms); diffs average "
            f"{_figure(server.get('diff_bytes_avg'))} bytes against "
            f"{_figure(server.get('snapshot_bytes_avg'))}-byte snapshots "
            f"({100 * float(server.get('diff_to_snapshot', 0)):.1f} %, target ≤ 20 %); "
            f"{_figure(server.get('rss_per_room_kib'))} KiB per room; "
            f"{_figure(server.get('server_cpu_ms_per_action'))} ms of server CPU per action.",
            "",
        ]
    out += _views_section(next((r.figures for r in runs if r.figures
                                and r.title == VIEWS_RUN), None))
    clients = [r.figures for r in runs if r.figures and r.argv[:2] == ["bench", "client"]]
    if clients:
        out += ["## Client: diff to screen", ""]
        for client in clients:  # Puerto Rico's board, then San Juan's
            out += [
                f"{client.get('board')}: median {_figure(client.get('median_ms'))} ms, p95 "
                f"{_figure(client.get('p95_ms'))} ms over {client.get('samples')} diffs "
                f"(target < {client.get('target_ms')} ms).",
                "",
            ]
    from server.tools.hostile_report import render_hostile

    out += render_hostile(runs)
    from server.tools.web_report import render_churn, render_sessions, render_web

    out += render_web(runs) + render_churn(runs) + render_sessions(runs)
    arena = [r for r in runs if r.figures and r.argv[:1] == ["arena"]]
    if arena:
        out += [
            "## Bots: arena (seats rotated, ties split)",
            "",
            "Short move times so that `make bench` stays short; docs/bots.md has larger",
            "samples. The first entrant's win rate, with its 95 % Wilson interval.",
            "The search rows play by the wall clock, 0.2 s per search move as a player",
            "would set it (medium thinks a quarter of it), 16 games on 2 workers: about",
            "2 min for hard with 4 players (~60 decisions of 0.2 s a game, 8 games a",
            "worker), 2 to 3 min with 2 players (~90 a game), under a minute for medium, within",
            "the bench's 300 s per command. Rows of an earlier run that 'did not finish'",
            "were a search that undid the mayor's placement and placed again in circles",
            "(fixed: the search never undoes), not too small a budget; a command that",
            "does overrun is killed with its workers.",
            "",
            "| players | entrants | move time | games | first entrant wins | 95 % CI "
            "| avg score (first) | target |",
            "|---|---|---|---|---|---|---|---|",
        ]
        for r in arena:
            f = r.figures or {}
            first = (f.get("bots") or [{}])[0]
            bots = r.argv[r.argv.index("--bots") + 1]
            move = r.argv[r.argv.index("--move-time") + 1] + " s" if "--move-time" in r.argv else "–"
            lo, hi = (first.get("ci95") or [0.0, 0.0])[:2]
            target = ARENA_TARGETS.get(bots)
            out.append(
                f"| {r.argv[r.argv.index('--players') + 1]} | {bots} | {move} | {f.get('games')} "
                f"| {100 * float(first.get('win_rate', 0)):.0f} % "
                f"| [{100 * lo:.0f} %, {100 * hi:.0f} %] | {_figure(first.get('avg_score'))} "
                f"| {'≥ %.0f %%' % (100 * target) if target else 'between easy and hard'} |"
            )
        out.append("")
    out += ["## Commands and raw figures", ""]
    for r in runs:
        out.append(f"### {r.title}")
        out.append("")
        if r.argv:
            out += ["```", r.command, "```", ""]
        if r.figures is not None:
            out += ["```json", json.dumps(r.figures, indent=1, sort_keys=True), "```", ""]
        if r.problem:
            out += [f"Not measured: {r.problem}.", ""]
        out += [*r.notes, ""] if r.notes else []
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description="Run the benchmarks and write the report page.")
    p.add_argument("--write", help="write the Markdown report here (else print it)")
    p.add_argument("--games", type=int, default=ENGINE_GAMES, help="engine games per run")
    p.add_argument("--server-seconds", type=float, default=10.0)
    p.add_argument("--timeout", type=float, default=300.0, help="per bench, seconds")
    p.add_argument("--engine-only", action="store_true", help="skip the server and client")
    p.add_argument("--hostile-only", action="store_true",
                   help="only the deaf-client and lobby benches: their sections of the page "
                   "are replaced (with --write) or printed")
    p.add_argument("--web-only", action="store_true",
                   help="only the browser bench: its section of the page is replaced")
    args = p.parse_args(argv)
    from server.tools.hostile_report import hostile_runs
    from server.tools.web_report import web_runs

    runs = (web_runs() if args.web_only else hostile_runs() if args.hostile_only
            else planned_runs(args.games, args.server_seconds, args.engine_only))
    for r in runs:
        if r.argv and r.problem is None:
            print(f"running: {r.command}", file=sys.stderr, flush=True)
            run_one(r, args.timeout)
    when = dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC")
    page = render(runs, machine(), when, SOAK_RECORD)
    if args.hostile_only:
        from server.tools.hostile_report import splice

        page = splice(Path(args.write).read_text() if args.write else "", runs, machine(), when)
    if args.web_only:
        from server.tools import web_report

        page = web_report.splice(Path(args.write).read_text() if args.write else "", runs,
                                 machine(), when)
    if args.write:
        Path(args.write).write_text(page)
        print(f"wrote {args.write}", file=sys.stderr)
    else:
        sys.stdout.write(page)
    failed = [r for r in runs if r.argv and r.figures is None]
    return 1 if any(r.argv[:2] == ["bench", "engine"] for r in failed) else 0


if __name__ == "__main__":
    raise SystemExit(main())

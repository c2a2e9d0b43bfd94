"""`python -m server.tools.soak`: many random-legal games, every invariant checked.

Not part of `make test` (10,000 San Juan games take minutes per player count): it is
the long run behind the property tests' sample. Each game is played uniformly at random
from its own seed and, along the way:

- loads back every ``--check-every`` actions (``from_data(to_data(state))``): the game's
  own load validation holds (San Juan: all 110 cards by kind, the cities, whose turn it
  is, the decision in progress) and the round trip is exact;
- every ``--view-every`` actions, one seat's view is the same in a determinization for
  that seat: a view that changed would depend on something the seat may not see;
- ends within the playout bound, with a result for every seat;
- every ``--replay-every``-th game is replayed from its seed and actions to the same
  final state and result;
- a game whose record names a conservation check (Puerto Rico: io/conservation.py:
  workers, citizens, tiles, goods, buildings, VP chips, nobody's doubloons below 0)
  keeps it every ``--conserve-every`` actions, from the setup to the end.

``--expansions new_buildings,citizens`` (or ``none``) is Puerto Rico's expansions option;
``--matrix`` plays every player count of the game, and for Puerto Rico every set of
expansions (every set of I-IV: none, I, II, ..., I+II+III+IV), one after the other, each
recorded on its own.

A failure is reported with its seed (`--seed S --games 1` plays it again) and makes the
exit status 1. ``--record FILE`` keeps the figures in a JSON file that `make bench`
(server/tools/benchmarks.py) quotes in docs/benchmarks.md; a run that goes on from the
seed after a recorded one (``--seed`` = its seed + games, same checks) is added to it,
so a long soak can be played in runs of minutes.
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib
import itertools
import json
import multiprocessing
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from server.engine.contract import Action, Game, Options
from server.engine.errors import EngineError
from server.engine.options import parse_assignments
from server.engine.playout import MAX_ACTIONS, pick
from server.games import registry

DEFAULT_RECORD = "docs/soak.json"
# games with a conservation check: the module whose ``violations(state)`` lists what is off
@dataclass
class SoakFigures:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    games: int = 0
    failures: int = 0
    failed: list[str] = field(default_factory=list)  # "seed N: what went wrong", a few
    seconds: float = 0.0
    games_per_s: float = 0.0
    actions: int = 0
    mean_actions: float = 0.0
    max_actions: int = 0
    replayed: int = 0
    loads: int = 0  # states loaded back and compared
    view_checks: int = 0
    check_every: int = 1  # the state loaded back every N actions
    conservation_checks: int = 0  # positions whose conservation was checked (0: no check)
    shared_wins: int = 0  # games with more than one winner after the tie-break
    mean_winning_score: float = 0.0
    endings: dict[str, int] = field(default_factory=dict)  # how games ended, by log line
    triggers: dict[str, int] = field(default_factory=dict)  # what set off the end, by line


@dataclass
class _Job:
    game: str
    players: int
    options: Options
    seeds: list[int]
    first: int  # the run's first seed: games first, first + replay_every, ... replay
    check_every: int
    view_every: int
    replay_every: int
    conserve_every: int = 1


def _ending(events: list[Any]) -> str:
    """The first game_over line with its numbers blanked: how the game ended."""
    for e in events:
        if e.get("kind") == "game_over":
            return re.sub(r"\d+", "N", str(e.get("text", "")))
    return "(no game_over line)"


def _conservation(game_name: str) -> Callable[[Any], list[str]] | None:
    module = registry.record(game_name).conservation  # the game's own check, if any
    return importlib.import_module(module).violations if module else None


def _trigger(events: list[Any]) -> str | None:
    """The first end-trigger line among ``events``, numbers and names blanked."""
    for e in events:
        if e.get("kind") == "end_trigger":
            text = re.sub(r"\d+", "N", str(e.get("text", "")))
            return re.sub(r"^(Player N|\S+) ", "", text) if e.get("seat") is not None else text
    return None


def _play(game: Game, job: _Job, seed: int, out: dict[str, Any]) -> None:
    """One game, every check; raises AssertionError (or anything) on a failure."""
    state = game.setup(job.players, job.options, seed)
    conserve = _conservation(job.game)
    if conserve is not None:
        assert not (bad := conserve(state)), f"at the setup: {'; '.join(bad)}"
        out["conservation_checks"] += 1
    rnd = random.Random(seed)
    actions: list[tuple[int, Action]] = []
    ending = "(not over)"
    trigger: str | None = None
    while not game.is_over(state):
        if len(actions) >= MAX_ACTIONS:
            raise AssertionError(f"no end after {MAX_ACTIONS} actions")
        seat, action = pick(game, state, rnd)
        events = game.apply(state, seat, action)
        actions.append((seat, action))
        n = len(actions)
        trigger = trigger or _trigger(events)
        if game.is_over(state):
            ending = _ending(events)
        if conserve is not None and (n % job.conserve_every == 0 or game.is_over(state)):
            assert not (bad := conserve(state)), (
                f"after {n} actions ({action.get('type')}): {'; '.join(bad)}")
            out["conservation_checks"] += 1
        if n % job.check_every == 0 or game.is_over(state):
            data = game.to_data(state)
            assert game.to_data(game.from_data(data)) == data, f"load differs after {n}"
            out["loads"] += 1
        if n % job.view_every == 0 and not game.is_over(state):
            viewer = rnd.randrange(job.players)
            sample = game.determinize(state, viewer, n)
            assert game.view(sample, viewer) == game.view(state, viewer), (
                f"seat {viewer}'s view depends on hidden information after {n} actions")
            out["view_checks"] += 1
    result = game.result(state)
    assert result is not None and sorted(x.seat for x in result.scores) == list(
        range(job.players)), "no result for every seat"
    if (seed - job.first) % job.replay_every == 0:
        again = game.setup(job.players, job.options, seed)
        for seat, action in actions:
            game.apply(again, seat, action)
        assert game.to_data(again) == game.to_data(state), "the replay differs"
        out["replayed"] += 1
    out["actions"] += len(actions)
    out["max_actions"] = max(out["max_actions"], len(actions))
    out["endings"][ending] += 1
    out["triggers"][trigger or "(no end-trigger line)"] += 1
    if len(result.winners) > 1:
        out["shared_wins"] += 1
    best = max(x.total for x in result.scores)
    out["winning_score"] += best


def _run_job(job: _Job) -> dict[str, Any]:
    game = registry.get_game(job.game)
    out: dict[str, Any] = {"games": 0, "failures": 0, "failed": [], "actions": 0,
                           "max_actions": 0, "replayed": 0, "loads": 0, "view_checks": 0,
                           "conservation_checks": 0,
                           "shared_wins": 0, "winning_score": 0, "endings": Counter(),
                           "triggers": Counter()}
    for seed in job.seeds:
        try:
            _play(game, job, seed, out)
            out["games"] += 1
        except Exception as exc:  # a soak reports every failure and goes on
            out["failures"] += 1
            if len(out["failed"]) < 10:
                out["failed"].append(f"seed {seed}: {type(exc).__name__}: {exc}")
    return out


def soak(game_name: str, players: int, games: int, options: Options, seed: int = 1,
         jobs: int = 1, check_every: int = 1, view_every: int = 25,
         replay_every: int = 50, conserve_every: int = 1) -> SoakFigures:
    """Play ``games`` random games from seeds seed, seed+1, ... with every check."""
    game = registry.get_game(game_name)
    opts = game.normalize_options(players, options)
    seeds = list(range(seed, seed + games))
    chunks = [seeds[i::jobs] for i in range(jobs)] if jobs > 1 else [seeds]
    work = [_Job(game_name, players, opts, chunk, seed, max(1, check_every),
                 max(1, view_every), max(1, replay_every), max(1, conserve_every))
            for chunk in chunks if chunk]
    start = time.perf_counter()
    if len(work) > 1:
        with multiprocessing.get_context("fork").Pool(len(work)) as pool:
            parts = pool.map(_run_job, work)
    else:
        parts = [_run_job(w) for w in work]
    seconds = time.perf_counter() - start
    fig = SoakFigures(game=game_name, players=players, seed=seed,
                      options={k: v for k, v in opts.items() if k != "names"},
                      check_every=max(1, check_every))
    endings: Counter[str] = Counter()
    triggers: Counter[str] = Counter()
    winning = 0
    for part in parts:
        for key in ("games", "failures", "actions", "replayed", "loads", "view_checks",
                    "conservation_checks", "shared_wins"):
            setattr(fig, key, getattr(fig, key) + part[key])
        fig.failed += part["failed"]
        fig.max_actions = max(fig.max_actions, part["max_actions"])
        endings.update(part["endings"])
        triggers.update(part["triggers"])
        winning += part["winning_score"]
    fig.failed = fig.failed[:10]
    fig.seconds = round(seconds, 2)
    fig.games_per_s = round(fig.games / seconds, 2) if seconds else 0.0
    fig.mean_actions = round(fig.actions / fig.games, 2) if fig.games else 0.0
    fig.mean_winning_score = round(winning / fig.games, 2) if fig.games else 0.0
    fig.endings = dict(endings.most_common())
    fig.triggers = dict(triggers.most_common())
    return fig


def record(path: Path, fig: SoakFigures, command: str) -> None:
    """Keep these figures in ``path`` (one entry per game, players and options)."""
    try:
        kept = json.loads(path.read_text())
        if not isinstance(kept, dict):
            kept = {}
    except (OSError, ValueError):
        kept = {}
    opts = " ".join(f"{k}={','.join(map(str, v)) if isinstance(v, list) else v}"
                    for k, v in sorted(fig.options.items()))
    key = f"{fig.game} {fig.players}p {opts}".strip()
    figures = asdict(fig)
    old = kept.get(key)
    if isinstance(old, dict) and _continues(old.get("figures"), figures):
        figures = _merged(old["figures"], figures)
        command = f"{old.get('command')} && {command}"
    kept[key] = {"command": command,
                 "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
                 "figures": figures}
    path.write_text(json.dumps(dict(sorted(kept.items())), indent=1) + "\n")


def _continues(old: Any, new: dict[str, Any]) -> bool:
    """Whether ``new`` played the seeds right after ``old``'s with the same checks: then
    the two runs are one soak, recorded together (a long soak in runs of minutes)."""
    if not isinstance(old, dict):
        return False
    same = ("game", "players", "options", "check_every")
    return (all(old.get(k, 1 if k == "check_every" else None) == new[k] for k in same)
            and old.get("seed", 0) + old.get("games", 0) == new["seed"])


def _merged(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    out = dict(new, seed=old["seed"])
    for k in ("games", "failures", "seconds", "actions", "replayed", "loads",
              "view_checks", "conservation_checks", "shared_wins"):
        out[k] = old.get(k, 0) + new[k]
    out["seconds"] = round(out["seconds"], 2)
    out["failed"] = (old.get("failed", []) + new["failed"])[:10]
    out["max_actions"] = max(old.get("max_actions", 0), new["max_actions"])
    games = out["games"]
    out["games_per_s"] = round(games / out["seconds"], 2) if out["seconds"] else 0.0
    out["mean_actions"] = round(out["actions"] / games, 2) if games else 0.0
    out["mean_winning_score"] = round(
        (old.get("mean_winning_score", 0) * old.get("games", 0)
         + new["mean_winning_score"] * new["games"]) / games, 2) if games else 0.0
    for key in ("endings", "triggers"):
        both = Counter(old.get(key) or {})
        both.update(new.get(key) or {})
        out[key] = dict(both.most_common())
    return out


def soak_section(path: Path | None, options: Callable[[dict[str, Any]], str],
                 figure: Callable[[Any], str]) -> list[str]:
    """The docs/benchmarks.md section of the figures kept in ``path`` (none: nothing);
    ``options`` and ``figure`` format as the rest of that page does."""
    try:
        kept = json.loads(path.read_text()) if path is not None else {}
    except (OSError, ValueError):
        kept = {}
    if not isinstance(kept, dict) or not kept:
        return []
    out = [
        "## Soak: many random games, every invariant checked",
        "",
        "Not part of `make bench` or `make test` (minutes per configuration); run by hand",
        "(`python -m server.tools.soak`) and kept in docs/soak.json, quoted here. Every",
        "'loaded' actions the state loads back through the game's own validation (San",
        "Juan: all 110 cards by kind, cities, turn order, the decision) and the round trip",
        "is exact; every 25 actions a seat's view equals its view of a determinization;",
        "every 50th game is replayed. Puerto Rico also keeps its conservation check",
        "(server/games/puerto_rico/io/conservation.py: workers, citizens, tiles, goods,",
        "buildings, VP chips; nobody below 0 doubloons) after every action ('conserved':",
        "positions checked). games/s is by the wall clock on a shared machine: it says how",
        "long the run took, not how fast the engine is (the engine sections above).",
        "Every Puerto Rico configuration (2-5 players x every set of expansions I-IV):",
        "`python -m server.tools.soak --matrix --games 10000 --check-every 25 --record`",
        "(hours on one core); a configuration may be played in parts, each going on from",
        "the recorded one's last seed (`--seed` = its seed + games), and is kept as one.",
        "",
        "| game | players | options | games | failures | games/s | actions/game (max) "
        "| loaded | conserved | replayed | endings | date |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    commands = []
    for entry in kept.values():
        f = entry.get("figures") or {}
        endings = "; ".join(f"{k}: {v:,}" for k, v in (f.get("endings") or {}).items())
        triggers = f.get("triggers") or {}
        if sum(triggers.values()) == f.get("games"):  # every game's trigger is known
            endings += " (set off by: " + "; ".join(
                f"{k}: {v:,}" for k, v in triggers.items()) + ")"
        out.append(
            f"| {f.get('game')} | {f.get('players')} | {options(f)} | {f.get('games')} "
            f"| {f.get('failures')} | {figure(f.get('games_per_s'))} "
            f"| {figure(f.get('mean_actions'))} ({figure(f.get('max_actions'))}) "
            f"| every {f.get('check_every', 1)} | {figure(f['conservation_checks']) if f.get('conservation_checks') else '-'} "
            f"| {f.get('replayed')} | {endings} | {entry.get('date')} |"
        )
        commands.append(str(entry.get("command")))
    out += ["", "```", *commands, "```", ""]
    return out


def _print(fig: SoakFigures) -> None:
    chosen = ", ".join(f"{k}={v}" for k, v in fig.options.items()) or "no options"
    print(f"{fig.game}, {fig.players} players, {chosen}, seeds {fig.seed}..")
    print(f"  {fig.games} games without a failure, {fig.failures} failed, "
          f"in {fig.seconds:.1f} s ({fig.games_per_s:.1f} games/s)")
    print(f"  {fig.mean_actions:.1f} actions per game (max {fig.max_actions}); "
          f"{fig.loads} states loaded back, {fig.view_checks} views checked against a "
          f"determinization, {fig.replayed} games replayed, "
          f"{fig.conservation_checks} positions' conservation checked")
    for text, count in fig.endings.items():
        print(f"  {count:>6} × {text}")
    for text, count in fig.triggers.items():
        print(f"  {count:>6} set off by: {text}")
    for line in fig.failed:
        print(f"  FAILED {line}")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m server.tools.soak",
                                description="Many random games with every invariant checked.")
    p.add_argument("--game", default=registry.DEFAULT_GAME)
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--games", type=int, default=1000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    p.add_argument("--check-every", type=int, default=1,
                   help="load the state back every N actions (default 1: every action)")
    p.add_argument("--view-every", type=int, default=25)
    p.add_argument("--replay-every", type=int, default=50, help="replay every N-th seed")
    p.add_argument("--conserve-every", type=int, default=1,
                   help="check conservation every N actions (games that have the check)")
    p.add_argument("--expansions", metavar="LIST",
                   help="Puerto Rico's expansions: new_buildings,citizens,smuggler,festival "
                        "(any of them, or none)")
    p.add_argument("--matrix", action="store_true",
                   help="every player count (and for Puerto Rico every set of expansions), "
                        "one after the other, each recorded on its own")
    p.add_argument("--json", action="store_true", help="one JSON line of figures")
    p.add_argument("--record", nargs="?", const=DEFAULT_RECORD, metavar="FILE",
                   help=f"keep the figures for docs/benchmarks.md (default {DEFAULT_RECORD})")
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.games < 1 or args.jobs < 1:
        print("soak: --games and --jobs must be at least 1", file=sys.stderr)
        return 2
    words = sys.argv[1:] if argv is None else argv
    failures = 0
    try:
        game = registry.get_game(args.game)
        assignments = list(args.option)
        if args.expansions is not None:
            assignments.append(f"expansions={args.expansions}")
        base = parse_assignments(game.options_spec, assignments)
        for players, extra in _configurations(game, args):
            options = {**base, **extra}
            fig = soak(args.game, players, args.games, options, args.seed, args.jobs,
                       args.check_every, args.view_every, args.replay_every,
                       args.conserve_every)
            failures += fig.failures
            if args.json:
                print(json.dumps(asdict(fig), separators=(",", ":")), flush=True)
            else:
                _print(fig)
            if args.record:
                record(Path(args.record), fig, _command(words, args.matrix, players, extra))
    except EngineError as exc:
        print(f"soak: {exc}", file=sys.stderr)
        return 2
    return 1 if failures else 0


def _configurations(game: Game, args: argparse.Namespace) -> list[tuple[int, Options]]:
    """(players, options beside the command line's) to play: one, or the matrix."""
    if not args.matrix:
        return [(args.players, {})]
    sets: list[Options] = [{}]
    spec = next((o for o in game.options_spec if o.name == "expansions"), None)
    if spec is not None and args.expansions is None:
        sets = [{"expansions": list(c)} for k in range(len(spec.choices) + 1)
                for c in itertools.combinations(spec.choices, k)]
    return [(n, x) for n in range(game.min_players, game.max_players + 1) for x in sets]


def _command(words: list[str], matrix: bool, players: int, extra: Options) -> str:
    """The command that plays this one configuration again (a matrix run's part)."""
    if not matrix:
        return " ".join(["python -m server.tools.soak", *words])
    kept: list[str] = []
    skip = False
    for w in words:  # the matrix's own words go; its players and expansions come back
        if skip or w == "--matrix":
            skip = False
            continue
        if w in ("--players", "--expansions"):
            skip = True
            continue
        if not w.startswith(("--players=", "--expansions=")):
            kept.append(w)
    kept += ["--players", str(players)]
    if "expansions" in extra:
        kept += ["--expansions", ",".join(extra["expansions"]) or "none"]
    return " ".join(["python -m server.tools.soak", *kept])


if __name__ == "__main__":
    raise SystemExit(main())

"""`prtui arena`: bot-only games, headless, with seats rotated, and statistics.

Entrant i (the i-th level of ``--bots``) sits at seat (i + g) mod players in game g, so
every entrant plays every seat equally often over a multiple of ``players`` games. A
bot that crashes or returns an illegal action plays a random legal action instead for
that move (counted as a fallback), so one faulty bot never stops a run. With
``--jobs N`` the games run in N worker processes that end with the arena: when it
returns, raises, is interrupted (Ctrl-C, SIGTERM) or is killed outright (SIGKILL, a
bench's timeout), no worker goes on playing.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

from server.bots import journal
from server.bots.base import action_key
from server.bots.duds import chose_a_dud
from server.bots.levels import DEFAULT_MOVE_TIME, all_levels, known_level, make_bot
from server.bots.lifeline import bind_to_parent
from server.bots.stats import BotTally
from server.engine.contract import Action, Game
from server.engine.errors import EngineError
from server.engine.options import parse_assignments
from server.games.registry import get_game

MAX_ACTIONS = 20_000


def play_game(
    game_name: str,
    levels: list[str],
    index: int,
    seed: int,
    move_time: float | None,
    options: dict[str, Any],
    iterations: int | None = None,
    watch: Callable[[int, Any, Action], None] | None = None,
) -> dict[str, Any]:
    """Play game ``index`` of a run; returns plain data (it may cross a process).
    ``watch(seat, bot, action)``, if given, is told of each bot's choice as it is made
    (the calibration reads the search's estimates there: server/tools/calibrate.py)."""
    game = get_game(game_name)
    players = len(levels)
    game_seed = seed * 1_000_003 + index
    seat_of = [(entrant + index) % players for entrant in range(players)]
    state = game.setup(players, game.normalize_options(players, dict(options)), game_seed)
    bots = {
        seat_of[e]: make_bot(levels[e], game, game_seed * 17 + e, move_time, iterations)
        for e in range(players)
    }
    fallback_rng = random.Random(game_seed)
    moves = [0] * players
    think = [0.0] * players
    fallbacks = [0] * players
    roles = [0] * players  # role choices, and among them duds (server/bots/duds.py)
    duds = [0] * players
    actions = 0
    while not game.is_over(state) and actions < MAX_ACTIONS:
        seat = game.to_move(state)[0]
        legal = game.legal_actions(state, seat)
        started = time.perf_counter()
        action = _safe_choice(game, state, seat, bots[seat], legal)
        think[seat] += time.perf_counter() - started
        if watch is not None and action is not None:
            watch(seat, bots[seat], action)
        moves[seat] += 1
        if action is None:
            fallbacks[seat] += 1
            action = fallback_rng.choice(legal)
        if action.get("type") == "role":
            roles[seat] += 1
            duds[seat] += chose_a_dud(game, state, seat, action, legal)
        game.apply(state, seat, action)
        actions += 1
    result = game.result(state)
    totals = [0.0] * players
    winners: list[int] = []
    if result is not None:
        winners = list(result.winners)
        for line in result.scores:
            totals[line.seat] = float(line.total)
    return {
        "index": index,
        "seat_of": seat_of,
        "winners": winners,
        "totals": totals,
        "actions": actions,
        "moves": moves,
        "think": think,
        "fallbacks": fallbacks,
        "roles": roles,
        "duds": duds,
        "finished": result is not None,
    }


def _play(args: tuple[Any, ...]) -> dict[str, Any]:
    """``play_game`` for a pool's ``imap`` (one argument)."""
    return play_game(*args)


def _safe_choice(game: Game, state: Any, seat: int, bot: Any, legal: list[Action]) -> Action | None:
    try:
        action = bot.choose(game, state, seat)
    except Exception:
        return None
    keys = {action_key(a) for a in legal}
    return action if action_key(action) in keys else None


def _init_worker(parent_pid: int) -> None:
    """A worker dies with the arena that started it (server/bots/lifeline.py: a
    SIGKILL'd or timed-out arena gives its workers no chance to be told), and leaves
    Ctrl-C to the arena, which terminates the pool on its way out."""
    bind_to_parent(parent_pid)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _exit_on_sigterm(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)  # unwinds through the pool's block: workers stopped


def run_arena(
    game_name: str,
    levels: list[str],
    games: int,
    seed: int = 1,
    jobs: int = 1,
    move_time: float | None = None,
    options: dict[str, Any] | None = None,
    iterations: int | None = None,
    journal_path: str | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return the summary (what ``--json`` prints); with a
    journal (server/bots/journal.py), the games it holds for this run are not played
    again and each new one is written down as it ends."""
    for level in levels:
        if not known_level(level):
            raise ValueError(f"unknown bot level {level!r} (known: {', '.join(all_levels())})")
    if games < 1:
        raise ValueError(f"--games must be at least 1, not {games}")
    if jobs < 1:
        raise ValueError(f"--jobs must be at least 1, not {jobs}")
    if move_time is not None and move_time <= 0:
        raise ValueError(f"--move-time must be positive, not {move_time:g}")
    if iterations is not None and iterations < 1:
        raise ValueError(f"--iterations must be at least 1, not {iterations}")
    opts = options or {}
    try:  # refuse an unknown game or impossible options here, not in a worker's traceback
        game = get_game(game_name)
        game.normalize_options(len(levels), dict(opts))
    except EngineError as exc:
        raise ValueError(exc.message) from None
    started = time.perf_counter()
    key = journal.run_key(game_name, levels, seed, move_time, opts, iterations) \
        if journal_path else ""
    kept = journal.read(journal_path, key) if journal_path else {}
    write = journal.writer(journal_path, key)
    args = [(game_name, levels, g, seed, move_time, opts, iterations) for g in range(games)
            if g not in kept]
    records = [kept[g] for g in range(games) if g in kept]
    if jobs > 1 and args:  # leaving the block, normally or not, terminates the workers
        with multiprocessing.Pool(jobs, _init_worker, (os.getpid(),)) as pool:
            for record in pool.imap_unordered(_play, args, chunksize=1):
                write(record)
                records.append(record)
    else:
        for a in args:
            records.append(play_game(*a))
            write(records[-1])
    records.sort(key=lambda r: int(r["index"]))
    tallies = [BotTally(e, level) for e, level in enumerate(levels)]
    for rec in records:
        share = 1.0 / len(rec["winners"]) if rec["winners"] else 0.0
        for e, tally in enumerate(tallies):
            seat = rec["seat_of"][e]
            tally.add(seat, share if seat in rec["winners"] else 0.0, rec["totals"][seat],
                      rec["moves"][seat], rec["think"][seat], rec["fallbacks"][seat],
                      rec["roles"][seat], rec["duds"][seat])
    return {
        "game": game_name,
        "players": len(levels),
        "games": games,
        "seed": seed,
        "move_time": move_time,
        "iterations": iterations,
        "options": opts,
        "bots": [t.to_data() for t in tallies],
        "avg_length": round(sum(r["actions"] for r in records) / max(games, 1), 1),
        "unfinished": sum(not r["finished"] for r in records),
        "seconds": round(time.perf_counter() - started, 2),
    }


def run(args: Any) -> int:
    levels = [lv.strip() for lv in str(args.bots).split(",") if lv.strip()]
    players = int(getattr(args, "players", len(levels)) or len(levels))
    if len(levels) == 1:
        levels = levels * players
    if len(levels) != players:
        print(f"arena: --bots names {len(levels)} levels for {players} players", file=sys.stderr)
        return 2
    try:
        game = get_game(args.game)
        options = parse_assignments(game.options_spec, getattr(args, "option", None) or [])
    except EngineError as exc:
        print(f"arena: {exc.message}", file=sys.stderr)
        return 2
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _exit_on_sigterm) if main else None
    try:
        summary = run_arena(args.game, levels, int(args.games), int(args.seed or 0),
                            int(getattr(args, "jobs", 1) or 1), getattr(args, "move_time", None),
                            options, getattr(args, "iterations", None),
                            getattr(args, "journal", None))
    except ValueError as exc:
        print(f"arena: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:  # the workers are already terminated (the pool's block)
        print("arena: interrupted", file=sys.stderr)
        return 130
    finally:
        if main and previous is not None:
            signal.signal(signal.SIGTERM, previous)
    if getattr(args, "json", False):
        print(json.dumps(summary))
    else:
        print(format_summary(summary))
    return 0


def _duds(b: dict[str, Any]) -> str:
    """Duds among role choices, e.g. '0/64'."""
    return f"{b.get('duds', 0)}/{b.get('roles', 0)}"


def format_summary(summary: dict[str, Any]) -> str:
    budget = f"move time {summary['move_time'] or DEFAULT_MOVE_TIME} s"
    if summary.get("iterations"):
        budget = (f"{summary['iterations']} iterations a move"
                  + (f", at most {summary['move_time']} s" if summary["move_time"] else ""))
    lines = [
        f"{summary['game']}: {summary['games']} games, {summary['players']} players, "
        f"seed {summary['seed']}, {budget}, {summary['seconds']} s",
        f"{'entrant':<8}{'level':<8}{'wins':>7}{'rate':>7}{'95% CI':>16}{'score':>8}"
        f"{'ms/move':>9}{'fallb.':>7}{'duds':>10}",
    ]
    for b in summary["bots"]:
        lo, hi = b["ci95"]
        lines.append(
            f"{b['seat']:<8}{b['level']:<8}{b['wins']:>7g}{b['win_rate']:>7.0%}"
            f"{f'[{lo:.0%}, {hi:.0%}]':>16}{b['avg_score']:>8.1f}"
            f"{1000 * b['avg_move_seconds']:>9.1f}{b['fallbacks']:>7}"
            f"{_duds(b):>10}"
        )
    lines.append(f"average game length: {summary['avg_length']} actions"
                 + (f"; {summary['unfinished']} unfinished" if summary["unfinished"] else ""))
    return "\n".join(lines)

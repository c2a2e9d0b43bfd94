"""`prtui bench engine|server|client`: how fast the parts are, measured the same way each time.

The engine bench plays uniformly random legal games on one core and reports games and
actions per second plus the memory of one state (its msgpack bytes, and the Python
heap a live clone holds). Games go through the game's quiet path when it has one (no
labels, no log text: what bots' rollouts use, server/engine/contract.py); the same
games through labelled actions and logged events, as a server plays them, are timed
too on a quarter as many games (``wire_games_per_cpu_s``). The server and client benches belong to their modules and
are imported only when asked for.
"""

from __future__ import annotations

import importlib
import json
import random
import sys
import time
import tracemalloc
from dataclasses import asdict, dataclass
from typing import Any

import msgpack

from server.engine.contract import Game, Options
from server.engine.errors import EngineError
from server.engine.options import parse_assignments
from server.engine.playout import play_out, steps
from server.games import registry

_OTHER_BENCHES = {
    "server": "server.net.bench:run_server_bench",
    "client": "prtui.bench:run_client_bench",
    "deaf": "server.tools.limits_bench:run_deaf_bench",
    "lobby": "server.tools.lobby_bench:run_lobby_bench",
    "churn": "server.tools.churn_bench:run_churn_bench",
    "search": "server.tools.search_bench:run_search_bench",
    "replay": "server.tools.replay_bench:run_replay_bench",
    "web": "server.tools.web_bench:run_web_bench",
    "web-churn": "server.tools.web_churn_bench:run_web_churn_bench",
    "sessions": "server.tools.session_bench:run_session_bench",
}


@dataclass
class EngineFigures:
    game: str
    players: int
    games: int
    options: dict[str, Any]  # as the game normalized them (defaults filled in)
    seed: int
    seconds: float
    games_per_s: float  # wall clock: what a user sees, slowed by other load
    cpu_seconds: float
    games_per_cpu_s: float  # per second of this process's CPU time: the one-core speed
    actions: int
    actions_per_s: float
    mean_actions: float
    state_bytes: int  # msgpack of to_data at the middle of the first game
    state_bytes_max: int  # largest msgpack size seen at the sampled points
    live_state_bytes: int  # Python heap held by a clone of that mid-game state
    wire_games: int = 0  # games also played as a server plays them (labels and log)
    wire_games_per_cpu_s: float = 0.0  # their speed per CPU second


def _packed_size(game: Game, state: Any) -> int:
    return len(msgpack.packb(game.to_data(state), use_bin_type=True))


def state_memory(game: Game, state: Any) -> tuple[int, int]:
    """(msgpack bytes of the full state, heap bytes a live clone holds)."""
    packed = _packed_size(game, state)
    was_tracing = tracemalloc.is_tracing()
    if not was_tracing:
        tracemalloc.start()
    before = tracemalloc.get_traced_memory()[0]
    clone = game.clone(state)
    live = tracemalloc.get_traced_memory()[0] - before
    del clone
    if not was_tracing:
        tracemalloc.stop()
    return packed, max(live, 0)


def engine_bench(
    game_name: str, players: int, games: int, options: Options, seed: int
) -> EngineFigures:
    """Play ``games`` random-legal games from seeds seed, seed+1, ... and time them."""
    game = registry.get_game(game_name)
    opts = game.normalize_options(players, options)
    lengths: list[int] = []
    start, cpu_start = time.perf_counter(), time.process_time()
    for i in range(games):
        state = game.setup(players, opts, seed + i)
        lengths.append(play_out(game, state, random.Random(seed + i)))
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu_start
    actions = sum(lengths)
    wire_games, wire_cpu = _wire_speed(game, players, opts, seed, max(1, games // 4))

    # memory, outside the timed loop: replay the first game, sampling along the way
    state = game.setup(players, opts, seed)
    mid: Any = game.clone(state)
    sizes = [_packed_size(game, state)]
    for n, _step in enumerate(steps(game, state, random.Random(seed)), start=1):
        if n == lengths[0] // 2:
            mid = game.clone(state)
        if n % 25 == 0:
            sizes.append(_packed_size(game, state))
    sizes.append(_packed_size(game, state))
    packed, live = state_memory(game, mid)
    return EngineFigures(
        game=game_name,
        players=players,
        games=games,
        options={k: v for k, v in opts.items() if k != "names"},
        seed=seed,
        seconds=round(seconds, 4),
        games_per_s=round(games / seconds, 2) if seconds else 0.0,
        cpu_seconds=round(cpu_seconds, 4),
        games_per_cpu_s=round(games / cpu_seconds, 2) if cpu_seconds else 0.0,
        actions=actions,
        actions_per_s=round(actions / seconds, 1) if seconds else 0.0,
        mean_actions=round(actions / games, 2) if games else 0.0,
        state_bytes=packed,
        state_bytes_max=max(sizes),
        live_state_bytes=live,
        wire_games=wire_games,
        wire_games_per_cpu_s=round(wire_games / wire_cpu, 2) if wire_cpu else 0.0,
    )


def _wire_speed(
    game: Game, players: int, opts: Options, seed: int, games: int
) -> tuple[int, float]:
    """(games, CPU seconds) of the first ``games`` games played through labelled
    actions and logged events (``steps``: legal_actions and apply), as a server does."""
    cpu_start = time.process_time()
    for i in range(games):
        state = game.setup(players, opts, seed + i)
        for _step in steps(game, state, random.Random(seed + i)):
            pass
    return games, time.process_time() - cpu_start


def _print_engine(fig: EngineFigures) -> None:
    chosen = ", ".join(f"{k}={v}" for k, v in fig.options.items()) or "no options"
    print(f"{fig.game}, {fig.players} players, {chosen}, seeds {fig.seed}..")
    print(f"  {fig.games} random-legal games in {fig.seconds:.2f} s on one core")
    print(f"  {fig.games_per_s:.1f} games/s ({fig.games_per_cpu_s:.1f} per CPU second), "
          f"{fig.actions_per_s:.0f} actions/s, {fig.mean_actions:.1f} actions per game")
    if fig.wire_games:
        print(f"  with labels and log (as a server plays): {fig.wire_games_per_cpu_s:.1f} "
              f"games per CPU second ({fig.wire_games} games)")
    print(f"  state: {fig.state_bytes} bytes msgpack mid-game (max {fig.state_bytes_max}), "
          f"{fig.live_state_bytes} bytes live clone")


def run_engine(args: Any) -> int:
    players = int(getattr(args, "players", 4))
    games = int(getattr(args, "games", 200))
    if games < 1:
        print("prtui bench engine: --games must be at least 1", file=sys.stderr)
        return 2
    game_name = getattr(args, "game", None) or registry.DEFAULT_GAME
    try:
        game = registry.get_game(game_name)
        options = parse_assignments(game.options_spec, getattr(args, "option", None) or [])
        fig = engine_bench(game_name, players, games, options, int(getattr(args, "seed", 1)))
    except (EngineError, ImportError) as exc:
        print(f"prtui bench engine: {exc}", file=sys.stderr)
        return 2
    if getattr(args, "json", False):
        print(json.dumps(asdict(fig), separators=(",", ":")))
    else:
        _print_engine(fig)
    return 0


def run(args: Any) -> int:
    what = getattr(args, "bench_what", None)
    if what == "engine":
        return run_engine(args)
    target = _OTHER_BENCHES.get(what or "")
    if target is None:
        print(f"prtui bench: unknown bench {what!r} "
              f"({', '.join(['engine', *_OTHER_BENCHES])})",
              file=sys.stderr)
        return 2
    module_name, func_name = target.split(":")
    try:
        func = getattr(importlib.import_module(module_name), func_name)
    except (ImportError, AttributeError) as exc:
        print(f"prtui bench {what}: not available yet ({target} is missing: {exc})",
              file=sys.stderr)
        return 2
    return int(func(args) or 0)

"""`prtui bench client`: time from a diff arriving to the game screen updated.

A late-game board with the most players the game takes (Puerto Rico: five; San Juan,
``--game san-juan``: four) is made by the engine (a seeded random game, viewer = seat
0); consecutive views are diffed as the server does. Each sample applies one diff
to the snapshot, hands it to the real game screen of a headless app and waits until the
app is idle again (layout and render done). This module is a tool, not part of the
client: it may use the engine to make its board.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import statistics
import time
from argparse import Namespace
from typing import Any

GAME = "puerto-rico"  # i18n: a game's id


def late_game_snapshots(players: int = 5, seed: int = 7, count: int = 120,
                        options: dict[str, Any] | None = None,
                        game_name: str = GAME) -> list[dict[str, Any]]:
    """Snapshots for seat 0 over the last ``count`` moves of a seeded random game.

    The final one is the game-over board (with its result).
    """
    from server.games.registry import get_game

    game = get_game(game_name)
    state = game.setup(players, game.normalize_options(players, options or {}), seed)
    rng = random.Random(seed)
    log: list[dict[str, Any]] = []
    frames: list[dict[str, Any]] = []
    while True:
        frames.append({"view": game.view(state, 0), "legal": game.legal_actions(state, 0),
                       "log": list(log), "seat": 0})
        frames = frames[-count:]
        if game.is_over(state):
            return frames
        seat = game.to_move(state)[0]
        action = rng.choice(game.legal_actions(state, seat))
        for event in game.apply(state, seat, action):
            line = {"n": len(log), "text": str(event.get("text", ""))}
            if "tmpl" in event:  # as the server sends it (server/net/sync.py)
                line["tmpl"] = str(event["tmpl"])
            log.append(line)


def diffs_of(frames: list[dict[str, Any]]) -> list[list[Any]]:
    from server.protocol.diff import diff

    return [diff(a, b) for a, b in itertools.pairwise(frames)]


def _busy(app: Any) -> bool:
    """Whether the app or a widget of its screen has a message queued or a callback
    pending."""
    nodes = [app, *app.screen.walk_children(with_self=True)]
    return any(node._message_queue.qsize() or node._next_callbacks for node in nodes)


async def _settle(app: Any) -> None:
    """Yield to the loop until no queue held work twice in a row (a handler runs in
    the step that took its message; one that awaits leaves work queued elsewhere)."""
    quiet = 0
    while quiet < 2:
        await asyncio.sleep(0)
        quiet = 0 if _busy(app) else quiet + 1


async def flush(pilot: Any) -> None:
    """Until the screen is on the terminal: every widget has handled its messages, then
    the layout/compositor update is written (what the screen's update timer does).

    Neither ``pilot.pause()`` (it sleeps until the process *looks* idle: it measures the
    sleep) nor the pilot's wait for the screen (it posts a callback to each of ~100
    widgets and waits for them all: a third of a frame's time was that wait's own) is
    used: the loop yields until no queue holds work.
    """
    app = pilot.app
    await _settle(app)
    app.screen._on_timer_update()
    await _settle(app)  # what the update itself posted (a resize after a new layout)


async def measure(samples: int, size: tuple[int, int] = (160, 50),
                  cpu: list[float] | None = None, game_name: str = GAME,
                  players: int | None = None) -> list[float]:
    """Wall milliseconds per diff: apply ops, update the screen, flush it (CPU ms of the
    same span go to ``cpu``: the share of this process on a busy machine)."""
    from prtui import memory
    from prtui.app import PrtuiApp
    from prtui.screens.game import GameScreen
    from server.engine.contract import describe
    from server.games.registry import get_game
    from server.protocol.diff import apply_ops

    memory.enable()  # as the `prtui` command does (prtui/launch.py)
    game = get_game(game_name)
    frames = late_game_snapshots(players or game.max_players, count=min(samples, 400) + 1,
                                 game_name=game_name)
    frames = [f for f in frames if not f["view"].get("over")]  # stay on the board
    ops = diffs_of(frames)
    entry = describe(game)  # what list_games sends: the words and facts
    app = PrtuiApp(lambda a: GameScreen(None, frames[0], game=entry))
    times: list[float] = []
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        snapshot = frames[0]
        for i in range(samples):
            step = ops[i % len(ops)]
            if i % len(ops) == 0:
                snapshot = frames[0]
                screen.apply_snapshot(snapshot)
                await pilot.pause()
            start, start_cpu = time.perf_counter(), time.process_time()
            snapshot = apply_ops(snapshot, step)
            screen.apply_snapshot(snapshot)
            await flush(pilot)
            times.append((time.perf_counter() - start) * 1000.0)
            if cpu is not None:
                cpu.append((time.process_time() - start_cpu) * 1000.0)
    return times


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]


def board_name(game_name: str = GAME, players: int = 5) -> str:
    """What the figures were measured on ("late game, 5 players, 160x50"; another game
    than Puerto Rico is named first)."""
    board = f"late game, {players} players, 160x50"  # i18n: developer output
    return board if game_name == GAME else f"{game_name}, {board}"


def summary(times: list[float], cpu: list[float] | None = None,
            board: str = "late game, 5 players, 160x50") -> dict[str, Any]:  # i18n: developer output
    out: dict[str, Any] = {
        "bench": "client", "board": board, "samples": len(times),
        "median_ms": round(statistics.median(times), 2), "p95_ms": round(_p95(times), 2),
        "max_ms": round(max(times), 2), "target_ms": 30,
    }
    if cpu:
        out["cpu_median_ms"] = round(statistics.median(cpu), 2)
        out["cpu_p95_ms"] = round(_p95(cpu), 2)
    return out


def run_client_bench(args: Namespace) -> int:
    from server.games.registry import get_game

    samples = int(getattr(args, "samples", 100) or 100)
    game_name = str(getattr(args, "game", None) or GAME)
    game = get_game(game_name)
    players = max(game.min_players,
                  min(game.max_players, int(getattr(args, "players", None) or game.max_players)))
    cpu: list[float] = []
    times = asyncio.run(measure(samples, cpu=cpu, game_name=game_name, players=players))
    result = summary(times, cpu, board_name(game_name, players))
    if getattr(args, "json", False):
        print(json.dumps(result))
    else:
        print(f"client: diff -> screen updated on {result['board']}: "  # i18n: developer output
              f"median {result['median_ms']} ms, p95 {result['p95_ms']} ms, "
              f"max {result['max_ms']} ms over {result['samples']} diffs (target < 30 ms); "
              f"CPU median {result.get('cpu_median_ms')} ms, p95 {result.get('cpu_p95_ms')} ms")
    return 0 if result["p95_ms"] < result["target_ms"] else 1


if __name__ == "__main__":
    import sys

    raise SystemExit(run_client_bench(Namespace(samples=100, json="--json" in sys.argv,
                                                game="san-juan" if "san-juan" in sys.argv else GAME)))

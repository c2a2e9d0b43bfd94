"""Boards for the TUI tests: the hand-made fixture and engine-made late-game views."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).parent / "fixtures"


def midgame_4p() -> dict[str, Any]:
    return json.loads((FIXTURES / "midgame_4p.json").read_text())


@cache
def _late_game(players: int, seed: int) -> list[dict[str, Any]]:
    from prtui.bench import late_game_snapshots

    return late_game_snapshots(players=players, seed=seed, count=40)


def late_game_5p() -> dict[str, Any]:
    """The last board of a seeded five-player game where seat 0 still has a choice."""
    frames = [f for f in _late_game(5, 7) if f["legal"] and not f["view"]["over"]]
    return json.loads(json.dumps(frames[-1]))


def final_5p() -> dict[str, Any]:
    return json.loads(json.dumps(_late_game(5, 7)[-1]))


def spectator_of(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The same board as a spectator gets it: no seat, no legal actions, no VP."""
    snap = json.loads(json.dumps(snapshot))
    snap["seat"], snap["legal"] = None, []
    snap["view"]["viewer"] = None
    for player in snap["view"]["players"]:
        player["vp_chips"] = None
    return snap

"""Boards for the TUI tests: a hand-made fixture and engine-made five-player boards,
and the game's catalog entry as the server sends it (its words and facts).

The engine-made boards are frozen in fixtures/ so that the snapshots do not move when
the engine's wording changes; `python -m tests.tui.boards` makes them again from a
seeded random game (prtui.bench.late_game_snapshots).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

FIXTURES = Path(__file__).parent / "fixtures"


def pr_game() -> dict[str, Any]:
    """Puerto Rico's catalog entry exactly as ``list_games`` carries it: the screens
    take every name and building fact from it, as from a real server."""
    from server.engine.contract import describe
    from server.games.registry import get_game

    return describe(get_game("puerto-rico"))


def pr_words(name: str = "classic") -> Any:
    """One of Puerto Rico's vocabularies, from the server's data."""
    from prtui.vocabulary import Vocabularies

    return Vocabularies(pr_game()["display"]).get(name)


def pr_help(vocabulary: str = "classic", **kwargs: Any) -> Any:
    """The help screen of a board of the midgame fixture (its buildings and roles)."""
    from prtui.games import board_for
    from prtui.screens.help import HelpScreen

    board = board_for("puerto-rico")
    assert board is not None
    view = midgame_4p()["view"]
    in_play = [*view["buildings"], *(r["id"] for r in view["roles"])]
    return HelpScreen(board, pr_words(vocabulary), board.facts(pr_game()["display"]),
                      in_play=in_play, **kwargs)


def _load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / name).read_text())


def midgame_4p() -> dict[str, Any]:
    return _load("midgame_4p.json")


def late_game_5p() -> dict[str, Any]:
    """Late in a seeded five-player game, seat 0 to choose."""
    return _load("late_5p.json")


def final_5p() -> dict[str, Any]:
    """The same game over, with its result."""
    return _load("final_5p.json")


def spectator_of(snapshot: dict[str, Any]) -> dict[str, Any]:
    """The same board as a spectator gets it: no seat, no legal actions, no VP."""
    snap = json.loads(json.dumps(snapshot))
    snap["seat"], snap["legal"] = None, []
    snap["view"]["viewer"] = None
    for player in snap["view"]["players"]:
        player["vp_chips"] = None
    return snap


def regenerate(seed: int = 7) -> None:
    from prtui.bench import late_game_snapshots

    frames = late_game_snapshots(players=5, seed=seed, count=40)
    playable = [f for f in frames if f["legal"] and not f["view"]["over"]]
    for name, frame in (("late_5p.json", playable[-1]), ("final_5p.json", frames[-1])):
        frame = {**frame, "log": frame["log"][-30:]}
        (FIXTURES / name).write_text(json.dumps(frame, indent=1, sort_keys=True) + "\n")


if __name__ == "__main__":
    regenerate()

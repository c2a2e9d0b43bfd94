"""A run's journal (server/bots/journal.py): the games it holds are not played again,
the rest are, and the summary is the same as one uninterrupted run's; a torn line, a
record of another run or of other code never counts. Real toy games, real files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from server.bots import arena, journal
from server.bots.arena import run_arena
from tests.bots import toygame  # noqa: F401  (registers "toy")

LEVELS = ["hard", "random", "random"]


def played(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The indices of the games the arena plays from now on."""
    indices: list[int] = []
    real = arena.play_game

    def counting(*args: object) -> dict[str, object]:
        indices.append(int(args[2]))  # type: ignore[call-overload]
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(arena, "play_game", counting)
    return indices


def same(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """The same summary but for the time taken (the CPU's, not the games')."""
    def games(summary: dict[str, Any]) -> dict[str, Any]:
        bots = [{k: v for k, v in bot.items() if "seconds" not in k} for bot in summary["bots"]]
        return {**{k: v for k, v in summary.items() if k != "seconds"}, "bots": bots}
    return games(a) == games(b)


def test_a_stopped_run_goes_on_where_it_stopped(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    whole = run_arena("toy", LEVELS, games=6, seed=2, iterations=30)
    path = str(tmp_path / "games.jsonl")
    run_arena("toy", LEVELS, games=4, seed=2, iterations=30, journal_path=path)  # "stopped"
    with open(path, "a", encoding="utf-8") as f:
        f.write('{"run": "torn')  # a kill mid-write
    indices = played(monkeypatch)
    resumed = run_arena("toy", LEVELS, games=6, seed=2, iterations=30, journal_path=path)
    assert indices == [4, 5]
    assert same(resumed, whole)
    again = run_arena("toy", LEVELS, games=6, seed=2, iterations=30, journal_path=path)
    assert indices == [4, 5] and same(again, whole)  # nothing left to play


def test_another_run_or_other_code_plays_its_own_games(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    path = str(tmp_path / "games.jsonl")
    run_arena("toy", LEVELS, games=2, seed=2, iterations=30, journal_path=path)
    indices = played(monkeypatch)
    run_arena("toy", LEVELS, games=2, seed=3, iterations=30, journal_path=path)  # another seed
    assert indices == [0, 1]
    lines = Path(path).read_text(encoding="utf-8").splitlines()
    assert len(lines) == 4 and all(json.loads(x)["record"]["index"] in (0, 1) for x in lines)
    monkeypatch.setattr(journal, "code_digest", lambda: "a changed bot")
    run_arena("toy", LEVELS, games=2, seed=2, iterations=30, journal_path=path)
    assert indices == [0, 1, 0, 1]  # the seed-2 games of the old code do not count

"""A run's games written down as each one ends, so a long run survives being stopped.

A league row is 48 games of 20-70 CPU-seconds each: on a shared machine a run is
stopped (a session ends, a machine is needed) long before it is over, and the games
already played were lost. With a journal (``prtui arena --journal FILE``, ``ladder
--league --journal FILE``) each finished game's record is appended to FILE as one JSON
line, and a run started again with the same journal plays only the games missing.

A record counts for a run only if it was played by the same run: the same game,
levels, seed, budget and options, *and the same bot and rules code* (a digest of the
source under server/bots and server/games), so a journal kept across a change to a
bot never mixes the two. A line torn by a kill mid-write is ignored.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

_CODE = [Path(__file__).resolve().parent, Path(__file__).resolve().parent.parent / "games"]


def code_digest(skip: frozenset[str] = frozenset()) -> str:
    """A digest of the code that decides a bot game (the bots and the games' rules);
    the files named in ``skip`` (e.g. "bots/coach.py") are left out: code a run's games
    never call (the calibration's, server/tools/calibrate.py)."""
    digest = hashlib.sha256()
    for root in _CODE:
        for path in sorted(root.rglob("*.py")):
            if str(path.relative_to(root.parent)) in skip:
                continue
            digest.update(str(path.relative_to(root.parent)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def run_key(game: str, levels: list[str], seed: int, move_time: float | None,
            options: dict[str, Any], iterations: int | None) -> str:
    """What makes two runs' game ``i`` the same game."""
    return json.dumps({"game": game, "levels": levels, "seed": seed, "move_time": move_time,
                       "options": options, "iterations": iterations, "code": code_digest()},
                      sort_keys=True)


def read(path: str, key: str) -> dict[int, dict[str, Any]]:
    """The records of run ``key`` already in the journal, by game index."""
    found: dict[int, dict[str, Any]] = {}
    try:
        lines = Path(path).read_text(encoding="utf-8").splitlines()
    except FileNotFoundError:
        return found
    for line in lines:
        try:
            entry = json.loads(line)
        except ValueError:
            continue  # torn by a kill mid-write
        if isinstance(entry, dict) and entry.get("run") == key:
            record = entry.get("record")
            if isinstance(record, dict) and isinstance(record.get("index"), int):
                found[record["index"]] = record
    return found


def writer(path: str | None, key: str) -> Callable[[dict[str, Any]], None]:
    """Append one record (a whole line, flushed) to the journal; nothing without one."""
    if path is None:
        return lambda record: None

    torn = _ends_torn(path)

    def write(record: dict[str, Any]) -> None:
        nonlocal torn
        with open(path, "a", encoding="utf-8") as f:  # a torn line ended first
            f.write(("\n" if torn else "") + json.dumps({"run": key, "record": record}) + "\n")
        torn = False

    return write


def _ends_torn(path: str) -> bool:
    """Whether the file's last line was cut off (no newline at its end)."""
    try:
        with open(path, "rb") as f:
            f.seek(0, 2)
            if f.tell() == 0:
                return False
            f.seek(-1, 2)
            return f.read(1) != b"\n"
    except FileNotFoundError:
        return False

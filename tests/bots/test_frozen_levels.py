"""Frozen levels (server/bots/frozen/): earlier releases of hard play whole legal games
against today's engine, are built by name, stay out of the server's rooms, and read no
live bot module (so a change to today's hard cannot change them)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from server.bots.arena import run_arena
from server.bots.levels import FALLBACK, LEVELS, known_level, make_bot
from server.games.registry import get_game
from server.net.seating import SERVER_CHOICES
from tests.bots import toygame  # noqa: F401  (registers the game "toy")

FROZEN = ("hard@2026-12-03", "hard@2026-12-02")
ALL_FOUR = {"expansions": ["new_buildings", "citizens", "smuggler", "festival"]}


@pytest.mark.parametrize("level", FROZEN)
@pytest.mark.parametrize(("game", "players", "options"), [
    ("puerto-rico", 3, {}), ("puerto-rico", 4, ALL_FOUR), ("san-juan", 4, {})])
def test_a_frozen_level_plays_whole_legal_games(level: str, game: str, players: int,
                                                options: dict[str, list[str]]) -> None:
    """Two games at a tiny cap, the frozen level in two seats: every move of theirs
    legal (the arena counts an illegal move or a crash as a fallback) and every game
    finished."""
    bots = [level, "easy", level, "random"][:players]
    summary = run_arena(game, bots, 2, seed=3, options=options, iterations=2)
    assert summary["unfinished"] == 0
    mine = [b for b in summary["bots"] if b["level"] == level]
    assert all(b["fallbacks"] == 0 for b in mine)
    assert sum(b["avg_move_seconds"] > 0 for b in mine) == 2  # they did play


def test_frozen_levels_are_league_levels_not_room_levels() -> None:
    pr = get_game("puerto-rico")
    for level in FROZEN:
        assert known_level(level) and level not in LEVELS
        assert level not in SERVER_CHOICES["takeover_level"]
        assert FALLBACK[level] == "medium"
        assert make_bot(level, pr, 1, iterations=10).level == level
        with pytest.raises(ValueError, match="plays Puerto Rico and San Juan"):
            make_bot(level, get_game("toy"), 1, iterations=10)


def test_the_frozen_copy_of_12_02_is_the_ismcts_and_12_03_the_halving() -> None:
    from server.bots.frozen.hard_2026_12_03.puerto_rico_search import PuertoRicoSearch
    from server.bots.frozen.hard_2026_12_03.search import SearchBot
    pr = get_game("puerto-rico")
    old = make_bot("hard@2026-12-02", pr, 1, iterations=100)
    assert isinstance(old, SearchBot) and old.rollout_steps == 20
    assert old.iterations == 70  # the league's budget in ISMCTS iterations of equal CPU
    assert isinstance(make_bot("hard@2026-12-03", pr, 1, iterations=100), PuertoRicoSearch)


def test_frozen_code_imports_no_live_bot_module() -> None:
    root = Path(__file__).parents[2] / "server" / "bots" / "frozen"
    allowed = ("server.bots.frozen", "server.bots.base", "server.engine", "server.games")
    for path in root.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            else:
                continue
            for name in names:
                if name.startswith("server."):
                    assert name.startswith(allowed), f"{path.name} imports {name}"
        text = path.read_text(encoding="utf-8")
        for live in ('"server.bots.puerto_rico:', '"server.bots.san_juan:'):
            assert live not in text, f"{path.name} names a live heuristic"

"""A game module the tools have never heard of (the 2-4 player toy with its own options,
registered here) runs in the arena and the engine bench through `--option`, with its
own players range, and no change to either."""

from __future__ import annotations

import json

import pytest

from prtui.cli import build_parser
from server.bots import arena
from server.tools import bench
from tests.engine import toygame


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    args = build_parser().parse_args(argv)
    handler = arena.run if argv[0] == "arena" else bench.run
    code = handler(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_arena_and_bench_take_the_new_games_range_and_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    toy = ["--game", toygame.NAME]
    code, out, _ = _run(["arena", *toy, "--players", "4", "--bots", "random", "--games", "2",
                         "--option", "deck=long", "--option", "pool=20", "--json"], capsys)
    summary = json.loads(out)
    assert code == 0 and summary["options"] == {"deck": "long", "pool": 20}
    assert summary["players"] == 4 and summary["unfinished"] == 0
    code, _, err = _run(["arena", *toy, "--players", "5", "--bots", "random"], capsys)
    assert code == 2 and "2 to 4 players, not 5" in err
    code, _, err = _run(["arena", *toy, "--players", "2", "--bots", "random",
                         "--option", "edition=1897"], capsys)  # another game's option
    assert code == 2 and "unknown option 'edition' (known: open_vp, pool, deck)" in err
    code, out, _ = _run(["bench", "engine", *toy, "--players", "4", "--games", "3",
                         "--option", "open_vp=yes", "--json"], capsys)
    assert code == 0 and json.loads(out)["options"]["open_vp"] is True
    code, _, err = _run(["bench", "engine", *toy, "--players", "3", "--games", "1",
                         "--option", "pool=0"], capsys)
    assert code == 2 and "pool must be a whole number in 1..99" in err

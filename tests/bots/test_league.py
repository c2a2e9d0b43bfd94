"""The league (server/tools/league.py, `python -m server.tools.ladder --league`): the
subject against the whole field in every game, Wilson intervals, the governor's share,
and the gate that refuses a change whose row falls below the old interval."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from server.bots.arena import run_arena
from server.bots.levels import known_level
from server.bots.stats import wilson
from server.tools import ladder, league

EASY_ROW = next(i for i, r in enumerate(league.rows())
                if r.key == "Puerto Rico base: easy, easy")


@pytest.mark.parametrize(("wins", "games", "low", "high"), [
    # Newcombe 1998, Statistics in Medicine 17:857, table I (method 3, the score interval)
    (81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611),
    (1, 29, 0.0061, 0.1718)])
def test_wilson_interval_known_values(wins: int, games: int, low: float, high: float) -> None:
    lo, hi = wilson(wins, games)
    assert lo == pytest.approx(low, abs=5e-5) and hi == pytest.approx(high, abs=5e-5)


def test_the_league_covers_every_game_and_the_whole_field() -> None:
    rows = league.rows()
    assert {"Puerto Rico base", "Puerto Rico all four", "San Juan"} == {
        r.setting.name for r in rows}
    for setting in league.SETTINGS:
        tables = {r.opponents for r in rows if r.setting == setting}
        for level in ("medium", "hard@2026-12-03", "hard@2026-12-02", "shipper", "builder"):
            assert (level,) * (setting.players - 1) in tables
        assert any(len(set(t)) > 1 for t in tables)  # a mixed table
        assert setting.iterations > 0  # a fixed budget: load-free
    assert all(known_level(level) for r in rows for level in r.opponents)
    assert len({r.key for r in rows}) == len(rows)


def test_arena_reports_each_entrants_share_by_seat() -> None:
    summary = run_arena("puerto-rico", ["easy", "random", "random"], 6, seed=2)
    for bot in summary["bots"]:
        assert [games for games, _ in bot["by_seat"]] == [2, 2, 2]  # seats rotated
        assert sum(wins for _, wins in bot["by_seat"]) == pytest.approx(bot["wins"])
    line = league.table_line(league.rows()[EASY_ROW], summary)
    easy0, games0 = league.seat_share(summary["bots"][0], True)
    assert games0 == 2 and league.rate(easy0, 2) in line


def test_the_gate_flags_a_drop_and_passes_an_equal_run(
        capsys: pytest.CaptureFixture[str]) -> None:
    base = ["--league", "--games", "6", "--jobs", "1", "--only", str(EASY_ROW)]
    # random against two easy falls far below easy's own interval there
    assert ladder.main([*base, "--subject", "random", "--baseline", "easy"]) == 1
    out = capsys.readouterr().out
    assert "| Puerto Rico base: easy, easy | 6 |" in out and "DROPPED" in out
    assert "gate: 1 of 1 rows dropped" in out
    # the same level on the same games (an iteration cap: deterministic) passes
    assert ladder.main([*base, "--subject", "easy", "--baseline", "easy"]) == 0
    out = capsys.readouterr().out
    assert "| ok |" in out and "gate: 0 of 1 rows dropped — passes" in out


def test_saved_runs_compare_and_the_table_goes_into_the_doc(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "bots.md"
    doc.write_text(f"# Bots\n\n{league.MARK_START}\nold\n{league.MARK_END}\n\nafter\n",
                   encoding="utf-8")
    old, new = tmp_path / "old.json", tmp_path / "new.json"
    base = ["--league", "--games", "3", "--jobs", "1", "--only", str(EASY_ROW)]
    assert ladder.main([*base, "--subject", "easy", "--save", str(old),
                        "--write", str(doc)]) == 0
    assert ladder.main([*base, "--subject", "random", "--save", str(new)]) == 0
    text = doc.read_text(encoding="utf-8")
    assert "old" not in text.split(league.MARK_START)[1] and text.endswith("after\n")
    assert "Subject: `easy`." in text and "| Puerto Rico base | easy ×2 | 300 it." in text
    assert "| level | as governor (seat 0) | other seats |" in text
    assert json.loads(new.read_text(encoding="utf-8"))["subject"] == "random"
    capsys.readouterr()
    assert ladder.main(["--compare", str(old), str(new)]) == 1
    assert ladder.main(["--compare", str(old), str(old)]) == 0
    # row by row: a second row saved for the same subject keeps the first
    ship = next(i for i, r in enumerate(league.rows())
                if r.key == "Puerto Rico base: shipper, shipper")
    assert ladder.main(["--league", "--games", "3", "--jobs", "1", "--only", str(ship),
                        "--subject", "easy", "--save", str(old), "--write", str(doc)]) == 0
    assert len(league.load(str(old))[1]) == 2
    text = doc.read_text(encoding="utf-8")
    assert "| easy ×2 |" in text and "| shipper ×2 |" in text
    assert ladder.main(["--league", "--subject", "nobody"]) == 2
    assert "unknown level 'nobody'" in capsys.readouterr().err


def test_a_generated_block_replaces_only_what_is_between_its_markers() -> None:
    from server.tools.marked import replace_between

    doc = "intro\n<!-- x -->\nold\n<!-- /x -->\nafter\n"
    assert replace_between(doc, "new", "<!-- x -->", "<!-- /x -->") == (
        "intro\n<!-- x -->\nnew\n<!-- /x -->\nafter\n")
    assert replace_between("text\n", "new", "<!-- x -->", "<!-- /x -->") == (
        "text\n\n<!-- x -->\nnew\n<!-- /x -->\n")  # no markers yet: appended

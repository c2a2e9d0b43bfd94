"""The ladder command: one table in docs/bots.md, rows replaced in place."""

from __future__ import annotations

from pathlib import Path

import pytest

from server.tools import ladder
from server.tools.ladder import MARK_END, MARK_START, ROWS, Row, replace_table, table_line


def test_the_ladder_names_every_level_and_the_issue_figures() -> None:
    firsts = {(r.game, r.bots[0]) for r in ROWS}
    for game in ("puerto-rico", "san-juan"):
        assert {(game, lv) for lv in ("easy", "medium", "hard")} <= firsts
    assert any(r.setting == "all four" and r.bots[0] == "hard" and r.target == 0.70
               for r in ROWS)
    assert all(r.iterations for r in ROWS if r.bots[0] in ("medium", "hard"))  # load-free
    assert all(r.games >= 48 for r in ROWS if r.target is not None)


def test_a_row_line_reads_the_arena_summary() -> None:
    row = Row("puerto-rico", "base", ("hard", "easy", "easy"), 32, "0.1 s", 0.65)
    summary = {"games": 48, "bots": [
        {"wins": 33.5, "win_rate": 33.5 / 48, "ci95": [0.55, 0.8], "avg_score": 50.0,
         "duds": 0, "roles": 700},
        {"avg_score": 40.0}, {"avg_score": 38.0}]}
    line = table_line(row, summary)
    assert "hard vs easy ×2" in line and "32 it. (≈ 0.1 s)" in line
    assert "33.5 (70%)" in line and "[55%, 80%]" in line and "50.0 / 39.0" in line
    assert "0/700" in line and "≥ 65% met" in line
    summary["bots"][0]["win_rate"] = 0.5
    assert "≥ 65% not met" in table_line(row, summary)


def test_only_some_rows_replaced_keeps_the_others() -> None:
    text = replace_table("# Bots\n\nintro\n", {})
    assert text.count(MARK_START) == 1 and text.count("not measured yet") == len(ROWS)
    text = replace_table(text, {1: "| one |"})
    text = replace_table(text, {3: "| three |"})
    assert "| one |" in text and "| three |" in text
    assert text.count("not measured yet") == len(ROWS) - 2
    assert text.startswith("# Bots\n\nintro\n") and text.rstrip().endswith(MARK_END)


def test_the_command_writes_a_measured_row(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    doc = tmp_path / "bots.md"
    doc.write_text(f"# Bots\n\n{MARK_START}\n{MARK_END}\n\nafter\n", encoding="utf-8")
    assert ladder.main(["--only", "0", "--games", "1", "--jobs", "1",
                        "--write", str(doc)]) == 0
    text = doc.read_text(encoding="utf-8")
    assert "| Puerto Rico base | 3 | easy vs random ×2 | – | 1 | 1 |" in text
    assert text.count("not measured yet") == len(ROWS) - 1 and text.endswith("after\n")
    assert ladder.main(["--only", str(len(ROWS))]) == 2
    assert "--only takes a row" in capsys.readouterr().err

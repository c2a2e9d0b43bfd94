"""`prtui soak` runs the soak of server/tools/soak.py with the flags it was given: a few
San Juan games, every check on, the figures as JSON and (with --record) kept in a file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from prtui.cli import main


def test_prtui_soak_plays_the_games_asked_for_and_reports_no_failure(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    record = tmp_path / "soak.json"
    code = main(["soak", "--game", "san-juan", "--players", "3", "--games", "2", "--seed", "7",
                 "--view-every", "10", "--option", "fair_start=true", "--json",
                 "--record", str(record)])
    fig = json.loads(capsys.readouterr().out.strip().splitlines()[0])
    assert code == 0
    assert (fig["game"], fig["players"], fig["games"], fig["failures"]) == ("san-juan", 3, 2, 0)
    assert fig["seed"] == 7 and fig["options"] == {"fair_start": True}
    assert fig["loads"] >= fig["actions"] > 0 and fig["view_checks"] > 0
    assert "--games 2" in record.read_text()


def test_prtui_soak_refuses_a_bad_option_with_exit_code_2(
    capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["soak", "--game", "san-juan", "--games", "1", "--option", "nope=1"]) == 2
    assert main(["soak", "--game", "san-juan", "--games", "0"]) == 2
    assert "soak:" in capsys.readouterr().err

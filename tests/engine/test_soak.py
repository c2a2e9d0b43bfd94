"""The soak command (server/tools/soak.py): its checks pass on real games and fail on a
game that breaks them; its figures are kept for docs/benchmarks.md."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from server.games.san_juan.game import SanJuan
from server.tools import benchmarks, soak


def test_a_short_soak_of_san_juan_passes_every_check(tmp_path: Path) -> None:
    record = tmp_path / "soak.json"
    code = soak.main(["--game", "san-juan", "--players", "3", "--games", "3", "--seed", "5",
                      "--replay-every", "2", "--json", "--record", str(record)])
    assert code == 0
    kept = json.loads(record.read_text())
    entry = kept["san-juan 3p fair_start=False"]
    fig = entry["figures"]
    assert fig["games"] == 3 and fig["failures"] == 0 and fig["replayed"] == 2
    assert fig["loads"] == fig["actions"] and fig["view_checks"] > 0
    assert sum(fig["endings"].values()) == 3
    assert entry["command"].startswith("python -m server.tools.soak --game san-juan")
    page = benchmarks.render([], benchmarks.machine(), "2026-01-01 00:00 UTC",
                             soak_record=record)
    assert "python -m server.tools.soak --game san-juan --players 3" in page
    assert "| san-juan | 3 | fair_start=false | 3 | 0 |" in page


def test_a_view_that_reads_hidden_cards_fails_the_soak(monkeypatch: pytest.MonkeyPatch) -> None:
    real = SanJuan.view

    def leaky(self: SanJuan, state, viewer):  # type: ignore[no-untyped-def]
        return {**real(self, state, viewer), "top": state.deck[-1:]}

    monkeypatch.setattr(SanJuan, "view", leaky)
    fig = soak.soak("san-juan", 2, 2, {}, seed=1, view_every=5)
    assert fig.failures == 2 and "depends on hidden information" in fig.failed[0]


def test_bad_arguments_are_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    assert soak.main(["--game", "san-juan", "--players", "5", "--games", "1"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err
    assert soak.main(["--games", "0"]) == 2

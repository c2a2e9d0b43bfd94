"""A board in the reader's language: a real local table (embedded server, random bots)
read by a client in Chinese shows the log and the action list from the game's catalog
(the lines said by key), and the board's words from it; the same table in
English reads as the server wrote it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.i18n import set_language
from prtui.launch import local_plan
from prtui.screens.game import GameScreen
from tests.tui.test_words import log_lines
from tests.tui.waiting import board_drawn, wait_for

HAN = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    set_language("en")


async def my_turn(app: PrtuiApp, pilot: object, lines: int) -> GameScreen:
    """Play the highlighted choice until it is my turn with ``lines`` log lines or more."""
    for _ in range(300):
        await wait_for(pilot, lambda: board_drawn(app) and bool(app.screen.snapshot.get("legal")))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        if len(screen.snapshot["log"]) >= lines and screen.snapshot["legal"][0].get("type") == "role":
            await pilot.pause()  # type: ignore[attr-defined]
            return screen
        seen = screen.snapshot
        await pilot.press("enter")  # type: ignore[attr-defined]
        await wait_for(pilot, lambda seen=seen: app.screen.snapshot is not seen)  # type: ignore[attr-defined]
    raise AssertionError("never my turn to choose a role")


@pytest.mark.parametrize("lang", ["zh_CN", "en"])
async def test_a_puerto_rico_board_reads_in_the_readers_language(tmp_path: Path, lang: str) -> None:
    set_language(lang)
    setup = TableSetup(players=3, bots=["random"] * 2, bot_delay_s=0.0, seed=11)
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    async with app.run_test(size=(160, 50)) as pilot:
        screen = await my_turn(app, pilot, 12)
        log = log_lines(screen)
        said = [line["text"] for line in screen.snapshot["log"]]
        if lang == "en":
            assert any("Round 1: " in line for line in log) and any("chooses the" in line for line in log)
            assert all(any(text[:12] in line for line in log) for text in said[-3:])
        else:
            assert any("第 1 回合：" in line for line in log), log
            assert any("选择了" in line for line in log), log
            # (the rule between rounds, "── Round 2 ──", is the client's own words)
            english = re.compile(r"\b(chooses|takes|governor)\b|^Round")
            assert not [line for line in log if english.search(line)]
            assert sum(1 for line in log if HAN.search(line)) >= 10

"""Issue 16, bug 6: after a terminal (or SSH window) resize the game log and the chat
wrap their lines to the new width, where they used to be clipped (narrower) or kept
short (wider). The real board screen under the pilot, resized with resize_terminal."""

from __future__ import annotations

from typing import Any

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.widgets.feed import GameLog, RewrapLog
from tests.tui.boards import late_game_5p, pr_game

LONG = ("a long line of chat that no narrow log can show on one line, so it wraps: "
        "every word of it stays readable")


def rows(log: RewrapLog) -> list[str]:
    return [strip.text.rstrip() for strip in log.lines]


def fits(log: RewrapLog) -> bool:
    """Every row of the log within its width (nothing clipped on the right)."""
    width = log.scrollable_content_region.width
    return width > 0 and all(strip.cell_length <= width for strip in log.lines)


def words(log: RewrapLog) -> list[str]:
    return " ".join(rows(log)).split()


async def settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


async def test_the_log_and_the_chat_rewrap_when_the_terminal_is_resized() -> None:
    snap = late_game_5p()
    snap["log"] = [*snap["log"], {"n": 10_000, "text": LONG}]
    app = PrtuiApp(lambda a: GameScreen(None, snap, game=pr_game()))
    async with app.run_test(size=(200, 50)) as pilot:  # the roomy log
        await settle(pilot)
        screen = app.screen
        log = screen.query_one(GameLog)
        chat = screen.query_one("#chat-log", RewrapLog)
        screen.add_chat("ana", LONG)
        await settle(pilot)
        wide_rows, all_words = len(rows(log)), words(log)
        chat_words = words(chat)
        assert fits(log) and LONG.split()[-1] in all_words

        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert fits(log) and fits(chat)
        assert words(log) == all_words and words(chat) == chat_words  # nothing lost
        narrow_rows = len(rows(log))
        assert narrow_rows > wide_rows  # the same lines on more rows

        await pilot.resize_terminal(80, 24)  # the compact board: the log, no chat
        await settle(pilot)
        assert fits(log) and words(log) == all_words and len(rows(log)) > narrow_rows

        await pilot.resize_terminal(200, 50)
        await settle(pilot)
        assert fits(log) and words(log) == all_words
        assert len(rows(log)) == wide_rows  # and back on as few as before


async def test_a_long_games_log_renders_its_last_lines_and_keeps_the_rest_for_l() -> None:
    """A board joined late (or reconnected) used to render every kept line of the log
    (500) into a panel that shows a dozen: most of a late board's first frame. The panel
    renders the last PANEL_LINES; `l` reads back all KEPT_LINES."""
    from prtui.screens.log import LogReader
    from prtui.widgets.feed import KEPT_LINES, PANEL_LINES

    snap = late_game_5p()
    snap["log"] = [{"n": i, "text": f"line {i}"} for i in range(KEPT_LINES + 100)]
    app = PrtuiApp(lambda a: GameScreen(None, snap, game=pr_game()))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        shown = rows(log)
        assert 0 < len(shown) <= PANEL_LINES
        assert shown[-1] == f"line {KEPT_LINES + 99}"  # the newest at the bottom
        assert len(log.kept()) == KEPT_LINES
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, LogReader)
        read = rows(app.screen.query_one(RewrapLog))
        assert read[0] == "line 100" and read[-1] == f"line {KEPT_LINES + 99}"
        assert len(read) == KEPT_LINES

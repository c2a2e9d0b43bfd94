"""A log you can follow (issues 16, 22): a rule where each round begins, its own key to
read it back (shown in the footer) in an overlay over the board, and a wider log when
the screen has room. The real app on engine-made positions."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.screens.log import LogReader
from prtui.widgets.feed import GameLog, RewrapLog
from tests.tui.boards import midgame_4p, pr_game
from tests.tui.screen import screen_rows
from tests.tui.test_board import Table


def log_lines(app: PrtuiApp | Screen[None]) -> list[str]:
    screen = app if isinstance(app, Screen) else app.screen
    return [text.plain for text in screen.query_one(GameLog)._texts]


def game_app(snapshot: dict) -> PrtuiApp:
    return PrtuiApp(lambda a: GameScreen(Table(), snapshot, game=pr_game()))


def next_round(snapshot: dict, lines: list[str], opens: int | None = None) -> dict:
    """The same board a round later, with these new log lines (line ``opens``: the one
    the server marks as opening the round)."""
    number = snapshot["view"]["round"] + 1
    later = {**snapshot, "view": {**snapshot["view"], "round": number}}
    n = snapshot["log"][-1]["n"]
    new = [{"n": n + 1 + i, "text": t} for i, t in enumerate(lines)]
    if opens is not None:
        new[opens]["round"] = number
    later["log"] = [*snapshot["log"], *new]
    return later


async def test_a_rule_opens_each_round() -> None:
    snap = midgame_4p()  # round 7; its log opens with "Round 7 begins"
    app = game_app(snap)
    async with app.run_test(size=(160, 50)) as pilot:
        lines = log_lines(app)
        assert lines[0] == "── Round 7 ──" and lines[1].startswith("Round 7 begins")
        # the game's own opening line: the rule goes right before it
        later = next_round(snap, ["P2 sold corn.", "Round 8: P3 is governor", "P3 chose the Mayor."],
                           opens=1)
        app.screen.apply_snapshot(later)
        await pilot.pause()
        lines = log_lines(app)
        assert lines[-4:] == ["P2 sold corn.", "── Round 8 ──", "Round 8: P3 is governor",
                              "P3 chose the Mayor."]
        # no opening line among the new ones: the rule from the view's round number
        app.screen.apply_snapshot(next_round(later, ["P0 took a quarry."]))
        await pilot.pause()
        assert log_lines(app)[-2:] == ["── Round 9 ──", "P0 took a quarry."]
        assert sum(line.startswith("── Round") for line in log_lines(app)) == 3


async def test_the_log_has_its_key_and_is_read_in_an_overlay() -> None:
    """Issue 22: at 120x40 the log has 50 columns; `l` lays it over the board, wider
    still, and the board underneath keeps its layout (no squeezed table)."""
    app = game_app(midgame_4p())
    async with app.run_test(size=(120, 40)) as pilot:
        screen = app.screen
        log = screen.query_one(GameLog)
        assert log.scrollable_content_region.width >= 50
        table = screen.query_one("#board").region
        footer = " ".join(screen_rows(app)[-1:])
        assert "l Log" in footer.replace("  ", " ") or " Log " in footer, footer
        assert screen.query_one(Footer)
        await pilot.press("l")
        await pilot.pause()
        reader = app.screen
        assert isinstance(reader, LogReader)
        shown = reader.query_one("#log-reader", RewrapLog)
        assert app.focused is shown
        assert shown.scrollable_content_region.width > log.scrollable_content_region.width + 30
        assert [t.plain for t in shown._texts] == log_lines(app.screen_stack[-2])
        assert screen.query_one("#board").region == table  # the table kept its place
        # a line written while it is open comes into the overlay too
        screen.apply_snapshot(next_round(screen.snapshot, ["P1 shipped corn."]))
        await pilot.pause()
        assert shown._texts[-1].plain == "P1 shipped corn."
        await pilot.press("pageup", "up")  # keys scroll the log, not my actions
        await pilot.pause()
        assert app.screen is reader
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and screen.focused is screen.query_one("#actions-list")
        assert log.mirror is None


async def test_a_roomy_screen_gives_the_log_more_width() -> None:
    widths = []
    for size in ((160, 50), (200, 50)):
        app = game_app(midgame_4p())
        async with app.run_test(size=size):
            widths.append(app.screen.query_one(GameLog).size.width)
    assert widths[1] >= widths[0] + 16

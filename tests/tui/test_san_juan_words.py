"""San Juan's words on screen come from the server's templates (issue 35): the status
line's step (the chapel, a template like Puerto Rico's steps), the role gains and my
private log lines (the cards I drew, in words) are rendered in the game's vocabulary,
so no mark ("{w:chapel}", "{n:card:2}") ever reaches the screen. The real board on
the positions of a seeded game."""

from __future__ import annotations

import re

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.vocabulary import Vocabularies
from prtui.widgets.feed import GameLog
from tests.tui.san_juan_boards import frames, sj_game
from tests.tui.screen import screen_rows
from tests.tui.waiting import board_drawn, wait_for

MARKS = re.compile(r"\{[wWanp]:[a-z0-9_:]+\}")


def _squeezed(text: str) -> str:
    return "".join(text.split())


async def test_step_names_and_private_lines_read_in_words() -> None:
    found = frames(4, 11)
    snap = next(f for f in found if any("({w:" in line.get("tmpl", "") for line in f["log"]))
    snap = {**snap, "legal": [], "view": {**snap["view"], "phase": {"step": "chapel"}}}
    mine = [line for line in snap["log"] if "({w:" in line.get("tmpl", "")][-1]
    vocab = Vocabularies(sj_game()["display"]).get(None)
    app = PrtuiApp(lambda a: GameScreen(None, snap, game=sj_game()))
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app)
                       and any("Round" in row for row in screen_rows(app)))
        rows = screen_rows(app)
        status = next(row for row in rows if f"Round {snap['view']['round']}" in row)
        assert "chapel" in status and "{" not in status, status
        assert not any(MARKS.search(row) for row in rows), "\n".join(rows)
        await wait_for(pilot, lambda: bool(app.screen.query_one(GameLog).lines))
        log = "".join(seg.text for line in app.screen.query_one(GameLog).lines for seg in line)
        said = vocab.text(mine, "text")
        assert "(" in said and "{" not in said
        assert _squeezed(said) in _squeezed(log), (said, log[-400:])

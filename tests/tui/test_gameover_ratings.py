"""The game-over screen shows each rating's change (the leaderboard's rating, mu - 3
sigma) once the room's push says the game was rated (server/net/room.py puts it there: tests/net/test_ratings.py), through the
app's own delivery of room pushes; an unrated game's push adds nothing."""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.screen import Screen
from textual.widgets import Static

from prtui.app import PrtuiApp
from prtui.screens.gameover import GameOverScreen
from tests.tui.boards import final_5p
from tests.tui.waiting import wait_for


class Board(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("the final board")


def room(rated: bool) -> dict[str, Any]:
    seats: list[dict[str, Any]] = [{"seat": s, "name": n, "kind": "human"}
                                   for s, n in enumerate(["ana", "[b]bo", "cy", "di", "ed"])]
    if rated:
        seats[0]["rating"] = {"mu_before": 25.0, "sigma_before": 8.33, "mu": 27.94,
                              "sigma": 7.9}
        seats[1]["rating"] = {"mu_before": 25.0, "sigma_before": 8.33, "mu": 23.5,
                              "sigma": 7.9}
    return {"id": "r1", "status": "over", "seats": seats}


async def test_a_rated_games_changes_come_on_the_game_over_screen() -> None:
    snap: dict[str, Any] = final_5p()
    app = PrtuiApp(lambda a: Board())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        over = GameOverScreen(snap["view"], {0: "ana", 1: "[b]bo"}, {}, 0)
        await app.push_screen(over)
        line = over.query_one("#ratings", Static)
        app.on_room_info(room(rated=False))
        await pilot.pause()
        assert not line.display
        app.on_room_info(room(rated=True))
        await wait_for(pilot, lambda: line.display)
        text = str(line.render())
        # the leaderboard's rating, mu - 3 sigma: 25 - 3 * 8.33 = 0.0, 27.94 - 3 * 7.9 = 4.2
        assert text == "Ratings: ana 0.0 → 4.2 (+4.2) · [b]bo 0.0 → -0.2 (-0.2)", text

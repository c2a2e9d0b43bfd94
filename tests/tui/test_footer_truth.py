"""The footer tells the truth (issue 32, item 9): a key is named for what it does at this
size and offered only to whom it serves. Puerto Rico's `o` is "Next board" from 120x40
up (the next rival's full board) and "All boards" below (every board's row), gone at
160x50 where every board is on screen; San Juan's `o` is offered at 80 columns only
(wider, the opponents are on screen in full); a spectator is offered no new room and no review of moves they never made. The real
app under the pilot (a real server on loopback for the spectator)."""

from __future__ import annotations

import pytest
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from prtui.app import PrtuiApp
from prtui.launch import remote_plan
from prtui.netclient import Client
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.lobby import LobbyScreen
from tests.tui.boards import midgame_4p, pr_game
from tests.tui.san_juan_boards import paying_4p, sj_game
from tests.tui.waiting import wait_for


def footer(app: PrtuiApp) -> dict[str, str]:
    """The keys the footer shows now, with their descriptions."""
    footers = list(app.screen.query(Footer))
    if not footers:
        return {}
    return {k.key: k.description for k in footers[0].query(FooterKey)}


@pytest.mark.parametrize(("size", "label"), [
    ((80, 24), "All boards"), ((100, 30), "All boards"), ((120, 40), "Next board"),
    ((140, 45), "Next board"), ((160, 50), None)])
async def test_puerto_ricos_o_says_what_it_does_at_each_size(
        size: tuple[int, int], label: str | None) -> None:
    app = PrtuiApp(lambda a: GameScreen(None, midgame_4p(), game=pr_game()))
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: "?" in footer(app) or "question_mark" in footer(app))
        await pilot.pause()
        assert footer(app).get("o") == label


@pytest.mark.parametrize(("size", "label"), [
    ((80, 24), "Opponents"), ((100, 30), "Opponents"), ((120, 40), None), ((160, 50), None)])
async def test_san_juans_o_is_offered_where_it_shows_something(
        size: tuple[int, int], label: str | None) -> None:
    app = PrtuiApp(lambda a: GameScreen(None, paying_4p(), game=sj_game()))
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: "question_mark" in footer(app))
        await pilot.pause()
        assert footer(app).get("o") == label


async def test_a_spectator_is_offered_no_new_room_and_no_review(port: int) -> None:
    """eve watches a San Juan game of two random bots to its end: the lobby offers her
    no `n New room`, the game-over screen no `e Review` (she made no move), the replay
    still."""
    ana = await Client.connect("127.0.0.1", port, "ana")
    try:
        room = (await ana.command("create_room", game="san-juan", players=2,
                                  options={"bot_delay_s": 0.0}))["room"]
        await ana.command("join_room", room=room, as_="player")
        await ana.command("take_seat", room=room, seat=0)
        await ana.command("add_bot", room=room, seat=1, level="random")
        app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "spectate"))
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await wait_for(pilot, lambda: "w" in footer(app))
            assert "n" not in footer(app)
            await pilot.press("n")  # bound still, and still refused
            await pilot.pause()
            assert isinstance(app.screen, LobbyScreen)
            await ana.command("leave_seat", room=room)
            await ana.command("add_bot", room=room, seat=0, level="random")
            await ana.command("start", room=room)
            await pilot.press("w")
            await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
            await wait_for(pilot, lambda: "r" in footer(app))
            assert "e" not in footer(app)
    finally:
        await ana.close()

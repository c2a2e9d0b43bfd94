"""The footer tells the truth (issue 32, item 9): a key is named for what it does at this
size and offered only to whom it serves. Puerto Rico's `o` is "Next board" from 120x40
up (the next rival's full board) and "All boards" below (every board's row), gone at
160x50 where every board is on screen; San Juan's `o` is offered at 80 columns only
(wider, the opponents are on screen in full); y/u/n are not offered while others play
(hidden in place, in the move's own repaint: tests/tui/test_frame_repaint.py); a
spectator is offered no new room and no review of moves they never made. The real app
under the pilot (a real server on loopback for the spectator and the bots' game)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.launch import local_plan, remote_plan
from prtui.netclient import Client
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.lobby import LobbyScreen
from prtui.widgets.actions import ActionsPanel
from server.net import botseats
from tests.tui.boards import midgame_4p, pr_game, spectator_of
from tests.tui.san_juan_boards import paying_4p, sj_game
from tests.tui.screen import screen_rows
from tests.tui.waiting import board_drawn, wait_for

TURN_KEYS = ("y Confirm", "u Undo", "n Decline")


def footer(app: PrtuiApp) -> dict[str, str]:
    """The keys the footer shows now, with their descriptions (a key hidden in place,
    not displayed, is not shown)."""
    footers = list(app.screen.query(Footer))
    if not footers:
        return {}
    return {k.key: k.description for k in footers[0].query(FooterKey) if k.display}


def turn_keys_drawn(app: PrtuiApp) -> set[str]:
    """Which of y/u/n the footer's row reads now, as drawn."""
    row = screen_rows(app)[-1]
    return {key for key in TURN_KEYS if key in row}


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


@pytest.mark.parametrize("game", ["puerto-rico", "san-juan"])
async def test_confirm_undo_decline_are_not_offered_while_others_play(game: str) -> None:
    mine: dict[str, Any] = midgame_4p() if game == "puerto-rico" else paying_4p()
    described = pr_game() if game == "puerto-rico" else sj_game()
    assert mine["legal"], "the fixture is a decision of mine"
    waiting = {**mine, "legal": []}  # the same table, another seat to move
    app = PrtuiApp(lambda a: GameScreen(None, mine, game=described))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: "y Confirm" in turn_keys_drawn(app))
        assert turn_keys_drawn(app) == set(TURN_KEYS)  # mine: there (lit or dimmed)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.apply_snapshot(waiting)
        await wait_for(pilot, lambda: not turn_keys_drawn(app))
        assert "? Help" in screen_rows(app)[-1] and "^l Leave" in screen_rows(app)[-1]
        keys = {k.key: k for k in screen.query(FooterKey)}  # hidden, still there
        screen.apply_snapshot(mine)  # my turn again: back where they were
        await wait_for(pilot, lambda: turn_keys_drawn(app) == set(TURN_KEYS))
        assert all(k is keys[k.key] for k in screen.query(FooterKey)), "the footer was rebuilt"


async def test_while_a_bot_plays_no_turn_key_and_my_decline_brings_n(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A real local game (embedded server, two random bots): while a bot plays, the
    footer's row has no y/u/n; on a decision of mine that offers a decline, `n Decline`
    is there. I play the first row of every other decision. The bots wait at a gate
    until the footer of a bot's turn has been seen, so a slow machine cannot let every
    bot's turn pass before its frame is drawn (a CI run at full load did)."""
    gate = asyncio.Event()

    class Gated:
        def __init__(self, bot: Any) -> None:
            self.bot = bot

        async def choose(self, game: Any, own: Any, seat: int) -> Any:
            await gate.wait()
            return await self.bot.choose(game, own, seat)

    real = botseats.make_seat_bot
    monkeypatch.setattr(botseats, "make_seat_bot", lambda *a: Gated(real(*a)))
    setup = TableSetup(players=3, bots=["random", "random"], seed=11, bot_delay_s=0.0)
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "tester", setup))
    seen_bot, seen_decline = False, False
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        acted_on = None
        for _ in range(20_000):
            await pilot.pause()
            if seen_bot and seen_decline:
                break
            assert app.screen is screen, "the game ended before both were seen"
            snap = screen.snapshot
            legal = snap.get("legal", [])
            if not legal and not seen_bot:  # a bot's turn, held at the gate
                await wait_for(pilot, lambda: "^l Leave" in screen_rows(app)[-1]
                               and not turn_keys_drawn(app))
                seen_bot = True
                gate.set()
            elif legal and snap is not acted_on:
                if any(a.get("kind") == "decline" for a in legal):
                    await wait_for(pilot, lambda: "n Decline" in turn_keys_drawn(app))
                    seen_decline = True
                panel = screen.query_one(ActionsPanel)
                top = next(n for n in panel._rows if n < len(panel._legal))
                acted_on = snap
                await pilot.press(panel._keys[top] or "enter")
    assert seen_bot and seen_decline


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


@pytest.mark.parametrize("seated", [True, False])
async def test_the_boards_footer_has_its_keys_when_the_board_is_mounted(seated: bool) -> None:
    """A spectator's board in a busy tmux showed its footer 3 s after the board (issue 32
    walk): Textual's footer composes its keys a refresh after the bindings' signal. The
    board's footer has them as the board is mounted, as the game-over screen's has."""
    from textual.screen import Screen
    from textual.widgets import Static

    class Before(Screen[None]):
        def compose(self) -> Any:
            yield Static("the lobby")

    snap = midgame_4p() if seated else spectator_of(midgame_4p())
    app = PrtuiApp(lambda a: Before())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = GameScreen(None, snap, game=pr_game())
        await app.push_screen(board)  # mounted: what its first frame will show
        keys = {k.key for k in board.query(FooterKey) if k.display}
        assert {"c", "l", "question_mark", "ctrl+l"} <= keys, keys
        assert ("f" in keys) != seated  # follow: a spectator's

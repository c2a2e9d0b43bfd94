"""The coach key at the table and the post-game review, in the real app under Textual's
pilot against a real server on loopback (its bot pool a real worker process)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.launch import local_plan, remote_plan
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.lobby import LobbyScreen
from prtui.screens.replay import ReplayScreen
from prtui.screens.review import worst_moves
from prtui.widgets.actions import ActionsPanel
from prtui.widgets.coach import CoachPanel
from server.net.coaching import CoachDesk, CoachLimits
from server.net.server import GameServer
from tests.net.test_coach import finished_game
from tests.tui.waiting import board_drawn, lobby_lists, wait_for

THINKING = 20_000  # pilot pauses: the first request also starts the worker process


def shown_text(widget: Any) -> str:
    return str(widget.render())


def coach_done(app: PrtuiApp) -> bool:
    return not any(w.group == "coach" and not w.is_finished for w in app.workers)


@pytest.mark.parametrize("game", ["puerto-rico", "san-juan"])
async def test_coach_key_shows_my_top_moves_and_drops_an_answer_gone_stale(
        tmp_path: Path, game: str) -> None:
    setup = TableSetup(players=2, game=game, bots=["random"], bot_delay_s=0.0, seed=5)
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: board_drawn(app)
                       and bool(app.screen.snapshot.get("legal")))
        board = app.screen
        assert "t Coach" in shown_help_keys(board)
        panel = board.query_one(CoachPanel)
        assert not panel.display
        await pilot.press("t")
        await wait_for(pilot, lambda: shown_text(panel).startswith("Coach ·"), THINKING)
        text = shown_text(panel)
        assert panel.display
        offered = shown_text(board.query_one(ActionsPanel).query_one("#actions-list"))
        lines = text.splitlines()[1:]
        assert 1 <= len(lines) <= 3
        for line in lines:  # each names a move by the key that plays it, as on my list
            move = line.split("  ", 1)[0]
            assert move[1:2] == " " and move in offered, (move, offered)
            assert not move.startswith("1. ")
            assert "%" in line or "rough guess" in line  # a percentage only from enough tries

        await pilot.press("1")  # a move: the lines were for the position before it
        await wait_for(pilot, lambda: not panel.display)
        await wait_for(pilot, lambda: bool(board.snapshot.get("legal"))
                       and app.controller is not None
                       and panel.v != app.controller.shown_v)
        await pilot.press("t", "1")  # asked, then moved on before the answer came
        await wait_for(pilot, lambda: coach_done(app), THINKING)
        await pilot.pause()
        assert not panel.display  # the stale answer was dropped, not drawn


def shown_help_keys(board: GameScreen) -> str:
    from prtui.screens.board_keys import keys_line

    return keys_line(board, board.app)


@pytest.fixture
async def eve_finished(tmp_path: Path) -> AsyncIterator[tuple[int, str]]:
    """A server holding a finished game in which eve played seat 0."""
    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    port = await srv.start()
    srv.lobby.coach = CoachDesk(CoachLimits(review_budget=4.0, review_move_time=0.05,
                                            review_iterations=12))
    room = await finished_game(port, "eve")
    yield port, room
    await srv.stop()


async def test_review_in_the_replay_lists_my_worst_moves_and_x_jumps_to_them(
        eve_finished: tuple[int, str]) -> None:
    port, room = eve_finished
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "play"))
    async with app.run_test(size=(120, 40)) as pilot:
        await lobby_lists(pilot, app, room)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await pilot.press("e")
        await wait_for(pilot, lambda: replay.review is not None, THINKING)
        worst = worst_moves(replay.review or {})
        assert 1 <= len(worst) <= 3
        panel = replay.query_one(CoachPanel)
        text = shown_text(panel)
        assert text.startswith("Review")
        lines = text.splitlines()
        for i, move in enumerate(worst, start=1):
            line = next(ln for ln in lines if f"{i}. step {move['step']}: " in ln)
            # the coach's words: the calibrated chance, or "rough guess" with no number
            mine, best = line.split(" · best ", 1)
            for part, chance in ((mine, move["chance"]), (best, move["best_chance"])):
                if chance is None:
                    assert part.endswith("rough guess") and "%" not in part, line
                else:
                    assert part.endswith(f" {round(100 * chance)}%"), line
        for move in worst:  # x goes to each of them in turn, biggest first
            await pilot.press("x")
            await wait_for(pilot, lambda m=move: replay.step == m["step"]
                           and not replay._fetching)
            assert f"▶{worst.index(move) + 1}. step {move['step']}" in shown_text(panel)
        await pilot.press("x")  # and round again
        await wait_for(pilot, lambda: replay.step == worst[0]["step"] and not replay._fetching)


async def test_review_from_the_game_over_lands_on_the_biggest_loss(
        eve_finished: tuple[int, str]) -> None:
    port, room = eve_finished
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "play"))
    async with app.run_test(size=(120, 40)) as pilot:
        await lobby_lists(pilot, app, room)
        await pilot.press("w")
        await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.press("e")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        await wait_for(pilot, lambda: replay.review is not None, THINKING)
        biggest = worst_moves(replay.review or {})[0]
        await wait_for(pilot, lambda: replay.step == biggest["step"] and not replay._fetching)
        assert "▶1. step" in shown_text(replay.query_one(CoachPanel))


async def test_a_lan_host_allows_the_coach_on_the_new_table_form(tmp_path: Path) -> None:
    from prtui.screens.newgame import NewGameScreen
    from prtui.screens.room import RoomScreen
    from prtui.widgets.options import OptionFlag
    from tests.tui.waiting import form_settled

    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    port = await srv.start()
    try:
        app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "play"))
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
            await pilot.press("n")
            await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
            await form_settled(pilot, app)
            flag = app.screen.query_one("#coach", OptionFlag)
            assert flag.value is False and "Coach: off" in str(flag.label)  # off unless allowed
            flag.focus()
            await pilot.press("space")
            await wait_for(pilot, lambda: flag.value is True)
            await pilot.press("ctrl+s")
            await wait_for(pilot, lambda: isinstance(app.screen, RoomScreen))
            title = app.screen.query_one("#room-title")
            await wait_for(pilot, lambda: "coach allowed" in shown_text(title))
            room = next(iter(srv.lobby.rooms.values()))
            assert room.rec.options["coach"] == "on"
    finally:
        await srv.stop()


async def test_the_coach_names_moves_by_their_keys_says_rough_and_shows_ties() -> None:
    """The coach's answer on the real board, annotated by the server's own calibration
    (server/bots/calibration.py, what ``coach_task`` sends): each move by the key that
    plays it; two estimates equal within noise shown as a tie with one number; a handful
    of tries a "rough guess" with no percentage (however high the raw estimate); a
    well-tried move its calibrated chance, not the raw estimate; "every choice comes to
    the same" only when the search found it so."""
    from server.bots.calibration import current
    from tests.tui.boards import pr_game
    from tests.tui.pr_live_boards import find

    _state, snap = find(lambda _s, frame: frame["view"]["phase"]["step"] == "builder"
                        and len(frame["legal"]) >= 4)
    legal = snap["legal"]
    calibration = current()
    many = 40 * calibration.rough_tries
    top = max((r / 100 for r in range(50, 100)),  # where the map moves the raw most
              key=lambda r: abs(calibration.chance("puerto-rico", r) - r))
    raw = [{"action": legal[2], "value": top, "tries": many},
           {"action": legal[0], "value": 0.05, "tries": many},
           {"action": legal[3], "value": 0.045, "tries": many},
           {"action": legal[1], "value": 0.99, "tries": 1}]
    best = round(100 * calibration.chance("puerto-rico", top))
    assert best != round(100 * top)  # the map moved the raw estimate: what is shown is not it
    link = CoachLink([  # what coach_task answers for these raw estimates
        {"v": None, "moves": calibration.shown("puerto-rico", [raw[0], raw[1], raw[3]])},
        {"v": None, "moves": calibration.shown("puerto-rico", raw[1:3])},
        {"v": None, "moves": []}])
    app = PrtuiApp(lambda a: GameScreen(link, snap, game=pr_game()))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        board = app.screen
        assert isinstance(board, GameScreen)
        panel = board.query_one(CoachPanel)
        actions = board.query_one(ActionsPanel)
        await pilot.press("t")
        await wait_for(pilot, lambda: shown_text(panel).startswith("Coach ·"))
        lines = shown_text(panel).splitlines()[1:]
        keys = [actions.key_of(raw[i]["action"]) for i in (0, 1, 3)]
        assert [line.split(" ", 1)[0] for line in lines] == keys  # 3, 1, 2: not ranks
        assert f"  {best}%  ({many} tries)" in lines[0] and "tie" not in lines[0], lines
        assert "tie" not in lines[1]  # 0.05 is far from the top at these tries
        assert "rough guess" in lines[2] and "%" not in lines[2] and "(1 try)" in lines[2]
        assert "comes to the same" not in shown_text(panel)
        panel.close()
        await pilot.press("t")  # two moves equal within noise: one number, a tie mark
        await wait_for(pilot, lambda: panel.display and "tie" in shown_text(panel))
        tied = shown_text(panel).splitlines()[1:]
        same = round(100 * calibration.chance("puerto-rico", 0.0475))
        assert all(f"  {same}% tie" in line for line in tied), tied
        assert "comes to the same" not in shown_text(panel)  # 2 of the 4 choices only
        panel.close()
        await pilot.press("t")  # a step the search does not weigh: no false "all equal"
        await wait_for(pilot, lambda: "does not weigh" in shown_text(panel))
        assert "comes to the same" not in shown_text(panel)


class CoachLink:
    """A table link whose coach answers the given replies in turn (the board's side of
    the coach; the server's is tests/net/test_coach.py)."""

    shown_v = None

    def __init__(self, replies: list[dict[str, Any]]) -> None:
        self.replies = replies

    async def act(self, action: dict[str, Any]) -> None: ...

    async def chat(self, text: str) -> None: ...

    async def follow(self, seat: int) -> None: ...

    async def coach(self) -> dict[str, Any]:
        return self.replies.pop(0)

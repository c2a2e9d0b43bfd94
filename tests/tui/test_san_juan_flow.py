"""San Juan through the client's own paths (issue 13), with real parts: the launcher's
plans, an embedded or a loopback GameServer on SQLite in a temporary directory, and the
real app under Textual's pilot.

`prtui play --game san-juan --players 3 --bots hard,easy --option fair_start=true`
sets that table up; the new-game form offers San Juan with its 2-4 players and its fair
start; the lobby lists the room by its game and a guest joins, sits and plays it
with the host and a bot.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.widgets import DataTable, Select, Static

from prtui.app import PrtuiApp
from prtui.cli import build_parser, option_pairs
from prtui.launch import local_plan, remote_plan, setup_from_args
from prtui.screens.game import GameScreen
from prtui.screens.lobby import LobbyScreen
from prtui.screens.newgame import NewGameScreen
from prtui.screens.room import RoomScreen
from tests.tui.waiting import wait_for


def play_args(*argv: str) -> Any:
    args = build_parser().parse_args(["play", *argv])
    args.option = option_pairs(args)
    return args


def table(app: PrtuiApp) -> GameScreen:
    """The San Juan board the app shows (its own board, not the "cannot draw" notice)."""
    screen = app.screen
    assert isinstance(screen, GameScreen), type(screen).__name__
    assert screen.snapshot["view"]["game"] == "san-juan"
    return screen


def on_table(app: PrtuiApp) -> bool:
    """A board is shown, drawn (mounted) and has a view."""
    screen = app.screen
    return (isinstance(screen, GameScreen) and screen.is_mounted and bool(screen._parts)
            and bool(screen.snapshot.get("view")))


def test_play_flags_are_kept_within_san_juans_range() -> None:
    setup = setup_from_args(play_args("--game", "san-juan", "--players", "3",
                                      "--bots", "hard,easy", "--option", "fair_start=true"))
    assert (setup.game, setup.players, setup.bots, setup.options) == (
        "san-juan", 3, ["hard", "easy"], {"fair_start": True})
    assert setup_from_args(play_args("--game", "san-juan")).players == 4  # the most it takes
    assert setup_from_args(play_args("--game", "san-juan", "--players", "5")).players == 4
    assert setup_from_args(play_args("--game", "san-juan", "--players", "1")).players == 2
    for bad in (("--edition", "1897"), ("--open-vp",), ("--option", "fair_start=maybe")):
        with pytest.raises(ValueError):
            setup_from_args(play_args("--game", "san-juan", *bad))


async def test_prtui_play_san_juan_sets_the_table_it_was_asked_for(tmp_path: Path) -> None:
    setup = setup_from_args(play_args("--game", "san-juan", "--players", "3",
                                      "--bots", "hard,easy", "--option", "fair_start=true",
                                      "--seed", "3"))
    setup.bot_delay_s = 5.0  # the bots wait: the table is looked at, not played
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: on_table(app))
        board = table(app)
        controller = app.controller
        assert controller is not None and controller.room_info is not None
        info = controller.room_info
        assert (info["game"], info["players"]) == ("san-juan", 3)
        assert info["options"]["fair_start"] is True
        assert [(s["kind"], s.get("level")) for s in info["seats"]] == [
            ("human", None), ("bot", "hard"), ("bot", "easy")]
        view = board.snapshot["view"]
        assert view["options"]["fair_start"] is True and view["players_count"] == 3
        assert board.snapshot["seat"] == 0
        assert view["players"][0]["hand"] is not None  # my hand, and only mine
        assert [p["hand"] for p in view["players"][1:]] == [None, None]


async def test_the_new_game_form_starts_a_san_juan_table(tmp_path: Path) -> None:
    app = PrtuiApp(plan=local_plan(tmp_path / "data", "ana", None))  # plain `prtui`
    async with app.run_test(size=(100, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        form = app.screen
        assert isinstance(form, NewGameScreen)
        titles = [str(prompt) for prompt, _ in form.query_one("#game", Select)._options]
        assert "San Juan" in titles
        form.query_one("#game", Select).value = titles.index("San Juan")
        await wait_for(pilot, lambda: "fair_start" in form.option_widgets)
        assert set(form.option_widgets) == {"fair_start"}  # no edition, no open VP
        counts = [v for _p, v in form.query_one("#players", Select)._options]
        assert counts == [2, 3, 4]
        form.query_one("#players", Select).value = 2
        await pilot.pause()
        form.query_one("#seat-1", Select).value = "random"
        form.option_widgets["fair_start"].value = True  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await wait_for(pilot, lambda: on_table(app))
        view = table(app).snapshot["view"]
        assert view["players_count"] == 2 and view["options"]["fair_start"] is True
        info = app.controller.room_info if app.controller else None
        assert info is not None and info["seats"][1]["level"] == "random"


def row_texts(lobby: LobbyScreen) -> list[list[str]]:
    rooms = lobby.query_one("#rooms", DataTable)
    return [[str(cell) for cell in rooms.get_row_at(i)] for i in range(rooms.row_count)]


def title_of(screen: Any) -> str:
    return str(screen.query_one("#room-title", Static).render())


async def test_lobby_room_and_start_of_a_san_juan_table(port: int) -> None:
    """ana makes a room from the lobby's form (San Juan, 3 players: bo's seat open, an
    easy bot); bo sees it listed as San Juan, joins, sits, says ready; ana starts."""
    ana = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play"))
    bo = PrtuiApp(plan=remote_plan("127.0.0.1", port, "bo", "play"))
    async with ana.run_test(size=(120, 40)) as ap, bo.run_test(size=(80, 24)) as bp:
        await wait_for(ap, lambda: isinstance(ana.screen, LobbyScreen))
        await ap.press("n")
        await wait_for(ap, lambda: isinstance(ana.screen, NewGameScreen))
        form = ana.screen
        assert isinstance(form, NewGameScreen)
        titles = [str(prompt) for prompt, _ in form.query_one("#game", Select)._options]
        form.query_one("#game", Select).value = titles.index("San Juan")
        await wait_for(ap, lambda: "fair_start" in form.option_widgets)
        form.query_one("#players", Select).value = 3
        await ap.pause()
        form.query_one("#seat-1", Select).value = "open"
        form.query_one("#seat-2", Select).value = "easy"
        form.option_widgets["fair_start"].value = True  # type: ignore[attr-defined]
        await ap.press("ctrl+s")
        await wait_for(ap, lambda: isinstance(ana.screen, RoomScreen))
        room = ana.screen
        await wait_for(ap, lambda: "San Juan, Fair start, 3 players" in title_of(room))

        await wait_for(bp, lambda: isinstance(bo.screen, LobbyScreen))
        lobby = bo.screen
        assert isinstance(lobby, LobbyScreen)
        await bp.press("r")
        await wait_for(bp, lambda: len(row_texts(lobby)) == 1)
        assert "San Juan" in row_texts(lobby)[0] and "waiting" in row_texts(lobby)[0]
        await bp.press("enter")
        await wait_for(bp, lambda: isinstance(bo.screen, RoomScreen))
        assert "San Juan" in title_of(bo.screen)
        await bp.press("down", "t")
        await wait_for(bp, lambda: bo.controller is not None and bo.controller.seat == 1)
        await bp.press("r")
        await wait_for(ap, lambda: room.info["seats"][1].get("ready"))
        await ap.press("s")
        await wait_for(ap, lambda: on_table(ana))
        await wait_for(bp, lambda: on_table(bo))
        mine, theirs = table(ana).snapshot, table(bo).snapshot
        assert (mine["seat"], theirs["seat"]) == (0, 1)
        assert mine["view"]["players"][0]["hand"] and mine["view"]["players"][1]["hand"] is None
        assert theirs["view"]["players"][1]["hand"] and theirs["view"]["players"][0]["hand"] is None


def test_a_rooms_options_in_words_by_the_games_own_spec() -> None:
    from prtui.screens.room import options_words
    from server.engine.contract import describe
    from server.games.registry import get_game

    san_juan, puerto_rico = describe(get_game("san-juan")), describe(get_game("puerto-rico"))
    assert options_words(san_juan, {"fair_start": True, "grace_s": 60}) == ["Fair start"]
    assert options_words(san_juan, {"fair_start": False}) == []
    assert options_words(puerto_rico, {"edition": "1897", "open_vp": True,
                                       "expansions": ["new_buildings", "citizens"]}) == [
        "1897", "Open VP", "Expansions: I: New Buildings, II: The Citizens"]
    assert options_words(puerto_rico, {}) == ["Classic (2002)"]  # the defaults
    odd = {"options": ["x", {"type": "bool"}, {"name": "n", "type": "multi", "default": "ab"},
                       {"name": "c", "type": "choice", "choices": "ab", "labels": 3}]}
    assert options_words(odd, {"c": "a"}) == ["a"]  # nonsense skipped, never a crash
    assert options_words(None, {"edition": "1897"}) == ["1897"]  # no catalog


async def test_the_same_seed_deals_the_same_san_juan_table(tmp_path: Path) -> None:
    deals = []
    for run in range(2):
        setup = setup_from_args(play_args("--game", "san-juan", "--players", "2", "--bots",
                                          "random", "--seed", "1234"))
        setup.bot_delay_s = 5.0
        app = PrtuiApp(plan=local_plan(tmp_path / f"data{run}", "ana", setup))
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda app=app: on_table(app))
            view = table(app).snapshot["view"]
            deals.append((view["players"][0]["hand"], view["deck"], view["governor"]))
    assert deals[0] == deals[1] and len(deals[0][0]) == 4

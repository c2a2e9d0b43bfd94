"""No screen cuts its own text (issue 22, item 3): every screen of both games at 80x24,
100x30, 120x40 and 160x50 and the sizes where the layout switches between them, with the
longest words (Puerto Rico's 1897 vocabulary and every expansion), five players named
with the longest names a server takes: 32 cells each, two of them in Chinese (16 wide
characters: a name is measured in cells, server/protocol/names.py).

The detector (tests/tui/clipping.py) walks the widgets on the screen, so it holds for
any layout. One app per game and size: the screens are swapped in it, the boards are
frozen fixtures handed to the board screen in turn, its views opened by their keys.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.cells import cell_len

from prtui.app import PrtuiApp
from prtui.games import board_for
from prtui.i18n import set_language
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.newgame import NewGameScreen
from prtui.screens.replay import ReplayScreen
from prtui.vocabulary import Vocabularies
from tests.tui import expansion_boards, smuggler_festival_boards
from tests.tui.boards import final_5p, late_game_5p, midgame_4p, pr_game, spectator_of
from tests.tui.clipping import cut_texts
from tests.tui.san_juan_boards import final_4p, paying_4p, sj_game

NAMED_SIZES = [(80, 24), (100, 30), (120, 40), (160, 50)]
SIZES = [*NAMED_SIZES, (110, 30), (150, 46), (156, 46)]
"""The four named sizes, and where the layout switches between them (prtui/screens/
game.py: 110 columns medium, 150 wide; prtui/games/puerto_rico/layout.py: 156x46 every
board in full)."""
AT_SWITCHES = ("five players, all four expansions", "the draft", "late, five players")
"""The boards with the most to fit, which are all a switching size is shown, and the
only Puerto Rico boards also shown to a spectator (every board at every size, twice,
was a ninth of the suite's time)."""
NAMES = {seat: f"{word} Longname{seat + 1}{'x' * 32}"[:32]
         for seat, word in enumerate(["Wilhelmina", "Maximiliane", "Bartholomew",
                                      "Christabella", "Konstantinos"])}
NAMES[1] = "诸葛孔明卧龙先生南阳躬耕陇亩之中"  # typed in Chinese (issue 38, item 4):
NAMES[3] = "长孙无忌凌烟阁上二十四功臣之首也"  # 16 wide characters, 32 cells, the longest
assert all(cell_len(name) == 32 for name in NAMES.values())

PR_BOARDS: dict[str, Callable[[], dict[str, Any]]] = {
    "five players, all four expansions": lambda: smuggler_festival_boards.load("five"),
    "the smuggler's choice": lambda: smuggler_festival_boards.load("smuggler"),
    "placing workers": lambda: smuggler_festival_boards.load("place"),
    "a captured role": lambda: smuggler_festival_boards.load("captured"),
    "the draft": lambda: expansion_boards.load("draft"),
    "late, forests and citizens": lambda: expansion_boards.load("late"),
    "black market": lambda: expansion_boards.load("black_market"),
    "late, five players": late_game_5p,
    "midgame": midgame_4p,
}
def sj_choosing() -> dict[str, Any]:
    """Seat 0 choosing a role late in a game: the role choices say what each gives."""
    from tests.tui.san_juan_boards import frames

    return [f for f in frames(4, 11) if f["view"].get("role_gains")][-1]


SJ_BOARDS: dict[str, Callable[[], dict[str, Any]]] = {"paying": paying_4p,
                                                      "choosing a role": sj_choosing}
GAMES = {
    "puerto-rico": (pr_game, PR_BOARDS, final_5p, "1897", ["b", "o"]),
    "san-juan": (sj_game, SJ_BOARDS, final_4p, None, ["o", "h"]),
}


async def no_fetch(step: int) -> dict[str, Any]:
    raise AssertionError("the clipping test moves through no step")


class Checker:
    """Looks at the app's screen after each change, collecting what is cut."""

    def __init__(self, app: PrtuiApp, pilot: Any) -> None:
        self.app, self.pilot, self.found = app, pilot, []

    async def look(self, where: str) -> None:
        await self.pilot.pause()
        await self.pilot.pause()
        self.found += [f"{where}: {cut}" for cut in cut_texts(self.app.screen)]


@pytest.fixture
def lang(request: pytest.FixtureRequest) -> Iterator[str]:
    """The client's language for one test (issue 38, item 4: wide characters fit),
    English again after it."""
    set_language(request.param)
    yield request.param
    set_language("en")


BOARD_LANGS = [("en", size) for size in SIZES] + [("zh_CN", size) for size in NAMED_SIZES]
"""Every size in English; in Chinese the four named sizes."""


@pytest.mark.parametrize(("lang", "size"), BOARD_LANGS, indirect=["lang"],
                         ids=lambda v: f"{v[0]}x{v[1]}" if isinstance(v, tuple) else v)
@pytest.mark.parametrize("name", list(GAMES))
async def test_no_screen_cuts_its_text(name: str, lang: str, size: tuple[int, int]) -> None:
    describe, boards, final, vocabulary, views = GAMES[name]
    if size not in NAMED_SIZES:
        boards = {k: v for k, v in boards.items() if k in AT_SWITCHES} or boards
    game = describe()
    app = PrtuiApp(lambda a: NewGameScreen([game], players=5 if name == "puerto-rico" else 4))
    async with app.run_test(size=size) as pilot:
        check = Checker(app, pilot)
        await check.look("new game")
        first = next(iter(boards.values()))()
        board = GameScreen(None, first, NAMES, vocabulary=vocabulary, game=game)
        await app.push_screen(board)
        for which, load in boards.items():
            # a spectator's board (no actions list: more room) for the fullest boards
            watched = name != "puerto-rico" or which in AT_SWITCHES
            for snapshot in (load(), spectator_of(load())) if watched else (load(),):
                board.apply_snapshot(snapshot)
                who = "spectator" if snapshot["seat"] is None else "player"
                await check.look(f"board {which} ({who})")
                for key in views:
                    await pilot.press(key)
                    await check.look(f"board {which} ({who}), key {key}")
                    await pilot.press(key)
        board.apply_snapshot(first)
        await pilot.press("question_mark")
        await check.look("help")
        await pilot.press("escape")
        await app.push_screen(ReplayScreen(no_fetch, {"steps": 90, "step": 40,
                                                      "snapshot": spectator_of(first)},
                                           NAMES, title="x" * 32, game=game,
                                           vocabulary=vocabulary))
        await check.look("replay")
        over = final()
        vocab = Vocabularies(game["display"]).get(vocabulary or "")
        history = {r: {s: r for s in range(5)} for r in range(1, 16)}
        await app.push_screen(GameOverScreen(over["view"], NAMES, history, 0,
                                             board_for(name), vocab))
        await check.look("game over")
    assert not check.found, "\n".join(check.found)


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.usefixtures("in_language")
async def test_lobby_and_room_cut_no_text(port: int, size: tuple[int, int]) -> None:
    """The lobby, a LAN table's form and a room, on a real server: 32-character player
    and room names (in Chinese too: issue 38)."""
    from prtui.controller import Controller
    from prtui.netclient import Client
    from prtui.screens.lobby import LobbyScreen
    from prtui.screens.room import RoomScreen
    from tests.tui.waiting import wait_for

    host = await Client.connect("127.0.0.1", port, NAMES[1])
    data = await host.command("create_room", game="puerto-rico", players=5,
                              options={"edition": "1897"}, name=NAMES[3])
    room = str(data["room"])
    await host.command("join_room", room=room, as_="player")
    await host.command("take_seat", room=room, seat=1)
    for seat in (2, 3):
        await host.command("add_bot", room=room, seat=seat, level="hard")
    app = PrtuiApp()
    async with app.run_test(size=size) as pilot:
        check = Checker(app, pilot)
        controller = Controller(app, await Client.connect("127.0.0.1", port, NAMES[0]))
        app.controller = controller
        await controller.games()
        lobby = LobbyScreen(controller)
        await app.push_screen(lobby)
        await wait_for(pilot, lambda: len(lobby.rooms) == 1)
        lobby.add_chat(NAMES[1], "a chat line long enough to wrap at eighty columns, or so")
        await check.look("lobby")
        await pilot.press("n")
        await wait_for(pilot, lambda: isinstance(app.screen, NewGameScreen))
        await check.look("new table")
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is lobby)
        await controller.join(room, as_player=True)
        await controller.take_seat(0)
        rooms = (await controller.client.command("list_rooms"))["rooms"]
        controller.room_info = next(r for r in rooms if r["id"] == room)
        screen = RoomScreen(controller)
        await app.push_screen(screen)
        await wait_for(pilot, lambda: screen.query_one("#seats").row_count == 5)
        await check.look("room")
        await controller.close()
    await host.close()
    assert not check.found, "\n".join(check.found)


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
@pytest.mark.parametrize("size", NAMED_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.usefixtures("in_language")
async def test_leaderboard_and_profile_cut_no_text(tmp_path: Path, size: tuple[int, int],
                                                   lang: str) -> None:
    """The leaderboard and a profile, on a real server whose file holds rated games of
    players with 32-character names (and so room names of 40 and more)."""
    from textual.widgets import DataTable

    from prtui.controller import Controller
    from prtui.netclient import Client
    from prtui.screens.leaderboard import LeaderboardScreen
    from prtui.screens.profile import ProfileScreen, open_profile
    from server.net.server import GameServer
    from tests.tui.standings import PASSWORD, seed_rated
    from tests.tui.waiting import wait_for

    names = list(NAMES.values())
    seed_rated(tmp_path, names[:4], [[names[0], names[1], names[2], "bot:hard"],
                                     [names[0], names[3], "bot:easy"],
                                     [names[0], names[1]], [names[2], names[0], names[3]]])
    async with GameServer(tmp_path, host="127.0.0.1", port=0) as server:
        app = PrtuiApp()
        async with app.run_test(size=size) as pilot:
            check = Checker(app, pilot)
            me = await Client.connect("127.0.0.1", server.port, names[0], password=PASSWORD)
            controller = Controller(app, me)  # a 32-character name of my own: "(you)"
            app.controller = controller
            board = LeaderboardScreen(controller, game="san-juan")
            await app.push_screen(board)
            await wait_for(pilot, lambda: len(board.rows) == 6)
            await check.look("leaderboard")
            you = "（你）" if lang == "zh_CN" else "(you)"
            assert any(you in str(board.query_one(DataTable).get_row_at(i)[1])
                       for i in range(6))
            assert await open_profile(app, controller, name=names[0])
            await wait_for(pilot, lambda: isinstance(app.screen, ProfileScreen))
            await check.look("profile")
            await controller.close()
    assert not check.found, "\n".join(check.found)

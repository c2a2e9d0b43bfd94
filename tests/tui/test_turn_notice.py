"""Turn notice (issue 16): a terminal bell when my turn comes after waiting (a setting,
on by default, kept in the data directory), and the countdown to a bot takeover of a
disconnected seat, shown to everyone at the table. The real app under the pilot; a
local game against bots, or a real server on loopback."""

from __future__ import annotations

import random
from pathlib import Path

from prtui.app import PrtuiApp
from prtui.controller import TokenBook
from prtui.launch import remote_plan
from prtui.screens.game import GameScreen
from prtui.settings import Settings
from prtui.widgets.notice import TableNotice
from server.engine.contract import describe
from server.games.registry import get_game
from tests.net.client import Client
from tests.tui.test_san_juan_flow import on_table
from tests.tui.test_stable_keys import EngineTable
from tests.tui.waiting import wait_for


class TableOfBots(EngineTable):
    """My choices on the engine; then the other seats play at random, each of their
    positions drawn, until it is my move again."""

    def __init__(self, state: object) -> None:
        super().__init__("puerto-rico", state)
        self.rng = random.Random(5)
        self.came_back = 0  # how often my turn came after others played

    async def act(self, action: dict) -> None:
        await super().act(action)
        waited = False
        while not self.game.is_over(self.state) and 0 not in self.game.to_move(self.state):
            seat = self.game.to_move(self.state)[0]
            self.game.apply(self.state, seat, self.rng.choice(self.game.legal_actions(self.state, seat)))
            assert self.screen is not None
            self.screen.apply_snapshot(self.snapshot())
            waited = True
        self.came_back += waited


def new_table() -> TableOfBots:
    game = get_game("puerto-rico")
    return TableOfBots(game.setup(3, game.normalize_options(3, {}), 3))


def app_with(table: TableOfBots, settings: Settings) -> PrtuiApp:
    def first(app: PrtuiApp) -> GameScreen:
        table.screen = GameScreen(table, table.snapshot(), game=describe(table.game))
        return table.screen
    return PrtuiApp(first, settings=settings)


async def play(app: PrtuiApp, pilot: object, table: TableOfBots, moves: int) -> None:
    """My next ``moves`` moves, each by Enter (the highlighted choice)."""
    for _ in range(moves):
        sent = len(table.sent)
        await pilot.press("enter")  # type: ignore[attr-defined]
        await pilot.pause()  # type: ignore[attr-defined]
        assert len(table.sent) == sent + 1


async def test_a_bell_when_my_turn_comes_back_after_waiting() -> None:
    table = new_table()
    app = app_with(table, Settings(bell_after_s=0.0))  # any wait counts
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert app.bells_rung == 0  # the first board is no news
        await play(app, pilot, table, 12)
        assert table.came_back >= 2  # and some moves followed mine at once: no bell
        assert app.bells_rung == table.came_back


async def test_the_bell_can_be_switched_off_and_stays_off(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings = Settings.load(path)
    assert settings.bell  # on by default
    settings.bell_after_s = 0.0
    table = new_table()
    app = app_with(table, settings)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        command = next(c for c in app.get_system_commands(app.screen)
                       if c.title == "Turn bell: off")
        command.callback()
        await play(app, pilot, table, 6)
        assert table.came_back and app.bells_rung == 0
        assert any(c.title == "Turn bell: on" for c in app.get_system_commands(app.screen))
    assert not Settings.load(path).bell  # kept for the next run


async def test_no_bell_for_a_quick_reply() -> None:
    """The default: a wait shorter than ``bell_after_s`` (here: an hour) is no news."""
    table = new_table()
    app = app_with(table, Settings(bell_after_s=3600.0))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await play(app, pilot, table, 6)
        assert table.came_back and app.bells_rung == 0



def notice(app: PrtuiApp) -> str:
    screen = app.screen
    if not isinstance(screen, GameScreen) or not screen.is_mounted:
        return ""
    widget = screen.query_one(TableNotice)
    return " · ".join(widget.lines()) if widget.display else ""


async def test_everyone_sees_the_countdown_to_the_takeover(port: int, tmp_path: Path) -> None:
    ana = await Client.connect(port, "ana")
    room = (await ana.ok("create_room", game="san-juan", players=2,
                         options={"grace_s": 600, "bot_delay_s": 0.0}))["room"]
    await ana.ok("join_room", room=room, as_="player")
    ana_token = (await ana.ok("take_seat", room=room, seat=0))["token"]
    bo = await Client.connect(port, "bo")
    await bo.ok("join_room", room=room, as_="player")
    bo_token = (await bo.ok("take_seat", room=room, seat=1))["token"]
    await bo.ok("ready", room=room, ready=True)
    await ana.ok("start", room=room)
    await bo.wait_for(lambda f: f["t"] == "state")
    await bo.close()  # bo comes back with this app, by his seat token
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "bo", "play", token=bo_token,
                                    tokens=TokenBook(tmp_path / "bo" / "tokens.json")))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: on_table(app))
        assert notice(app) == ""  # everyone is here
        await ana.close()
        await wait_for(pilot, lambda: "ana disconnected" in notice(app))
        text = notice(app)
        assert text.startswith("ana disconnected — a bot takes over in "), text
        seconds = int(text.split(" in ")[1].split()[0])
        assert 0 < seconds <= 600
        assert "ana disconnected" in str(app.screen.query_one(TableNotice).render())
        back = await Client.connect(port, "ana", token=ana_token)  # ana is back in time
        await wait_for(pilot, lambda: notice(app) == "")
        await back.close()


async def test_a_desktop_notification_when_asked_for_and_kept(tmp_path: Path) -> None:
    """Issue 37, item 5: off by default; switched on in the palette, my turn after
    waiting sends the terminal's desktop notification with the bell; kept for next time."""
    path = tmp_path / "settings.json"
    settings = Settings.load(path)
    assert not settings.desktop  # asked for, never imposed
    settings.bell_after_s = 0.0
    table = new_table()
    app = app_with(table, settings)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        await play(app, pilot, table, 3)
        assert app.bells_rung and not app.desktop_notices
        command = next(c for c in app.get_system_commands(app.screen)
                       if c.title == "Desktop notification on my turn: on")
        command.callback()
        rung = app.bells_rung
        await play(app, pilot, table, 6)
        assert len(app.desktop_notices) == app.bells_rung - rung > 0
        assert all("your turn" in seq for seq in app.desktop_notices)
    assert Settings.load(path).desktop and Settings.load(path).bell


def test_the_notification_is_the_terminals_own_and_a_name_cannot_break_out() -> None:
    from prtui.desktop import osc_notice

    hostile = "friday\x07\x1b]0;pwned\x1b\\; rm"
    nine = osc_notice("prtui", f"your turn at {hostile}", {"TERM": "xterm-kitty"})
    assert nine == "\x1b]9;prtui: your turn at friday]0pwned\\ rm\x07"
    foot = osc_notice("prtui", "your turn", {"TERM": "foot"})
    assert foot == "\x1b]777;notify;prtui;your turn\x07"
    wrapped = osc_notice("prtui", "your turn", {"TERM": "screen", "TMUX": "/tmp/t,1,0"})
    assert wrapped == "\x1bPtmux;\x1b\x1b]9;prtui: your turn\x07\x1b\\"

"""After the game everyone's VP chips are shown, even without Open VP (issue 22, item 10;
issue 32, item 12): to a spectator of the finished table, and at every step of the
replay, mine included, on its board. A real server on loopback, a finished two-player
game of random bots (tests/tui/test_replay.py's fixture)."""

from __future__ import annotations

import re

from prtui.app import PrtuiApp
from prtui.games.puerto_rico.player import PlayerHeader
from prtui.launch import remote_plan
from prtui.netclient import Client
from prtui.screens.lobby import LobbyScreen
from prtui.screens.replay import ReplayScreen
from tests.tui.test_replay import finished_room  # noqa: F401 (the fixture)
from tests.tui.waiting import wait_for


def chips(snapshot: dict) -> list[int | None]:
    return [p.get("vp_chips") for p in snapshot["view"]["players"]]


async def test_a_finished_game_shows_everyones_chips(finished_room: tuple[int, str]) -> None:  # noqa: F811
    port, room = finished_room
    eve = await Client.connect("127.0.0.1", port, "eve", "spectate")
    try:
        await eve.command("join_room", room=room, as_="spectator")
        final = eve.snapshot(room)
        if final is None:
            async for _event in eve.iter_events():
                final = eve.snapshot(room)
                if final is not None:
                    break
        assert final is not None and final["view"]["over"] and not final["view"]["options"]["open_vp"]
        scores = {s["seat"]: s["breakdown"]["vp_chips"] for s in final["view"]["result"]["scores"]}
        assert chips(final) == [scores[0], scores[1]]
        steps = (await eve.command("replay", room=room, step=0))["steps"]
        end = (await eve.command("replay", room=room, step=steps))["snapshot"]
        assert chips(end) == [scores[0], scores[1]]
        before = (await eve.command("replay", room=room, step=steps - 1))["snapshot"]
        # the game over, nothing is hidden: its replay shows everyone's chips at every step
        assert all(isinstance(c, int) for c in chips(before)), chips(before)
        first = (await eve.command("replay", room=room, step=1))["snapshot"]
        assert chips(first) == [0, 0]
    finally:
        await eve.close()


async def test_the_replays_last_step_shows_everyones_chips_on_the_board(
        finished_room: tuple[int, str]) -> None:  # noqa: F811
    port, room = finished_room
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "play"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                       and any(r.get("id") == room for r in app.screen.rooms))
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        await pilot.press("end")
        await wait_for(pilot, lambda: replay.step == replay.steps and not replay._fetching)

        def headers() -> list[str]:
            return [h._shown.plain for h in replay.query(PlayerHeader)]

        await wait_for(pilot, lambda: len(headers()) == 2
                       and all(re.search(r"VP chips \d+", h) for h in headers()))
        assert not any("hidden" in h for h in headers())
        await pilot.press("home")  # every step, mine included: the game is over
        await wait_for(pilot, lambda: replay.step == 0 and not replay._fetching
                       and all(re.search(r"VP chips 0\b", h) for h in headers()))
        assert not any("hidden" in h for h in headers())

"""A spectator who follows a seat (issue 16, bug 4) sees that seat's view but is never
told "Your move.", and keeps the "[spectating]" mark.

A real GameServer on 127.0.0.1: ana (a plain client) sits in seat 1 and never moves, two
bots fill the others, so the table soon waits for ana; eve watches with the real app.
"""

from __future__ import annotations

from prtui.app import PrtuiApp
from prtui.launch import remote_plan
from prtui.netclient import Client
from prtui.screens.game import GameScreen
from prtui.widgets.status import StatusLine
from tests.tui.waiting import board_drawn, wait_for


async def test_following_the_seat_to_move_is_not_my_move(port: int) -> None:
    ana = await Client.connect("127.0.0.1", port, "ana")
    try:
        room = (await ana.command("create_room", game="puerto-rico", players=3,
                                  options={"bot_delay_s": 0.0}))["room"]
        await ana.command("join_room", room=room, as_="player")
        await ana.command("take_seat", room=room, seat=0)
        for seat in (1, 2):
            await ana.command("add_bot", room=room, seat=seat, level="random")
        await ana.command("start", room=room)
        app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "spectate", room=room))
        async with app.run_test(size=(120, 40)) as pilot:
            await wait_for(pilot, lambda: board_drawn(app))
            screen = app.screen
            assert isinstance(screen, GameScreen)
            status = screen.query_one(StatusLine)

            def status_shown() -> str:
                # the board draws on mount, a frame after the screen: the snapshot may
                # already wait for ana then (a race seen under load)
                return "" if status._shown is None else status._shown.plain

            await wait_for(pilot, lambda: screen.snapshot["view"].get("to_move") == [0]
                           and "[spectating]" in status_shown())
            await pilot.press("f")  # follow seat 1: ana, whom the table waits for
            await wait_for(pilot, lambda: screen.followed == 0)
            await wait_for(pilot, lambda: "[spectating: ana]" in status_shown())
            shown = status_shown()
            assert "Your move." not in shown
            assert "Waiting for ana" in shown
            assert "[spectating: ana]" in shown
    finally:
        await ana.close()

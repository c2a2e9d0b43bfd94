"""After a game: a rematch of the table just finished, or a new table, straight from
the game-over screen. Runs as the app's worker (the game-over screen closes on the way):
the screen posts Rematch or NewTable (prtui/navigation.py) and the app runs these with
its controller, so neither the screens nor this module import the app.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual.app import App

from prtui.i18n import _
from prtui.netclient import NetError

if TYPE_CHECKING:
    from prtui.controller import Controller, TableSetup


def back_to_start(app: App[Any]) -> None:
    """Close the finished table's screens: down to the lobby, else the base screen."""
    from prtui.screens.lobby import LobbyScreen

    while len(app.screen_stack) > 1 and not isinstance(app.screen, LobbyScreen):
        app.pop_screen()


async def rematch(app: App[Any], controller: Controller | None) -> None:
    """The same table again (Controller.rematch): its board comes when it starts; a LAN
    table waiting for its other players shows its room."""
    from prtui.screens.room import RoomScreen

    if controller is None:
        return
    back_to_start(app)
    try:
        started = await controller.rematch()
    except NetError as exc:
        app.notify(_("Rematch: {reason}").format(reason=getattr(exc, "reason", None) or exc),
                   severity="error", markup=False)
        return
    if not started and not controller.local:
        room = RoomScreen(controller)
        room.ready = controller.said_ready  # so its r says "not ready" at the first press
        await app.push_screen(room)


async def new_table(app: App[Any], controller: Controller | None,
                    over_the_game: bool = False) -> None:
    """Another table: the server's lobby (LAN), or the new-game form (local).

    ``over_the_game`` (from the game-over screen, a local game): the form opens over the
    finished game, which stays joined until a new table starts, so Esc on the form goes
    back to its scores, replay and review instead of the "Quit prtui?" of a first screen.
    """
    from prtui.screens.lobby import LobbyScreen
    from prtui.screens.newgame import NewGameScreen

    if controller is None:
        return
    last = table_of(controller.room_info)
    if over_the_game and controller.local:
        setup = await app.push_screen_wait(NewGameScreen(await controller.games(), last=last))
        if setup is None:  # Esc: back to the game-over screen under the form
            return
        back_to_start(app)
        await controller.leave_room()
    else:
        back_to_start(app)
        await controller.leave_room()
        if not controller.local:
            if not isinstance(app.screen, LobbyScreen):  # came back by a seat token
                await app.push_screen(LobbyScreen(controller))
            return
        setup = await app.push_screen_wait(NewGameScreen(await controller.games(), last=last))
    if setup is None:
        app.exit(0)
        return
    try:
        await controller.start_local_table(setup)
    except NetError as exc:
        app.notify(_("New table: {reason}").format(reason=getattr(exc, "reason", None) or exc),
                   severity="error", markup=False)


def table_of(room: dict[str, Any] | None) -> TableSetup | None:
    """The local table ``room`` was (its game, players, options, the bots' levels in
    seat order), for the new-game form to start from; None without one."""
    from prtui.controller import TableSetup

    if not room or not isinstance(room.get("game"), str):
        return None
    seats = sorted((s for s in room.get("seats") or [] if isinstance(s, dict)),
                   key=lambda s: int(s.get("seat") or 0))
    players = room.get("players")
    return TableSetup(
        players=players if isinstance(players, int) else len(seats) or 4,
        game=room["game"], options=dict(room.get("options") or {}),
        bots=[str(s.get("level") or "medium") for s in seats[1:]])

"""The lobby's `o` pages back through finished games to one the lobby does not list.

A real server on 127.0.0.1 over a real SQLite file holding 250 finished games (written
through the store API); the oldest was really played. The lobby's first page holds only
the newest, so the oldest is reached with `o`, and `p` replays it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from prtui.app import PrtuiApp
from prtui.launch import remote_plan
from prtui.screens.lobby import LobbyScreen
from prtui.screens.replay import ReplayScreen
from server.net.server import GameServer
from server.tools.seedgames import seed_data_dir
from tests.tui.waiting import wait_for

FINISHED = 250


@pytest.fixture
async def archive(tmp_path: Path) -> AsyncIterator[tuple[int, list[str]]]:
    seed_data_dir(tmp_path, finished=FINISHED, real=1)
    srv = GameServer(tmp_path, host="127.0.0.1", port=0)
    port = await srv.start()
    assert srv.store is not None
    ids = [r.id for r in srv.store.page_rooms("over", None, FINISHED)]
    yield port, ids
    await srv.stop()




async def test_older_finished_games_page_in_and_the_oldest_replays(
    archive: tuple[int, list[str]],
) -> None:
    port, ids = archive
    oldest = ids[-1]
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "eve", "play"))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await wait_for(pilot, lambda: len(lobby.rooms) > 0)
        assert oldest not in {r["id"] for r in lobby.rooms}  # only the newest are listed
        assert "o" in {b.key for b in lobby.BINDINGS if b.show}  # offered in the footer
        pages = 0
        seen: list[str] = []
        while oldest not in {r["id"] for r in lobby.rooms}:
            before = (lobby.paging, lobby.older)
            await pilot.press("o")
            await wait_for(pilot, lambda before=before: (lobby.paging, lobby.older) != before)
            assert all(r["status"] == "over" for r in lobby.rooms)
            seen += [r["id"] for r in lobby.rooms]
            pages += 1
            assert pages <= FINISHED // 50
        assert seen == ids  # every finished game, newest first, each once
        assert lobby.paging and lobby.older is None  # the last page
        assert "oldest" in str(lobby.query_one("#lobby-title").render())
        # lobby pushes wait while the finished games are shown
        app.on_lobby([])
        assert oldest in {r["id"] for r in lobby.rooms}
        row = [r["id"] for r in lobby.rooms].index(oldest)
        lobby.query_one("#rooms").move_cursor(row=row)
        await pilot.press("p")
        await wait_for(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.step == 0 and replay.steps > 50
        await pilot.press("end")
        await wait_for(pilot, lambda: replay.step == replay.steps and not replay._fetching)
        assert replay.snapshot["view"].get("over")
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("r")  # back to the rooms: the newest finished games again
        await wait_for(pilot, lambda: not lobby.paging)
        assert oldest not in {r["id"] for r in lobby.rooms}

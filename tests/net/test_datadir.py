"""Two servers on one data directory: the first owns it; a second embedded one (a second
`prtui play`) runs on a private in-memory store; a second `prtui serve` refuses clearly."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

import pytest

from server.net.server import DB_NAME, GameServer
from server.store.lock import DataDirBusy
from server.store.sqlite import SqliteStore
from tests.net.client import Client
from tests.net.test_restart import free_port, start_serve
from tests.net.test_rooms import make_table, play_out


async def play_a_game(port: int) -> str:
    room, clients, _tokens = await make_table(port, humans=2, cards=4)
    await play_out(room, clients)
    for c in clients:
        await c.close()
    return room


def stored_rooms(data: Path) -> dict[str, str]:
    store = SqliteStore(data / DB_NAME)
    try:
        return {r.id: r.status for r in store.load_rooms()}
    finally:
        store.close()


async def test_second_embedded_server_runs_privately_and_leaves_the_owner_alone(
    tmp_path: Path,
) -> None:
    first = GameServer(tmp_path)
    await first.start()
    second = GameServer(tmp_path)
    await second.start()
    assert not first.private and second.private
    with pytest.raises(DataDirBusy, match=str(os.getpid())):
        await GameServer(tmp_path, if_busy="fail").start()
    # both serve full games at the same time
    owned, private = await asyncio.gather(play_a_game(first.port), play_a_game(second.port))
    await second.stop()
    assert stored_rooms(tmp_path) == {owned: "over"}  # the private game never touched the file
    await first.stop()
    # the owner is gone: the next server owns the directory and finds the owner's games
    third = GameServer(tmp_path, if_busy="fail")
    await third.start()
    c = await Client.connect(third.port, "ana")
    assert [r["id"] for r in (await c.ok("list_rooms"))["rooms"]] == [owned]
    assert private != owned
    await c.close()
    await third.stop()


async def test_second_prtui_serve_on_the_same_data_refuses_with_a_clear_message(
    tmp_path: Path,
) -> None:
    proc = await start_serve(tmp_path, free_port())
    try:
        second = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "prtui", "serve", "--port", str(free_port()),
            "--data", str(tmp_path),
            stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(second.communicate(), 30)
        assert second.returncode == 2, (out, err)
        assert f"in use by another prtui server (pid {proc.pid})" in err.decode()
        assert b"--data" in err
        embedded = GameServer(tmp_path)  # a `prtui play` meanwhile still gets a table
        await embedded.start()
        assert embedded.private
        await play_a_game(embedded.port)
        await embedded.stop()
    finally:
        proc.send_signal(signal.SIGKILL)
        await proc.wait()
    # kill -9 leaves no stale lock: the directory is free again
    after = GameServer(tmp_path, if_busy="fail")
    await after.start()
    assert not after.private
    await after.stop()

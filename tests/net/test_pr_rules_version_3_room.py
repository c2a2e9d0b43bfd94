"""A Puerto Rico room stored under rules version 3 (before the mayor's confirm, issue 16)
is resumed after a restart and replays its action log move for move under the old
mayor; a room made now plays version 4. A real SQLite file and a real server start."""

from __future__ import annotations

import random
from pathlib import Path

from server.engine.playout import choose
from server.games.registry import get_game
from server.net.server import DB_NAME, GameServer
from server.store.base import ActionRecord, RoomRecord, SeatRecord
from server.store.sqlite import SqliteStore

GAME = get_game("puerto-rico")


def _old_log(seed: int, steps: int) -> tuple[list[tuple[int, dict]], dict]:
    """A version-3 game's first ``steps`` actions (past several mayor turns)."""
    s = GAME.setup(3, {"rules_version": 3, "names": ["a", "b", "c"]}, seed)
    rnd = random.Random(seed)
    log = []
    for _ in range(steps):
        (seat,) = GAME.to_move(s)
        a = choose(GAME.legal_actions(s, seat), rnd.randrange)
        log.append((seat, {k: v for k, v in a.items() if k not in ("label", "tmpl")}))
        GAME.apply(s, seat, a)
    return log, GAME.to_data(s)


async def test_a_version_3_room_resumes_after_a_restart_under_the_old_mayor(
        tmp_path: Path) -> None:
    log, final = _old_log(5, 160)
    store = SqliteStore(tmp_path / DB_NAME)
    seats = [SeatRecord(i, "human", name) for i, name in enumerate("abc")]
    store.create_room(RoomRecord("old", "puerto-rico", 3, {}, 5, "t", None, status="playing",
                                 created=1.0, seats=seats, rules_version=3))
    for n, (seat, action) in enumerate(log):
        store.append_action("old", ActionRecord(n, seat, action))
    store.close()
    async with GameServer(tmp_path) as srv:
        assert srv.lobby is not None
        room = srv.lobby.rooms["old"]
        assert room.stale is None and room.sync is not None
        assert GAME.to_data(room.sync.state) == final and room.sync.state.rules == 3

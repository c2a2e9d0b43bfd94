"""A turn of mine starts at a table I am not looking at while I am connected: the
server pushes ``your_turn`` to my connections outside that room (issue 37 item 5); a
connection looking at the room gets its board, not the push. Real server on loopback,
real SQLite file, turn-based toy tables on a controlled clock."""

from __future__ import annotations

from pathlib import Path

from server.net.clock import SetClock
from tests.net.client import GUARD_S
from tests.net.test_turn_based import my_move, open_table, player, serving


async def test_my_turn_at_another_table_is_pushed_to_my_connections_elsewhere(
        tmp_path: Path) -> None:
    async with serving(tmp_path, SetClock()) as srv:
        room = await open_table(srv.port, {"turn_hours": 24, "cards": 9})
        async with player(srv.port, "bea") as bea_lobby, player(srv.port, "cai") as cai:
            await cai.ok("join_room", room=room, as_="player")  # cai looks at the table
            async with player(srv.port, "ana") as ana:
                await ana.ok("join_room", room=room, as_="player")
                await my_move(ana, 0)
                await ana.ok("act", room=room, action={"type": "draw"}, v=ana.v)
            push = await bea_lobby.wait_for(lambda f: f.get("t") == "your_turn")
            assert push == {"t": "your_turn", "room": room, "name": "ana's table",
                            "game": "nettoy"}
            async with player(srv.port, "bea") as bea:  # a second connection of hers
                await bea.ok("join_room", room=room, as_="player")
                await my_move(bea, 1)
                await bea.ok("act", room=room, action={"type": "draw"}, v=bea.v)
            await cai.until(lambda: (cai.v == 2 and bool(cai.snap and cai.snap["legal"]))
                            or None, GUARD_S)
            # cai was looking at the table: its board asks; no push about that room
            assert not [f for f in cai.frames if f.get("t") == "your_turn"]

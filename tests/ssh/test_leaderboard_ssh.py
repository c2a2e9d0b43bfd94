"""The leaderboard and a profile over SSH: the same screens as over TCP (the session runs
the real `prtui connect`), at 80x24, against a real game server whose SQLite file holds
rated games; a guest's own profile is refused with the server's words."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from server.net.server import GameServer
from tests.ssh.conftest import GatewayFactory, open_terminal
from tests.tui.standings import seed_rated


@pytest.fixture
async def game(tmp_path: Path) -> AsyncIterator[GameServer]:
    seed_rated(tmp_path / "game", ["ana", "[bold]x"], [["ana", "[bold]x", "bot:easy"]])
    server = GameServer(tmp_path / "game", host="127.0.0.1", port=0)
    await server.start()
    yield server
    await server.stop()


async def test_the_leaderboard_and_a_profile_over_ssh(
    make_gateway: GatewayFactory, game: GameServer
) -> None:
    gw = await make_gateway(command=None, game_port=game.port, relay_proof=game.relay_proof)
    zed = await open_terminal(gw.port, "zed", size=(80, 24))
    try:
        await zed.expect_screen("l Leaderboard")
        zed.send("l")  # the first game with rated players
        screen = await zed.expect_screen("Leaderboard — San Juan · 3 rated players")
        assert "[bold]x" in screen and "easy bot" in screen  # the name as typed
        zed.send("\r")  # the best-rated player's profile
        await zed.expect_screen("Profile — ")
        await zed.expect_screen("Finished games, newest first")
        zed.send("\x1b")
        await zed.expect_screen("Leaderboard — San Juan")
        zed.send("\x1b")
        await zed.expect_screen("l Leaderboard")
        zed.send("i")
        await zed.expect_screen("zed plays as a guest here")
    finally:
        await zed.close()

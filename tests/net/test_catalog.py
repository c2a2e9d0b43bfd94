"""Games describe themselves to clients (`list_games`), and a game module the server has
never heard of (the engine tests' 2-4 player toy, registered here) is offered, created
with its own options, validated and played with no change to the server."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from server.engine.contract import describe
from server.games.registry import game_names, get_game
from server.net.server import GameServer
from tests.engine import toygame
from tests.net.client import Client
from tests.net.test_rooms import play_out


@pytest.fixture
def toy_race() -> Iterator[str]:
    toygame.register()
    yield toygame.NAME
    toygame.unregister()


async def test_list_games_is_every_game_as_it_describes_itself(
    server: GameServer, toy_race: str
) -> None:
    c = await Client.connect(server.port, "ana", role="spectate")
    games = (await c.ok("list_games"))["games"]
    assert [g["name"] for g in games] == game_names()
    assert games == [describe(get_game(name)) for name in game_names()]
    toy = next(g for g in games if g["name"] == toy_race)
    assert (toy["min_players"], toy["max_players"]) == (2, 4)
    assert {o["name"]: o["type"] for o in toy["options"]} == {
        "open_vp": "bool", "pool": "int", "deck": "choice"}
    await c.close()


async def test_a_newly_registered_game_is_created_with_its_options_and_played(
    server: GameServer, toy_race: str
) -> None:
    host = await Client.connect(server.port, "host")
    for players, options, code in [
        (5, {}, "bad_players"),  # the toy's own range: 2-4, not Puerto Rico's 2-5
        (1, {}, "bad_players"),
        (3, {"deck": "huge"}, "invalid_options"),
        (3, {"pool": 0}, "invalid_options"),
        (3, {"open_vp": "yes"}, "invalid_options"),
        (3, {"edition": "1897"}, "invalid_options"),  # another game's option
    ]:
        r = await host.cmd("create_room", game=toy_race, players=players, options=options)
        assert r["t"] == "reject" and r["code"] == code, (players, options, r)
    options = {"deck": "long", "pool": 5, "open_vp": True}
    room = (await host.ok("create_room", game=toy_race, players=4, options=options))["room"]
    listed = next(r for r in (await host.ok("list_rooms"))["rooms"] if r["id"] == room)
    assert {k: listed["options"][k] for k in options} == options
    guest = await Client.connect(server.port, "guest")
    for seat, c in enumerate((host, guest)):
        await c.ok("join_room", room=room, as_="player")
        await c.ok("take_seat", room=room, seat=seat)
    await guest.ok("ready", room=room, ready=True)
    for seat in (2, 3):
        await host.ok("add_bot", room=room, seat=seat, level="random")
    await host.ok("start", room=room)
    clients = [host, guest]
    for c in clients:
        await c.wait_for(lambda f: f["t"] == "state")
    assert host.snap is not None and host.snap["view"]["game"] == toy_race
    await play_out(room, clients)
    view = host.snap["view"]
    assert view["over"] and len(view["players"]) == 4
    # open_vp is the toy's revealing option (its spec says so): everyone sees every chip
    assert all(p["vp_chips"] is not None for p in view["players"])
    # ... and the server shows every seat's private log text to all (its open_info)
    draws = [line["text"] for line in guest.snap["log"] if "draw" in line["text"]]
    assert all("VP" in text for text in draws)
    for c in clients:
        await c.close()


async def test_a_test_game_that_is_not_listed_is_neither_offered_nor_created(
    server: GameServer,
) -> None:
    """The stones test game (tests/games/stones/, ``listed=False``) is registered in this
    process, yet a server offers it to nobody: no catalog entry, no room of it."""
    from tests.games.stones import record

    assert get_game(record.RECORD.name).title == "Stones (test game)"  # registered
    host = await Client.connect(server.port, "host")
    games = (await host.ok("list_games"))["games"]
    assert "stones" not in [g["name"] for g in games] and games
    r = await host.cmd("create_room", game="stones", players=2, options={})
    assert r["t"] == "reject" and r["code"] == "unknown_game", r
    assert "puerto-rico" in r["reason"] and "stones" not in r["reason"].split("known:")[1]
    await host.close()

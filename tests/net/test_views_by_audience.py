"""Views by audience (server/engine/audience.py, server/net/sync.py): one move's views
built once for everyone else and once per owner, diffed part by part.

Hidden information rides on this: a player's own entry put in the public part would
show his VP chips or his hand to everyone. So at every decision of random whole games
(every game, the expansions, 2-5 seats) each viewer's assembled view must be the
game's own ``view(state, viewer)``, and what a client builds from the shared ops must
be that viewer's snapshot, exactly as from the per-viewer diffs."""

from __future__ import annotations

import copy
import random
from typing import Any

import msgpack
import pytest

from server.engine.audience import ViewsByAudience, view_of
from server.engine.playout import pick
from server.games.registry import get_game
from server.net.sync import GameSync, plain
from server.protocol.diff import apply_ops

TABLES = [
    ("puerto-rico", 3, {"edition": "classic"}, 1),
    ("puerto-rico", 2, {"edition": "1897"}, 2),
    ("puerto-rico", 5, {"edition": "1897",
                        "expansions": ["new_buildings", "citizens", "smuggler", "festival"]}, 3),
    ("puerto-rico", 4, {"edition": "1897", "open_vp": True,
                        "expansions": ["new_buildings", "citizens"]}, 4),
    ("san-juan", 4, {}, 5),
    ("san-juan", 2, {"fair_start": True}, 6),
]


def _games(name: str, players: int, options: dict[str, Any], seed: int) -> Any:
    game = get_game(name)
    opts = game.normalize_options(players, options)
    return game, game.setup(players, opts, seed)


@pytest.mark.parametrize(("name", "players", "options", "seed"), TABLES)
def test_every_assembled_view_is_the_games_own(
    name: str, players: int, options: dict[str, Any], seed: int
) -> None:
    game, state = _games(name, players, options, seed)
    assert isinstance(game, ViewsByAudience)
    rnd = random.Random(seed)
    own_keys = None
    steps = 0
    while not game.is_over(state):
        audience = game.audience(state)
        for viewer in [None, *range(players)]:
            built, own = view_of(audience, viewer), game.view(state, viewer)
            assert built == own, (steps, viewer)
            assert msgpack.packb(built) == msgpack.packb(own), (steps, viewer)  # key order
        keys = [list(k) for k in audience.own_keys]
        assert own_keys in (None, keys)  # the same own keys at every state
        own_keys = keys
        seat, action = pick(game, state, rnd)
        game.apply(state, seat, action)
        steps += 1
    audience = game.audience(state)
    for viewer in [None, *range(players)]:
        assert view_of(audience, viewer) == game.view(state, viewer)
    assert steps > 50


@pytest.mark.parametrize(("name", "players", "options", "seed"), TABLES)
def test_clients_reach_each_viewers_snapshot_from_the_shared_ops(
    name: str, players: int, options: dict[str, Any], seed: int
) -> None:
    game, state = _games(name, players, options, seed)
    shared = GameSync(game, state, open_info=False)
    each = GameSync(game, game.clone(state), open_info=False)
    each.by_audience = False  # the per-viewer views and diffs, as before
    assert shared.by_audience
    viewers = [None, *range(players)]
    clients = {v: copy.deepcopy(shared.snapshot(v)) for v in viewers}
    for v in viewers:
        assert clients[v] == each.snapshot(v)
    rnd = random.Random(seed)
    late = False
    while not shared.over():
        seat, action = pick(game, shared.state, rnd)
        legal = shared.match_legal(seat, plain(action))
        assert legal is not None
        shared.apply(seat, legal)
        each.apply(seat, each.match_legal(seat, plain(action)) or {})
        if not late and shared.v == 40:  # a viewer who joins late, then follows
            late = True
            shared.forget(0)
            each.forget(0)
            clients[0] = copy.deepcopy(shared.snapshot(0))
            assert clients[0] == each.snapshot(0)
            continue
        for v in viewers:
            clients[v] = apply_ops(clients[v], copy.deepcopy(shared.advance(v)))
            each.advance(v)
            assert clients[v] == each.snapshot(v), (shared.v, v)
            assert clients[v]["view"] == game.view(shared.state, v)

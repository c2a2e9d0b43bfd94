"""The league's scripted styles play as named: the shipper lives on goods, the builder
on buildings (server/bots/styles.py), measured over a few games with seats rotated."""

from __future__ import annotations

from collections import Counter

import pytest

from server.bots.levels import LEVELS, known_level, make_bot
from server.games.registry import get_game
from tests.bots import toygame  # noqa: F401  (registers the game "toy")

STYLES = ("shipper", "builder", "easy")


def _tally(game_name: str, games: int = 3) -> dict[str, Counter[str]]:
    """Role choices and builds of each level over ``games`` 3-player games."""
    game = get_game(game_name)
    counts: dict[str, Counter[str]] = {level: Counter() for level in STYLES}
    for g in range(games):
        state = game.setup(3, game.normalize_options(3, {}), 100 + g)
        level_at = {(e + g) % 3: level for e, level in enumerate(STYLES)}
        bots = {seat: make_bot(level, game, 7 * g + seat) for seat, level in level_at.items()}
        while not game.is_over(state):
            seat = game.to_move(state)[0]
            action = bots[seat].choose(game, state, seat)
            assert action in game.legal_actions(state, seat)
            if action["type"] == "role":
                counts[level_at[seat]][action["role"]] += 1
            counts[level_at[seat]][action["type"]] += 1
            game.apply(state, seat, action)
    return counts


def test_puerto_rico_shipper_ships_and_crafts_builder_builds() -> None:
    c = _tally("puerto-rico")
    goods = {level: c[level]["captain"] + c[level]["craftsman"] for level in STYLES}
    assert goods["shipper"] > goods["easy"] and goods["shipper"] > goods["builder"]
    assert c["builder"]["builder"] > c["easy"]["builder"] > c["shipper"]["builder"]
    assert c["builder"]["build"] > c["easy"]["build"] and c["builder"]["build"] > c["shipper"]["build"]


def test_san_juan_shipper_produces_and_trades_builder_calls_the_builder() -> None:
    c = _tally("san-juan")
    goods = {level: c[level]["producer"] + c[level]["trader"] for level in STYLES}
    assert goods["shipper"] > goods["easy"] and goods["shipper"] > goods["builder"]
    assert c["builder"]["builder"] > c["easy"]["builder"] > c["shipper"]["builder"]


def test_styles_are_league_levels_only() -> None:
    game = get_game("puerto-rico")
    for style in ("shipper", "builder"):
        assert known_level(style) and style not in LEVELS
        assert make_bot(style, game, 1).level == style
    with pytest.raises(ValueError, match="shipper lean, not toy"):
        make_bot("shipper", get_game("toy"), 1)  # the tiny test game has no plan to lean on

"""The rulebook's worked examples (具体举例), each played through the engine."""

from __future__ import annotations

from server.games.san_juan.scoring import breakdown
from tests.games.san_juan.helpers import (
    K,
    act,
    build,
    chapel,
    hand,
    new,
    options,
    pay,
    role,
    texts,
)


def test_rulebook_library_prefecture_archive_draw_8_then_discard_any_6() -> None:
    """拥有图书馆、官邸、档案馆的玩家，在议员阶段，他可以摸8张到手牌，然后弃掉任意6张手牌。"""
    s = new(3, seed=5)
    build(s, 0, "library", "prefecture", "archive")
    hand(s, 0, "palace", "guild_hall")
    role(s, "councillor")
    assert s.drawn == 8 and len(s.hands[0]) == 10 and s.need == 6
    for card in ("palace", "guild_hall"):  # cards held before may go too
        act(s, "discard", card=card)
    while {"type": "confirm"} not in options(s):
        act(s, "discard", card=options(s)[0]["card"])
    assert len(s.sel) == 6 and len(s.hands[0]) == 10
    act(s, "confirm")
    assert len(s.hands[0]) == 4 and K["palace"] not in s.hands[0]


def test_rulebook_quarry_carpenter_library_builder_palace_for_3_then_draws_1() -> None:
    """拥有采石场、木工坊、图书馆，并且选择建筑工的玩家。可花费3张牌建造一个宫殿，之后再补1张手牌。"""
    s = new(3, seed=11)
    build(s, 0, "quarry", "carpenter", "library")
    hand(s, 0, "palace", "statue", "hero", "well", "smithy")
    role(s, "builder")
    offer = next(a for a in options(s) if a.get("building") == "palace")
    assert offer["cost"] == 3
    act(s, "build", building="palace", cost=3)
    events = pay(s, "statue", "hero", "well")
    assert K["palace"] in s.city[0]
    assert texts(events)[-2:] == ["Player 1 builds a palace for 3 cards",
                                  "Player 1 draws 1 card (carpenter)"]
    assert len(s.hands[0]) == 2  # the smithy and the carpenter's card


def test_rulebook_palace_example_scores_42() -> None:
    """3个生产建筑8个紫色建筑共25点VP，且紫色建筑包括工会大厅和宫殿，礼拜堂埋了3张牌：
    [25 + 6 + 3] = 34, 34 + 34/4 = 42."""
    s = new(4, seed=12)
    s.city[0], s.goods[0] = [], []
    s.deck.append(0)  # the starting indigo plant goes back; the city is built below
    build(s, 0, "indigo_plant", "tobacco_storage", "silver_smelter",  # 1 + 2 + 3
          "guild_hall", "palace", "chapel", "library", "hero", "victory_column", "statue",
          "tower")  # 0 + 0 + 2 + 3 + 5 + 4 + 3 + 2
    chapel(s, 0, 3)
    parts = breakdown(s, 0)
    assert parts == {"buildings": 25, "chapel": 3, "guild_hall": 6, "palace": 8}
    assert sum(parts.values()) == 42

"""San Juan's board (issue 13), its parts one at a time: a build's preview (smithy,
quarry, crane, privilege, black market), what I can build, the server's card facts,
what a spectator sees, the cards on offer. The real app on frozen engine-made boards,
or the board's functions on the server's real facts and words.
"""

from __future__ import annotations

import json
from typing import Any

from prtui.app import PrtuiApp
from prtui.games import board_for
from prtui.games.san_juan.actions import preview
from prtui.games.san_juan.facts import affordable, my_cost
from prtui.screens.game import GameScreen
from prtui.theming import FALLBACK_GOODS
from prtui.vocabulary import Vocabularies
from prtui.widgets.actions import ActionsPanel
from prtui.widgets.context import BoardContext
from server.games.san_juan import catalog as C
from tests.tui.san_juan_boards import NAMES, paying_4p, sj_game


def text_of(widget: Any) -> str:
    return str(widget.render())


def context(buildings: list[str], hand: list[str], builder: bool = True,
            narrow: bool = False) -> Any:
    """Seat 0's board context on a real engine state: that city (a good on the sugar
    mill), that hand, two goods' worth of cards, and seat 0 the builder choosing what to
    build (``builder``) or another phase under way; the view and the legal actions as
    the server sends them."""
    from server.games.registry import get_game
    from server.games.san_juan.state import BUILD_STEP, PRODUCE_STEP

    game = get_game("san-juan")
    s = game.setup(4, game.normalize_options(4, {}), 1)
    s.city[0] = [C.CARD_INDEX[b] for b in buildings]
    s.goods[0] = [0 if b == "sugar_mill" else -1 for b in buildings]
    s.hands[0] = [C.CARD_INDEX[c] for c in hand]
    s.role, s.role_player, s.turn = (C.BUILDER if builder else C.PRODUCER), 0, 0
    s.step = BUILD_STEP if builder else PRODUCE_STEP
    s.legal = None
    display = sj_game()["display"]
    sj = board_for("san-juan")
    assert sj is not None
    legal = game.legal_actions(s, 0) if builder else []
    return BoardContext(view=game.view(s, 0), legal=legal, seat=0,
                        vocab=Vocabularies(display).get(None), palette=dict(FALLBACK_GOODS),
                        narrow=narrow, facts=sj.facts(display))


def _build(ctx: Any, card: str, over: int | None = None) -> dict[str, Any]:
    return next(a for a in ctx.legal if a["type"] == "build" and a["building"] == card
                and a.get("over") == over)


def test_a_build_preview_says_why_it_costs_what_it_costs() -> None:
    city = ["indigo_plant", "quarry", "crane", "well", "black_market", "sugar_mill"]
    ctx = context(city, ["palace", "statue", "hero", "tower", "chapel", "smithy"])
    plain = preview(ctx, _build(ctx, "palace")).plain
    assert plain.startswith("Palace: 6 −1 quarry −1 privilege = 4 cards"), plain
    assert "black market: goods may pay up to 2" in plain
    over = preview(ctx, _build(ctx, "palace", 3)).plain
    assert "−2 crane over well" in over and over.count("−1 quarry") == 1 and "= 2 cards" in over
    # the smithy lowers production buildings only, and a quarry built over helps no more
    ctx = context(["smithy", "quarry", "crane"], ["silver_smelter", "palace", "hero", "well"])
    assert "−1 smithy" in preview(ctx, _build(ctx, "silver_smelter")).plain
    covered = preview(ctx, _build(ctx, "palace", 1)).plain
    assert covered == "Palace: 6 −4 crane over quarry −1 privilege = 1 card", covered


def test_what_i_can_build_stands_out_outside_the_builder_phase() -> None:
    ctx = context(["indigo_plant", "smithy", "quarry"], ["silver_smelter", "hero", "well", "well"],
                  builder=False)
    assert my_cost(ctx, "silver_smelter") == 4 and my_cost(ctx, "hero") == 4  # smithy / quarry
    assert not affordable(ctx, "silver_smelter")  # 3 other cards for 4
    assert affordable(ctx, "well")  # 2 - 1 quarry = 1
    ctx = context(["indigo_plant", "well"], ["well", "statue", "hero"], builder=False)
    assert not affordable(ctx, "well")  # one of each violet building


def test_the_server_describes_every_card() -> None:
    display = sj_game()["display"]
    cards = {c["id"]: c for c in display["cards"]}
    assert list(cards) == list(C.CARDS)
    for i, card in enumerate(C.CARDS):
        got = cards[card]
        assert (got["cost"], got["vp"], got["copies"]) == (C.COST[i], C.VP[i], C.COPIES[i])
        assert got["effect"] and got["help"]
        assert (got["good"] is None) == C.is_violet(i)
    assert sum(c["copies"] for c in cards.values()) == 110
    words = display["vocabularies"][0]["words"]
    assert words["triumphal_arch"] == "triumphal arch" and words["silver"] == "silver"


async def test_a_spectator_sees_no_hand() -> None:
    """Watching: no actions, hands only as counts, the followed seat's city first."""
    snap = json.loads(json.dumps(paying_4p()))
    snap["seat"], snap["legal"] = None, []
    snap["view"]["viewer"], snap["view"]["decision"] = None, None
    for player in snap["view"]["players"]:
        player["hand"] = None
    app = PrtuiApp(lambda a: GameScreen(None, snap, NAMES, game=sj_game()))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert text_of(screen.query_one("#sj-hand")).startswith("4 cards in hand (hidden)")
        assert "(you)" not in text_of(screen.query_one("#sj-city"))
        assert screen.query_one(ActionsPanel)._menu.rows == []


async def test_the_cards_on_offer_are_shown_with_their_facts() -> None:
    """The councillor's draw (mine only) and the gold mine's four (public)."""
    snap = json.loads(json.dumps(paying_4p()))
    snap["view"]["decision"] = {"step": "council_keep", "need": 1, "exact": True, "picked": [],
                                "cards": ["hero", "well"]}
    snap["legal"] = [{"type": "keep", "card": c, "label": f"Keep a {c}"} for c in ("hero", "well")]
    app = PrtuiApp(lambda a: GameScreen(None, snap, NAMES, game=sj_game()))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        offer = screen.query_one("#sj-offer")
        assert offer.display and "Well" in text_of(offer) and "Monument" in text_of(offer)
        assert "Keep 1 of 2: 0 chosen" in text_of(screen.query_one("#actions-title"))
        mine = json.loads(json.dumps(snap))
        mine["view"]["decision"], mine["legal"] = None, []
        mine["view"]["revealed"] = ["smithy", "tower", "quarry", "palace"]
        screen.apply_snapshot(mine)
        await pilot.pause()
        assert "Gold mine turned up" in text_of(offer) and "Palace" in text_of(offer)
        mine["view"]["revealed"] = []
        screen.apply_snapshot(json.loads(json.dumps(mine)))
        await pilot.pause()
        assert not offer.display

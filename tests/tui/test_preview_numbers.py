"""The client reads numbers, never rules (issue 35, item 4): every number a preview shows
is a field the server sent, and that field says what the move really does.

The Storehouse case on the real board (the preview of a storage choice once said
barrels spoil that the move keeps), then whole random games on the engine (Puerto Rico
1897 with every expansion, San Juan): at each decision, each action's preview from the
real board code holds the numbers of the server's fields, and for the choices whose
numbers are rules (storage, raid, poach, capture, a San Juan build) a clone of the state
played that way shows the same numbers (or, where the move ends the round and more
happens at once, the view before it does).
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from prtui.app import PrtuiApp
from prtui.games import board_for
from prtui.games.san_juan.facts import affordable, my_cost
from prtui.screens.game import GameScreen
from prtui.theming import FALLBACK_GOODS
from prtui.vocabulary import Vocabularies, Vocabulary
from prtui.widgets.action_keys import identity
from prtui.widgets.actions import ActionsPanel
from prtui.widgets.context import BoardContext, shown_only_of
from server.engine.contract import SHOWN_ONLY, describe
from server.games.registry import get_game
from tests.tui.pr_live_boards import find
from tests.tui.test_board import Table

EVERY_EXPANSION = {"edition": "1897",
                   "expansions": ["new_buildings", "citizens", "smuggler", "festival"]}


def _plain(widget: Any) -> str:
    return widget._shown.plain if widget._shown is not None else ""


def _goods_after(game: Any, state: Any, seat: int, action: dict[str, Any]) -> dict[str, int]:
    """Seat's barrels once ``action`` is played on a copy of ``state``."""
    copy = game.clone(state)
    game.apply(copy, seat, action)
    return dict(game.view(copy, seat)["players"][seat]["goods"])


def _store_words(vocab: Vocabulary, goods: Mapping[str, int]) -> set[str]:
    return {f"{vocab(g)}×{k}" for g, k in goods.items() if k}


def _split_store(text: str) -> tuple[set[str], set[str]]:
    """(what a storage preview says is kept, what spoils), as "word×n" items."""
    keeps, _, spoils = text.partition("|")
    items = re.compile(r"([^\s×|]+(?: [^\s×|]+)*)×(\d+)")
    return ({f"{w.removeprefix('keeps ')}×{n}" for w, n in items.findall(keeps)},
            {f"{w.removeprefix('spoils ')}×{n}" for w, n in items.findall(spoils)})


def _storehouse(_state: Any, snap: dict[str, Any]) -> bool:
    """Seat 0 choosing what to store with a manned storehouse (Expansion I)."""
    return snap["view"]["phase"]["step"] == "captain_store" and \
        any(a.get("storehouse") for a in snap["legal"])


async def test_storage_preview_with_a_storehouse_keeps_what_the_move_keeps() -> None:
    """Each storage choice's preview on the real board says exactly the barrels the
    engine keeps and spoils when it is played (warehouses and the storehouse counted)."""
    game = get_game("puerto-rico")
    state, snap = find(_storehouse, options={"edition": "1897", "expansions": ["new_buildings"]},
                       seeds=range(66, 67))
    entry = describe(game)
    app = PrtuiApp(lambda a: GameScreen(Table(), snap, game=entry))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        panel = screen.query_one(ActionsPanel)
        vocab = screen.vocab
        before = dict(snap["view"]["players"][0]["goods"])
        panel._menu.focus()
        await pilot.press("home")
        checked = 0
        for _ in range(len(panel._rows)):
            await pilot.pause()
            action = panel._entries[panel._rows[panel._menu.cursor]]
            shown = _plain(panel._preview)
            await pilot.press("down")  # the next row, once this one is read
            if action.get("type") != "store":
                continue
            shown_keeps, shown_spoils = _split_store(shown)
            after = _goods_after(game, state, 0, action)
            spoiled = {g: before[g] - after.get(g, 0) for g in before}
            assert shown_keeps == _store_words(vocab, after), (action["label"], shown)
            assert shown_spoils == _store_words(vocab, spoiled), (action["label"], shown)
            checked += 1
        assert checked == len(snap["legal"]) and checked > 1


def _pr_context(view: dict[str, Any], legal: list[dict[str, Any]], seat: int,
                entry: Mapping[str, Any]) -> BoardContext:
    board = board_for(str(entry["name"]))
    assert board is not None
    display = entry["display"]
    vocabularies = Vocabularies(display)
    return BoardContext(view=view, legal=legal, seat=seat,
                        vocab=vocabularies.get(vocabularies.default(view)),
                        palette=dict(FALLBACK_GOODS), facts=board.facts(display),
                        shown_only=shown_only_of(entry))


def _check_pr_action(game: Any, state: Any, seat: int, ctx: BoardContext,
                     action: dict[str, Any], seen: set[str]) -> None:
    """The preview of one Puerto Rico action holds the server's numbers, and those are
    what the move does on a copy of the state."""
    board = board_for("puerto-rico")
    assert board is not None
    text = board.preview(ctx, action).plain
    kind = action["type"]
    view = ctx.view
    me = view["players"][seat]
    if kind == "store":
        keeps, spoils = _split_store(text)
        assert keeps == _store_words(ctx.vocab, action["kept"]), (action, text)
        assert spoils == _store_words(ctx.vocab, action["spoiled"]), (action, text)
        after = _goods_after(game, state, seat, action)
        assert {g: k for g, k in after.items() if k} == action["kept"], action
    elif kind == "draft":
        copies = action["copies"]
        assert text.startswith(f"{copies} {'copy' if copies == 1 else 'copies'} "), (action, text)
    elif kind == "charter":
        assert f"carries {action['carried']}: {action['vp']} VP" in text, (action, text)
    elif kind == "poach":
        assert f"{action['poached']} off the" in text and f"place up to {action['places']} " in text
        copy = game.clone(state)
        game.apply(copy, seat, action)
        ship = game.view(copy, seat)["colonists"]["ship"]
        assert view["colonists"]["ship"] - ship == action["poached"], action
    elif kind == "capture":
        assert text.startswith(f"+{action['doubloons']}$ now; +{action['bounty']}$ if"), (action, text)
        card = next(r for r in view["roles"] if r["id"] == action["role"])
        assert card["doubloons"] == action["doubloons"], action  # what the capture takes
    elif kind == "raid":
        assert f", {action['returned']} back to the supply" in text, (action, text)
        ship = view["ships"][action["ship"]]  # the rest of its cargo goes back
        assert ship["load"] - action["keep"] == action["returned"], action
    elif kind in ("forest", "forest_drawn") and "discount" in action:
        assert f"(-{action['discount']}$ on every building" in text, (action, text)
    elif kind == "royal_supplier":
        assert text.endswith(f", +{action['vp']} VP"), (action, text)
        copy = game.clone(state)
        game.apply(copy, seat, action)
        assert game.view(copy, seat)["players"][seat]["vp_chips"] - me["vp_chips"] == action["vp"]
    elif kind == "plunder":
        assert text.startswith(f"+{action['vp']} VP"), (action, text)
    elif kind == "build" and action["price"] <= me["doubloons"]:
        assert text == f"pay {action['price']}$, {me['doubloons'] - action['price']}$ left", text
    else:
        return
    seen.add(kind)


def test_every_preview_number_of_a_whole_game_with_every_expansion_is_the_servers() -> None:
    """Seeded random games, 1897 with all four expansions: at every decision, the mover's
    previews (and the mayor's headline) against the server's fields and the engine."""
    game = get_game("puerto-rico")
    entry = describe(game)
    board = board_for("puerto-rico")
    assert board is not None
    seen: set[str] = set()
    for seed, players in ((1, 4), (2, 5)):
        state = game.setup(players, game.normalize_options(players, dict(EVERY_EXPANSION)), seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            seat = game.to_move(state)[0]
            view, legal = game.view(state, seat), game.legal_actions(state, seat)
            ctx = _pr_context(view, legal, seat, entry)
            for action in legal:
                _check_pr_action(game, state, seat, ctx, action, seen)
            empty = view["players"][seat].get("empty_circles")
            if view["phase"]["step"] == "mayor":
                assert isinstance(empty, int) and f" {empty} empty " in board.headline(ctx).plain
                seen.add("mayor")
            game.apply(state, seat, rng.choice(legal))
    assert {"store", "draft", "charter", "poach", "capture", "raid", "plunder", "build",
            "mayor", "forest", "royal_supplier"} <= seen, seen


def _sj_check_build(ctx: BoardContext, action: dict[str, Any]) -> None:
    """A build's preview: printed cost, each of the server's discounts, the cost; and
    the discounts are what makes the cost (never below 0)."""
    board = board_for("san-juan")
    assert board is not None
    text = board.preview(ctx, action).plain
    facts = ctx.facts.card(action["building"])
    parts = action["discounts"]
    for part in parts:
        over = f" over {ctx.vocab(part['over'])}" if part.get("over") else ""
        assert f" −{part['off']} {ctx.vocab(part['by'])}{over}" in text, (action, text)
    assert text.endswith(f" = {action['cost']} card{'' if action['cost'] == 1 else 's'}") or \
        f" = {action['cost']} card" in text, (action, text)
    assert max(0, facts.cost - sum(p["off"] for p in parts)) == action["cost"], action


def test_every_san_juan_cost_of_a_whole_game_is_the_servers() -> None:
    """A seeded random four-player game: every build's preview from its ``discounts``;
    every hand card's cost and whether it can be built from my own view, which agree
    with the builds the engine offers."""
    game = get_game("san-juan")
    entry = describe(game)
    builds = hands = 0
    for seed in (1, 2):
        state = game.setup(4, game.normalize_options(4, {}), seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            seat = game.to_move(state)[0]
            view, legal = game.view(state, seat), game.legal_actions(state, seat)
            ctx = _pr_context(view, [], seat, entry)  # the hand as outside a decision
            me = view["players"][seat]
            for card in set(me["hand"]):
                assert my_cost(ctx, card) == me["hand_costs"][card]
                assert affordable(ctx, card) == (card in me["buildable"])
                hands += 1
            offered = {a["building"]: a["cost"] for a in legal
                       if a["type"] == "build" and "over" not in a}
            if offered:  # the builder's turn: the hand's costs are the builds' own
                assert {c: me["hand_costs"][c] for c in offered} == offered
                assert set(offered) == set(me["buildable"])
            ctx = _pr_context(view, legal, seat, entry)
            for action in legal:
                if action["type"] == "build":
                    _sj_check_build(ctx, action)
                    builds += 1
            game.apply(state, seat, rng.choice(legal))
    assert builds > 50 and hands > 500


def test_the_client_takes_the_shown_only_fields_from_the_server() -> None:
    """The catalog entry lists the fields only shown (the engine contract's), and the
    client's action identity leaves those out: a field a newer server adds never makes
    the same choice look new."""
    for name in ("puerto-rico", "san-juan"):
        assert shown_only_of(describe(get_game(name))) == SHOWN_ONLY
    store = {"type": "store", "keep": ["corn"], "single": None, "kept": {"corn": 2}}
    same = {**store, "kept": {"corn": 3}, "spoiled": {"sugar": 1}}
    assert identity(store, SHOWN_ONLY) == identity(same, SHOWN_ONLY)

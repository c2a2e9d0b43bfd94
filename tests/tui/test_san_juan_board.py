"""San Juan's board (issue 13) in the real app: a local game against bots, started the
way `prtui play --game san-juan` starts it (embedded server on loopback, real SQLite
in a temporary folder), under Textual's pilot.

Whole games are played with keys only, each one read off the actions panel as drawn
(the row's key); a selection is taken back with undo and confirmed; a hand card opens
its help. The words and facts on screen come from the server's catalog entry.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from prtui.app import PrtuiApp
from prtui.controller import TableSetup
from prtui.launch import local_plan
from prtui.screens.game import GameScreen
from prtui.screens.gameover import GameOverScreen
from prtui.screens.help import HelpScreen
from prtui.widgets.actions import ActionsPanel
from tests.tui.waiting import wait_for

MAX_MOVES = 3000
# what the key-pressing player prefers: picks until none is left, then confirm (never
# undo: that could go round in circles)
PREFERENCE = ("build", "pay", "take", "keep", "discard", "produce", "sell", "confirm",
              "tuck", "role", "pass")


def local_app(tmp_path: Path, players: int, seed: int) -> PrtuiApp:
    setup = TableSetup(players=players, game="san-juan", bots=["random"] * (players - 1),
                       bot_delay_s=0.0, seed=seed)
    return PrtuiApp(plan=local_plan(tmp_path / "data", "ana", setup))


def shown_key(screen: GameScreen, index: int) -> str:
    """The key drawn at the start of the row of the index-th legal action (fails if
    none is): keys follow the action, not its place in the list (issue 16)."""
    panel = screen.query_one(ActionsPanel)
    row = panel._menu.rows[panel._rows.index(index)].plain
    key = row[:1]
    assert key.strip() and key == panel.key_of(screen.snapshot["legal"][index]), \
        f"no key shown on {row!r}"
    return key


def my_turn(app: PrtuiApp, after: Any = None) -> bool:
    screen = app.screen
    return isinstance(screen, GameScreen) and screen.snapshot is not after and \
        bool(screen._parts) and bool(screen.snapshot.get("legal")) and screen.query_one(ActionsPanel)._legal == \
        screen.snapshot["legal"]


async def press_action(pilot: Any, app: PrtuiApp, kind: str, pick: Any = None) -> None:
    """Press the key shown for the first (or ``pick``-chosen) legal action of ``kind``;
    one without a key (a list longer than ten): ↓ to its row, then Enter."""
    screen = app.screen
    assert isinstance(screen, GameScreen)
    legal = screen.snapshot["legal"]
    indexes = [i for i, a in enumerate(legal) if a["type"] == kind]
    assert indexes, f"no {kind} among {[a['type'] for a in legal]}"
    index = pick(indexes) if pick else indexes[0]
    before = screen.snapshot
    panel = screen.query_one(ActionsPanel)
    if panel.key_of(legal[index]):
        await pilot.press(shown_key(screen, index))
    else:
        while panel._rows[panel._menu.cursor] != index:
            await pilot.press("down")
        await pilot.press("enter")
    await wait_for(pilot, lambda: my_turn(app, before) or isinstance(app.screen, GameOverScreen)
                   or bool(app.screen.snapshot.get("view", {}).get("over")))


async def play_to_the_end(pilot: Any, app: PrtuiApp, seed: int) -> int:
    """Choose by the preference above (ties at random, seeded) until the game is over."""
    rng = random.Random(seed)
    moves = 0
    while not isinstance(app.screen, GameOverScreen):
        assert moves < MAX_MOVES, "the game did not end"
        await wait_for(pilot, lambda: my_turn(app) or isinstance(app.screen, GameOverScreen))
        if isinstance(app.screen, GameOverScreen):
            break
        legal = app.screen.snapshot["legal"]
        kind = next(k for k in PREFERENCE if any(a["type"] == k for a in legal))
        await press_action(pilot, app, kind, pick=rng.choice)
        moves += 1
    return moves


def text_of(widget: Any) -> str:
    return str(widget.render())


async def check_game_over(app: PrtuiApp, players: int) -> None:
    over = app.screen
    assert isinstance(over, GameOverScreen)
    result = over.view["result"]
    assert sorted(s["seat"] for s in result["scores"]) == list(range(players))
    table = over.query_one("#scores")
    assert table.row_count == players
    headers = [str(c.label) for c in table.columns.values()]
    assert "buildings" in headers and "chapel" in headers and "tie-break" in headers
    assert "Tie-break: the most cards in hand plus goods" in text_of(over.query_one("#score-notes"))
    board = next(s for s in app.screen_stack if isinstance(s, GameScreen))
    assert len(board.history) >= 3  # VP seen round by round, everyone's (public)
    assert all(len(seen) == players for seen in board.history.values())
    lines = [text_of(line) for line in over.query(".chart-line")]
    assert len(lines) == players and all("hidden" not in line for line in lines)


async def test_a_two_player_game_through_the_ui_at_80x24(tmp_path: Path) -> None:
    app = local_app(tmp_path, 2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = app.screen
        hand = text_of(screen.query_one("#sj-hand"))
        me = screen.snapshot["view"]["players"][0]
        assert len(me["hand"]) == 4 and "Ind○" in text_of(screen.query_one("#sj-city"))  # tags at 80
        for card in me["hand"]:  # my hand as cards, named as the server names them
            assert screen.vocab.title(card)[:10] in hand or (screen.vocab.short(card) or "?") in hand.lower()
        moves = await play_to_the_end(pilot, app, seed=5)
        assert moves > 20
        await check_game_over(app, 2)


async def test_a_four_player_game_through_the_ui_at_160x50(tmp_path: Path) -> None:
    app = local_app(tmp_path, 4, seed=8)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = app.screen
        opponents = [text_of(w) for w in screen.query(".sj-opponent")]
        assert len(opponents) == 3 and all("hand 4/7" in o for o in opponents)
        assert "Governor" in text_of(screen.query_one("#sj-info"))
        moves = await play_to_the_end(pilot, app, seed=8)
        assert moves > 20
        await check_game_over(app, 4)


async def test_paying_a_selection_undo_and_confirm(tmp_path: Path) -> None:
    """Seat 0 governs round 1 with a tobacco storage in hand: as builder it costs 2."""
    app = local_app(tmp_path, 2, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await press_action(pilot, app, "role", pick=lambda ix: next(
            i for i in ix if screen.snapshot["legal"][i]["role"] == "builder"))
        builds = [a for a in screen.snapshot["legal"] if a["type"] == "build"]
        target = next(a for a in builds if a["building"] == "tobacco_storage")
        assert target["cost"] == 2
        await press_action(pilot, app, "build", pick=lambda ix: next(
            i for i in ix if screen.snapshot["legal"][i]["building"] == "tobacco_storage"))
        title = lambda: text_of(screen.query_one("#actions-title"))  # noqa: E731
        assert "Pay 2 for the tobacco storage: 0 chosen" in title()
        await press_action(pilot, app, "pay")
        assert "Pay 2 for the tobacco storage: 1 chosen" in title()
        assert "✓" in text_of(screen.query_one("#sj-hand"))  # the pick, ticked in my hand
        await press_action(pilot, app, "undo")
        assert "0 chosen" in title() and "✓" not in text_of(screen.query_one("#sj-hand"))
        await press_action(pilot, app, "pay")
        await press_action(pilot, app, "pay")
        assert "2 chosen" in title()
        assert [a["type"] for a in screen.snapshot["legal"]] == ["undo", "confirm"]
        hand_before = screen.snapshot["view"]["players"][0]["hand_count"]
        await press_action(pilot, app, "confirm")
        await wait_for(pilot, lambda: any(b["building"] == "tobacco_storage" for b in
                                          screen.snapshot["view"]["players"][0]["buildings"]))
        assert screen.snapshot["view"]["players"][0]["hand_count"] == hand_before - 3
        assert "Tobacco storage" in text_of(screen.query_one("#sj-city"))


async def test_a_hand_card_opens_its_help(tmp_path: Path) -> None:
    app = local_app(tmp_path, 2, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        board = app.screen
        await pilot.press("h")  # the hand, by the key in the footer
        hand = board.query_one("#sj-hand")
        assert board.focused is hand
        await pilot.press("down")
        card = hand.help_topic
        assert card == sorted(board.snapshot["view"]["players"][0]["hand"],
                              key=lambda c: (board.facts.card(c).cost, board.vocab(c)))[1]
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, HelpScreen))
        entry = app.screen.query_one(f"#help-{card}")
        facts = board.facts.card(card)
        text = text_of(entry)
        assert entry.has_class("-topic")
        assert f"cost {facts.cost} / {facts.vp} VP / ×{facts.copies}" in text
        assert facts.effect in text and facts.help in text
        await pilot.press("escape")
        await wait_for(pilot, lambda: app.screen is board)


async def test_a_role_card_is_clickable(tmp_path: Path) -> None:
    app = local_app(tmp_path, 2, seed=5)
    async with app.run_test(size=(160, 50)) as pilot:
        await wait_for(pilot, lambda: my_turn(app))
        screen = app.screen
        roles = screen.query_one("#sj-roles")
        line = text_of(roles)
        await pilot.click("#sj-roles", offset=(1 + line.index("Trader") + 2, 0))  # padding 1
        await wait_for(pilot, lambda: screen.snapshot["view"]["roles"][2]["taken_by"] == 0)
        assert any("chooses the trader" in line["text"] for line in screen.snapshot["log"])

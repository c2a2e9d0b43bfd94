"""Stable keys (issue 16): within one decision an action keeps its key, so pressing the
key read a moment ago never does something else; a take-back is never the first,
highlighted choice, so Enter on a fresh decision never undoes work.

The real app on positions the real engine reaches (Puerto Rico's mayor, a San Juan
selection); every choice goes back to the engine, and its next position is drawn.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from prtui.widgets.actions import ActionsPanel, takes_back
from server.engine.contract import describe
from server.games.registry import get_game

Wanted = Callable[[Any, list[dict[str, Any]]], bool]


class EngineTable:
    """A TableLink that plays my choices on the engine and draws what follows."""

    def __init__(self, game: str, state: Any) -> None:
        self.game = get_game(game)
        self.state = state
        self.sent: list[dict[str, Any]] = []
        self.screen: GameScreen | None = None

    def snapshot(self) -> dict[str, Any]:
        mine = 0 in self.game.to_move(self.state) and not self.game.is_over(self.state)
        return {"view": self.game.view(self.state, 0), "seat": 0, "log": [],
                "legal": self.game.legal_actions(self.state, 0) if mine else []}

    async def act(self, action: dict[str, Any]) -> None:
        self.sent.append(action)
        self.game.apply(self.state, 0, action)
        assert self.screen is not None
        self.screen.apply_snapshot(self.snapshot())

    async def chat(self, text: str) -> None: ...

    async def follow(self, seat: int) -> None: ...


def find(game_name: str, players: int, wanted: Wanted,
         options: dict[str, Any] | None = None) -> EngineTable:
    """The first position of seeded random games (with ``options``) where seat 0 faces
    what is wanted."""
    game = get_game(game_name)
    for seed in range(200):
        state = game.setup(players, game.normalize_options(players, options or {}), seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            if seat == 0 and wanted(game.view(state, 0), legal):
                return EngineTable(game_name, state)
            game.apply(state, seat, rng.choice(legal))
    raise AssertionError("no such position in 200 games")


def app_on(table: EngineTable) -> PrtuiApp:
    def first(app: PrtuiApp) -> GameScreen:
        table.screen = GameScreen(table, table.snapshot(), game=describe(table.game))
        return table.screen
    return PrtuiApp(first)


def shown_keys(app: PrtuiApp) -> dict[str, str]:
    """The server's label of each of my actions -> the key drawn on its row."""
    panel = app.screen.query_one(ActionsPanel)
    keys = {}
    for row, n in zip(panel._menu.rows, panel._rows, strict=True):
        if n >= len(panel._legal):  # a choice that left, shown disabled
            continue
        assert row.plain[:1] == (panel._keys[n] or " ")
        keys[panel._legal[n]["label"]] = panel._keys[n]
    return keys


def highlighted(app: PrtuiApp) -> dict[str, Any]:
    panel = app.screen.query_one(ActionsPanel)
    return panel._legal[panel._rows[panel._menu.cursor]]


def fresh_mayor(view: Any, legal: list[dict[str, Any]]) -> bool:
    """My mayor turn with colonists placed already (the take-back is offered) and at
    least three places of which two stay after one placement."""
    places = [a for a in legal if a["type"] == "mayor_place"]
    return (view["phase"]["step"] == "mayor" and legal[0]["type"] == "mayor_lift"
            and len(places) >= 3 and view["players"][0]["san_juan"] >= 3)


async def test_mayor_keys_stay_on_their_places_while_placing() -> None:
    table = find("puerto-rico", 3, fresh_mayor)
    app = app_on(table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        before = shown_keys(app)
        lift = next(label for label in before if label.startswith("Rearrange"))
        # the take-back is listed last, on u, and not highlighted: Enter places a colonist
        assert list(before)[-1] == lift and before[lift] == "u"
        assert not takes_back(highlighted(app))
        await pilot.press("enter")
        await pilot.pause()
        assert table.sent[-1]["type"] == "mayor_place"
        after = shown_keys(app)
        assert lift not in after  # placing one takes the rearranging away
        kept = [label for label in after if label in before]
        assert len(kept) >= 2
        assert all(after[label] == before[label] for label in kept), (before, after)
        # the key read before the placement still places on the same thing
        target = kept[-1]
        await pilot.press(before[target])
        await pilot.pause()
        assert table.sent[-1]["label"] == target
        # the keys marked on my island and city are the list's
        ctx = app.screen.context()
        from prtui.games.puerto_rico.player import _place_keys
        marks = {**_place_keys(ctx, "island"), **_place_keys(ctx, "city")}
        listed = {a["index"]: ctx.key_of(i) for i, a in enumerate(ctx.legal)
                  if a["type"] == "mayor_place"}
        assert set(marks.values()) <= set(listed.values()) | {"•"}


async def test_a_key_whose_action_left_does_nothing() -> None:
    """A place filled up keeps its key unused: pressing it again sends nothing."""
    table = find("puerto-rico", 3, fresh_mayor)
    app = app_on(table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        before = shown_keys(app)
        for label, key in before.items():
            if label.startswith("Place"):
                await pilot.press(key)
                await pilot.pause()
                if label not in shown_keys(app):  # that place is full now
                    sent = len(table.sent)
                    await pilot.press(key)
                    await pilot.pause()
                    assert len(table.sent) == sent, "a freed key moved to another place"
                    return
        raise AssertionError("no place filled up")


def selection(view: Any, legal: list[dict[str, Any]]) -> bool:
    """A San Juan selection of at least two of four or more cards, with its take-back."""
    picks = [a for a in legal if a["type"] in ("pay", "discard", "keep")]
    decision = view.get("decision") or {}
    return (len(picks) >= 4 and int(decision.get("need", 0)) >= 2
            and any(a["type"] == "undo" for a in legal))


async def test_san_juan_picks_keep_their_keys_and_undo_is_never_first() -> None:
    table = find("san-juan", 3, selection)
    app = app_on(table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(ActionsPanel)
        first = shown_keys(app)
        assert not takes_back(highlighted(app))
        assert [takes_back(panel._legal[n]) for n in panel._rows][-1]  # undo last
        while app.screen.snapshot["legal"] and not any(
                a["type"] == "confirm" for a in app.screen.snapshot["legal"]):
            picks = {label: key for label, key in shown_keys(app).items()
                     if not label.lower().startswith(("undo", "back"))}
            assert all(first[label] == key for label, key in picks.items()), (first, picks)
            await pilot.press(next(iter(picks.values())))
            await pilot.pause()
        # complete: confirm is highlighted, never the undo; Enter confirms
        legal = app.screen.snapshot["legal"]
        assert {a["type"] for a in legal} >= {"undo", "confirm"}
        assert highlighted(app)["type"] == "confirm"
        undo_key = panel.key_of(next(a for a in legal if a["type"] == "undo"))
        assert undo_key == first[next(label for label in first
                                      if label.lower().startswith(("undo", "back")))]
        await pilot.press("enter")
        await pilot.pause()
        assert table.sent[-1]["type"] == "confirm"


def confirming(view: Any, legal: list[dict[str, Any]]) -> bool:
    """My mayor turn at the confirm (rules 4): everyone placed, send-backs offered."""
    return (view["phase"]["step"] == "mayor" and legal[0]["type"] == "mayor_done"
            and legal[0]["label"].startswith("Confirm")
            and sum(1 for a in legal if a["type"] == "undo" and "where" in a) >= 2)


async def test_the_mayor_confirm_is_highlighted_and_send_backs_come_last() -> None:
    """At the confirm Enter commits, never a take-back; a send-back's key sends that
    colonist back, and the turn stays open until the confirm."""
    table = find("puerto-rico", 3, confirming)
    app = app_on(table)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(ActionsPanel)
        assert highlighted(app)["type"] == "mayor_done"
        backs = [takes_back(panel._legal[n]) for n in panel._rows]
        assert backs == [False] + [True] * (len(backs) - 1)
        keys = shown_keys(app)
        send = next(label for label, key in keys.items()
                    if label.startswith("Send back") and key)
        await pilot.press(keys[send])
        await pilot.pause()
        assert table.sent[-1]["label"] == send and "where" in table.sent[-1]
        for _ in range(3):  # place him again (or fill) with Enter: never a take-back
            assert not takes_back(highlighted(app))
            await pilot.press("enter")
            await pilot.pause()
            if table.sent[-1]["type"] == "mayor_done":
                break
        assert table.sent[-1]["type"] == "mayor_done"
        assert not any(a["type"] == "mayor_done" for a in table.snapshot()["legal"])

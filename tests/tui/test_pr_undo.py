"""Undo until confirmed, on the screen (issue 16): mid-placement the actions list ends
with the take-back, its key sends it, and the engine then has the colonist back in
San Juan; the mayor's headline counts him waiting again. At the confirm (rules version
4) the preview says what it commits and the send-backs are listed."""

from __future__ import annotations

import re

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from tests.tui.boards import pr_game
from tests.tui.pr_live_boards import find, play, snapshot
from tests.tui.screen import screen_rows
from tests.tui.test_board import Table


async def test_the_undo_is_listed_and_its_key_takes_the_colonist_back() -> None:
    state, snap = find(lambda s, f: any(a["type"] == "undo" for a in f["legal"]))
    undo = next(a for a in snap["legal"] if a["type"] == "undo")
    waiting = snap["view"]["players"][0]["san_juan"]
    link = Table()
    async with PrtuiApp(lambda a: GameScreen(link, snap, game=pr_game())).run_test(
            size=(160, 50)) as pilot:
        await pilot.pause()
        text = "\n".join(screen_rows(pilot.app))
        row = next(r for r in screen_rows(pilot.app) if "Undo: take the" in r)
        key = row.split("│")[-2].strip().split(" ")[0] if "│" in row else row.strip()[0]
        assert key == "u", row  # the undo's own key (issue 22), whatever the list
        await pilot.press(key)
        await pilot.pause()
    assert "Undo: take the colonist back from the" in text
    assert link.sent == [undo]
    play(state, 0, link.sent[0])
    assert snapshot(state, 0)["view"]["players"][0]["san_juan"] == waiting + 1


def _confirm(state, frame) -> bool:
    """Seat 0 at the mayor's confirm (rules 4) with a send-back offered."""
    legal = frame["legal"]
    return (frame["view"]["phase"]["step"] == "mayor" and legal[0]["type"] == "mayor_done"
            and legal[0]["label"].startswith("Confirm")
            and any(a["type"] == "undo" and "where" in a for a in legal))


async def test_the_confirm_previews_the_arrangement_and_lists_the_send_backs() -> None:
    state, snap = find(_confirm)
    me = snap["view"]["players"][0]
    island = sum(t["colonists"] for t in me["island"] if t["tile"] != "forest")
    city = sum(b["colonists"] for b in me["city"])
    link = Table()
    async with PrtuiApp(lambda a: GameScreen(link, snap, game=pr_game())).run_test(
            size=(160, 50)) as pilot:
        await pilot.pause()
        rows = screen_rows(pilot.app)
    text = "\n".join(rows)
    # the right-hand panel's lines, joined: it wraps the preview
    flat = " ".join(r.split("│")[-2].strip() for r in rows if r.count("│") >= 2)
    assert f"Confirm: {island} on plantations, {city} in buildings, 0 in San Juan" in flat
    assert "Nothing is final before Confirm." in flat
    send = next(a for a in snap["legal"] if a["type"] == "undo" and "where" in a)
    assert "Send back from " in text and "Undo: take the" in text
    play(state, 0, send)
    assert snapshot(state, 0)["view"]["players"][0]["san_juan"] == 1


async def test_at_80_columns_the_take_backs_read_short() -> None:
    """The undo names only the place, a send-back the place and its space, as the
    placements do ("Place on sugar (island 3)")."""
    _, snap = find(_confirm)
    async with PrtuiApp(lambda a: GameScreen(Table(), snap, game=pr_game())).run_test(
            size=(80, 24)) as pilot:
        await pilot.pause()
        text = "\n".join(screen_rows(pilot.app))
    undo = next(a for a in snap["legal"] if a["type"] == "undo" and "where" not in a)
    place = undo["label"].split(" back from the ")[1].split(" to ")[0]
    assert f"Undo: {place}" in text and "Undo: take the" not in text
    assert re.search(r"Send back from \w+", text)

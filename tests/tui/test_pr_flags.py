"""The mayor's panel reads the actions' fields, never their words (issue 24): whether the
confirm commits (``commits``), which place the undo empties (``place``) and what a load
brings (``vp``). The labels of a real engine position are put in other words (as a
server of another language would send them): the screen still says the same."""

from __future__ import annotations

from typing import Any

from prtui.app import PrtuiApp
from prtui.screens.game import GameScreen
from tests.tui.boards import pr_game
from tests.tui.pr_live_boards import find
from tests.tui.screen import screen_rows
from tests.tui.test_board import Table
from tests.tui.test_pr_undo import _confirm


def reworded(snap: dict[str, Any]) -> dict[str, Any]:
    """Every label in capitals and without its template: the same actions, other words."""
    legal = [{**{k: v for k, v in a.items() if k != "tmpl"}, "label": str(a["label"]).upper()}
             for a in snap["legal"]]
    return {**snap, "legal": legal}


async def shown(snap: dict[str, Any], size: tuple[int, int]) -> tuple[str, str]:
    """(the screen, the right-hand panel's lines joined)."""
    async with PrtuiApp(lambda a: GameScreen(Table(), snap, game=pr_game())).run_test(
            size=size) as pilot:
        await pilot.pause()
        rows = screen_rows(pilot.app)
    return "\n".join(rows), " ".join(r.split("│")[-2].strip() for r in rows if r.count("│") >= 2)


async def test_the_confirm_and_the_undo_read_from_their_fields_not_their_words() -> None:
    _, snap = find(_confirm)
    undo = next(a for a in snap["legal"] if a["type"] == "undo" and "where" not in a)
    assert undo["place"]["where"] in ("island", "city")
    me = snap["view"]["players"][0]
    space = me[undo["place"]["where"]][undo["place"]["index"]]
    place = space.get("building") or (
        space["tile"] if space["tile"] == "quarry" else f"{space['tile']} plantation")
    _, panel = await shown(reworded(snap), (160, 50))
    assert "Nothing is final before Confirm." in panel, panel
    text, _ = await shown(reworded(snap), (80, 24))
    assert f"Undo: {place.replace('_', ' ')}" in text, text


async def test_a_load_says_the_vp_the_server_sent() -> None:
    _, snap = find(lambda s, f: any(a["type"] == "load" for a in f["legal"]))
    load = next(a for a in snap["legal"] if a["type"] == "load")
    assert isinstance(load["vp"], int) and load["vp"] >= 1
    text, _ = await shown(snap, (160, 50))
    assert f"{load['label']} (+{load['vp']} VP)" in text, text


async def test_where_the_rest_go_is_read_from_the_pass_not_its_words() -> None:
    """A poach's placing ends with the rest back to the supply (the festival's: to San
    Juan); the pass says so in ``rest``, whatever its label's words."""
    _, snap = find(lambda s, f: f["view"]["phase"]["step"] == "place_workers" and any(
        a["type"] == "pass" and a.get("rest") == "supply" for a in f["legal"]),
        options={"expansions": ["smuggler"]})
    text, _ = await shown(reworded(snap), (80, 24))
    assert "Rest: back to supply" in text, text

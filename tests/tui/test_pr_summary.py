"""Every board at a glance (issue 16): the all-players summary is on screen from
120x40 up, one key (shown in the footer) away at 80x24, and choosing a row shows that
player's full board. Pilot tests on a frozen late board; snapshots of the panel."""

from __future__ import annotations

from typing import Any

import pytest
from textual.app import App, ComposeResult

from prtui.app import PrtuiApp
from prtui.games.puerto_rico.facts import facts_from
from prtui.games.puerto_rico.summary import SummaryPanel
from prtui.screens.game import GameScreen
from prtui.theming import goods_palette
from prtui.widgets.context import BoardContext
from tests.tui.boards import pr_game, pr_words
from tests.tui.pr_live_boards import frozen
from tests.tui.screen import screen_rows


def game_app(snap: dict[str, Any]) -> PrtuiApp:
    return PrtuiApp(lambda a: GameScreen(None, snap, game=pr_game()))


def rows_of(app: Any) -> list[str]:
    return screen_rows(app)


async def test_the_rows_are_always_on_screen_from_120x40() -> None:
    snap = frozen()
    async with game_app(snap).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        rows = rows_of(pilot.app)
    text = "\n".join(rows)
    for p in snap["view"]["players"]:
        name = p["name"].split(" (")[0].replace(" ", "")
        assert any(name in r and f"{p['doubloons']}$" in r
                   and f"{p['city_spaces_used']}/12" in r for r in rows), (name, text)
    assert "Player" in text and "Goods" in text and "End:" in text


async def test_at_80x24_one_key_from_the_footer_opens_them() -> None:
    async with game_app(frozen()).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        before = rows_of(pilot.app)
        assert "o All boards" in before[-1]  # the key, shown in the footer
        assert not any("Player" in r and "Goods" in r for r in before)
        assert any(r.lstrip().startswith("End:") for r in before)  # the score line stays
        await pilot.press("o")
        await pilot.pause()
        after = rows_of(pilot.app)
        assert any("Player" in r and "Goods" in r for r in after)
        assert sum("+hid" in r for r in after) == 3  # the opponents' chips: hidden
        await pilot.press("o")
        await pilot.pause()
        assert not any("Player" in r and "Goods" in r for r in rows_of(pilot.app))


def _top_board(app: Any) -> int:
    """The seat whose full board is on screen (one at a time, issue 22)."""
    shown = [b for b in app.screen.query(".player-board") if b.display and b.region.height]
    assert len(shown) == 1, shown
    return int(shown[0].id.split("-")[1])


async def test_enter_on_a_row_shows_that_players_board() -> None:
    async with game_app(frozen()).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert _top_board(pilot.app) == 0
        await pilot.press("o", "down", "down", "enter")
        await pilot.pause()
        assert _top_board(pilot.app) == 2
        assert pilot.app.focused.id == "actions-list"  # back to my choices


async def test_from_120x40_o_cycles_the_rivals_full_boards() -> None:
    """Issue 22: the rows are on screen, so `o` goes straight to the next rival's
    board, and after the last one back to mine."""
    snap = frozen()
    count = len(snap["view"]["players"])
    async with game_app(snap).run_test(size=(120, 40)) as pilot:  # (160x50: every board)
        await pilot.pause()
        seen = [_top_board(pilot.app)]
        for _ in range(count):
            await pilot.press("o")
            await pilot.pause()
            seen.append(_top_board(pilot.app))
        assert seen == [*range(count), 0]
        assert pilot.app.focused.id == "actions-list"  # my choices keep the keys


async def test_a_click_on_a_row_shows_that_players_board() -> None:
    async with game_app(frozen()).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        summary = pilot.app.screen.query_one(SummaryPanel)
        await pilot.click(SummaryPanel, offset=(3, 3))  # header, then two lines a seat
        await pilot.pause()
        assert summary.expanded and _top_board(pilot.app) == 1


class PanelApp(App[None]):
    """The summary alone, expanded, on a frozen board (the panel's snapshot)."""

    CSS = "SummaryPanel { height: auto; padding: 0 1; text-wrap: nowrap; }"

    def __init__(self, narrow: bool) -> None:
        super().__init__()
        self.narrow = narrow

    def compose(self) -> ComposeResult:
        yield SummaryPanel()

    def on_mount(self) -> None:
        snap = frozen()
        ctx = BoardContext(view=snap["view"], legal=snap["legal"], seat=0, vocab=pr_words(),
                           palette=goods_palette(self.theme), compact=True, narrow=self.narrow,
                           facts=facts_from(pr_game()["display"]))
        panel = self.query_one(SummaryPanel)
        panel.expanded = True
        panel.refresh_from(ctx)


@pytest.mark.parametrize(("narrow", "size"), [(False, (100, 16)), (True, (50, 16))])
def test_summary_panel_snapshot(snap_compare, narrow: bool, size: tuple[int, int]) -> None:
    assert snap_compare(PanelApp(narrow), terminal_size=size)


FULL_CITY = ["indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster",
             "small_indigo_plant", "small_sugar_mill", "small_market", "hacienda",
             "construction_hut", "small_warehouse", "hospice", "office"]
"""Twelve buildings with the most circles a city can hold: the longest city line."""


def _crowded() -> dict[str, Any]:
    """The 5-player board with every expansion, each city full of the longest buildings,
    every good in store (a late game's worst case for the rows' width)."""
    from tests.tui.smuggler_festival_boards import load

    snap = load("five")
    for player in snap["view"]["players"]:
        player["city"] = [{"building": b, "colonists": 1, "citizens": 1} for b in FULL_CITY]
        player["city_spaces_used"] = 12
        player["goods"] = {g: 12 for g in player["goods"]}
        player["doubloons"] = 23
    return snap


async def test_a_crowded_late_table_keeps_two_lines_a_player_and_my_board_in_view() -> None:
    """Issue 22: full cities and full stores once wrapped a rival's row onto 4 lines at
    120x40 and pushed my own board under the footer."""
    from tests.tui.in_view import hidden_part

    snap = _crowded()
    players = snap["view"]["players"]
    async with game_app(snap).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        summary = pilot.app.screen.query_one(SummaryPanel)
        rows = rows_of(pilot.app)[summary.region.y:summary.region.bottom]
        mine = pilot.app.screen.query_one("#player-0")
        assert not hidden_part(pilot.app, mine), hidden_part(pilot.app, mine)
        assert summary.region.height == 1 + 2 * len(players) + 2, "\n".join(rows)
    for i in range(len(players)):
        name, city = rows[1 + 2 * i], rows[2 + 2 * i]
        assert f"Player{i + 1}" in name and "23$" in name and "Crn12" in name
        assert "LFWa" in city and ("Off" in city or "…+" in city), city


@pytest.mark.parametrize("width", [40, 50, 64, 80, 106])
def test_no_row_nor_city_line_is_wider_than_the_panel(width: int) -> None:
    from prtui.games.puerto_rico.summary import city_line, fits_tight, row

    snap = _crowded()
    for compact in (False, True):
        ctx = BoardContext(view=snap["view"], legal=[], seat=0, vocab=pr_words("1897"),
                           palette=goods_palette("prtui-dark"), compact=compact,
                           narrow=width < 60, facts=facts_from(pr_game()["display"]))
        tight = fits_tight(ctx, width)
        for player in snap["view"]["players"]:
            assert row(ctx, player, width, tight).cell_len <= width
            line = city_line(ctx, player, width)
            assert line.cell_len <= width and line.plain.strip(), line.plain


def _reversed(panel: SummaryPanel) -> bool:
    shown = panel._shown
    return shown is not None and any("reverse" in str(span.style) for span in shown.spans)


async def test_the_cursor_row_is_drawn_only_while_the_rows_have_the_focus() -> None:
    """At start the focus is on my actions: no row of the summary is drawn as chosen (the
    first board drew its first row reversed until the next state came)."""
    from tests.tui.waiting import wait_for

    async with game_app(frozen()).run_test(size=(120, 40)) as pilot:
        panel = pilot.app.screen.query_one(SummaryPanel)
        await wait_for(pilot, lambda: panel._shown is not None
                       and pilot.app.focused is not None
                       and pilot.app.focused.id == "actions-list")
        await pilot.pause()
        assert not _reversed(panel)
        panel.focus()
        await wait_for(pilot, lambda: _reversed(panel))
        pilot.app.screen.query_one("#actions-list").focus()
        await wait_for(pilot, lambda: not _reversed(panel))


@pytest.mark.parametrize(("compact", "narrow", "tight"),
                         [(False, False, False), (True, False, False), (True, False, True),
                          (True, True, False)])
def test_a_hidden_vp_cell_keeps_the_columns_after_it_in_place(
        compact: bool, narrow: bool, tight: bool) -> None:
    """Issue 32: '16+hidden' was wider than the medium form's VP column (8 cells) and
    pushed colonists, buildings and fills one cell right of their header."""
    from prtui.games.puerto_rico.summary import row

    snap = frozen()
    ctx = BoardContext(view=snap["view"], legal=[], seat=0, vocab=pr_words(),
                       palette=goods_palette("prtui-dark"), compact=compact, narrow=narrow,
                       facts=facts_from(pr_game()["display"]))
    player = dict(snap["view"]["players"][1])
    seen = {"buildings": 4, "vp_chips": 12}
    whole = row(ctx, {**player, "vp_shown": seen}, tight=tight).plain
    for hidden in ({"buildings": 16}, {"buildings": 9}):
        part = row(ctx, {**player, "vp_shown": hidden}, tight=tight).plain
        assert "hid" in part
        at = whole.index("$") + 1  # after the doubloons: the VP cell, then the rest
        rest = whole[at:].split(maxsplit=1)[1]
        assert part.endswith(rest) and len(part) == len(whole), (whole, part)

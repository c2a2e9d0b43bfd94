"""What a move costs the screen, counted, never timed (`prtui bench client`, issue 22):
a changed line repaints its row only, the preview and the footer's keys change with the
move itself (one repaint, not a second one a message later), a frame walks no DOM query,
restyles no key, lays nothing out for a hidden notice, draws no island or city when
only the turn passed, and a board is three widgets. And what is on screen after many
such moves is what a full repaint draws."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from rich.text import Text
from textual.app import App, ComposeResult
from textual.dom import DOMNode
from textual.geometry import Region

from prtui.games.puerto_rico.player import CityView, IslandView, PlayerBoard
from prtui.games.puerto_rico.table import ShipsPanel
from prtui.screens.game import GameScreen
from prtui.widgets.context import Shown
from prtui.widgets.footer import KeyFooter, shown_keys
from prtui.widgets.notice import TableNotice
from server.protocol.diff import apply_ops, diff
from tests.tui.test_frame_cost import board_app
from tests.tui.waiting import wait_for


class OneShown(App[None]):
    def compose(self) -> ComposeResult:
        yield Shown(id="shown")


async def test_a_changed_line_repaints_only_its_row() -> None:
    app = OneShown()
    async with app.run_test(size=(40, 10)) as pilot:
        shown = app.query_one(Shown)
        shown.show(Text("first\nsecond\nthird"))
        await pilot.pause()
        shown.show(Text("first\nSECOND\nthird"))
        assert shown._repaint_regions == {Region(0, 1, 40, 1)}  # the second row only
        await pilot.pause()
        rows = ["".join(s.text for s in strip).rstrip() for strip in
                app.screen._compositor.render_strips()][:3]
        assert rows == ["first", "SECOND", "third"]
        shown.show(Text("first\nsecond\nthird\nfourth"))  # a line more: all of it
        assert shown._repaint_regions == {shown.outer_size.region}


class HeldShown(App[None]):
    CSS = "Shown { min-height: 2; }"

    def compose(self) -> ComposeResult:
        yield Shown(id="shown")


async def test_fewer_lines_in_a_box_held_by_its_min_height_lay_nothing_out() -> None:
    """The actions' title is held at two rows: a two-line title followed by a one-line
    one used to lay the screen out, for a box that kept its size."""
    app = HeldShown()
    async with app.run_test(size=(40, 10)) as pilot:
        shown = app.query_one(Shown)
        shown.show(Text("a title on\ntwo lines"))
        await pilot.pause()
        shown.show(Text("one line"))
        assert not shown._layout_required
        await pilot.pause()
        assert shown.size.height == 2
        shown.show(Text("three\nlines\nnow"))  # outgrows it: that one is a layout
        assert shown._layout_required


async def test_my_wharf_marked_on_the_ships_title_line() -> None:
    """Loading my wharf marks it on the title's line: a line more laid the screen out
    twice (the panel, then its column) when the captain came and went."""
    app, frames = board_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        ships = screen.query_one(ShipsPanel)
        lines = len(ships._shown.plain.split("\n")) if ships._shown else 0
        wharf = {"type": "load", "ship": "wharf", "good": "corn", "label": "corn on the wharf"}
        screen.apply_snapshot(dict(frames[0], legal=[wharf]))
        assert not ships._layout_required
        await pilot.pause()
        assert ships._shown is not None
        title, *rest = ships._shown.plain.split("\n")
        assert "▶ wharf: your own ship" in title and len(rest) + 1 == lines


async def test_the_preview_and_the_footer_change_with_the_move() -> None:
    """Right after a new state is handed over (no message handled yet) the preview and
    the footer's keys (lit, dimmed, or hidden while others play) say what they say once
    everything settled: their repaint is the move's, not one of their own after it."""
    app, frames = board_app()
    changed = hid = 0
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        footer = screen.query_one(KeyFooter)
        preview = screen.query_one("#actions-preview", Shown)
        # the footer's start-up composition first (at load it had no keys yet after a pause)
        await wait_for(pilot, lambda: bool(footer._keys)
                       and footer._shape == shown_keys(screen)[0])

        def state() -> tuple[object, ...]:
            keys = tuple((k.key, k._disabled, k.display) for k in footer._keys
                         if k.is_attached) if footer._keys else ()
            return keys, preview._shown.plain if preview._shown else ""

        for frame in frames[1:]:
            before = state()
            screen.apply_snapshot(frame)
            now = state()
            await pilot.pause()
            await pilot.pause()
            assert state() == now
            changed += now != before
            hid += [k[2] for k in now[0]] != [k[2] for k in before[0]]  # shown or hidden
    assert changed >= 3  # the moves did change them
    assert hid >= 1  # and the turn passing hid y/u/n or brought them back


async def test_a_frame_walks_no_query() -> None:
    app, frames = board_app()
    asked: list[str] = []
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        originals = {name: getattr(DOMNode, name) for name in ("query", "query_one")}

        def counting(name: str) -> Any:
            def asking(self: DOMNode, *args: Any, **kwargs: Any) -> Any:
                asked.append(f"{name}{args[:1]}")
                return originals[name](self, *args, **kwargs)
            return asking

        try:
            for name in originals:
                setattr(DOMNode, name, counting(name))
            for frame in frames[1:21]:
                screen.apply_snapshot(frame)
                await pilot.pause()
        finally:
            for name, original in originals.items():
                setattr(DOMNode, name, original)
    assert asked == []


async def test_dimming_a_footer_key_restyles_nothing() -> None:
    app, _frames = board_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(KeyFooter)
        key = next(k for k in footer._keys if k.key == "y")
        restyled: list[object] = []
        original = app.stylesheet.update_nodes

        def update_nodes(nodes: Any, animate: bool = False) -> None:
            nodes = list(nodes)
            restyled.extend(nodes)
            original(nodes, animate=animate)

        app.stylesheet.update_nodes = update_nodes  # type: ignore[method-assign]
        from prtui.widgets.footer import dim

        for off in (not key._disabled, key._disabled):  # there and back
            dim(key, off)
            await pilot.pause()
            assert key.has_class("-disabled") == off
            assert bool(key.rich_style.dim) == off  # the look the class gives
        assert key not in restyled


async def test_a_hidden_notice_lays_nothing_out() -> None:
    """Its timer redraws it every second, shown or not: hidden with nothing to say, that
    first redraw used to lay the screen out (a frame of the bench a second in)."""
    app = OneShown()
    async with app.run_test(size=(40, 10)) as pilot:
        screen = app.screen
        layouts = 0
        original = screen._refresh_layout

        def counting(*args: Any, **kwargs: Any) -> None:
            nonlocal layouts
            layouts += 1
            original(*args, **kwargs)

        notice = TableNotice()
        await screen.mount(notice)  # hidden on mount; its timer's first redraw a second on
        await pilot.pause()
        screen._refresh_layout = counting  # type: ignore[method-assign]
        notice.redraw()  # what that timer does
        await pilot.pause()
        await pilot.pause()
        assert not notice.display
        assert layouts == 0


async def test_the_turn_passing_draws_no_island_or_city(monkeypatch: pytest.MonkeyPatch) -> None:
    app, frames = board_app()
    drawn: list[str] = []
    for part in (IslandView, CityView):
        original = part.refresh_from

        def counting(self: Any, ctx: Any, player: Any, _original: Any = original) -> None:
            drawn.append(type(self).__name__)
            _original(self, ctx, player)

        monkeypatch.setattr(part, "refresh_from", counting)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        frame = frames[0]
        players = len(frame["view"]["players"])
        phase = dict(frame["view"].get("phase", {}))
        phase["turn"] = (int(phase.get("turn") or 0) + 1) % players  # all else the same
        turned = dict(frame, view=dict(frame["view"], phase=phase))
        drawn.clear()
        screen.apply_snapshot(turned)
        await pilot.pause()
    assert drawn == []


async def test_a_board_is_three_widgets() -> None:
    """Every widget in a repainted area is rendered again: a board has no container
    between its parts."""
    app, _frames = board_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        for board in app.screen.query(PlayerBoard):
            assert len(list(board.walk_children())) == 3


async def test_many_moves_leave_what_a_full_repaint_draws() -> None:
    app, frames = board_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        snapshot = frames[0]
        for a, b in itertools.pairwise(frames):
            snapshot = apply_ops(snapshot, diff(a, b))
            screen.apply_snapshot(snapshot)
            await pilot.pause()
        await pilot.pause()

        def drawn() -> list[list[tuple[str, object]]]:
            return [[(s.text, s.style) for s in strip]
                    for strip in screen._compositor.render_strips()]

        moved = drawn()
        for widget in screen.walk_children():
            widget.refresh()
        await pilot.pause()
        await pilot.pause()
        assert drawn() == moved


async def test_a_rivals_change_repaints_his_summary_row_only() -> None:
    """At 120x40 the summary is one widget of two lines a player: a rival's doubloons
    changing repaints his row, not the panel's fourteen."""
    from prtui.games.puerto_rico.summary import SummaryPanel

    app, frames = board_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        summary = screen.query_one(SummaryPanel)
        assert summary.expanded
        frame = frames[0]
        screen.apply_snapshot(dict(frame))  # once more: the first drawing had the focus
        await pilot.pause()
        players = list(frame["view"]["players"])
        at = next(i for i, p in enumerate(players) if p["seat"] != frame["seat"])
        players[at] = dict(players[at], doubloons=int(players[at]["doubloons"]) + 1)
        screen.apply_snapshot(dict(frame, view=dict(frame["view"], players=players)))
        rows = {region.y - summary.content_offset.y for region in summary._repaint_regions}
        assert rows == {1 + 2 * at}  # after the header, two lines a player


async def test_a_table_asked_to_draw_before_its_parts_are_there_waits() -> None:
    """Seen twice under load in whole-suite runs: the board screen drew on mount while
    a part of the table was not mounted yet (NoMatches from the screen's on_mount)."""
    from prtui.games.puerto_rico.layout import PuertoRicoTable

    app, _frames = board_app()
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        table = screen.query_one(PuertoRicoTable)
        await table.query_one(ShipsPanel).remove()
        table._parts = {}
        table.refresh_from(screen.context())  # no NoMatches: it waits for its parts
        await pilot.pause()
        assert table._parts == {}

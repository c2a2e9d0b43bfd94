"""The action list wraps long labels instead of cutting them, and clicks still pick the
row under the mouse (a wrapped row spans several screen lines)."""

from __future__ import annotations

from rich.text import Text
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll

from prtui.widgets.menu import MenuList

LABELS = ["Build the small indigo plant (1 doubloon)", "Pass", "Build the harbor (8 doubloons)"]


class MenuApp(App[None]):
    CSS = "VerticalScroll { width: 22; height: 4; } MenuList { height: auto; }"

    def __init__(self) -> None:
        super().__init__()
        self.picked: list[int] = []

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield MenuList(wrap=True, id="menu")

    def on_mount(self) -> None:
        self.query_one(MenuList).set_rows([Text(label) for label in LABELS])
        self.query_one(MenuList).focus()

    def on_menu_list_selected(self, event: MenuList.Selected) -> None:
        self.picked.append(event.index)


async def test_long_rows_wrap_and_clicks_map_to_rows() -> None:
    app = MenuApp()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        menu = app.query_one(MenuList)
        shown = menu._shown.plain.split("\n")
        assert not any("…" in line for line in shown)
        assert "".join(shown).replace(" ", "") == "".join(LABELS).replace(" ", "")
        assert all(len(line) <= 20 for line in shown)
        pass_line = shown.index("Pass")
        assert pass_line > 1  # the first label took several lines
        await pilot.click(MenuList, offset=(1, pass_line))
        await pilot.click(MenuList, offset=(1, 1))  # second line of the first row
        assert app.picked == [1, 0]
        # the cursor on the last row scrolls the list so that row shows
        await pilot.press("down", "down")
        await pilot.pause()
        scroll = app.query_one(VerticalScroll)
        assert menu.cursor == 2 and scroll.scroll_y > 0

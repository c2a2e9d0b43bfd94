"""My legal actions as the server sent them: numbered keys, clickable, with a preview.

Shared by every game: the rows, the keys and the preview line are here; how a game's
actions read and what the preview says come from its board (``GameBoard``), in the
vocabulary shown. Without a board an action reads as the server's label (its template
rendered in the vocabulary shown).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll

from prtui.widgets.context import BoardContext, Shown, action_key
from prtui.widgets.menu import MenuList
from prtui.widgets.messages import ActionChosen
from prtui.widgets.plain import plain, shown

if TYPE_CHECKING:
    from prtui.games import GameBoard


def label_of(ctx: BoardContext, action: Mapping[str, Any]) -> str:
    """The server's label of an action in the vocabulary shown (else its type)."""
    return ctx.text(dict(action), "label") or str(action.get("type"))


class ActionsPanel(Vertical):
    """The list of my legal actions and a preview of the highlighted one."""

    def __init__(self, board: GameBoard | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board
        self._ctx: BoardContext | None = None
        self._legal: list[dict[str, Any]] = []
        self._words: object = None  # the vocabulary the rows are in

    def compose(self) -> ComposeResult:
        self._title = Shown(id="actions-title")
        self._menu = MenuList(min_rows=8, wrap=True, id="actions-list")
        self._preview = Shown(id="actions-preview")
        yield self._title
        with VerticalScroll(id="actions-scroll"):
            yield self._menu
        yield self._preview

    def refresh_from(self, ctx: BoardContext, waiting_for: str) -> None:
        self._ctx = ctx
        if ctx.legal:
            self._title.show(self.board.headline(ctx) if self.board else
                             Text("Your move: its key, ↑↓ Enter, or click", style="bold green"))
        else:
            self._title.show(Text(waiting_for, style="italic"))
            self._preview.show(Text(""))
        same = ctx.legal == self._legal
        if same and ctx.vocab is self._words:
            return
        self._legal = list(ctx.legal)
        self._words = ctx.vocab
        rows = []
        for i, action in enumerate(ctx.legal):
            key = action_key(i)
            label = Text.assemble((f"{key:>1}" if key else " ", "bold reverse"))
            text = self.board.action_label(ctx, action) if self.board else label_of(ctx, action)
            label.append(" " + shown(text, blank=""))
            rows.append(label)
        self._menu.set_rows(rows, cursor=None if same else 0)  # new words: same cursor

    def choose(self, index: int) -> None:
        if 0 <= index < len(self._legal):
            self.post_message(ActionChosen(self._legal[index]))

    def on_menu_list_selected(self, event: MenuList.Selected) -> None:
        event.stop()
        self.choose(event.index)

    def on_menu_list_highlighted(self, event: MenuList.Highlighted) -> None:
        event.stop()
        if self._ctx is not None and 0 <= event.index < len(self._legal):
            action = self._legal[event.index]
            self._preview.show(self.board.preview(self._ctx, action) if self.board else
                               plain(label_of(self._ctx, action), blank=""))

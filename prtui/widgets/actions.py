"""My legal actions as the server sent them: numbered keys, clickable, with a preview.

Shared by every game: the rows, the keys and the preview line are here; how a game's
actions read and what the preview says come from its board (``GameBoard``), in the
vocabulary shown. Without a board an action reads as the server's label (its template
rendered in the vocabulary shown).

Keys are stable within a decision (prtui/widgets/action_keys.py): placing one colonist
of five, or picking one card of three, leaves every other choice on the key it had, and
a choice that left (a full place) stays listed, disabled, on its key; so pressing the
key read a moment ago never does something else. Confirm, undo and decline have their
letters (y, u, n) and come last, the decline at the very end; neither a take-back nor a
decline is ever highlighted first, so Enter on a fresh decision never undoes work nor
leaves what is offered; once a confirm is offered, it is what Enter does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll

from prtui.i18n import _
from prtui.widgets.action_keys import (
    KEYS,
    ActionKeys,
    decision_of,
    first_row,
    identity,
    kind_of,
    row_order,
    takes_back,
)
from prtui.widgets.context import KIND_SLOTS, SHOWN_ONLY, BoardContext, Shown, action_key
from prtui.widgets.menu import MenuList
from prtui.widgets.messages import ActionChosen
from prtui.widgets.plain import plain, shown

if TYPE_CHECKING:
    from prtui.games import GameBoard

__all__ = ["KEYS", "SHOWN_ONLY", "ActionKeys", "ActionsPanel", "decision_of", "first_row",
           "identity", "kind_of", "label_of", "row_order", "takes_back"]


LONG_LIST = 10
"""More rows than this: the list takes the room it needs, the log gives it up."""
FRAME_ROWS = 7  # the panel's border (2), title (2 at least) and preview (3) around its rows
OTHER_ROWS = 14  # status line, footer, chat (8) and a log of two lines (with its border)


def label_of(ctx: BoardContext, action: Mapping[str, Any]) -> str:
    """The server's label of an action in the vocabulary shown (else its type)."""
    return ctx.text(dict(action), "label") or str(action.get("type"))


class ActionsPanel(Vertical):
    """The list of my legal actions and a preview of the highlighted one."""

    # as tall as the list's window at least (#actions-list): a list that grows or shrinks
    # within it keeps its box, so a move is a repaint, not a layout of the screen (`prtui
    # bench client`); the preview: the highlighted action's whole text (a San Juan role's
    # at 80 columns takes 6 lines; 3 cut it mid-sentence), the list above scrolls instead.
    # Its height on the board screen, and the preview's when wide, are game.tcss's.
    DEFAULT_CSS = """
    ActionsPanel { border: round $success 60%; }
    ActionsPanel > #actions-title { height: auto; }
    ActionsPanel > #actions-scroll { height: 1fr; }
    ActionsPanel #actions-list { height: auto; min-height: 100%; }
    ActionsPanel > #actions-preview { height: auto; max-height: 8; color: $text-muted; }
    """

    def __init__(self, board: GameBoard | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board
        self._ctx: BoardContext | None = None
        self._legal: list[dict[str, Any]] = []  # as the server listed them
        self._keys: list[str] = []  # the key of each (ctx.keys)
        self._gone: list[tuple[int, dict[str, Any]]] = []  # left the list, shown disabled
        self._entries: list[dict[str, Any]] = []  # _legal then the gone ones
        self._rows: list[int] = []  # row -> index in _entries: by key, lettered last
        self._words: object = None  # the vocabulary the rows are in
        self._lettered: frozenset[str] = frozenset()  # the footer's y/u/n on offer
        self._my_turn = False  # y/u/n leave the footer while others play
        self._fitted: int | None = None  # the height set for a long list (None: the CSS's)
        self._shown_only = SHOWN_ONLY  # an action's fields only shown (ctx.shown_only)

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
                             Text(_("Your move: its key, ↑↓ Enter, or click"), style="bold green"))
        else:
            self._title.show(Text(waiting_for, style="italic"))
            self._preview.show(Text(""))
        slots = list(ctx.slots) if len(ctx.slots) == len(ctx.legal) else list(range(len(ctx.legal)))
        gone = list(ctx.gone) if ctx.legal else []
        keys = [action_key(n) for n in slots]
        same = ctx.legal == self._legal and keys == self._keys and gone == self._gone
        if same and ctx.vocab is self._words:
            return
        previous = self._entries[self._rows[self._menu.cursor]] if (
            self._rows and self._menu.cursor < len(self._rows)) else None
        self._legal, self._keys, self._words, self._gone = list(ctx.legal), keys, ctx.vocab, gone
        self._entries = [*self._legal, *(action for _slot, action in gone)]
        every = [*slots, *(slot for slot, _ in gone)]
        self._rows = row_order(self._entries, every)
        rows, disabled = [], set()
        for row, n in enumerate(self._rows):
            action, key = self._entries[n], action_key(every[n])
            text = self.board.action_label(ctx, action) if self.board else label_of(ctx, action)
            if n >= len(self._legal):  # left the list (a full place): its key, unused
                disabled.add(row)
                rows.append(Text.assemble((f"{key:>1}", "dim reverse"), " ",
                                          (shown(text, blank=""), "dim strike")))
                continue
            label = Text.assemble((f"{key:>1}" if key else " ", "bold reverse"))
            label.append(" " + shown(text, blank=""))
            rows.append(label)
        self._shown_only = shown_only = ctx.shown_only
        ids = [repr(identity(self._entries[n], shown_only)) for n in self._rows]
        cursor = None if same else first_row(self._entries, self._rows, len(self._legal), previous,
                                             shown_only)
        self._menu.set_rows(rows, keys=ids, cursor=cursor, inert=disabled)
        self.refit()
        if rows:  # now, not when the list's message comes: one repaint for the move
            self._preview_row(self._menu.cursor)
        lettered = frozenset(kind for kind in KIND_SLOTS if self.offers(kind))
        if lettered != self._lettered or bool(self._legal) != self._my_turn:
            # the footer's y/u/n follow what is offered (dimmed within my turn, hidden
            # while others play), changed in place in this repaint (widgets/footer.py)
            self._lettered, self._my_turn = lettered, bool(self._legal)
            self.screen.refresh_bindings()

    def fit_long_list(self, rows: int, lines: int = 0) -> None:
        """More than ``LONG_LIST`` rows, from 110 columns: the panel as tall as its rows
        (``lines`` once drawn, with its title, preview and border) as far as the screen leaves the log a few
        lines, so the decline at the end is in view; else the stylesheet's height. Set
        only when it changes: a new height is a layout of the screen."""
        screen = self.screen
        long = rows > LONG_LIST and not screen.has_class("-compact")
        height = min(max(rows, lines) + self._frame_rows(), max(LONG_LIST, screen.size.height - OTHER_ROWS)) \
            if long else None
        if long != screen.has_class("-long-list"):
            screen.set_class(long, "-long-list")
        if height != self._fitted:
            self._fitted = height
            self.styles.height = height

    def _frame_rows(self) -> int:
        """The rows around the list: border (2), title (as wrapped now, 2 at least) and
        preview (3)."""
        title = self._title
        width = title.content_size.width
        shown = title._shown
        lines = title._height_of(shown, width) if shown is not None and width > 0 else 2
        return FRAME_ROWS - 2 + max(2, lines)

    def refit(self) -> None:
        """The long list's height for its rows as drawn (a wrapped row takes two lines),
        again after a new screen size."""
        menu = self._menu
        drawn = menu._drawn_width == menu.content_size.width  # else its lines are for another width
        self.fit_long_list(len(self._rows), len(menu._line_rows) if drawn else 0)

    def on_resize(self) -> None:
        self.call_after_refresh(self.refit)  # once the list is drawn again at its new width

    def offers(self, kind: str) -> bool:
        """Whether one of my actions has that kind's letter (the footer shows it then)."""
        key = action_key(KIND_SLOTS[kind])
        return key in self._keys

    def key_of(self, action: Mapping[str, Any]) -> str:
        """The key shown for one of my legal actions ('' if none): the same dict, else
        the same action worded otherwise (the coach's, thought on a sample of my view)."""
        for n, listed in enumerate(self._legal):
            if listed == action:
                return self._keys[n]
        one = identity(action, self._shown_only)
        return next((self._keys[n] for n, listed in enumerate(self._legal)
                     if identity(listed, self._shown_only) == one), "")

    def choose_key(self, key: str) -> None:
        """The action shown with that key, if any (a key whose action left does nothing)."""
        if key and key in self._keys:
            self.post_message(ActionChosen(self._legal[self._keys.index(key)]))

    def choose(self, row: int) -> None:
        """The action on that row of the list (a disabled row does nothing)."""
        if 0 <= row < len(self._rows) and self._rows[row] < len(self._legal):
            self.post_message(ActionChosen(self._legal[self._rows[row]]))

    @on(MenuList.Selected, "#actions-list")  # i18n: a selector
    def _row_chosen(self, event: MenuList.Selected) -> None:
        event.stop()
        self.choose(event.index)

    @on(MenuList.Highlighted, "#actions-list")  # i18n: a selector
    def _row_highlighted(self, event: MenuList.Highlighted) -> None:
        event.stop()
        self._preview_row(event.index)

    def _preview_row(self, index: int) -> None:
        """What the action on that row would do, under the list."""
        if self._ctx is not None and 0 <= index < len(self._rows):
            action = self._entries[self._rows[index]]
            self._preview.show(self.board.preview(self._ctx, action) if self.board else
                               plain(label_of(self._ctx, action), blank=""))

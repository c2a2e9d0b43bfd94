"""My legal actions as the server sent them: numbered keys, clickable, with a preview.

Shared by every game: the rows, the keys and the preview line are here; how a game's
actions read and what the preview says come from its board (``GameBoard``), in the
vocabulary shown. Without a board an action reads as the server's label (its template
rendered in the vocabulary shown).

Keys are stable within a decision (``ActionKeys``): placing one colonist of five, or
picking one card of three, leaves every other choice on the key it had, so pressing
the key read a moment ago never does something else. A take-back (undo, "rearrange:
take all back") is listed last in a fresh decision and never highlighted first, so
Enter on a fresh decision never undoes work.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
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

KEYS = 10  # 1..9 then 0 (prtui/widgets/context.py, action_key)
SHOWN_ONLY = ("label", "tmpl")
"""An action's fields that are only words (the engine contract's)."""
TAKE_BACK_TYPES = frozenset(("undo", "mayor_lift", "mayor_undo", "take_back"))
TAKE_BACK_WORDS = ("undo", "rearrange", "take back", "back:")
"""How a take-back reads when its type is not one of the above (label, lower case)."""


def label_of(ctx: BoardContext, action: Mapping[str, Any]) -> str:
    """The server's label of an action in the vocabulary shown (else its type)."""
    return ctx.text(dict(action), "label") or str(action.get("type"))


def takes_back(action: Mapping[str, Any]) -> bool:
    """Whether choosing it undoes work of this decision (never the first choice)."""
    if action.get("type") in TAKE_BACK_TYPES:
        return True
    return str(action.get("label", "")).lower().startswith(TAKE_BACK_WORDS)


def identity(action: Mapping[str, Any]) -> Hashable:
    """What an action is within one decision, kept while the list around it changes:
    its fields but the words. A position (``index``) is not what is there (the engine
    lists the first empty plantation of each kind: placing one moves that to the next),
    so an indexed action is known by its label, which names the thing."""
    fields = tuple(sorted((str(k), repr(v)) for k, v in action.items()
                          if k not in SHOWN_ONLY and k != "index"))
    return (*fields, ("label", str(action.get("label")))) if "index" in action else fields


def decision_of(view: Mapping[str, Any], seat: int | None) -> Hashable:
    """Which decision a view asks of ``seat``: same seat, round, phase and step (and the
    game's own open decision, if it names one)."""
    phase = view.get("phase")
    phase = phase if isinstance(phase, Mapping) else {}
    open_one = view.get("decision")
    step = open_one.get("step") if isinstance(open_one, Mapping) else None
    return (seat, repr(view.get("round")), repr(phase.get("step")), repr(phase.get("role")),
            repr(phase.get("turn")), repr(step))


class ActionKeys:
    """Slots by action identity for the decision going on: an action keeps its slot
    while the decision lasts (the n-th slot is key ``action_key(n)``); a new action
    takes a slot never used in it, so a key never moves to another action (unless more
    than ten choices came and went: then a freed key rather than none; an action that
    was listed past the ten keys takes a key as soon as one is free). A new
    decision (another step, or nothing in common with the last list) starts again,
    take-backs last."""

    def __init__(self) -> None:
        self._decision: Hashable = None
        self._slots: dict[Hashable, int] = {}
        self._shown: set[Hashable] = set()  # the identities of the last list
        self._next = 0

    def slots(self, decision: Hashable, legal: list[dict[str, Any]]) -> list[int]:
        """The slot of each action of ``legal`` (same order); asking again with the same
        list gives the same slots."""
        if not legal:
            self._decision, self._slots, self._shown, self._next = None, {}, set(), 0
            return []
        seen: dict[Hashable, int] = {}
        ids = []  # the n-th action of one identity (two alike would share a key otherwise)
        for action in legal:
            one = identity(action)
            seen[one] = seen.get(one, -1) + 1
            ids.append((one, seen[one]))
        if decision != self._decision or not any(i in self._slots for i in ids):
            self._decision, self._slots, self._next = decision, {}, 0
        taken: set[int] = set()
        new, keyless = [], []
        shown = self._shown  # what the player sees now keeps its key first
        for n in sorted(range(len(legal)), key=lambda n: (ids[n] not in shown, takes_back(legal[n]))):
            slot = self._slots.get(ids[n])
            if slot is None or slot in taken:  # new (or back, its key given away since)
                new.append(n)
            elif slot >= KEYS:  # listed past the ten keys: a key as soon as one is free
                keyless.append(n)
            else:
                taken.add(slot)
        for n in keyless:
            freed = next((k for k in range(KEYS) if k not in taken), None)
            if freed is not None:
                self._slots[ids[n]] = freed
            taken.add(self._slots[ids[n]])
        for n in new:
            self._slots[ids[n]] = slot = self._free_slot(taken)
            taken.add(slot)
        self._shown = set(ids)
        return [self._slots[i] for i in ids]

    def _free_slot(self, taken: set[int]) -> int:
        """A slot never used in this decision while one of the ten keys is; past them, a
        key whose action has left (a list of more than ten: better a key than none)."""
        if self._next >= KEYS:
            freed = next((k for k in range(KEYS) if k not in taken), None)
            if freed is not None:
                return freed
        self._next += 1
        return self._next - 1


class ActionsPanel(Vertical):
    """The list of my legal actions and a preview of the highlighted one."""

    def __init__(self, board: GameBoard | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board
        self._ctx: BoardContext | None = None
        self._legal: list[dict[str, Any]] = []  # as the server listed them
        self._keys: list[str] = []  # the key of each (ctx.keys)
        self._rows: list[int] = []  # row -> index in _legal: by key, take-backs last
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
        slots = list(ctx.slots) if len(ctx.slots) == len(ctx.legal) else list(range(len(ctx.legal)))
        keys = [action_key(n) for n in slots]
        same = ctx.legal == self._legal and keys == self._keys
        if same and ctx.vocab is self._words:
            return
        previous = self._legal[self._rows[self._menu.cursor]] if (
            self._rows and self._menu.cursor < len(self._rows)) else None
        self._legal, self._keys, self._words = list(ctx.legal), keys, ctx.vocab
        # by key, take-backs last whatever their key
        self._rows = sorted(range(len(slots)), key=lambda n: (takes_back(ctx.legal[n]), slots[n]))
        rows = []
        for n in self._rows:
            action, key = ctx.legal[n], keys[n]
            label = Text.assemble((f"{key:>1}" if key else " ", "bold reverse"))
            text = self.board.action_label(ctx, action) if self.board else label_of(ctx, action)
            label.append(" " + shown(text, blank=""))
            rows.append(label)
        ids = [repr(identity(ctx.legal[n])) for n in self._rows]
        self._menu.set_rows(rows, keys=ids, cursor=None if same else self._cursor(previous))

    def _cursor(self, previous: Mapping[str, Any] | None) -> int:
        """The row to highlight: the action highlighted before if it is still there,
        else the first that takes nothing back."""
        if previous is not None:
            was = identity(previous)
            for row, n in enumerate(self._rows):
                if identity(self._legal[n]) == was and not takes_back(self._legal[n]):
                    return row
        return next((row for row, n in enumerate(self._rows)
                     if not takes_back(self._legal[n])), 0)

    def key_of(self, action: Mapping[str, Any]) -> str:
        """The key shown for one of my legal actions ('' if none)."""
        for n, listed in enumerate(self._legal):
            if listed == action:
                return self._keys[n]
        return ""

    def choose_key(self, key: str) -> None:
        """The action shown with that key, if any (a key whose action left does nothing)."""
        if key and key in self._keys:
            self.post_message(ActionChosen(self._legal[self._keys.index(key)]))

    def choose(self, row: int) -> None:
        """The action on that row of the list."""
        if 0 <= row < len(self._rows):
            self.post_message(ActionChosen(self._legal[self._rows[row]]))

    def on_menu_list_selected(self, event: MenuList.Selected) -> None:
        event.stop()
        self.choose(event.index)

    def on_menu_list_highlighted(self, event: MenuList.Highlighted) -> None:
        event.stop()
        if self._ctx is not None and 0 <= event.index < len(self._rows):
            action = self._legal[self._rows[event.index]]
            self._preview.show(self.board.preview(self._ctx, action) if self.board else
                               plain(label_of(self._ctx, action), blank=""))

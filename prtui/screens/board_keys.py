"""The board screen's keys: which are bound, which the footer shows, and what they do.

The footer holds what fits 80 columns (its keys one space apart there); every other key
is in the help (``keys_line``) and, for the names, in the command palette. The board
screen (prtui/screens/game.py) draws; this part moves the focus, opens the help,
follows a seat, switches names and leaves the table.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from textual.binding import Binding, BindingsMap, BindingType
from textual.screen import Screen

from prtui.i18n import N_, _
from prtui.navigation import ShowGameOver
from prtui.widgets.actions import ActionsPanel
from prtui.widgets.context import CHOICE_KEYS, KIND_SLOTS, MORE_KEYS, BoardContext, action_key
from prtui.widgets.feed import GameLog

if TYPE_CHECKING:
    from textual.app import App

    from prtui.games import GameBoard
    from prtui.vocabulary import Vocabularies, Vocabulary
    from prtui.widgets.board_table import BoardTable

BOARD_BINDINGS: list[BindingType] = [
    *[Binding(key, f"choose({i})", N_("Choose"), show=False) for i, key in enumerate(CHOICE_KEYS)],
    # the footer fits 80 columns: my actions have the keys from the start (a and Esc
    # bring them back) and the names are in the palette; both are in the help
    Binding("a", "focus_actions", N_("Actions"), show=False),
    Binding("escape", "focus_actions", N_("Actions"), show=False),
    # the recurring choices of a turn (an action's kind), in the footer while offered
    Binding("y", "choose_kind('confirm')", N_("Confirm")),
    Binding("u", "choose_kind('undo')", N_("Undo")),
    Binding("n", "choose_kind('decline')", N_("Decline")),
    Binding("c", "focus_chat", N_("Chat")),
    Binding("l", "focus_log", N_("Log")),
    Binding("f", "follow_next", N_("Follow")),
    Binding("question_mark", "help", N_("Help")),
    Binding("t", "coach", N_("Coach"), show=False),  # my best moves now, by the bots' search
    Binding("g", "game_over", N_("Game over")),  # once it is: scores, rematch, replay, new table
    Binding("v", "vocabulary", N_("Names"), show=False),
    Binding("ctrl+l", "leave", N_("Leave")),
]


def with_bindings(bindings: BindingsMap, extra: Iterable[Binding], after: str) -> BindingsMap:
    """``bindings`` with ``extra`` right after the key ``after`` (the footer's order)."""
    keys: dict[str, list[Binding]] = {}
    for key, found in bindings.key_to_bindings.items():
        keys[key] = list(found)
        if key == after:
            for binding in extra:
                keys.setdefault(binding.key, []).append(binding)
    for binding in extra:  # ``after`` missing: at the end
        keys.setdefault(binding.key, [binding])
    return BindingsMap.from_keys(keys)


def hidden_in_footer(bindings: BindingsMap, keys: Iterable[str]) -> BindingsMap:
    """``bindings`` with those of ``keys`` still bound but not in the footer."""
    hide = set(keys)
    return BindingsMap.from_keys({
        key: [replace(b, show=False) if key in hide else b for b in found]
        for key, found in bindings.key_to_bindings.items()})


KIND_KEYS = ("y", "u", "n")
KIND_KEYS_WIDTH = 100
"""From this width the footer has room for y, u, n (narrower: the action list's rows)."""


def kind_keys_in_footer(bindings: BindingsMap, width: int) -> BindingsMap:
    """``bindings`` with confirm, undo and decline in the footer or not (80 columns have
    no room for them: there the action list shows their keys)."""
    shown = width >= KIND_KEYS_WIDTH
    return BindingsMap.from_keys({
        key: [replace(b, show=shown) if key in KIND_KEYS else b for b in found]
        for key, found in bindings.key_to_bindings.items()})


def board_labels(bindings: BindingsMap, table: BoardTable) -> BindingsMap:
    """``bindings`` with the game's own keys described for what they do at this size
    (``BoardTable.board_label``: Puerto Rico's `o` is "Next board" from 120x40 up)."""
    def labelled(b: Binding) -> Binding:
        if not b.action.startswith("board("):
            return b
        label = table.board_label(b.action[len("board('"):-len("')")])
        return replace(b, description=label) if label and label != b.description else b

    return BindingsMap.from_keys({key: [labelled(b) for b in found]
                                  for key, found in bindings.key_to_bindings.items()})


def keys_line(screen: Screen[Any], app: App[Any]) -> str:
    """Every key of a screen with what it does, footer or not, for the help: keys of
    one action together ("a, esc Actions"), the choice keys as one "1-9,0,d,i,..."."""
    every_screens = {b.action for found in BindingsMap(Screen.BINDINGS).key_to_bindings.values()
                     for b in found}  # focus moves and copy: Textual's, not the board's
    actions: dict[str, tuple[list[str], str]] = {}
    for key, found in screen._bindings.key_to_bindings.items():
        for binding in found:
            name = binding.action.partition("(")[0]
            if (not binding.description or binding.action in every_screens
                    or screen.check_action(name, ()) is False):
                continue
            if name == "choose":
                actions.setdefault("choose", ([f"1-9,0,{','.join(MORE_KEYS)},A-Z"],
                                              _("take the action with that key")))
                continue
            shown, _what = actions.setdefault(binding.action, ([], _(binding.description)))
            display = app.get_key_display(Binding(key, binding.action))
            if display not in shown:
                shown.append(display)
    parts = [f"{'/'.join(keys)} {what}" for keys, what in actions.values()]
    return " · ".join([*parts, "ctrl+p " + _("command palette (names, themes, turn bell)")])


class BoardKeys(Screen[None]):
    """The keys of a board screen; the screen that draws the board subclasses it."""

    BINDINGS: ClassVar[list[BindingType]] = BOARD_BINDINGS

    # set by the board screen
    snapshot: dict[str, Any]
    board: GameBoard
    table: BoardTable
    facts: Any
    vocabularies: Vocabularies
    vocab_name: str
    followed: int | None
    link: Any

    @property
    def vocab(self) -> Vocabulary:
        return self.vocabularies.get(self.vocab_name)

    def context(self) -> BoardContext:
        """What the board shows now (drawn by the board screen)."""
        raise NotImplementedError

    def render_snapshot(self) -> None:
        """Draw the board again (the board screen)."""
        raise NotImplementedError

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Following is for spectators; choosing is for players while the game runs
        (hidden otherwise)."""
        seated = self.snapshot.get("seat") is not None
        if action in ("choose", "choose_kind", "coach") and self.snapshot.get(
                "view", {}).get("over"):
            return False  # the finished board (b after the game): no move, no coach
        if action == "follow_next":
            return not seated
        if action == "game_over":  # the board looked at after the game: back to its end
            view = self.snapshot.get("view", {})
            return bool(getattr(self, "live", True) and view.get("over") and view.get("result"))
        if action == "choose":
            return seated
        if action == "board" and parameters and hasattr(self, "table"):  # the game's own keys
            return self.table.board_enabled(str(parameters[0]))
        if action == "coach":  # a player at a live table (the server says if it is allowed)
            return seated and getattr(self, "live", True)
        if action == "choose_kind":
            if not seated or not parameters:  # the help lists them for a player
                return seated
            if not self.snapshot.get("legal"):  # others play: not offered, hidden (in
                return False  # place, with the move: widgets/footer.py)
            # not offered in my turn: dimmed, so the keys hold still while I decide
            panel = getattr(self, "_parts", {}).get("actions") or next(
                iter(self.query(ActionsPanel)), None)  # (a query a frame: ~70 nodes)
            if panel is None:  # the footer composed before the board's parts: dimmed
                return None  # until the first drawing says (widgets/footer.py)
            return True if panel.offers(str(parameters[0])) else None
        return True

    def action_choose(self, index: int) -> None:
        if self.snapshot.get("seat") is None:
            return
        self.query_one(ActionsPanel).choose_key(action_key(index))

    def action_choose_kind(self, kind: str) -> None:
        """y, u, n: confirm, undo, decline (the action of that kind, if one is offered)."""
        if self.snapshot.get("seat") is None:
            return
        self.query_one(ActionsPanel).choose_key(action_key(KIND_SLOTS[kind]))

    def action_game_over(self) -> None:
        """The game-over screen again (b there shows this board): its rematch, replay
        and new table stay a key away."""
        view = self.snapshot.get("view", {})
        if not (view.get("over") and view.get("result")):
            return
        self.post_message(ShowGameOver(view, dict(getattr(self, "names", {})),
                                       getattr(self, "history", {}),
                                       self.snapshot.get("seat"), self.board, self.vocab))

    def action_help(self) -> None:
        """Help; on a focused part of the table (a building): that part's help."""
        topic = getattr(self.focused, "help_topic", None)
        self.show_help(topic if isinstance(topic, str) else None)

    def show_help(self, topic: str | None) -> None:
        from prtui.screens.help import HelpScreen

        view = self.snapshot.get("view", {})
        in_play = [*view.get("buildings", {}), *(str(r.get("id")) for r in view.get("roles", []))]
        more = getattr(self.board, "also_in_play", None)  # e.g. buildings still to be drafted
        if more is not None:
            in_play += more(view)
        self.app.push_screen(HelpScreen(self.board, self.vocab, self.facts, focus_topic=topic,
                                        in_play=in_play or None,
                                        screen_keys=keys_line(self, self.app)))

    def action_focus_actions(self) -> None:
        self.query_one("#actions-list").focus()

    def action_focus_log(self) -> None:
        """The log read back in an overlay over the board (↑↓ PgUp PgDn; Esc closes),
        not by squeezing the table."""
        from prtui.screens.log import LogReader

        if self.has_class("-show-chat"):
            self.remove_class("-show-chat")
        self.app.push_screen(LogReader(self.query_one(GameLog)))

    def action_focus_chat(self) -> None:
        """Focus the chat input (compact layout: the chat takes the log's place)."""
        if self.has_class("-compact"):
            self.toggle_class("-show-chat")
            if not self.has_class("-show-chat"):
                self.query_one("#actions-list").focus()
                return
        self.query_one("#chat-input").focus()

    def action_board(self, name: str) -> None:
        """A key of the game's own (``GameBoard.bindings``), handled by its table."""
        self.table.board_action(name)

    def action_vocabulary(self) -> None:
        """The game's next vocabulary, on every word of the board (and what opens next)."""
        self.set_vocabulary(self.vocabularies.after(self.vocab_name))
        self.notify(_("Names: {vocabulary}").format(vocabulary=self.vocab_name), markup=False)

    def set_vocabulary(self, name: str) -> None:
        self.vocab_name = self.vocabularies.get(name).name
        if hasattr(self.app, "vocabulary_override"):
            self.app.vocabulary_override = self.vocab_name
        if self.is_mounted:
            self.render_snapshot()

    def action_leave(self) -> None:
        """Back to the lobby (LAN), or quit (local game: the server keeps it stored)."""
        leave = getattr(self.app, "leave_table", None)
        if leave is not None:
            self.run_worker(leave(), group="leave")

    def action_follow_next(self) -> None:
        """Spectators: follow the next seat's perspective."""
        count = int(self.snapshot.get("view", {}).get("players_count", 1))
        self.followed = 0 if self.followed is None else (self.followed + 1) % count
        self.notify(_("Following {player}").format(player=self.context().name(self.followed)),
                    markup=False)
        if self.link is not None:
            self.run_worker(self.link.follow(self.followed), group="follow")
        self.render_snapshot()

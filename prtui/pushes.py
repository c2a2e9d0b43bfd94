"""The server's pushes and the app-wide changes, as Textual signals screens subscribe to.

The app publishes (``PrtuiApp.on_room_info``...); a screen that shows a push subscribes
as it mounts, and Textual drops the subscription when the screen goes. Nobody walks the
screen stack to find who shows what. A screen reads the latest state as it subscribes
(the controller's ``room_info``, the lobby's own refresh), so a push that came while
it was being drawn is not lost. Chat lines are not state: a line of a room (or of the
lobby) that no screen shows yet waits here for the first screen of that room.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar
from weakref import WeakKeyDictionary

from textual.dom import DOMNode
from textual.signal import Signal

T = TypeVar("T")
WAITING_LINES = 200  # a chat panel keeps as many (widgets/feed.py)


@dataclass(frozen=True)
class ChatLine:
    """A chat line; ``room`` None: the lobby's."""

    who: str
    text: str
    room: str | None


class Pushes:
    """The app's signals: the room's frame, the lobby's rooms, chat, the names chosen.

    Subscribers are called as the push is published (``immediate``), as the screens
    were before (chat lines: next, in order after the lines that waited); one that fails is reported through ``failed`` (the push's kind and the
    error) instead of Textual's log, and the others still get the push.
    """

    def __init__(self, owner: DOMNode, failed: Callable[[str, Exception], None]) -> None:
        self.room: Signal[dict[str, Any]] = Signal(owner, "room")
        self.lobby: Signal[list[dict[str, Any]]] = Signal(owner, "lobby")
        self.vocabulary: Signal[str] = Signal(owner, "vocabulary")
        self.language: Signal[str] = Signal(owner, "language")  # the reader switched it
        self.chat: Signal[ChatLine] = Signal(owner, "chat")
        self.turn_elsewhere: Signal[str] = Signal(owner, "turn_elsewhere")  # its room id
        self._failed = failed
        self._chat_rooms: WeakKeyDictionary[DOMNode, str | None] = WeakKeyDictionary()
        self._waiting: dict[str | None, deque[ChatLine]] = {}

    def subscribe(self, signal: Signal[T], node: DOMNode, callback: Callable[[T], object],
                  immediate: bool = True) -> None:
        """``callback`` gets every push of ``signal`` while ``node`` is on the app; a node
        subscribes once (a replay's mount runs its board's mount twice: Textual calls
        ``on_mount`` of each class)."""
        def guarded(data: T) -> None:
            try:
                callback(data)
            except Exception as exc:  # said, and the others still get it
                self._failed(signal._name, exc)

        signal.unsubscribe(node)
        signal.subscribe(node, guarded, immediate=immediate)

    def subscribe_chat(self, node: DOMNode, room: str | None,
                       add: Callable[[str, str], object]) -> None:
        """``add`` gets the chat lines of ``room`` (None: the lobby), first the ones that
        waited for a screen of it."""
        def of_room(line: ChatLine) -> None:
            if line.room == room:
                add(line.who, line.text)

        self._chat_rooms[node] = room
        for line in self._waiting.pop(room, ()):  # after the screen's mount
            node.call_next(self._guarded_chat, add, line)
        # the next lines queue behind those (call_next keeps the order)
        self.subscribe(self.chat, node, of_room, immediate=False)

    def _guarded_chat(self, add: Callable[[str, str], object], line: ChatLine) -> None:
        try:
            add(line.who, line.text)
        except Exception as exc:
            self._failed("chat", exc)

    def publish_chat(self, line: ChatLine) -> None:
        """To the screens of the line's room; kept for the first one if none shows it."""
        if any(room == line.room and node.is_running and node.is_attached
               for node, room in list(self._chat_rooms.items())):
            self.chat.publish(line)
            return
        self._waiting.setdefault(line.room, deque(maxlen=WAITING_LINES)).append(line)


def pushes_of(node: DOMNode) -> Pushes | None:
    """The app's signals (None under an app that has none: a test's bare App)."""
    pushes = getattr(node.app, "pushes", None)
    return pushes if isinstance(pushes, Pushes) else None

"""Messages the board widgets post upward; the screen decides what to send."""

from __future__ import annotations

from typing import Any

from textual.message import Message


class ActionChosen(Message):
    """The player picked one of the legal actions (by key, click or list)."""

    def __init__(self, action: dict[str, Any]) -> None:
        super().__init__()
        self.action = action


class HelpRequested(Message):
    """Show the help text of a role or building (its canonical id)."""

    def __init__(self, topic: str) -> None:
        super().__init__()
        self.topic = topic

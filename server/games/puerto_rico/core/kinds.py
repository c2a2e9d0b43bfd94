"""What a legal action is for in the turn, as the ``kind`` of its wire form (issue 22).

A client gives the recurring choices of a decision fixed keys (confirm, undo, decline)
and lists declines last; it reads that from ``kind``, never from the label's words.
Every other action has no ``kind``: it is a choice of its own.
"""

from __future__ import annotations

from typing import Any

CONFIRM, UNDO, TAKE_BACK, DECLINE = "confirm", "undo", "take_back", "decline"
_BY_TYPE = {"mayor_done": CONFIRM, "mayor_lift": UNDO, "pass": DECLINE}


def mark(action: dict[str, Any]) -> None:
    """Set ``kind`` on an action dict by its type: ``mayor_done`` confirms, ``mayor_lift``
    and the undo of the last placement undo, a send-back (``undo`` of a named place)
    takes back, ``pass`` declines (what it leaves is in its label)."""
    t = action.get("type")
    if t == "undo":
        action["kind"] = TAKE_BACK if "where" in action else UNDO
        return
    kind = _BY_TYPE.get(str(t))
    if kind is not None:
        action["kind"] = kind

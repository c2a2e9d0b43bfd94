"""The screen as the player reads it: one string per terminal row, for tests that
check what is written where (fields intact, nothing run together)."""

from __future__ import annotations

from typing import Any


def screen_rows(app: Any) -> list[str]:
    """Each row of the current screen as plain text, exactly as drawn."""
    return ["".join(seg.text for seg in strip) for strip in app.screen._compositor.render_strips()]

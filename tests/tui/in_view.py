"""Is a widget on screen as a player sees it: inside the screen, not zero-sized, not
cut by its container nor scrolled away (the compositor's own map of the screen)."""

from __future__ import annotations

from typing import Any

from textual.errors import NoWidget
from textual.widget import Widget


def hidden_part(app: Any, widget: Widget) -> str:
    """'' when the whole widget is drawn on screen; else what is wrong with it."""
    screen = app.screen
    try:
        geometry = screen.find_widget(widget)
    except NoWidget:
        return f"{widget!r} is not drawn at all"
    region, visible = geometry.region, geometry.visible_region
    if not region.width or not region.height:
        return f"{widget!r} has no size ({region})"
    if visible != region:
        return f"{widget!r} is cut: {visible} of {region}"
    if not screen.region.contains_region(region):
        return f"{widget!r} lies outside the screen: {region}"
    return ""

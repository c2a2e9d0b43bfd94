"""The board's footer: Textual's, but rebuilt only when the keys it shows change.

Textual's ``Footer`` recomposes (a widget per key, each styled anew) on every
``refresh_bindings``. The board refreshes bindings whenever what is offered changes,
which in a mayor turn is nearly every move, and a rebuilt footer cost ~20 ms of a
~30 ms frame (``prtui bench client``). Here the same keys with another enabled state
are updated in place: a key that cannot be used now stays where it is, dimmed.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

Shape = tuple[tuple[str, str, str], ...]


def shown_keys(screen: Screen[object]) -> tuple[Shape, dict[str, bool]]:
    """The keys the footer shows (key, description, action) and whether each is enabled."""
    shape: list[tuple[str, str, str]] = []
    enabled: dict[str, bool] = {}
    for _node, binding, on, _tooltip in screen.active_bindings.values():
        if binding.show:
            shape.append((binding.key, binding.description, binding.action))
            enabled[binding.key] = on
    return tuple(shape), enabled


class KeyFooter(Footer):
    """A footer that keeps its key widgets while only their enabled state changes."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shape: Shape | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not (self.is_attached and screen is self.screen):
            return super().bindings_changed(screen)
        shape, enabled = shown_keys(screen)
        keys = list(self.query(FooterKey))
        if shape == self._shape and keys and self._bindings_ready:
            for key in keys:
                on = enabled.get(key.key, not key._disabled)
                if key._disabled == on:  # it changed: dim it or light it again
                    key._disabled = not on
                    key.set_class(not on, "-disabled")
            return None
        self._shape = shape
        return super().bindings_changed(screen)

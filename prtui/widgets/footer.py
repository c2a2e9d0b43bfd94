"""The board's footer: Textual's, but rebuilt only when the keys it shows change.

Textual's ``Footer`` recomposes (a widget per key, each styled anew) on every
``refresh_bindings``. The board refreshes bindings whenever what is offered changes,
which in a mayor turn is nearly every move, and a rebuilt footer cost ~20 ms of a
~30 ms frame (``prtui bench client``). Here the same keys with another enabled state
are updated in place: a key that cannot be used now stays where it is, dimmed.
"""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

Shape = tuple[tuple[str, str, str], ...]


def shown_keys(screen: Screen[Any]) -> tuple[Shape, dict[str, bool]]:
    """The keys the footer shows (key, description, action) and whether each is enabled."""
    shape: list[tuple[str, str, str]] = []
    enabled: dict[str, bool] = {}
    for _node, binding, on, _tooltip in screen.active_bindings.values():
        if binding.show:
            shape.append((binding.key, binding.description, binding.action))
            enabled[binding.key] = on
    return tuple(shape), enabled


def dim(key: FooterKey, off: bool) -> None:
    """Dim a key (``off``) or light it again, as its ``-disabled`` class would, but as an
    inline style: changing a class matches the whole stylesheet against the key again
    (~1 ms a key, on most mayor moves). The class is kept in step for those who read it
    (and for a later restyle, a hover, that then agrees with the inline style)."""
    key._disabled = off
    if off:
        key._classes.add("-disabled")
    else:
        key._classes.discard("-disabled")
    key.styles.text_style = "dim" if off else "none"


class KeyFooter(Footer):
    """A footer that keeps its key widgets while only their enabled state changes."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shape: Shape | None = None
        self._keys: list[FooterKey] = []  # the key widgets of that shape, found once

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if not (self.is_attached and screen is self.screen):
            return super().bindings_changed(screen)
        if self.dim_in_place(screen):
            return None
        self._shape, self._keys = shown_keys(screen)[0], []
        return super().bindings_changed(screen)

    def dim_in_place(self, screen: Screen[Any]) -> bool:
        """Dim or light the keys now if only their enabled state changed (False: the keys
        shown changed, for ``bindings_changed`` to rebuild). The screen calls it as it
        refreshes its bindings, so the keys change in the same repaint as the board: the
        bindings' signal reaches the footer only after that repaint, in one of its own."""
        shape, enabled = shown_keys(screen)
        if not (self._keys and self._keys[0].parent is not None):  # else recomposed since
            self._keys = list(self.query(FooterKey))  # a query walks every key's parts
        if not (shape == self._shape and self._keys and self._bindings_ready):
            return False
        for key in self._keys:
            on = enabled.get(key.key, not key._disabled)
            if key._disabled == on:  # it changed: dim it or light it again
                dim(key, not on)
        return True


class ReadyFooter(Footer):
    """Textual's footer with its keys from the first frame: Textual's draws nothing until
    the screen's bindings signal comes, then composes its keys a refresh later, which a
    busy terminal showed 0.5-2 s after the screen (the scores at the end of a game)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.set_reactive(Footer._bindings_ready, True)  # compose reads the screen's keys now

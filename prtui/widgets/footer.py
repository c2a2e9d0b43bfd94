"""The board's footer: Textual's, but rebuilt only when the keys it shows change.

Textual's ``Footer`` recomposes (a widget per key, each styled anew) on every
``refresh_bindings``. The board refreshes bindings whenever what is offered changes,
which in a mayor turn is nearly every move, and a rebuilt footer cost ~20 ms of a
~30 ms frame (``prtui bench client``). Here the same keys with another state are
updated in place: a key that cannot be used now stays where it is, dimmed, and a key
its screen hides now (``check_action`` False: y/u/n while others play) is composed all
the same and only not displayed, so it goes and comes back in the move's own repaint
(a rebuild came a frame after the board). The board binds no binding groups: keys are
drawn one by one.

Every footer here shows a key's description in the reader's language: screens mark
their bindings' descriptions with ``N_`` and the footer looks them up with ``_`` as it
draws them (``CatalogFooter`` for the screens that keep Textual's own footer).
"""

from __future__ import annotations

from typing import Any

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from prtui.i18n import N_, _

TEXTUAL_WORDS = (N_("palette"), N_("Open the command palette"))
"""Textual's own description and tooltip of its command palette key (ctrl+p), marked
here so the catalog has them."""

Shape = tuple[tuple[str, str, str], ...]
State = bool | None
"""A key's state as ``check_action`` says: True lit, None dimmed, False hidden."""


def footer_bindings(screen: Screen[Any]) -> dict[str, tuple[Binding, State]]:
    """``Screen.active_bindings`` with the hidden ones kept (state False), each key at
    its first place in the binding chain, so a key keeps its place as it comes and goes;
    a key hidden where it is first bound goes to the first binding that is not."""
    found: dict[str, tuple[Binding, State]] = {}
    app = screen.app
    for namespace, bindings in screen._modal_binding_chain:
        for key, binding in bindings:
            state = app._check_action_state(binding.action, namespace)
            have = found.get(key)
            if have is None or (have[1] is False and state is not False) or (
                    state is not False and binding.priority and not have[0].priority):
                found[key] = (binding, state)
    return found


def shown_keys(screen: Screen[Any], found: dict[str, tuple[Binding, State]] | None = None,
               ) -> tuple[Shape, dict[str, State]]:
    """The keys the footer holds (key, description, action), hidden ones included, and
    the state of each (of ``found``, the screen's ``footer_bindings``, if given)."""
    shape: list[tuple[str, str, str]] = []
    states: dict[str, State] = {}
    actions: set[str] = set()
    for binding, state in (footer_bindings(screen) if found is None else found).values():
        if binding.show and binding.action not in actions:  # one key an action, as Textual
            actions.add(binding.action)
            shape.append((binding.key, binding.description, binding.action))
            states[binding.key] = state
    return tuple(shape), states


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
    """A footer that keeps its key widgets while only their state changes."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shape: Shape | None = None
        self._keys: list[FooterKey] = []  # the key widgets of that shape, found once
        # its keys from the first frame, as ReadyFooter's: a spectator's board in a busy
        # tmux showed its footer 3 s after the board (the issue 32 walk)
        self.set_reactive(Footer._bindings_ready, True)

    def compose(self) -> ComposeResult:
        """Textual's keys (no groups), the hidden ones with them, not displayed."""
        if not self._bindings_ready:
            return
        app = self.app
        found = footer_bindings(self.screen)
        shape, _states = shown_keys(self.screen, found)
        self._shape, self._keys = shape, []  # the shape composed, its widgets found later
        for key, _description, _action in shape:
            binding, state = found[key]
            footer_key = FooterKey(key, app.get_key_display(binding), _(binding.description),
                                   binding.action, disabled=state is not True,
                                   tooltip=_(binding.tooltip)).data_bind(compact=Footer.compact)
            footer_key.display = state is not False
            yield footer_key
        palette = self.screen.active_bindings.get(app.COMMAND_PALETTE_BINDING)
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE and palette is not None:
            _node, binding, enabled, _tooltip = palette
            yield FooterKey(binding.key, app.get_key_display(binding), _(binding.description),
                            binding.action, classes="-command-palette", disabled=not enabled,
                            tooltip=_(binding.tooltip or binding.description))

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if not (self.is_attached and screen is self.screen):
            return super().bindings_changed(screen)
        if self.dim_in_place(screen):
            return None
        self._shape, self._keys = shown_keys(screen)[0], []
        return super().bindings_changed(screen)

    def dim_in_place(self, screen: Screen[Any]) -> bool:
        """Dim, light, hide or show the keys now if only their state changed (False: the
        keys held changed, for ``bindings_changed`` to rebuild). The screen calls it as it
        refreshes its bindings, so the keys change in the same repaint as the board: the
        bindings' signal reaches the footer only after that repaint, in one of its own."""
        shape, states = shown_keys(screen)
        if not (self._keys and self._keys[0].parent is not None):  # else recomposed since
            self._keys = list(self.query(FooterKey))  # a query walks every key's parts
        if not (shape == self._shape and self._keys and self._bindings_ready):
            return False
        for key in self._keys:
            if key.key not in states:  # the command palette's: as composed
                continue
            state = states[key.key]
            on = state is True
            if key._disabled == on:  # it changed: dim it or light it again
                dim(key, not on)
            if key.display != (state is not False):  # hidden now, or back (a layout of
                key.display = state is not False  # the footer, in the board's repaint)
        return True


def in_words(widget: Widget) -> Widget:
    """A key of Textual's footer with its description and tooltip in the reader's
    language (anything else as it is)."""
    if isinstance(widget, FooterKey):
        widget.description = _(widget.description)
        if isinstance(widget.tooltip, str):
            widget.tooltip = _(widget.tooltip)
    return widget


class CatalogFooter(Footer):
    """Textual's footer, its keys' descriptions looked up in the catalog."""

    def compose(self) -> ComposeResult:
        for widget in super().compose():
            yield in_words(widget)


class ReadyFooter(CatalogFooter):
    """Textual's footer with its keys from the first frame: Textual's draws nothing until
    the screen's bindings signal comes, then composes its keys a refresh later, which a
    busy terminal showed 0.5-2 s after the screen (the scores at the end of a game)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.set_reactive(Footer._bindings_ready, True)  # compose reads the screen's keys now

"""Warnings from the libraries prtui uses never reach a player's screen or a host's
start-up output.

A new release of a dependency may warn about its own dependencies when imported
(cryptography 51 warns ten times about DSA when asyncssh loads): nothing a player or a
host can act on, and it buries the line the host is looking for. Such warnings go to the
``prtui.warnings`` log at debug level (``--log-level debug`` shows them); a warning that
prtui or its server raises itself is still shown as Python shows it.
"""

from __future__ import annotations

import logging
import warnings
from pathlib import Path
from typing import TextIO

# the two packages of this distribution: their warnings are ours
_OUR_ROOTS = tuple(str(Path(__file__).resolve().parents[1] / name) for name in ("prtui", "server"))
# warnings about a library's API that surface at our call site are still the library's
_LIBRARY_CATEGORIES: tuple[type[Warning], ...] = (
    DeprecationWarning, PendingDeprecationWarning, FutureWarning, ImportWarning,
)

log = logging.getLogger("prtui.warnings")


def is_ours(category: type[Warning], filename: str) -> bool:
    """Whether a warning is prtui's own: raised from its code, or of a category it defines,
    and not a library's deprecation notice that points at our call."""
    if category.__module__.split(".")[0] in ("prtui", "server"):
        return True
    if issubclass(category, _LIBRARY_CATEGORIES):
        return False
    return str(Path(filename).resolve()).startswith(_OUR_ROOTS)


def route_foreign_warnings() -> None:
    """Show our warnings as before; log everyone else's at debug level."""
    shown = warnings.showwarning
    if getattr(shown, "_prtui_router", False):
        return

    def show(message: Warning | str, category: type[Warning], filename: str, lineno: int,
             file: TextIO | None = None, line: str | None = None) -> None:
        if is_ours(category, filename):
            shown(message, category, filename, lineno, file, line)
        else:
            log.debug("%s:%s: %s: %s", filename, lineno, category.__name__, message)

    show._prtui_router = True  # type: ignore[attr-defined]
    warnings.showwarning = show

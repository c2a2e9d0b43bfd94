"""The root of prtui's own exceptions: ``except PrtuiError`` catches any of them.

Like websockets' single documented tree, every error class the project defines derives
from ``PrtuiError`` (the tree is in docs/architecture.md); errors that are also a kind of
a built-in error keep that base too (``DiffError`` is a ``ValueError``, ``ConnectionClosed``
a ``ConnectionError``). This module imports nothing, so every layer may import it: the
pure engine, the shared protocol and the client alike (the import contracts allow it).
"""

from __future__ import annotations


class PrtuiError(Exception):
    """Any error raised on purpose by prtui's code: engine, protocol, server, client."""

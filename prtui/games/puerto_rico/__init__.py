"""Puerto Rico's board in the client: the table's widgets, its action texts and help.

``BOARD`` is what prtui/games/__init__.py hands the shared screens for a view whose
``game`` is "puerto-rico". Nothing here knows a rule or a name: the facts and words
come from the server (``display`` in the game's catalog entry).
"""

from __future__ import annotations

from prtui.games.puerto_rico.board import PuertoRicoBoard

BOARD = PuertoRicoBoard()

__all__ = ["BOARD", "PuertoRicoBoard"]

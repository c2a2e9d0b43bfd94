"""San Juan's board in the client: the table's widgets, its action texts and help.

``BOARD`` is what prtui/games/__init__.py hands the shared screens for a view whose
``game`` is "san-juan". Nothing here knows a rule or a name: the facts and words come
from the server (``display`` in the game's catalog entry).
"""

from __future__ import annotations

from prtui.games.san_juan.board import SanJuanBoard

BOARD = SanJuanBoard()

__all__ = ["BOARD", "SanJuanBoard"]

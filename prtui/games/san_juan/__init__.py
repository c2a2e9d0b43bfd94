"""San Juan's board in the client: the table's widgets, its action texts and help.

``board.BOARD`` is what prtui/games/__init__.py hands the shared screens for a view whose
``game`` is "san-juan". Nothing here knows a rule or a name: the facts and words come
from the server (``display`` in the game's catalog entry).

This ``__init__`` imports none of the package's modules: they import each other by
the package's name, and importing it must not pull the board back in.
"""

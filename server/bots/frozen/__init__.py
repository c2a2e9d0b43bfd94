"""Frozen levels: earlier releases of ``hard``, kept as code so the league can measure
a change against them (docs/bots.md, League). Each folder is a copy of that day's bot
modules, changed only where today's engine API or the copy's own import paths needed it;
nothing here imports the live bots (``server.bots.base`` aside: the seat's
determinization, which is the engine's API), so changing today's ``hard`` or its
heuristic never changes a frozen level. ``levels.py`` builds them by name."""

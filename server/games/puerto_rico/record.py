"""Puerto Rico's one record: how the registry, the bots, the soak, the docs tool, the
contract suite and the client find everything of this game (server/engine/record.py)."""

from server.engine.record import Bots, Docs, GameRecord
from server.games.registry import register

RECORD = register(GameRecord(
    name="puerto-rico",
    rules="server.games.puerto_rico.game:PuertoRico",
    facts="server.games.puerto_rico.facts:FACTS",
    bots=Bots(
        heuristic="server.bots.puerto_rico:PuertoRicoHeuristic",
        # its own search plays hard only: medium stays the generic ISMCTS
        search="server.bots.puerto_rico_search:make_search",
        search_levels=("hard",),
        styles={"shipper": "server.bots.styles:pr_shipper",
                "builder": "server.bots.styles:pr_builder"},
    ),
    conservation="server.games.puerto_rico.io.conservation",
    docs=Docs(state="docs/puerto-rico-state.md", view="docs/puerto-rico-view.md"),
))

"""San Juan's one record: how the registry, the bots, the soak, the docs tool, the
contract suite and the client find everything of this game (server/engine/record.py)."""

from server.engine.record import Bots, Docs, GameRecord
from server.games.registry import register

RECORD = register(GameRecord(
    name="san-juan",
    rules="server.games.san_juan.game:SanJuan",
    facts="server.games.san_juan.facts:FACTS",
    bots=Bots(
        heuristic="server.bots.san_juan:SanJuanHeuristic",
        search="server.bots.san_juan_search:make_search",
        search_levels=("medium", "hard"),
        styles={"shipper": "server.bots.styles:sj_shipper",
                "builder": "server.bots.styles:sj_builder"},
    ),
    docs=Docs(state="docs/san-juan-state.md", view="docs/san-juan-view.md"),
))

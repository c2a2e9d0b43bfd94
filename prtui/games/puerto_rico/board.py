"""Puerto Rico's board for the shared screens (``GameBoard``, prtui/games/__init__.py).

Ties the game's widgets (layout.py and the modules it uses), its action texts
(actions.py) and its facts (facts.py) to the shared board, replay, help and game-over
screens. Every word comes from the vocabulary shown, every fact from the server.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.binding import Binding

from prtui.games import HelpEntry
from prtui.games.base import BoardBase
from prtui.games.puerto_rico import actions, help_topics
from prtui.games.puerto_rico.facts import Facts, facts_from
from prtui.games.puerto_rico.layout import PuertoRicoTable
from prtui.i18n import N_, _
from prtui.vocabulary import Vocabulary
from prtui.widgets.context import BoardContext
from prtui.widgets.filled import filled, merged

KEYS = N_(
    "Keys: 1-9,0 then d i p s w x z, then A-Z (a long list) take the action with that key (a key "
    "keeps its meaning all turn) · ↑↓ Home End move in the list · "
    "y confirm · u undo · n decline (leave it, take nothing) · a actions list · "
    "b building supply · "
    "o the next rival's full board in place of yours (below 120x40: every board at a "
    "glance, ↑↓ Enter: that board; your next decision brings yours back) · "
    "l the log over the board · "
    "? help (on a focused building: its help) · c chat · v classic/1897 names · "
    "f follow a seat (spectators) · ctrl+p command palette (themes)\n"
    "Marks: ● a worker · ◆ a citizen (Expansion II) · ○ an empty circle · "
    "For♣ a forest (Expansion I) · ▶ yours to take or build · "
    "☠ the Smuggler tile's holder, ⚑ a captured role's captor (Expansion III) · "
    "✓ a festival goal's taker (Expansion IV)"
)


class PuertoRicoBoard(BoardBase):
    """The shared screens' questions about Puerto Rico, answered."""

    css_paths = (Path(__file__).with_name("board.tcss"),)
    bindings = (Binding("b", "board('toggle_buildings')", N_("Buildings")),
                Binding("o", "board('summary')", N_("All boards")))
    keys = KEYS
    texts = actions
    table_class = PuertoRicoTable
    read_facts = staticmethod(facts_from)
    chart = N_("VP chips over the rounds")

    def status(self, ctx: BoardContext) -> Text:
        """Round, governor, the role in play and its step."""
        view = ctx.view
        phase = view.get("phase", {})
        step = str(phase.get("step", ""))
        text = Text.assemble((_("Round {number}").format(number=view.get("round", 1)), "bold"))
        if not ctx.brief:  # brief: the governor's ♛ is on the boards
            governor = _("Gov {name}") if ctx.narrow else _("Governor {name}")
            text.append("  ").append(governor.format(name=ctx.name(view.get("governor"))))
        role = phase.get("role")
        if role:
            text.append("  ", style="bold cyan").append_text(filled(
                _("{role} of {player}"), role=(ctx.vocab.title(role), "bold cyan"),
                player=ctx.name(phase.get("role_player"))))
        if step != role and not ctx.brief:  # "Mayor of ana (mayor)" says nothing new
            words = ctx.facts.steps.get(step)
            text.append(f"  ({ctx.vocab.render(words) if words else ctx.vocab(step)})", style="dim")
        if view.get("last_round"):
            text.append("  " + _("LAST ROUND"), style="bold red")
        return merged(text)

    def scores_seen(self, view: Mapping[str, Any]) -> dict[int, int]:
        """The VP chips each seat shows during the game (mine; everyone's under open VP).
        The final board shows everyone's, but the chart ends on the result: a chip count
        first seen at the end is no point of the game's course."""
        if view.get("over"):
            return {}
        return {int(p.get("seat", 0)): int(p["vp_chips"]) for p in view.get("players", [])
                if p.get("vp_chips") is not None}

    def also_in_play(self, view: Mapping[str, Any]) -> list[str]:
        """Parts the help lists besides the supply and the roles: during Expansion I's
        draft, the buildings that may still be placed."""
        board = view.get("board")
        candidates = board.get("candidates") if isinstance(board, Mapping) else None
        more = [str(b) for b in candidates] if isinstance(candidates, list) else []
        return more + help_topics.in_play(view)

    def help_sections(self, vocab: Vocabulary, facts: Facts,
                      in_play: Iterable[str] | None) -> list[tuple[str, list[HelpEntry]]]:
        """Roles, then buildings (cost / VP / circles / column), in ``vocab``'s words."""
        shown = set(in_play) if in_play is not None else None
        roles = [(r, vocab.title(r), vocab.render(text)) for r, text in facts.roles.items()
                 if r != "prospector2"]
        buildings = []
        for bid, f in facts.buildings.items():
            if shown is not None and bid not in shown:
                continue
            facts_line = (_("{cost}$ / {vp} VP / {circles}○ / col {column} / large") if f.large
                          else _("{cost}$ / {vp} VP / {circles}○ / col {column}"))
            title = f"{vocab.title(bid)}  " + facts_line.format(
                cost=f.cost, vp=f.vp, circles=f.circles, column=f.column)
            buildings.append((bid, title, vocab.render(f.help)))
        sections = [(_("Roles"), roles), (_("Buildings (cost / VP / circles / column)"), buildings)]
        return sections + help_topics.sections(vocab, facts, shown)


BOARD = PuertoRicoBoard()
"""The board prtui.games.board_for finds for this game (by its package name)."""

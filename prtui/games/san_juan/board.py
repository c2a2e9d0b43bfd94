"""San Juan's board for the shared screens (``GameBoard``, prtui/games/__init__.py).

Ties the game's widgets (layout.py and the modules it uses), its action texts
(actions.py) and its facts (facts.py) to the shared board, replay, help and game-over
screens. Every name and number comes from the server's ``display`` data.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from rich.text import Text
from textual.binding import Binding

from prtui.games import HelpEntry
from prtui.games.base import BoardBase
from prtui.games.san_juan import actions, hand
from prtui.games.san_juan.facts import Facts, facts_from
from prtui.games.san_juan.layout import SanJuanTable
from prtui.i18n import N_, _
from prtui.vocabulary import Vocabulary
from prtui.widgets.context import BoardContext
from prtui.widgets.filled import filled, merged

KEYS = N_(
    "Keys: 1-9,0 then d i p s w x z, then A-Z (a long list) take the action with that key (a key "
    "keeps its meaning all turn) · ↑↓ Home End move in the list · "
    "y confirm · u undo · n decline (leave it, take nothing) · a actions list · h your hand (Enter plays "
    "the card, ? its help) · o opponents in full (80 columns; your next decision brings your "
    "hand back) · ? help · c chat · "
    "l the log over the board · "
    "f follow a seat (spectators) · ctrl+p command palette (themes)\n"
    "Short lines (80 columns): h4/7 cards in hand / hand limit · ch chapel cards · "
    "b buildings · ● a good on a production building, ○ none"
)

TIEBREAK = N_("Tie-break: the most cards in hand plus goods.")


class SanJuanBoard(BoardBase):
    """The shared screens' questions about San Juan, answered."""

    css_paths = (Path(__file__).with_name("board.tcss"),)
    bindings = (Binding("h", "board('focus_hand')", N_("Hand")),
                Binding("o", "board('toggle_opponents')", N_("Opponents")))
    keys = KEYS
    texts = actions
    table_class = SanJuanTable
    read_facts = staticmethod(facts_from)
    chart = N_("VP over the rounds")

    def status(self, ctx: BoardContext) -> Text:
        """Round, the role in play and whose it is, the step between roles."""
        view = ctx.view
        phase = view.get("phase", {})
        text = Text.assemble((_("Round {number}").format(number=view.get("round", 1)), "bold"))
        role = phase.get("role")
        if role:
            text.append("  ", style="bold cyan").append_text(filled(
                _("{role} of {player}"), role=(ctx.vocab.title(role), "bold cyan"),
                player=ctx.name(phase.get("role_player"))))
            if phase.get("privilege_doubled"):
                text.append(" " + _("({library}: doubled)").format(library=ctx.vocab("library")),
                            style="magenta")
        else:
            step = str(phase.get("step", ""))
            words = ctx.facts.steps.get(step)  # a template, as Puerto Rico's
            text.append(f"  {ctx.vocab.render(words) if words else ctx.vocab(step)}", style="dim")
        return merged(text)

    def list_order(self, ctx: BoardContext) -> list[int]:
        return hand.in_hand_order(ctx)

    def scores_seen(self, view: Mapping[str, Any]) -> dict[int, int]:
        """Everyone's VP so far (all of it public in San Juan)."""
        return {int(p.get("seat", 0)): int(p["vp"]) for p in view.get("players", [])
                if isinstance(p.get("vp"), int)}

    def chart_final(self, score: Mapping[str, Any]) -> int | None:
        """The last point of the chart: the final total."""
        total = score.get("total")
        return total if isinstance(total, int) else None

    def score_notes(self, result: Mapping[str, Any], name: Callable[[int], str]) -> str:
        """Under the score table: how ties are broken, and how each tie was."""
        by_total: dict[int, list[Mapping[str, Any]]] = {}
        for score in result.get("scores", []):
            by_total.setdefault(int(score.get("total", 0)), []).append(score)
        lines = [_(TIEBREAK)]
        for total, tied in sorted(by_total.items(), reverse=True):
            if len(tied) > 1:
                tied.sort(key=lambda s: (s.get("rank", 0), s.get("seat", 0)))
                each = ", ".join(f"{name(int(s.get('seat', 0)))} {s.get('tiebreak', 0)}" for s in tied)
                lines.append(_("Tied on {total} VP: {each}.").format(total=total, each=each))
        return "\n".join(lines)

    def help_sections(self, vocab: Vocabulary, facts: Facts,
                      in_play: Iterable[str] | None) -> list[tuple[str, list[HelpEntry]]]:
        """Roles, then every card (cost / VP / copies / kind): all are in every game."""
        roles = [(r, vocab.title(r), text) for r, text in facts.roles.items()]
        cards = []
        for cid, f in facts.cards.items():
            kind = _("production ({good})").format(good=vocab(f.good)) if f.good else \
                _("monument") if f.monument else _("violet")
            title = f"{vocab.title(cid)}  " + _("cost {cost} / {vp} VP / ×{copies} / {kind}").format(
                cost=f.cost, vp=f.vp, copies=f.copies, kind=kind)
            cards.append((cid, title, f"{f.effect}\n{f.help}" if f.help else f.effect))
        return [(_("Roles"), roles), (_("Cards (cost / VP / copies / kind)"), cards)]


BOARD = SanJuanBoard()
"""The board prtui.games.board_for finds for this game (by its package name)."""

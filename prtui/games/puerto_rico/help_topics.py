"""Help for the parts of Expansions III and IV that are neither a role nor a building:
the Smuggler tile and its four actions, the festival and its three goals, and placing
workers at once. The texts are the server's (``parts`` in the catalog entry, texts.toml);
a game shows those of the expansions it plays."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from prtui.games import HelpEntry
from prtui.games.puerto_rico.facts import Facts
from prtui.i18n import N_, _
from prtui.vocabulary import Vocabulary

SMUGGLER = ("smuggler_tile", "raid", "plunder", "poach", "capture", "place_workers")
FESTIVAL = ("festival", "festival_estate", "festival_goods", "festival_building",
            "place_workers")
TITLES = {"smuggler_tile": N_("The Smuggler tile"), "raid": N_("Raid"),
          "plunder": N_("Plunder"), "poach": N_("Poach"), "capture": N_("Capture"),
          "festival": N_("The festival"), "festival_goods": N_("Festival: goods goal"),
          "festival_building": N_("Festival: building goal")}


def in_play(view: Mapping[str, Any]) -> list[str]:
    """The topics of the expansions this view's game plays."""
    topics: list[str] = []
    if isinstance(view.get("smuggler"), Mapping):
        topics += SMUGGLER
    if isinstance(view.get("festival"), Mapping):
        topics += [t for t in FESTIVAL if t not in topics]
    return topics


def sections(vocab: Vocabulary, facts: Facts,
             shown: set[str] | None) -> list[tuple[str, list[HelpEntry]]]:
    """One section of the topics shown (every topic the server sent when ``shown`` is
    None), in the order above; none when there is nothing to show."""
    order = list(dict.fromkeys([*SMUGGLER, *FESTIVAL]))
    entries = [(t, _title(vocab, t), vocab.render(facts.parts[t])) for t in order
               if t in facts.parts and (shown is None or t in shown)]
    return [(_("The Smuggler and the festival (Expansions III, IV)"), entries)] if entries else []


def _title(vocab: Vocabulary, topic: str) -> str:
    if topic == "place_workers":
        return _("Placing {colonists} at once").format(colonists=vocab("colonists"))
    if topic == "festival_estate":
        return _("Festival: {plantation} goal").format(plantation=vocab("plantation"))
    return _(TITLES[topic])

"""prtui/widgets/filled.py: a translated template keeps its fields' styles in its order."""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from prtui.widgets.filled import filled, merged


def test_fields_keep_their_styles_in_the_templates_order() -> None:
    text = filled("{player}的{role}", "dim", role=("市长", "bold cyan"), player=Text("[b]ana"))
    assert text.plain == "[b]ana的市长"
    spans = {(text.plain[s.start:s.end], str(s.style)) for s in text.spans}
    assert ("市长", "bold cyan") in spans and ("的", "dim") in spans
    assert filled("Round {n}", n=3).plain == "Round 3"


def test_touching_spans_of_one_style_are_drawn_as_one() -> None:
    text = Text(end="").append("  ", style="bold cyan")
    text.append_text(filled("{role} of {player}", role=("Mayor", "bold cyan"), player="ana"))
    parts = [(s.text, str(s.style)) for s in merged(text).render(Console()) if s.text]
    assert parts[0] == ("  Mayor", "bold cyan")

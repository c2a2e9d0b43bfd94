"""A translated template filled with styled parts: the words around the fields come from
the catalog, in the reader's order, and each field keeps its own style.

``_("{role} of {player}")`` reads "{player}的{role}" in Chinese: formatting it into one
string would lose the role's colour, and appending English pieces would fix the order.
``filled`` keeps both: the template's text takes ``style``, each field is put in as a
``Text`` (a name someone typed stays plain text, never markup).
"""

from __future__ import annotations

from string import Formatter

from rich.style import StyleType
from rich.text import Span, Text

Part = str | Text | tuple[str, StyleType]
"""A field's value: plain text, a styled Text, or (text, style)."""


def filled(template: str, style: StyleType = "", **fields: Part | int) -> Text:
    """``template`` (already translated) with each ``{name}`` replaced by its field."""
    out = Text(end="")
    for literal, name, _spec, _conversion in Formatter().parse(template):
        if literal:
            out.append(literal, style=style)
        if name is None:
            continue
        value = fields[name]
        if isinstance(value, Text):
            out.append_text(value)
        elif isinstance(value, tuple):
            out.append(value[0], style=value[1])
        else:
            out.append(str(value), style=style)
    return out


def merged(text: Text) -> Text:
    """``text`` with each run of touching spans of one style made one span: drawn the
    same, in one segment, as the line was before its parts came from a template."""
    spans: list[Span] = []
    for span in sorted(text.spans, key=lambda s: s.start):
        last = spans[-1] if spans else None
        if last is not None and last.end == span.start and last.style == span.style:
            spans[-1] = Span(last.start, span.end, last.style)
        else:
            spans.append(span)
    text.spans = spans
    return text

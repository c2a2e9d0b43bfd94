"""Every style rule of the client, by the sheet it is written in: the .tcss files under
prtui/ and the DEFAULT_CSS (or a screen's CSS) of each class, parsed by Textual's own
parser (tests/tui/test_one_sheet.py)."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

from textual.css.model import SelectorType
from textual.css.parse import parse
from textual.css.tokenize import tokenize_values
from textual.theme import BUILTIN_THEMES

import prtui

ROOT = Path(prtui.__file__).parent


@dataclass(frozen=True)
class Rule:
    """One selector of one rule set, where it is written."""

    sheet: str  # "prtui/screens/game.tcss" or "prtui.widgets.feed.ChatPanel.DEFAULT_CSS"
    selector: str  # as Textual writes it back ("GameScreen.-compact #chat")
    subject: str  # the rightmost compound's id, or "" ("#chat" above)


def sheets() -> dict[str, str]:
    """Each sheet's text by its name."""
    found = {str(p.relative_to(ROOT.parent)): p.read_text(encoding="utf-8")
             for p in sorted(ROOT.rglob("*.tcss"))}
    for info in pkgutil.walk_packages(prtui.__path__, "prtui."):
        if info.name.endswith("__main__"):  # runs the app when imported
            continue
        module = importlib.import_module(info.name)
        for name, cls in vars(module).items():
            if not inspect.isclass(cls) or cls.__module__ != module.__name__:
                continue
            for attr in ("DEFAULT_CSS", "CSS"):
                css = cls.__dict__.get(attr)
                if isinstance(css, str) and css.strip():
                    found[f"{module.__name__}.{name}.{attr}"] = css
    return found


def rules() -> list[Rule]:
    tokens = tokenize_values(BUILTIN_THEMES["textual-dark"].to_color_system().generate())
    out = []
    for sheet, css in sheets().items():
        for rule_set in parse("", css, (sheet, ""), variable_tokens=tokens):
            for selector_set in rule_set.selector_set:
                last = selector_set.selectors[-1]
                subject = f"#{last.name}" if last.type == SelectorType.ID else ""
                out.append(Rule(sheet, selector_set.css, subject))
    return out


def styled_twice(found: list[Rule]) -> dict[str, list[str]]:
    """Selectors written in more than one rule, with where."""
    where: dict[str, list[str]] = defaultdict(list)
    for rule in found:
        where[rule.selector].append(rule.sheet)
    return {s: w for s, w in where.items() if len(w) > 1}


def ids_in_two_sheets(found: list[Rule]) -> dict[str, list[str]]:
    """Ids styled (as the subject of a rule) by more than one sheet, with which."""
    where: dict[str, set[str]] = defaultdict(set)
    for rule in found:
        if rule.subject:
            where[rule.subject].add(rule.sheet)
    return {i: sorted(w) for i, w in where.items() if len(w) > 1}

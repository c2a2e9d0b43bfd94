"""Every selector is styled in one place (issue 35): a widget's own looks in its
DEFAULT_CSS, next to its class; a screen's .tcss keeps that screen's layout. The
.tcss files and every DEFAULT_CSS/CSS string of prtui/ are parsed by Textual's parser
(tests/tui/sheets.py); before, `#chat-log` was styled by three screens' sheets."""

from __future__ import annotations

from tests.tui.sheets import Rule, rules, styled_twice

ALLOWED_TWICE: dict[str, str] = {}
"""Selectors that truly need two rules, and why (none today)."""


def unconditional(rule: Rule) -> bool:
    """A rule that always applies to its subject: no class or pseudo-class in it (a
    screen's size classes, :focus...), so it says what the thing looks like."""
    return "." not in rule.selector and ":" not in rule.selector


def test_no_selector_is_styled_in_two_places() -> None:
    twice = {s: w for s, w in styled_twice(rules()).items() if s not in ALLOWED_TWICE}
    assert twice == {}


def test_what_an_id_always_looks_like_is_written_in_one_sheet() -> None:
    """`#chat-log` in lobby.tcss and `ChatPanel > #chat-log` in feed.py would be two
    places; a screen may still vary a widget by its size classes in its own sheet."""
    sheets: dict[str, set[str]] = {}
    for rule in rules():
        if rule.subject and unconditional(rule):
            sheets.setdefault(rule.subject, set()).add(rule.sheet)
    assert {i: sorted(s) for i, s in sheets.items() if len(s) > 1} == {}


def test_the_parser_sees_the_sheets() -> None:
    """The two tests above would pass on nothing: the sheets are found and parsed."""
    found = rules()
    sheets = {rule.sheet for rule in found}
    assert "prtui/screens/game.tcss" in sheets
    assert "prtui.widgets.feed.ChatPanel.DEFAULT_CSS" in sheets
    assert any(rule.selector == "ChatPanel > #chat-log" for rule in found)

"""No module walks the screen stack to deliver a push (issue 35): the server's pushes
and the app-wide changes (room, lobby, chat, names, theme) reach the screens through
Textual signals they subscribe to (prtui/pushes.py, App.theme_changed_signal). Only
navigation may look down the stack, to pop back to the lobby; those functions are
listed here with why. Before, prtui/app.py walked it in five places."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import prtui

ROOT = Path(prtui.__file__).parent

NAVIGATION = {
    "prtui/aftergame.py::back_to_start": "pops the finished table's screens to the lobby",
    "prtui/app.py::reconnect": "pops everything above the base screen",
    "prtui/app.py::leave_table": "pops to the lobby, or quits if there is none",
    "prtui/app.py::back_to_lobby": "pops to the lobby, or opens one if there is none",
    "prtui/app.py::redraw_in_language": "draws every screen again in the language the "
    "reader switched to (as Textual's own theme switch refreshes every screen); screens "
    "say how through language_changed, and the switch is then published as a signal",
}
"""Functions that look down the stack to go somewhere (or, for a language switch, to
draw every screen again), not to hand over a push."""


def walks(node: ast.AST) -> list[int]:
    """Lines where ``node`` iterates the screen stack, loops on the kind of screen
    shown (popping until a lobby), or reaches Textual's private stack."""
    found = []
    for sub in ast.walk(node):
        looked = None
        if isinstance(sub, ast.For | ast.AsyncFor | ast.comprehension):
            looked = sub.iter
        elif isinstance(sub, ast.While):
            looked = sub.test
        text = ast.unparse(looked) if looked is not None else ""
        if "screen_stack" in text or (isinstance(sub, ast.While)
                                      and re.search(r"isinstance\([\w.]+\.screen\b", text)):
            found.append(getattr(sub, "lineno", getattr(looked, "lineno", 0)))
        if isinstance(sub, ast.Attribute) and sub.attr == "_screen_stack":
            found.append(sub.lineno)
        if isinstance(sub, ast.Constant) and sub.value == "_screen_stack":
            found.append(sub.lineno)
    return found


def stack_walks() -> dict[str, list[int]]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                lines = [n for n in walks(node) if n]
                inner = [n for child in ast.walk(node) if child is not node
                         and isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef)
                         for n in walks(child)]
                own = sorted(set(lines) - set(inner))
                if own:
                    out[f"{path.relative_to(ROOT.parent)}::{node.name}"] = own
    return out


def test_no_push_is_delivered_by_walking_the_screen_stack() -> None:
    assert {f: lines for f, lines in stack_walks().items() if f not in NAVIGATION} == {}


def test_the_navigation_list_is_what_the_code_has() -> None:
    """A function in the list that walks no more is taken off it."""
    assert set(NAVIGATION) <= set(stack_walks())


def test_no_theme_watcher_redraws_by_hand() -> None:
    """The boards follow the theme through App.theme_changed_signal (prtui/screens/game.py)."""
    sources = {p: p.read_text(encoding="utf-8") for p in ROOT.rglob("*.py")}
    assert [str(p) for p, text in sources.items() if "def watch_theme" in text] == []
    assert any("theme_changed_signal" in text for text in sources.values())


def test_the_walk_finder_finds_walks() -> None:
    """The test above would pass on nothing: the shapes it looks for are found."""
    code = ast.parse(
        "def a(app):\n    return [s for s in reversed(app.screen_stack) if s]\n"
        "def b(app):\n    for s in getattr(app, '_screen_stack', []):\n        s.render()\n"
        "def c(app):\n    while not isinstance(app.screen, int):\n        app.pop_screen()\n"
        "def d(app):\n    app.pushes.room.publish({})\n")
    found = {f.name: walks(f) for f in code.body if isinstance(f, ast.FunctionDef)}
    assert found["a"] and found["b"] and found["c"] and not found["d"]

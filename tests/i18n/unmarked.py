"""Finds the English a person would read that is not marked for the catalogs: string
literals (and f-strings' text) with words in them, outside ``_``/``N_``/``ngettext``/
``pgettext``, docstrings (an attribute's too: a string on its own line is never
shown), and the places that are never shown (ids, CSS, queries, ``@on`` selectors, keys,
a binding's key and action, logging, exceptions' ``repr``). A line that is right as it
is says why in a ``# i18n: <why>`` comment on it (a name, a key code, a protocol word)."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

from rich.errors import StyleSyntaxError
from rich.style import Style

FLAG = re.compile(r"^--?[a-z][a-z0-9]*(-[a-z0-9]+)*$")
"""A command-line option (``--web-port``): typed by a person, never translated."""
DOTTED = re.compile(r"^[a-z_][a-z0-9_]*([.:][a-z_][a-z0-9_]*)+$")
"""A name in the code (``app.quit``, ``prtui.launch:run_play``): never shown."""
WORDS = re.compile(r"[A-Za-z]{2,}[ ,.:!?'-]+[A-Za-z]{2,}|\b[A-Z][a-z]{2,}\b")
MARKS = {"_", "N_", "ngettext", "pgettext"}
NOT_SHOWN_CALLS = {
    "query", "query_one", "query_exactly_one", "add_class", "remove_class", "set_class",
    "has_class", "toggle_class", "getLogger", "debug", "info", "warning", "error",
    "exception", "get", "pop", "setdefault", "startswith", "endswith", "split", "join",
    "replace", "encode", "decode", "strip", "format_exc", "getattr", "setattr", "hasattr",
    "isinstance", "cast", "TypeVar", "environ", "getenv", "open", "Path", "with_name", "compile",
    "match", "search", "fullmatch", "sub", "findall", "re", "run_worker", "call_later",
    "post_message", "action", "run_action", "bind", "Color", "parse", "Style",
    "from_markup", "send", "request", "command", "cmd", "get_css_variables",
    "on",  # Textual's @on(Message, "#selector")
}
KEY_AND_ACTION = {"Binding"}
"""Calls whose first two positional arguments are a key and an action name."""
NOT_SHOWN_KEYWORDS = {"id", "classes", "name", "group", "variant", "key", "action",
                      "css_path", "DEFAULT_CSS", "style", "key_display", "exclusive",
                      "thread", "encoding", "mode"}
SAID_CALLS = {
    "say", "Say", "reject", "error", "bye", "refuse", "close", "Refuse", "ProtocolError",
    "LoginRefused", "NotifyRefused", "StandingsRefused", "BadName", "EngineError",
    "InvalidOptions", "UnknownGame", "IllegalAction", "Outcome", "DisconnectError",
}
"""The server's calls whose words reach a person (server/says.py): a text in one is
shown even under a ``raise`` or a ``send``, which excuse it elsewhere."""
NOT_SHOWN_NAMES = {"DEFAULT_CSS", "CSS", "CSS_PATH", "__all__", "COMPONENT_CLASSES",
                   "__slots__", "SCOPED_CSS"}


def _is_docstring(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """A docstring, or a string standing alone as a statement (an attribute's docstring
    under its assignment): code that does nothing with it never shows it."""
    parent = parents.get(node)
    if not isinstance(parent, ast.Expr):
        return False
    if isinstance(node, ast.Constant):
        return True
    holder = parents.get(parent)
    body = getattr(holder, "body", None)
    return isinstance(body, list) and bool(body) and body[0] is parent


def _is_statement(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """A string that is a statement of its own (an attribute's docstring, after the
    assignment it documents): nothing holds it, so nothing can show it."""
    return isinstance(parents.get(node), ast.Expr)


def _is_style(text: str) -> bool:
    """A Rich style ("bold green", "dim strike"), handed to a Text as its style
    positionally: a style's words are never shown."""
    try:
        Style.parse(text)
    except StyleSyntaxError:
        return False
    return True


def _excused(node: ast.AST, parents: dict[ast.AST, ast.AST]) -> bool:
    """Inside a mark, or somewhere a string is never shown."""
    child: ast.AST = node
    parent = parents.get(node)
    while parent is not None:
        if isinstance(parent, ast.Call):
            func = parent.func
            name = func.id if isinstance(func, ast.Name) else (
                func.attr if isinstance(func, ast.Attribute) else "")
            if name in MARKS or name in NOT_SHOWN_CALLS:
                return True
            if name in KEY_AND_ACTION and child in parent.args[:2]:
                return True
            if name in SAID_CALLS:
                return False  # said to a person: raised or sent, it is shown
        if isinstance(parent, ast.keyword) and parent.arg in NOT_SHOWN_KEYWORDS:
            return True
        if isinstance(parent, ast.Subscript) and child is parent.slice:
            return True  # a key: d["name"]
        if isinstance(parent, ast.Expr) and child is node:
            return True  # a string on its own line (an attribute's docstring): a no-op
        if isinstance(parent, ast.Compare):
            return True  # compared, not shown: `kind == "role"`
        if isinstance(parent, ast.Dict) and child in parent.keys:
            return True
        if isinstance(parent, ast.Raise | ast.Assert):
            return True  # an exception of the program's own, not a person's text
        if isinstance(parent, ast.Assign | ast.AnnAssign):
            targets = parent.targets if isinstance(parent, ast.Assign) else [parent.target]
            if any(isinstance(t, ast.Name) and t.id in NOT_SHOWN_NAMES for t in targets):
                return True
        if isinstance(parent, ast.FunctionDef | ast.ClassDef | ast.Module):
            return False
        child, parent = parent, parents.get(parent)
    return False


def unmarked(path: Path) -> Iterator[tuple[int, str]]:
    """(line, text) of each string in ``path`` that reads as words a person sees."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    tree = ast.parse(source)
    parents: dict[ast.AST, ast.AST] = {}
    for node in ast.walk(tree):
        for child in ast.iter_child_nodes(node):
            parents[child] = node
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        if not WORDS.search(node.value) or FLAG.match(node.value) or DOTTED.match(node.value):
            continue
        if "# i18n:" in lines[node.lineno - 1]:
            continue
        holder = parents.get(node)
        target = holder if isinstance(holder, ast.JoinedStr) else node
        if _is_docstring(target, parents) or _excused(target, parents):
            continue
        if _is_statement(target, parents) or (target is node and _is_style(node.value)):
            continue
        yield node.lineno, node.value

"""Import cycles in server/ and prtui/: any group of more than 2 modules that import each
other round.

Run by ``make lint`` and tests/engine/test_import_cycles.py. Every import statement in a
module's source counts, wherever it is: at the top, inside a function (a lazy import
still ties the two modules), under ``if TYPE_CHECKING:`` (a type the reader must follow
all the same). ``from pkg import sub`` counts both ``pkg`` (its ``__init__`` runs first)
and ``pkg.sub``; a name that is not a module counts the nearest module above it. This is
the count the issue's reference checker makes, read from the files with ``ast`` rather
than from grimp, which skips the package of ``from pkg import sub``. Two modules may
import each other (a building and the phase it extends); three or more in one loop make
a tangle nobody can read in order, so each is printed with one loop through it.
"""

from __future__ import annotations

import ast
import importlib.util
import sys
from pathlib import Path

PACKAGES = ("server", "prtui")


def _modules(package: str) -> dict[str, Path]:
    """Every module of ``package`` (found on sys.path, not imported) -> its file."""
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ValueError(f"{package} is not a package on sys.path")
    found: dict[str, Path] = {}
    for location in spec.submodule_search_locations:
        root = Path(location)
        for path in sorted(root.rglob("*.py")):
            parts = (package, *path.relative_to(root).with_suffix("").parts)
            name = ".".join(parts).removesuffix(".__init__")
            found[name] = path
    return found


def _imported(module: str, path: Path) -> set[str]:
    """The dotted names each import statement of one module names, in full."""
    base = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:
                parts = base.split(".")[: len(base.split(".")) - node.level + 1]
                source = ".".join([*parts, *([source] if source else [])])
            names.add(source)
            names.update(f"{source}.{alias.name}" for alias in node.names)
    return names


def graph(*packages: str) -> dict[str, list[str]]:
    """Module -> the modules of ``packages`` it imports (sorted; itself excluded)."""
    files: dict[str, Path] = {}
    for package in packages:
        files.update(_modules(package))
    out: dict[str, list[str]] = {}
    for module, path in files.items():
        targets = set()
        for name in _imported(module, path):
            while name and name not in files:  # a function or class: its module
                name = name.rpartition(".")[0]
            if name and name != module:
                targets.add(name)
        out[module] = sorted(targets)
    return out


def _tangles(graph: dict[str, list[str]]) -> list[list[str]]:
    """Strongly connected groups of the graph (Tarjan's), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    out: list[list[str]] = []
    counter = 0
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(graph[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(graph[w])))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    group = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        group.append(w)
                        if w == v:
                            break
                    out.append(sorted(group))
    return out


def _loop(graph: dict[str, list[str]], group: list[str]) -> list[str]:
    """One loop through the group's first module (breadth first: a shortest one)."""
    inside, start = set(group), group[0]
    came: dict[str, str] = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in graph[v]:
                if w == start:
                    path = [v]
                    while path[-1] != start:
                        path.append(came[path[-1]])
                    return [*reversed(path), start]
                if w in inside and w not in came:
                    came[w] = v
                    nxt.append(w)
        frontier = nxt
    return group


def tangles(*packages: str) -> list[list[str]]:
    """Each group of more than 2 modules importing each other round, sorted
    (``packages``: server and prtui unless named)."""
    return [group for group in _tangles(graph(*(packages or PACKAGES))) if len(group) > 2]


def cycles(*packages: str) -> list[list[str]]:
    """Each such group as one loop through its first module."""
    g = graph(*(packages or PACKAGES))
    return [_loop(g, group) for group in _tangles(g) if len(group) > 2]


def main() -> int:
    g = graph(*PACKAGES)
    found = [group for group in _tangles(g) if len(group) > 2]
    for group in found:
        print(f"import cycle of {len(group)} modules ({', '.join(group)}), one loop: "
              + " -> ".join(_loop(g, group)), file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

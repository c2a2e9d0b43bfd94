"""Import cycles in server/: any group of more than 2 modules that import each other round.

Run by ``make lint`` and tests/engine/test_import_cycles.py. The graph is grimp's (the
import-linter's): every import, a function's lazy one too, except those under
``if TYPE_CHECKING:`` (they never run); built without grimp's cache, which can miss
an edit. Two modules may import each other (a building and the phase it extends);
three or more in one loop make a tangle nobody can read in order, so each is printed
with one loop through it.
"""

from __future__ import annotations

import sys

import grimp


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


def cycles(package: str = "server") -> list[list[str]]:
    """Each group of more than 2 modules importing each other round, as one loop."""
    g = grimp.build_graph(package, exclude_type_checking_imports=True, cache_dir=None)
    graph = {m: sorted(x for x in g.find_modules_directly_imported_by(m) if x in g.modules)
             for m in g.modules}
    return [_loop(graph, group) for group in _tangles(graph) if len(group) > 2]


def main() -> int:
    found = cycles()
    for loop in found:
        print("import cycle: " + " -> ".join(loop), file=sys.stderr)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())

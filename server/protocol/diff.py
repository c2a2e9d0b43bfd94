"""Diffs between two snapshots of the same viewer, as a short list of path operations.

Ops: `["set", path, value]` and `["del", path]`; a path is a list of map keys (str) and
list indexes (int). Ops apply in order. On a list, `set` at index == len appends and
`del` removes the item (later items shift down), so `diff` emits deletes from the
highest index down. Equality is type-strict (1, 1.0 and True differ), so a client
never keeps a value of the wrong type.
"""

from __future__ import annotations

from typing import Any

import msgpack

from server.errors import PrtuiError

Path = list[str | int]
Op = list[Any]

MAX_FRONT_DROP = 16
"""How far `diff` looks for items dropped from a list's front (a scrolling log)."""


class DiffError(PrtuiError, ValueError):
    """An op that does not fit the document (bad path, wrong container): resync."""


_pack = msgpack.Packer(autoreset=True).pack


def _same(a: Any, b: Any) -> bool:
    """Type-strict deep equality: Python's == says 1 == True == 1.0; msgpack does not."""
    if a is b:
        return True
    if type(a) is not type(b):
        return False
    if a != b:
        nan: bool = a != a and b != b  # NaN is its own snapshot value
        return nan
    if type(a) is dict or type(a) is list:
        # equal by ==, but a nested 1 may be a True: compare the typed encodings
        # (different key order only makes this False; the recursion then finds no op)
        try:
            same: bool = _pack(a) == _pack(b)
            return same
        except (TypeError, ValueError, OverflowError):
            return False
    return True


def diff(prev: Any, next: Any) -> list[Op]:
    """Ops that turn `prev` into `next`; [] when they are equal.

    Values in the ops may share structure with `next`: treat both as read-only.
    """
    ops: list[Op] = []
    _diff(prev, next, [], ops)
    return ops


def _diff(a: Any, b: Any, path: Path, ops: list[Op]) -> None:
    if not _same(a, b):
        _diff_changed(a, b, path, ops)


def _diff_changed(a: Any, b: Any, path: Path, ops: list[Op]) -> None:
    """Ops for two values already known to differ (or to differ in key order only)."""
    if type(a) is dict and type(b) is dict:
        _diff_map(a, b, path, ops)
    elif type(a) is list and type(b) is list:
        _diff_list(a, b, path, ops)
    else:
        ops.append(["set", path, b])


def _diff_map(a: dict[str, Any], b: dict[str, Any], path: Path, ops: list[Op]) -> None:
    for key in a:
        if key not in b:
            ops.append(["del", [*path, key]])
    for key, value in b.items():
        if key not in a:
            ops.append(["set", [*path, key], value])
        elif not _same(a[key], value):
            _diff_changed(a[key], value, [*path, key], ops)


def _front_drop(a: list[Any], b: list[Any]) -> int:
    """k > 0 when b starts with a[k:] (items dropped from the front, maybe some appended)."""
    if not a or not b:
        return 0
    for k in range(1, min(len(a), MAX_FRONT_DROP + 1)):
        rest = len(a) - k
        if rest <= len(b) and _same(a[k], b[0]) and _same(a[k:], b[:rest]):
            return k
    return 0


def _diff_list(a: list[Any], b: list[Any], path: Path, ops: list[Op]) -> None:
    start = len(ops)
    la, lb = len(a), len(b)
    p = 0  # common prefix
    while p < la and p < lb and _same(a[p], b[p]):
        p += 1
    k = _front_drop(a, b) if p == 0 else 0
    if k:
        ops.extend(["del", [*path, i]] for i in range(k - 1, -1, -1))
        ops.extend(["set", [*path, i], b[i]] for i in range(la - k, lb))
        return
    s = 0  # common suffix; only usable when b is not longer (no insert op)
    if lb <= la:
        while s < lb - p and _same(a[la - 1 - s], b[lb - 1 - s]):
            s += 1
    mid_a, mid_b = la - s - p, lb - s - p
    for i in range(p, p + min(mid_a, mid_b)):
        if not _same(a[i], b[i]):
            _diff_changed(a[i], b[i], [*path, i], ops)
    if mid_a > mid_b:
        ops.extend(["del", [*path, i]] for i in range(p + mid_a - 1, p + mid_b - 1, -1))
    else:
        ops.extend(["set", [*path, i], b[i]] for i in range(p + mid_a, p + mid_b))
    if len(ops) - start > 2 * lb + 2:  # cheaper to send the whole list
        del ops[start:]
        ops.append(["set", path, b])


def _copy(value: Any) -> Any:
    """Deep copy of a JSON-like value (much faster than copy.deepcopy)."""
    if type(value) is dict:
        return {k: _copy(v) for k, v in value.items()}
    if type(value) is list:
        return [_copy(v) for v in value]
    return value


def apply_ops(doc: Any, ops: list[Op]) -> Any:
    """Return `doc` with `ops` applied; raise DiffError if an op does not fit.

    `doc` is never modified: containers on each op's path are copied, the rest is shared
    with `doc`. Set values are copied, so the result never aliases the ops (or `next`).
    """
    root: list[Any] = [doc]  # a holder, so the root itself can be replaced
    fresh: set[int] = {id(root)}  # containers already copied for this result
    for op in ops:
        if not isinstance(op, list) or len(op) not in (2, 3) or not isinstance(op[1], list):
            raise DiffError(f"malformed op {op!r}")
        kind, path = op[0], [0, *op[1]]
        if kind == "set" and len(op) == 3:
            parent = _walk(root, path[:-1], fresh)
            _set(parent, path[-1], _copy(op[2]))
        elif kind == "del" and len(op) == 2 and len(path) > 1:
            parent = _walk(root, path[:-1], fresh)
            _del(parent, path[-1])
        else:
            raise DiffError(f"malformed op {op!r}")
    return root[0]


def _walk(node: Any, path: list[Any], fresh: set[int]) -> Any:
    """Follow `path` from `node`, copying each container not yet copied; return the last."""
    for key in path:
        child = _get(node, key)
        if type(child) not in (dict, list):
            raise DiffError(f"path step {key!r} does not lead to a container")
        if id(child) not in fresh:
            child = dict(child) if type(child) is dict else list(child)
            fresh.add(id(child))
            _set(node, key, child)
        node = child
    return node


def _get(node: Any, key: Any) -> Any:
    if type(node) is dict and type(key) is str:
        if key not in node:
            raise DiffError(f"no key {key!r}")
        return node[key]
    if type(node) is list and type(key) is int:
        if not 0 <= key < len(node):
            raise DiffError(f"index {key} out of range")
        return node[key]
    raise DiffError(f"cannot step {key!r} into {type(node).__name__}")


def _set(node: Any, key: Any, value: Any) -> None:
    if type(node) is dict and type(key) is str:
        node[key] = value
    elif type(node) is list and type(key) is int and 0 <= key <= len(node):
        if key == len(node):
            node.append(value)
        else:
            node[key] = value
    else:
        raise DiffError(f"cannot set {key!r} in {type(node).__name__}")


def _del(node: Any, key: Any) -> None:
    in_map = type(node) is dict and type(key) is str and key in node
    in_list = type(node) is list and type(key) is int and 0 <= key < len(node)
    if in_map or in_list:
        del node[key]
    else:
        raise DiffError(f"cannot delete {key!r} from {type(node).__name__}")

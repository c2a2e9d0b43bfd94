"""Diffs: apply_ops(prev, diff(prev, next)) == next for any JSON-like values; small
changes give small diffs; bad ops raise DiffError."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from server.protocol.diff import DiffError, apply_ops, diff

scalars = st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=3)
docs = st.recursive(
    scalars,
    lambda kids: st.lists(kids, max_size=6) | st.dictionaries(st.text(max_size=3), kids, max_size=6),
    max_leaves=20,
)
items = st.recursive(
    scalars,
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=2), kids, max_size=3),
    max_leaves=5,
)


def typed(value: Any) -> Any:
    """Type-strict identity of a value (== alone says 1 == True); map order ignored."""
    if isinstance(value, dict):
        return ("map", sorted((k, typed(v)) for k, v in value.items()))
    if isinstance(value, list):
        return ("list", [typed(v) for v in value])
    return (type(value).__name__, value)


def check(prev: Any, nxt: Any) -> list[list[Any]]:
    before = copy.deepcopy(prev)
    ops = diff(prev, nxt)
    out = apply_ops(prev, ops)
    assert out == nxt and typed(out) == typed(nxt)
    assert prev == before and typed(prev) == typed(before), "apply_ops modified its input"
    return ops


@settings(max_examples=300, deadline=None)
@given(docs, docs)
def test_apply_diff_gives_next(prev: Any, nxt: Any) -> None:
    check(prev, nxt)


@settings(max_examples=100, deadline=None)
@given(docs)
def test_diff_of_equal_is_empty(x: Any) -> None:
    assert diff(x, x) == []
    assert diff(x, copy.deepcopy(x)) == []


@settings(max_examples=100, deadline=None)
@given(st.lists(items, max_size=5), st.lists(items, max_size=5), st.lists(items, max_size=5))
def test_list_edits_round_trip(head: list[Any], mid: list[Any], tail: list[Any]) -> None:
    check({"l": head + mid + tail}, {"l": head + tail})
    check({"l": head + tail}, {"l": head + mid + tail})
    check({"l": mid + head}, {"l": head + tail})


@settings(max_examples=100, deadline=None)
@given(docs, docs)
def test_result_does_not_alias_next(prev: Any, nxt: Any) -> None:
    wrapped_next = {"k": nxt}
    out = apply_ops({"k": prev}, diff({"k": prev}, wrapped_next))
    frozen = copy.deepcopy(wrapped_next)
    _scribble(out)
    assert wrapped_next == frozen and typed(wrapped_next) == typed(frozen)


def _scribble(node: Any) -> None:
    if isinstance(node, dict):
        for key in list(node):
            _scribble(node[key])
        node["scribbled"] = 1
    elif isinstance(node, list):
        for item in node:
            _scribble(item)
        node.append("scribbled")


VIEW = {
    "round": 3,
    "phase": {"role": "mayor", "turn": 1},
    "players": [
        {"seat": i, "doubloons": i + 2, "goods": {"corn": 0, "sugar": 1}, "island": [{"tile": "corn", "colonists": 1}]}
        for i in range(4)
    ],
    "log": [{"n": n, "text": f"event {n}"} for n in range(20)],
    "legal": [{"type": "pass", "label": "Pass"}],
}


def test_one_leaf_changed_is_one_op() -> None:
    nxt = copy.deepcopy(VIEW)
    nxt["players"][2]["goods"]["sugar"] = 2
    assert diff(VIEW, nxt) == [["set", ["players", 2, "goods", "sugar"], 2]]


def test_append_to_log_is_one_set_at_length() -> None:
    nxt = copy.deepcopy(VIEW)
    nxt["log"].append({"n": 20, "text": "event 20"})
    assert diff(VIEW, nxt) == [["set", ["log", 20], {"n": 20, "text": "event 20"}]]


def test_scrolling_log_is_drop_front_plus_append() -> None:
    nxt = copy.deepcopy(VIEW)
    nxt["log"] = [*nxt["log"][2:], {"n": 20, "text": "a"}, {"n": 21, "text": "b"}]
    ops = diff(VIEW, nxt)
    assert ops == [
        ["del", ["log", 1]],
        ["del", ["log", 0]],
        ["set", ["log", 18], {"n": 20, "text": "a"}],
        ["set", ["log", 19], {"n": 21, "text": "b"}],
    ]
    assert apply_ops(VIEW, ops) == nxt


def test_removing_from_the_middle_is_one_delete() -> None:
    prev = {"face_up": ["corn", "sugar", "coffee", "indigo", "corn"]}
    nxt = {"face_up": ["corn", "sugar", "indigo", "corn"]}
    assert diff(prev, nxt) == [["del", ["face_up", 2]]]


def test_shrink_deletes_from_the_end() -> None:
    ops = diff([1, 2, 3, 4, 5], [1, 2])
    assert ops == [["del", [4]], ["del", [3]], ["del", [2]]]


def test_type_changes_are_diffs() -> None:
    assert diff({"a": 1}, {"a": True}) == [["set", ["a"], True]]
    assert diff({"a": 1}, {"a": 1.0}) == [["set", ["a"], 1.0]]
    assert diff([0], [False]) == [["set", [0], False]]
    assert diff({"a": [1]}, {"a": {"0": 1}}) == [["set", ["a"], {"0": 1}]]


def test_key_order_alone_is_no_diff() -> None:
    assert diff({"a": 1, "b": 2}, {"b": 2, "a": 1}) == []


def test_replacing_a_whole_list_when_cheaper() -> None:
    prev = {"legal": [{"type": "build", "building": f"b{i}", "label": f"Build {i}"} for i in range(6)]}
    nxt = {"legal": [{"type": "load", "good": f"g{i}", "ship": i, "label": f"Load {i}"} for i in range(5)]}
    assert diff(prev, nxt) == [["set", ["legal"], nxt["legal"]]]


def test_root_replacement() -> None:
    assert diff(1, "x") == [["set", [], "x"]]
    assert apply_ops({"a": 1}, [["set", [], [1]]]) == [1]


def test_big_view_round_trip() -> None:
    nxt = copy.deepcopy(VIEW)
    nxt["round"] = 4
    del nxt["phase"]["turn"]
    nxt["players"][0]["island"].append({"tile": "quarry", "colonists": 0})
    nxt["legal"] = []
    check(VIEW, nxt)


@pytest.mark.parametrize(
    "ops",
    [
        [["set", ["missing", "x"], 1]],
        [["del", ["missing"]]],
        [["set", ["log", 22], 1]],  # beyond the end
        [["set", ["log", -1], 1]],
        [["del", ["log", 20]]],
        [["set", ["round", "x"], 1]],  # into a scalar
        [["set", ["log", "0"], 1]],  # str index into a list
        [["set", ["phase", 0], 1]],  # int key into a map
        [["del", []]],
        [["frob", ["round"], 1]],
        [["set", "round", 1]],
        [["set", ["round"]]],
        ["set"],
    ],
)
def test_ops_that_do_not_fit_raise(ops: list[Any]) -> None:
    before = copy.deepcopy(VIEW)
    with pytest.raises(DiffError):
        apply_ops(VIEW, ops)
    assert before == VIEW

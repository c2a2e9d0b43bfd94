"""A key keeps its meaning for the whole turn (issue 22): within one mayor turn a number
is one place or one send-back from start to confirm (a full place stays listed,
disabled, on its number); confirm, undo and decline have their letters (y, u, n), read
from the action's ``kind`` the server sends; a decline is listed last and never
highlighted first, in every decision of both games.

The real app on positions the real engine reaches; every choice goes back to the engine.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.widgets._footer import FooterKey

from prtui.widgets.actions import ActionsPanel, first_row, kind_of, row_order, takes_back
from prtui.widgets.context import action_key
from server.games.registry import get_game
from tests.tui.screen import screen_rows
from tests.tui.test_stable_keys import app_on, find

ALL = ["new_buildings", "citizens", "smuggler", "festival"]


def mayor_start(view: Any, legal: list[dict[str, Any]]) -> bool:
    """My mayor turn, nothing placed yet, three or more waiting and three or more places."""
    places = {a["label"] for a in legal if a["type"] == "mayor_place"}
    return (view["phase"]["step"] == "mayor" and view["players"][0]["san_juan"] >= 3
            and len(places) >= 3 and not any(a["type"] == "undo" for a in legal))


async def choose(pilot: Any, panel: ActionsPanel, action: dict[str, Any]) -> None:
    """Its key; a keyless one (past the ten numbers) with the cursor and Enter."""
    key = panel.key_of(action)
    if not key:
        panel._menu.cursor = next(row for row, n in enumerate(panel._rows)
                                  if n < len(panel._legal) and panel._legal[n] == action)
        key = "enter"
    await pilot.press(key)


def rows(app: Any) -> list[tuple[str, str, bool]]:
    """The action list as drawn: (key, the server's label, offered) per row."""
    panel = app.screen.query_one(ActionsPanel)
    out = []
    for row, (text, n) in enumerate(zip(panel._menu.rows, panel._rows, strict=True)):
        out.append((text.plain[:1], panel._entries[n]["label"], row not in panel._menu.inert))
    return out


@pytest.mark.parametrize("options", [{}, {"edition": "1897", "expansions": ["citizens"]}],
                         ids=["classic", "citizens"])
async def test_a_number_is_one_thing_for_the_whole_mayor_turn(options: dict[str, Any]) -> None:
    """Place everyone (number keys), send one back, place him again, confirm with y: no
    number ever stands for two things, a place that filled stays listed on its number,
    disabled (its key sends nothing), and confirm and undo are on y and u throughout."""
    table = find("puerto-rico", 3, mayor_start, options)
    app = app_on(table)
    meaning: dict[str, set[str]] = {}
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        sent_back = disabled_seen = False
        for _ in range(40):
            drawn = rows(app)
            for key, label, offered in drawn:
                if key.isdigit():
                    meaning.setdefault(key, set()).add(label)
                kinds = {kind_of(a): a for a in table.snapshot()["legal"]}
                if offered and label == kinds.get("confirm", {}).get("label"):
                    assert key == "y", drawn
                if offered and label == kinds.get("undo", {}).get("label"):
                    assert key == "u", drawn
            legal = table.snapshot()["legal"]
            panel = app.screen.query_one(ActionsPanel)
            idle = [(key, label) for key, label, offered in drawn if not offered]
            if idle and not disabled_seen:  # a place that left keeps its key, unused
                disabled_seen = True
                sent = len(table.sent)
                await pilot.press(idle[0][0])
                await pilot.pause()
                assert len(table.sent) == sent, idle
            places = [a for a in legal if a["type"] == "mayor_place"]
            backs = [a for a in legal if kind_of(a) == "take_back"]
            if places or (backs and not sent_back):
                sent_back = sent_back or not places
                await choose(pilot, panel, places[0] if places else backs[-1])
            else:
                assert any(kind_of(a) == "confirm" for a in legal), legal
                await pilot.press("y")
                await pilot.pause()
                break
            await pilot.pause()
        assert table.sent[-1]["type"] == "mayor_done"
    assert sent_back and disabled_seen
    assert all(len(labels) == 1 for labels in meaning.values()), sorted(meaning.items())


def decisions(game_name: str, players: int, options: dict[str, Any], games: int):
    """Every list of legal actions any seat faces in seeded random games: (step, list)
    (every seat, not seat 0 alone: rarer steps such as the festival's workers come up in
    a few games whatever the rules version does to the random course)."""
    game = get_game(game_name)
    for seed in range(games):
        state = game.setup(players, game.normalize_options(players, options), seed)
        rng = random.Random(seed)
        while not game.is_over(state):
            seat = game.to_move(state)[0]
            legal = game.legal_actions(state, seat)
            view = game.view(state, seat)
            yield (view.get("decision") or {}).get("step") or view["phase"]["step"], legal
            game.apply(state, seat, rng.choice(legal))


CASES = [
    ("puerto-rico", 4, {"edition": "1897", "expansions": ALL},
     {"mayor_privilege", "settler", "builder", "craftsman_produce", "craftsman_bonus", "trader",
      "smuggler", "place_workers", "land_office"}),
    ("puerto-rico", 3, {}, {"mayor_privilege", "settler_hospice", "captain_vp", "trader"}),
    ("san-juan", 2, {}, {"build", "chapel", "produce", "sell"}),
    ("san-juan", 4, {}, {"build", "produce", "sell"}),
]


@pytest.mark.parametrize(("game_name", "players", "options", "steps"), CASES,
                         ids=["pr-1897-all", "pr-classic", "sj-2p", "sj-4p"])
def test_a_decline_is_last_on_n_and_never_highlighted_first(
        game_name: str, players: int, options: dict[str, Any], steps: set[str]) -> None:
    """In every decision: the decline ("leave", "take nothing", "pass") is the server's
    ``decline``, on n, the last row, never the row highlighted on a fresh list nor after
    the highlighted choice left; a take-back is never highlighted first either."""
    from prtui.widgets.action_keys import ActionKeys

    seen: set[str] = set()
    for step, legal in decisions(game_name, players, options, 6):
        keys = ActionKeys()
        slots = keys.slots(("fresh", step), legal)
        order = row_order(legal, slots)
        declines = [n for n, a in enumerate(legal) if a["type"] == "pass"]
        for n in declines:
            assert legal[n].get("kind") == "decline", legal[n]
        declines += [n for n, a in enumerate(legal) if kind_of(a) == "decline" and n not in declines]
        if not declines:
            continue
        seen.add(step)
        assert len(declines) == 1 and action_key(slots[declines[0]]) == "n", legal
        assert order[-1] == declines[0], [legal[n]["label"] for n in order]
        others = [n for n in range(len(legal)) if kind_of(legal[n]) != "decline"
                  and not takes_back(legal[n])]
        for previous in (None, {"type": "gone", "label": "left the list"}):
            top = order[first_row(legal, order, len(legal), previous)]
            assert top != declines[0] or not others, [legal[n]["label"] for n in order]
    assert steps <= seen, steps - seen


def trading(view: Any, legal: list[dict[str, Any]]) -> bool:
    """My trader turn with something to sell and the decline."""
    return (view["phase"]["step"] == "trader" and any(a["type"] == "sell" for a in legal)
            and any(a["type"] == "pass" for a in legal))


async def test_n_declines_and_enter_does_not_and_the_footer_says_so() -> None:
    table = find("puerto-rico", 3, trading)
    app = app_on(table)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        drawn = rows(app)
        assert drawn[-1][0] == "n", drawn  # the decline: last, on n
        footer = screen_rows(app)[-1]
        assert "n Decline" in footer, footer
        keys = {k.key: k for k in app.screen.query(FooterKey)}  # offered lit, others dimmed
        assert not keys["n"].has_class("-disabled") and keys["y"].has_class("-disabled")
        await pilot.press("enter")  # the highlighted choice sells; it never declines
        await pilot.pause()
        assert table.sent[-1]["type"] == "sell"
    table = find("puerto-rico", 3, trading)
    async with app_on(table).run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert table.sent[-1]["type"] == "pass"

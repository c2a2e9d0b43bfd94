"""The Smuggler and the festival on the board (issue 15, TUI): the Smuggler tile's
holder and a captured role on the role cards, the four actions and the workers placed
at once as short choices with previews, the festival board with its goals and takers,
each field whole on its own row at 80x24, and help in both vocabularies."""

from __future__ import annotations

import re
from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.games import board_for
from prtui.games.puerto_rico.festival import FestivalPanel
from prtui.games.puerto_rico.table import RoleCard
from prtui.screens.game import GameScreen
from prtui.screens.help import HelpScreen
from tests.tui.boards import midgame_4p, pr_game, pr_words
from tests.tui.screen import screen_rows
from tests.tui.smuggler_festival_boards import load
from tests.tui.test_board import Table, plain

NAMES = {0: "ana", 1: "bot 2 (easy)", 2: "bot 3 (random)", 3: "bot 4 (easy)"}


def app_for(snapshot: dict[str, Any], link: Table | None = None) -> PrtuiApp:
    return PrtuiApp(lambda a: GameScreen(link or Table(), snapshot, NAMES, game=pr_game()))


def action_rows(app: PrtuiApp) -> list[str]:
    return [r.rstrip() for r in plain(app.screen.query_one("#actions-list")).splitlines() if r.strip()]


def preview_text(app: PrtuiApp) -> str:
    return plain(app.screen.query_one("#actions-preview"))


def card(app: PrtuiApp, role: str) -> str:
    return plain(app.screen.query_one(f"#role-{role}", RoleCard))


async def test_the_smugglers_four_actions_read_what_they_give_at_80x24() -> None:
    snap = load("smuggler")
    link = Table()
    app = app_for(snap, link)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = action_rows(app)
        assert "Smuggler: raid, plunder, poach or capture?" in plain(app.screen.query_one("#actions-title"))
        assert rows[:4] == ["1 Raid 6-ship: keep none", "2 Raid 6-ship: keep 1 Sug",
                            "3 Raid 6-ship: keep 2 Sug", "4 Raid 6-ship: keep 3 Sug"]
        assert "8 Plunder: 3 VP" in rows and "9 Poach: place up to 3" in rows
        assert any(r.endswith("Capture Recruiter +2$") for r in rows)
        assert any(r.endswith("Capture Planter") for r in rows)
        assert rows[-1].endswith("Smuggle nothing")
        assert all(len(r) <= 28 for r in rows), rows  # one line each beside the board
        assert preview_text(app) == "the 6-ship is emptied: you keep nothing, 3 back to the supply"
        await pilot.press("4")
        await pilot.pause()
    assert link.sent == [snap["legal"][3]] and snap["legal"][3]["keep"] == 3


def test_previews_say_what_each_action_gives() -> None:
    from prtui.games.puerto_rico import actions
    from prtui.widgets.context import BoardContext

    snap = load("smuggler")
    board = board_for("puerto-rico")
    assert board is not None
    ctx = BoardContext(view=snap["view"], legal=snap["legal"], seat=0, vocab=pr_words("1897"),
                       palette={}, names=NAMES, facts=board.facts(pr_game()["display"]))
    by = {(a["type"], a.get("keep"), a.get("role")): a for a in snap["legal"]}
    assert actions.preview(ctx, by[("raid", 3, None)]).plain == \
        "the 6-ship is emptied: sugar 0 → 3, 0 back to the supply"
    assert actions.preview(ctx, by[("plunder", None, None)]).plain == \
        "+3 VP; back to the supply: Frt Crn Sug; the trading house is empty again"
    assert actions.preview(ctx, by[("poach", None, None)]).plain.startswith(
        "8 off the Work Register (12 → 4); place up to 3 at once on your empty semicircles")
    assert actions.preview(ctx, by[("capture", None, "mayor")]).plain.startswith(
        "+2$ now; +3$ if another player chooses the Recruiter this round")
    ctx.narrow = False  # wide: one line of the actions list each
    assert actions.action_label(ctx, by[("raid", 3, None)]) == "Raid the 6-ship: keep 3 sugar"
    assert actions.action_label(ctx, by[("poach", None, None)]) == "Poach the Work Register: place up to 3"
    assert actions.action_label(ctx, by[("capture", None, "mayor")]) == "Capture the Recruiter and its 2 coins"
    assert all(len(actions.action_label(ctx, a)) <= 39 for a in snap["legal"])


async def test_placing_workers_at_once_is_a_plain_choice() -> None:
    snap = load("place")
    link = Table()
    app = app_for(snap, link)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Placing workers at once" in plain(app.screen.query_one("#actions-title"))
        assert action_rows(app) == ["1 On Frt estate", "2 On Lg. Fruit Wh.", "n Rest: the Portrait"]
        assert preview_text(app) == "1 worker to the fruit estate, working at once"
        await pilot.press("2")
        await pilot.pause()
    assert link.sent == [snap["legal"][1]]


async def test_a_captured_role_and_the_smuggler_tile_on_the_role_cards() -> None:
    snap = load("captured")
    snap["view"]["roles"][-1]["taken_by"] = None  # the tile stays with its holder
    app = app_for(snap)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert card(app, "craftsman").endswith(" ⚑bot4")  # captured by bot 4
        assert card(app, "smuggler").endswith(" ☠bot4")  # bot 4 holds the tile
        assert "⚑" not in card(app, "trader") and "☠" not in card(app, "trader")
        await pilot.resize_terminal(160, 50)
        await pilot.pause()
        for role, mark in (("craftsman", "⚑"), ("smuggler", "☠")):  # fitted to the card
            line = card(app, role).splitlines()[1]
            width = app.screen.query_one(f"#role-{role}").content_size.width
            assert line.startswith(f"{mark} bot") and len(line) <= width, (line, width)


@pytest.mark.parametrize("theme", ["prtui-dark", "prtui-colourblind"])
async def test_the_festival_board_at_80x24_each_goal_whole_on_its_own_row(theme: str) -> None:
    snap = load("captured")  # the estate goal taken by ana, the goods by bot 2
    app = app_for(snap)
    app.theme = theme
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = [r[:50] for r in screen_rows(app)]  # the table's columns, not the actions
    text = "\n".join(rows)
    goals = [r[:20] for r in rows if r.startswith(("Fest.", "Crn Frt Cof", "Harbor"))]
    assert [g.rstrip() for g in goals] == ["Fest. 3 Frt ✓ana", "Crn Frt Cof ✓bot2", "Harbor open"], text
    for row in rows:  # the supply's fields keep rows of their own beside the festival
        if row.startswith(("Fest.", "Crn Frt Cof", "harbor")):
            right = row[20:].strip()
            assert not right or re.fullmatch(r"(VP chips \d+|(\w{3} ?\d+ ?){5})", right), row


async def test_the_festival_board_wide_says_what_each_goal_gives_and_opens_its_help() -> None:
    snap = load("smuggler")  # only the building goal taken (by bot 3)
    app = app_for(snap)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(FestivalPanel)
        assert plain(panel).splitlines() == [
            "Festival (first only)", "open    3 corn estates → 3 workers",
            "open    Frt Sug Tob made → 3$", "✓bot3   Tailor Shop built → 3 VP"]
        await pilot.click(FestivalPanel)
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.focus_topic == "festival"
        assert app.screen.query("#help-festival") and app.screen.query("#help-raid")


async def test_the_medium_layout_keeps_the_short_festival_board() -> None:
    app = app_for(load("smuggler"))
    async with app.run_test(size=(120, 36)) as pilot:
        await pilot.pause()
        assert plain(app.screen.query_one(FestivalPanel)).splitlines() == [
            "Fest. 3 Crn open", "Frt Sug Tob open", "Tailor Shop ✓bot3"]


async def test_no_festival_board_without_the_expansion() -> None:
    app = PrtuiApp(lambda a: GameScreen(Table(), midgame_4p(), game=pr_game()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert not app.screen.query_one(FestivalPanel).display
        assert not any("Fest." in r for r in screen_rows(app))


@pytest.mark.parametrize(("vocabulary", "ship", "rest"), [("classic", "colonist ship", "in San Juan"),
                                                          ("1897", "Work Register", "on the Portrait")])
def test_help_for_the_smuggler_and_the_festival_in_both_vocabularies(
        vocabulary: str, ship: str, rest: str) -> None:
    board = board_for("puerto-rico")
    assert board is not None
    facts = board.facts(pr_game()["display"])
    in_play = board.also_in_play(load("smuggler")["view"])
    sections = dict(board.help_sections(pr_words(vocabulary), facts, in_play))
    entries = {t: (title, body) for t, title, body in
               sections["The Smuggler and the festival (Expansions III, IV)"]}
    assert set(entries) == {"smuggler_tile", "raid", "plunder", "poach", "capture", "festival",
                            "festival_estate", "festival_goods", "festival_building",
                            "place_workers"}
    assert ship in entries["poach"][1] and rest in entries["place_workers"][1]
    assert "3 VP" in entries["festival_building"][1] and "⚑" in entries["capture"][1]
    roles = {t: body for t, _, body in sections["Roles"]}
    assert ship in roles["smuggler"]
    base = dict(board.help_sections(pr_words(vocabulary), facts, board.also_in_play(
        midgame_4p()["view"])))
    assert "The Smuggler and the festival (Expansions III, IV)" not in base


async def test_five_players_at_80x24_every_role_card_whole_in_its_cell() -> None:
    """Nine role cards (two Adventurers and the Smuggler) in three rows of four cells of
    eleven columns: the Smuggler tile's holder and a captor fit beside the short name."""
    snap = load("five")
    snap["view"]["smuggler"].update(captured="craftsman", captor=3)
    names = {0: "ana", 1: "bot 2 (hard)", 2: "bot 3 (easy)", 3: "bot 4 (medium)", 4: "bot 5 (random)"}
    app = PrtuiApp(lambda a: GameScreen(Table(), snap, names, game=pr_game()))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = screen_rows(app)
        cards = {c.role_id: (plain(c), c.region) for c in app.screen.query(RoleCard)}
    assert cards["smuggler"][0] == "Smugg ☠bot5" and cards["craftsman"][0] == "Craft. ⚑bot4"
    assert len({box.y for _, box in cards.values()}) == 3
    for role, (text, box) in cards.items():  # each card's text whole in its own cell
        assert len(text) <= box.width and rows[box.y][box.x:box.right].rstrip() == text, role
    left = [r[:50].rstrip() for r in rows]
    assert {"Fest. 3 Crn open", "Frt Sug Tob open", "Tailor Shop open"} <= {r[:20].rstrip() for r in left}


async def test_the_classic_names_for_the_choices_their_previews_and_the_log() -> None:
    snap = load("place")
    app = app_for(snap)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("v")  # the table plays 1897; v shows the classic names
        await pilot.pause()
        assert action_rows(app) == ["1 On Ind plantation", "2 On indigo pl.", "n Rest: San Juan"]
        assert preview_text(app) == "1 colonist to the indigo plantation, working at once"
        box = app.screen.query_one("#log").region
        log = " ".join(" ".join(r[box.x:box.right].strip("│ ").split()) for r in
                       screen_rows(app)[box.y:box.bottom])
        assert "has 3 indigo plantations: the festival's estate goal (3 colonists from the supply)" \
            in log, log
        assert "Fest. 3 Ind ✓ana" in [r[:20].rstrip() for r in screen_rows(app)]

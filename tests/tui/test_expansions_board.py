"""The board with Puerto Rico's expansions (issue 14, TUI): the draft as its own step,
forests and citizens drawn by shape, Bohio moves and Black Market payments as plain
choices with previews, and help for every new building in both vocabularies."""

from __future__ import annotations

from typing import Any

import pytest

from prtui.app import PrtuiApp
from prtui.games import board_for
from prtui.games.puerto_rico.draft import DraftCandidates, DraftPanel, DraftSpaces
from prtui.games.puerto_rico.player import IslandView
from prtui.games.puerto_rico.table import ColonistsPanel
from prtui.screens.game import GameScreen
from prtui.screens.help import HelpScreen
from prtui.widgets.actions import ActionsPanel
from server.games.puerto_rico.core import catalog as C
from tests.tui.boards import pr_game, pr_words
from tests.tui.expansion_boards import load
from tests.tui.screen import screen_rows
from tests.tui.test_board import Table, plain

NEW = [b for b in C.BUILDINGS if C.B_INDEX[b] >= C.NB_BASE]


def app_for(snapshot: dict[str, Any], link: Table | None = None, **kw: Any) -> PrtuiApp:
    return PrtuiApp(lambda a: GameScreen(link or Table(), snapshot, game=pr_game(), **kw))


def preview_text(app: PrtuiApp) -> str:
    return plain(app.screen.query_one("#actions-preview"))


def action_rows(app: PrtuiApp) -> list[str]:
    return plain(app.screen.query_one("#actions-list")).splitlines()


async def test_the_draft_is_its_own_step_and_enter_on_a_candidate_places_it() -> None:
    snap = load("draft")
    link = Table()
    app = app_for(snap, link)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert screen.query_one(DraftPanel).display and not screen.query_one("#lower").display
        spaces = plain(screen.query_one(DraftSpaces))
        board = snap["view"]["board"]
        filled = sum(1 for s in board["spaces"] if s["building"])
        assert spaces.startswith("Draft you place") and f"{filled}/{len(board['spaces'])} filled" in spaces
        assert "Lumberyard" in spaces  # placed, in the table's 1897 words
        assert "1:···" in spaces  # the 1-space is still empty
        candidates = plain(screen.query_one(DraftCandidates)).splitlines()
        assert len(candidates) >= 5
        assert "Small Market" in candidates[0] and "Trader: +1 coin when you" in candidates[0]
        assert "the draft" in "\n".join(screen_rows(app)[:1])
        assert action_rows(app)[0] == "1 Small Market (1$)"
        assert preview_text(app).startswith("2 copies on a 1-space, 1 VP: Trader: +1 coin")
        screen.query_one(DraftCandidates).focus()
        await pilot.press("down", "question_mark")  # its help, though not on the board yet
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen) and app.screen.focus_topic == "aqueduct"
        assert app.screen.query("#help-aqueduct")
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    picked = [a for a in snap["legal"] if a["building"] == "aqueduct"]
    assert link.sent == picked  # the second candidate by cost: the Canal (1$)


async def test_another_players_pick_and_the_end_of_the_draft() -> None:
    snap = load("draft")
    snap["view"]["phase"]["turn"] = 2
    snap["legal"] = []
    app = app_for(snap, names={2: "bo"})
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.pause()
        assert plain(app.screen.query_one(DraftSpaces)).startswith("Draft bo places")
        after = load("late")
        app.screen.apply_snapshot(after)
        await pilot.pause()
        assert not app.screen.query_one(DraftPanel).display and app.screen.query_one("#lower").display


@pytest.mark.parametrize("theme", ["prtui-dark", "prtui-colourblind"])
async def test_forests_and_citizens_are_drawn_by_shape(theme: str) -> None:
    snap = load("late")
    me = snap["view"]["players"][0]
    app = app_for(snap)
    app.theme = theme
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        island = plain(app.screen.query(IslandView).first())
        forests = sum(1 for t in me["island"] if t["tile"] == "forest")
        citizens = sum(t.get("citizens", 0) for t in me["island"])
        assert island.count("For♣") == forests > 0
        assert island.count("◆") == citizens
        assert island.count("●") == sum(t["colonists"] for t in me["island"]) - citizens
        col = snap["view"]["colonists"]
        ship = plain(app.screen.query_one(ColonistsPanel))
        assert f"Ship {col['ship'] - col['ship_citizens']}+{col['ship_citizens']}◆" in ship
        assert f"supply {col['supply']}+{col['citizens_supply']}◆" in ship


async def test_a_bohio_move_is_a_plain_choice_with_a_preview() -> None:
    snap = load("guest")
    link = Table()
    app = app_for(snap, link)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = action_rows(app)
        first = snap["legal"][0]
        place = snap["view"]["players"][0][first["where"]][first["index"]]
        thing = place.get("building") or place.get("tile")
        assert "Bohio: move a guest?" in plain(app.screen.query_one("#actions-title"))
        assert rows[0].startswith("1 worker to the ")
        preview = preview_text(app)
        assert preview.startswith("1 worker from the Bohio to the ")
        assert "until the next Recruiter" in preview and pr_words("1897")(thing).split()[0] in preview
        await pilot.press("1")
        await pilot.pause()
    assert link.sent == [first]


async def test_black_market_payments_say_what_they_give_up() -> None:
    snap = load("black_market")
    app = app_for(snap, Table())
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "Black Market: pay the rest" in plain(app.screen.query_one("#actions-title"))
        rows = action_rows(app)
        legal = snap["legal"]
        goods = snap["view"]["players"][0]["goods"]
        good_at = next(i for i, a in enumerate(legal) if a["pay"] == "good")
        good = legal[good_at]["good"]
        panel = app.screen.query_one(ActionsPanel)
        panel._menu.cursor = good_at
        panel._menu.post_message(panel._menu.Highlighted(panel._menu, good_at))
        await pilot.pause()
        word = pr_words("1897")(good)
        assert preview_text(app).startswith(f"worth 1 coin of the price: {word} {goods[good]} → "
                                            f"{goods[good] - 1}")
        assert rows[0].startswith("1 worker, ") or rows[0].startswith("1 citizen, ")
        vp_at = next(i for i, a in enumerate(legal) if a["pay"] == "vp")
        assert vp_at >= 10 or rows[vp_at].endswith("1 VP")


@pytest.mark.parametrize(("vocabulary", "lumberyard"), [("classic", "Forest house"),
                                                         ("1897", "Lumberyard")])
def test_help_has_every_new_building_in_both_vocabularies(vocabulary: str, lumberyard: str) -> None:
    board = board_for("puerto-rico")
    assert board is not None
    facts = board.facts(pr_game()["display"])
    sections = dict(board.help_sections(pr_words(vocabulary), facts, None))
    entries = {topic: (title, body) for topic, title, body in sections[next(iter(s for s in sections
                                                                           if "Buildings" in s))]}
    assert len(NEW) == 22
    for bid in NEW:
        _title, body = entries[bid]
        assert len(body) > 20 and "{" not in body, (bid, body)
    assert entries["forest_house"][0].startswith(lumberyard)
    assert ("Recruiter" if vocabulary == "1897" else "Mayor") in entries["guest_house"][1]

"""Pilot tests of the game screen on fixed boards: keys, clicks, previews, help,
waiting text, rejection reasons, spectators, resizes."""

from __future__ import annotations

from typing import Any

from prtui.app import PrtuiApp
from prtui.games.puerto_rico.buildings import BuildingSupply
from prtui.games.puerto_rico.player import PlayerHeader
from prtui.games.puerto_rico.table import RoleCard
from prtui.netclient import Rejected
from prtui.screens.game import GameScreen
from prtui.screens.help import HelpScreen
from prtui.widgets.actions import ActionsPanel
from prtui.widgets.status import StatusLine
from tests.tui.boards import late_game_5p, midgame_4p, pr_game, pr_help, spectator_of


class Table:
    """A TableLink that records what the screen sends; may refuse like a server."""

    def __init__(self, refuse: str | None = None) -> None:
        self.sent: list[dict[str, Any]] = []
        self.chats: list[str] = []
        self.followed: list[int] = []
        self.refuse = refuse

    async def act(self, action: dict[str, Any]) -> None:
        self.sent.append(action)
        if self.refuse:
            raise Rejected("illegal", self.refuse)

    async def chat(self, text: str) -> None:
        self.chats.append(text)

    async def follow(self, seat: int) -> None:
        self.followed.append(seat)


def game_app(snapshot: dict[str, Any], link: Table, **kw: Any) -> PrtuiApp:
    return PrtuiApp(lambda a: GameScreen(link, snapshot, **kw, game=pr_game()))


def plain(widget: Any) -> str:
    return widget._shown.plain if widget._shown is not None else ""


async def test_number_key_sends_that_legal_action() -> None:
    link = Table()
    snap = midgame_4p()
    async with game_app(snap, link).run_test(size=(160, 50)) as pilot:
        await pilot.press("3")
        await pilot.pause()
    assert link.sent == [snap["legal"][2]]


async def test_click_on_a_role_card_takes_it() -> None:
    link = Table()
    async with game_app(midgame_4p(), link).run_test(size=(160, 50)) as pilot:
        await pilot.click("#role-builder")
        await pilot.pause()
    assert [a["role"] for a in link.sent] == ["builder"]


async def test_taken_role_click_opens_its_help() -> None:
    app = game_app(midgame_4p(), Table())
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.click("#role-settler")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.focus_topic == "settler"


async def test_rejection_shows_the_servers_reason() -> None:
    app = game_app(midgame_4p(), Table(refuse="not your turn"))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("1")
        await pilot.pause()
        messages = [n.message for n in app._notifications]
    assert any("not your turn" in m for m in messages)


async def test_waiting_for_names_the_player() -> None:
    snap = midgame_4p()
    snap["legal"] = []
    snap["view"]["to_move"] = [2]
    snap["view"]["phase"]["turn"] = 2
    app = game_app(snap, Table(), names={2: "zoe"})
    async with app.run_test(size=(160, 50)):
        assert "Waiting for zoe" in plain(app.screen.query_one(StatusLine))
        assert "Waiting for zoe" in plain(app.screen.query_one(ActionsPanel)._title)


async def test_my_price_is_the_servers() -> None:
    """The supply shows the prices the server put in my view and the build actions
    carry: the client works none out (a price no rule gives shows as sent)."""
    snap = midgame_4p()  # seat 0 has one manned quarry
    snap["view"]["phase"] = {"role": "builder", "role_player": 0, "step": "builder", "turn": 0}
    snap["view"]["players"][0]["prices"].update(harbor=6, small_market=0, wharf=3)
    snap["legal"] = [{"type": "build", "building": "harbor", "price": 6, "label": "Build the harbor"}]
    app = game_app(snap, Table())
    async with app.run_test(size=(160, 50)) as pilot:
        supply = app.screen.query_one(BuildingSupply)
        rows = {k: r.plain for k, r in zip(supply.keys, supply.rows, strict=True)}
        await pilot.pause()
        listed = app.screen.query_one(ActionsPanel)._menu.rows[0].plain
        preview = plain(app.screen.query_one(ActionsPanel)._preview)
    assert "8→ 6$" in rows["harbor"] and rows["harbor"].startswith("▶")
    assert "1→ 0$" in rows["small_market"] and not rows["small_market"].startswith("▶")
    assert "9→ 3$" in rows["wharf"]
    assert listed.endswith("Build harbor (6$)") and preview == "pay 6$, 0$ left"


async def test_help_key_on_focused_building() -> None:
    app = game_app(midgame_4p(), Table())
    async with app.run_test(size=(160, 50)) as pilot:
        supply = app.screen.query_one(BuildingSupply)
        supply.focus()
        await pilot.press("down", "down", "question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        assert app.screen.focus_topic == "indigo_plant"


async def test_spectator_sees_no_vp_and_cannot_act() -> None:
    link = Table()
    app = game_app(spectator_of(late_game_5p()), link)
    async with app.run_test(size=(160, 50)) as pilot:
        headers = [plain(h) for h in app.screen.query(PlayerHeader)]
        assert len(headers) == 5 and all("VP chips hidden" in h for h in headers)
        assert "spectating" in plain(app.screen.query_one(StatusLine))
        await pilot.press("1", "f")
        await pilot.pause()
    assert link.sent == [] and link.followed == [0]


async def test_vocabulary_switch_to_1897_names() -> None:
    app = game_app(midgame_4p(), Table())
    async with app.run_test(size=(160, 50)) as pilot:
        assert "Mayor" in plain(app.screen.query_one("#role-mayor", RoleCard))
        await pilot.press("v")
        await pilot.pause()
        assert "Recruiter" in plain(app.screen.query_one("#role-mayor", RoleCard))


async def test_resize_switches_to_compact_and_back() -> None:
    app = game_app(late_game_5p(), Table())
    async with app.run_test(size=(160, 50)) as pilot:
        assert app.screen.has_class("-wide")
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert app.screen.has_class("-compact")
        assert not app.screen.query_one(BuildingSupply).display
        await pilot.press("b")
        await pilot.pause()
        assert app.screen.query_one(BuildingSupply).display
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert app.screen.has_class("-medium")


async def test_store_preview_says_what_spoils() -> None:
    snap = midgame_4p()  # seat 0: sugar 2, indigo 1
    snap["view"]["phase"] = {"role": "captain", "role_player": 1, "step": "captain_store", "turn": 0}
    snap["legal"] = [{"type": "store", "keep": [], "single": "sugar", "label": "Keep 1 sugar",
                      "kept": {"sugar": 1}, "spoiled": {"indigo": 1, "sugar": 1}},
                     {"type": "store", "keep": [], "single": "indigo", "label": "Keep 1 indigo",
                      "kept": {"indigo": 1}, "spoiled": {"sugar": 2}}]  # as the server says
    app = game_app(snap, Table())
    async with app.run_test(size=(160, 50)) as pilot:
        panel = app.screen.query_one(ActionsPanel)
        await pilot.pause()
        first = plain(panel._preview)
        panel._menu.focus()
        await pilot.press("down")
        await pilot.pause()
        second = plain(panel._preview)
    assert "keeps sugar×1" in first and "spoils indigo×1 sugar×1" in first
    assert "keeps indigo×1" in second and "spoils sugar×2" in second


async def test_compact_chat_takes_the_log_place_and_sends() -> None:
    link = Table()
    app = game_app(midgame_4p(), link)
    async with app.run_test(size=(80, 24)) as pilot:
        assert not app.screen.query_one("#chat").display
        await pilot.press("c")
        await pilot.pause()
        assert app.screen.query_one("#chat").display and not app.screen.query_one("#log").display
        await pilot.press("h", "i", "1", "enter")
        await pilot.pause()
    assert link.chats == ["hi1"] and link.sent == []


async def test_theme_switch_recolours_goods_and_palette_has_names() -> None:
    app = game_app(midgame_4p(), Table())
    async with app.run_test(size=(160, 50)) as pilot:
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Names: 1897" in titles and "Names: classic" in titles
        app.theme = "prtui-colourblind"
        await pilot.pause()
        ships = app.screen.query_one("#ships")._shown
        assert any("#F0E442" in str(span.style) for span in ships.spans)  # corn, Okabe-Ito
        app.set_vocabulary("1897")
        await pilot.pause()
        assert "Planter" in app.screen.query_one("#role-settler")._shown.plain


async def test_one_action_per_state_even_with_fast_keys() -> None:
    link = Table()
    snap = midgame_4p()
    app = game_app(snap, link)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.press("1", "2", "3")
        await pilot.pause()
        assert link.sent == [snap["legal"][0]]
        app.screen.apply_snapshot(midgame_4p())  # the next state arrives
        await pilot.press("2")
        await pilot.pause()
    assert link.sent == [snap["legal"][0], snap["legal"][1]]


async def test_vp_history_keeps_only_what_this_viewer_saw() -> None:
    app = game_app(late_game_5p(), Table())
    async with app.run_test(size=(160, 50)):
        history = app.screen.history
    assert history and all(set(seen) == {0} for seen in history.values())


async def test_help_lists_every_building_in_1897_names() -> None:
    app = PrtuiApp(lambda a: pr_help("1897"))
    async with app.run_test(size=(120, 40)):
        ids = {w.id for w in app.screen.query(".help-entry")}
        school = app.screen.query_one("#help-university").render()
        hospital = app.screen.query_one("#help-hospice").render()
    assert {f"help-{b}" for b in midgame_4p()["view"]["buildings"]} <= ids
    assert "School" in str(school) and "may take a worker" in str(school)
    assert str(hospital).startswith("Hospital") and "Planter: you may take a worker" in str(hospital)

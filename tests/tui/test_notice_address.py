"""The palette's "Turn notices while I am away" in the real app at 80x24, against a real
server on 127.0.0.1 that sends notices (json, private addresses allowed: the receiver
is this machine's): a claimed player sets an address, sees it masked (its token never
on screen), reads a refusal in the server's words, and removes it. A guest, or a server
that sends no notices, is not offered the command."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from prtui.app import PrtuiApp
from prtui.credentials import CredentialBook, book_key
from prtui.launch import Login, remote_plan
from prtui.screens.lobby import LobbyScreen
from prtui.screens.notices import NoticeAddressScreen
from server.net.notify_address import NotifyPolicy
from server.net.server import GameServer
from server.protocol.names import look_alike_key
from tests.net.receiver import receiver
from tests.tui.clipping import cut_texts
from tests.tui.waiting import wait_for

PASSWORD = "a password of mine"
SECRET = "SECRET-PATH-TOKEN"  # what tests.net.receiver puts in its URL


@pytest.fixture
async def server(tmp_path: Path) -> AsyncIterator[GameServer]:
    policy = NotifyPolicy(frozenset({"json", "ntfys"}), allow_private=True)
    async with GameServer(tmp_path / "server", notify=policy) as srv:
        yield srv


def palette_titles(app: PrtuiApp) -> list[str]:
    return [c.title for c in app.get_system_commands(app.screen)]


def screen_text(screen: NoticeAddressScreen) -> str:
    from textual.widgets import Static

    return "\n".join(str(getattr(w.content, "plain", w.content)) for w in screen.query(Static))


async def test_a_claimed_player_sets_sees_masked_and_removes_the_address(
        server: GameServer, tmp_path: Path) -> None:
    book = CredentialBook(tmp_path / "config" / "credentials.json")
    key = book_key("127.0.0.1", server.port, "ana")
    app = PrtuiApp(plan=remote_plan("127.0.0.1", server.port, "ana", "play",
                                    login=Login(book, key, PASSWORD, claim=True)))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen)
                       and book.get(key) == PASSWORD)
        await pilot.press("ctrl+p")
        await pilot.press(*"Turn notices while")
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: isinstance(app.screen, NoticeAddressScreen))
        box = app.screen
        assert isinstance(box, NoticeAddressScreen)
        await wait_for(pilot, lambda: "none (no notices)" in screen_text(box))
        assert "json, ntfys" in screen_text(box)
        assert cut_texts(box) == []

        await pilot.press(*"ntfy://example.com/topic", "enter")  # not a scheme it allows
        await wait_for(pilot, lambda: "Not done:" in screen_text(box))
        assert "sends notices to json, ntfys addresses only" in screen_text(box)

        async with receiver() as rx:
            await pilot.press("ctrl+u")
            await pilot.press(*rx.url(), "enter")
            await wait_for(pilot, lambda: "Saved" in screen_text(box))
            assert f"json://127.0.0.1:{rx.port}/…" in screen_text(box)
            assert SECRET not in screen_text(box) and cut_texts(box) == []
            assert server.store is not None
            acc = server.store.account(look_alike_key("ana"))
            assert acc is not None
            stored = server.store.notify_address(acc.id)
            assert stored is not None and stored[0] == rx.url()
            await pilot.press("ctrl+t")
            await wait_for(pilot, lambda: "Sent: look at your receiver" in screen_text(box))
            assert len(rx.got) == 1

        await pilot.press("ctrl+r")
        await wait_for(pilot, lambda: "Removed" in screen_text(box))
        assert "none (no notices)" in screen_text(box)
        assert server.store.notify_address(acc.id) is None
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))


async def test_a_guest_is_not_offered_notices(server: GameServer) -> None:
    app = PrtuiApp(plan=remote_plan("127.0.0.1", server.port, "cy", "play"))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.controller is not None
        assert app.controller.client.welcome["notify_schemes"] == ["json", "ntfys"]
        assert "Turn notices while I am away" not in palette_titles(app)

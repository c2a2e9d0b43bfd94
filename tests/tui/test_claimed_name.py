"""`prtui connect --claim` and the remembered password, in the real app against a real
server on 127.0.0.1: the name is claimed, the password is kept in a file only its owner
may read (0600), and the next connection sends it by itself and is let in as the
name's owner."""

from __future__ import annotations

import stat
from pathlib import Path

from prtui.app import PrtuiApp
from prtui.credentials import CredentialBook, book_key
from prtui.launch import Login, remote_plan
from prtui.screens.lobby import LobbyScreen
from tests.net.client import Client
from tests.tui.waiting import wait_for

PASSWORD = "a password of mine"


async def test_connect_claims_the_name_and_remembers_the_password(
    port: int, tmp_path: Path,
) -> None:
    book = CredentialBook(tmp_path / "config" / "credentials.json")
    key = book_key("127.0.0.1", port, "ana")
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play",
                                    login=Login(book, key, PASSWORD, claim=True)))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: book.get(key) == PASSWORD)
        assert any("Your name is yours" in str(n.message) for n in app._notifications)
    assert stat.S_IMODE(book.path.stat().st_mode) == 0o600
    assert book_key("127.0.0.1", port, "ANA") == key  # one entry, however it is spelt

    other = await Client.connect(port, "ana")  # anyone else: refused
    await other.close()
    assert other.welcome["code"] == "name_claimed", other.welcome

    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "ana", "play",
                                    login=Login(book, key, book.get(key))))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        assert app.controller is not None
        assert app.controller.client.welcome["claimed"] is True


async def test_the_palette_claims_the_name_with_a_password_kept_here(
    port: int, tmp_path: Path,
) -> None:
    """What a browser player does (its client's config directory is the browser's own
    home, docs/web.md): no password typed, one made and kept for them."""
    book = CredentialBook(tmp_path / "browser-home" / "credentials.json")
    key = book_key("127.0.0.1", port, "bo")
    app = PrtuiApp(plan=remote_plan("127.0.0.1", port, "bo", "play",
                                    login=Login(book, key, book.get(key))))
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_for(pilot, lambda: isinstance(app.screen, LobbyScreen))
        await pilot.press("ctrl+p")
        await pilot.press(*"Claim my name on")
        await pilot.pause()
        await pilot.press("enter")
        await wait_for(pilot, lambda: book.get(key) is not None)
    password = book.get(key)
    assert password is not None and len(password) >= 24
    assert stat.S_IMODE(book.path.stat().st_mode) == 0o600
    other = await Client.connect(port, "bo")
    await other.close()
    assert other.welcome["code"] == "name_claimed", other.welcome
    me = await Client.connect(port, "bo", password=password)
    await me.close()
    assert me.welcome["t"] == "welcome" and me.welcome["claimed"] is True

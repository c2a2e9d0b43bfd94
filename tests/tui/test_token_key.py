"""Seat tokens are remembered per server and per player: two people sharing one
account never take each other's seat; under the SSH gateway the identity's own data
directory is the separation, so a key keeps its seat under any login name."""

from __future__ import annotations

import pytest

from prtui.controller import TokenBook, token_key


def test_two_names_on_one_machine_keep_separate_tokens(
    tmp_path, monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    monkeypatch.delenv("PRTUI_SSH_IDENTITY", raising=False)
    book = TokenBook(tmp_path / "tokens.json")
    book.put(token_key("127.0.0.1", 7811, "ana"), "ana-token")
    assert book.get(token_key("127.0.0.1", 7811, "bob")) is None
    assert book.get(token_key("127.0.0.1", 7811, "ana")) == "ana-token"
    assert book.get(token_key("127.0.0.1", 7812, "ana")) is None


def test_under_ssh_the_identity_not_the_name_keeps_the_seat(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("PRTUI_SSH_IDENTITY", "SHA256:abc")
    assert token_key("127.0.0.1", 7811, "ana") == token_key("127.0.0.1", 7811, "other")



def test_a_token_file_is_created_readable_by_its_owner_only(
    tmp_path, monkeypatch: pytest.MonkeyPatch,  # type: ignore[no-untyped-def]
) -> None:
    """It was written, then chmod-ed: with a permissive umask, readable by all between."""
    import os
    import stat
    from typing import Any

    book = TokenBook(tmp_path / "tokens.json")
    modes: list[int] = []
    real_open = os.open

    def watching_open(path: Any, flags: int, mode: int = 0o777, *args: Any) -> int:
        modes.append(mode)
        return real_open(path, flags, mode, *args)

    monkeypatch.setattr(os, "open", watching_open)
    old = os.umask(0)
    try:
        book.put("server", "secret")
    finally:
        os.umask(old)
    assert modes == [0o600]
    assert stat.S_IMODE((tmp_path / "tokens.json").stat().st_mode) == 0o600
    assert book.get("server") == "secret"
    book.put("server", None)
    assert book.get("server") is None

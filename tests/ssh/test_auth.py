"""Authentication modes, identities and the host key."""

from __future__ import annotations

import logging
import stat
from pathlib import Path

import asyncssh
import pytest

from server.net.addresses import is_loopback
from server.ssh import login as login_module
from server.ssh.auth import AuthPolicy, clean_name
from server.ssh.hostkey import HOST_KEY_NAME
from tests.ssh.conftest import GatewayFactory, open_terminal, until


async def test_password_mode_accepts_the_password(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway(auth="password", password="s3cret")
    term = await open_terminal(gw.port, "ana", password="s3cret")
    try:
        seen = await term.expect("SIZE 100x30")
        assert "IDENT=name:ana" in seen
    finally:
        await term.close()


async def test_password_mode_refuses_a_wrong_password(make_gateway: GatewayFactory) -> None:
    gw = await make_gateway(auth="password", password="s3cret")
    with pytest.raises(asyncssh.PermissionDenied):
        await open_terminal(gw.port, "ana", password="guess")
    with pytest.raises(asyncssh.PermissionDenied):
        await open_terminal(gw.port, "ana")  # no password at all


def _authorized(tmp_path: Path, *keys: asyncssh.SSHKey) -> Path:
    path = tmp_path / "authorized_keys"
    path.write_bytes(b"".join(k.export_public_key() for k in keys))
    return path


async def test_keys_mode_identity_is_the_fingerprint(
    make_gateway: GatewayFactory, tmp_path: Path
) -> None:
    key = asyncssh.generate_private_key("ssh-ed25519")
    gw = await make_gateway(auth="keys", authorized_keys=_authorized(tmp_path, key))
    fingerprint = key.get_fingerprint("sha256")
    first = await open_terminal(gw.port, "ana", client_keys=[key])
    seen_first = await first.expect("SIZE 100x30")
    await first.close()
    # a new session from the same key, under another name, is the same identity
    again = await open_terminal(gw.port, "ana2", client_keys=[key])
    seen_again = await again.expect("SIZE 100x30")
    await again.close()
    assert f"IDENT=key:{fingerprint}" in seen_first
    assert f"IDENT=key:{fingerprint}" in seen_again
    state_dir = seen_first.split("STATE=")[1].split("\r\n")[0]
    assert state_dir == seen_again.split("STATE=")[1].split("\r\n")[0]
    assert stat.S_IMODE(Path(state_dir).stat().st_mode) == 0o700
    cwd = seen_first.split("CWD=")[1].split("\r\n")[0]
    assert Path(cwd) == Path(state_dir).parent  # the child runs in its identity's home


async def test_keys_mode_refuses_an_unknown_key(
    make_gateway: GatewayFactory, tmp_path: Path
) -> None:
    known = asyncssh.generate_private_key("ssh-ed25519")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    gw = await make_gateway(auth="keys", authorized_keys=_authorized(tmp_path, known))
    with pytest.raises(asyncssh.PermissionDenied):
        await open_terminal(gw.port, "ana", client_keys=[stranger])
    with pytest.raises(asyncssh.PermissionDenied):
        await open_terminal(gw.port, "ana", password="anything")


async def test_keys_added_to_the_file_apply_without_restart(
    make_gateway: GatewayFactory, tmp_path: Path
) -> None:
    known = asyncssh.generate_private_key("ssh-ed25519")
    late = asyncssh.generate_private_key("ssh-ed25519")
    path = _authorized(tmp_path, known)
    gw = await make_gateway(auth="keys", authorized_keys=path)
    with pytest.raises(asyncssh.PermissionDenied):
        await open_terminal(gw.port, "bob", client_keys=[late])
    _authorized(tmp_path, known, late)
    term = await open_terminal(gw.port, "bob", client_keys=[late])
    await term.expect("READY connect bob")
    await term.close()


async def test_host_key_is_private_and_reused(make_gateway: GatewayFactory, tmp_path: Path) -> None:
    first = await make_gateway()
    path = tmp_path / "data" / HOST_KEY_NAME
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    conn = await asyncssh.connect(
        "127.0.0.1", first.port, username="ana", known_hosts=None, config=None, password=""
    )
    seen_key = conn.get_server_host_key()
    conn.close()
    await first.close()

    second = await make_gateway()
    assert second.host_fingerprint == first.host_fingerprint
    # a client that pinned the first key accepts the restarted server
    pinned = asyncssh.import_known_hosts(
        f"[127.0.0.1]:{second.port} " + seen_key.export_public_key().decode()
    )
    conn = await asyncssh.connect(
        "127.0.0.1", second.port, username="ana", known_hosts=pinned, config=None,
        password="",
    )
    conn.close()
    await conn.wait_closed()


async def test_open_mode_warns_off_loopback(
    make_gateway: GatewayFactory, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, logger="prtui.ssh"):
        await make_gateway(host="127.0.0.1")
        assert not [r for r in caplog.records if "open" in r.getMessage()]
        await make_gateway(host="0.0.0.0")
    assert any("anyone who can reach it" in r.getMessage() for r in caplog.records)


def test_policy_rejects_incomplete_settings(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        AuthPolicy("password")
    with pytest.raises(ValueError):
        AuthPolicy("keys")
    with pytest.raises(ValueError):
        AuthPolicy("telnet")
    with pytest.raises(OSError):
        AuthPolicy("keys", authorized_keys=tmp_path / "missing")


def test_login_names_are_cleaned() -> None:
    assert clean_name("ana") == "ana"
    assert clean_name("\x1b[31mevil\x07") == "31mevil"
    assert clean_name("x" * 50) == "x" * 20
    assert clean_name("\x00\x01") == "guest"
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("192.168.1.5")


async def test_password_guessing_is_cut_off(
    make_gateway: GatewayFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(login_module, "FAILED_PASSWORD_DELAY_S", 0.01)
    gw = await make_gateway(auth="password", password="s3cret")
    tries: list[str] = []

    class Guesser(asyncssh.SSHClient):
        def password_auth_requested(self) -> str | None:
            tries.append(f"guess{len(tries)}")
            return tries[-1] if len(tries) <= 20 else None

    with pytest.raises((asyncssh.Error, ConnectionError)):
        await asyncssh.connect(
            "127.0.0.1", gw.port, username="ana", known_hosts=None, config=None,
            client_factory=Guesser, client_keys=None, agent_path=None,
        )  # fmt: skip
    assert len(tries) == login_module.MAX_PASSWORD_TRIES


async def test_open_mode_a_typed_name_never_takes_anothers_identity(
    make_gateway: GatewayFactory,
) -> None:
    """Issue 33: in ``open`` mode whoever typed ``ana`` was ``ana``, seat tokens and all.
    Now a key (any key) is who a player is; without one, a session is nobody's but its
    own, and its home goes with it."""
    key = asyncssh.generate_private_key("ssh-ed25519")
    gw = await make_gateway()  # open
    fingerprint = key.get_fingerprint("sha256")

    async def identity_and_home(address: str, **how: object) -> tuple[str, str]:
        term = await open_terminal(gw.port, "ana", local_addr=(address, 0), **how)
        seen = await term.expect("SIZE 100x30")
        await term.close()
        ident = seen.split("IDENT=")[1].split("\r\n")[0]
        return ident, seen.split("CWD=")[1].split("\r\n")[0]

    ana = await identity_and_home("127.0.0.2", client_keys=[key])
    assert ana[0] == f"key:{fingerprint}"
    stranger = await identity_and_home("127.0.0.66")  # no key: keyboard-interactive
    assert stranger[0].startswith("once:") and stranger[1] != ana[1]
    typed = await identity_and_home("127.0.0.66", password="ana's seat please")
    assert typed[0].startswith("once:") and typed[1] not in (ana[1], stranger[1])
    other_key = asyncssh.generate_private_key("ssh-ed25519")
    assert (await identity_and_home("127.0.0.66", client_keys=[other_key]))[1] != ana[1]
    assert await identity_and_home("127.0.0.3", client_keys=[key]) == ana  # ana is back
    await until(lambda: not Path(stranger[1]).exists() and not Path(typed[1]).exists(),
                "the keyless sessions' homes removed")
    assert Path(ana[1]).is_dir()

"""Over SSH the reader's language is the one their ssh client sends (``SendEnv LANG
LC_ALL``), else the one they chose and kept: never the host's locale. The real
`prtui connect` in a real session (real asyncssh client on loopback); its game server
refuses, so what the session shows is the client's own line saying so."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest

from server.i18n import Translator
from server.ssh.auth import Identity
from server.ssh.homes import home_env, identity_home
from tests.ssh.conftest import GatewayFactory, open_terminal

ZH = Translator("zh_CN", "prtui")
REFUSED = "cannot reach {where}: connection refused (is `prtui serve` running there?)"


def closed_port() -> int:
    """A loopback port nobody listens on: a connection there is refused."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(autouse=True)
def host_locale(monkeypatch: pytest.MonkeyPatch) -> None:
    """The host's own locale, English, with LC_ALL set as many servers have it: it must
    never decide for a player."""
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    monkeypatch.delenv("LANGUAGE", raising=False)


async def test_the_players_lang_opens_the_session_in_chinese(
        make_gateway: GatewayFactory) -> None:
    port = closed_port()
    gw = await make_gateway(command=None, game_port=port)
    where = f"127.0.0.1:{port}"
    zh = await open_terminal(gw.port, "ana", env={"LANG": "zh_CN.UTF-8"})
    en = await open_terminal(gw.port, "bob", local_addr=("127.0.0.2", 0))
    try:
        chinese = ZH(REFUSED).format(where=where)
        assert chinese != REFUSED.format(where=where)
        await zh.expect(chinese)
        await en.expect(REFUSED.format(where=where))
    finally:
        await zh.close()
        await en.close()


async def test_without_lang_the_players_kept_setting_counts(
        make_gateway: GatewayFactory, tmp_path: Path) -> None:
    port = closed_port()
    data = tmp_path / "data"
    gw = await make_gateway(command=None, game_port=port, auth="password",
                            password="secret-pass", data_dir=data)
    home = identity_home(data, Identity("carl", False, "name:carl"))
    kept = Path(home_env(home)["XDG_DATA_HOME"]) / "prtui" / "settings.json"
    kept.parent.mkdir(parents=True, exist_ok=True)
    kept.write_text(json.dumps({"language": "zh_CN"}), encoding="utf-8")
    carl = await open_terminal(gw.port, "carl", password="secret-pass")
    try:
        await carl.expect(ZH(REFUSED).format(where=f"127.0.0.1:{port}"))
    finally:
        await carl.close()

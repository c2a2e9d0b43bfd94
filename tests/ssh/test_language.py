"""The SSH gateway's own lines in the player's language (issue 38): the LANG/LC_ALL the
player's ssh client sends (SendEnv) picks it, before any game client runs. A real
asyncssh client on loopback against the real gateway."""

from __future__ import annotations

import asyncio

from tests.ssh.conftest import GatewayFactory, open_terminal


async def said(gw_port: int, name: str, env: dict[str, str] | None,
               size: tuple[int, int] | None) -> str:
    """Everything a session that is turned away prints before it is closed."""
    term = await open_terminal(gw_port, name, size=size, env=env)
    try:
        data = await asyncio.wait_for(term.proc.stdout.read(), 20)
        await asyncio.wait_for(term.proc.wait_closed(), 20)
        assert term.proc.exit_status == 1
        return data.decode()
    finally:
        await term.close()


async def test_a_session_without_a_terminal_is_told_in_the_players_language(
        make_gateway: GatewayFactory) -> None:
    gw = await make_gateway()
    zh = await said(gw.port, "ana", {"LANG": "zh_CN.UTF-8"}, None)
    assert zh.startswith("prtui 需要终端：请带伪终端连接") and zh.count("\n") == 1
    lc_all = await said(gw.port, "ana", {"LANG": "en_US.UTF-8", "LC_ALL": "zh_CN.UTF-8"}, None)
    assert lc_all == zh  # LC_ALL wins over LANG, as POSIX says
    en = await said(gw.port, "bo", None, None)
    assert en.startswith("prtui needs a terminal") and "需要" not in en


async def test_a_full_server_is_said_in_the_players_language(
        make_gateway: GatewayFactory) -> None:
    gw = await make_gateway(max_sessions=1)
    first = await open_terminal(gw.port, "ana")
    try:
        await first.expect("READY")
        zh = await said(gw.port, "bob", {"LANG": "zh_CN.UTF-8"}, (80, 24))
        assert "prtui：服务器已满（SSH 会话过多）；请稍后再试。" in zh
        en = await said(gw.port, "cy", {"LANG": "C.UTF-8"}, (80, 24))
        assert "this server is full (too many SSH sessions)" in en
    finally:
        await first.close()

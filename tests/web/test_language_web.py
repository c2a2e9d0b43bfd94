"""In the browser the reader's language is the page's (its ``Accept-Language``, the first
language we have a catalog for), never the host's locale. The real web gateway on
loopback runs the real `prtui connect` per page; its game server refuses, so what the
page shows is the client's own line saying so (aiohttp's websocket, as the page's
script talks; no browser needed for a header)."""

from __future__ import annotations

import asyncio
import re
import socket
from pathlib import Path

import aiohttp
import pytest

from server.i18n import Translator
from server.web.gateway import start_web

ZH = Translator("zh_CN", "prtui")
REFUSED = "cannot reach {where}: connection refused (is `prtui serve` running there?)"
_ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)|\x1b[()=>78]")


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def page_says(http: aiohttp.ClientSession, url: str, headers: dict[str, str]) -> str:
    """Everything the page showed until its session ended (a hang guard, no timing)."""
    text = ""
    async with http.ws_connect(url, headers=headers) as ws:
        async def read() -> None:
            nonlocal text
            async for message in ws:
                if message.type == aiohttp.WSMsgType.BINARY:
                    text += message.data.decode("utf-8", "replace")
        await asyncio.wait_for(read(), 120)
    return _ESCAPES.sub("", text)


async def test_a_chinese_page_opens_the_client_in_chinese(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LC_ALL", "C.UTF-8")  # the host's locale: never the player's
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    port = closed_port()
    web = await start_web(host="127.0.0.1", port=0, game_host="127.0.0.1", game_port=port,
                          data_dir=tmp_path)
    where = f"127.0.0.1:{port}"
    try:
        async with aiohttp.ClientSession() as http:
            base = f"http://127.0.0.1:{web.port}/ws/play"
            chinese = await page_says(http, f"{base}/ana?width=100&height=30",
                                      {"Accept-Language": "zh-CN,zh;q=0.9,en;q=0.8"})
            english = await page_says(http, f"{base}/bob?width=100&height=30",
                                      {"Accept-Language": "en-US,en;q=0.9"})
            plain = await page_says(http, f"{base}/cy?width=100&height=30", {})
    finally:
        await web.close()
    assert ZH(REFUSED).format(where=where) in chinese
    assert REFUSED.format(where=where) in english
    assert REFUSED.format(where=where) in plain

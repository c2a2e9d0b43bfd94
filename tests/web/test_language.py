"""The browser gateway's own pages and refusals in the page's language (issue 38): the
first language of the request's Accept-Language that has a catalog, else English. The
real gateway on loopback; a header on the request is all a browser adds."""

from __future__ import annotations

import asyncio
import html as html_module
import re
import sys
from pathlib import Path

import aiohttp

from server.net.server import GameServer
from server.ssh.auth import Identity
from server.web.gateway import start_web
from server.web.language import page_language
from tests.web.conftest import Site, until

ENGLISH_WORD = re.compile(r"\b[A-Za-z]{3,}\b")
QUIET = "import sys, time; sys.stdout.write('__GANGLION__\\n'); sys.stdout.flush(); time.sleep(600)"


def words_shown(html: str) -> str:
    """The text a person reads on a page: no style, script, tags or attributes."""
    html = re.sub(r"<(style|script)\b.*?</\1>", "", html, flags=re.S)
    html = re.sub(r"<!--.*?-->", "", html, flags=re.S)
    return html_module.unescape(re.sub(r"<[^>]*>", " ", html))


async def page(site: Site, path: str, language: str | None) -> str:
    headers = {"Accept-Language": language} if language else {}
    async with aiohttp.ClientSession() as http, http.get(site.url + path, headers=headers) as r:
        assert r.status == 200
        return await r.text()


async def test_the_name_form_is_in_chinese_for_a_chinese_browser(site: Site) -> None:
    zh = await page(site, "/", "zh-CN,zh;q=0.9,en;q=0.8")
    assert '<html lang="zh-CN">' in zh
    shown = words_shown(zh)
    for text in ("你的名字", "开始游戏", "观战", "最多 20 列（一个汉字占两列）"):
        assert text in shown, text
    assert not ENGLISH_WORD.findall(shown.replace("prtui", "")), ENGLISH_WORD.findall(shown)
    en = await page(site, "/", None)
    assert '<html lang="en">' in en and "Your name" in en and "你的名字" not in en
    assert "Your name" in await page(site, "/", "de-DE,fr;q=0.5")  # no catalog: English


async def test_the_game_page_around_the_terminal_is_in_chinese(site: Site) -> None:
    zh = words_shown(await page(site, "/play?name=张伟", "zh-CN"))
    assert "prtui: 张伟：正在启动…" in zh and "会话已结束。" in zh and "再玩一次" in zh
    assert "正在启动" in words_shown(await page(site, "/watch", "zh"))
    assert "Session ended." in words_shown(await page(site, "/play?name=ana", "en-GB"))


def test_accept_language_is_read_by_weight() -> None:
    assert page_language("en;q=0.5, zh-CN") == "zh_CN"
    assert page_language("zh;q=0, en") == "en"  # q=0: "not this one"
    assert page_language("de, zh-Hans-CN;q=0.7") == "zh_CN"  # the first we have
    assert page_language(None) is page_language("xx, *") is None  # the gateway: English


async def test_a_refused_tab_is_told_in_its_language(tmp_path: Path) -> None:
    server = GameServer(tmp_path / "server", host="127.0.0.1", port=0)
    port = await server.start()

    def quiet(identity: Identity) -> list[str]:
        return [sys.executable, "-c", QUIET]

    web = await start_web(host="127.0.0.1", port=0, game_host="127.0.0.1", game_port=port,
                          data_dir=tmp_path / "server", relay_proof=server.relay_proof,
                          max_sessions=1, command=quiet)
    url = f"http://127.0.0.1:{web.port}/ws/play/ana?width=100&height=30"
    try:
        async with aiohttp.ClientSession() as http:
            first = await http.ws_connect(url)
            await until(lambda: web.places.active == 1, 60, "one session")
            second = await http.ws_connect(url, headers={"Accept-Language": "zh-CN"})
            said = b""
            async with asyncio.timeout(60):  # a started session would never close
                async for message in second:
                    if message.type == aiohttp.WSMsgType.BINARY:
                        said += message.data
            assert "prtui：服务器已满（浏览器会话过多）；请稍后再试。" in said.decode()
            await first.close()
            await until(lambda: web.places.active == 0, 60, "the place given back")
    finally:
        await web.close()
        await server.stop()

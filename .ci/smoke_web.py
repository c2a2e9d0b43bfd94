"""Wheel smoke: the installed `prtui web` serves its page, its static files and the
TUI over the websocket (templates and textual-serve's files come with the install)."""

from __future__ import annotations

import asyncio
import signal
import subprocess
import sys
import urllib.request
from pathlib import Path

import aiohttp


async def first_screen(url: str) -> bytes:
    async with aiohttp.ClientSession() as http:
        ws = await http.ws_connect(url.replace("http:", "ws:") + "ws/play/smoke?width=100&height=30")
        got = b""
        while b"Rooms" not in got:
            message = await asyncio.wait_for(ws.receive(), 120)
            if message.type != aiohttp.WSMsgType.BINARY:
                raise SystemExit(f"smoke_web: the session ended before the lobby: {got[-300:]!r}")
            got += message.data
        await ws.close()
        return got


def main() -> None:
    prtui = Path(sys.executable).with_name("prtui")
    proc = subprocess.Popen([str(prtui), "web", "--port", "0", "--data", "web-data"],
                            stdout=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
    try:
        assert proc.stdout is not None
        url = next(line.split()[-1] for line in proc.stdout if line.startswith("web on "))
        with urllib.request.urlopen(url + "play?name=smoke", timeout=60) as page:
            html = page.read().decode()
        assert "/ws/play/smoke" in html, html
        with urllib.request.urlopen(url + "static/js/textual.js", timeout=60) as script:
            assert len(script.read()) > 100_000
        asyncio.run(first_screen(url))
    finally:
        proc.send_signal(signal.SIGTERM)
        proc.wait(60)
    if proc.returncode != 0:
        raise SystemExit(f"smoke_web: prtui web exited with {proc.returncode}")
    print(f"smoke_web: page, static files and the lobby over the websocket from {url}")


if __name__ == "__main__":
    main()

"""`prtui bench web`: the TUI in a real browser through the web gateway (issue 26).

Everything is real and on loopback: a GameServer, the web gateway, the system's
Chromium under Playwright, one `prtui connect` child per page. Measured:

- time to the first screen: the page opened -> the lobby drawn; then the start key ->
  the San Juan board drawn (the player's own key presses in between are not counted);
- key -> screen update, in the page itself: a keydown's time to the first screen bytes
  that reach the page's websocket after it (xterm paints them within the next frame),
  on the board, one session alone: ArrowDown/ArrowUp in the action list, and `?`/Escape
  (the help screen opened and closed: a whole screen drawn);
- memory per session: each child's RSS and PSS (shared pages split among the sharers);
  the children are forked by the gateway's warm parent (server/ssh/forkserver.py),
  warmed up before the first page opens;
- ``--sessions`` pages at once against a `prtui serve --web-port` process of its own
  (each page its own browser context and its own loopback source address: Chromium sends
  no extra header on a websocket, so each page talks through a relay of its own here
  that connects from 127.0.2.N, and the gateway sees twenty players, not one),
  all in the lobby moving the room cursor (ArrowDown/ArrowUp) at
  ``--rate`` keys per second each for ``--seconds`` (after ``SETTLE_S``: the start of
  twenty children is not steady play): the same key latency, p50/p95/p99; meanwhile a
  terminal player on the same server plays against a bot, each move's acknowledgement
  timed (the game's action p99 under twenty browser sessions).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import statistics
import sys
import tempfile
import time
from argparse import Namespace
from collections.abc import Callable
from pathlib import Path
from typing import Any

from server.tools.browser import PageScreen, chromium_path

TARGET_MS = 100.0
SETTLE_S = 10.0  # after all lobbies are drawn, before the keys are timed
# a keydown's time, and the delay to the first screen bytes after it (binary frames only:
# textual-serve's pongs are text)
PROBE = """
window.__lat = []; window.__key = null;
document.addEventListener('keydown', () => { window.__key = performance.now(); }, true);
const Plain = window.WebSocket;
window.WebSocket = class extends Plain {
  constructor(...args) {
    super(...args);
    this.addEventListener('message', (event) => {
      if (window.__key !== null && typeof event.data !== 'string') {
        window.__lat.push(performance.now() - window.__key); window.__key = null;
      }
    });
  }
};
"""


async def until(predicate: Callable[[], object], limit_s: float = 120.0) -> float:
    """Wait for ``predicate``; the time it took."""
    start = time.perf_counter()
    while not predicate():
        if time.perf_counter() - start > limit_s:
            raise TimeoutError("the page never showed it")
        await asyncio.sleep(0.01)
    return time.perf_counter() - start


def memory_kib(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of one process, KiB (0 when it is gone)."""
    try:
        rss = next(int(ln.split()[1]) for ln in Path(f"/proc/{pid}/status").read_text()
                   .splitlines() if ln.startswith("VmRSS:"))
        pss = next(int(ln.split()[1]) for ln in Path(f"/proc/{pid}/smaps_rollup").read_text()
                   .splitlines() if ln.startswith("Pss:"))
    except (OSError, StopIteration):
        return 0, 0
    return rss, pss


def percentiles(samples: list[float]) -> dict[str, float]:
    if len(samples) < 2:
        return {"n": len(samples)}
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    return {"n": len(samples), "p50_ms": round(cuts[49], 1), "p95_ms": round(cuts[94], 1),
            "p99_ms": round(cuts[98], 1), "max_ms": round(max(samples), 1)}


async def key_latency(page: Any, key: str) -> float | None:
    """Press ``key``; the page's own measure of it (None: no screen change came)."""
    before = await page.evaluate("window.__lat.length")
    await page.keyboard.press(key)
    for _ in range(500):
        count = await page.evaluate("window.__lat.length")
        if count > before:
            return float(await page.evaluate("window.__lat[window.__lat.length - 1]"))
        await asyncio.sleep(0.01)
    return None


async def open_page(browser: Any, url: str, address: str) -> tuple[Any, Any, PageScreen]:
    context = await browser.new_context(viewport={"width": 1280, "height": 800},
                                        extra_http_headers={"X-Forwarded-For": address})
    await context.add_init_script(PROBE)
    page = await context.new_page()
    return context, page, PageScreen(page)


async def solo_room(server: Any) -> tuple[Any, str]:
    """The room a timed session sits down in (here and in `prtui bench sessions`): San
    Juan for two, its maker's seat free, an easy bot waiting 5 s a move, seed 26."""
    from prtui.netclient import Client

    maker = await Client.connect("127.0.0.1", server.port, "maker")
    rid = str((await maker.command("create_room", game="san-juan", players=2,
                                   options={"seed": 26, "bot_delay_s": 5.0}))["room"])
    await maker.command("join_room", room=rid, as_="player")
    await maker.command("add_bot", room=rid, seat=1, level="easy")
    return maker, rid


async def one_session(browser: Any, url: str, server: Any, web: Any,
                      samples: int) -> dict[str, Any]:
    maker, rid = await solo_room(server)
    room = server.lobby.rooms[rid]
    context, page, screen = await open_page(browser, url, "10.2.0.1")
    opened = time.perf_counter()
    await page.goto(f"{url}/play?name=solo")
    await until(lambda: "Rooms" in screen.text)
    lobby_s = time.perf_counter() - opened
    await page.focus(".xterm-helper-textarea")

    def inside() -> bool:
        return any(m.peer.name == "solo" for m in room.members.values())

    def seated() -> bool:
        return any(m.peer.name == "solo" and m.seat == 0 for m in room.members.values())

    for key, done in (("Enter", inside), ("t", seated)):
        while not done():
            await page.keyboard.press(key)
            with contextlib.suppress(TimeoutError):
                await until(done, 3.0)
    await maker.close()
    mark = screen.mark()
    pressed = time.perf_counter()
    while room.rec.status != "playing":
        await page.keyboard.press("s")
        with contextlib.suppress(TimeoutError):
            await until(lambda: room.rec.status == "playing", 3.0)
    await until(lambda: "overnor" in screen.since(mark))
    board_s = time.perf_counter() - pressed
    (child,) = web.children
    moves = [await key_latency(page, k) for k in ["ArrowDown", "ArrowUp"] * (samples // 2)]
    helps = [await key_latency(page, k) for k in ["?", "Escape"] * 10]
    rss, pss = memory_kib(child.pid)
    forked = web.forks is not None and _parent_of(child.pid) == web.forks.pid
    await context.close()
    closed = time.perf_counter()
    await until(lambda: not child.running)
    return {"lobby_s": round(lobby_s, 2), "start_to_board_s": round(board_s, 2),
            "first_board_s": round(lobby_s + board_s, 2),
            "key_actions": percentiles([x for x in moves if x is not None]),
            "key_help": percentiles([x for x in helps if x is not None]),
            "child_rss_mib": round(rss / 1024, 1), "child_pss_mib": round(pss / 1024, 1),
            "child_forked": forked,
            "tab_close_to_child_end_s": round(time.perf_counter() - closed, 2)}


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    with contextlib.suppress(OSError):
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    with contextlib.suppress(OSError):
        writer.close()


async def source_relay(target: str, source: str) -> tuple[asyncio.Server, str]:
    """A TCP relay on 127.0.0.1 to ``target`` (http://HOST:PORT) whose connections come
    from ``source``: one page's own address. Its URL."""
    host, port = target.split("//", 1)[1].rsplit(":", 1)

    async def relay(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            up_reader, up_writer = await asyncio.open_connection(
                host, int(port), local_addr=(source, 0))
        except OSError:
            writer.close()
            return
        await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))

    server = await asyncio.start_server(relay, "127.0.0.1", 0)
    return server, f"http://127.0.0.1:{server.sockets[0].getsockname()[1]}"


async def serve_process(data: Path, sessions: int) -> tuple[Any, int, str]:
    """`prtui serve --web-port 0` in its own process, as a host runs it (the pages' proxy
    headers trusted); its process, game port and web address."""
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "prtui", "serve", "--data", str(data), "--port", "0",
        "--web-port", "0", "--web-trusted-proxy", "127.0.0.1",
        "--web-max-sessions", str(sessions + 2), "--web-max-per-address", "2",
        stdout=asyncio.subprocess.PIPE, stdin=asyncio.subprocess.DEVNULL)
    assert proc.stdout is not None
    port, url = 0, ""
    while not (port and url):
        line = (await asyncio.wait_for(proc.stdout.readline(), 120)).decode()
        if not line:
            raise RuntimeError("prtui serve ended before it served")
        if line.startswith("prtui server on "):
            port = int(line.split()[3].rsplit(":", 1)[1])
        elif line.startswith("web on "):
            url = line.split()[-1].rstrip("/")
    return proc, port, url


def children_of(pid: int) -> list[int]:
    """The session processes of the server ``pid``: its children, those its fork server
    forked (server/ssh/forkserver.py) in place of the fork server itself."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, IndexError, ValueError):
            if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(stat.parent.name))
    forks = [child for child in found if is_fork_server(child)]
    return [child for child in found if child not in forks] + [
        grandchild for fork in forks for grandchild in children_of(fork)]


def _parent_of(pid: int | None) -> int | None:
    with contextlib.suppress(OSError, IndexError, ValueError):
        return int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
    return None


def is_fork_server(pid: int) -> bool:
    with contextlib.suppress(OSError):
        return b"server.ssh.forkserver" in Path(f"/proc/{pid}/cmdline").read_bytes()
    return False


async def warm(web: Any) -> float | None:
    """Start the web gateway's fork server and wait until it forks (the sessions then
    start as a host's do, once the server has run a little); the seconds it took."""
    if web.forks is None:
        return None
    start = time.perf_counter()
    web.forks.warm_up()
    await until(lambda: web.forks.ready)
    return round(time.perf_counter() - start, 1)


async def game_player(port: int) -> Any:
    """A terminal player on the same server, playing Puerto Rico against a bot and timing
    each move's acknowledgement: what the browser sessions cost the game's players."""
    from server.tools.search_bench import Player

    return await Player.join(port)


async def many_sessions(browser: Any, data: Path, sessions: int, seconds: float,
                        rate: float) -> dict[str, Any]:
    """``sessions`` pages at once against a `prtui serve` of its own (not this process,
    whose loop also drives the browser)."""

    proc, port, url = await serve_process(data, sessions)
    try:
        return await _many(browser, port, url, proc.pid, sessions, seconds, rate)
    finally:
        proc.send_signal(signal.SIGTERM)
        await asyncio.wait_for(proc.communicate(), 60)


async def _many(browser: Any, port: int, url: str, pid: int, sessions: int, seconds: float,
                rate: float) -> dict[str, Any]:
    from prtui.netclient import Client

    maker = await Client.connect("127.0.0.1", port, "maker")
    for _ in range(2):  # rows for the cursor to move over; seated in, so that they stay
        # (a room nobody sits in closes after a minute, and the lobby's rows change)
        rid = (await maker.command("create_room", game="san-juan", players=2,
                                   options={}))["room"]
        await maker.command("join_room", room=rid, as_="player")
        await maker.command("take_seat", room=rid, seat=0)
    relays = [await source_relay(url, f"127.0.2.{i + 1}") for i in range(sessions)]
    try:
        return await _typing(browser, port, pid, sessions, seconds, rate, maker,
                             [relay_url for _r, relay_url in relays])
    finally:
        for relay, _u in relays:
            relay.close()


async def _typing(browser: Any, port: int, pid: int, sessions: int, seconds: float,
                  rate: float, maker: Any, urls: list[str]) -> dict[str, Any]:
    pages = [await open_page(browser, urls[i], f"10.3.0.{i + 1}") for i in range(sessions)]
    start = time.perf_counter()
    await asyncio.gather(*(page.goto(f"{urls[i]}/play?name=p{i}")
                           for i, (_c, page, _s) in enumerate(pages)))
    def shows_rooms(screen: PageScreen) -> Callable[[], bool]:
        return lambda: "Rooms" in screen.text

    await asyncio.gather(*(until(shows_rooms(s), 300.0) for _c, _p, s in pages))
    all_lobbies_s = time.perf_counter() - start
    for _c, page, screen in pages:
        screen.stop()
        await page.focus(".xterm-helper-textarea")
    await asyncio.sleep(SETTLE_S)  # twenty children and pages starting: not steady play
    load_before = os.getloadavg()[0]
    latencies: list[float] = []
    missed = 0

    async def typist(page: Any, offset: float) -> None:
        nonlocal missed
        await asyncio.sleep(offset)
        end = time.perf_counter() + seconds
        keys = ["ArrowDown", "ArrowUp"]
        i = 0
        while time.perf_counter() < end:
            tick = time.perf_counter()
            got = await key_latency(page, keys[i % 2])
            i += 1
            if got is None:
                missed += 1
            else:
                latencies.append(got)
            await asyncio.sleep(max(0.0, 1.0 / rate - (time.perf_counter() - tick)))

    player = await game_player(port)
    try:
        await asyncio.gather(player.play(time.monotonic() + seconds), *(
            typist(p, i / (sessions * rate)) for i, (_c, p, _s) in enumerate(pages)))
    finally:
        await player.close()
    load_after = os.getloadavg()[0]
    children = children_of(pid)
    mem = [memory_kib(child) for child in children]
    serve_rss = memory_kib(pid)[0]
    for context, _p, _s in pages:
        await context.close()
    await maker.close()
    await until(lambda: not children_of(pid), 60.0)
    return {"sessions": sessions, "addresses": len(urls), "seconds": seconds, "keys_per_s_each": rate,
            "all_lobbies_s": round(all_lobbies_s, 2), "key": percentiles(latencies),
            "keys_without_update": missed, "settle_s": SETTLE_S,
            "actions": percentiles(player.act_ms),
            "load_1min": [round(load_before, 1), round(load_after, 1)],
            "child_rss_mib_mean": round(statistics.mean(m[0] for m in mem) / 1024, 1),
            "child_pss_mib_mean": round(statistics.mean(m[1] for m in mem) / 1024, 1),
            "children_pss_mib_total": round(sum(m[1] for m in mem) / 1024, 1),
            "children": len(children), "serve_rss_mib": round(serve_rss / 1024, 1)}


async def measure(sessions: int, samples: int, seconds: float, rate: float,
                  chromium: str) -> dict[str, Any]:
    from playwright.async_api import async_playwright

    from server.net.server import GameServer
    from server.web.gateway import start_web

    load_at_start = os.getloadavg()[0]  # other work on the machine (it is shared)
    with tempfile.TemporaryDirectory() as tmp:
        server = GameServer(Path(tmp) / "server", host="127.0.0.1", port=0)
        port = await server.start()
        web = await start_web(host="127.0.0.1", port=0, game_host="127.0.0.1", game_port=port,
                              data_dir=Path(tmp) / "server", relay_proof=server.relay_proof,
                              max_sessions=sessions + 2, trusted_proxies=["127.0.0.1"])
        url = f"http://127.0.0.1:{web.port}"
        warm_s = await warm(web)
        try:
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=chromium, headless=True)
                try:
                    one = await one_session(browser, url, server, web, samples)
                    many = (await many_sessions(browser, Path(tmp) / "many", sessions,
                                                seconds, rate) if sessions > 0 else None)
                finally:
                    await browser.close()
        finally:
            await web.close()
            await server.stop()
    return {"one": one, "many": many, "fork_server_warm_s": warm_s, "target_ms": TARGET_MS,
            "cores": os.cpu_count(),
            "load_1min_at_start": round(load_at_start, 1)}


def run_web_bench(args: Namespace) -> int:
    chromium = chromium_path()
    if chromium is None:
        print("prtui bench web: no Chromium (apt-get install chromium)", flush=True)
        return 2
    result = asyncio.run(measure(int(args.sessions), int(args.samples), float(args.seconds),
                                 float(args.rate), chromium))
    if getattr(args, "json", False):
        print(json.dumps(result))
    else:
        print(json.dumps(result, indent=1))
    return 0

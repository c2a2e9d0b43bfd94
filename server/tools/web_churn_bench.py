"""`prtui bench web-churn`: other games' moves while one address churns browser sessions
(issue 33, item 6: one address started 97 TUI processes in 30 s and the action p99 of
every game on the server went from 9.5 to 148 ms).

A real `prtui serve --web-port` of its own on loopback. ``--players`` terminal players,
each from an address of its own (127.0.3.N), play Puerto Rico against a random bot and
time each `act` to its `ack`: first for ``--seconds`` alone (the figures without churn),
then for ``--seconds`` more while ``--churners`` clients from one address (127.0.4.1)
open browser sessions as fast as the gateway lets them: each opens the websocket, waits
for the session's first screen (a whole TUI process started and drew) or its refusal,
closes it and goes again at once. Every other attempt first fetches the game page for a
fresh browser cookie (a new browser each time, whose home is kept), the others send no
cookie (a script, whose home goes with its session), and the homes under
``DATA/web/homes`` are counted meanwhile: they must stay within ``--max-homes`` (plus
the sessions alive). Target: the players' action p99 under 50 ms with the churn.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

from server.tools.limits_bench import GUARD_S
from server.tools.probe import Probe
from server.tools.search_bench import Player
from server.tools.web_bench import children_of, percentiles

ACT_P99_TARGET_MS = 50.0
CHURN_ADDRESS = "127.0.4.1"
WARM_UP_S = 3.0  # the first moves (the bot pool starting, the first rooms) are not timed
REFUSALS = {  # what the page says: the kind of refusal
    "too many new sessions from your address": "refused_rate",
    "too many sessions from your address": "refused_address",
    "this server is full": "refused_full",
}


async def serve(data: Path, max_homes: int, starts_per_minute: float
                ) -> tuple[asyncio.subprocess.Process, int, str]:
    """`prtui serve --web-port 0` with the gateway's default caps; (process, game port,
    web address). Its stderr goes to ``data``'s log (a pipe nobody reads would stall it)."""
    data.mkdir(parents=True, exist_ok=True)
    with (data / "serve.log").open("wb") as log:
        proc = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "prtui", "serve", "--data", str(data / "data"),
            "--port", "0", "--web-port", "0", "--web-max-homes", str(max_homes),
            "--web-starts-per-minute", str(starts_per_minute),
            stdout=asyncio.subprocess.PIPE, stderr=log, stdin=asyncio.subprocess.DEVNULL)
    assert proc.stdout is not None
    port, url = 0, ""
    while not (port and url):
        line = (await asyncio.wait_for(proc.stdout.readline(), GUARD_S)).decode()
        if not line:
            raise RuntimeError(f"prtui serve ended before it served: {(data / 'serve.log')}")
        if line.startswith("prtui server on "):
            port = int(line.split()[3].rsplit(":", 1)[1])
        elif line.startswith("web on "):
            url = line.split()[-1].rstrip("/")
    return proc, port, url


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of ``pid`` so far (its children not included)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def run_queue_s(pid: int) -> float:
    """Seconds the server's main thread (its event loop) has waited for a CPU while
    ready to run (/proc/PID/schedstat): what other processes' work costs its games."""
    try:
        return int(Path(f"/proc/{pid}/schedstat").read_text().split()[1]) / 1e9
    except (OSError, IndexError, ValueError):
        return 0.0


class Churn:
    """The churning address's clients and what happened to their attempts."""

    def __init__(self, url: str, homes: Path) -> None:
        self.url = url
        self.homes = homes
        self.outcomes: Counter[str] = Counter()
        self.start_ms: list[float] = []  # websocket opened -> the session's first screen
        self.homes_max = 0
        self.sessions_max = 0

    def count_homes(self) -> int:
        try:
            return sum(1 for p in self.homes.iterdir() if p.is_dir())
        except OSError:
            return 0

    async def watch(self, pid: int, stop: asyncio.Event) -> None:
        while not stop.is_set():
            self.homes_max = max(self.homes_max, self.count_homes())
            self.sessions_max = max(self.sessions_max, sum(
                1 for c in children_of(pid) if b"connect" in _cmdline(c)))
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(stop.wait(), 0.2)

    async def client(self, n: int, until: float) -> None:
        import aiohttp

        connector = aiohttp.TCPConnector(local_addr=(CHURN_ADDRESS, 0), force_close=True)
        async with aiohttp.ClientSession(connector=connector,
                                         cookie_jar=aiohttp.DummyCookieJar()) as http:
            attempt = 0
            while True:  # at least one attempt each, however short the phase
                attempt += 1
                try:
                    kind = await self.attempt(http, f"c{n}x{attempt}", attempt % 2 == 0)
                except (aiohttp.ClientError, OSError, TimeoutError) as exc:
                    kind = f"failed ({type(exc).__name__})"
                self.outcomes[kind] += 1
                if time.monotonic() >= until:
                    return

    async def attempt(self, http: Any, name: str, new_browser: bool) -> str:
        """One session opened and closed: what became of it."""
        import aiohttp

        headers = {}
        if new_browser:  # a new browser: its cookie, and so a home that stays
            async with http.get(f"{self.url}/play", params={"name": name},
                                allow_redirects=False) as page:
                cookie = page.cookies.get("prtui_browser")
                if cookie is not None:
                    headers["Cookie"] = f"prtui_browser={cookie.value}"
        t0 = time.perf_counter()
        async with http.ws_connect(f"{self.url}/ws/play/{name}?width=80&height=24",
                                   headers=headers, timeout=aiohttp.ClientWSTimeout(
                                       ws_close=GUARD_S)) as ws:
            said = b""
            async with asyncio.timeout(GUARD_S):
                async for message in ws:
                    if message.type != aiohttp.WSMsgType.BINARY:
                        continue
                    said += message.data
                    text = said.decode("utf-8", "replace")
                    for words, kind in REFUSALS.items():
                        if words in text:
                            return kind
                    if len(said) > 200:  # the TUI's first screen, not a refusal's line
                        self.start_ms.append((time.perf_counter() - t0) * 1000)
                        return "started"
            return "closed"  # ended before it drew anything


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


async def phase(players: list[Player], seconds: float) -> tuple[list[float], float]:
    """The players' moves over ``seconds`` (and at least one move): their times, and how
    long the phase took."""
    marks = [len(p.act_ms) for p in players]
    t0 = time.monotonic()
    deadline = t0 + GUARD_S + seconds

    def moves() -> int:
        return sum(len(p.act_ms) - m for p, m in zip(players, marks, strict=True))

    while time.monotonic() - t0 < seconds or (moves() == 0 and time.monotonic() < deadline):
        await asyncio.sleep(0.1)
    return [x for p, m in zip(players, marks, strict=True) for x in p.act_ms[m:]], \
        time.monotonic() - t0


async def measure(n_players: int, seconds: float, churners: int, max_homes: int,
                  starts_per_minute: float) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="prtui-web-churn-") as tmp:
        proc, port, url = await serve(Path(tmp), max_homes, starts_per_minute)
        try:
            return await _measure(proc.pid, port, url, Path(tmp), n_players, seconds,
                                  churners, max_homes) | {
                "players": n_players, "seconds": seconds, "churners": churners,
                "max_homes": max_homes, "starts_per_minute": starts_per_minute,
                "cores": os.cpu_count(), "target_ms": ACT_P99_TARGET_MS}
        finally:
            proc.terminate()
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(proc.wait(), GUARD_S)
            if proc.returncode is None:
                proc.kill()
                await proc.wait()


async def _measure(pid: int, port: int, url: str, tmp: Path, n_players: int, seconds: float,
                   churners: int, max_homes: int) -> dict[str, Any]:
    players = [Player(await Probe.connect("127.0.0.1", port, f"player{i}", timeout=GUARD_S,
                                          local_addr=(f"127.0.3.{i + 1}", 0)))
               for i in range(n_players)]
    games = [asyncio.create_task(p.play(time.monotonic() + 10 * GUARD_S)) for p in players]
    try:
        await asyncio.sleep(WARM_UP_S)
        load = [os.getloadavg()[0]]
        cpu0, wait0, own0 = cpu_s(pid), run_queue_s(pid), run_queue_s(os.getpid())
        quiet, quiet_s = await phase(players, seconds)
        cpu1, wait1, own1 = cpu_s(pid), run_queue_s(pid), run_queue_s(os.getpid())
        load.append(os.getloadavg()[0])
        # the churn from a process of its own: its clients' work must not delay this
        # loop, which times the players' moves
        churning = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "server.tools.web_churn_bench", url, str(seconds),
            str(churners), str(pid), str(tmp / "data" / "web" / "homes"),
            stdout=asyncio.subprocess.PIPE, stdin=asyncio.subprocess.DEVNULL)
        busy, busy_s = await phase(players, seconds)
        cpu2, wait2, own2 = cpu_s(pid), run_queue_s(pid), run_queue_s(os.getpid())
        load.append(os.getloadavg()[0])
        out, _ = await asyncio.wait_for(churning.communicate(), 2 * GUARD_S)
    finally:
        for game in games:
            game.cancel()
        await asyncio.gather(*games, return_exceptions=True)
        for p in players:
            await p.close()
    for failed in games:
        if failed.done() and not failed.cancelled() and failed.exception() is not None:
            raise RuntimeError(f"a player's game failed: {failed.exception()!r}")
    if churning.returncode != 0:
        raise RuntimeError(f"the churning process failed ({churning.returncode})")
    churn = json.loads(out.decode().strip().splitlines()[-1])
    log = (tmp / "serve.log").read_text(errors="replace")
    return {
        "bench": "web-churn",
        "quiet": {**percentiles(quiet), "server_cpu_pct": round(100 * (cpu1 - cpu0) / quiet_s),
                  "server_waiting_for_cpu_pct": round(100 * (wait1 - wait0) / quiet_s, 1),
                  "players_waiting_for_cpu_pct": round(100 * (own1 - own0) / quiet_s, 1)},
        "churn": {**percentiles(busy), "server_cpu_pct": round(100 * (cpu2 - cpu1) / busy_s),
                  "server_waiting_for_cpu_pct": round(100 * (wait2 - wait1) / busy_s, 1),
                  "players_waiting_for_cpu_pct": round(100 * (own2 - own1) / busy_s, 1)},
        **churn,
        "homes_bounded": churn["homes_max"] <= max_homes + 2 * churners,
        "load_1min": [round(x, 1) for x in load],
        "log_lines": len(log.splitlines()), "tracebacks": log.count("Traceback"),
        "within_target": bool(busy) and percentiles(busy).get("p99_ms", 1e9)
        < ACT_P99_TARGET_MS,
    }


async def churn_process(url: str, seconds: float, churners: int, pid: int,
                        homes: Path) -> dict[str, Any]:
    """The churning address, run as `python -m server.tools.web_churn_bench`: what became
    of its attempts, and the most homes and sessions seen meanwhile."""
    churn = Churn(url, homes)
    stop = asyncio.Event()
    watcher = asyncio.create_task(churn.watch(pid, stop))
    until = time.monotonic() + seconds
    await asyncio.gather(*(churn.client(n, until) for n in range(churners)))
    await _until(lambda: not any(b"connect" in _cmdline(c) for c in children_of(pid)))
    stop.set()
    await watcher
    outcomes = dict(churn.outcomes)
    return {
        "attempts": sum(outcomes.values()), "outcomes": outcomes,
        "started": outcomes.get("started", 0),
        "refused": sum(v for k, v in outcomes.items() if k.startswith("refused")),
        "session_start_ms": percentiles(churn.start_ms),
        "sessions_at_once_max": churn.sessions_max,
        "homes_max": churn.homes_max, "homes_after": churn.count_homes(),
    }


async def _until(predicate: Any, limit_s: float = GUARD_S) -> None:
    deadline = time.monotonic() + limit_s
    while not predicate() and time.monotonic() < deadline:
        await asyncio.sleep(0.1)


def run_web_churn_bench(args: Any) -> int:
    players = int(getattr(args, "players", 4))
    seconds = float(getattr(args, "seconds", 30.0))
    churners = int(getattr(args, "churners", 4))
    max_homes = int(getattr(args, "max_homes", 5))
    per_minute = float(getattr(args, "starts_per_minute", 12.0))
    if not 1 <= players <= 50 or seconds <= 0 or not 1 <= churners <= 64 or max_homes < 1 \
            or per_minute <= 0:
        print("prtui bench web-churn: --players 1..50, --seconds > 0, --churners 1..64, "
              "--max-homes >= 1, --starts-per-minute > 0", file=sys.stderr)
        return 2
    fig = asyncio.run(measure(players, seconds, churners, max_homes, per_minute))
    if getattr(args, "json", False):
        print(json.dumps(fig, separators=(",", ":")))
    else:
        print(f"web churn bench: {players} players, {churners} clients from one address "
              f"churning browser sessions, {seconds:g} s each phase")
        for key, title in (("quiet", "without churn"), ("churn", "with churn")):
            f = fig[key]
            print(f"  act {title}: p50 {f.get('p50_ms')} ms, p95 {f.get('p95_ms')} ms, p99 "
                  f"{f.get('p99_ms')} ms over {f.get('n')} moves; server CPU "
                  f"{f['server_cpu_pct']} %, waiting for a CPU {f['server_waiting_for_cpu_pct']} % (the players' "
                  f"process {f['players_waiting_for_cpu_pct']} %)")
        print(f"  {fig['attempts']} attempts: {fig['outcomes']}; homes at most "
              f"{fig['homes_max']} (cap {max_homes}), {fig['homes_after']} after; load "
              f"{fig['load_1min']}")
    return 0 if fig["within_target"] and fig["homes_bounded"] else 1


if __name__ == "__main__":
    _url, _seconds, _churners, _pid, _homes = sys.argv[1:6]
    print(json.dumps(asyncio.run(churn_process(_url, float(_seconds), int(_churners),
                                               int(_pid), Path(_homes)))))

"""Play in a browser: ``prtui serve --web-port 8080``, then open http://HOST:8080/.

Interface (as server/ssh/gateway.py's, called by server/net/serve_cli.py)::

    gateway = await start_web(host="127.0.0.1", port=8080,   # port 0: any free port
                              game_host="127.0.0.1", game_port=7797, data_dir=Path(...),
                              max_sessions=32, max_sessions_per_address=8,
                              relay_proof=server.relay_proof)
    ...
    await gateway.close()   # stops listening, ends every session and its child

``/`` asks the player's name; ``/play?name=NAME`` (or ``/watch``) is the page whose
websocket (``/ws/play/NAME``, ``/ws/watch``) runs one ``prtui connect`` (or ``spectate``)
child per tab, the way an SSH session does: the same name cleaning, a private home per
identity under ``data_dir/ssh/homes``, the player's address relayed to the game server
with its proof, the same caps per server and per address, a keep-alive that notices a
dead browser, and the child ended when the tab closes (server/web/child.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import Awaitable, Callable, Sequence
from functools import partial
from pathlib import Path
from urllib.parse import quote, urlsplit

import jinja2
import textual_serve
from aiohttp import WSMsgType, web
from textual_serve.download_manager import DownloadManager

from server.i18n import N_, SOURCE
from server.net.addresses import canonical_address, is_loopback, limit_key
from server.says import say
from server.ssh import fds, forks
from server.ssh.auth import MAX_NAME, Identity, clean_name
from server.ssh.forks import ForkServer
from server.ssh.gateway import (
    KEEPALIVE_S,
    MAX_SESSIONS_PER_ADDRESS,
    PEER_ENV,
    PEER_PROOF_ENV,
    PLAYER_LANG_ENV,
    default_command,
    fork_server_env,
    host_env,
)
from server.ssh.homes import home_env
from server.web import keys as browser_keys
from server.web.child import WebChild
from server.web.door import (
    HEADER_TIMEOUT_S,
    MAX_WAITING,
    MAX_WAITING_PER_ADDRESS,
    Door,
    GuardedSite,
    QuietHttpLog,
    guarded,
)
from server.web.homes import IDLE_DAYS, MAX_HOMES, WebHomes
from server.web.hosts import AllowedHosts
from server.web.language import page_language
from server.web.pages import TERMINAL, WELCOME, html_lang, words
from server.web.places import STARTS_PER_MINUTE, SessionPlaces, StartRate

log = logging.getLogger("prtui.web")

REFUSAL_PAUSE_S = 1.0
"""A refused session (a cap or the start rate) is answered this long after it asked, the
handshake included: a page reading why waits a second, and a script that asks again the
moment it is refused gets an answer a second per connection the door lets it hold
(docs/web.md), not hundreds, each of which cost the server's loop a whole handshake
(issue 33: 215 refusals a second took other games' action p99 from 14 to 54 ms)."""
PAGE_CLOSE_S = 10.0  # a page's websocket close (aiohttp's own wait); then it is cut
SHUTDOWN_PAGE_CLOSE_S = 1.0  # the same while the server stops
MAX_INPUT_MESSAGE = 1 << 16  # keys and resizes are tiny; a bigger frame is not a browser's
_SIZE_RANGE = (10, 500)  # columns and rows a page may ask for
_TEMPLATES = jinja2.Environment(
    loader=jinja2.PackageLoader("server.web", "templates"), autoescape=True
)
ChildArgv = Callable[[Identity], Sequence[str]]


NO_CLIENT = N_("prtui: cannot start the game client: {error}")


def reader_language(request: web.Request) -> str:
    """The language the page asked for (its Accept-Language), else English."""
    return page_language(request.headers.get("Accept-Language")) or SOURCE


def _size(value: str | None, default: int) -> int:
    try:
        return min(max(int(value or default), _SIZE_RANGE[0]), _SIZE_RANGE[1])
    except ValueError:
        return default


class WebGateway:
    """The web listener plus the bookkeeping of live browser sessions and their children."""

    def __init__(self, *, game_host: str, game_port: int, data_dir: Path, places: SessionPlaces,
                 relay_proof: Callable[[str], str] | None = None, public_url: str | None = None,
                 trusted_proxies: Sequence[str] = (), command: ChildArgv | None = None,
                 door: Door | None = None, hosts: AllowedHosts | None = None,
                 starts: StartRate | None = None, homes: WebHomes | None = None,
                 fork_server: bool = True) -> None:
        self.game_host = game_host
        self.game_port = game_port
        self.data_dir = data_dir
        self.places = places
        self.door = door if door is not None else Door(
            sessions=places.max_sessions, sessions_per_address=places.max_per_address)
        self.hosts = hosts if hosts is not None else AllowedHosts("127.0.0.1",
                                                                  public_url=public_url)
        self.starts = starts if starts is not None else StartRate()
        self.homes = homes if homes is not None else WebHomes(data_dir)
        self.public_url = public_url.rstrip("/") if public_url else None
        self.trusted_proxies = {canonical_address(a) for a in trusted_proxies}
        self._relay_proof = relay_proof
        self._command = command
        self._downloads = DownloadManager()
        # the children's warm parent, started with the first `prtui` child (forks.py)
        self.forks = ForkServer(fork_server_env(os.environ)) if fork_server else None
        self._children: set[WebChild] = set()
        # each page's websocket and its connection (cut when the page does not read)
        self._sockets: dict[web.WebSocketResponse, asyncio.Transport | None] = {}
        self._runner: web.AppRunner | None = None
        self._stopping = False
        self.port = 0
        # a refused session is answered after a pause (tests replace it)
        self.refusal_pause: Callable[[], Awaitable[None]] = partial(asyncio.sleep,
                                                                     REFUSAL_PAUSE_S)

    @property
    def children(self) -> frozenset[WebChild]:
        return frozenset(self._children)

    async def listen(self, host: str, port: int) -> None:
        app = web.Application(middlewares=[self._only_our_hosts, self._through_the_door])
        static = Path(textual_serve.__file__).parent / "static"
        app.add_routes([
            web.get("/", self.welcome),
            web.get("/play", self.page),
            web.get("/watch", self.page),
            web.get("/ws/{role:play|watch}/{name}", self.session),
            web.get("/ws/{role:play|watch}", self.session),
            web.static("/static", static),
        ])
        # an idle keep-alive connection, half-sent request or not, ends as a new one would
        self._runner = web.AppRunner(app, access_log=None, handle_signals=False,
                                     keepalive_timeout=self.door.header_timeout_s,
                                     logger=QuietHttpLog())
        await self._runner.setup()
        fds.quiet_accept_errors(asyncio.get_running_loop())
        await GuardedSite(self._runner, host, port, self.door).start()
        self.port = int(self._runner.addresses[0][1])  # the one bound when port was 0

    @web.middleware
    async def _only_our_hosts(self, request: web.Request,
                              handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                              ) -> web.StreamResponse:
        """DNS rebinding: a page of a name we do not serve gets nothing (hosts.py)."""
        if not self.hosts.allows(request.headers.get("Host")):
            self.door.note("unknown Host", self.client_address(request))  # i18n: the door's log note
            raise web.HTTPMisdirectedRequest(text=say(N_(
                "prtui: this server does not answer to that name (--web-host-name)")).to(
                    reader_language(request)) + "\n")
        return await handler(request)

    @web.middleware
    async def _through_the_door(self, request: web.Request,
                                handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
                              ) -> web.StreamResponse:
        """A connection with a request under way no longer counts as waiting (door.py)."""
        connection = guarded(request.transport)
        if connection is not None:
            connection.request_started()
        try:
            return await handler(request)
        finally:
            if connection is not None:
                connection.request_ended()

    # -- pages ---------------------------------------------------------------------------

    def base_url(self, request: web.Request) -> str:
        """Where the browser reached us: --web-public-url, else the request's own host
        (a trusted proxy's X-Forwarded-Proto says whether it was https)."""
        if self.public_url:
            return self.public_url
        scheme = request.scheme
        if self._from_proxy(request):
            scheme = request.headers.get("X-Forwarded-Proto", scheme).split(",")[0].strip()
        return f"{scheme}://{request.host}"

    async def welcome(self, request: web.Request) -> web.Response:
        lang = reader_language(request)
        text = _TEMPLATES.get_template("welcome.html").render(
            max_name=MAX_NAME, lang=html_lang(lang), t=words(WELCOME, lang, columns=MAX_NAME))
        return web.Response(text=text, content_type="text/html")

    async def page(self, request: web.Request) -> web.Response:
        watch = request.path.endswith("/watch")
        name = clean_name(request.query.get("name", "")) if not watch else ""
        if not watch and not request.query.get("name", "").strip():
            raise web.HTTPFound("./")
        base = self.base_url(request)
        ws_base = ("wss:" if base.startswith("https:") else "ws:") + base.split(":", 1)[1]
        ws = f"{ws_base}/ws/watch" if watch else f"{ws_base}/ws/play/{quote(name, safe='')}"
        lang = reader_language(request)
        title = words(TERMINAL, lang, title="")["watching"] if watch else f"prtui: {name}"
        text = _TEMPLATES.get_template("terminal.html").render(
            title=title, lang=html_lang(lang), t=words(TERMINAL, lang, title=title), websocket_url=ws,
            static_url=f"{base}/static/", again_url=f"{base}/",
            font_size=_size(request.query.get("fontsize"), 16),
        )
        response = web.Response(text=text, content_type="text/html")
        if not browser_keys.valid(request.cookies.get(browser_keys.COOKIE)):  # this browser's key (keys.py)
            response.set_cookie(browser_keys.COOKIE, browser_keys.new_secret(), max_age=browser_keys.COOKIE_AGE_S,
                                path="/", httponly=True, samesite="Strict",  # i18n: a cookie attribute
                                secure=base.startswith("https:"))
        return response

    # -- sessions --------------------------------------------------------------------------

    def client_address(self, request: web.Request) -> str:
        """The player's address: the peer's, or the one a trusted proxy says it saw."""
        if self._from_proxy(request):
            forwarded = request.headers.get("X-Forwarded-For", "").split(",")[-1].strip()
            if forwarded:
                return canonical_address(forwarded)
        return canonical_address(request.remote or "?")

    def _from_proxy(self, request: web.Request) -> bool:
        return canonical_address(request.remote or "?") in self.trusted_proxies

    def same_origin(self, request: web.Request) -> bool:
        """Whether the websocket comes from our own page. Browsers send any site's page's
        Origin as it is: without this check, another site a player visits could open a
        session under their name (taking back their seat) and read their screen."""
        origin = request.headers.get("Origin")
        if origin is None:  # not a browser (scripts, tests): nothing to protect there
            return True
        ours = {urlsplit(self.base_url(request)).netloc, request.host}
        return urlsplit(origin).netloc in ours

    async def session(self, request: web.Request) -> web.StreamResponse:
        """One tab: a place, a child, keys in and screen out until either side ends."""
        if not self.same_origin(request):
            log.info("web: refused a websocket from %s", request.headers.get("Origin"))
            raise web.HTTPForbidden(text=say(N_("prtui: this page may not open a session here")
                                             ).to(reader_language(request)))
        ws = web.WebSocketResponse(heartbeat=KEEPALIVE_S, max_msg_size=MAX_INPUT_MESSAGE)
        address = self.client_address(request)
        refusal = self.places.claim(address)
        if refusal is None:
            refusal = self.starts.take(address)
            if refusal is not None:
                self.places.release(address)
        if refusal is not None:
            log.info("web: refused %s: %s", address, refusal)
            said = refusal.to(reader_language(request))
            await self.refusal_pause()
            try:
                await ws.prepare(request)
            except ConnectionError:  # gone before the answer: nothing to tell
                return web.Response(status=429, text=said)
            with contextlib.suppress(ConnectionError):
                await ws.send_bytes(f"\r\n{said}\r\n".encode())
            await self._close_page(ws, request.transport)
            return ws
        try:
            await ws.prepare(request)
        except BaseException as exc:
            self.places.release(address)
            if isinstance(exc, ConnectionError):  # the tab is gone already
                return web.Response(status=499)
            raise
        watch = request.match_info["role"] == "watch"
        name = clean_name(request.match_info.get("name", ""))
        identity = browser_keys.browser_identity(name, watch, request.cookies.get(browser_keys.COOKIE))
        self._sockets[ws] = request.transport
        child: WebChild | None = None
        home: Path | None = None
        try:
            argv, env, home = self.child_command(
                identity, address, page_language(request.headers.get("Accept-Language")))
            self.homes.take(home)
            child = WebChild(argv, env, home, forks=self.forks, write_bytes=ws.send_bytes,
                             write_str=ws.send_str, close=ws.close,
                             download_manager=self._downloads)
            self._children.add(child)
            await child.start(_size(request.query.get("width"), 80),
                              _size(request.query.get("height"), 24))
            log.info("web session for %s from %s: child %s", name, address, child.pid)
            keys = asyncio.create_task(self._keys(ws, child))
            screen = child.finished
            assert screen is not None
            await asyncio.wait({keys, screen}, return_when=asyncio.FIRST_COMPLETED)
            keys.cancel()
        except Exception as exc:  # whatever it was, the page gets a line
            log.exception("cannot run the TUI for %s", name)
            with contextlib.suppress(Exception):
                said = say(NO_CLIENT, error=str(exc)).to(reader_language(request))
                await ws.send_bytes(f"\r\n{said}\r\n".encode())
        finally:
            if child is not None:
                await child.stop()
                self._children.discard(child)
            if home is not None:
                self.homes.give_back(home, remove=browser_keys.is_once(identity))
            self.places.release(address)
            await self._close_page(ws, self._sockets.pop(ws, None))
        return ws

    async def _keys(self, ws: web.WebSocketResponse, child: WebChild) -> None:
        """The page's messages (textual-serve's: stdin, resize, ping, blur, focus); a
        malformed one is dropped, never fatal: only a close ends the session."""
        async for message in ws:
            if message.type != WSMsgType.TEXT:
                continue
            try:
                kind, data = json.loads(message.data)[:2]
            except (ValueError, TypeError, RecursionError):  # deep nesting too
                continue
            try:
                await self._message(ws, child, kind, data)
            except (ValueError, TypeError) as exc:
                log.debug("web: dropped a page message: %s", exc)

    async def _message(self, ws: web.WebSocketResponse, child: WebChild, kind: object,
                       data: object) -> None:
        if kind == "stdin" and isinstance(data, str):
            # a lone surrogate is no character: dropped, the rest of the keys go through
            await child.send_bytes(data.encode("utf-8", "ignore"))
        elif kind == "resize" and isinstance(data, dict):
            await child.set_terminal_size(_size(str(data.get("width")), 80),
                                          _size(str(data.get("height")), 24))
        elif kind == "ping" and isinstance(data, str):  # the page sends its clock as text
            await ws.send_json(["pong", data])
        elif kind == "blur":
            await child.blur()
        elif kind == "focus":
            await child.focus()

    def child_command(self, identity: Identity, address: str, language: str | None = None
                      ) -> tuple[Sequence[str], dict[str, str], Path]:
        """The argv, environment and working directory of one tab's TUI child: the SSH
        child's, but for the terminal, which is the page (``language``: the page's)."""
        if self._command is not None:
            argv = self._command(identity)
        else:
            argv = default_command(identity, self.game_host, self.game_port)
        env = host_env(os.environ)  # the SSH child's allow-list: no host secrets
        home = self.homes.home(identity)
        env.update(home_env(home))
        env.update({"TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8"})
        if "UTF-8" not in env.get("LC_ALL", "UTF-8").upper():
            env["LC_ALL"] = "C.UTF-8"
        env["PRTUI_SSH_IDENTITY"] = identity.key  # a remote player: the client's own checks
        env[PLAYER_LANG_ENV] = language or ""  # the page's, never the host's locale
        if self._relay_proof is not None and address:
            env[PEER_ENV] = address
            env[PEER_PROOF_ENV] = self._relay_proof(address)
        return argv, env, home

    async def close(self) -> None:
        """Stop listening, end every child, then every page's connection."""
        self._stopping = True
        runner, self._runner = self._runner, None
        if runner is not None:
            for site in list(runner.sites):
                await site.stop()
        await asyncio.gather(*(child.stop() for child in list(self._children)),
                             return_exceptions=True)
        if self.forks is not None:
            await self.forks.close()
        await asyncio.gather(*(self._close_page(ws, transport)
                               for ws, transport in list(self._sockets.items())))
        if runner is not None:
            await runner.cleanup()

    async def _close_page(self, ws: web.WebSocketResponse,
                          transport: asyncio.Transport | None) -> None:
        """A page that reads gets a websocket close; one that does not is cut off. A
        close waits for its frame to get through, then for the page's answer: a frozen
        tab lets neither happen, and 8 of them kept every session's handler, and so the
        gateway, from closing at SIGTERM (issue 33, item 9). While the server stops, a
        page gets a second for it."""
        try:
            async with asyncio.timeout(SHUTDOWN_PAGE_CLOSE_S if self._stopping else PAGE_CLOSE_S):
                await ws.close()
        except Exception:  # the timeout too: whatever it was, the page is cut off
            pass
        if transport is not None and not transport.is_closing():
            transport.abort()


async def start_web(*, host: str, port: int, game_host: str, game_port: int, data_dir: Path,
                    max_sessions: int = 32,
                    max_sessions_per_address: int = MAX_SESSIONS_PER_ADDRESS,
                    relay_proof: Callable[[str], str] | None = None,
                    public_url: str | None = None, trusted_proxies: Sequence[str] = (),
                    host_names: Sequence[str] = (), max_waiting: int = MAX_WAITING,
                    max_waiting_per_address: int = MAX_WAITING_PER_ADDRESS,
                    header_timeout_s: float = HEADER_TIMEOUT_S,
                    starts_per_minute: float = STARTS_PER_MINUTE, max_homes: int = MAX_HOMES,
                    home_days: float = IDLE_DAYS,
                    command: ChildArgv | None = None, fork_server: bool | None = None,
                    warm_fork_server: bool = True) -> WebGateway:
    """Start the web gateway; ``command`` replaces the TUI child's argv (tests). The
    limits and their flags are listed in docs/web.md. ``fork_server``: sessions are
    forked by a warm parent (server/ssh/forks.py; by default unless $PRTUI_FORK_SERVER
    is off), started with the gateway
    (``warm_fork_server``) or else with the first session."""
    places = SessionPlaces(max_sessions, max_sessions_per_address)
    proxies = {canonical_address(a) for a in trusted_proxies}
    door = Door(sessions=max_sessions, sessions_per_address=places.max_per_address,
                waiting=max_waiting, waiting_per_address=max_waiting_per_address,
                header_timeout_s=header_timeout_s, fd_ceiling=fds.ceiling(fds.raise_fd_limit()),
                address_of=limit_key, exempt={limit_key(a) for a in proxies})
    if not is_loopback(host):
        log.warning("web on %s:%s: anyone who can reach it can play under any name; put it "
                    "behind a TLS reverse proxy (docs/hosting.md)", host, port)
    gateway = WebGateway(game_host=game_host, game_port=game_port, data_dir=Path(data_dir),
                         places=places, relay_proof=relay_proof, public_url=public_url,
                         trusted_proxies=trusted_proxies, command=command, door=door,
                         hosts=AllowedHosts(host, host_names, public_url),
                         starts=StartRate(starts_per_minute),
                         homes=WebHomes(Path(data_dir), max_homes, home_days),
                         fork_server=forks.wanted(os.environ) if fork_server is None
                         else fork_server)
    await gateway.listen(host, port)
    if gateway.forks is not None and command is None and warm_fork_server:
        gateway.forks.warm_up()  # warm before the first player comes
    log.info("web gateway on %s:%s", host, gateway.port)
    return gateway

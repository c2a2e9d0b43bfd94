"""The `prtui` command: one launcher, one subcommand per use.

Each subcommand's work lives in the module that owns it and is imported only when
that subcommand runs, so `prtui engine` never loads Textual and the client modules
never load the rules.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from importlib import metadata

from prtui.foreign_warnings import route_foreign_warnings

DEFAULT_GAME = "puerto-rico"  # server/games/registry.py's (not imported: a fast start)
GAME_HELP = ("which game, by its name (`prtui engine`'s {\"cmd\":\"games\"} lists every one; "
             f"default: {DEFAULT_GAME})")

DEFAULT_PORT = 7797

# subcommand -> "module:function"; each function takes the parsed args, returns an exit code
_HANDLERS = {
    None: "prtui.launch:run_default",
    "play": "prtui.launch:run_play",
    "connect": "prtui.launch:run_connect",
    "spectate": "prtui.launch:run_spectate",
    "serve": "server.net.serve_cli:run",
    "engine": "server.tools.engine_cli:run",
    "bench": "server.tools.bench:run",
    "arena": "server.bots.arena:run",
    "soak": "prtui.cli:run_soak",
    "web": "server.net.serve_cli:run_web",
    "admin": "server.tools.admin:run",
}


def installed_version() -> str:
    """The version pip installed (pyproject.toml is its one source)."""
    try:
        return metadata.version("prtui")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        return "unknown (not installed)"


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="prtui",
        description="Puerto Rico and San Juan in the terminal. With no command: a new game "
                    "against bots.",
    )
    p.add_argument("--version", action="version", version=f"prtui {installed_version()}")
    p.add_argument("--theme", help="colour theme name (see themes/README.md)")
    p.add_argument("--data", help="data directory of the embedded server (default: user data dir)")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="straight to the board against bots")
    play.add_argument("--game", help=GAME_HELP)
    play.add_argument("--players", type=int, default=4,
                      help="within the game's range (default 4, or the most it takes)")
    _option_arguments(play)
    play.add_argument("--bots", help="levels for the other seats, e.g. hard,easy,easy")
    play.add_argument("--seed", type=int, help="seed for a reproducible game")
    play.add_argument("--theme", default=argparse.SUPPRESS, help="colour theme name")
    play.add_argument("--name", help="your name at the table")
    play.add_argument("--open-vp", action="store_true", help="shortcut for --option open_vp=true")
    play.add_argument("--data", default=argparse.SUPPRESS, help="data directory of the embedded server")

    connect = sub.add_parser("connect", help="join a server's lobby")
    connect.add_argument("address", help="HOST[:PORT]")
    connect.add_argument("--name", help="your name in the lobby")
    connect.add_argument("--theme", default=argparse.SUPPRESS, help="colour theme name")
    connect.add_argument("--token", help="seat token to resume (normally remembered for you)")
    connect.add_argument("--data", default=argparse.SUPPRESS, help="where remembered seat tokens are kept")
    connect.add_argument("--claim", action="store_true",
                         help="claim your name on this server with a password (asked, then "
                              "remembered): from then on only you can use it")
    connect.add_argument("--password", action="store_true",
                         help="your claimed name's password (asked, then remembered)")
    connect.add_argument("--forget-password", action="store_true",
                         help="forget the password remembered for this server and name")

    spectate = sub.add_parser("spectate", help="watch a server's games read-only")
    spectate.add_argument("address", help="HOST[:PORT]")
    spectate.add_argument("room", nargs="?", help="room id to watch straight away")
    spectate.add_argument("--theme", default=argparse.SUPPRESS, help="colour theme name")
    spectate.add_argument("--data", default=argparse.SUPPRESS, help=argparse.SUPPRESS)

    serve = sub.add_parser("serve", help="host a lobby/game server")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (0.0.0.0: LAN)")
    serve.add_argument("--port", type=int, default=DEFAULT_PORT)
    serve.add_argument("--data", help="data directory (default: the user data dir)")
    serve.add_argument("--ssh-port", type=int, help="also serve the TUI over SSH on this port")
    serve.add_argument(
        "--ssh-auth", choices=["open", "password", "keys"], default="open",
        help="SSH authentication mode",
    )
    serve.add_argument("--ssh-password", help="shared password for --ssh-auth password")
    serve.add_argument("--ssh-authorized-keys", help="authorized_keys file for --ssh-auth keys")
    serve.add_argument("--ssh-max-sessions", type=int, default=32)
    serve.add_argument("--ssh-max-per-address", type=int, default=8,
                       help="SSH sessions from one address at once (default 8; up to "
                       "--ssh-max-sessions, e.g. for players behind one NAT address)")
    serve.add_argument("--ssh-max-startups", default="50:30:100", metavar="START:RATE:FULL",
                       help="SSH connections not yet logged in: from START on, RATE%% of new "
                       "ones from addresses already logging in are dropped, rising to all "
                       "at FULL (like OpenSSH's MaxStartups; default 50:30:100)")
    serve.add_argument("--ipv6-prefix", type=int, default=64, metavar="BITS",
                       help="per-address limits count an IPv6 client by this network "
                       "prefix (default 64: one home's /64 is one address)")
    _web_arguments(serve, "--web-port", None)
    _coach_arguments(serve)
    _notify_arguments(serve)
    _log_argument(serve)

    web = sub.add_parser("web", help="play in your browser: a server of your own on loopback")
    web.add_argument("--data", help="data directory (default: the user data dir)")
    _web_arguments(web, "--port", 8080)
    _log_argument(web)

    engine = sub.add_parser("engine", help="JSON-lines engine protocol on stdin/stdout")
    engine.add_argument("--pretty", action="store_true", help=argparse.SUPPRESS)

    bench = sub.add_parser("bench", help="benchmarks")
    bench_sub = bench.add_subparsers(dest="bench_what", metavar="WHAT", required=True)
    be = bench_sub.add_parser("engine", help="random-legal games per second")
    be.add_argument("--players", type=int, default=4)
    be.add_argument("--games", type=int, default=200)
    be.add_argument("--game", help=GAME_HELP)
    _option_arguments(be)
    be.add_argument("--seed", type=int, default=1)
    be.add_argument("--json", action="store_true")
    bs = bench_sub.add_parser("server", help="bot-only games on a loopback server")
    bs.add_argument("--rooms", type=int, help="rooms (default 100; with --find-capacity "
                    "the first size tried, default 250)")
    bs.add_argument("--spectators", type=int, help="a room's spectators (default 2; 0 with "
                    "--find-capacity)")
    bs.add_argument("--seconds", type=float, default=20.0,
                    help="seconds measured (a size's, with --find-capacity), after a warm-up "
                    "of twice the think time, 0.5 to 10 s")
    bs.add_argument("--think", type=float, help="seconds a player waits per move (default 0.5;"
                    " 3 with --find-capacity: human pace)")
    bs.add_argument("--game", help="whose rooms: " + GAME_HELP)
    bs.add_argument("--players", type=int, help="seats a room (default 4)")
    _option_arguments(bs)
    bs.add_argument("--views", default="audience", choices=["audience", "viewer", "both"],
                    help="views by audience (the server's way), a whole view per viewer (the "
                         "old way), or both in one run to compare (default: audience)")
    bs.add_argument("--clients", type=int, help="client processes (default: the cores "
                    "the server does not use)")
    bs.add_argument("--setup-timeout", type=float, metavar="S",
                    help="every table is set up within S seconds, or the bench fails "
                    "(default 120 and 0.05 a room)")
    bs.add_argument("--find-capacity", action="store_true",
                    help="the most rooms whose act->diff p99 stays under --target-p99 at "
                    "human pace, from --rooms doubling then halving the gap")
    bs.add_argument("--max-rooms", type=int, default=4000,
                    help="--find-capacity tries no more rooms than this")
    bs.add_argument("--target-p99", type=float, default=100.0, metavar="MS",
                    help="--find-capacity's latency bound (default 100 ms)")
    bs.add_argument("--json", action="store_true")
    bc = bench_sub.add_parser("client", help="diff-to-screen time of the TUI")
    bc.add_argument("--samples", type=int, default=100)
    bc.add_argument("--game", help="whose board: " + GAME_HELP)
    bc.add_argument("--players", type=int, help="default: the most the game takes")
    bc.add_argument("--json", action="store_true")
    bd = bench_sub.add_parser("deaf", help="server RSS under clients that ask and never read")
    bd.add_argument("--deaf", type=int, default=8, help="clients that never read")
    bd.add_argument("--rooms", type=int, default=1000, help="waiting rooms on the server")
    bd.add_argument("--settle", type=float, default=3.0, help="seconds after the drops")
    bd.add_argument("--limit", type=float, default=90.0, help="seconds the clients keep asking")
    bd.add_argument("--json", action="store_true")
    bch = bench_sub.add_parser("churn", help="server RSS after many connections come and go")
    bch.add_argument("--connections", type=int, default=10_000)
    bch.add_argument("--json", action="store_true")
    bse = bench_sub.add_parser("search", help="a player's moves while many clients search")
    bse.add_argument("--finished", type=int, default=10_000)
    bse.add_argument("--searchers", type=int, default=16)
    bse.add_argument("--seconds", type=float, default=20.0)
    bse.add_argument("--json", action="store_true")
    brp = bench_sub.add_parser("replay", help="a player's moves while many replay old games")
    brp.add_argument("--games", type=int, default=40)
    brp.add_argument("--connections", type=int, default=16)
    brp.add_argument("--seconds", type=float, default=20.0)
    brp.add_argument("--json", action="store_true")
    bl = bench_sub.add_parser("lobby", help="time to the lobby with many finished games stored")
    bl.add_argument("--finished", type=int, default=10_000)
    bl.add_argument("--clients", type=int, default=20)
    bl.add_argument("--json", action="store_true")
    bw = bench_sub.add_parser("web", help="the TUI in the system's Chromium: first screen, "
                              "key latency, memory, many sessions at once")
    bw.add_argument("--sessions", type=int, default=20, help="pages at once (0: skip)")
    bw.add_argument("--samples", type=int, default=100, help="keys timed in one session")
    bw.add_argument("--seconds", type=float, default=30.0, help="of the many sessions' keys")
    bw.add_argument("--rate", type=float, default=1.0, help="keys per second per session")
    bw.add_argument("--json", action="store_true")
    bss = bench_sub.add_parser("sessions", help="an SSH session's process: forked by the "
                               "warm parent and spawned, first board and memory")
    bss.add_argument("--sessions", type=int, default=20, help="forked sessions idle at once")
    bss.add_argument("--spawned", type=int, default=5, help="spawned sessions idle at once")
    bss.add_argument("--json", action="store_true")
    bwc = bench_sub.add_parser("web-churn", help="other games' moves while one address "
                               "opens and closes browser sessions")
    bwc.add_argument("--players", type=int, default=4, help="terminal players timing moves")
    bwc.add_argument("--seconds", type=float, default=30.0, help="of each phase")
    bwc.add_argument("--churners", type=int, default=4,
                     help="clients of the churning address, each a session at a time")
    bwc.add_argument("--max-homes", type=int, default=5, help="the server's --web-max-homes")
    bwc.add_argument("--starts-per-minute", type=float, default=12.0,
                     help="the server's --web-starts-per-minute (default: its default)")
    bwc.add_argument("--json", action="store_true")

    arena = sub.add_parser("arena", help="bot-only games headless, with statistics")
    arena.add_argument("--game", default=DEFAULT_GAME, help=GAME_HELP)
    arena.add_argument("--players", type=int, default=4)
    arena.add_argument("--bots", required=True,
                       help="one level per seat, e.g. hard,easy,easy,easy (also the "
                            "league's: hard@2026-12-03, hard@2026-12-02, shipper, builder)")
    arena.add_argument("--games", type=int, default=20)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--jobs", type=int, default=1)
    arena.add_argument("--move-time", type=float, help="seconds per move for search bots")
    arena.add_argument("--iterations", type=int,
                       help="search iterations per move (alone: deterministic, load-free)")
    _option_arguments(arena)
    arena.add_argument("--json", action="store_true")
    arena.add_argument("--journal", metavar="FILE",
                       help="write each game down as it ends; run again: only the games missing")

    # the flags of server/tools/soak.py; left out, its own defaults hold
    _admin_arguments(sub)

    soak = sub.add_parser("soak", help="many random games, every invariant checked (minutes)")
    soak.add_argument("--game", help=GAME_HELP)
    for flag in ("--players", "--games", "--seed", "--jobs", "--check-every", "--view-every",
                 "--replay-every"):
        soak.add_argument(flag, type=int)
    _option_arguments(soak)
    soak.add_argument("--json", action="store_true")
    soak.add_argument("--record", nargs="?", const="", metavar="FILE",
                      help="keep the figures for docs/benchmarks.md (default docs/soak.json)")
    return p


def _admin_arguments(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`prtui admin`: the host's commands on accounts and ratings (server/tools/admin.py)."""
    admin = sub.add_parser("admin", help="the host's commands: accounts and ratings "
                                         "(with the server stopped)")
    admin.add_argument("--data", default=argparse.SUPPRESS,
                       help="the server's data directory (default: the user data dir)")
    what = admin.add_subparsers(dest="admin_command", metavar="ADMIN_COMMAND", required=True)
    what.add_parser("accounts", help="list every claimed name")
    remove = what.add_parser("remove-account", help="remove a claimed name's account")
    remove.add_argument("name")
    ratings = what.add_parser("ratings", help="one game's ratings, best first")
    ratings.add_argument("game", help="the game's name, e.g. puerto-rico")
    what.add_parser("recompute-ratings", help="every rating again from the stored games")


def _option_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help="a game option, repeatable, typed by the game's own description "
                             '(`prtui engine`: {"cmd":"describe"} lists them)')
    parser.add_argument("--edition", help="shortcut for --option edition=EDITION")


def _log_argument(parser: argparse.ArgumentParser) -> None:
    """`--log-level` of the commands that run a server (and its SSH and web gateways)."""
    parser.add_argument(
        "--log-level", type=str.lower, default="warning",
        choices=["debug", "info", "warning", "error", "critical"],
        help="least severe log records written to standard error (default: warning)")


def _coach_arguments(parser: argparse.ArgumentParser) -> None:
    """What the coach (`t`) and the review (`e`) may take of the bot pool
    (server/net/coaching.py ``CoachLimits``, docs/hosting.md)."""
    parser.add_argument("--coach-seconds", type=float, default=1.0, metavar="S",
                        help="search time of one coach answer (default 1.0)")
    parser.add_argument("--coach-every", type=float, default=5.0, metavar="S",
                        help="one coach or review request per S seconds and connection, "
                        "after a burst of 3 (default 5)")
    parser.add_argument("--review-seconds", type=float, default=20.0, metavar="S",
                        help="search time of one game's review, all decisions (default 20)")


def _notify_arguments(parser: argparse.ArgumentParser) -> None:
    """Turn notices while a player is away, through apprise (server/net/notify.py,
    docs/hosting.md "Notifications"): off unless schemes are given."""
    parser.add_argument("--notify-schemes", default="", metavar="LIST",
                        help="let players with a claimed name register an address for turn "
                        "notices while they are away, of these apprise schemes (e.g. "
                        "ntfys,mailtos,jsons; default: none, notices off)")
    parser.add_argument("--notify-private", action="store_true",
                        help="also send notices to loopback, private (LAN) and this "
                        "machine's own addresses (default: refused)")
    parser.add_argument("--notify-per-hour", type=int, default=6, metavar="N",
                        help="notices per player an hour, at most (default 6)")
    parser.add_argument("--notify-timeout", type=float, default=10.0, metavar="S",
                        help="one notice's connect and read timeouts (default 10)")


def _web_arguments(parser: argparse.ArgumentParser, port_flag: str, port: int | None) -> None:
    """The web gateway's flags (server/web/): `prtui serve --web-port`, `prtui web --port`."""
    parser.add_argument(port_flag, dest="web_port", type=int, default=port,
                        help="serve the TUI to browsers on this port" + (
                            f" (default {port})" if port else ""))
    parser.add_argument("--web-max-sessions", type=int, default=32,
                        help="browser sessions at once (default 32)")
    parser.add_argument("--web-max-per-address", type=int, default=8,
                        help="browser sessions from one address at once (default 8)")
    parser.add_argument("--web-public-url", help="the URL players open, behind a reverse "
                        "proxy (e.g. https://play.example.org)")
    parser.add_argument("--web-trusted-proxy", action="append", default=[], metavar="ADDRESS",
                        help="a reverse proxy whose X-Forwarded-For/-Proto headers to believe")
    parser.add_argument("--web-host-name", action="append", default=[], metavar="NAME",
                        help="a host name browsers may reach this server by, besides the "
                        "listening address and localhost (repeatable)")
    parser.add_argument("--web-max-waiting", type=int, default=128, metavar="N",
                        help="connections without a request under way, in all (default 128)")
    parser.add_argument("--web-max-waiting-per-address", type=int, default=16, metavar="N",
                        help="such connections from one address (default 16)")
    parser.add_argument("--web-header-timeout", type=float, default=5.0, metavar="S",
                        help="seconds a connection may take to send its request (default 5)")
    parser.add_argument("--web-starts-per-minute", type=float, default=12.0, metavar="N",
                        help="new browser sessions one address may start a minute "
                        "(default 12, 6 at once)")
    parser.add_argument("--web-max-homes", type=int, default=1000, metavar="N",
                        help="browser players' home directories kept (default 1000)")
    parser.add_argument("--web-home-days", type=float, default=30.0, metavar="DAYS",
                        help="days an unused browser home is kept (default 30)")


def option_pairs(args: argparse.Namespace) -> list[str]:
    """Every ``--option`` of the command line, the shortcuts (``--edition X``,
    ``--open-vp``) written out first; the game's spec checks and types them."""
    pairs = list(getattr(args, "option", None) or [])
    if getattr(args, "open_vp", False):
        pairs.insert(0, "open_vp=true")
    if getattr(args, "edition", None):
        pairs.insert(0, f"edition={args.edition}")
    return pairs


def run_soak(args: argparse.Namespace) -> int:
    """`prtui soak`: the soak of server/tools/soak.py, given the same flags."""
    from server.tools import soak

    argv: list[str] = []
    for name in ("game", "players", "games", "seed", "jobs", "check_every", "view_every",
                 "replay_every"):
        value = getattr(args, name)
        if value is not None:
            argv += [f"--{name.replace('_', '-')}", str(value)]
    for pair in args.option:
        argv += ["--option", pair]
    if args.json:
        argv.append("--json")
    if args.record is not None:
        argv += ["--record", args.record] if args.record else ["--record"]
    return soak.main(argv)


def main(argv: Sequence[str] | None = None) -> int:
    # before any subcommand imports a library that may warn on import (asyncssh does)
    route_foreign_warnings()
    args = build_parser().parse_args(argv)
    if hasattr(args, "option"):
        args.option = option_pairs(args)
    target = _HANDLERS[args.command]
    module_name, func_name = target.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        print(f"prtui: {args.command or 'play'} is not available: {exc}", file=sys.stderr)
        return 2
    try:
        return int(getattr(module, func_name)(args) or 0)
    except KeyboardInterrupt:
        return 130

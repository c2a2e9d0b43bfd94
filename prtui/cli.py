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
from prtui.i18n import N_, _, ngettext, set_language
from prtui.language import known, languages_list, reader_language, scan_argv

DEFAULT_GAME = "puerto-rico"  # i18n: a game's id (server/games/registry.py's; not imported: a fast start)

# argparse's own words (usage, errors), looked up in the prtui catalog (_argparse_words)
ARGPARSE_WORDS = (
    N_("usage: "), N_("positional arguments"), N_("options"),
    N_("show this help message and exit"), N_("argument %(argument_name)s: %(message)s"),
    N_("%(prog)s: error: %(message)s\n"), N_("the following arguments are required: %s"),
    N_("unrecognized arguments: %s"), N_("expected one argument"),
    N_("expected at most one argument"), N_("expected at least one argument"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("invalid %(type)s value: %(value)r"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("not allowed with argument %s"), N_("ignored explicit argument %r"),
    N_("one of the arguments %s is required"),
)


def game_help(whose: str = "") -> str:
    """``--game``'s help (``whose``: what the game is for, already translated)."""
    text = _("which game, by its name (`prtui engine`'s {command} lists every one; "
             "default: {game})").format(command='{"cmd":"games"}', game=DEFAULT_GAME)
    return f"{whose}{text}"

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
        return _("unknown (not installed)")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="prtui",
        description=_("Puerto Rico and San Juan in the terminal. With no command: a new game "
                    "against bots."),
    )
    p.add_argument("--version", action="version", version=f"prtui {installed_version()}",
                   help=_("show program's version number and exit"))
    p.add_argument("--theme", help=_("colour theme name (see themes/README.md)"))
    p.add_argument("--data", help=_("data directory of the embedded server (default: user data dir)"))
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help=_("straight to the board against bots"))
    play.add_argument("--game", help=game_help())
    play.add_argument("--players", type=int, default=4,
                      help=_("within the game's range (default 4, or the most it takes)"))
    _option_arguments(play)
    play.add_argument("--bots", help=_("levels for the other seats, e.g. hard,easy,easy"))
    play.add_argument("--seed", type=int, help=_("seed for a reproducible game"))
    play.add_argument("--theme", default=argparse.SUPPRESS, help=_("colour theme name"))
    play.add_argument("--name", help=_("your name at the table"))
    play.add_argument("--open-vp", action="store_true", help=_("shortcut for --option open_vp=true"))
    play.add_argument("--data", default=argparse.SUPPRESS, help=_("data directory of the embedded server"))

    connect = sub.add_parser("connect", help=_("join a server's lobby"))
    connect.add_argument("address", help=_("HOST[:PORT]"))
    connect.add_argument("--name", help=_("your name in the lobby"))
    connect.add_argument("--theme", default=argparse.SUPPRESS, help=_("colour theme name"))
    connect.add_argument("--token", help=_("seat token to resume (normally remembered for you)"))
    connect.add_argument("--data", default=argparse.SUPPRESS, help=_("where remembered seat tokens are kept"))
    connect.add_argument("--claim", action="store_true",
                         help=_("claim your name on this server with a password (asked, then "
                              "remembered): from then on only you can use it"))
    connect.add_argument("--password", action="store_true",
                         help=_("your claimed name's password (asked, then remembered)"))
    connect.add_argument("--forget-password", action="store_true",
                         help=_("forget the password remembered for this server and name"))

    spectate = sub.add_parser("spectate", help=_("watch a server's games read-only"))
    spectate.add_argument("address", help=_("HOST[:PORT]"))
    spectate.add_argument("room", nargs="?", help=_("room id to watch straight away"))
    spectate.add_argument("--theme", default=argparse.SUPPRESS, help=_("colour theme name"))
    spectate.add_argument("--data", default=argparse.SUPPRESS, help=argparse.SUPPRESS)

    serve = sub.add_parser("serve", help=_("host a lobby/game server"))
    serve.add_argument("--host", default="127.0.0.1", help=_("address to bind (0.0.0.0: LAN)"))
    serve.add_argument("--port", type=int, default=DEFAULT_PORT)
    serve.add_argument("--data", help=_("data directory (default: the user data dir)"))
    serve.add_argument("--ssh-port", type=int, help=_("also serve the TUI over SSH on this port"))
    serve.add_argument(
        "--ssh-auth", choices=["open", "password", "keys"], default="open",
        help=_("SSH authentication mode"),
    )
    serve.add_argument("--ssh-password", help=_("shared password for --ssh-auth password"))
    serve.add_argument("--ssh-authorized-keys", help=_("authorized_keys file for --ssh-auth keys"))
    serve.add_argument("--ssh-max-sessions", type=int, default=32)
    serve.add_argument("--ssh-max-per-address", type=int, default=8,
                       help=_("SSH sessions from one address at once (default 8; up to "
                       "--ssh-max-sessions, e.g. for players behind one NAT address)"))
    serve.add_argument("--ssh-max-startups", default="50:30:100", metavar="START:RATE:FULL",  # i18n: placeholders of the help's text
                       help=_("SSH connections not yet logged in: from START on, RATE%% of new "
                       "ones from addresses already logging in are dropped, rising to all "
                       "at FULL (like OpenSSH's MaxStartups; default 50:30:100)"))
    serve.add_argument("--ipv6-prefix", type=int, default=64, metavar="BITS",
                       help=_("per-address limits count an IPv6 client by this network "
                       "prefix (default 64: one home's /64 is one address)"))
    _web_arguments(serve, "--web-port", None)
    _coach_arguments(serve)
    _notify_arguments(serve)
    _log_argument(serve)

    web = sub.add_parser("web", help=_("play in your browser: a server of your own on loopback"))
    web.add_argument("--data", help=_("data directory (default: the user data dir)"))
    _web_arguments(web, "--port", 8080)
    _log_argument(web)

    engine = sub.add_parser("engine", help=_("JSON-lines engine protocol on stdin/stdout"))
    engine.add_argument("--pretty", action="store_true", help=argparse.SUPPRESS)

    bench = sub.add_parser("bench", help=_("benchmarks"))
    bench_sub = bench.add_subparsers(dest="bench_what", metavar="WHAT", required=True)
    be = bench_sub.add_parser("engine", help=_("random-legal games per second"))
    be.add_argument("--players", type=int, default=4)
    be.add_argument("--games", type=int, default=200)
    be.add_argument("--game", help=game_help())
    _option_arguments(be)
    be.add_argument("--seed", type=int, default=1)
    be.add_argument("--json", action="store_true")
    bs = bench_sub.add_parser("server", help=_("bot-only games on a loopback server"))
    bs.add_argument("--rooms", type=int, help=_("rooms (default 100; with --find-capacity "
                    "the first size tried, default 250)"))
    bs.add_argument("--spectators", type=int, help=_("a room's spectators (default 2; 0 with "
                    "--find-capacity)"))
    bs.add_argument("--seconds", type=float, default=20.0,
                    help=_("seconds measured (a size's, with --find-capacity), after a warm-up "
                    "of twice the think time, 0.5 to 10 s"))
    bs.add_argument("--think", type=float, help=_("seconds a player waits per move (default 0.5;"
                    " 3 with --find-capacity: human pace)"))
    bs.add_argument("--game", help=game_help(_("whose rooms: ")))
    bs.add_argument("--players", type=int, help=_("seats a room (default 4)"))
    _option_arguments(bs)
    bs.add_argument("--views", default="audience", choices=["audience", "viewer", "both"],
                    help=_("views by audience (the server's way), a whole view per viewer (the "
                         "old way), or both in one run to compare (default: audience)"))
    bs.add_argument("--clients", type=int, help=_("client processes (default: the cores "
                    "the server does not use)"))
    bs.add_argument("--setup-timeout", type=float, metavar="S",
                    help=_("every table is set up within S seconds, or the bench fails "
                    "(default 120 and 0.05 a room)"))
    bs.add_argument("--find-capacity", action="store_true",
                    help=_("the most rooms whose act->diff p99 stays under --target-p99 at "
                    "human pace, from --rooms doubling then halving the gap"))
    bs.add_argument("--max-rooms", type=int, default=4000,
                    help=_("--find-capacity tries no more rooms than this"))
    bs.add_argument("--target-p99", type=float, default=100.0, metavar="MS",
                    help=_("--find-capacity's latency bound (default 100 ms)"))
    bs.add_argument("--json", action="store_true")
    bc = bench_sub.add_parser("client", help=_("diff-to-screen time of the TUI"))
    bc.add_argument("--samples", type=int, default=100)
    bc.add_argument("--game", help=game_help(_("whose board: ")))
    bc.add_argument("--players", type=int, help=_("default: the most the game takes"))
    bc.add_argument("--json", action="store_true")
    bd = bench_sub.add_parser("deaf", help=_("server RSS under clients that ask and never read"))
    bd.add_argument("--deaf", type=int, default=8, help=_("clients that never read"))
    bd.add_argument("--rooms", type=int, default=1000, help=_("waiting rooms on the server"))
    bd.add_argument("--settle", type=float, default=3.0, help=_("seconds after the drops"))
    bd.add_argument("--limit", type=float, default=90.0, help=_("seconds the clients keep asking"))
    bd.add_argument("--json", action="store_true")
    bch = bench_sub.add_parser("churn", help=_("server RSS after many connections come and go"))
    bch.add_argument("--connections", type=int, default=10_000)
    bch.add_argument("--json", action="store_true")
    bse = bench_sub.add_parser("search", help=_("a player's moves while many clients search"))
    bse.add_argument("--finished", type=int, default=10_000)
    bse.add_argument("--searchers", type=int, default=16)
    bse.add_argument("--seconds", type=float, default=20.0)
    bse.add_argument("--json", action="store_true")
    brp = bench_sub.add_parser("replay", help=_("a player's moves while many replay old games"))
    brp.add_argument("--games", type=int, default=40)
    brp.add_argument("--connections", type=int, default=16)
    brp.add_argument("--seconds", type=float, default=20.0)
    brp.add_argument("--json", action="store_true")
    bl = bench_sub.add_parser("lobby", help=_("time to the lobby with many finished games stored"))
    bl.add_argument("--finished", type=int, default=10_000)
    bl.add_argument("--clients", type=int, default=20)
    bl.add_argument("--json", action="store_true")
    bw = bench_sub.add_parser("web", help=_("the TUI in the system's Chromium: first screen, "
                              "key latency, memory, many sessions at once"))
    bw.add_argument("--sessions", type=int, default=20, help=_("pages at once (0: skip)"))
    bw.add_argument("--samples", type=int, default=100, help=_("keys timed in one session"))
    bw.add_argument("--seconds", type=float, default=30.0, help=_("of the many sessions' keys"))
    bw.add_argument("--rate", type=float, default=1.0, help=_("keys per second per session"))
    bw.add_argument("--json", action="store_true")
    bss = bench_sub.add_parser("sessions", help=_("an SSH session's process: forked by the "
                               "warm parent and spawned, first board and memory"))
    bss.add_argument("--sessions", type=int, default=20, help=_("forked sessions idle at once"))
    bss.add_argument("--spawned", type=int, default=5, help=_("spawned sessions idle at once"))
    bss.add_argument("--json", action="store_true")
    bwc = bench_sub.add_parser("web-churn",  # i18n: a command's name
                               help=_("other games' moves while one address "
                                      "opens and closes browser sessions"))
    bwc.add_argument("--players", type=int, default=4, help=_("terminal players timing moves"))
    bwc.add_argument("--seconds", type=float, default=30.0, help=_("of each phase"))
    bwc.add_argument("--churners", type=int, default=4,
                     help=_("clients of the churning address, each a session at a time"))
    bwc.add_argument("--max-homes", type=int, default=5, help=_("the server's --web-max-homes"))
    bwc.add_argument("--starts-per-minute", type=float, default=12.0,
                     help=_("the server's --web-starts-per-minute (default: its default)"))
    bwc.add_argument("--json", action="store_true")

    arena = sub.add_parser("arena", help=_("bot-only games headless, with statistics"))
    arena.add_argument("--game", default=DEFAULT_GAME, help=game_help())
    arena.add_argument("--players", type=int, default=4)
    arena.add_argument("--bots", required=True,
                       help=_("one level per seat, e.g. hard,easy,easy,easy (also the "
                            "league's: hard@2026-12-03, hard@2026-12-02, shipper, builder)"))
    arena.add_argument("--games", type=int, default=20)
    arena.add_argument("--seed", type=int, default=1)
    arena.add_argument("--jobs", type=int, default=1)
    arena.add_argument("--move-time", type=float, help=_("seconds per move for search bots"))
    arena.add_argument("--iterations", type=int,
                       help=_("search iterations per move (alone: deterministic, load-free)"))
    _option_arguments(arena)
    arena.add_argument("--json", action="store_true")
    arena.add_argument("--journal", metavar="FILE",
                       help=_("write each game down as it ends; run again: only the games missing"))

    # the flags of server/tools/soak.py; left out, its own defaults hold
    _admin_arguments(sub)

    soak = sub.add_parser("soak", help=_("many random games, every invariant checked (minutes)"))
    soak.add_argument("--game", help=game_help())
    for flag in ("--players", "--games", "--seed", "--jobs", "--check-every", "--view-every",
                 "--replay-every"):
        soak.add_argument(flag, type=int)
    _option_arguments(soak)
    soak.add_argument("--json", action="store_true")
    soak.add_argument("--record", nargs="?", const="", metavar="FILE",
                      help=_("keep the figures for docs/benchmarks.md (default docs/soak.json)"))
    _lang_argument(p, top=True)
    return p


def _lang_argument(parser: argparse.ArgumentParser, top: bool = False) -> None:
    """``--lang`` on the command and on every subcommand (before or after its name)."""
    parser.add_argument("--lang", metavar="LANG", default=None if top else argparse.SUPPRESS,
                        help=_("the language to read: {languages} (default: the one chosen "
                               "in the command palette, else $LANG)").format(
                                   languages=languages_list()))
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for child in dict.fromkeys(action.choices.values()):
                _lang_argument(child)


def _admin_arguments(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """`prtui admin`: the host's commands on accounts and ratings (server/tools/admin.py)."""
    admin = sub.add_parser("admin", help=_("the host's commands: accounts and ratings "
                                         "(with the server stopped)"))
    admin.add_argument("--data", default=argparse.SUPPRESS,
                       help=_("the server's data directory (default: the user data dir)"))
    what = admin.add_subparsers(dest="admin_command", metavar="ADMIN_COMMAND", required=True)
    what.add_parser("accounts", help=_("list every claimed name"))
    remove = what.add_parser("remove-account",  # i18n: a command's name
                             help=_("remove a claimed name's account"))
    remove.add_argument("name")
    ratings = what.add_parser("ratings", help=_("one game's ratings, best first"))
    ratings.add_argument("game", help=_("the game's name, e.g. puerto-rico"))
    what.add_parser("recompute-ratings",  # i18n: a command's name
                    help=_("every rating again from the stored games"))


def _option_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                        help=_("a game option, repeatable, typed by the game's own description "
                             '(`prtui engine`: {"cmd":"describe"} lists them)'))
    parser.add_argument("--edition", help=_("shortcut for --option edition=EDITION"))


def _log_argument(parser: argparse.ArgumentParser) -> None:
    """`--log-level` of the commands that run a server (and its SSH and web gateways)."""
    parser.add_argument(
        "--log-level", type=str.lower, default="warning",
        choices=["debug", "info", "warning", "error", "critical"],
        help=_("least severe log records written to standard error (default: warning)"))


def _coach_arguments(parser: argparse.ArgumentParser) -> None:
    """What the coach (`t`) and the review (`e`) may take of the bot pool
    (server/net/coaching.py ``CoachLimits``, docs/hosting.md)."""
    parser.add_argument("--coach-seconds", type=float, default=1.0, metavar="S",
                        help=_("search time of one coach answer (default 1.0)"))
    parser.add_argument("--coach-every", type=float, default=5.0, metavar="S",
                        help=_("one coach or review request per S seconds and connection, "
                        "after a burst of 3 (default 5)"))
    parser.add_argument("--review-seconds", type=float, default=20.0, metavar="S",
                        help=_("search time of one game's review, all decisions (default 20)"))


def _notify_arguments(parser: argparse.ArgumentParser) -> None:
    """Turn notices while a player is away, through apprise (server/net/notify.py,
    docs/hosting.md "Notifications"): off unless schemes are given."""
    parser.add_argument("--notify-schemes", default="", metavar="LIST",
                        help=_("let players with a claimed name register an address for turn "
                        "notices while they are away, of these apprise schemes (e.g. "
                        "ntfys,mailtos,jsons; default: none, notices off)"))
    parser.add_argument("--notify-private", action="store_true",
                        help=_("also send notices to loopback, private (LAN) and this "
                        "machine's own addresses (default: refused)"))
    parser.add_argument("--notify-per-hour", type=int, default=6, metavar="N",
                        help=_("notices per player an hour, at most (default 6)"))
    parser.add_argument("--notify-timeout", type=float, default=10.0, metavar="S",
                        help=_("one notice's connect and read timeouts (default 10)"))


def _web_arguments(parser: argparse.ArgumentParser, port_flag: str, port: int | None) -> None:
    """The web gateway's flags (server/web/): `prtui serve --web-port`, `prtui web --port`."""
    parser.add_argument(port_flag, dest="web_port", type=int, default=port,
                        help=_("serve the TUI to browsers on this port (default {port})").format(
                            port=port) if port else _("serve the TUI to browsers on this port"))
    parser.add_argument("--web-max-sessions", type=int, default=32,
                        help=_("browser sessions at once (default 32)"))
    parser.add_argument("--web-max-per-address", type=int, default=8,
                        help=_("browser sessions from one address at once (default 8)"))
    parser.add_argument("--web-public-url", help=_("the URL players open, behind a reverse "
                        "proxy (e.g. https://play.example.org)"))
    parser.add_argument("--web-trusted-proxy", action="append", default=[], metavar="ADDRESS",
                        help=_("a reverse proxy whose X-Forwarded-For/-Proto headers to believe"))
    parser.add_argument("--web-host-name", action="append", default=[], metavar="NAME",
                        help=_("a host name browsers may reach this server by, besides the "
                        "listening address and localhost (repeatable)"))
    parser.add_argument("--web-max-waiting", type=int, default=128, metavar="N",
                        help=_("connections without a request under way, in all (default 128)"))
    parser.add_argument("--web-max-waiting-per-address", type=int, default=16, metavar="N",
                        help=_("such connections from one address (default 16)"))
    parser.add_argument("--web-header-timeout", type=float, default=5.0, metavar="S",
                        help=_("seconds a connection may take to send its request (default 5)"))
    parser.add_argument("--web-starts-per-minute", type=float, default=12.0, metavar="N",
                        help=_("new browser sessions one address may start a minute "
                        "(default 12, 6 at once)"))
    parser.add_argument("--web-max-homes", type=int, default=1000, metavar="N",
                        help=_("browser players' home directories kept (default 1000)"))
    parser.add_argument("--web-home-days", type=float, default=30.0, metavar="DAYS",
                        help=_("days an unused browser home is kept (default 30)"))


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


def use_language(flag: str | None, data: str | None) -> str | None:
    """Read from now on in ``--lang``, else the kept setting, else the environment's
    language (prtui/language.py); an unknown ``--lang`` is the line to say instead."""
    from prtui.settings import Settings, settings_file

    setting = Settings.load(settings_file(data)).language
    set_language(reader_language(None, setting))  # the error, if any, reads in it
    if flag is not None and known(flag) is None:
        return _("prtui: unknown language '{value}'; the languages: {languages}").format(
            value=flag, languages=languages_list())
    set_language(reader_language(flag, setting))
    return None


def _argparse_words() -> None:
    """argparse's own words (usage, its errors) from the prtui catalog: argparse looks
    them up through its module's ``_`` and ``ngettext`` at the time it says them."""
    argparse._ = _  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]


def main(argv: Sequence[str] | None = None) -> int:
    # before any subcommand imports a library that may warn on import (asyncssh does)
    route_foreign_warnings()
    argv = list(sys.argv[1:] if argv is None else argv)
    flag, data = scan_argv(argv)
    problem = use_language(flag, data)  # before the parser: its help reads in it too
    if problem is not None:
        print(problem, file=sys.stderr)
        return 2
    _argparse_words()
    args = build_parser().parse_args(argv)
    if args.lang != flag or getattr(args, "data", None) != data:  # --la, or --data=... after
        problem = use_language(args.lang, getattr(args, "data", None))
        if problem is not None:
            print(problem, file=sys.stderr)
            return 2
    if hasattr(args, "option"):
        args.option = option_pairs(args)
    target = _HANDLERS[args.command]
    module_name, func_name = target.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        print(_("prtui: {command} is not available: {error}").format(
            command=args.command or "play", error=exc), file=sys.stderr)
        return 2
    try:
        return int(getattr(module, func_name)(args) or 0)
    except KeyboardInterrupt:
        return 130

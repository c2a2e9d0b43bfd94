"""`prtui admin`: the host's commands on a server's data directory, with the server stopped.

They write the same SQLite file the server keeps open, so they take the data
directory's lock first (server/store/lock.py): while `prtui serve` runs on it they
refuse with one line, change nothing, and say to stop the server first.

    prtui admin [--data DIR] accounts            # every claimed name
    prtui admin [--data DIR] remove-account NAME # the name is free again (a guest's)
    prtui admin [--data DIR] ratings GAME        # the ratings of one game, best first
    prtui admin [--data DIR] recompute-ratings   # every rating again from the games
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable

from server.errors import PrtuiError
from server.net.ratings import recompute
from server.net.serve_cli import data_dir
from server.net.server import DB_NAME
from server.protocol.names import look_alike_key
from server.store.lock import DataDirLock
from server.store.sqlite import SqliteStore


def _accounts(store: SqliteStore, args: argparse.Namespace) -> int:
    for acc in store.accounts():
        how = " and ".join(w for w, on in (("password", acc.password_hash), ("SSH key", acc.ssh_key))
                           if on)
        print(f"{acc.name}\t{how}\tclaimed {time.strftime('%Y-%m-%d', time.gmtime(acc.created))}")
    return 0


def _remove(store: SqliteStore, args: argparse.Namespace) -> int:
    acc = store.remove_account(look_alike_key(args.name))
    if acc is None:
        print(f"prtui admin: no account is called {args.name!r}", file=sys.stderr)
        return 1
    print(f"removed the account {acc.name!r}: the name is free again; its games stay")
    return 0


def _ratings(store: SqliteStore, args: argparse.Namespace) -> int:
    names = {acc.id: acc.name for acc in store.accounts()}
    table = store.ratings(args.game)
    for player, r in sorted(table.items(), key=lambda kv: (-(kv[1].mu - 3 * kv[1].sigma), kv[0])):
        print(f"{names.get(player, player)}\t{r.mu - 3 * r.sigma:.1f}\tmu {r.mu:.2f}"
              f"\tsigma {r.sigma:.2f}\t{r.games} games")
    return 0


def _recompute(store: SqliteStore, args: argparse.Namespace) -> int:
    print(f"recomputed the ratings from {recompute(store)} rated games")
    return 0


_COMMANDS: dict[str, Callable[[SqliteStore, argparse.Namespace], int]] = {
    "accounts": _accounts, "remove-account": _remove, "ratings": _ratings,
    "recompute-ratings": _recompute,
}


def run(args: argparse.Namespace) -> int:
    where = data_dir(args)
    lock = DataDirLock(where)
    if not lock.acquire():
        who = f"pid {lock.holder}" if lock.holder else "another process"
        print(f"prtui admin: the data directory {where} is in use by a running prtui "
              f"server ({who}): stop it first (nothing was changed)", file=sys.stderr)
        return 1
    try:
        store = SqliteStore(where / DB_NAME)
    except PrtuiError as exc:
        lock.release()
        print(f"prtui admin: {exc}", file=sys.stderr)
        return 1
    try:
        return _COMMANDS[args.admin_command](store, args)
    finally:
        store.close()
        lock.release()

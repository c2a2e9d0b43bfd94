"""`prtui admin` in a real subprocess on a real data directory: the host lists and
removes accounts (the name is free again, its games stay) and recomputes ratings; while
a server runs on the directory it refuses and changes nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from server.net.server import DB_NAME, GameServer
from server.store.sqlite import SqliteStore
from tests.net.client import Client
from tests.net.test_identity import PASSWORD, claim, refused
from tests.net.test_ratings import accounts, finish


def admin(data: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "prtui", "admin", "--data", str(data), *argv],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )


async def test_the_host_removes_an_account_and_the_name_is_free_again(tmp_path: Path) -> None:
    async with GameServer(tmp_path) as server:
        await claim(server.port)
        busy = admin(tmp_path, "remove-account", "ana")  # the server holds the directory
        assert busy.returncode == 1 and "stop it first" in busy.stderr, busy
        assert (await refused(server.port, "ana"))["code"] == "name_claimed"
    listed = admin(tmp_path, "accounts")
    assert listed.returncode == 0 and listed.stdout.startswith("ana\tpassword\t"), listed
    assert PASSWORD not in listed.stdout and "scrypt" not in listed.stdout
    gone = admin(tmp_path, "remove-account", "ANA")  # by any spelling of it
    assert gone.returncode == 0 and "removed the account 'ana'" in gone.stdout, gone
    again = admin(tmp_path, "remove-account", "ana")
    assert again.returncode == 1 and "no account is called 'ana'" in again.stderr
    async with GameServer(tmp_path) as server:
        c = await Client.connect(server.port, "ana")
        try:
            assert c.welcome["t"] == "welcome" and c.welcome["claimed"] is False, c.welcome
        finally:
            await c.close()


def test_recompute_ratings_from_the_command_line_comes_out_the_same(tmp_path: Path) -> None:
    store = SqliteStore(tmp_path / DB_NAME)
    try:
        accounts(store, "ana", "bo")
        finish(store, "r1", [("human", "ana"), ("human", "bo"), ("bot", "hard")], [5, 9, 7])
        finish(store, "r2", [("human", "bo"), ("bot", "hard"), ("human", "ana")], [4, 4, 8])
        kept = store.ratings("nettoy")
        store._db.execute("DELETE FROM ratings")
    finally:
        store.close()
    done = admin(tmp_path, "recompute-ratings")
    assert done.returncode == 0 and "from 2 rated games" in done.stdout, done
    store = SqliteStore(tmp_path / DB_NAME)
    try:
        assert store.ratings("nettoy") == kept
    finally:
        store.close()
    shown = admin(tmp_path, "ratings", "nettoy")  # best first: by mu - 3 sigma
    best_first = sorted(kept, key=lambda p: kept[p].mu - 3 * kept[p].sigma, reverse=True)
    assert shown.returncode == 0 and [line.split("\t")[0] for line in shown.stdout.splitlines()
                                      ] == best_first, shown

"""What each session runs: the client command line and its private directories."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from server.ssh.auth import Identity
from server.ssh.gateway import default_command, start_ssh
from server.ssh.homes import home_env, identity_home

ANA = Identity(name="ana", spectate=False, key="name:ana")
WATCHER = Identity(name="spectate", spectate=True, key="name:spectate")


def test_players_connect_and_spectators_spectate() -> None:
    assert default_command(ANA, "127.0.0.1", 7797) == [
        sys.executable, "-m", "prtui", "connect", "127.0.0.1:7797", "--name=ana",
    ]  # fmt: skip
    assert default_command(WATCHER, "127.0.0.1", 7797)[3:] == ["spectate", "127.0.0.1:7797"]


def test_a_wildcard_game_address_is_reached_through_loopback() -> None:
    assert default_command(ANA, "0.0.0.0", 1)[4] == "127.0.0.1:1"
    assert default_command(ANA, "::", 1)[4] == "[::1]:1"
    assert default_command(ANA, "192.168.1.5", 1)[4] == "192.168.1.5:1"


def test_each_identity_has_its_own_private_home(tmp_path: Path) -> None:
    ana = identity_home(tmp_path, ANA)
    assert identity_home(tmp_path, ANA) == ana
    other = identity_home(tmp_path, Identity(name="ana", spectate=False, key="key:SHA256:x"))
    assert other != ana
    env = home_env(ana)
    assert env.pop("HOME") == str(ana)  # not the host user's home
    assert set(env) == {"XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_CACHE_HOME"}
    assert all(Path(p).parent == ana for p in env.values())
    assert "ana" not in ana.relative_to(tmp_path).as_posix()  # no names on disk
    for path in (tmp_path / "ssh", ana, *map(Path, env.values())):
        assert path.is_dir() and stat.S_IMODE(path.stat().st_mode) == 0o700


def test_textual_downloads_land_in_the_identity_home(tmp_path: Path) -> None:
    """platformdirs (as Textual's screenshot command uses it) resolves inside the home."""
    home = identity_home(tmp_path / 'we$ird "dir', ANA)
    script = "import platformdirs; print(platformdirs.user_downloads_dir())"
    out = subprocess.run(
        [sys.executable, "-c", script], env={**os.environ, **home_env(home)},
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    assert out == str(home / "downloads")


async def test_start_refuses_a_cap_below_one(tmp_path: Path) -> None:
    with pytest.raises(ValueError):
        await start_ssh(
            host="127.0.0.1", port=0, game_host="127.0.0.1", game_port=1,
            data_dir=tmp_path, max_sessions=0,
        )  # fmt: skip

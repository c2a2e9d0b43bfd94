"""A private directory per SSH identity: where its client process keeps its files.

The client stores what it remembers (seat tokens, settings) through platformdirs, so
pointing the XDG variables at a directory per identity gives each player their own
memory on a shared server. The same directory is the child's HOME, its working
directory and its "Downloads" (Textual's screenshot command saves there), so nothing a
remote player does in the TUI writes into, or reads from, the host user's own home.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from server.ssh.auth import Identity

_XDG = {
    "XDG_DATA_HOME": "data",
    "XDG_CONFIG_HOME": "config",
    "XDG_STATE_HOME": "state",
    "XDG_CACHE_HOME": "cache",
}


def identity_home(data_dir: Path, identity: Identity, folder: str = "ssh") -> Path:
    """``data_dir/ssh/homes/<hash of the identity>`` (``web`` for the browser gateway's),
    made private (0700) on first use."""
    root = data_dir / folder
    root.mkdir(parents=True, exist_ok=True, mode=0o700)
    root.chmod(0o700)  # other local users may not list who has played here
    digest = hashlib.sha256(identity.key.encode()).hexdigest()[:24]
    home = root / "homes" / digest  # a hash: no player names on disk
    home.mkdir(parents=True, exist_ok=True, mode=0o700)
    for sub in (*_XDG.values(), "downloads"):
        (home / sub).mkdir(parents=True, exist_ok=True, mode=0o700)
    _write_user_dirs(home)
    return home


def home_env(home: Path) -> dict[str, str]:
    """The environment variables that send the client's files into ``home``: HOME
    itself (anything that looks for ``~``) and the XDG directories under it."""
    return {"HOME": str(home), **{var: str(home / sub) for var, sub in _XDG.items()}}


def _write_user_dirs(home: Path) -> None:
    """xdg user-dirs file so platformdirs' downloads dir is inside ``home`` (owner-only)."""
    path = home / "config" / "user-dirs.dirs"  # i18n: a file name
    escaped = "".join("\\" + ch if ch in '$`"\\' else ch for ch in str(home / "downloads"))
    text = f'XDG_DOWNLOAD_DIR="{escaped}"\n'
    if path.exists() and path.read_text() == text:
        return
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o600)
    with os.fdopen(fd, "w") as out:
        out.write(text)

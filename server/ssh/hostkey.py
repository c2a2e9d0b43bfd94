"""The gateway's SSH host key: made once, kept private, reused.

Players' ssh clients pin the host key on first contact, so it must survive restarts:
a new key each start would look like a man-in-the-middle to every returning player.
"""

from __future__ import annotations

import logging
import os
import stat
from pathlib import Path

import asyncssh

log = logging.getLogger("prtui.ssh")

HOST_KEY_NAME = "ssh_host_ed25519_key"


def load_or_create_host_key(data_dir: Path) -> asyncssh.SSHKey:
    """The host key stored in ``data_dir``; generated (mode 0600) if there is none yet."""
    data_dir.mkdir(parents=True, exist_ok=True)
    path = data_dir / HOST_KEY_NAME
    if path.exists():
        _tighten_mode(path)
        return asyncssh.read_private_key(path)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="prtui host key")  # i18n: the key file's comment
    _write_private(path, key.export_private_key())
    log.info("generated SSH host key %s (%s)", path, key.get_fingerprint())
    return key


def _write_private(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` created 0600 from the start, then rename into place."""
    tmp = path.with_name(path.name + ".tmp")
    tmp.unlink(missing_ok=True)
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    os.chmod(tmp, 0o600)  # the umask could only have removed bits, but be exact
    os.replace(tmp, path)


def _tighten_mode(path: Path) -> None:
    """A host key readable by others is no secret: put it back to 0600 and say so."""
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        log.warning("SSH host key %s had mode %o; set to 600", path, mode)
        os.chmod(path, 0o600)

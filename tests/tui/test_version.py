"""`prtui --version`: the installed version, one line, exit 0, nothing started."""

from __future__ import annotations

import re
import subprocess
import sys


def test_version_prints_the_installed_version() -> None:
    done = subprocess.run([sys.executable, "-m", "prtui", "--version"],
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert re.fullmatch(r"prtui \d+\.\d+\.\d+\S*\n", done.stdout)

"""`prtui serve --web-port` and `prtui web` as a user runs them: the page is served, the
flags' mistakes are one line and exit 2, and SIGTERM stops it cleanly."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

from server.tools.benchmarks import Run, machine
from server.tools.web_report import CHURN_HEADING, HEADING, render_churn, render_web, splice


def start(*argv: str) -> tuple[subprocess.Popen[str], str]:
    proc = subprocess.Popen([sys.executable, "-m", "prtui", *argv], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, stdin=subprocess.DEVNULL)
    assert proc.stdout is not None
    for line in proc.stdout:
        if line.startswith("web on "):
            return proc, line.split()[-1]
    proc.wait(60)
    raise AssertionError(f"no web address: {proc.stderr.read() if proc.stderr else ''}")


@pytest.mark.parametrize("argv", [["serve", "--port", "0", "--web-port", "0"],
                                  ["web", "--port", "0"]])
def test_the_page_is_served_on_loopback_and_sigterm_stops_it(tmp_path: Path,
                                                             argv: list[str]) -> None:
    proc, url = start(*argv, "--data", str(tmp_path))
    try:
        assert url.startswith("http://127.0.0.1:")
        with urllib.request.urlopen(url, timeout=60) as page:
            assert b'name="name"' in page.read()
        with urllib.request.urlopen(url + "play?name=ana", timeout=60) as page:
            assert b"/ws/play/ana" in page.read()
    finally:
        proc.send_signal(signal.SIGTERM)
        _out, err = proc.communicate(timeout=60)
    assert proc.returncode == 0, err
    assert "Traceback" not in err


def test_a_bad_web_port_is_one_line(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "prtui", "serve", "--data", str(tmp_path),
                           "--port", "0", "--web-port", "70000"],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "--web-port must be 0..65535" in done.stderr
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "prtui", "serve", "--data", str(tmp_path),
                               "--port", "0", "--web-port", str(port)],
                              capture_output=True, text=True, timeout=60,
                              stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and "web gateway not started" in done.stderr
    assert "Traceback" not in done.stderr


def test_the_benchmark_page_gets_its_browser_section_once() -> None:
    page = "# Benchmarks\n\n## Engine\n\nfast\n\n## Commands and raw figures\n\n### x\n"
    run = Run("web: one browser session, then 20 at once", ["bench", "web", "--json"])
    run.figures = {"one": {"lobby_s": 2.5, "key_actions": {"n": 9, "p95_ms": 60.0}},
                   "many": {"sessions": 20, "key": {"n": 600, "p99_ms": 90.0}},
                   "target_ms": 100.0}
    assert render_web([Run("other", ["bench", "lobby"])]) == []
    once = splice(page, [run], machine(), "2026-01-01 00:00 UTC")
    assert splice(once, [run], machine(), "2026-01-01 00:00 UTC") == once
    assert once.count(HEADING) == 1 and once.index("fast") < once.index(HEADING)
    assert once.index(HEADING) < once.index("## Commands and raw figures")
    assert "20 sessions at once" in once and "p99 90.00 ms" in once


def test_the_benchmark_page_gets_its_churn_section_once() -> None:
    page = "# Benchmarks\n\n## Engine\n\nfast\n\n## Commands and raw figures\n\n### x\n"
    run = Run("web: other games while one address churns browser sessions",
              ["bench", "web-churn", "--json"])
    run.figures = {"players": 4, "seconds": 30.0, "churners": 4, "target_ms": 50.0,
                   "quiet": {"n": 900, "p99_ms": 12.5}, "churn": {"n": 800, "p99_ms": 61.0},
                   "attempts": 40, "started": 11, "refused": 29, "load_1min": [3.0, 3.1, 3.2]}
    assert render_churn([Run("other", ["bench", "web"])]) == []
    once = splice(page, [run], machine(), "2026-01-01 00:00 UTC")
    assert splice(once, [run], machine(), "2026-01-01 00:00 UTC") == once
    assert once.count(CHURN_HEADING) == 1
    assert once.index(CHURN_HEADING) < once.index("## Commands and raw figures")
    assert "not met (61 ms)" in once and "11 sessions started" in once

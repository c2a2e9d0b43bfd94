"""`prtui serve` refuses a user's mistake with one line and exit 2, never a traceback:
a port out of range, a port in use, a data directory that cannot be one."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest


def serve(*argv: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "prtui", "serve", *argv],
        capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL,
    )


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--port", "99999"], "--port must be 0..65535"),
        (["--port", "0", "--ssh-port", "70000"], "--ssh-port must be 0..65535"),
    ],
)
def test_port_out_of_range(tmp_path: Path, argv: list[str], message: str) -> None:
    done = serve("--data", str(tmp_path), *argv)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr


def test_port_in_use(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        done = serve("--data", str(tmp_path), "--port", str(port))
    assert done.returncode == 2
    assert f"cannot listen on 127.0.0.1:{port}" in done.stderr
    assert "Traceback" not in done.stderr


def test_data_directory_that_is_a_file(tmp_path: Path) -> None:
    not_a_dir = tmp_path / "games"
    not_a_dir.write_text("")
    done = serve("--data", str(not_a_dir), "--port", "0")
    assert done.returncode == 2
    assert f"cannot use the data directory {not_a_dir}" in done.stderr
    assert "Traceback" not in done.stderr


def test_log_level_sets_what_reaches_standard_error(tmp_path: Path) -> None:
    """`--log-level info` shows the server's start-up record; the default (warning) does
    not; a level that does not exist is refused with the choices."""
    def stderr_of(*argv: str) -> str:
        proc = subprocess.Popen(
            [sys.executable, "-m", "prtui", "serve", "--port", "0", "--data", str(tmp_path),
             *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
            stdin=subprocess.DEVNULL)
        assert proc.stdout is not None
        assert "prtui server on" in proc.stdout.readline()  # it runs: stop it
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=60)
        return err

    assert "INFO server.net.server listening on 127.0.0.1:" in stderr_of("--log-level", "INFO")
    assert "listening on" not in stderr_of()
    done = serve("--data", str(tmp_path), "--log-level", "chatty")
    assert done.returncode == 2 and "invalid choice: 'chatty'" in done.stderr


def test_coach_flags_set_what_the_coach_may_take_of_the_pool() -> None:
    """`--coach-seconds`, `--coach-every`, `--review-seconds` reach ``CoachLimits``;
    without them the defaults of docs/hosting.md hold."""
    from prtui.cli import build_parser
    from server.net.coaching import CoachLimits
    from server.net.serve_cli import coach_limits

    parse = build_parser().parse_args
    assert coach_limits(parse(["serve"])) == CoachLimits()
    limits = coach_limits(parse(["serve", "--coach-seconds", "0.25", "--coach-every", "10",
                                 "--review-seconds", "0.2"]))
    assert isinstance(limits, CoachLimits)
    assert limits.move_time == 0.25 and limits.rate == 0.1
    assert limits.review_budget == 0.2 and limits.review_move_time == 0.2


@pytest.mark.parametrize("flag", ["--coach-seconds", "--coach-every", "--review-seconds"])
def test_a_coach_flag_out_of_range_is_refused(tmp_path: Path, flag: str) -> None:
    done = serve("--data", str(tmp_path), "--port", "0", flag, "0")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{flag} must be more than 0" in done.stderr


@pytest.mark.parametrize(("argv", "message"), [
    (["--notify-schemes", "ntfys,gnome"], "--notify-schemes: gnome: notices to this machine"),
    (["--notify-schemes", "ntfys,nosuch"], "--notify-schemes: nosuch: not an apprise scheme"),
    (["--notify-schemes", "ntfys", "--notify-per-hour", "0"], "--notify-per-hour must be 1..60"),
])
def test_a_notify_flag_that_cannot_be_used_is_refused(tmp_path: Path, argv: list[str],
                                                      message: str) -> None:
    done = serve("--data", str(tmp_path), "--port", "0", *argv)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert message in done.stderr

"""`prtui play --option KEY=VALUE`: typed by the game's own description; a bad key or
value is one line on stderr and exit code 2, before anything takes the terminal."""

from __future__ import annotations

import subprocess
import sys

import pytest

from prtui.cli import build_parser, option_pairs


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--option", "colour=red"],
         "unknown option 'colour' (known: edition, open_vp, expansions)"),
        (["--option", "open_vp=maybe"], "open_vp must be true or false, not 'maybe'"),
        (["--option", "edition"], "--option takes KEY=VALUE, not 'edition'"),
        (["--edition", "2099"], "edition must be one of classic, 1897"),
        (["--game", "chess"], "unknown game 'chess'"),
    ],
)
def test_a_bad_option_is_one_line_and_exit_2(argv: list[str], message: str) -> None:
    done = subprocess.run([sys.executable, "-m", "prtui", "play", *argv],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"prtui play: {message}"), done.stderr
    assert done.stdout == ""


def test_the_shortcuts_are_written_out_as_options() -> None:
    args = build_parser().parse_args(["play", "--edition", "1897", "--open-vp",
                                      "--option", "open_vp=false"])
    assert option_pairs(args) == ["edition=1897", "open_vp=true", "open_vp=false"]
    args = build_parser().parse_args(["arena", "--bots", "easy", "--edition", "1897"])
    assert option_pairs(args) == ["edition=1897"]


THEMES_REFUSED = "unknown theme 'nosuchtheme' (known: "


@pytest.mark.parametrize(
    ("argv", "prefix", "message"),
    [
        (["play", "--bots", "hard,impossible"], "prtui play",
         "unknown bot level 'impossible' (known: random, easy, medium, hard)"),
        (["play", "--theme", "nosuchtheme"], "prtui play", THEMES_REFUSED),
        (["--theme", "nosuchtheme", "play"], "prtui play", THEMES_REFUSED),
        (["--theme", "nosuchtheme"], "prtui", THEMES_REFUSED),
        (["connect", "127.0.0.1:9", "--theme", "nosuchtheme"], "prtui connect", THEMES_REFUSED),
        (["spectate", "127.0.0.1:9", "--theme", "nosuchtheme"], "prtui spectate",
         THEMES_REFUSED),
    ],
)
def test_a_bad_bot_level_or_theme_is_one_line_and_exit_2(
        argv: list[str], prefix: str, message: str) -> None:
    """Issue 32: `--bots hard,impossible` was a lost connection at the table and exit 0;
    `--theme nosuchtheme` was silently the default. Both are refused before the terminal
    is taken, like every other bad option."""
    done = subprocess.run([sys.executable, "-m", "prtui", *argv],
                          capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2, done.stderr
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{prefix}: {message}"), done.stderr
    assert "prtui-dark" in lines[0] or "bot level" in message
    assert done.stdout == ""

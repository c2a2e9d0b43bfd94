"""The reader chooses the language (issue 38, item 2): ``--lang``, else the setting kept
in settings.json, else the environment (in a gateway's session: only the player's own,
never the host's locale), else English; a browser's Accept-Language by its weights.
The command line is the real `python -m prtui` in a subprocess."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from prtui.language import PLAYER_LANG_ENV, reader_language, scan_argv
from prtui.settings import Settings
from server.i18n import Translator
from server.web.language import page_language

ZH = Translator("zh_CN", "prtui")


def prtui(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", PLAYER_LANG_ENV)}
    return subprocess.run([sys.executable, "-m", "prtui", *args], capture_output=True,
                          text=True, env={**clean, **(env or {})}, timeout=120, check=False)


def test_lang_flag_shows_the_help_in_chinese(tmp_path: Path) -> None:
    done = prtui("--lang", "zh_CN", "--data", str(tmp_path), "--help")
    assert done.returncode == 0
    assert ZH("show this help message and exit") in done.stdout  # argparse's own words
    assert ZH("straight to the board against bots") in done.stdout
    assert ZH("usage: ") in done.stdout and "usage:" not in done.stdout
    english = prtui("--data", str(tmp_path), "--help")
    assert "straight to the board against bots" in english.stdout


def test_the_flag_may_follow_the_subcommand_and_be_abbreviated(tmp_path: Path) -> None:
    done = prtui("play", "--data", str(tmp_path), "--lan=zh", "--bots", "nope")
    assert done.returncode == 2
    problem = ZH("unknown bot level '{level}' (known: {levels})").format(
        level="nope", levels="random, easy, medium, hard")
    assert done.stderr.strip() == ZH("prtui play: {problem}").format(problem=problem)
    assert "未知" in problem  # the catalog has it: the line is not the English one


def test_an_unknown_language_is_one_clear_line(tmp_path: Path) -> None:
    done = prtui("--lang", "klingon", "--data", str(tmp_path), "play")
    assert done.returncode == 2
    assert "Traceback" not in done.stderr
    assert done.stderr.strip() == (
        "prtui: unknown language 'klingon'; the languages: en (English), zh_CN (中文（简体）)")


def test_the_setting_beats_the_environment_and_the_flag_beats_both(tmp_path: Path) -> None:
    (tmp_path / "settings.json").write_text(json.dumps({"language": "en"}), encoding="utf-8")
    zh_env = {"LANG": "zh_CN.UTF-8"}
    assert "straight to the board" in prtui("--data", str(tmp_path), "--help",
                                            env=zh_env).stdout
    chinese = prtui("--data", str(tmp_path / "fresh"), "--help", env=zh_env).stdout
    assert ZH("straight to the board against bots") in chinese
    flagged = prtui("--data", str(tmp_path), "--lang", "zh_CN", "--help", env=zh_env).stdout
    assert ZH("straight to the board against bots") in flagged


def test_a_gateways_session_reads_only_the_players_language() -> None:
    host = {"LC_ALL": "C.UTF-8", "LANG": "zh_CN.UTF-8"}
    assert reader_language(None, None, {**host, PLAYER_LANG_ENV: "zh_CN"}) == "zh_CN"
    assert reader_language(None, None, {**host, PLAYER_LANG_ENV: ""}) == "en"
    assert reader_language(None, "zh_CN", {PLAYER_LANG_ENV: "en"}) == "zh_CN"  # kept setting
    assert reader_language(None, None, host) == "en"  # a terminal: LC_ALL comes first


def test_the_command_line_is_read_for_lang_and_data_before_the_parser() -> None:
    assert scan_argv(["play", "--lang", "zh", "--data=/d"]) == ("zh", "/d")
    assert scan_argv(["connect", "h", "--name=--lang=zh"]) == (None, None)
    assert scan_argv(["--", "--lang", "zh"]) == (None, None)


def test_the_language_setting_is_kept_and_a_removed_one_forgotten(tmp_path: Path) -> None:
    path = tmp_path / "settings.json"
    settings = Settings.load(path)
    assert settings.language is None  # follow the environment
    settings.language = "zh_CN"
    settings.save()
    assert Settings.load(path).language == "zh_CN"
    path.write_text(json.dumps({"language": "tlh"}), encoding="utf-8")
    assert Settings.load(path).language is None


def test_a_pages_language_is_its_first_one_we_have_by_weight() -> None:
    assert page_language("zh-CN,zh;q=0.9,en;q=0.8") == "zh_CN"
    assert page_language("de-DE,de;q=0.9,zh;q=0.8,en;q=0.7") == "zh_CN"
    assert page_language("en;q=0.5, zh-Hans;q=0.9") == "zh_CN"
    assert page_language("en-US,en;q=0.9") == "en"
    assert page_language("zh;q=0, fr") is None
    assert page_language("*") is None and page_language(None) is None
    assert page_language("zh;q=bad,en") == "en"

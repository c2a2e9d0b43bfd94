"""The message catalogs are current and complete (issue 38): every marked text is in its
domain's template, every language's catalog is brought up to it and compiled, and no
text a person reads is left unmarked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from server.i18n import DOMAINS, Translator, choose, normalize
from server.tools import catalogs
from tests.i18n.unmarked import unmarked

ROOT = Path(__file__).resolve().parents[2]

# Files whose words are not marked yet (issue 38 is converting them): each leaves this
# list when it is done, and a file on it with nothing left to mark fails the test too.
NOT_YET: set[str] = set()

SERVER_CHECKED = ("server/net", "server/ssh", "server/web", "server/bots", "server/protocol")
"""Where the server says things to people (refusals, notices, the gateways' lines): every
text there is marked (server/says.py), or says why not in a ``# i18n:`` comment."""

SERVER_NOT_CHECKED: dict[str, str] = {
    "server/net/bench.py": "a developer tool: `prtui bench server` prints figures",
    "server/net/bench_clients.py": "the bench's own clients: developer output",
    "server/net/capacity.py": "a developer tool: `prtui bench capacity` prints figures",
    "server/net/serve_cli.py": "the host's own console (`prtui serve` start-up lines and "
                               "its argument errors), in English like the server's log",
    "server/web/serve.py": "the host's own console: the web gateway's start-up line",
    "server/bots/arena.py": "a developer tool: `prtui arena` prints bot results",
    "server/bots/candidates.py": "bot levels under trial: level ids, never shown as words",
    "server/bots/san_juan_fit.py": "a developer tool that writes Python source (weights)",
    "server/bots/puerto_rico_search.py": "a game id ('puerto-rico') and developer notes",
    "server/bots/frozen/hard_2026_12_03/heuristic.py": "a frozen bot: module paths only",
    "server/bots/frozen/hard_2026_12_03/puerto_rico_search.py": "a frozen bot: a game id",
}
"""Server files that speak to developers or the host's console, not to a player."""

def test_every_template_catalog_and_compiled_file_is_current() -> None:
    stale = [p for p in catalogs.run(check=True) if p.startswith("stale")]
    assert not stale, stale


@pytest.mark.parametrize("domain", sorted(DOMAINS))
def test_the_chinese_catalog_translates_every_text(domain: str) -> None:
    tmpl = catalogs.template(domain)
    cat, _, _ = catalogs.build(domain, "zh_CN", tmpl)
    assert catalogs.untranslated(cat) == []


def test_no_client_text_is_left_unmarked() -> None:
    found: dict[str, list[tuple[int, str]]] = {}
    for path in sorted((ROOT / "prtui").rglob("*.py")):
        rel = str(path.relative_to(ROOT))
        hits = list(unmarked(path))
        if hits and rel not in NOT_YET:
            found[rel] = hits[:5]
        if not hits:
            assert rel not in NOT_YET, f"{rel} is done: take it off NOT_YET"
    assert not found, found


def test_no_server_text_is_left_unmarked() -> None:
    found: dict[str, list[tuple[int, str]]] = {}
    for folder in SERVER_CHECKED:
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            hits = list(unmarked(path))
            if hits and rel not in SERVER_NOT_CHECKED:
                found[rel] = hits[:5]
    assert not found, found
    for rel in SERVER_NOT_CHECKED:
        assert (ROOT / rel).exists(), f"{rel} is gone: take it off SERVER_NOT_CHECKED"


def test_the_web_pages_show_no_word_of_their_own() -> None:
    """The gateway's templates show only what server/web/language.py looks up: no text
    outside ``{{ }}`` but the program's name, once the markup, styles and scripts go."""
    for page in sorted((ROOT / "server" / "web" / "templates").glob("*.html")):
        html = page.read_text(encoding="utf-8")
        html = re.sub(r"<(style|script)\b.*?</\1>|<!--.*?-->|\{\{.*?\}\}", "", html, flags=re.S)
        text = re.sub(r"<[^>]*>", " ", html).replace("prtui", "")
        assert not re.search(r"[A-Za-z]{2,}", text), (page.name, text.split())


def test_a_language_is_chosen_by_flag_then_setting_then_environment() -> None:
    env = {"LANG": "zh_CN.UTF-8"}
    assert choose(None, None, env) == "zh_CN"
    assert choose("en", None, env) == "en"
    assert choose(None, "en", env) == "en"
    assert choose(None, None, {"LANG": "C.UTF-8"}) == "en"
    assert choose(None, None, {"LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}) == "zh_CN"
    assert choose(None, None, {"LANG": "de_DE.UTF-8"}) == "en"  # no German catalog yet
    assert normalize("zh-Hans-CN") == normalize("zh") == normalize("zh_CN.UTF-8") == "zh_CN"
    assert normalize("klingon") is None


def test_english_reads_as_written() -> None:
    assert Translator("en", "prtui")("Start") == "Start"


def test_a_language_is_its_folder_of_catalogs(tmp_path: Path) -> None:
    """Adding a language is adding files: a folder with a compiled ``server`` catalog
    that names the language is offered, named in its own words; no line of code."""
    import io

    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    from server.i18n import languages_in

    messages = tmp_path / "de" / "LC_MESSAGES"
    messages.mkdir(parents=True)
    cat = Catalog(locale="de", domain="server")
    cat.add("English", "Deutsch", context="language name")
    out = io.BytesIO()
    write_mo(out, cat)
    (messages / "server.mo").write_bytes(out.getvalue())
    (tmp_path / "xx" / "LC_MESSAGES").mkdir(parents=True)  # no catalog naming it yet
    assert languages_in(tmp_path) == {"en": "English", "de": "Deutsch", "xx": "xx"}
    assert languages_in(ROOT / "server" / "locale")["zh_CN"] == "中文（简体）"

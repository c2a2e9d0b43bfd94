"""``make catalogs``: extract every marked text into a template per domain, bring each
language's catalog up to it, and compile it (Babel). ``--check`` writes nothing and says
what is stale or untranslated (tests/i18n/test_catalogs.py runs it).

Sources per domain (server/i18n.py): ``prtui`` the client's Python; ``server`` the
server's Python outside the games and the tools; a game's domain its .toml texts (each
string, msgctxt its key: server/tools/toml_extract.py) and its Python's marked texts.
Python texts are marked with ``_``, ``N_``, ``ngettext`` and ``pgettext``
(prtui/i18n.py); a ``# i18n:`` comment above one reaches the translator.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from server.i18n import DOMAINS, SOURCE
from server.tools.toml_extract import extract as extract_toml

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "server" / "locale"
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
COMMENT_TAGS = ("i18n:",)
FIXED_DATE = datetime(2026, 12, 1, tzinfo=UTC)  # no churn in the files from one run to the next
WIDTH = 100

Found = tuple[str, str | tuple[str, ...], str | None, list[str]]  # where, msgid(s), msgctxt, notes


def _python(paths: Iterator[Path]) -> Iterator[Found]:
    for path in sorted(paths):
        if "__pycache__" in path.parts:
            continue
        for lineno, message, comments, context in extract_from_file(
                "python", str(path), keywords=KEYWORDS, comment_tags=COMMENT_TAGS,
                strip_comment_tags=True):
            yield f"{path.relative_to(ROOT)}:{lineno}", message, context, list(comments)


def _toml(package: Path) -> Iterator[Found]:
    for path in sorted(package.rglob("*.toml")):
        prefix = str(path.relative_to(package).with_suffix(""))
        with path.open("rb") as fh:
            for _, _, (context, text), comments in extract_toml(fh, KEYWORDS, COMMENT_TAGS,
                                                                {"prefix": prefix}):
                yield f"{path.relative_to(ROOT)}", text, context, comments


def sources(domain: str) -> Iterator[Found]:
    """Every text of ``domain``, where it is written."""
    if domain == "prtui":
        yield from _python((ROOT / "prtui").rglob("*.py"))
    elif domain == "server":
        skip = {"games", "tools", "locale"}
        yield from _python(p for p in (ROOT / "server").rglob("*.py")
                           if p.relative_to(ROOT / "server").parts[0] not in skip)
    else:
        package = ROOT / "server" / "games" / domain
        yield from _toml(package)
        yield from _python(package.rglob("*.py"))


def template(domain: str) -> Catalog:
    cat = Catalog(domain=domain, project="prtui", creation_date=FIXED_DATE,
                  revision_date=FIXED_DATE, fuzzy=False, charset="utf-8")
    for where, message, context, comments in sources(domain):
        cat.add(message, locations=[(where.split(":")[0], 0)], auto_comments=comments,
                context=context)
    return cat


def languages() -> list[str]:
    return sorted(p.name for p in LOCALE.iterdir()
                  if p.is_dir() and (p / "LC_MESSAGES").is_dir() and p.name != SOURCE)


def _po_bytes(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, cat, width=WIDTH, no_location=True, sort_output=True, omit_header=False,
             ignore_obsolete=True, include_previous=False)
    return out.getvalue()


def _mo_bytes(cat: Catalog) -> bytes:
    out = io.BytesIO()
    write_mo(out, cat, use_fuzzy=False)
    return out.getvalue()


def build(domain: str, language: str, tmpl: Catalog) -> tuple[Catalog, bytes, bytes]:
    """The language's catalog brought up to the template (translations kept, new texts
    empty, gone ones dropped): its .po and .mo bytes."""
    po = LOCALE / language / "LC_MESSAGES" / f"{domain}.po"
    if po.exists():
        with po.open("rb") as fh:
            cat = read_po(fh, locale=language, domain=domain)
    else:
        cat = Catalog(locale=language, domain=domain, project="prtui", fuzzy=False,
                      creation_date=FIXED_DATE, revision_date=FIXED_DATE, charset="utf-8")
    cat.update(tmpl, no_fuzzy_matching=True, update_header_comment=False)
    cat.creation_date = cat.revision_date = FIXED_DATE
    cat.fuzzy = False
    cat.obsolete.clear()
    po_bytes = _po_bytes(cat)
    # compiled from the .po as written (a new plural entry reads back with the language's
    # own number of forms): else the next run compiles another .mo from the same .po
    cat = read_po(io.BytesIO(po_bytes), locale=language, domain=domain)
    return cat, po_bytes, _mo_bytes(cat)


def untranslated(cat: Catalog) -> list[str]:
    return [f"{m.context + ' | ' if m.context else ''}{m.id!r}" for m in cat
            if m.id and (not m.string or m.fuzzy
                         or (isinstance(m.string, tuple) and not all(m.string)))]


def run(check: bool) -> list[str]:
    """Write (or, with ``check``, compare) every template, catalog and compiled file;
    the problems found (a check's stale files; always the untranslated counts)."""
    problems: list[str] = []
    for domain in DOMAINS:
        tmpl = template(domain)
        want = {LOCALE / f"{domain}.pot": _po_bytes(tmpl)}
        for language in languages():
            cat, po, mo = build(domain, language, tmpl)
            base = LOCALE / language / "LC_MESSAGES" / domain
            want[base.with_suffix(".po")] = po
            want[base.with_suffix(".mo")] = mo
            missing = untranslated(cat)
            if missing:
                problems.append(f"{language}/{domain}: {len(missing)} untranslated, e.g. "
                                + "; ".join(missing[:3]))
        for path, data in want.items():
            have = path.read_bytes() if path.exists() else None
            if have == data:
                continue
            if check:
                problems.append(f"stale: {path.relative_to(ROOT)} (run `make catalogs`)")
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(data)
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if stale")
    args = parser.parse_args(argv)
    problems = run(args.check)
    for line in problems:
        print(line)
    return 1 if args.check and any(p.startswith("stale") for p in problems) else 0


if __name__ == "__main__":
    sys.exit(main())

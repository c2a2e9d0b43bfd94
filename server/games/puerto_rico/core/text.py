"""Words of the log and the action labels: templates over the one names file.

The engine composes every log line and action label once, as a template whose game
words are marks (server/wording.py): ``VOCAB[edition]`` hands out marks where a
vocabulary would hand out words, the same for every edition. ``finish_events`` and
``finish_action`` then render each template in the table's edition for the plain
``text``/``label`` fields and keep it as ``tmpl``, so a client can render it in the
vocabulary its player chose. The words of both editions live once, in names.toml
(components.md section 1); ids stay the classic ones everywhere
(docs/puerto-rico-view.md). A new name goes into names.toml, not here.

A text the rules say by its key (``line``, ``label``: core/texts.toml) travels with that
key and its fields as well (``tk``/``tf``), so a client fills it from the game's catalog
in its reader's language (docs/protocol.md "Texts and languages"); a new text goes into
core/texts.toml, not into an f-string here.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib.resources import files
from typing import TYPE_CHECKING, Any, NamedTuple

from server.wording import Table, Tables, fill, wire_fields

from . import catalog as C
from .kinds import mark

if TYPE_CHECKING:
    from .state import PRState


@cache
def names_file() -> dict[str, Any]:
    return tomllib.loads((files(__package__) / "names.toml").read_text(encoding="utf-8"))


_ADDED: list[dict[str, Any]] = []  # names.toml files of expansions' own folders (add_names)


@cache
def vocabulary(edition: str) -> dict[str, Any]:
    """One edition's tables (title, words, short, tags), classic filling what it omits;
    an expansion's own names (``add_names``) merged in the same way."""
    out: dict[str, Any] = {}
    for data in (names_file(), *_ADDED):
        base, own = data.get("classic", {}), data.get(edition, {})
        out.setdefault("title", own.get("title", edition))
        for table in ("words", "short", "tags"):
            out[table] = {**out.get(table, {}), **base.get(table, {}), **own.get(table, {})}
    return out


def add_names(data: dict[str, Any]) -> None:
    """An expansion's names.toml (registry.py), in the box's file's shape: its words in
    both editions. A key the box already has is refused (a name is said one way)."""
    box = names_file()
    for edition, tables in data.items():
        for table, words_ in tables.items():
            clash = set(words_) & set(box.get(edition, {}).get(table, {}))
            if clash:
                raise ValueError(f"names already in names.toml: {', '.join(sorted(clash))}")
    if data not in _ADDED:
        _ADDED.append(data)
    refresh()


def refresh() -> None:
    """Forget what was made from the names and the catalog (a table grew or shrank)."""
    vocabulary.cache_clear()
    _TABLES.clear()
    _LAST[:] = [None, "", None]
    MARKS.buildings = tuple(f"{{w:{b}}}" for b in C.BUILDINGS)


DOMAIN = "puerto_rico"
"""The game's message catalog (server/i18n.py)."""

TEXTS = "core/texts"
"""The file of the texts said by key, as its msgctxt names it (the package's path)."""


@cache
def texts_file(package: str = __package__) -> dict[str, dict[str, str]]:
    """The texts.toml of ``package`` (the core's by default; an expansion's folder)."""
    found = files(package) / "texts.toml"
    if not found.is_file():
        return {}
    data = tomllib.loads(found.read_text(encoding="utf-8"))
    return {k: dict(v) for k, v in data.items()}


GAME = __package__.rpartition(".")[0]  # the game's package: msgctxt paths are within it


def where(package: str) -> str:
    """A texts file's msgctxt prefix without the colon: its path in the game's package
    ("core/texts", "expansions/citizens/texts")."""
    return package.removeprefix(GAME + ".").replace(".", "/") + "/texts"


class Said(NamedTuple):
    """A text said by its key: the template (marks, as ever) and where it came from."""

    tmpl: str
    table: str
    key: str
    fields: dict[str, Any]
    file: str = TEXTS

    @property
    def tk(self) -> str:
        return f"{self.file}:{self.table}.{self.key}"

    @property
    def tf(self) -> dict[str, Any]:
        return wire_fields(f"{self.file}:{self.table}.", self.fields)

    def wire(self) -> dict[str, Any]:
        return {"tk": self.tk, "tf": self.tf}


FILES: dict[str, Texts] = {}
"""Each keyed texts file by its msgctxt prefix (``Said.file``): where a part said by
its whole key ("expansions/festival/texts:labels.note_estate") is found."""


class _Lookup(dict[str, str]):
    """One table of a texts file, and any text of another by its whole key (a part
    from another file: a core label with an expansion's note)."""

    def __missing__(self, key: str) -> str:
        file, _, rest = key.partition(":")
        table, _, own = rest.partition(".")
        if not own or file not in FILES:
            raise KeyError(key)
        return _keyed_table(FILES[file].package, table)[own]


@cache
def _keyed_table(package: str, table: str) -> _Lookup:
    return _Lookup(texts_file(package).get(table, {}))


class Texts:
    """The keyed texts of one texts.toml: the core's, or an expansion's own folder's
    (so an expansion's log lines and labels live with its rules)."""

    __slots__ = ("file", "package")

    def __init__(self, package: str) -> None:
        self.package = package
        self.file = where(package)
        FILES[self.file] = self

    def said(self, table: str, key: str, fields: dict[str, Any]) -> Said:
        return Said(fill(_keyed_table(self.package, table), key, fields), table, key, fields,
                    self.file)

    def line(self, key: str, /, **fields: Any) -> Said:
        """The log line ``key`` ([log]) with its fields."""
        return self.said("log", key, fields)

    def label(self, key: str, /, **fields: Any) -> Said:
        """The action label ``key`` ([labels]) with its fields."""
        return self.said("labels", key, fields)

    def private(self, key: str, /, **fields: Any) -> Said:
        """A private part (only its seat reads it), [private]."""
        return self.said("private", key, fields)


CORE = Texts(__package__)


def line(key: str, /, **fields: Any) -> Said:
    """The log line ``key`` of core/texts.toml with its fields."""
    return Said(fill(_keyed_table(__package__, "log"), key, fields), "log", key, fields)


def label(key: str, /, **fields: Any) -> Said:
    """The action label ``key`` of core/texts.toml with its fields."""
    return Said(fill(_keyed_table(__package__, "labels"), key, fields), "labels", key, fields)


def private(key: str, /, **fields: Any) -> Said:
    """A private part (only its seat reads it) of core/texts.toml."""
    return Said(fill(_keyed_table(__package__, "private"), key, fields), "private", key, fields)


def words(edition: str) -> dict[str, str]:
    out: dict[str, str] = vocabulary(edition)["words"]
    return out


class Vocabulary:
    """The marks texts are composed of, as tuples indexed like the catalog.

    Where a vocabulary of one edition would give "Mayor" this gives "{w:mayor}"; the
    words come in when the template is rendered (``finish_events``, ``finish_action``).
    """

    __slots__ = (
        "a_tiles",
        "buildings",
        "circle",
        "city",
        "colonist",
        "colonists",
        "doubloon",
        "goods",
        "in_san_juan",
        "island",
        "on_island",
        "plantation",
        "privilege",
        "roles",
        "san_juan",
        "ship",
        "tiles",
        "vp",
    )

    def __init__(self) -> None:
        self.roles = tuple(f"{{w:{r}}}" for r in C.ROLES)
        self.goods = tuple(f"{{w:{g}}}" for g in C.GOODS)
        self.buildings = tuple(f"{{w:{b}}}" for b in C.BUILDINGS)
        self.tiles = tuple(f"{{w:{t}}}" for t in C.TILES)
        # "a corn plantation", "an indigo plantation", "a fruit estate", "a quarry"
        self.a_tiles = tuple(f"{{a:{t}}}" for t in C.TILES)
        self.colonist, self.colonists = "{w:colonist}", "{w:colonists}"
        self.san_juan = "{w:the_san_juan}"
        self.in_san_juan = "{w:in_san_juan}"
        self.ship = "{w:colonist_ship}"
        self.doubloon = "{w:doubloon}"
        self.plantation = "{w:plantation}"
        self.privilege = "{w:privilege}"
        self.island, self.city = "{w:island}", "{w:city}"
        self.on_island = "{w:on_island}"
        self.circle = "{w:circle}"
        self.vp = "VP"

    def coins(self, k: int) -> str:
        return f"{{n:doubloon:{k}}}"

    def people(self, k: int) -> str:
        return f"{{n:colonist:{k}}}"

    def citizens(self, k: int) -> str:
        return f"{{n:citizen:{k}}}"


MARKS = Vocabulary()
VOCAB = {e: MARKS for e in C.EDITIONS}  # one template for every edition


def cap(words: str) -> str:
    """A word at the start of a text: "{w:hospice}" -> "{W:hospice}" ("Hospice: ...")."""
    if words.startswith("{w:"):
        return "{W:" + words[3:]
    return words[:1].upper() + words[1:]


_TABLES = Tables()  # each table's texts, rendered once (server/wording.py)
_LAST: list[Any] = [None, "", None]  # the last table's names list, edition and Table


def _table(edition: str, names: tuple[str, ...]) -> Table:
    return _TABLES.get((edition, names), words(edition), names)


def text_of(tmpl: str, edition: str, names: tuple[str, ...] = ()) -> str:
    """``tmpl`` in ``edition``'s words with the seats' names."""
    return _table(edition, names).text(tmpl)


def finish_events(events: list[Any], s: PRState) -> None:
    """Each event's ``text`` was composed as a template: keep it as ``tmpl`` and put
    the table's words in ``text``."""
    if not events:
        return
    last = _LAST
    if s.names is last[0] and s.edition == last[1]:  # the names list is shared by clones
        table = last[2]
    else:
        table = _table(s.edition, tuple(s.names))
        last[:] = [s.names, s.edition, table]
    table.finish(events)


def finish_action(action: dict[str, Any], edition: str) -> dict[str, Any]:
    """The same for an action's ``label`` (labels never name a player); and its
    ``kind`` (kinds.py), as every action dict passes here once."""
    mark(action)
    tmpl = action["label"]
    if isinstance(tmpl, Said):  # said by key: the key and fields go along
        action.update(tmpl.wire())
        tmpl = tmpl.tmpl
    action["tmpl"] = tmpl
    action["label"] = text_of(tmpl, edition)
    return action


def default_names(n: int) -> list[str]:
    return [f"Player {p + 1}" for p in range(n)]


_WHO = tuple(f"{{p:{seat}}}" for seat in range(8))


def who(s: PRState, seat: int) -> str:
    """The seat's display name as a mark: rendered from the ``names`` option (else
    "Player N"), never put into a template as typed."""
    return _WHO[seat] if 0 <= seat < 8 else f"{{p:{seat}}}"


def listing(parts: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} and {parts[-1]}"

"""Both games' boards in Chinese (issue 38, items 1 and 4): a five-player 1897 Puerto Rico
board with all four expansions and a four-player San Juan board, at 80x24 and 120x40,
show none of the client's own English (headings, column titles, status, hints, keys'
descriptions), and English boards read as they did.

Left aside: the players' names, key names, and the game's words and texts, which come
from the server's ``display`` and actions' labels (their catalogs are another part of
issue 38: every word of those is allowed here, looked up in the data the board got),
and the log panel, whose lines are all the server's.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from rich.cells import cell_len
from textual.widget import Widget

from prtui.app import PrtuiApp
from prtui.i18n import set_language
from prtui.screens.game import GameScreen
from prtui.widgets.feed import GameLog
from tests.tui import smuggler_festival_boards
from tests.tui.boards import pr_game
from tests.tui.san_juan_boards import frames, sj_game
from tests.tui.waiting import board_drawn, wait_for

NAMES = {0: "ana", 1: "bot 2 (hard)", 2: "bot 3 (easy)", 3: "bot 4 (medium)",
         4: "bot 5 (random)"}
KEY_NAMES = {"Enter", "Esc", "PgUp", "PgDn", "Home", "End", "ctrl", "esc", "tab"}
WORD = re.compile(r"[A-Za-z]{2,}")
SIZES = [(80, 24), (120, 40)]


def sj_choosing() -> dict[str, Any]:
    """Seat 0 choosing a role late in a four-player game."""
    return [f for f in frames(4, 11) if f["view"].get("role_gains")][-1]


def sj_building() -> dict[str, Any]:
    """Seat 0 building: the hand, its costs and the previews."""
    return next(f for f in frames(4, 11) if any(a.get("type") == "build" for a in f["legal"]))


BOARDS: dict[str, tuple[Callable[[], dict[str, Any]], Callable[[], dict[str, Any]],
                        str | None, list[str]]] = {
    "puerto-rico": (pr_game, lambda: smuggler_festival_boards.load("five"), "1897",
                    ["b", "o"]),
    "san-juan": (sj_game, sj_choosing, None, ["o", "h"]),
    "san-juan building": (sj_game, sj_building, None, ["o", "h"]),
}


def strings(data: Any) -> Iterator[str]:
    """Every string in ``data`` (the game's display, a snapshot), keys and values."""
    if isinstance(data, str):
        yield data
    elif isinstance(data, dict):
        for key, value in data.items():
            yield from strings(key)
            yield from strings(value)
    elif isinstance(data, list | tuple):
        for value in data:
            yield from strings(value)


def allowed_words(game: dict[str, Any], snapshot: dict[str, Any]) -> set[str]:
    """Names, key names and the game's own words and texts (its display, its view's
    texts, its actions' labels: the server's, translated elsewhere), lower case. Not the log's lines: the
    log panel is left out of what is read (``rows_outside``)."""
    found = {k.lower() for k in KEY_NAMES}
    for text in [*NAMES.values(), *strings(game), *strings(snapshot.get("legal")),
                 *strings(snapshot.get("view"))]:
        found |= {w.lower() for w in WORD.findall(text)}
    return found


def rows_outside(app: PrtuiApp, widget: Widget) -> list[str]:
    """The screen's rows as drawn, less the cells of ``widget`` (the game's log: the
    server's lines), counted in cells (a Chinese character is two)."""
    region = widget.region
    rows = []
    for y, strip in enumerate(app.screen._compositor.render_strips()):
        x, row = 0, []
        for segment in strip:
            for char in segment.text:
                inside = region.contains(x, y)
                row.append(" " if inside else char)
                x += cell_len(char)
        rows.append("".join(row))
    return rows


def is_allowed(word: str, allowed: set[str]) -> bool:
    """One of ``allowed``, or made of them as the board shortens a game's word: its
    start ("Adv", a cut name "medi"), or the starts of a name's words run together, each
    from a capital ("LSMi": large sugar mill, "ZOf": zoning office)."""
    def starts(piece: str) -> bool:
        return any(w.startswith(piece.lower()) for w in allowed)
    pieces = re.findall(r"[A-Z][a-z]*|[a-z]+", word)
    return word.lower() in allowed or starts(word) or all(starts(p) for p in pieces)


@pytest.fixture
def language() -> Iterator[Callable[[str], None]]:
    """Set the client's language for one test, English again after it."""
    yield set_language
    set_language("en")


async def english_left(name: str, size: tuple[int, int]) -> tuple[set[str], list[str]]:
    """The words on the board and its views that are neither names, keys nor the
    game's; and every row seen."""
    describe, load, vocabulary, keys = BOARDS[name]
    game, snapshot = describe(), load()
    allowed = allowed_words(game, snapshot)
    app = PrtuiApp(lambda a: GameScreen(None, snapshot, NAMES, vocabulary=vocabulary, game=game))
    seen: list[str] = []
    async with app.run_test(size=size) as pilot:
        await wait_for(pilot, lambda: board_drawn(app))
        for key in [None, *keys]:
            if key is not None:
                await pilot.press(key)
            await pilot.pause()
            await pilot.pause()
            seen += rows_outside(app, app.screen.query_one(GameLog))
            if key is not None:
                await pilot.press(key)
    left = {w for row in seen for w in WORD.findall(row) if not is_allowed(w, allowed)}
    return left, seen


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(BOARDS))
async def test_a_chinese_board_shows_none_of_the_clients_english(
        language: Callable[[str], None], name: str, size: tuple[int, int]) -> None:
    language("zh_CN")
    left, seen = await english_left(name, size)
    assert not left, f"{sorted(left)}\n" + "\n".join(seen)
    assert any("回合" in row for row in seen)  # the status line's round, in Chinese


@pytest.mark.parametrize("name", list(BOARDS))
async def test_the_same_board_in_english_shows_the_clients_words(name: str) -> None:
    """The check above can fail: in English the client's own words are left over."""
    left, seen = await english_left(name, (80, 24))
    assert left, "\n".join(seen)
    assert any("Round" in row for row in seen)


def test_a_chinese_building_is_tagged_by_its_own_characters() -> None:
    """A city's one-line tags come from the name shown, in cells: never the id's English
    ("Sma" for 小市场 was the id's)."""
    from prtui.games.puerto_rico.abbrev import building_tag
    from prtui.vocabulary import Vocabulary

    vocab = Vocabulary({"name": "zh", "words": {"small_market": "小市场", "hacienda": "庄园"},
                        "short": {"small_market": "小市"}})
    assert building_tag(vocab, "small_market") == "小市"
    assert building_tag(vocab, "hacienda") == "庄园"
    assert building_tag(Vocabulary({"name": "en", "words": {"small_market": "small market"}}),
                        "small_market") == "SMa"

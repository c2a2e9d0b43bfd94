"""Names squeezed for tight places are cut by cells (issue 38, item 4): a role card's
three-cell taker, the festival's six, San Juan's role bar. Cut by letters, "诸葛孔明"
took eight cells where four were given and the 80-column role cards wrapped."""

from __future__ import annotations

from typing import ClassVar

from rich.cells import cell_len

from prtui.games.puerto_rico.abbrev import seat_tag, short_tag
from prtui.games.san_juan.table import taker
from prtui.widgets.plain import cut_cells

NAME = "诸葛孔明卧龙先生南阳躬耕陇亩之中"


def test_tags_of_a_chinese_name_fit_their_cells() -> None:
    for width in range(1, 12):
        for tag in (short_tag(NAME, width), seat_tag(NAME, width), taker(NAME, width)):
            assert 0 < cell_len(tag) <= max(width, 2), (width, tag)
    assert short_tag(NAME, 4) == "诸葛" and seat_tag(NAME, 6) == "诸葛孔"
    assert short_tag(NAME + " 3", 4) == "诸3"  # the trailing number kept, as for Latin names
    assert taker(NAME, 7) == "诸葛孔…"


def test_latin_names_are_cut_as_before() -> None:
    assert short_tag("carlos", 4) == "carl" and short_tag("Player 3", 6) == "Playe3"
    assert seat_tag("bot 2 (medium)", 6) == "bot2"
    assert cut_cells("ana", 2) == "an" and cut_cells("中文", 3) == "中"


def test_the_summary_keeps_its_columns_with_a_chinese_name() -> None:
    """Every row's money column starts at the header's, whatever the names' letters."""
    from prtui.games.puerto_rico.summary import HEADER, MEDIUM, NARROW, TIGHT, _name

    class Ctx:  # the one thing _name asks of a board's context
        names: ClassVar[dict[int, str]] = {0: NAME, 1: "ana", 2: "bot 3 (easy)", 3: "长孙无忌"}

        def name(self, seat: int) -> str:
            return self.names[seat]

    for form in (HEADER, MEDIUM, NARROW, TIGHT):
        header = form.format("Player", "$", *[""] * 7)
        for seat in range(4):
            line = form.format(_name(Ctx(), seat, form), "3$", *[""] * 7)  # type: ignore[arg-type]
            assert cell_len(line[:line.index("3$")]) + 2 == cell_len(header[:header.index("$") + 1]), \
                (form, seat, line)

"""Names squeezed for tight places are cut by cells (issue 38, item 4): a role card's
three-cell taker, the festival's six, San Juan's role bar. Cut by letters, "诸葛孔明"
took eight cells where four were given and the 80-column role cards wrapped."""

from __future__ import annotations

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

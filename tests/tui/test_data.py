"""Themes, vocabularies, prices and launcher parsing: the client's plain data."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.theme import Theme

from prtui.controller import bot_levels
from prtui.helptext import BUILDINGS, ROLES, price_for
from prtui.launch import parse_address, setup_from_args
from prtui.theming import goods_palette, load_themes, shipped_theme_files, theme_from_toml
from prtui.vocabulary import SHIPPED_VOCABULARIES, Vocabulary

SHIPPED = {"prtui-dark", "prtui-light", "prtui-contrast", "prtui-colourblind", "prtui-16"}


def test_shipped_themes_load_as_textual_themes() -> None:
    themes = load_themes()
    assert set(themes) >= SHIPPED
    assert all(isinstance(t, Theme) for t in themes.values())
    assert themes["prtui-16"].ansi and themes["prtui-light"].dark is False


def test_colourblind_goods_are_five_distinct_colours() -> None:
    load_themes()
    palette = goods_palette("prtui-colourblind")
    goods = [palette[g] for g in ("corn", "indigo", "sugar", "tobacco", "coffee")]
    assert len(set(goods)) == 5


def test_user_theme_overrides_and_broken_file_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "mine.toml").write_text('name = "prtui-dark"\nprimary = "#123456"\n[goods]\ncorn = "#ABCDEF"\n')
    (tmp_path / "broken.toml").write_text("name = \n")
    themes = load_themes([tmp_path])
    assert themes["prtui-dark"].primary == "#123456"
    assert goods_palette("prtui-dark")["corn"] == "#ABCDEF"
    load_themes()  # restore the shipped palette for other tests


def test_theme_without_primary_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.toml"
    path.write_text('name = "x"\nbogus = 1\n')
    with pytest.raises(ValueError, match=r"x\.toml"):
        theme_from_toml(path)


@pytest.mark.parametrize("body", [
    'name = "a"\nprimary = 5\n',
    'name = "a"\nprimary = "#123456"\ngoods = 3\n',
    'name = "a"\nprimary = "#123456"\n[goods]\ncorn = "no such colour"\n',
    'name = "a"\nprimary = "notacolour"\n',
    'name = 1\nprimary = "#123456"\n',
    'name = "a"\nprimary = "#123456"\ndark = "yes"\n',
    b'name = "\xff"\n',
])
def test_broken_user_theme_is_refused_and_skipped(tmp_path: Path, body: str | bytes) -> None:
    path = tmp_path / "broken.toml"
    path.write_bytes(body if isinstance(body, bytes) else body.encode())
    with pytest.raises(ValueError, match=r"broken\.toml"):
        theme_from_toml(path)
    assert set(load_themes([tmp_path])) == SHIPPED | set(load_themes())  # nothing raised


def test_every_shipped_theme_file_is_valid() -> None:
    names = {theme_from_toml(path).name for path in shipped_theme_files()}
    assert names == SHIPPED


def test_shipped_data_is_package_data() -> None:
    """Themes and names are read from inside the prtui package, so an installed wheel
    (no source tree) has them; the top-level themes/ holds no second copy to drift."""
    package = Path(__import__("prtui").__file__).parent
    for item in [*shipped_theme_files(), SHIPPED_VOCABULARIES / "1897.toml"]:
        assert Path(str(item)).is_relative_to(package) and item.is_file()
    assert not list(Path(package.parent, "themes").rglob("*.toml"))


def test_1897_names_fall_back_to_classic() -> None:
    v = Vocabulary("1897")
    assert v("settler") == "Planter" and v("mayor") == "Recruiter" and v("indigo") == "fruit"
    assert v("guild_hall") == "Fire Station" and v("university") == "School"
    assert v("harbor") == "harbor"  # same in both editions
    assert Vocabulary("classic")("settler") == "Settler"
    assert Vocabulary("nonsense").edition == "classic"
    assert v("unknown_thing") == "unknown thing"


def test_every_building_and_role_has_help() -> None:
    assert len(BUILDINGS) == 23 and all(f.text for f in BUILDINGS.values())
    assert {"settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector"} <= set(ROLES)
    assert sum(f.large for f in BUILDINGS.values()) == 5


@pytest.mark.parametrize(("building", "quarries", "builder", "price"), [
    ("harbor", 0, False, 8), ("harbor", 3, False, 5), ("harbor", 4, False, 5),
    ("harbor", 3, True, 4), ("small_market", 1, True, 0), ("city_hall", 4, True, 5),
    ("indigo_plant", 5, False, 1),
])
def test_price_for(building: str, quarries: int, builder: bool, price: int) -> None:
    assert price_for(building, quarries, builder) == price


def test_parse_address() -> None:
    assert parse_address("host:1234") == ("host", 1234)
    assert parse_address("host") == ("host", 7797)
    assert parse_address("[::1]:99") == ("::1", 99)
    assert parse_address("[::1]") == ("::1", 7797)


def test_bot_levels_fill_the_other_seats() -> None:
    assert bot_levels("hard,easy", 4) == ["hard", "easy", "easy"]
    assert bot_levels(None, 3) == ["medium", "medium"]


def test_play_args_to_setup() -> None:
    class Args:
        players, bots, seed, option = 9, "hard", 5, ["edition=1897", "open_vp=yes"]

    setup = setup_from_args(Args())
    assert setup.players == 5 and setup.game == "puerto-rico" and setup.bots == ["hard"] * 4
    assert setup.seed == 5 and setup.options == {"edition": "1897", "open_vp": True}
    Args.option = ["edition=2099"]
    with pytest.raises(ValueError, match="edition must be one of classic, 1897"):
        setup_from_args(Args())

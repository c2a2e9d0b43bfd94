"""Themes, vocabularies, facts and launcher parsing: the client's plain data."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.theme import Theme

from prtui.controller import bot_levels
from prtui.games import board_for
from prtui.launch import parse_address, setup_from_args
from prtui.theming import goods_palette, load_themes, shipped_theme_files, theme_from_toml
from prtui.vocabulary import Vocabularies, Vocabulary
from tests.tui.boards import pr_game

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
    """Themes are read from inside the prtui package and a game's names from inside
    its server package, so an installed wheel (no source tree) has them; the top-level
    themes/ holds no second copy to drift, and the client no copy of the names."""
    package = Path(__import__("prtui").__file__).parent
    for item in shipped_theme_files():
        assert Path(str(item)).is_relative_to(package) and item.is_file()
    assert not list(Path(package.parent, "themes").rglob("*.toml"))
    assert not (package / "vocab").exists()
    assert {p.name for p in package.rglob("*.toml")} == {p.name for p in shipped_theme_files()}


def test_1897_names_come_from_the_server_and_fall_back_to_classic() -> None:
    words = Vocabularies(pr_game()["display"])
    assert words.names == ["classic", "1897"]
    v = words.get("1897")
    assert v("settler") == "Planter" and v("mayor") == "Recruiter" and v("indigo") == "fruit"
    assert v("guild_hall") == "Fire Station" and v("university") == "School"
    assert v("harbor") == "Harbor" and v("corn") == "corn"  # Title Case buildings; corn falls back
    assert v.tag("indigo") == "Frt" and words.get("classic").tag("indigo") == "Ind"
    assert words.get("classic")("settler") == "Settler"
    assert words.get("nonsense").name == "classic" and words.after("1897") == "classic"
    assert v("unknown_thing") == "unknown thing"
    assert words.default({"options": {"edition": "1897"}}) == "1897"
    assert Vocabularies(None).get("x")("small_market") == "small market"  # no data: ids


def test_templates_render_in_the_vocabulary_shown() -> None:
    words = Vocabularies(pr_game()["display"])
    tmpl = "{p:1} chooses the {w:mayor} and takes {n:doubloon:2}; {a:indigo} {w:plantation}"
    assert words.get("classic").render(tmpl, ["ana", "bo"]) == (
        "bo chooses the Mayor and takes 2 doubloons; an indigo plantation")
    assert words.get("1897").render(tmpl, ["ana", "bo"]) == (
        "bo chooses the Recruiter and takes 2 coins; a fruit estate")
    # a name is put in as typed, never read as a mark; literal braces survive
    assert Vocabulary().render("{p:0} says {{hi}}", ["{w:mayor}"]) == "{w:mayor} says {hi}"
    assert Vocabulary().text({"text": "as sent"}, "text") == "as sent"


def test_every_building_and_role_has_help_from_the_server() -> None:
    board = board_for("puerto-rico")
    assert board is not None
    facts = board.facts(pr_game()["display"])
    base = [b for b in facts.buildings if facts.buildings[b].cost and b in _BASE]
    assert len(base) == 23 and all(facts.buildings[b].help for b in base)
    assert {"settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector"} <= set(facts.roles)
    assert sum(facts.buildings[b].large for b in base) == 5
    assert facts.goods == ("corn", "indigo", "sugar", "tobacco", "coffee")


_BASE = {
    "small_indigo_plant", "small_sugar_mill", "indigo_plant", "sugar_mill", "tobacco_storage",
    "coffee_roaster", "small_market", "hacienda", "construction_hut", "small_warehouse",
    "hospice", "office", "large_market", "large_warehouse", "factory", "university", "harbor",
    "wharf", "guild_hall", "residence", "fortress", "customs_house", "city_hall",
}


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

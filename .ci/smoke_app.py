"""Wheel smoke test: the installed app starts headless and shows a board in every theme.

Run with the installed venv's python, outside the checkout. The real app runs under
Textual's test pilot with the real launcher plan of `prtui play` (embedded server on
loopback, a data directory in a temporary folder): a two-player 1897 table against a
bot, set up from command-line arguments as `prtui play` does. Once the board is up, every shipped theme is switched on and the screen rendered;
the 1897 names ("Recruiter") must be on it, so the game's names shipped too (package
data of the server's game, sent to the client in its `list_games` entry).
"""

from __future__ import annotations

import asyncio
import dataclasses
import html
import re
import sys
import tempfile
from argparse import Namespace
from pathlib import Path

from textual.widgets import Static

from prtui.app import PrtuiApp
from prtui.launch import local_plan, setup_from_args
from prtui.screens.game import GameScreen
from prtui.theming import DEFAULT_THEME, shipped_theme_files, theme_from_toml

MAX_PAUSES = 4000  # pilot pauses before giving up on the board (a hang guard, not a timer)


def screen_text(app: PrtuiApp) -> str:
    """What the screen shows, as plain text (from the SVG screenshot)."""
    svg = app.export_screenshot()
    return html.unescape(re.sub(r"<[^>]+>", "", svg)).replace("\xa0", " ")


async def smoke(folder: Path) -> list[str]:
    themes = [theme_from_toml(path).name for path in shipped_theme_files()]
    assert DEFAULT_THEME in themes and len(themes) >= 5, themes
    # `prtui play --players 2 --edition 1897 --bots random --seed 3` (both spellings of the
    # edition: the --edition shortcut and the generic --option)
    args = Namespace(game=None, players=2, edition="1897", option=["edition=1897"],
                     open_vp=False, bots="random", seed=3)
    setup = dataclasses.replace(setup_from_args(args), bot_delay_s=10.0)  # a still board
    app = PrtuiApp(plan=local_plan(folder, "smoke", setup))
    async with app.run_test(size=(160, 50)) as pilot:
        status = app.query_one("#base-status", Static)
        for _ in range(MAX_PAUSES):
            if isinstance(app.screen, GameScreen):
                break
            shown = str(status.render())
            assert "starting" in shown, f"the app failed to start a game: {shown}"
            await pilot.pause()
        assert isinstance(app.screen, GameScreen), "the board never showed"
        assert app.theme == DEFAULT_THEME, app.theme
        for name in themes:
            app.theme = name
            await pilot.pause()
            assert app.current_theme.name == name
            text = screen_text(app)
            assert "Recruiter" in text, f"no 1897 names on the board under {name}"
        await pilot.press("ctrl+q")
    return themes


def main() -> int:
    import prtui

    where = Path(prtui.__file__).resolve()
    assert "site-packages" in where.parts, f"prtui imported from {where}, not the install"
    with tempfile.TemporaryDirectory(prefix="prtui-smoke-") as folder:
        themes = asyncio.run(smoke(Path(folder) / "data"))
    print(f"smoke_app: board shown from {where.parent} in {len(themes)} themes: "
          f"{', '.join(themes)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The board's footer keeps its keys in place (prtui/widgets/footer.py): when a confirm
comes and goes in a mayor turn, `y Confirm` is lit and dimmed where it stands; the key
widgets are not rebuilt (a rebuilt footer was most of a frame's time)."""

from __future__ import annotations

from typing import Any

from textual.widgets._footer import FooterKey

from prtui.app import PrtuiApp
from prtui.bench import late_game_snapshots
from prtui.screens.game import GameScreen
from prtui.widgets.footer import KeyFooter, shown_keys
from server.engine.contract import describe
from server.games.registry import get_game
from tests.tui.waiting import wait_for

_last_keys: list[dict[str, FooterKey]] = []


def settled(screen: GameScreen, now: dict[str, FooterKey]) -> bool:
    """The footer composed for the keys the board shows now, and the same key widgets
    as at the last look (a start-up rebuild, for keys that came with the first drawing,
    may still be queued on a loaded machine: seen once in CI)."""
    footer = screen.query_one(KeyFooter)
    same = bool(_last_keys) and all(now.get(k) is w for k, w in _last_keys[-1].items())
    _last_keys[:] = [now]
    return footer._shape == shown_keys(screen)[0] and same


def offers_confirm(frame: dict[str, Any]) -> bool:
    return any(a.get("kind") == "confirm" for a in frame["legal"])


async def test_confirm_lights_and_dims_in_place() -> None:
    frames = [f for f in late_game_snapshots(5, count=80) if not f["view"].get("over")]
    i = next(n for n in range(len(frames) - 2) if frames[n]["legal"] and not offers_confirm(
        frames[n]) and offers_confirm(frames[n + 1]) and not offers_confirm(frames[n + 2]))
    app = PrtuiApp(lambda a: GameScreen(None, frames[i], game=describe(get_game("puerto-rico"))))
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)

        def keys() -> dict[str, FooterKey]:
            return {k.key: k for k in screen.query(FooterKey)}

        await wait_for(pilot, lambda: "y" in keys())  # composed once the bindings are known
        await wait_for(pilot, lambda: settled(screen, keys()))
        before = keys()
        assert before["y"].has_class("-disabled") and not before["u"].has_class("-disabled")
        screen.apply_snapshot(frames[i + 1])
        await pilot.pause()
        await wait_for(pilot, lambda: not keys()["y"].has_class("-disabled"))
        lit = keys()
        assert not lit["y"].has_class("-disabled")
        assert all(lit[k] is before[k] for k in before), "the footer was rebuilt"
        screen.apply_snapshot(frames[i + 2])
        await wait_for(pilot, lambda: keys()["y"].has_class("-disabled"))
        assert keys()["y"] is before["y"]
        await pilot.press("y")  # dimmed: nothing is sent, nothing breaks
        await pilot.pause()
        assert app.screen is screen

"""Puerto Rico's one-line role cards (80-150 columns): the role's whole name first, who
took it in the cells left over, never both cut ("Settl carl", "Plant bot3": issue 32);
a taker in fewer than three cells ("Planter ro") is not named at all unless those end
in the seat's number ("P3"; the summary says who took which role), and at 120x40 the cards give a name its four cells."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult

from prtui.games.puerto_rico.facts import facts_from
from prtui.games.puerto_rico.table import RoleCard
from prtui.theming import goods_palette
from prtui.widgets.context import BoardContext
from tests.tui.boards import pr_game, pr_words
from tests.tui.pr_live_boards import frozen


class CardsApp(App[None]):
    """The role cards alone, each as wide as on the 80-column (11) or medium (17) board."""

    def __init__(self, width: int) -> None:
        super().__init__()
        self.width = width

    def compose(self) -> ComposeResult:
        for role in frozen()["view"]["roles"]:
            card = RoleCard(role["id"])
            card.styles.width = self.width
            card.styles.height = 1  # as the board's compact sizes draw it (board.tcss):
            card.styles.padding = 0  # one line, no padding (RoleCard's own CSS has both)
            yield card


@pytest.mark.parametrize("edition", ["classic", "1897"])
@pytest.mark.parametrize("width", [10, 11, 12, 17])
@pytest.mark.parametrize("taker", ["carlos", "bot 3 (easy)", "Player 2"])
async def test_a_taken_role_keeps_its_whole_name(edition: str, width: int, taker: str) -> None:
    view = frozen()["view"]
    for player in view["players"]:
        player["name"] = taker
    ctx = BoardContext(view=view, legal=[], seat=0, vocab=pr_words(edition),
                       palette=goods_palette("prtui-dark"), compact=True, narrow=width < 17,
                       facts=facts_from(pr_game()["display"]))
    async with CardsApp(width).run_test(size=(40, 20)) as pilot:
        await pilot.pause()
        for card in pilot.app.query(RoleCard):
            role = next(r for r in view["roles"] if r["id"] == card.role_id)
            for coins in (0, 2):
                card.refresh_from(ctx, {**role, "taken_by": 1, "doubloons": coins})
                shown = card._shown.plain if card._shown else ""
                title = ctx.vocab.title(card.role_id)
                extra = f" +{coins}$" if coins else ""
                assert card.content_size.width == width
                assert len(shown) <= width, shown
                if len(title) + len(extra) <= width:
                    assert shown.startswith(title + extra), (shown, title)
                    rest = shown[len(title + extra):].strip()
                    # who took it (three cells, or two ending in a number: "P2"), or nobody
                    assert not rest or len(rest) >= 3 or rest[-1].isdigit(), shown


async def test_at_120x40_a_taker_has_four_cells() -> None:
    """The walk of issue 32 read "Planter ro" at 120x40: the cards had 10 cells inside
    their padding; without it they have 12, the whole role and four cells of its taker."""
    from prtui.app import PrtuiApp
    from prtui.screens.game import GameScreen
    from tests.tui.boards import midgame_4p
    from tests.tui.screen import screen_rows
    from tests.tui.waiting import wait_for

    snap = midgame_4p()
    taken = {r["id"]: r["taken_by"] for r in snap["view"]["roles"] if r.get("taken_by") is not None}
    assert "settler" in taken, taken
    names = {seat: "rosalind" for seat in range(len(snap["view"]["players"]))}
    app = PrtuiApp(lambda a: GameScreen(None, snap, names=names, game=pr_game()))
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_for(pilot, lambda: any("Settler" in row for row in screen_rows(app)))
        await pilot.pause()
        cards = {card.role_id: card for card in app.screen.query(RoleCard)}
        assert cards["settler"].content_size.width >= 12
        assert cards["settler"]._shown is not None
        assert cards["settler"]._shown.plain == "Settler rosa"
        assert any("Settler rosa" in row for row in screen_rows(app))

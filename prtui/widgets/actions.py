"""My legal actions as the server sent them: numbered keys, clickable, with a preview.

The preview says what the highlighted choice does before it is sent: the price of a
building, where a colonist goes, what the captain's storage keeps and what spoils.
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll

from prtui.widgets.context import GOODS, BoardContext, Shown, action_key
from prtui.widgets.menu import MenuList
from prtui.widgets.messages import ActionChosen
from prtui.widgets.plain import plain, shown


def store_preview(ctx: BoardContext, action: dict[str, Any]) -> Text:
    """Captain storage: which barrels stay, which spoil, for one `store` choice."""
    me = ctx.me() or {}
    goods = {g: int(n) for g, n in me.get("goods", {}).items() if n}
    keep = set(action.get("keep") or [])
    single = action.get("single")
    text = Text("keeps ")
    lost = Text("spoils ")
    for g in GOODS:
        n = goods.get(g, 0)
        if not n:
            continue
        kept = n if g in keep else (1 if g == single else 0)
        if kept:
            text.append_text(ctx.good(g, f"{ctx.vocab(g)}×{kept} "))
        if n - kept:
            lost.append_text(ctx.good(g, f"{ctx.vocab(g)}×{n - kept} "))
    if not lost.plain.strip().removeprefix("spoils"):
        lost.append("nothing")
    return text + Text("| ") + lost


def empty_circles(me: dict[str, Any]) -> int:
    """Unmanned circles on my island and in my city (building circles from the catalog)."""
    from prtui.helptext import BUILDINGS

    island = sum(1 for t in me.get("island", []) if not t.get("colonists"))
    city = 0
    for b in me.get("city", []):
        facts = BUILDINGS.get(str(b.get("building")))
        city += max(0, (facts.circles if facts else 1) - int(b.get("colonists", 0)))
    return island + city


def short_label(ctx: BoardContext, action: dict[str, Any]) -> str:
    """The server's label, shortened where the board already shows the rest."""
    if action.get("type") == "mayor_place":
        spaces = (ctx.me() or {}).get(str(action.get("where")), [])
        index = int(action.get("index", -1))
        if 0 <= index < len(spaces):
            thing = spaces[index].get("tile") or spaces[index].get("building")
            return f"Place on {ctx.vocab(str(thing))} ({action.get('where')} {index + 1})"
    if action.get("type") == "build" and action.get("building"):
        price = ctx.my_price(str(action["building"]))
        name = ctx.vocab(str(action["building"]))
        cost = "" if price is None else f" ({price}$)"
        return f"{name}{cost}" if ctx.narrow else f"Build {name}{cost}"
    return str(action.get("label") or action.get("type"))


def headline(ctx: BoardContext) -> Text:
    """What the choice is about, for the two phases with many small decisions."""
    step = ctx.view.get("phase", {}).get("step")
    me = ctx.me() or {}
    if step == "mayor":
        waiting = int(me.get("san_juan", 0))
        people = ctx.vocab("colonists") if waiting != 1 else ctx.vocab("colonists").removesuffix("s")
        where = "" if ctx.narrow else " Keys are marked on your board."
        return Text(f"{ctx.vocab.title('mayor')}: {waiting} {people} waiting, "
                    f"{empty_circles(me)} empty circles.{where}", style="bold green")
    if step == "captain_store":
        return Text("Storage: pick what to keep; the preview shows what spoils.", style="bold green")
    return Text("Your move: its key, ↑↓ Enter, or click", style="bold green")


def preview(ctx: BoardContext, action: dict[str, Any]) -> Text:
    """One line on what an action will do, from the view alone."""
    kind = action.get("type")
    me = ctx.me() or {}
    if kind == "store":
        return store_preview(ctx, action)
    if kind == "build":
        price = ctx.my_price(str(action.get("building")))
        left = int(me.get("doubloons", 0)) - (price or 0)
        return Text(f"pay {price}$, {left}$ left")
    if kind == "mayor_place":
        where, index = action.get("where"), int(action.get("index", 0))
        spaces = me.get(str(where), [])
        if 0 <= index < len(spaces):
            thing = spaces[index].get("tile") or spaces[index].get("building")
            return Text(f"one colonist to {where} space {index + 1}: {ctx.vocab(str(thing))}")
        return Text(f"one colonist to {where} space {index + 1}")
    if kind == "mayor_done":
        waiting = int(me.get("san_juan", 0))
        return Text(f"finish; {waiting} stay in {ctx.vocab('san_juan')}")
    if kind == "mayor_lift":
        return Text(f"all your {ctx.vocab('colonists')} go back to {ctx.vocab('san_juan')}; place them again")
    if kind == "load":
        good, ship = ctx.vocab(str(action.get("good"))), action.get("ship")
        ships = ctx.view.get("ships", [])
        if isinstance(ship, int) and 0 <= ship < len(ships):
            cap, load = int(ships[ship].get("capacity", 0)), int(ships[ship].get("load", 0))
            room = cap - load
            return Text(f"load {good} on the {cap}-ship ({load}/{cap}, room for {room})")
        return Text(f"load {good} on your {ctx.vocab('wharf')}" if ship == "wharf" else f"load {good}")
    return plain(action.get("label", kind), blank="")


class ActionsPanel(Vertical):
    """The list of my legal actions and a preview of the highlighted one."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._ctx: BoardContext | None = None
        self._legal: list[dict[str, Any]] = []

    def compose(self) -> ComposeResult:
        self._title = Shown(id="actions-title")
        self._menu = MenuList(min_rows=8, wrap=True, id="actions-list")
        self._preview = Shown(id="actions-preview")
        yield self._title
        with VerticalScroll(id="actions-scroll"):
            yield self._menu
        yield self._preview

    def refresh_from(self, ctx: BoardContext, waiting_for: str) -> None:
        self._ctx = ctx
        if ctx.legal:
            self._title.show(headline(ctx))
        else:
            self._title.show(Text(waiting_for, style="italic"))
            self._preview.show(Text(""))
        if ctx.legal == self._legal:
            return
        self._legal = list(ctx.legal)
        rows = []
        for i, action in enumerate(ctx.legal):
            key = action_key(i)
            label = Text.assemble((f"{key:>1}" if key else " ", "bold reverse"))
            label.append(" " + shown(short_label(ctx, action), blank=""))
            rows.append(label)
        self._menu.set_rows(rows, cursor=0)

    def choose(self, index: int) -> None:
        if 0 <= index < len(self._legal):
            self.post_message(ActionChosen(self._legal[index]))

    def on_menu_list_selected(self, event: MenuList.Selected) -> None:
        event.stop()
        self.choose(event.index)

    def on_menu_list_highlighted(self, event: MenuList.Highlighted) -> None:
        event.stop()
        if self._ctx is not None and 0 <= event.index < len(self._legal):
            self._preview.show(preview(self._ctx, self._legal[event.index]))

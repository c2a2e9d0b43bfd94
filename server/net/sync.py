"""Per-viewer game sync: snapshots, versions and diffs for one running game.

Everything sent to a viewer is built from ``game.view(state, viewer)``, that
viewer's legal actions and that viewer's redacted log; diffs are computed between
two such snapshots of the *same* viewer, never on the raw state. A viewer is a
seat or ``None`` (spectators and unseated members share the public snapshot).
The room encodes one diff frame per viewer and hands the same bytes to every
connection of that viewer.

A game that builds its views by audience (server/engine/audience.py) is asked once a
version for all of them: the public view, each player's entry as its owner sees it,
and each seat's own keys. Its diff is then taken part by part, once: the public ops
serve every viewer but for his own entry and keys, which get ops of their own. With
five seated players that is one view and five entries a move instead of six views,
and two diffs an entry instead of six.
"""

from __future__ import annotations

from typing import Any, ClassVar

from server.engine.audience import Audience, ViewsByAudience, view_of
from server.engine.contract import SHOWN_ONLY, Action, Game, LogEvent
from server.protocol.diff import Op, diff
from server.wording import escape

Viewer = int | None


def plain(obj: Any) -> Any:
    """Tuples to lists, recursively: what a client sends back compares equal."""
    if isinstance(obj, dict):
        return {k: plain(v) for k, v in obj.items()}
    if isinstance(obj, list | tuple):
        return [plain(v) for v in obj]
    return obj


def strip_label(action: Action) -> Action:
    """The action without what is only shown (``label``, ``tmpl``): what must match."""
    return {k: v for k, v in action.items() if k not in SHOWN_ONLY}


def log_line(n: int, ev: LogEvent, viewer: Viewer, open_info: bool) -> dict[str, Any]:
    """Line ``n`` of ``viewer``'s log: the public text, plus private text only for the
    seat it belongs to (or for everyone when the game has open information). The
    template (``tmpl``, server/wording.py) goes along when the game wrote one, with the
    same private part (its template, ``private_tmpl``, where the game wrote one), so a
    client shows the line in its player's vocabulary; and its key and fields (``tk``,
    ``tf``, the private parts' in ``tp``) where every part shown has one, so a client
    fills it in its reader's language (docs/protocol.md "Texts and languages")."""
    text = str(ev.get("text", ""))
    tmpl = ev.get("tmpl")
    private = ev.get("private") or {}
    seats = [s for s in private if open_info or (viewer is not None and s == str(viewer))]
    if seats:
        extra = [str(private[s]) for s in seats]
        text = " ".join([text, *extra]) if text else " ".join(extra)
        if isinstance(tmpl, str):  # the private part's own template, else its text as text
            own = ev.get("private_tmpl") or {}
            more = [str(own[s]) if s in own else escape(str(private[s])) for s in seats]
            tmpl = " ".join([tmpl, *more]) if tmpl else " ".join(more)
    line: dict[str, Any] = {"n": n, "text": text}
    if isinstance(tmpl, str):
        line["tmpl"] = tmpl
    tk = ev.get("tk")
    if isinstance(tk, str):  # the key and fields, for a reader's language
        keyed = ev.get("private_tk") or {}
        if all(s in keyed for s in seats):  # else the private part has no key: tmpl only
            line["tk"] = tk
            line["tf"] = ev.get("tf") or {}
            if seats:
                line["tp"] = [keyed[s] for s in seats]
    if isinstance(ev.get("round"), int):  # the line opens this round (a client's rule)
        line["round"] = ev["round"]
    return line


class GameSync:
    """Owns the state of one game and what each viewer has been sent."""

    views_by_audience: ClassVar[bool] = True
    """Off only for `prtui bench server --views viewer`: the old way, measured beside."""

    def __init__(self, game: Game, state: Any, open_info: bool) -> None:
        self.game = game
        self.state = state
        self.open_info = open_info
        self.v = 0
        self.events: list[LogEvent] = []
        self._core: dict[Viewer, dict[str, Any]] = {}
        self._core_v: dict[Viewer, int] = {}  # the version each viewer's core shows
        self._logs: dict[Viewer, list[dict[str, Any]]] = {}
        self._legal: dict[int, list[Action]] = {}  # per seat, for version self.v
        self.by_audience = self.views_by_audience and isinstance(game, ViewsByAudience)
        self._audiences: dict[int, Audience] = {}  # version -> views: this and the last
        self._public_ops: tuple[int, list[Op]] | None = None  # (version, ops to it)

    # --- the game itself -------------------------------------------------------

    def legal(self, seat: int) -> list[Action]:
        """``seat``'s legal actions now; computed once per version (the snapshot that
        offers them and the ``act`` that picks one ask for the same list). Read-only."""
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = (
                plain(self.game.legal_actions(self.state, seat))
                if seat in self.game.to_move(self.state) else []
            )
        return cached

    def match_legal(self, seat: int, action: Action) -> Action | None:
        """The engine's own legal action equal to ``action`` (label ignored), or None."""
        wanted = strip_label(action)
        for legal in self.legal(seat):
            if strip_label(legal) == wanted:
                return legal
        return None

    def apply(self, seat: int, action: Action) -> None:
        """Apply an already-matched legal action; raises EngineError and changes nothing."""
        self._legal.clear()  # the engine may have changed the state even if it raises
        events = self.game.apply(self.state, seat, action)
        self.events.extend(events or [])
        self.v += 1

    def over(self) -> bool:
        return self.game.is_over(self.state)

    # --- per-viewer snapshots ----------------------------------------------------

    def _line(self, n: int, ev: LogEvent, viewer: Viewer) -> dict[str, Any]:
        return log_line(n, ev, viewer, self.open_info)

    def _audience(self, v: int) -> Audience | None:
        """The views by audience at version ``v`` (built at most once; the one before
        is kept for the diffs to it), or None when ``v`` is gone."""
        if v == self.v and v not in self._audiences:
            assert isinstance(self.game, ViewsByAudience)
            self._audiences = {k: a for k, a in self._audiences.items() if k == v - 1}
            self._audiences[v] = self.game.audience(self.state)
        return self._audiences.get(v)

    def _core_of(self, viewer: Viewer) -> dict[str, Any]:
        audience = self._audience(self.v) if self.by_audience else None
        return {
            "view": (view_of(audience, viewer) if audience is not None
                     else self.game.view(self.state, viewer)),
            "legal": [] if viewer is None else self.legal(viewer),
            "seat": viewer,
        }

    def snapshot(self, viewer: Viewer) -> dict[str, Any]:
        """The full snapshot at ``self.v`` for ``viewer``; starts tracking that viewer."""
        core = self._core.get(viewer)
        if core is None:
            core = self._core_of(viewer)
            self._core[viewer] = core
            self._core_v[viewer] = self.v
            self._logs[viewer] = [self._line(i, ev, viewer) for i, ev in enumerate(self.events)]
        return {**core, "log": list(self._logs[viewer])}

    def tracked(self) -> list[Viewer]:
        return list(self._core)

    def forget(self, viewer: Viewer) -> None:
        self._core.pop(viewer, None)
        self._core_v.pop(viewer, None)
        self._logs.pop(viewer, None)

    def advance(self, viewer: Viewer) -> list[list[Any]]:
        """Ops taking ``viewer``'s last snapshot to the current one (and remember it)."""
        old, old_v = self._core[viewer], self._core_v[viewer]
        new = self._core_of(viewer)
        view_ops = self._view_ops(viewer, old_v) if self.by_audience else None
        if view_ops is None:
            ops = diff(old, new)
        else:
            ops = [*view_ops, *_under("legal", diff(old["legal"], new["legal"]))]
        self._core[viewer] = new
        self._core_v[viewer] = self.v
        log = self._logs[viewer]
        for i in range(len(log), len(self.events)):
            line = self._line(i, self.events[i], viewer)
            log.append(line)
            ops.append(["set", ["log", i], line])
        return ops

    def _view_ops(self, viewer: Viewer, old_v: int) -> list[Op] | None:
        """The ops of ``viewer``'s view from version ``old_v`` to now, from the diffs of
        the parts (each taken once a version); None where only a whole diff will do."""
        was, now = self._audience(old_v), self._audience(self.v)
        if was is None or now is None or old_v != self.v - 1:
            return None
        if self._public_ops is None or self._public_ops[0] != self.v:
            self._public_ops = (self.v, diff(was.public, now.public))
        public = self._public_ops[1]
        if viewer is None:
            return _under("view", public)
        own = was.own_keys[viewer]
        if own.keys() != now.own_keys[viewer].keys():
            return None
        ops: list[Op] = []
        for op in public:
            path = op[1]
            if not path or (path[0] == "players" and len(path) == 1):
                return None  # the whole view or the whole list of players replaced
            if path[0] in own or (path[0] == "players" and path[1] == viewer):
                continue  # his own, diffed below
            ops.append(op)
        ops += _under("players", diff(was.owners[viewer], now.owners[viewer]), viewer)
        ops += diff(own, now.own_keys[viewer])
        return _under("view", ops)


def _under(key: str, ops: list[Op], *more: str | int) -> list[Op]:
    """``ops`` of a part, with their paths made paths of the whole (``key``, ``more``)."""
    return [[op[0], [key, *more, *op[1]], *op[2:]] for op in ops]

"""Replays of a finished room, answered by the room (mixed into ``Room``).

The first ``replay`` of a game nobody is replaying rebuilds it on the builder thread
(server/net/replay.py), never on the event loop; the commands that come meanwhile wait
in the room and are answered together once it is built.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from server.engine.contract import Game
from server.net import replay as replays
from server.net.peer import Peer
from server.net.seating import Refuse, open_info, setup_options
from server.protocol import messages as m

if TYPE_CHECKING:
    from server.net.room_hooks import RoomHooks
    from server.store.base import RoomRecord, Store

log = logging.getLogger(__name__)


class Replaying:
    """``replay`` commands and the room's built replay (mixed into ``Room``)."""

    id: str
    rec: RoomRecord
    game: Game
    store: Store
    hooks: RoomHooks
    replay: replays.Replay | None
    _replay_waiting: list[tuple[Peer, dict[str, Any]]]
    _replay_idle: asyncio.TimerHandle | None

    if TYPE_CHECKING:  # provided by Room; stubs only for the type checker
        def post(self, item: tuple[Any, ...]) -> None: ...
        def _spawn(self, coro: Any) -> None: ...
        def _refuse_stale(self) -> None: ...

    def _cmd_replay(self, peer: Peer, msg: dict[str, Any]) -> None:
        """Any connection, member or not: the public snapshot of a finished game at a step.
        The game is rebuilt off the event loop the first time (server/net/replay.py)."""
        if self.rec.status != "over":
            raise Refuse("not_over", "only finished games can be replayed")
        self._refuse_stale()
        if self.replay is not None:
            self._answer_replay(peer, msg)
            return
        self._replay_waiting.append((peer, msg))
        if len(self._replay_waiting) == 1:  # nobody is building it yet
            opts = setup_options(self.rec)
            job = (self.game, self.rec.players, opts, self.rec.seed,
                   self.store.load_actions(self.id), open_info(self.game, opts))
            self._spawn(self._build_replay(job))

    async def _build_replay(self, job: tuple[Any, ...]) -> None:
        built: replays.Replay | None = None
        try:
            loop = asyncio.get_running_loop()
            built = await loop.run_in_executor(replays.builder(), replays.Replay, *job)
        except Exception:
            log.exception("room %s: the replay could not be built", self.id)
        self.post(("replay_built", built))

    def _replay_built(self, built: replays.Replay | None) -> None:
        self.replay = built
        waiting, self._replay_waiting = self._replay_waiting, []
        for peer, msg in waiting:
            if built is None:
                peer.send(m.reject(msg["id"], "internal", "the replay could not be built"))
                continue
            try:
                self._answer_replay(peer, msg)
            except Refuse as r:
                peer.send(m.reject(msg["id"], r.code, r.reason))

    def _answer_replay(self, peer: Peer, msg: dict[str, Any]) -> None:
        assert self.replay is not None
        steps, step = self.replay.steps, msg["step"]
        if not 0 <= step <= steps:
            raise Refuse("bad_step", f"step must be 0..{steps}")
        peer.send(m.ack(msg["id"], {"steps": steps, "step": step,
                                    "snapshot": self.replay.snapshot(step)}))
        keeper = getattr(self.hooks, "replays", None)
        if keeper is not None:
            keeper.used(self)
        if self._replay_idle is not None:
            self._replay_idle.cancel()
        self._replay_idle = asyncio.get_running_loop().call_later(
            replays.REPLAY_IDLE_S, self.post, ("replay_idle",))

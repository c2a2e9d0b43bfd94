"""Replays of a finished room, and its final board, answered by the room (mixed into
``Room``).

The first ``replay`` of a game nobody is replaying rebuilds it on the builder thread
(server/net/replay.py), never on the event loop; the commands that come meanwhile wait
in the room and are answered together once it is built. Watching a finished game that
is not in memory (``join_room``) rebuilds its final board the same way: a long game is
about 20 ms of engine (615 moves, five players, every expansion), and joins of one
finished game after another held the event loop that long each, every room waiting.
"""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any

from server.engine.contract import Game
from server.i18n import N_
from server.net import replay as replays
from server.net.peer import Peer
from server.net.seating import Member, Refuse, open_info, setup_options
from server.net.sync import GameSync
from server.protocol import messages as m
from server.says import say

if TYPE_CHECKING:
    from server.net.room_hooks import RoomHooks
    from server.store.base import ActionRecord, RoomRecord, Store

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
    sync: GameSync | None
    members: dict[str, Member]
    _board_waiting: list[Member]

    if TYPE_CHECKING:  # provided by Room; stubs only for the type checker
        def post(self, item: tuple[Any, ...]) -> None: ...
        def _spawn(self, coro: Any) -> None: ...
        def _refuse_stale(self) -> None: ...
        def _send_state(self, mem: Member) -> None: ...

    def _rebuild_job(self) -> tuple[Any, ...]:
        """What ``rebuilt`` needs, read on the loop (the store's connection is the loop's)."""
        opts = setup_options(self.rec)
        return (self.game, self.rec.players, opts, self.rec.seed,
                self.store.load_actions(self.id), open_info(self.game, opts))

    def board_to_build(self) -> bool:
        """Whether a watcher joining now sets off a rebuild (one under way is shared)."""
        return self.rec.status == "over" and self.sync is None and not self._board_waiting

    def _watch_finished(self, mem: Member) -> None:
        """``mem``'s first state of a finished game not in memory: rebuilt off the loop,
        sent by ``_board_built`` (to every watcher who came meanwhile, if still here)."""
        self._refuse_stale()
        self._board_waiting.append(mem)
        if len(self._board_waiting) == 1:  # nobody is building it yet
            self._spawn(self._build_board(self._rebuild_job()))

    async def _build_board(self, job: tuple[Any, ...]) -> None:
        built: GameSync | None = None
        try:
            built = await asyncio.get_running_loop().run_in_executor(
                replays.builder(), rebuilt, *job)
        except Exception:
            log.exception("room %s: the finished game could not be rebuilt", self.id)
        self.post(("board_built", built))

    def _board_built(self, built: GameSync | None) -> None:
        waiting, self._board_waiting = self._board_waiting, []
        if self.sync is None:
            self.sync = built
        for mem in waiting:
            if self.members.get(mem.peer.id) is not mem:
                continue  # left meanwhile
            if self.sync is None:
                mem.peer.send(m.error("internal", say(N_("this finished game could not be shown")),
                                      mem.peer.lang))
            else:
                self._send_state(mem)

    def _cmd_replay(self, peer: Peer, msg: dict[str, Any]) -> None:
        """Any connection, member or not: the public snapshot of a finished game at a step.
        The game is rebuilt off the event loop the first time (server/net/replay.py)."""
        if self.rec.status != "over":
            raise Refuse("not_over", say(N_("only finished games can be replayed")))
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
                peer.refuse(msg["id"], "internal", say(N_("the replay could not be built")))
                continue
            try:
                self._answer_replay(peer, msg)
            except Refuse as r:
                peer.refuse(msg["id"], r.code, r.reason)

    def _answer_replay(self, peer: Peer, msg: dict[str, Any]) -> None:
        assert self.replay is not None
        steps, step = self.replay.steps, msg["step"]
        if not 0 <= step <= steps:
            raise Refuse("bad_step", say(N_("step must be 0..{last}"), last=steps))
        peer.send(m.ack(msg["id"], {"steps": steps, "step": step,
                                    "snapshot": self.replay.snapshot(step)}))
        keeper = getattr(self.hooks, "replays", None)
        if keeper is not None:
            keeper.used(self)
        if self._replay_idle is not None:
            self._replay_idle.cancel()
        self._replay_idle = asyncio.get_running_loop().call_later(
            replays.REPLAY_IDLE_S, self.post, ("replay_idle",))


def rebuilt(game: Game, players: int, opts: dict[str, Any], seed: int,
            actions: list[ActionRecord], open_info: bool) -> GameSync:
    """The game from (options, seed) and its stored action log."""
    sync = GameSync(game, game.setup(players, opts, seed), open_info)
    for a in actions:
        sync.apply(a.seat, a.action)
    return sync

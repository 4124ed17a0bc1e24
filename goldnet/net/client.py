"""A network peer: connects to a table's relay and plays a game through the lockstep machine.

``NetPeer.run()`` connects over TLS (pinning the relay's key), authenticates, asks the relay for
its log from where the journal stands, then passes envelopes both ways until the game ends —
over, abandoned, or halted on a proven fault — and saves the record. Lost connections are
retried with the same identity; when the relay stays gone, ``find_relay`` may name a relay a
member re-hosted (accepted only if its key is a member key of this game).

What the peer does with the envelopes — the lockstep machine, the journal, views, the bot, the
record — is :class:`goldnet.net.peer.TablePeer`'s. A peer at seat 0 proposes the table: its
game, or the relay's when it names none, with the options it was given or drawn from the game
registry.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import secrets
from collections.abc import Awaitable, Callable
from typing import Any

from protocol.errors import LocalProtocolError
from protocol.identity import Identity
from protocol.messages import MAX_SEATS

from .. import games
from ..binding import EngineBinding
from ..errors import GoldnetError
from .connection import RelayConnection, unexpected
from .errors import NetError, RelayLost
from .frames import (
    Env,
    Pong,
    Presence,
    RelayFrame,
    Seats,
    encode,
)
from .frames import Refused as RefusedFrame
from .frames import Rematch as RematchFrame
from .invite import Invite
from .peer import TablePeer
from .reports import Outcome

log = logging.getLogger("goldnet.net.client")

HEARTBEAT = 5.0
IDLE_TIMEOUT = 3 * HEARTBEAT
"""Seconds without a frame from the relay (it answers every ping) before the connection is
taken for lost: a relay whose machine vanished sends no FIN."""
RECONNECT_DELAYS = (0.2, 0.5, 1.0, 2.0, 4.0, 8.0)
REHOST_AFTER = 2
"""Failed connections after which a peer looks for a member's re-hosted relay."""
LOST = (ConnectionError, OSError, EOFError, asyncio.IncompleteReadError, TimeoutError)
"""What a lost (or never made) connection to the relay raises."""


class NetPeer(TablePeer):
    """One peer of one table, through its relay (see the module docstring); the game side is
    :class:`~goldnet.net.peer.TablePeer`'s.

    Args (besides :class:`~goldnet.net.peer.TablePeer`'s):
        find_relay: called when the relay stays unreachable; returns where a member re-hosted
            the table, or ``None``.
        on_presence: called with (member key, connected) when the relay says a member's
            connection dropped or came back (and for every seat after each welcome). For the
            screen, never evidence.
    """

    def __init__(
        self,
        identity: Identity,
        invite: Invite,
        *,
        find_relay: Callable[[], Awaitable[Invite | None]] | None = None,
        on_presence: Callable[[bytes, bool], None] | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(identity, invite, **kwargs)
        self.find_relay = find_relay
        self.on_presence = on_presence
        self.presence: dict[bytes, bool] = {}
        """The relay's last word on each member's connection."""
        self.connected = False
        """This peer holds an authenticated connection to the relay now (while it is false,
        ``presence`` may be stale)."""
        self.evidence: list[bytes] = []
        """Envelopes forwarded as evidence; sent again after every reconnection."""
        self.seats: list[bytes] = []
        self.seat_count = 0
        self._writer: asyncio.StreamWriter | None = None
        self._relay_game = ""
        """The game the relay's ``hello`` named."""
        self.rematch_of: tuple[bytes, ...] = ()
        """For a rematch this member accepted (docs/rematch.md): the finished table's members;
        the new table must seat only them and keep the game and options given."""
        self._stopped: GoldnetError | None = None
        """Why a step of the clock failed, if one did: the peer stops (:meth:`_clock`)."""
        self._writes = 0
        """Writes to the relay so far (a frame's handling that sent something yields after)."""
        self._link: RelayConnection | None = None
        """The connection whose frames :meth:`_on_read` takes."""
        self._link_done: asyncio.Future[None] | None = None
        """Done when that connection's game ended, or with what ended the connection."""
        self._link_yielding = False
        """The frames read wait for the event loop's other work (:meth:`_on_read`)."""
        self._link_active = 0.0
        """Loop time of the last read from the relay (for :data:`IDLE_TIMEOUT`)."""

    def _send(self, frames: list[list[Any]]) -> None:
        # Nothing is written to a connection already closing (asyncio's TLS transport raises
        # on it): what is lost is journalled and sent again after the reconnection.
        if self._writer is not None and not self._writer.is_closing():
            # one write: one TLS record for a move and its reveal
            self._writer.write(b"".join(encode(frame) for frame in frames))
            self._writes += 1

    def _engine(self, game: str, options: tuple[Any, ...], seats: int) -> EngineBinding:
        """The machine's engines, for a table of the game this peer joined only: the one it
        was given, else the one its relay announced (docs/security.md, "Which table"). A table
        of another game, signed by seat 0 or not, is refused before this peer commits to it,
        and so is one whose game has no bot of this peer's bot level: its bot would fail at its
        first turn, stopping this seat on a table a remote member chose.

        Raises:
            NetError: the table is of another game, or not one this peer's bot plays.
        """
        expected = self.game or self._relay_game
        if expected and game != expected:
            raise NetError(
                f"seat 0 proposed a table of {game!r}, but this peer joined a table of "
                f"{expected!r}: it takes no part in it"
            )
        if self.rematch_of and options != self.options:
            raise NetError("the rematch offered is not the same game (other options)")
        levels = games.get(game).bot_levels if game in games.names() else ()
        if self.bot is None and self.bot_level and levels and self.bot_level not in levels:
            raise NetError(
                f"the table is of {game!r}, which has no bot {self.bot_level!r} "
                f"({', '.join(levels)}): this peer takes no part in it"
            )
        return super()._engine(game, options, seats)

    def switch_relay(self, invite: Invite) -> None:
        """Go on through another relay (a member re-hosted the table): journalled, and the
        whole log asked again (envelopes are known by content, not by index)."""
        self.invite = invite
        self.received = 0
        if self.journal is not None and self.outcome is None:
            self.journal.moved(str(invite))

    async def run(self) -> Outcome:
        """Play until the game ends; reconnects after a lost connection.

        Raises:
            NetError: refused, wrong relay key, the game halted by a fault, or the relay
                unreachable after several tries. The journal is then closed (and unlocked),
                ready for a ``resume``.
            BotFailed: the seat's bot raised (:attr:`failure`): the connection ends at once,
                so the table sees the seat disconnected; the journal is closed, resumable.
        """
        self.on_failure = self._leave
        try:
            return await self._run()
        except BaseException:
            if self.journal is not None:
                self.journal.close()
            raise

    async def _run(self) -> Outcome:
        clock = asyncio.create_task(self._clock())
        try:
            return await self._connect()
        finally:
            clock.cancel()

    async def _clock(self) -> None:
        """Time passes for the machine whether the relay is there or not: past the table's
        abandonment time without progress, this member signs an adjudication. A step of the
        clock that fails (the journal cannot be written) stops the peer as a frame's step
        would — the connection ends and :meth:`_connect` raises it — instead of dying unheard
        in this task while the peer waits for frames that may never come."""
        while self.outcome is None:
            await asyncio.sleep(1.0)
            self.loop_clock.tick()
            if not self._replaying:
                try:
                    self.machine.tick()
                    self._drain()
                except GoldnetError as exc:
                    self._stopped = exc
                    self._leave()
                    return

    async def _connect(self) -> Outcome:
        """Connect, and reconnect after every loss — for as long as the game lasts once it
        has started (it pauses meanwhile; the abandonment time ends it), a few times before."""
        failures = 0
        before: Invite | None = None  # the relay before one found on the LAN, until it serves
        while not self._ended.is_set():
            progress = self.received
            try:
                await self._connection_or_leave(before)
            except LOST as exc:
                if self.failure is not None:
                    raise self.failure from None
                if self._stopped is not None:
                    raise self._stopped from None
                if self._ended.is_set():
                    break
                if self.received > progress:  # the game went on: a new outage, a fresh budget
                    failures, before = 0, None
                if self.invite is before:
                    before = None
                if self.machine.table is None and failures >= len(RECONNECT_DELAYS):
                    raise RelayLost(
                        f"lost the relay at {self.invite.host}:{self.invite.port} "
                        f"({exc or type(exc).__name__}); check the address and that the host "
                        "is still running, then `goldnet resume`"
                    ) from None
                if failures >= REHOST_AFTER and self.find_relay is not None:
                    moved = await self.find_relay()
                    if moved is not None and moved != self.invite:
                        log.info("the table moved to %s", moved)
                        before = self.invite
                        self.switch_relay(moved)
                        failures = 0
                        continue
                delay = RECONNECT_DELAYS[min(failures, len(RECONNECT_DELAYS) - 1)]
                failures += 1
                log.info("connection lost (%s); retrying in %.1f s", exc, delay)
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._ended.wait(), delay)
            finally:
                if self._writer is not None:
                    self._writer.close()
                    self._writer = None
        assert self.outcome is not None
        return self.outcome

    async def _connection_or_leave(self, before: Invite | None) -> None:
        """One connection; one to a relay found on the LAN that is no member's (anyone can
        announce a member's fingerprint) goes back to the relay ``before`` it, as a lost
        connection."""
        try:
            await self._connection()
        except NetError as exc:
            if before is None or self.outcome is not None:
                raise
            self.switch_relay(before)
            raise ConnectionError(f"left a relay announced on the LAN: {exc}") from None

    async def _connection(self) -> None:
        """Connect, authenticate, catch up, then take the relay's frames until the game ends
        or the connection is lost."""
        link = await RelayConnection.open(self.invite)
        self._writer = link.writer
        table = self.machine.table
        if self.invite.game and table is not None:
            if not self.machine.game_id.hex().startswith(self.invite.game):
                raise NetError("this invite code is for another game than the one resumed")
            if link.relay_key not in table.members:
                raise NetError(
                    "this relay's key is not a member key of the game: only a player of the "
                    "game may re-host it"
                )
        resumed = self.machine.game_id if table is not None and self.role == "player" else None
        hello = await link.greet(self.identity, self.role, self.name, game_id=resumed)
        self.seat_count = hello.seats
        self._relay_game = hello.game
        # The log from where this peer stands, then every own envelope again, in order: the
        # relay logs only those it lacks (it may be a relay restarted with a shorter log, or one
        # that lost what was in flight). Nothing is waited for: a relay echoes no envelope to
        # its sender, and none is needed — own envelopes are journalled before they leave.
        frames: list[list[Any]] = [["resume", self.received]]
        frames += [["env", data] for data in self.own.values()]
        frames += [["evidence", data] for data in self.evidence]
        link.writer.write(b"".join(encode(frame) for frame in frames))
        self._maybe_play()
        heartbeat = asyncio.create_task(self._ping(link))
        self.connected = True
        loop = asyncio.get_running_loop()
        self._link, self._link_done = link, loop.create_future()
        self._link_yielding = False
        self._link_active = loop.time()
        try:
            link.dispatch(self._on_read)
            self._on_read()  # what came with the welcome
            while not self._link_done.done():  # frames are taken by _on_read, not here
                idle = self._link_active + IDLE_TIMEOUT - loop.time()
                if idle <= 0:
                    raise TimeoutError("nothing from the relay for too long")
                await asyncio.wait((self._link_done,), timeout=idle)
            self._link_done.result()  # raises what ended the connection
        finally:
            link.dispatch(None)
            done = self._link_done
            if done.done() and not done.cancelled():
                done.exception()  # looked at: retrieved even when this task was cancelled
            self._link = None
            self.connected = False
            heartbeat.cancel()

    def _on_read(self) -> None:
        """Take the frames read from the relay (called from the read itself: no task wakes up
        per frame), in order, until the game ends or the connection does.

        A frame whose handling sent something (e.g. this member's reveal for the move just
        taken) may have come with others already read (the mover's reveal, sent with its
        move); taking those at once — a signature check, a draw — would hold up what was just
        sent wherever its reader shares this event loop: the host's relay (``goldnet host``),
        which forwards it only once this callback returns. The rest then waits two turns of
        the loop: in the first, the loop sees the relay's socket readable and reads it; in the
        second, the relay forwards. Nothing is reordered for this peer; the bytes already left.
        """
        link, done = self._link, self._link_done
        if link is None or done is None or done.done() or self._link_yielding:
            return
        self._link_active = asyncio.get_running_loop().time()
        try:
            while self.outcome is None:
                if self.failure is not None:
                    raise self.failure
                if self._stopped is not None:
                    raise self._stopped
                frame = link.buffered()
                if frame is None:
                    link.reader.check()  # the end of the stream, once its frames are taken
                    return
                writes = self._writes
                self._on_frame(frame)
                if self._writes != writes and link.reader.frames and self.outcome is None:
                    self._link_yielding = True
                    asyncio.get_running_loop().call_soon(self._after_yield, done, 1)
                    return
            if not done.done():  # (the game's end may have set it already)
                done.set_result(None)
        except Exception as exc:  # ends this connection: _connect judges it (LOST: retried)
            if not done.done():
                done.set_exception(exc)

    def _after_yield(self, done: asyncio.Future[None], turns: int) -> None:
        if done is not self._link_done:
            return  # that connection ended meanwhile
        if turns:
            asyncio.get_running_loop().call_soon(self._after_yield, done, turns - 1)
            return
        self._link_yielding = False
        self._on_read()

    def _finish(self, ending: str, **kwargs: Any) -> None:
        super()._finish(ending, **kwargs)
        done = self._link_done
        if done is not None and not done.done():  # e.g. ended by the clock: stop reading now
            done.set_result(None)

    def _leave(self) -> None:
        """The seat's bot failed: end the connection as soon as the step under way has sent
        what it made (written before the loop runs again), so that the relay tells the table
        this seat is away; :meth:`_connect` then raises :attr:`failure`."""
        writer = self._writer
        if writer is not None and not writer.is_closing():
            with contextlib.suppress(RuntimeError):  # no loop: nothing is connected
                asyncio.get_running_loop().call_soon(writer.close)

    async def _ping(self, link: RelayConnection) -> None:
        while self.outcome is None:
            await asyncio.sleep(HEARTBEAT)
            link.send(["ping"])

    def _on_frame(self, frame: RelayFrame) -> None:
        if isinstance(frame, Seats):
            if self.rematch_of and not set(frame.keys) <= set(self.rematch_of):
                raise NetError("the rematch offered is not the same game (other players)")
            self.seats = list(frame.keys)
            self._maybe_propose(list(frame.names))
        elif isinstance(frame, Env):
            if self.outcome is not None:
                return  # ended by this peer's own move (play): the journal is closed
            index, data = frame.index, frame.data
            digest = hashlib.sha256(data).digest()
            # Known envelopes are skipped by content, not by index: a relay restarted from a
            # journal may hold a shorter log and number new entries lower. What a relay drops
            # makes the game wait (the lockstep machine holds what comes after a gap).
            # A relay sends no member its own envelopes back; one that does (an older or a
            # hostile relay) changes nothing: they are known.
            self.received = max(self.received, index + 1)
            if digest in self.taken or digest in self.own:
                return
            before = len(self.machine.received)
            self._take(index, data)  # what it refuses is not remembered: a relay could flood
            self.taken.update(hashlib.sha256(d).digest() for d in self.machine.received[before:])
        elif isinstance(frame, RefusedFrame):  # after welcome (e.g. idle while this machine slept)
            raise ConnectionError(f"the relay closed this connection: {frame.reason}")
        elif isinstance(frame, Presence):
            if frame.key not in self.presence and len(self.presence) >= MAX_SEATS:
                return  # a key at no seat: a relay must not grow this without bound
            self.presence[frame.key] = frame.connected
            if self.on_presence is not None:
                self.on_presence(frame.key, frame.connected)
        elif isinstance(frame, (Pong, RematchFrame)):
            pass  # a rematch note is for the finished table's watch (.rematch), not the game
        else:
            raise unexpected(frame)

    def forward_evidence(self, data: bytes) -> None:
        """Have the relay log and forward ``data``, an envelope of this game signed by any member
        (e.g. the other half of an equivocation this peer has seen), so that every peer gets it.

        Sent now if connected, and again after every reconnection (the relay logs it once).
        The relay closes the connection of a peer whose evidence is not a well-signed envelope
        of this game by a member: the caller sends only envelopes it has decoded.
        """
        if data in self.evidence:
            return
        self.evidence.append(data)
        self._send([["evidence", data]])

    def _maybe_propose(self, names: list[str]) -> None:
        me = self.identity.public
        if (
            self.role == "player"
            and self.machine.table is None
            and self.seats
            and self.seats[0] == me
            and len(self.seats) == self.seat_count
        ):
            seats, nonce = tuple(self.seats), os.urandom(16)
            game = self.game or self._relay_game
            try:
                info = games.get(game)
            except games.UnknownGame:
                raise NetError(
                    f"the relay's table is for {game!r}, a game not known here"
                ) from None
            options = self.options
            if options is None:
                options = info.draw_options(lambda _name, n: secrets.randbelow(n))
            try:
                table = (game, options, seats, tuple(names), nonce, self.abandon_after)
                self.machine.propose(*table, shadows=self.shadows)
            except LocalProtocolError as exc:  # seats no table can hold
                bad = f"the relay sent a bad frame: seats that make no table ({exc})"
                raise NetError(bad) from None
            self._drain()

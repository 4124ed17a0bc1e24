"""A network peer: connects to a table's relay and plays a game through the lockstep machine.

``NetPeer.run()`` connects over TLS (pinning the relay's key), authenticates, asks the relay for
its log from where the journal stands, then passes envelopes both ways until the game ends —
over, abandoned, or halted on a proven fault — and saves the record. Lost connections are
retried with the same identity; when the relay stays gone, ``find_relay`` may name a relay a
member re-hosted (accepted only if its key is a member key of this game).

Journal order (write-ahead, fsynced): a fresh beacon seed before the commitment to its chain;
an own envelope before it is sent; an envelope of the game once the machine accepted it (never
one it refused: a flood of another game's envelopes leaves the journal unchanged).
A bot plays the seat when one is given; otherwise ``on_turn`` is called (the desktop client).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.events import Forward, GameAbandoned, GameOver, Secret, Transmit, Waiting, YourTurn
from protocol.identity import Identity
from protocol.lockstep import NEED_DATA, Lockstep
from protocol.messages import MAX_SEATS, Turn

from ..engine import Bot, Terminal
from ..records import write
from ..session import EngineBinding, make_engine
from .frames import (
    RELAY_VERSION,
    Env,
    FrameDecoder,
    FrameError,
    Hello,
    Pong,
    Presence,
    RelayFrame,
    Seats,
    Welcome,
    auth_message,
    encode,
    parse_relay_frame,
)
from .frames import Refused as RefusedFrame
from .invite import Invite
from .journal import Journal, JournalError, JournalState
from .tls import PinError, check_pin, client_context

log = logging.getLogger("goldnet.net.client")

CONNECT_TIMEOUT = 10.0
HEARTBEAT = 5.0
IDLE_TIMEOUT = 3 * HEARTBEAT
"""Seconds without a frame from the relay (it answers every ping) before the connection is
taken for lost: a relay whose machine vanished sends no FIN."""
RECONNECT_DELAYS = (0.2, 0.5, 1.0, 2.0, 4.0, 8.0)
_SCALE = os.environ.get("GOLDNET_TIME_SCALE", "1")
TIME_SCALE = int(_SCALE) if _SCALE.isdigit() and 1 <= int(_SCALE) <= 3600 else 1
"""Game-clock seconds per real second (tests only: ``GOLDNET_TIME_SCALE=60`` makes the
abandonment time of a table pass 60 times faster; 1 in real play)."""
CLOSE_GRACE = 5.0
"""Seconds a finished game waits for the others' ``close`` envelopes (whose digests would show
an equivocation on the last move) before its result is final anyway."""
REHOST_AFTER = 2
"""Failed connections after which a peer looks for a member's re-hosted relay."""
LOST = (ConnectionError, OSError, EOFError, asyncio.IncompleteReadError, TimeoutError)
"""What a lost (or never made) connection to the relay raises."""


class NetError(Exception):
    """The game cannot go on over the network; the message says why and what to try."""


class Refused(NetError):
    """The relay refused this peer; ``reason`` is the relay's."""

    def __init__(self, reason: str) -> None:
        super().__init__(f"the relay refused this peer: {reason}")
        self.reason = reason


class RelayLost(NetError):
    """The relay stayed out of reach before the game started (after several tries)."""


ENDINGS = ("over", "abandoned", "halted")


@dataclass(frozen=True)
class Outcome:
    """How a network game ended.

    ``ending``: ``"over"`` (``result`` holds the scores), ``"abandoned"`` (no result; seat
    ``by`` adjudicated it after the table's abandonment time) or ``"halted"`` (``culprit`` is
    the member proven at fault and ``reason`` says what it signed; the record holds the proof).
    """

    result: Terminal | None
    record: Path
    turns: int
    names: tuple[str, ...]
    options: tuple[Any, ...]
    ending: str = "over"
    reason: str = ""
    culprit: bytes | None = None
    by: int | None = None


class NetPeer:
    """One peer of one table.

    Args:
        identity: this peer's profile key.
        invite: where the relay is and which key it must show.
        name: the display name sent to the relay.
        bot: plays this peer's seat (``None``: ``on_turn`` decides).
        folder: the profile folder (journal in ``journal/``, records in ``records/``).
        options: the game options this peer uses if it proposes the table (seat 0).
        seeds: the beacon seeds already drawn for this game (resuming), chain 0 first.
        game: the game this peer proposes if it gets seat 0.
        find_relay: called when the relay stays unreachable; returns where a member re-hosted
            the table, or ``None``.
    """

    def __init__(
        self,
        identity: Identity,
        invite: Invite,
        *,
        name: str,
        folder: Path,
        bot: Bot | None = None,
        role: str = "player",
        options: tuple[Any, ...] = (),
        seeds: tuple[bytes, ...] = (),
        on_turn: Callable[[int], None] | None = None,
        on_event: Callable[[Any], None] | None = None,
        game: str = "mountains-rivers",
        abandon_after: int | None = None,
        find_relay: Callable[[], Awaitable[Invite | None]] | None = None,
        on_presence: Callable[[bytes, bool], None] | None = None,
    ) -> None:
        self.identity = identity
        self.invite = invite
        self.name = name
        self.folder = folder
        self.bot = bot
        self.role = role
        self.options = options
        self.game = game
        self.abandon_after = abandon_after
        self.find_relay = find_relay
        self.on_turn = on_turn
        self.on_event = on_event
        """Called with every lockstep event (for the UI's animations and for measurements)."""
        self.on_presence = on_presence
        """Called with (member key, connected) when the relay says a member's connection dropped
        or came back (and for every seat after each welcome). For the screen, never evidence."""
        self.presence: dict[bytes, bool] = {}
        """The relay's last word on each member's connection."""
        self.connected = False
        """This peer holds an authenticated connection to the relay now (while it is false,
        ``presence`` may be stale)."""
        self.loop_clock = _Clock()
        self.machine = Lockstep(
            identity if role == "player" else None,
            make_engine,
            clock=self.loop_clock,
            entropy=os.urandom,
            seeds=seeds,
        )
        self.received = 0
        """Relay log entries received (and journaled)."""
        self.own: dict[bytes, bytes] = {}
        """Hash → bytes of every envelope this peer made."""
        self.echoed: set[bytes] = set()
        self.evidence: list[bytes] = []
        """Envelopes forwarded as evidence; sent again after every reconnection."""
        self.seats: list[bytes] = []
        self.seat_count = 0
        self.outcome: Outcome | None = None
        self.journal: Journal | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._replaying = False
        self._journalled = 0
        """How many of the machine's accepted envelopes were looked at for the journal."""
        self._index = 0
        """The relay log index of the envelope being taken."""
        self._ended = asyncio.Event()
        self._over: tuple[Terminal, float] | None = None
        """The result and when the engine reached it, while the closes come in."""

    # --- journal ------------------------------------------------------------------------

    def open_journal(self, path: Path, bot_name: str = "") -> None:
        """Start a new journal at ``path`` (its meta entry first)."""
        self.journal = Journal(path)
        self.journal.meta(str(self.invite), self.role, self.name, self.game, self.options, bot_name)

    @classmethod
    def from_journal(
        cls, identity: Identity, state: JournalState, folder: Path, bot: Bot | None
    ) -> NetPeer:
        """Rebuild a peer from its journal: the game as far as it was, ready to reconnect.

        Raises:
            JournalError: an own envelope in it does not verify (resuming without it would
                sign its sequence number anew).
        """
        from .invite import parse_invite

        invite_text, role, name, game, options, _bot = state.meta
        peer = cls(
            identity,
            parse_invite(state.moved or invite_text),
            name=name,
            folder=folder,
            bot=bot,
            role=role,
            options=tuple(options),
            seeds=tuple(state.seeds),
            game=game or "mountains-rivers",
        )
        peer.journal = Journal(state.path)
        peer._replaying = True
        for data in state.outgoing:  # already journalled: never journal them twice
            peer.own[hashlib.sha256(data).digest()] = data
        if role == "player":  # own envelopes are reused, never signed anew
            try:
                peer.machine.restore(state.outgoing)
            except (RemoteProtocolError, LocalProtocolError) as exc:  # never sign them anew
                peer.journal.close()
                raise JournalError(f"the journal {state.path} is damaged: {exc}") from None
            peer._drain()
        peer._journalled = len(peer.machine.received)
        for index, data in state.incoming:
            peer.received = max(peer.received, index + 1)
            peer.echoed.add(hashlib.sha256(data).digest())
            with contextlib.suppress(RemoteProtocolError, LocalProtocolError):
                peer.machine.receive(data)
            peer._journalled = len(peer.machine.received)  # these are journalled already
            peer._drain()
        peer._replaying = False
        return peer

    def waiting(self) -> Waiting | None:
        """What the game waits for now (for the screen), ``None`` once it has ended."""
        return self.machine.waiting()

    def switch_relay(self, invite: Invite) -> None:
        """Go on through another relay (a member re-hosted the table): journalled, and the
        whole log asked again (envelopes are known by content, not by index)."""
        self.invite = invite
        self.received = 0
        if self.journal is not None and self.outcome is None:
            self.journal.moved(str(invite))

    # --- running ------------------------------------------------------------------------

    async def run(self) -> Outcome:
        """Play until the game ends; reconnects after a lost connection.

        Raises:
            NetError: refused, wrong relay key, the game halted by a fault, or the relay
                unreachable after several tries. The journal is then closed (and unlocked),
                ready for a ``resume``.
        """
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
        abandonment time without progress, this member signs an adjudication."""
        while self.outcome is None:
            await asyncio.sleep(1.0)
            self.loop_clock.advance(1000 * TIME_SCALE)
            if not self._replaying:
                self.machine.tick()
                self._drain()

    async def _connect(self) -> Outcome:
        """Connect, and reconnect after every loss — for as long as the game lasts once it
        has started (it pauses meanwhile; the abandonment time ends it), a few times before."""
        failures = 0
        before: Invite | None = None  # the relay before one found on the LAN, until it serves
        while not self._ended.is_set():
            progress = self.received
            try:
                await self._session_or_leave(before)
            except LOST as exc:
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

    async def _session_or_leave(self, before: Invite | None) -> None:
        """A session; one with a relay found on the LAN that is no member's (anyone can announce
        a member's fingerprint) goes back to the relay ``before`` it, as a lost connection."""
        try:
            await self._session()
        except NetError as exc:
            if before is None or self.outcome is not None:
                raise
            self.switch_relay(before)
            raise ConnectionError(f"left a relay announced on the LAN: {exc}") from None

    async def _session(self) -> None:
        reader, writer = await asyncio.wait_for(
            asyncio.open_connection(self.invite.host, self.invite.port, ssl=client_context()),
            CONNECT_TIMEOUT,
        )
        self._writer = writer
        try:
            relay_key = check_pin(writer.get_extra_info("ssl_object"), self.invite.fingerprint)
        except PinError as exc:
            raise NetError(str(exc)) from None
        table = self.machine.table
        if self.invite.game and table is not None:
            if not self.machine.game_id.hex().startswith(self.invite.game):
                raise NetError("this invite code is for another game than the one resumed")
            if relay_key not in table.members:
                raise NetError(
                    "this relay's key is not a member key of the game: only a player of the "
                    "game may re-host it"
                )
        decoder = FrameDecoder()
        pending: list[RelayFrame] = []

        async def next_frame() -> RelayFrame:
            while not pending:
                data = await reader.read(65536)
                if not data:
                    raise EOFError("the relay closed the connection")
                try:
                    pending.extend(parse_relay_frame(m) for m in decoder.feed(data))
                except FrameError as exc:
                    raise NetError(f"the relay sent a bad frame: {exc}") from None
            return pending.pop(0)

        hello = await asyncio.wait_for(next_frame(), CONNECT_TIMEOUT)
        if not isinstance(hello, Hello):
            raise NetError(f"the relay sent a bad frame: expected hello, got {_kind(hello)}")
        if hello.version != RELAY_VERSION or hello.relay_key != relay_key:
            raise NetError("the relay's greeting is not a goldnet relay's (wrong version?)")
        self.seat_count = hello.seats
        me = self.identity.public
        signature = self.identity.sign(auth_message(hello.nonce, relay_key, me, self.name))
        writer.write(encode(["auth", me, self.role, self.name, signature]))
        welcome = await asyncio.wait_for(next_frame(), CONNECT_TIMEOUT)
        if isinstance(welcome, RefusedFrame):
            raise Refused(welcome.reason)
        if not isinstance(welcome, Welcome):
            raise NetError(f"the relay sent a bad frame: expected welcome, got {_kind(welcome)}")
        writer.write(encode(["resume", self.received]))
        # Every own envelope again, in order: the relay forwards only those it lacks (it may be
        # a relay restarted with a shorter log than the one that echoed them).
        for data in self.own.values():
            writer.write(encode(["env", data]))
        for data in self.evidence:
            writer.write(encode(["evidence", data]))
        self._maybe_play()
        heartbeat = asyncio.create_task(self._ping(writer))
        self.connected = True
        try:
            while self.outcome is None:
                frame = await asyncio.wait_for(next_frame(), IDLE_TIMEOUT)
                self._on_frame(frame)
                await writer.drain()
        finally:
            self.connected = False
            heartbeat.cancel()

    async def _ping(self, writer: asyncio.StreamWriter) -> None:
        while self.outcome is None:
            await asyncio.sleep(HEARTBEAT)
            writer.write(encode(["ping"]))

    def _on_frame(self, frame: RelayFrame) -> None:
        if isinstance(frame, Seats):
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
            self.received = max(self.received, index + 1)
            if digest in self.echoed or digest in self.own:
                return
            taken = len(self.machine.received)
            self._take(index, data)  # what it refuses is not remembered: a relay could flood
            self.echoed.update(hashlib.sha256(d).digest() for d in self.machine.received[taken:])
        elif isinstance(frame, RefusedFrame):  # after welcome (e.g. idle while this machine slept)
            raise ConnectionError(f"the relay closed this connection: {frame.reason}")
        elif isinstance(frame, Presence):
            if frame.key not in self.presence and len(self.presence) >= MAX_SEATS:
                return  # a key at no seat: a relay must not grow this without bound
            self.presence[frame.key] = frame.connected
            if self.on_presence is not None:
                self.on_presence(frame.key, frame.connected)
        elif isinstance(frame, Pong):
            pass
        else:
            raise NetError(f"the relay sent a bad frame: unexpected {_kind(frame)}")

    def _take(self, index: int, data: bytes) -> None:
        """Give one envelope of the relay's log to the machine; journal it if accepted."""
        self._index = index
        try:
            self.machine.receive(data)
        except RemoteProtocolError as exc:
            if self.machine.halted is None:
                log.info("ignored an envelope: %s", exc)  # names nobody: a relay could cause it
        except LocalProtocolError:
            return  # the game has ended
        self._drain()

    def play(self, action: tuple[Any, ...]) -> None:
        """Play ``action`` for this peer's seat: the answer to ``on_turn``, on the event loop.

        ``machine.send`` alone only queues the envelope: nothing would transmit it while the
        other peers wait for this move.

        Raises:
            LocalProtocolError: not this peer's turn, or the action is illegal (nothing sent).
        """
        self.machine.send(action)
        self._drain()

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
        if self._writer is not None:
            self._writer.write(encode(["evidence", data]))

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
            try:
                table = (self.game, self.options, seats, tuple(names), nonce, self.abandon_after)
                self.machine.propose(*table)
            except LocalProtocolError as exc:  # seats no table can hold
                bad = f"the relay sent a bad frame: seats that make no table ({exc})"
                raise NetError(bad) from None
            self._drain()

    def _maybe_play(self) -> None:
        engine = self.machine.engine
        seat = self.machine.seat_of(self.identity.public)
        if engine is None or seat is None or self.machine.ended:
            return
        if engine.due() == Turn(seat):
            self._turn(seat)

    def _turn(self, seat: int) -> None:
        if self._replaying:
            return
        if self.bot is not None:
            engine = self.machine.engine
            assert isinstance(engine, EngineBinding)
            state = engine.state
            action = self.bot.choose(state.observation(seat), state.legal_actions(seat))
            self.machine.send(action)
            self._drain()
        elif self.on_turn is not None:
            self.on_turn(seat)

    def _journal_accepted(self) -> None:
        """Journal what the machine accepted since last time (not this peer's own)."""
        received = self.machine.received
        while self._journalled < len(received):
            data = received[self._journalled]
            self._journalled += 1
            if self.journal is not None and hashlib.sha256(data).digest() not in self.own:
                self.journal.incoming(self._index, data)

    def _drain(self) -> None:
        while True:
            event = self.machine.next_event()
            if event is NEED_DATA:
                break
            if self.on_event is not None and not self._replaying:
                self.on_event(event)
            if isinstance(event, Secret):
                if self.journal is not None:  # before anything commits to it
                    self.journal.seed(event.index, event.seed)
            elif isinstance(event, Transmit):
                digest = hashlib.sha256(event.data).digest()
                if digest in self.own:
                    continue
                self.own[digest] = event.data
                if self.journal is not None:
                    self.journal.outgoing(event.data)
                if self._writer is not None and not self._replaying:
                    self._writer.write(encode(["env", event.data]))
            elif isinstance(event, Forward):
                if self._writer is not None and not self._replaying:
                    self._writer.write(encode(["evidence", event.data]))
            elif isinstance(event, YourTurn):
                self._turn(event.seat)
            elif isinstance(event, GameOver):
                self._over = (event.result, time.monotonic())
            elif isinstance(event, GameAbandoned):
                self._finish("abandoned", by=event.by)
        if not self._replaying and self.outcome is None:  # own envelopes are known by now
            self._journal_accepted()
        halt = self.machine.halted
        if halt is not None and self.outcome is None:
            self._finish("halted", reason=halt.reason, culprit=halt.culprit)
        elif self._over is not None and self.outcome is None:
            result, since = self._over
            # Over: the result stands once every member's close is in (their digests agree
            # with ours), or after a short grace — a member that left cannot undo a result.
            if self.machine.settled or self._replaying or time.monotonic() - since > CLOSE_GRACE:
                self._finish("over", result=result)

    def _finish(
        self,
        ending: str,
        *,
        result: Terminal | None = None,
        reason: str = "",
        culprit: bytes | None = None,
        by: int | None = None,
    ) -> None:
        """Save the record (with the proof, for a halt) and end the journal."""
        table = self.machine.table
        assert table is not None
        records = self.folder / "records"
        records.mkdir(parents=True, exist_ok=True)
        safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in table.names[0])[:30]
        path = records / f"{table.game}-{safe}-{table.game_id.hex()[:12]}.goldnet"
        envelopes = self.machine.record if ending == "over" else self.machine.full_record()
        write(path, list(envelopes))
        if ending == "abandoned":  # another member's clock is not ours to vouch for
            reason = f"{table.names[by or 0]} adjudicated it abandoned"
            if by == self.machine.seat_of(self.identity.public):
                reason = "nothing happened for the table's abandonment time"
        if self.journal is not None:
            self._journal_accepted()
            self.journal.end(ending, str(path), reason)
            self.journal.close()
        self.outcome = Outcome(
            result,
            path,
            self.machine.actions,
            table.names,
            table.options,
            ending=ending,
            reason=reason,
            culprit=culprit,
            by=by,
        )
        self._ended.set()


def _kind(frame: RelayFrame) -> str:
    """A frame's kind as the relay wrote it (``Welcome`` → ``welcome``)."""
    return type(frame).__name__.lower()


class _Clock:
    """Milliseconds advanced by the heartbeat task (integer time for the lockstep machine)."""

    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now

    def advance(self, ms: int) -> None:
        self.now += ms

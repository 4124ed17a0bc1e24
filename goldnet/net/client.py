"""A network peer: connects to a table's relay and plays a game through the lockstep machine.

``NetPeer.run()`` connects over TLS (pinning the relay's key), authenticates, asks the relay for
its log from where the journal stands, then passes envelopes both ways until the game ends,
saves the record and verifies it. Lost connections are retried with the same identity and
resumed from the journal's log index; own envelopes are journaled (fsync) before they are sent.
A bot plays the seat when one is given; otherwise ``on_turn`` is called (the desktop client).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from protocol.envelope import Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.identity import Identity
from protocol.lockstep import NEED_DATA, GameOver, Lockstep, Transmit, YourTurn

from ..engine import Bot, Terminal
from ..records import verify, write
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
from .journal import Journal, JournalState
from .tls import PinError, check_pin, client_context

log = logging.getLogger("goldnet.net.client")

CONNECT_TIMEOUT = 10.0
HEARTBEAT = 5.0
IDLE_TIMEOUT = 3 * HEARTBEAT
"""Seconds without a frame from the relay (it answers every ping) before the connection is
taken for lost: a relay whose machine vanished sends no FIN."""
RECONNECT_DELAYS = (0.2, 0.5, 1.0, 2.0, 4.0, 8.0)


class NetError(Exception):
    """The game cannot go on over the network; the message says why and what to try."""


class Refused(NetError):
    """The relay refused this peer (the reason is the relay's)."""


@dataclass(frozen=True)
class Outcome:
    """A finished network game."""

    result: Terminal
    record: Path
    turns: int
    names: tuple[str, ...]
    options: tuple[Any, ...]


class NetPeer:
    """One peer of one table.

    Args:
        identity: this peer's profile key.
        invite: where the relay is and which key it must show.
        name: the display name sent to the relay.
        bot: plays this peer's seat (``None``: ``on_turn`` decides).
        folder: the profile folder (journal in ``journal/``, records in ``records/``).
        options: the game options this peer uses if it proposes the table (seat 0).
        seed: the beacon seed (fresh random bytes unless resuming).
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
        seed: bytes | None = None,
        on_turn: Callable[[int], None] | None = None,
        on_event: Callable[[Any], None] | None = None,
        on_presence: Callable[[bytes, bool], None] | None = None,
        reveal_timeout_ms: int = 30_000,
    ) -> None:
        self.identity = identity
        self.invite = invite
        self.name = name
        self.folder = folder
        self.bot = bot
        self.role = role
        self.options = options
        self.seed = seed if seed is not None else os.urandom(32)
        self.on_turn = on_turn
        self.on_event = on_event
        """Called with every lockstep event (for the UI's animations and for measurements)."""
        self.on_presence = on_presence
        """Called with (member key, connected) when the relay says a member's connection dropped
        or came back (and for every seat after each welcome). For the screen, never evidence."""
        self.presence: dict[bytes, bool] = {}
        """The relay's last word on each member's connection."""
        self.loop_clock = _Clock()
        self.machine = Lockstep(
            identity if role == "player" else None,
            make_engine,
            clock=self.loop_clock,
            beacon_seed=self.seed,
            reveal_timeout_ms=reveal_timeout_ms,
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

    # --- journal ------------------------------------------------------------------------

    def open_journal(self, path: Path, bot_name: str = "") -> None:
        """Start a new journal at ``path`` (meta and seed entries first)."""
        self.journal = Journal(path)
        self.journal.meta(str(self.invite), self.role, self.name, "", self.options, bot_name)
        self.journal.seed(self.seed)

    @classmethod
    def from_journal(
        cls, identity: Identity, state: JournalState, folder: Path, bot: Bot | None
    ) -> NetPeer:
        """Rebuild a peer from its journal: the game as far as it was, ready to reconnect."""
        from .invite import parse_invite

        invite_text, role, name, _game, options, _bot = state.meta
        peer = cls(
            identity,
            parse_invite(invite_text),
            name=name,
            folder=folder,
            bot=bot,
            role=role,
            options=tuple(options),
            seed=state.seed,
        )
        peer.journal = Journal(state.path)
        peer._replaying = True
        for data in state.outgoing:  # already journaled: never journal them twice
            peer.own[hashlib.sha256(data).digest()] = data
        for index, data in state.incoming:
            peer.received = index + 1
            digest = hashlib.sha256(data).digest()
            peer.echoed.add(digest)
            with contextlib.suppress(RemoteProtocolError, LocalProtocolError):
                peer.machine.receive(data)  # own envelopes may already be regenerated: refused
            peer._drain()
        for data in state.outgoing:  # sent before the crash, perhaps never relayed
            with contextlib.suppress(RemoteProtocolError, LocalProtocolError):
                peer.machine.receive(data)
            peer._drain()
        peer._replaying = False
        return peer

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
        failures = 0
        while True:
            progress = self.received
            try:
                await self._session()
            except (
                ConnectionError,
                OSError,
                EOFError,
                asyncio.IncompleteReadError,
                TimeoutError,
            ) as exc:
                if self.outcome is not None:
                    return self.outcome
                if self.received > progress:  # the game went on: a new outage, a fresh budget
                    failures = 0
                if failures >= len(RECONNECT_DELAYS):
                    raise NetError(
                        f"lost the relay at {self.invite.host}:{self.invite.port} "
                        f"({exc or type(exc).__name__}); check the address and that the host "
                        "is still running, then `goldnet resume`"
                    ) from None
                delay = RECONNECT_DELAYS[failures]
                failures += 1
                log.info("connection lost (%s); retrying in %.1f s", exc, delay)
                await asyncio.sleep(delay)
                continue
            finally:
                if self._writer is not None:
                    self._writer.close()
                    self._writer = None
            if self.outcome is not None:
                return self.outcome

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
            raise Refused(f"the relay refused this peer: {welcome.reason}")
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
        heartbeat = asyncio.create_task(self._heartbeat(writer))
        try:
            while self.outcome is None:
                frame = await asyncio.wait_for(next_frame(), IDLE_TIMEOUT)
                self._on_frame(frame)
                await writer.drain()
        finally:
            heartbeat.cancel()

    async def _heartbeat(self, writer: asyncio.StreamWriter) -> None:
        while True:
            await asyncio.sleep(1.0)
            self.loop_clock.advance(1000)
            try:
                self.machine.tick()
            except RemoteProtocolError as exc:
                log.error("%s", exc)
                writer.close()
                return
            if self.loop_clock.now % int(HEARTBEAT * 1000) == 0:
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
            # Known envelopes are skipped by content, not by index: a relay restarted from its
            # host's journal may hold a shorter log and number new entries lower. A relay that
            # drops entries is caught by the lockstep machine (a gap in a sender's sequence).
            self.received = max(self.received, index + 1)
            if digest in self.echoed:
                return
            if not self._of_this_game(data):
                return  # never journalled: a relay could flood journals with them
            if self.journal is not None:
                self.journal.incoming(index, data)
            self.echoed.add(digest)
            if digest in self.own:
                return
            try:
                self.machine.receive(data)
            except RemoteProtocolError as exc:
                log.warning("refused an envelope: %s", exc)
                if self.machine.halted is not None:
                    raise NetError(f"the game is halted: {exc}") from None
            except LocalProtocolError as exc:
                raise NetError(f"the game is halted: {exc}") from None
            self._drain()
        elif isinstance(frame, RefusedFrame):  # after welcome (e.g. idle while this machine slept)
            raise ConnectionError(f"the relay closed this connection: {frame.reason}")
        elif isinstance(frame, Presence):
            self.presence[frame.key] = frame.connected
            if self.on_presence is not None:
                self.on_presence(frame.key, frame.connected)
        elif isinstance(frame, Pong):
            pass
        else:
            raise NetError(f"the relay sent a bad frame: unexpected {_kind(frame)}")

    def _of_this_game(self, data: bytes) -> bool:
        """Whether ``data`` may be journalled: a well-signed envelope of this peer's game (any
        game while the table is not known yet). Anything else is dropped with a log line and
        names nobody: the relay may have made it up or sent it on."""
        table = self.machine.table
        if table is None:
            return True
        try:
            envelope = Envelope.decode(data)
        except RemoteProtocolError as exc:
            log.warning("dropped an envelope from the relay: %s", exc)
            return False
        if envelope.game_id != table.game_id:
            log.warning("dropped an envelope of another game from the relay")
            return False
        return True

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
            game = "mountains-rivers"
            self.machine.propose(
                game, self.options, tuple(self.seats), tuple(names), os.urandom(16)
            )
            self._drain()

    def _maybe_play(self) -> None:
        engine = self.machine.engine
        seat = self.machine.seat_of(self.identity.public)
        if engine is None or seat is None or self.machine.finished:
            return
        if engine.due() == ("turn", seat):
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

    def _drain(self) -> None:
        while True:
            event = self.machine.next_event()
            if event is NEED_DATA:
                return
            if self.on_event is not None and not self._replaying:
                self.on_event(event)
            if isinstance(event, Transmit):
                digest = hashlib.sha256(event.data).digest()
                if digest in self.own:
                    continue
                self.own[digest] = event.data
                if self.journal is not None:
                    self.journal.outgoing(event.data)
                if self._writer is not None and not self._replaying:
                    self._writer.write(encode(["env", event.data]))
            elif isinstance(event, YourTurn):
                self._turn(event.seat)
            elif isinstance(event, GameOver):
                self._finish(event.result)

    def _finish(self, result: Terminal) -> None:
        table = self.machine.table
        assert table is not None
        records = self.folder / "records"
        records.mkdir(parents=True, exist_ok=True)
        safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in table.names[0])[:30]
        path = records / f"{table.game}-{safe}-{table.game_id.hex()[:12]}.goldnet"
        write(path, list(self.machine.record))
        verify(list(self.machine.record))
        if self.journal is not None:
            self.journal.end(str(path))
            self.journal.close()
        self.outcome = Outcome(result, path, self.machine.actions, table.names, table.options)


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

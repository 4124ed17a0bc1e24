"""Helpers of the relay tests: a relay and two bot peers on 127.0.0.1 (one of which can hold a
turn, so that a test acts provably mid-game), and ``Raw``, a TLS client that sends exactly the
frames a test says. Real TCP + TLS sockets, no mocks — but for :class:`MemoryRelay`, which
carries two members' frames in memory so that a test sees every send as it happens (its
members made by :func:`members` or :func:`greedy_member`), and :func:`entries`, a journal
file's entries as written.
"""

from __future__ import annotations

import asyncio
import contextlib
import ssl
import time
from collections import deque
from collections.abc import Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from goldnet.games.mountains_rivers.bots import make_bot
from goldnet.net.client import NetPeer
from goldnet.net.frames import Env, FrameDecoder, Seats, auth_message, encode
from goldnet.net.invite import Invite
from goldnet.net.journal import MAX_ENTRY, read_journal
from goldnet.net.relay import Relay
from goldnet.net.reports import Outcome
from goldnet.net.tls import client_context
from goldnet.records import read, verify
from protocol.codec import unpack
from protocol.envelope import ZERO_HASH, Envelope
from protocol.identity import Identity
from protocol.messages import Table

HOST = "127.0.0.1"
GAME = "mountains-rivers"
BOARD = 3
MEMORY_STEPS = 20_000
"""Frames a :class:`MemoryRelay` delivers at most in one game."""
T = TypeVar("T")


def run(coro: Coroutine[Any, Any, T], timeout: float = 30) -> T:
    """``asyncio.run`` with a deadline: a hung test fails instead of hanging the suite."""

    async def bounded() -> T:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


# --- peers that stop mid-game on demand ---------------------------------------------------


class PausingPeer(NetPeer):
    """A NetPeer whose bot holds its ``pause_at``-th turn until ``go`` is set.

    While it holds, the game is provably unfinished and waiting on this peer: whatever a test
    does then happens mid-game.
    """

    def __init__(
        self, *args: Any, pause_at: int | None, paused: asyncio.Event, go: asyncio.Event, **kw: Any
    ) -> None:
        super().__init__(*args, **kw)
        self.pause_at = pause_at
        self.paused = paused
        self.go = go
        self.turns = 0
        self.held: asyncio.Task[None] | None = None

    def _turn(self, seat: int) -> None:
        if self._replaying or (self.held is not None and not self.held.done()):
            return  # the held turn is played once, when `go` is set (not again on reconnecting)
        self.turns += 1
        if self.turns == self.pause_at and not self.go.is_set():
            self.paused.set()
            self.held = asyncio.get_running_loop().create_task(self._later(seat))
            return
        super()._turn(seat)

    async def _later(self, seat: int) -> None:
        await self.go.wait()
        NetPeer._turn(self, seat)


@dataclass
class Game:
    relay: Relay
    port: int
    invite: Invite
    peers: list[PausingPeer]
    tasks: list[asyncio.Task[Outcome]]
    paused: asyncio.Event
    go: asyncio.Event
    folder: Path
    identities: list[Identity] = field(default_factory=list)

    async def finish(self, timeout: float = 20) -> list[Outcome]:
        """Let the game go on to its end; both records identical and verifying."""
        self.go.set()
        outcomes = await asyncio.wait_for(asyncio.gather(*self.tasks), timeout)
        check_records(outcomes)
        return outcomes

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        with contextlib.suppress(BaseException):
            await asyncio.gather(*self.tasks, return_exceptions=True)
        await self.relay.close()


def check_records(outcomes: list[Outcome]) -> None:
    """Every peer saved the same record, and it verifies to the result the peers saw."""
    datas = [o.record.read_bytes() for o in outcomes]
    assert all(d == datas[0] for d in datas)
    checked = verify(read(outcomes[0].record))
    assert checked.result == outcomes[0].result
    assert checked.turns == outcomes[0].turns > 0


async def start_game(
    folder: Path,
    *,
    pause_at: int | None = 3,
    bot: str = "greedy",
    relay_kwargs: dict[str, Any] | None = None,
    wait_paused: bool = True,
) -> Game:
    """A relay on 127.0.0.1:0 and two bot peers playing; returns once seat 0 holds a turn."""
    relay_id = Identity.generate()
    ids = [Identity.generate(), Identity.generate()]
    relay = Relay(relay_id, table_name="test table", game=GAME, seats=2, **(relay_kwargs or {}))
    port = await relay.start(HOST, 0)
    invite = Invite(HOST, port, relay.fingerprint)
    paused, go = asyncio.Event(), asyncio.Event()
    peers = [
        PausingPeer(
            identity,
            invite,
            name=f"p{i}",
            folder=folder / f"peer-{i}",
            bot=make_bot(bot, i),
            options=(BOARD,),
            pause_at=pause_at if i == 0 else None,
            paused=paused,
            go=go,
        )
        for i, identity in enumerate(ids)
    ]
    for i, peer in enumerate(peers):
        peer.open_journal(folder / f"peer-{i}" / "journal" / "game.journal", bot)
    tasks: list[asyncio.Task[Outcome]] = []
    for seat, peer in enumerate(peers):  # seat order = arrival order
        tasks.append(asyncio.create_task(peer.run()))
        await until(lambda seat=seat: len(relay.members) > seat)
    game = Game(relay, port, invite, peers, tasks, paused, go, folder, ids)
    if pause_at is not None and wait_paused:
        await asyncio.wait_for(paused.wait(), 10)
        assert not any(t.done() for t in tasks)
    return game


async def until(condition: Callable[[], bool], timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        await asyncio.sleep(0.01)


# --- a hand-driven client: any frame, in any order ----------------------------------------


def table_body(*members: Identity, nonce: bytes = bytes(16)) -> tuple[Any, ...]:
    """The body of a table of :data:`GAME` for ``members`` in seat order (the relay reads a
    first ``table`` envelope's members)."""
    keys = tuple(m.public for m in members)
    return Table(GAME, (2,), keys, tuple(f"p{i}" for i in range(len(keys))), nonce).body()


def table_envelope(signer: Identity, *members: Identity, nonce: bytes = bytes(16)) -> Envelope:
    """A ``table`` of :data:`GAME` for ``members`` in seat order, signed by ``signer``, its
    game id the hash of its body (as every peer and the relay check)."""
    body = table_body(*members, nonce=nonce)
    return Envelope.seal(signer, "table", Table.from_body(body).game_id, 0, ZERO_HASH, body)


async def standalone(seats: int, **limits: int) -> tuple[Relay, int]:
    """A standalone relay with an empty log and no members given (``goldnet relay``, or one
    restarted empty) for a table of :data:`GAME`, listening on 127.0.0.1, and its port."""
    relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=seats, **limits)
    return relay, await relay.start(HOST, 0)


class Raw:
    """A TLS connection to a relay that sends exactly what a test says."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer
        self.decoder = FrameDecoder()
        self.pending: list[tuple[Any, ...]] = []
        self.hello: tuple[Any, ...] = ()

    @classmethod
    async def connect(cls, port: int, context: ssl.SSLContext | None = None) -> Raw:
        reader, writer = await asyncio.open_connection(HOST, port, ssl=context or client_context())
        raw = cls(reader, writer)
        raw.hello = await raw.recv()
        assert raw.hello[0] == "hello"
        return raw

    @property
    def relay_key(self) -> bytes:
        key = self.hello[2]
        assert isinstance(key, bytes)
        return key

    @property
    def nonce(self) -> bytes:
        nonce = self.hello[3]
        assert isinstance(nonce, bytes)
        return nonce

    async def auth(
        self, identity: Identity, role: str = "player", name: str = "raw", *, nonce: bytes = b""
    ) -> tuple[Any, ...]:
        """Authenticate; returns the relay's answer (welcome or refused)."""
        message = auth_message(nonce or self.nonce, self.relay_key, identity.public, name)
        self.send(["auth", identity.public, role, name, identity.sign(message)])
        return await self.recv()

    def send(self, message: list[Any]) -> None:
        self.writer.write(encode(message))

    async def recv(self, timeout: float = 5) -> tuple[Any, ...]:
        """The next frame (EOFError once the relay closed the connection)."""
        while not self.pending:
            data = await asyncio.wait_for(self.reader.read(65536), timeout)
            if not data:
                raise EOFError
            self.pending.extend(self.decoder.feed(data))
        return self.pending.pop(0)

    async def recv_until_closed(self, timeout: float = 5) -> list[tuple[Any, ...]]:
        """Every frame until the relay closes the connection."""
        frames = []
        with contextlib.suppress(EOFError, ConnectionError, ssl.SSLError):
            while True:
                frames.append(await self.recv(timeout))
        return frames

    async def envelopes(self, count: int, timeout: float = 10) -> list[tuple[int, bytes]]:
        """The next ``count`` env frames, as (log index, bytes); other frames skipped."""
        out: list[tuple[int, bytes]] = []
        while len(out) < count:
            frame = await self.recv(timeout)
            if frame[0] == "env":
                out.append((frame[1], frame[2]))
        return out

    def close(self) -> None:
        self.writer.close()


async def refused_with(raw: Raw, reason: str) -> None:
    """The relay sends ``refused`` with ``reason`` and then closes the connection."""
    frames = await raw.recv_until_closed()
    refusals = [f for f in frames if f[0] == "refused"]
    assert refusals, f"no refused frame in {frames}"
    assert reason in refusals[-1][1]
    assert frames[-1][0] == "refused"


async def authenticated(game: Game, role: str = "spectator") -> Raw:
    raw = await Raw.connect(game.port)
    answer = await raw.auth(Identity.generate(), role)
    assert answer[0] == "welcome", answer
    return raw


@dataclass
class Quiet:
    """A relay without a game: an honest member, a member that misbehaves, a spectator."""

    relay: Relay
    port: int
    honest: Raw
    honest_id: Identity
    rogue: Raw
    rogue_id: Identity
    watcher: Raw

    async def honest_still_served(self) -> None:
        """The honest member's envelopes are still logged and forwarded (to the spectator; the
        honest member gets no echo of its own)."""
        before = len(self.relay.log)
        envelope = Envelope.seal(self.honest_id, "commit", bytes(32), before, ZERO_HASH, ())
        self.honest.send(["env", envelope.raw])
        assert (await self.watcher.envelopes(1))[-1] == (before, envelope.raw)
        assert self.relay.log[-1] == envelope.raw
        assert await no_env_before_pong(self.honest) == []


async def no_env_before_pong(raw: Raw) -> list[tuple[Any, ...]]:
    """The env frames ``raw`` receives before the answer to a ping sent now: what the relay
    sent it before that ping (it answers frames in order)."""
    raw.send(["ping"])
    envs = []
    while (frame := await raw.recv()) != ("pong",):
        if frame[0] == "env":
            envs.append(frame)
    return envs


def caught_up(relay: Relay, peer: NetPeer) -> bool:
    """``peer`` has received every entry of ``relay``'s log that is sent to it (all but its own
    envelopes)."""
    me = peer.identity.public
    theirs = [i for i, data in enumerate(relay.log) if Envelope.decode(data).sender != me]
    return peer.received == (theirs[-1] + 1 if theirs else 0)


async def quiet_table() -> Quiet:
    relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
    port = await relay.start(HOST, 0)
    honest_id, rogue_id = Identity.generate(), Identity.generate()
    honest = await Raw.connect(port)
    assert (await honest.auth(honest_id, name="honest"))[0] == "welcome"
    honest.send(["resume", 0])
    rogue = await Raw.connect(port)
    assert (await rogue.auth(rogue_id, name="rogue"))[0] == "welcome"
    watcher = await Raw.connect(port)
    assert (await watcher.auth(Identity.generate(), "spectator", name="w"))[0] == "welcome"
    watcher.send(["resume", 0])
    return Quiet(relay, port, honest, honest_id, rogue, rogue_id, watcher)


# --- two members through a relay in memory ------------------------------------------------


class Member(NetPeer):
    """A member whose frames go to an in-memory relay."""

    def __init__(self, *args: Any, relay: MemoryRelay, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.relay = relay
        self.seat_count = 2

    def _send(self, frames: list[list[Any]]) -> None:
        self.relay.sent(self, frames)


class MemoryRelay:
    """What two members' connections to a relay carry, in memory: each member's env frames, in
    order, with a log index, to the other members — never back to their sender unless ``echo``
    (a relay that does: an older or a hostile one); ``on_send`` sees every send first."""

    def __init__(
        self,
        on_send: Callable[[Member, list[list[Any]]], None] | None = None,
        *,
        echo: bool = False,
    ) -> None:
        self.on_send = on_send
        self.echo = echo
        self.echoed = 0
        """Frames sent back to their sender."""
        self.members: list[Member] = []
        self.log: list[bytes] = []
        self.queue: deque[tuple[Member, int]] = deque()

    def sent(self, member: Member, frames: list[list[Any]]) -> None:
        if self.on_send is not None:
            self.on_send(member, frames)
        for kind, data in frames:
            assert kind == "env"
            self.log.append(data)
            for other in self.members:
                if other is not member or self.echo:
                    self.echoed += other is member
                    self.queue.append((other, len(self.log) - 1))

    def play(self) -> None:
        seats = Seats(tuple(m.identity.public for m in self.members), ("a", "b"))
        for member in self.members:
            member._on_frame(seats)
        for _ in range(MEMORY_STEPS):
            if not self.queue:
                break
            for member, index in self.deliveries():
                member._on_frame(Env(index, self.log[index]))
        assert all(m.outcome is not None for m in self.members), "the game did not end"

    def deliveries(self) -> list[tuple[Member, int]]:
        """The next frames to hand to members (the queue is not empty): the oldest one; a
        hostile relay's subclass may reorder or repeat them."""
        return [self.queue.popleft()]


def greedy_member(
    me: Identity, invite: Invite, relay: MemoryRelay, folder: Path, options: tuple[Any, ...]
) -> Member:
    """Member ``me`` (named "a", its seat played by a greedy bot, profile ``folder``, journal
    not opened) of a Mountains & Rivers table of ``options`` at ``relay``, now its only member."""
    made = Member(
        me,
        invite,
        relay=relay,
        name="a",
        folder=folder,
        bot=make_bot("greedy", "v"),
        options=options,
        game=GAME,
    )
    relay.members = [made]
    return made


def members(tmp_path: Path, relay: MemoryRelay) -> list[Member]:
    """Two members of a Mountains & Rivers table at ``relay``, greedy bots, journals on."""
    invite = Invite("127.0.0.1", 1, Identity.generate().fingerprint)
    made = []
    for i in range(2):
        member = Member(
            Identity.generate(),
            invite,
            relay=relay,
            name="ab"[i],
            folder=tmp_path / f"m{i}",
            bot=make_bot("greedy", f"memory/{i}"),
            options=(3,),
            game=GAME,
        )
        member.open_journal(tmp_path / f"m{i}" / "journal" / "game.journal", "greedy")
        made.append(member)
    relay.members = made
    return made


def check_ended_cleanly(players: list[Member], relay: MemoryRelay) -> None:
    """The game is over, nobody named, one record; each member journalled as sent exactly its
    own envelopes of the relay's log, in order, and none of them as received."""
    outcomes = [m.outcome for m in players]
    assert all(o is not None and o.ending == "over" and o.culprit is None for o in outcomes)
    check_records([o for o in outcomes if o is not None])
    for member in players:
        assert member.journal is not None
        state = read_journal(member.journal.path)
        own = [d for d in relay.log if Envelope.decode(d).sender == member.identity.public]
        assert not set(own) & {data for _, data in state.incoming}
        assert state.outgoing == own


def entries(data: bytes) -> list[tuple[Any, ...]]:
    """A journal file's entries (``data``: its bytes, each entry a 4-byte big-endian size and
    that many bytes of msgpack)."""
    out, offset = [], 0
    while offset < len(data):
        size = int.from_bytes(data[offset : offset + 4], "big")
        out.append(unpack(data[offset + 4 : offset + 4 + size], MAX_ENTRY))
        offset += 4 + size
    return out

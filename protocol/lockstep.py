"""The lockstep machine: sans-IO, one per peer (DESIGN §3, §5; STYLE: h11).

Bytes in with :meth:`Lockstep.receive`, local moves with :meth:`Lockstep.send`, timeouts with
:meth:`Lockstep.tick`; what happened comes out of :meth:`Lockstep.next_event`, including the
envelopes this peer must broadcast (:class:`Transmit`). Clock, keys and beacon seed are
injected; nothing here touches a socket, a file or the system clock.

The game's own engine decides whose input is due (:class:`Engine`). Order of a game:

1. ``table`` from one member (its seq 0): game, options, members in seat order, their
   display names, nonce;
2. one ``commit`` per member (beacon commitment): the game starts when all are in;
3. then, as the engine asks: for a chance request every member sends one ``reveal`` for the
   next draw (automatically); for a turn the seat's member sends one ``action`` carrying the
   public hash of the state it applies to; ``recommit`` may come at any point.

Envelopes that arrive before they can be applied wait in their sender's queue. Faults raise
:class:`~protocol.errors.RemoteProtocolError` and leave the engine untouched. Envelopes a relay
could have forged, replayed or lost (bad signature, non-member, other game, old sequence number,
gap) are dropped and the game goes on; faults only a member could commit (broken hash chain of
its envelopes, malformed body, illegal action, wrong reveal, state-hash mismatch, withheld
reveal) halt the game with that member named as the culprit.
"""

from __future__ import annotations

import hashlib
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from .beacon import (
    DEFAULT_LENGTH,
    MAX_LENGTH,
    RECOMMIT_MARGIN,
    HashChain,
    Segment,
    draw_bytes,
    outcome_index,
)
from .codec import pack
from .envelope import ZERO_HASH, Envelope
from .errors import LocalProtocolError, RemoteProtocolError
from .identity import Identity, fingerprint

TABLE_TAG = "goldnet/table/v1"
NEXT_SEED_TAG = b"goldnet/beacon/next/v1"
MAX_SEATS = 6
DEFAULT_REVEAL_TIMEOUT_MS = 30_000
MAX_EARLY = 256
"""Most envelopes held before the table is known."""

Due = tuple[str, Any]
"""``("turn", seat)``, ``("chance", weights)`` or ``("over", result)``."""


class Engine(Protocol):
    """What the machine needs of a rules engine (bound by ``goldnet.session``)."""

    def due(self) -> Due:
        """What happens next: a seat's turn, a chance draw with integer weights, or the end."""
        ...

    def check_action(self, seat: int, action: tuple[Any, ...]) -> None:
        """Raise ``ValueError`` saying why, when ``seat`` may not play ``action`` now."""
        ...

    def apply_action(self, seat: int, action: tuple[Any, ...]) -> None:
        """Apply ``seat``'s action (already checked)."""
        ...

    def apply_outcome(self, index: int) -> None:
        """Fulfil the pending chance request with its outcome number ``index``."""
        ...

    def state_hash(self) -> bytes:
        """The public state hash (32 bytes)."""
        ...


EngineFactory = Callable[[str, tuple[Any, ...], int], Engine]
"""``(game, options, seats) -> Engine``; raises ``ValueError`` for an unknown game or options."""


@dataclass(frozen=True, slots=True)
class Table:
    """A table: game, options, members (32-byte public keys) in seat order, their display
    names (text, at most 40 characters each), and a nonce (16 to 64 bytes)."""

    game: str
    options: tuple[Any, ...]
    members: tuple[bytes, ...]
    names: tuple[str, ...]
    nonce: bytes

    @property
    def game_id(self) -> bytes:
        """SHA-256 of ``pack([TABLE_TAG, game, options, members, names, nonce])``."""
        return hashlib.sha256(
            pack([TABLE_TAG, self.game, self.options, self.members, self.names, self.nonce])
        ).digest()

    def body(self) -> tuple[Any, ...]:
        return (self.game, self.options, self.members, self.names, self.nonce)


# --- events -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Transmit:
    """An envelope this peer made; broadcast ``data`` to the table."""

    data: bytes


@dataclass(frozen=True, slots=True)
class GameStarted:
    """Every commitment is in; the engine exists."""

    table: Table


@dataclass(frozen=True, slots=True)
class Drawn:
    """Draw ``draw`` gave outcome number ``index``."""

    draw: int
    index: int


@dataclass(frozen=True, slots=True)
class Applied:
    """``seat`` played ``action``."""

    seat: int
    action: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class YourTurn:
    """A seat of this peer must act: call :meth:`Lockstep.send`."""

    seat: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """The engine reached its end."""

    result: Any


Event = Transmit | GameStarted | Drawn | Applied | YourTurn | GameOver


class _NeedData:
    def __repr__(self) -> str:
        return "NEED_DATA"


NEED_DATA = _NeedData()
"""Returned by :meth:`Lockstep.next_event` when nothing more can happen without input."""


@dataclass(slots=True)
class _Member:
    key: bytes
    seat: int
    next_seq: int = 0
    last_hash: bytes = ZERO_HASH
    queue: deque[Envelope] = field(default_factory=deque)
    unrecorded: list[bytes] = field(default_factory=list)
    """Applied commitments and recommitments not yet written to the record."""
    segments: list[Segment] = field(default_factory=list)


class Lockstep:
    """One peer's view of one game.

    Args:
        identity: this peer's key, or ``None`` for a spectator (verifies, never sends).
        engines: builds the engine once the table is known.
        clock: monotonic milliseconds (integers), for the reveal timeout only.
        beacon_seed: 32 secret bytes for this peer's hash chains (required for a member).
        reveal_timeout_ms: how long a draw may wait for reveals before the missing peers are
            named as withholding.
        chain_length: draws per beacon chain segment, more than :data:`RECOMMIT_MARGIN`.

    Raises:
        LocalProtocolError: a chain length of :data:`RECOMMIT_MARGIN` or less (this peer would
            recommit at every draw and break the limit on pending segments) or above
            :data:`MAX_LENGTH`.
    """

    def __init__(
        self,
        identity: Identity | None,
        engines: EngineFactory,
        *,
        clock: Callable[[], int] = lambda: 0,
        beacon_seed: bytes | None = None,
        reveal_timeout_ms: int = DEFAULT_REVEAL_TIMEOUT_MS,
        chain_length: int = DEFAULT_LENGTH,
    ) -> None:
        if not RECOMMIT_MARGIN < chain_length <= MAX_LENGTH:
            raise LocalProtocolError(
                f"a chain segment has {RECOMMIT_MARGIN + 1} to {MAX_LENGTH} values"
            )
        self.identity = identity
        self._engines = engines
        self._clock = clock
        self._seed = beacon_seed
        self._timeout = reveal_timeout_ms
        self._chain_length = chain_length
        self.table: Table | None = None
        self._game_id = b""
        """The table's game id, computed once."""
        self.engine: Engine | None = None
        self.members: dict[bytes, _Member] = {}
        self.record: list[bytes] = []
        """The game's record: every applied envelope's bytes in canonical order — the table;
        the commitments in seat order; per draw, in seat order, each member's recommitments
        since its last reveal, then its reveal; each action when applied. The same for every
        peer whatever order the network delivered in."""
        self.received: list[bytes] = []
        """Every accepted envelope's bytes, in the order they were accepted."""
        self.halted: RemoteProtocolError | None = None
        self.finished = False
        self.draw = 0
        """Draws completed."""
        self.actions = 0
        """Actions applied."""
        self._events: deque[Event] = deque()
        self._early: list[Envelope] = []
        self._values: dict[int, tuple[bytes, bytes]] = {}
        self._draw_started: int | None = None
        self._chains: list[HashChain] = []
        self._sent_reveal = 0
        self._announced_turn: int | None = None
        self._commitments: set[bytes] = set()

    # --- public API -------------------------------------------------------------------

    def propose(
        self,
        game: str,
        options: tuple[Any, ...],
        members: tuple[bytes, ...],
        names: tuple[str, ...],
        nonce: bytes,
    ) -> Table:
        """As the table's creator: send the ``table`` envelope (then this peer's commitment).

        Raises:
            LocalProtocolError: not a member, a table already exists, or a table the machine
                would refuse from another peer (members, names, nonce, unplayable game or
                options); nothing is then sent.
        """
        if self.identity is None or self.identity.public not in members:
            raise LocalProtocolError("the table's creator must be one of its members")
        if self.table is not None:
            raise LocalProtocolError("this machine already has a table")
        table = Table(game, tuple(options), tuple(members), tuple(names), nonce)
        queued = len(self._events)
        try:
            self._emit_own("table", table.game_id, table.body())
        except RemoteProtocolError as exc:
            if self.table is not None:
                raise  # the table stands; an early envelope halted the game
            while len(self._events) > queued:  # unsend the refused table
                self._events.pop()
            raise LocalProtocolError(f"invalid table: {exc.reason}") from None
        return table

    def receive(self, data: bytes) -> None:
        """Take one envelope's bytes from the network.

        Raises:
            RemoteProtocolError: the envelope is refused (``culprit`` set when a member is
                proven at fault; the game is then halted).
            LocalProtocolError: the game was already halted.
        """
        self._check_live()
        envelope = Envelope.decode(data)
        self._accept(envelope)

    def send(self, action: tuple[Any, ...]) -> None:
        """Play ``action`` for this peer's seat whose turn it is.

        Raises:
            LocalProtocolError: not this peer's turn, or the engine refuses the action (it is
                then not sent).
        """
        self._check_live()
        if self.engine is None or self.identity is None:
            raise LocalProtocolError("the game has not started")
        kind, seat = self.engine.due()
        me = self.members.get(self.identity.public)
        if kind != "turn" or me is None or me.seat != seat:
            raise LocalProtocolError("it is not this peer's turn")
        probe_hash = self.engine.state_hash()
        assert self.table is not None
        self._emit_own("action", self._game_id, (probe_hash, tuple(action)), local_action=True)

    def tick(self) -> None:
        """Check the reveal timeout against the clock.

        Raises:
            RemoteProtocolError: a draw waited longer than the timeout; ``culprit`` is the
                first member (in seat order) that withheld its reveal. The game is halted.
        """
        if self.halted or self.finished or self._draw_started is None:
            return
        if self._clock() - self._draw_started < self._timeout:
            return
        missing = [m for m in self._by_seat() if m.seat not in self._values]
        if missing:
            names = ", ".join(fingerprint(m.key) for m in missing)
            self._halt(
                RemoteProtocolError(
                    f"reveal for draw {self.draw + 1} withheld by {names}: the game is abandoned",
                    missing[0].key,
                )
            )

    def next_event(self) -> Event | _NeedData:
        """The next event, or :data:`NEED_DATA`."""
        return self._events.popleft() if self._events else NEED_DATA

    def seat_of(self, key: bytes) -> int | None:
        """The seat of member ``key``, if it is one."""
        member = self.members.get(key)
        return None if member is None else member.seat

    # --- acceptance ---------------------------------------------------------------------

    def _check_live(self) -> None:
        if self.halted is not None:
            raise LocalProtocolError(f"the game is halted: {self.halted.reason}")

    def _halt(self, error: RemoteProtocolError) -> None:
        self.halted = error
        raise error

    def _emit_own(
        self, type_: str, game_id: bytes, body: tuple[Any, ...], local_action: bool = False
    ) -> None:
        assert self.identity is not None
        me = self.members.get(self.identity.public)
        seq = me.next_seq if me else 0
        prev = me.last_hash if me else ZERO_HASH
        envelope = Envelope.seal(self.identity, type_, game_id, seq, prev, body)
        if local_action:
            # Refuse an illegal move before it leaves this peer.
            assert self.engine is not None and me is not None
            try:
                self._check_action(me, envelope)
            except RemoteProtocolError as exc:
                raise LocalProtocolError(str(exc)) from None
        self._events.append(Transmit(envelope.raw))
        self._accept(envelope)

    def _accept(self, env: Envelope) -> None:
        if self.table is None:
            if env.type == "table":
                self._accept_table(env)
                return
            if len(self._early) >= MAX_EARLY:
                raise RemoteProtocolError("too many envelopes before the table")
            self._early.append(env)
            return
        if env.game_id != self._game_id:
            raise RemoteProtocolError("envelope of another game")
        member = self.members.get(env.sender)
        if member is None:
            raise RemoteProtocolError(f"{fingerprint(env.sender)} is not a member of this table")
        if env.seq < member.next_seq:
            raise RemoteProtocolError(
                f"replayed envelope {env.seq} of {fingerprint(env.sender)} "
                f"(next is {member.next_seq})"
            )
        if env.seq > member.next_seq:
            raise RemoteProtocolError(
                f"gap in the sequence of {fingerprint(env.sender)}: expected {member.next_seq}, "
                f"got {env.seq}",
                env.sender,
            )
        if env.prev != member.last_hash:
            self._halt(
                RemoteProtocolError(
                    f"envelope {env.seq} of {fingerprint(env.sender)} does not follow its previous "
                    "one (two histories signed)",
                    env.sender,
                )
            )
        member.next_seq += 1
        member.last_hash = env.hash
        self.received.append(env.raw)
        member.queue.append(env)
        self._pump()

    def _accept_table(self, env: Envelope) -> None:
        body = env.body
        if len(body) != 5:
            raise RemoteProtocolError("a table body is [game, options, members, names, nonce]")
        game, options, members, names, nonce = body
        if not isinstance(game, str) or not isinstance(options, tuple):
            raise RemoteProtocolError("a table names its game (text) and options (array)")
        if not isinstance(members, tuple) or not 2 <= len(members) <= MAX_SEATS:
            raise RemoteProtocolError(f"a table has 2 to {MAX_SEATS} members")
        if any(not isinstance(k, bytes) or len(k) != 32 for k in members) or len(
            set(members)
        ) != len(members):
            raise RemoteProtocolError("members are distinct 32-byte public keys")
        if (
            not isinstance(names, tuple)
            or len(names) != len(members)
            or any(not isinstance(n, str) or len(n) > 40 for n in names)
        ):
            raise RemoteProtocolError("a table gives each member a name of at most 40 characters")
        if not isinstance(nonce, bytes) or not 16 <= len(nonce) <= 64:
            raise RemoteProtocolError("a table nonce is 16 to 64 bytes")
        table = Table(game, options, members, names, nonce)
        if env.game_id != table.game_id:
            raise RemoteProtocolError("the table's game id is not the hash of its body")
        if env.sender not in members or env.seq != 0 or env.prev != ZERO_HASH:
            raise RemoteProtocolError("a table comes first from one of its members")
        try:
            engine = self._engines(game, options, len(members))
        except ValueError as exc:
            raise RemoteProtocolError(f"unplayable table: {exc}", env.sender) from None
        self.table = table
        self._game_id = env.game_id
        self.engine = engine
        self.members = {k: _Member(k, seat) for seat, k in enumerate(members)}
        creator = self.members[env.sender]
        creator.next_seq = 1
        creator.last_hash = env.hash
        self.record.append(env.raw)
        self.received.append(env.raw)
        early, self._early = self._early, []
        if self.identity is not None and self.identity.public in self.members:
            self._commit_own()
        for other in early:
            try:
                self._accept(other)
            except RemoteProtocolError:
                if self.halted:
                    raise

    def _commit_own(self) -> None:
        if self._seed is None:
            raise LocalProtocolError("a member needs a beacon seed")
        chain = HashChain(self._seed, self._chain_length)
        self._chains.append(chain)
        assert self.table is not None
        self._emit_own("commit", self._game_id, (chain.commitment, chain.length))

    # --- processing ---------------------------------------------------------------------

    def _by_seat(self) -> list[_Member]:
        return sorted(self.members.values(), key=lambda m: m.seat)

    def _pump(self) -> None:
        """Apply every queued envelope that can be applied now, in the game's order."""
        while self._step():
            pass

    def _step(self) -> bool:
        members = self._by_seat()
        started = all(m.segments for m in members)
        for m in members:  # recommits apply at the head of a queue, between draws of their sender
            if started and m.queue and m.queue[0].type == "recommit" and m.seat not in self._values:
                self._apply_recommit(m, m.queue.popleft())
                return True
        if not started:
            progressed = False
            for m in members:
                if not m.segments and m.queue:
                    self._apply_commit(m, m.queue.popleft())
                    progressed = True
            if all(m.segments for m in members) and self.table is not None:
                for m in members:
                    self.record.extend(m.unrecorded)
                    m.unrecorded.clear()
                self._events.append(GameStarted(self.table))
            return progressed
        assert self.engine is not None
        for m in members:
            if m.queue and m.queue[0].type in ("table", "commit"):
                self._halt(RemoteProtocolError(f"{m.queue[0].type} sent during the game", m.key))
        if self.finished:
            for m in members:
                if m.queue:
                    self._halt(RemoteProtocolError("envelope after the end of the game", m.key))
            return False
        kind, arg = self.engine.due()
        if kind == "over":
            self.finished = True
            self._draw_started = None
            self._events.append(GameOver(arg))
            return True
        if kind == "chance":
            return self._step_draw(members, arg)
        if kind == "turn":
            return self._step_turn(members, arg)
        raise LocalProtocolError(f"the engine is due {kind!r}, which this protocol cannot serve")

    def _step_draw(self, members: list[_Member], weights: tuple[int, ...]) -> bool:
        draw = self.draw + 1
        if self._draw_started is None:
            self._draw_started = self._clock()
        if (
            self._sent_reveal < draw
            and self.identity is not None
            and self.identity.public in self.members
        ):
            self._reveal_own(draw)
            return True
        progressed = False
        for m in members:
            if m.seat in self._values or not m.queue or m.queue[0].type != "reveal":
                continue
            env = m.queue[0]
            if (
                len(env.body) != 2
                or not isinstance(env.body[0], int)
                or not isinstance(env.body[1], bytes)
            ):
                self._halt(RemoteProtocolError("a reveal body is [draw, value]", m.key))
            d, value = env.body
            if d < draw:
                self._halt(RemoteProtocolError(f"reveal for past draw {d}", m.key))
            if d > draw:
                continue  # early: waits for its draw
            segment = next((s for s in m.segments if s.first <= d <= s.last), None)
            if segment is None:
                self._halt(RemoteProtocolError(f"no committed chain covers draw {d}", m.key))
            assert segment is not None
            if not segment.accepts(d, value):
                self._halt(
                    RemoteProtocolError(
                        f"reveal for draw {d} does not hash to the previous value of the chain",
                        m.key,
                    )
                )
            segment.advance(value)
            m.queue.popleft()
            self._values[m.seat] = (value, env.raw)
            progressed = True
        if len(self._values) == len(members):
            assert self.table is not None and self.engine is not None
            data = draw_bytes(self._game_id, draw, [self._values[m.seat][0] for m in members])
            for m in members:
                self.record.extend(m.unrecorded)
                m.unrecorded.clear()
                self.record.append(self._values[m.seat][1])
            index = outcome_index(data, weights)
            self.engine.apply_outcome(index)
            self.draw = draw
            self._values = {}
            self._draw_started = None
            self._events.append(Drawn(draw, index))
            return True
        return progressed

    def _step_turn(self, members: list[_Member], seat: int) -> bool:
        actor = members[seat]
        mine = self.identity is not None and actor.key == self.identity.public
        if mine and self._announced_turn != self.actions:
            self._announced_turn = self.actions
            self._events.append(YourTurn(seat))
        if not actor.queue or actor.queue[0].type != "action":
            return False
        env = actor.queue.popleft()
        self._check_action(actor, env)
        assert self.engine is not None
        action = env.body[1]
        self.engine.apply_action(seat, action)
        self.record.append(env.raw)
        self.actions += 1
        self._events.append(Applied(seat, action))
        return True

    def _check_action(self, actor: _Member, env: Envelope) -> None:
        """Body shape, state hash, legality — without changing the engine."""
        assert self.engine is not None
        body = env.body
        if len(body) != 2 or not isinstance(body[0], bytes) or not isinstance(body[1], tuple):
            self._halt_or_raise(
                RemoteProtocolError("an action body is [state hash, action]", actor.key)
            )
        if body[0] != self.engine.state_hash():
            self._halt_or_raise(
                RemoteProtocolError(
                    f"state-hash mismatch: {fingerprint(actor.key)} (seat {actor.seat}) played "
                    "on a state this peer does not have (desync)",
                    actor.key,
                )
            )
        try:
            self.engine.check_action(actor.seat, body[1])
        except ValueError as exc:
            self._halt_or_raise(
                RemoteProtocolError(f"illegal action by seat {actor.seat}: {exc}", actor.key)
            )

    def _halt_or_raise(self, error: RemoteProtocolError) -> None:
        if self.identity is not None and error.culprit == self.identity.public:
            raise error  # our own move, refused before sending: nothing is halted
        self._halt(error)

    def _apply_commit(self, m: _Member, env: Envelope) -> None:
        if env.type != "commit":
            self._halt(RemoteProtocolError(f"expected a commitment, got {env.type}", m.key))
        body = env.body
        if len(body) != 2 or not isinstance(body[0], bytes) or len(body[0]) != 32:
            self._halt(RemoteProtocolError("a commit body is [32-byte commitment, length]", m.key))
        anchor, length = body
        if not isinstance(length, int) or isinstance(length, bool) or not 1 <= length <= MAX_LENGTH:
            self._halt(RemoteProtocolError(f"a chain has 1 to {MAX_LENGTH} values", m.key))
        if anchor in self._commitments:
            self._halt(RemoteProtocolError("duplicate beacon commitment", m.key))
        self._commitments.add(anchor)
        m.segments.append(Segment(1, length, anchor))
        m.unrecorded.append(env.raw)

    def _apply_recommit(self, m: _Member, env: Envelope) -> None:
        body = env.body
        if len(body) != 3 or not all(
            isinstance(x, t) for x, t in zip(body, (int, bytes, int), strict=True)
        ):
            self._halt(
                RemoteProtocolError("a recommit body is [first draw, commitment, length]", m.key)
            )
        first, anchor, length = body
        if not m.segments:
            self._halt(RemoteProtocolError("recommit before the first commitment", m.key))
        if first != m.segments[-1].last + 1 or len(m.segments) > 2:
            self._halt(
                RemoteProtocolError(f"recommit must start at draw {m.segments[-1].last + 1}", m.key)
            )
        if len(anchor) != 32 or not 1 <= length <= MAX_LENGTH or anchor in self._commitments:
            self._halt(RemoteProtocolError("invalid or duplicate recommitment", m.key))
        self._commitments.add(anchor)
        m.segments.append(Segment(first, length, anchor))
        m.unrecorded.append(env.raw)
        while len(m.segments) > 1 and m.segments[0].last < self.draw + 1:
            m.segments.pop(0)

    def _reveal_own(self, draw: int) -> None:
        assert self.table is not None and self._seed is not None
        # Set first: emitting the recommit below pumps the machine again, which must not
        # come back here and reveal this draw a second time.
        self._sent_reveal = draw
        chain = self._chains[-1]
        if draw + RECOMMIT_MARGIN > chain.last:
            # The next segment's seed derives from the secret seed; revealed values (hashes of
            # the seed under another tag) say nothing about it.
            seed = hashlib.sha256(
                NEXT_SEED_TAG + self._seed + chain.last.to_bytes(8, "big")
            ).digest()
            fresh = HashChain(seed, self._chain_length, chain.last + 1)
            self._chains.append(fresh)
            self._emit_own(
                "recommit", self._game_id, (fresh.first, fresh.commitment, fresh.length)
            )
        own = next(c for c in self._chains if c.first <= draw <= c.last)
        self._emit_own("reveal", self._game_id, (draw, own.value_for(draw)))

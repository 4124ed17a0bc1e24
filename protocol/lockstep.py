"""The lockstep machine: sans-IO, one per peer, protocol version 2.

Bytes in with :meth:`Lockstep.receive`, local moves with :meth:`Lockstep.send`, the passing of
time with :meth:`Lockstep.tick`; what happened comes out of :meth:`Lockstep.next_event`
(:mod:`.events`), including the envelopes this peer must broadcast. Clock, keys and entropy are
injected; nothing here touches a socket, a file or the system clock.

A game: one ``table`` (its creator's first envelope), one ``commit`` per member, then — in the
order the engine asks — one ``reveal`` per member per draw and one ``action`` per turn; an
``adjudicate`` from any member ends it abandoned. Envelopes are taken in any order:
:class:`~.history.History` puts each member's chain in sequence, and the machine applies the
heads of the members' queues by the rules (:data:`TRANSITIONS`, one table for every phase).
Claims (inputs no turn asks for, :meth:`Lockstep.claim`) ride inside their sender's next
reveal and apply at that draw, in seat order (:mod:`.draws`). A game with cards is dealt by the
mental-poker deck (:mod:`.dealing`, a table with ``shadows``): the deal right after the
commitments, the shares of every card the engine reveals, the audits at its end — or, on a
table without ``shadows`` (tests and offline play), by an injected trusted dealer, without any
envelope. The processing half of the machine is :class:`~.steps.Steps`.

Blame only with proof. A member is named (``RemoteProtocolError.culprit``, and the game halts)
only on what it signed: a malformed body, a reveal that does not hash or breaks the beacon's
rules, an illegal action, a state hash that differs while the history digests agree, or two
histories (:class:`~.history.Equivocation`, whose two envelopes the halted record keeps). A
drop, delay, reorder, replay or gap — anything a relay could cause — names nobody: the machine
waits and :meth:`Lockstep.waiting` says for what. After the table's abandonment time without
progress a member signs an adjudication; the first one applied ends the game abandoned.

Invariants: the engine only ever sees inputs in the rules' order; ``record`` is the same for
every peer that saw the same envelopes, whatever the delivery order; this peer never signs two
envelopes with one sequence number (restored envelopes are reused, never re-made), nor a reveal
or a deck message its seeds do not give (a damaged journal: a local error).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any

from . import events as ev
from .beacon import DEFAULT_LENGTH, MIN_LENGTH, check_length
from .dealing import Dealing
from .deck import Deal, DeckFault
from .draws import Draws
from .envelope import DECK_TYPES, ZERO_HASH, Envelope, Seen
from .errors import LocalProtocolError, RemoteProtocolError
from .events import NEED_DATA
from .history import Equivocation, History
from .identity import Identity, fingerprint
from .messages import (
    DEFAULT_SHADOWS,
    Action,
    Adjudicate,
    MessageError,
    Table,
    Turn,
)
from .phases import TRANSITIONS, Dealer, Engine, EngineFactory, Member, Phase
from .rounds import BeaconRounds
from .steps import Steps
from .waiting import waiting_of

__all__ = ["NEED_DATA", "TRANSITIONS", "Engine", "EngineFactory", "Lockstep", "Phase", "Table"]

MAX_EARLY = 256
"""Most envelopes held before the table is known."""
MAX_QUEUE = 4096
"""Most accepted envelopes of one member waiting for the rules to reach them."""


class Lockstep(Steps):
    """One peer's view of one game.

    Args:
        identity: this peer's key, or ``None`` for a spectator (verifies, never sends).
        engines: builds the engine once the table is known.
        clock: monotonic milliseconds (integers), for the abandonment time only.
        entropy: ``entropy(32)`` gives fresh secret bytes for a new beacon chain (a member
            needs it unless ``seeds`` already holds every seed it will use).
        seeds: seeds this peer already drew for this game (from its journal), chain 0 first.
        chain_length: draws per own beacon chain.
        dealer: serves the card reveals the engine asks for on a table without ``shadows``
            (see :class:`~.phases.Dealer`); without one, such a table is refused.
        deck_seed: this peer's deck seed for this game (from its journal), if it drew one.
        deck_proofs: check the shuffle answers' shadows and the lock proofs of a deal. A record
            verifier may pass False when the record holds every audit (which recomputes the
            deal, docs/deck.md §11).

    Raises:
        LocalProtocolError: a chain length outside the protocol's limits.
    """

    def __init__(
        self,
        identity: Identity | None,
        engines: EngineFactory,
        *,
        clock: Callable[[], int] = lambda: 0,
        entropy: Callable[[int], bytes] | None = None,
        seeds: Iterable[bytes] = (),
        chain_length: int = DEFAULT_LENGTH,
        dealer: Dealer | None = None,
        deck_seed: bytes | None = None,
        deck_proofs: bool = True,
    ) -> None:
        if not check_length(chain_length):
            raise LocalProtocolError(f"a chain covers at least {MIN_LENGTH} draws")
        self.identity = identity
        self._engines = engines
        self._clock = clock
        self._entropy = entropy
        self._seeds = list(seeds)
        self._chain_length = chain_length
        self._dealer = dealer
        self._deck_seed = deck_seed
        self._deck_proofs = deck_proofs
        self.phase = Phase.TABLE
        self.table_guard: Callable[[Table], None] | None = None
        """Called with a valid table listing this peer before the machine takes it (and before
        it signs anything in it); what it raises refuses the table and goes to the caller."""
        self.table: Table | None = None
        self.game_id = b""
        """The table's game id (empty before the table)."""
        self.engine: Engine | None = None
        self.history: History | None = None
        self.members: dict[bytes, Member] = {}
        self._seated: list[Member] = []  # the same members in seat order
        self.record: list[bytes] = []
        """The game's record (docs/protocol.md §6.1): the table; the commitments in seat order;
        per draw the reveals in seat order; each action when applied; if abandoned, what was
        taken but unrecorded, then the adjudication. The same for peers that saw the same."""
        self.proof: list[bytes] = []
        """After a halt: the envelopes beyond ``record`` that prove the fault."""
        self.received: list[bytes] = []
        """Every accepted envelope's bytes, in the order they were accepted."""
        self.halted: RemoteProtocolError | None = None
        self.draw = 0
        """Draws completed."""
        self.actions = 0
        """Actions applied."""
        self.abandoned: ev.GameAbandoned | None = None
        self._events: deque[ev.MachineEvent] = deque()
        self._early: list[Envelope] = []
        self._restored: dict[int, Envelope] = {}
        self.beacon: BeaconRounds | None = None
        self.draws: Draws | None = None
        self.dealing: Dealing | None = None
        """The game's deck (a table with ``shadows``), else None."""
        self._revealed = 0
        self._committed = False
        self._adjudicated = False
        self._closed = False
        self._closes: set[int] = set()
        self._announced: int | None = None
        self._checked: tuple[bytes, int] | None = None
        """The hash of the action :meth:`send` judged, and the steps applied then."""
        self._progress_at = 0
        self.claimer: Callable[[], Iterable[tuple[Any, ...]]] | None = None
        """This member's claims for a draw, asked just before it signs its reveal of a draw of
        the game (not a challenge draw, not a reveal given back from its journal), on the state
        of that draw: each is queued as by :meth:`claim`, one the rules refuse dropped
        (:class:`~.events.ClaimDropped`). The reveal of a draw is signed as soon as the draw is
        due, so a claim whose only moment is that draw can be made only here."""

    # --- public API -------------------------------------------------------------------

    @property
    def finished(self) -> bool:
        """The engine reached its end (a result exists)."""
        return self.phase is Phase.OVER

    @property
    def settled(self) -> bool:
        """Over, and every member's ``close`` is in: nobody saw another last move."""
        return self.phase is Phase.OVER and len(self._closes) == len(self.members)

    def propose(
        self,
        game: str,
        options: tuple[Any, ...],
        members: tuple[bytes, ...],
        names: tuple[str, ...],
        nonce: bytes,
        abandon_after: int | None = None,
        shadows: int | None = None,
    ) -> Table:
        """As the table's creator: send the ``table`` envelope, then this peer's commitment.
        A game with cards gets ``shadows`` (default :data:`~.messages.DEFAULT_SHADOWS`) unless
        this machine has a trusted dealer.

        Raises:
            LocalProtocolError: not a member, a table already exists, or a table the machine
                would refuse from another peer; nothing is then sent.
        """
        if self.identity is None or self.identity.public not in members:
            raise LocalProtocolError("the table's creator must be one of its members")
        if self.table is not None:
            raise LocalProtocolError("this machine already has a table")
        try:
            engine = self._engines(game, tuple(options), len(members))
            if shadows is None and engine.decks() and self._dealer is None:
                shadows = DEFAULT_SHADOWS
            extra: dict[str, Any] = {"shadows": shadows}
            if abandon_after is not None:
                extra["abandon_after"] = abandon_after
            table = Table(game, tuple(options), tuple(members), tuple(names), nonce, **extra)
            self._deal_of(table, engine)
        except (ValueError, RemoteProtocolError) as exc:
            raise LocalProtocolError(f"invalid table: {exc}") from None
        self._emit("table", table.body(), table.game_id)
        self._pump()
        return table

    def restore(self, own: Iterable[bytes]) -> None:
        """Give back the envelopes this peer signed before a restart (its journal), oldest
        first: they are reused, never signed anew.

        Raises:
            LocalProtocolError: one is not a valid envelope of this peer, or the machine has
                taken envelopes already (it could have signed anew what it is given back).
        """
        assert self.identity is not None, "a spectator signs nothing"
        if self.received or self._early:
            raise LocalProtocolError("restore own envelopes before taking any other")
        for data in own:
            try:
                env = Envelope.decode(data)
            except RemoteProtocolError as exc:
                raise LocalProtocolError(f"a journalled envelope is invalid: {exc}") from None
            if env.sender != self.identity.public:
                raise LocalProtocolError("a journalled envelope of another key")
            self._restored[env.seq] = env
        table = self._restored.get(0)
        if table is not None and table.type == "table" and self.table is None:
            self._events.append(ev.Transmit(table.raw))  # it may never have left
            self._accept(table)
        self._absorb_restored()
        self._pump()

    def receive(self, data: bytes) -> None:
        """Take one envelope's bytes from the network.

        Raises:
            RemoteProtocolError: the envelope is refused; ``culprit`` is set only when a member
                is proven at fault, and the game is then halted (drain the events first: they
                hold the evidence to forward).
            LocalProtocolError: the game had already ended.
        """
        if self.phase in (Phase.ABANDONED, Phase.HALTED):
            raise LocalProtocolError(f"the game has ended ({self.phase.value})")
        env = Envelope.decode(data)
        if self.phase is Phase.OVER and env.sender not in self.members:
            raise LocalProtocolError("the game has ended (over)")
        self._accept(env)  # once over: still taken, for the closes' digests and any proof
        self._pump()

    def send(self, action: tuple[Any, ...]) -> None:
        """Play ``action`` for this peer's seat whose turn it is.

        Raises:
            LocalProtocolError: the game is not running, not this peer's turn, or the engine
                refuses the action (it is then not sent).
        """
        if self.phase is not Phase.PLAY or self.engine is None or self.identity is None:
            raise LocalProtocolError(f"no move can be sent now ({self.phase.value})")
        me = self.members.get(self.identity.public)
        due = self.engine.due()
        if me is None or not isinstance(due, Turn) or due.seat != me.seat:
            raise LocalProtocolError("it is not this peer's turn")
        if me.queue:
            raise LocalProtocolError("this peer's move for this turn is already sent")
        try:
            self.engine.check_action(me.seat, tuple(action))
        except ValueError as exc:
            raise LocalProtocolError(str(exc)) from None
        body = Action(self.engine.state_hash(), tuple(action)).body()
        env = self._emit("action", body)
        if env.body == body:  # not a journalled envelope of another move: judged just now
            self._checked = (env.hash, self.steps)
        self._pump()

    def claim(self, claim: tuple[Any, ...]) -> None:
        """Queue a claim of this peer's seat for its next reveal (see :mod:`.draws`).

        Raises:
            LocalProtocolError: the game is not running, this peer is a spectator, the claim is
                already pending, or the engine refuses it now (nothing is queued).
        """
        if self.phase is not Phase.PLAY or self.draws is None:
            raise LocalProtocolError(f"no claim can be made now ({self.phase.value})")
        self.draws.queue(tuple(claim))

    @property
    def pending_claims(self) -> tuple[tuple[Any, ...], ...]:
        """This peer's claims not applied yet (sent in its reveal of the draw in progress, or
        queued)."""
        return () if self.draws is None else self.draws.pending

    def tick(self) -> None:
        """Let time pass: past the table's abandonment time without progress, a member signs
        an adjudication (once) and the game ends abandoned."""
        me = self.identity.public if self.identity is not None else None
        if self.table is None or self.ended or self._adjudicated or me not in self.members:
            return
        if self._clock() - self._progress_at < self.table.abandon_after * 1000:
            return
        self._emit("adjudicate", Adjudicate(self.steps).body())
        self._pump()

    def next_event(self) -> ev.MachineEvent | ev.NeedData:
        """The next event, or :data:`NEED_DATA`."""
        return self._events.popleft() if self._events else NEED_DATA

    def seat_of(self, key: bytes) -> int | None:
        """The seat of member ``key``, if it is one."""
        member = self.members.get(key)
        return None if member is None else member.seat

    def full_record(self) -> list[bytes]:
        """Everything this peer holds of the game, enough for anyone to reach where it stands:
        ``record``, then every accepted envelope not applied, then the rest of the proof of a
        halt. An abandoned game's is its ``record``, which ends with the adjudication: what
        came after nobody can apply."""
        if self.abandoned is not None:
            return list(self.record)
        recorded, received = set(self.record), set(self.received)  # record ⊆ received
        extra = [d for d in self.received if d not in recorded]
        return self.record + extra + [d for d in self.proof if d not in received]

    def waiting(self) -> ev.Waiting | None:
        """What the game waits for now (``None`` once it has ended): see :mod:`.waiting`."""
        return waiting_of(self)

    # --- acceptance ---------------------------------------------------------------------

    def _emit(self, type_: str, body: tuple[Any, ...], game_id: bytes = b"") -> Envelope:
        """Sign (or reuse a restored envelope for) this peer's next envelope, accept it and
        return it."""
        assert self.identity is not None
        me = self.members.get(self.identity.public)
        seen: Seen = ()
        if me is None or self.history is None:
            seq, prev = 0, ZERO_HASH
        else:
            seq = self.history.count(me.seat)
            prev = self.history.envelope(me.seat, seq - 1).hash if seq else ZERO_HASH
            seen = self.history.seen()
        env = self._restored.pop(seq, None)
        if env is None:
            env = Envelope.seal(
                self.identity, type_, game_id or self.game_id, seq, prev, body, seen
            )
        self._events.append(ev.Transmit(env.raw))
        self._accept(env)
        return env

    def _absorb_restored(self) -> None:
        if self.history is None or self.identity is None:
            return
        seat = self.history.seat(self.identity.public)
        while self.history.count(seat) in self._restored:
            env = self._restored.pop(self.history.count(seat))
            self._events.append(ev.Transmit(env.raw))
            self._accept(env)

    def _accept(self, env: Envelope) -> None:
        if self.phase is Phase.TABLE:
            if env.type == "table":
                self._accept_table(env)
            elif len(self._early) >= MAX_EARLY:
                raise RemoteProtocolError("too many envelopes before the table")
            else:
                self._early.append(env)
            return
        assert self.history is not None
        if env.game_id != self.game_id:
            raise RemoteProtocolError("an envelope of another game")
        if env.sender not in self.members:
            raise RemoteProtocolError(f"{fingerprint(env.sender)} is not a member of this table")
        if len(self.members[env.sender].queue) >= MAX_QUEUE:
            raise RemoteProtocolError(f"too many envelopes of {fingerprint(env.sender)} waiting")
        try:
            accepted = self.history.accept(env)
        except Equivocation as exc:
            self.proof = [d for d in exc.proof if d not in self.received]
            for data in exc.proof:
                self._events.append(ev.Forward(data))
            self._halt(exc)
        except RemoteProtocolError as exc:
            if exc.culprit is not None:
                self.proof = [env.raw]
                self._halt(exc)
            raise
        for item in accepted:
            self.received.append(item.raw)
            try:
                forward = self.history.check_seen(item)
            except RemoteProtocolError as exc:
                self._halt(exc)
            for data in forward + self.history.pending_forward:
                self._events.append(ev.Forward(data))
            self.history.pending_forward.clear()
            member = self.members[item.sender]
            member.queue.append(item)
            if item.type == "close":
                self._closes.add(member.seat)
            if self.identity is not None and item.sender == self.identity.public:
                self._note_own(item)

    def _note_own(self, env: Envelope) -> None:
        if env.type in DECK_TYPES and self.dealing is not None:
            self.dealing.note_own(env)
        elif env.type == "commit":
            self._committed = True
        elif env.type == "adjudicate":
            self._adjudicated = True
        elif env.type == "close":
            self._closed = True
        elif env.type == "reveal" and env.body and isinstance(env.body[0], int):
            self._revealed = max(self._revealed, env.body[0])

    def _accept_table(self, env: Envelope) -> None:
        try:
            table = Table.from_body(env.body)
        except MessageError as exc:
            raise RemoteProtocolError(f"invalid table: {exc}") from None
        if env.game_id != table.game_id:
            raise RemoteProtocolError("the table's game id is not the hash of its body")
        if env.sender not in table.members or env.seq != 0 or env.seen:
            raise RemoteProtocolError("a table is the first envelope of one of its members")
        if self.identity is not None and self.identity.public not in table.members:
            raise RemoteProtocolError("the table does not list this player")
        if self.table_guard is not None:
            self.table_guard(table)
        try:
            engine = self._engines(table.game, table.options, len(table.members))
        except ValueError as exc:
            raise RemoteProtocolError(f"unplayable table: {exc}") from None
        deal = self._deal_of(table, engine)
        self.table, self.game_id, self.engine = table, table.game_id, engine
        self.history = History(table.members)
        me = self.identity.public if self.identity is not None else None
        self.beacon = BeaconRounds(
            table.game_id,
            table.members,
            me,
            seeds=self._seeds,
            entropy=self._entropy,
            chain_length=self._chain_length,
            on_secret=self._events.append,
        )
        self.draws = Draws(self.beacon, engine, self._events)
        if deal is not None:
            self.dealing = Dealing(
                deal,
                identity=None if self.identity is None else self.identity.private_bytes(),
                seed=self._deck_seed,
                entropy=self._entropy,
                events=self._events,
                emit=self._emit,
                fault=self._fault,
                record=self.record,
            )
        self._seated = [Member(k, seat) for seat, k in enumerate(table.members)]
        self.members = {m.key: m for m in self._seated}
        self.phase = Phase.COMMITS
        self._progress_at = self._clock()
        self.history.accept(env)
        self.received.append(env.raw)
        self.record.append(env.raw)
        early, self._early = self._early, []
        self._absorb_restored()
        if self.identity is not None and not self._committed:
            self._emit("commit", self.beacon.own_commit().body())
        if self.identity is not None and self.dealing is not None:
            self.dealing.send_key()  # its next envelope after the commit
        for other in early:
            try:
                self._accept(other)
            except RemoteProtocolError:
                if self.halted:
                    raise

    def _deal_of(self, table: Table, engine: Engine) -> Deal | None:
        """The deal of ``table``'s game (None: no cards, or a trusted dealer serves them).

        Raises:
            RemoteProtocolError: (nobody named) ``shadows`` on a table of a game without cards,
                or missing from one with cards while this machine has no dealer; a member key
                that cannot take part in a deal.
        """
        decks = engine.decks()
        if table.shadows is None:
            if decks and self._dealer is None:
                raise RemoteProtocolError(
                    "unplayable table: a game with cards names its shuffle proofs (shadows) "
                    "unless a trusted dealer serves them, and this peer has none: it cannot "
                    "deal without a dealer"
                )
            return None
        if not decks:
            raise RemoteProtocolError("unplayable table: shadows for a game without cards")
        me = None if self.identity is None else table.members.index(self.identity.public)
        try:
            return Deal(
                table.game_id, table.members, decks, table.shadows, me=me, proofs=self._deck_proofs
            )
        except DeckFault as exc:
            raise RemoteProtocolError(f"unplayable table: {exc.reason}") from None
        except LocalProtocolError as exc:
            raise RemoteProtocolError(f"unplayable table: {exc}") from None

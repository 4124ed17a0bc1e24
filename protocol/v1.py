"""The version-1 protocol, kept only to verify records made before version 2.

Version 1's beacon let a member steer the dice (a recommitment counted even when it came after
the others' reveals of a draw; a chain could have one value): a version-1 record proves who
signed what and that every move was legal, never that its dice were fair. This module replays
one as the version-1 machine did (docs/protocol.md keeps that specification as an appendix),
sharing only the codec, identities and hash stream with the current protocol; it never signs.

A record is in version 1's canonical order, so one pass in file order suffices: the ``table``;
one ``commit`` per member in seat order; then, as the engine asks, per draw ``d`` and in seat
order each member's ``recommit`` s and its ``reveal`` for ``d``, per turn that seat's
``action``; nothing after the end. Every envelope must be its sender's next (``seq``, ``prev``)
and carry the table's game id. Chains step back by ``H(b"goldnet/beacon/chain/v1" || x)``; draw
``d``'s bytes are ``H(b"goldnet/beacon/draw/v1" || game_id || u64(d) || values in seat order)``,
its outcome :meth:`protocol.sampling.HashStream.weighted` over the engine's weights.

Errors: a :class:`~protocol.errors.RemoteProtocolError` whose ``index`` is the 0-based position
of the envelope at fault (``None``: no table at all, or the record stops early) and ``culprit``
the signer when its envelope breaks a rule. Unlike the version-1 machine, a boolean is never
taken for a draw number or a chain length (goldnet never wrote one).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn, Protocol

from .codec import pack, unpack
from .errors import RemoteProtocolError
from .identity import PUBLIC_KEY_SIZE, SIGNATURE_SIZE, fingerprint, verify
from .sampling import HashStream

VERSION = 1
TYPES = ("table", "commit", "reveal", "recommit", "action")
MAX_ENVELOPE_SIZE = 64 * 1024
SIGNING_TAG = b"goldnet/envelope/v1"
TABLE_TAG = "goldnet/table/v1"
CHAIN_TAG = b"goldnet/beacon/chain/v1"
DRAW_TAG = b"goldnet/beacon/draw/v1"
MAX_LENGTH = 1 << 16
"""Most values in one chain segment."""
MAX_SEATS = 6
ZERO_HASH = bytes(32)


class Engine(Protocol):
    """What the replay needs of a rules engine (``goldnet.binding.EngineBinding`` is one):
    ``due()`` gives ``("turn", seat)``, ``("chance", integer weights)`` or ``("over", result)``;
    ``check_action`` raises ``ValueError`` saying why ``seat`` may not play ``action`` now;
    ``state_hash()`` is the public state hash (32 bytes)."""

    def due(self) -> tuple[str, Any]: ...
    def check_action(self, seat: int, action: tuple[Any, ...]) -> None: ...
    def apply_action(self, seat: int, action: tuple[Any, ...]) -> None: ...
    def apply_outcome(self, index: int) -> None: ...
    def state_hash(self) -> bytes: ...


EngineFactory = Callable[[str, tuple[Any, ...], int], Engine]
"""``(game, options, seats) -> Engine``; raises ``ValueError`` for a game it cannot play."""


@dataclass(frozen=True, slots=True)
class Envelope:
    """A decoded, signature-checked version-1 envelope; ``hash`` is SHA-256 of its bytes."""

    type: str
    game_id: bytes
    sender: bytes
    seq: int
    prev: bytes
    body: tuple[Any, ...]
    hash: bytes


def decode(data: bytes) -> Envelope:
    """Decode one version-1 envelope ``[1, type, game_id, sender, seq, prev, body,
    signature]``: canonical msgpack of at most 64 KiB, field types, the Ed25519 signature over
    ``b"goldnet/envelope/v1" || pack(the first seven fields)``.

    Raises:
        RemoteProtocolError: malformed, another version, or a bad signature (names nobody).
    """
    value = unpack(data, MAX_ENVELOPE_SIZE)
    if not isinstance(value, tuple) or len(value) != 8:
        raise RemoteProtocolError("an envelope is an array of 8 fields")
    version, type_, game_id, sender, seq, prev, body, signature = value
    if version != VERSION or isinstance(version, bool):
        raise RemoteProtocolError(f"protocol version {version!r} in a version-1 record")
    if type_ not in TYPES:
        raise RemoteProtocolError(f"unknown envelope type {type_!r}")
    for name, item, size in (
        ("game id", game_id, 32),
        ("sender", sender, PUBLIC_KEY_SIZE),
        ("previous hash", prev, 32),
        ("signature", signature, SIGNATURE_SIZE),
    ):
        if not isinstance(item, bytes) or len(item) != size:
            raise RemoteProtocolError(f"the {name} must be {size} bytes")
    if not _count(seq, 0):
        raise RemoteProtocolError("the sequence number must be a non-negative integer")
    if not isinstance(body, tuple):
        raise RemoteProtocolError("the body must be an array")
    if not verify(sender, signature, SIGNING_TAG + pack(value[:7])):
        raise RemoteProtocolError("bad signature")
    return Envelope(type_, game_id, sender, seq, prev, body, hashlib.sha256(data).digest())


def _count(value: Any, low: int, high: int = 1 << 64) -> bool:
    """Whether ``value`` is an integer (not a boolean) in ``low .. high``."""
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


@dataclass(frozen=True, slots=True)
class Table:
    """A version-1 table: game, options, members (public keys) in seat order, names, nonce."""

    game: str
    options: tuple[Any, ...]
    members: tuple[bytes, ...]
    names: tuple[str, ...]
    nonce: bytes

    @property
    def game_id(self) -> bytes:
        """``H(pack(["goldnet/table/v1", game, options, members, names, nonce]))``."""
        fields = [TABLE_TAG, self.game, self.options, self.members, self.names, self.nonce]
        return hashlib.sha256(pack(fields)).digest()


def _table(body: tuple[Any, ...]) -> Table | None:
    """The table a ``table`` body describes, or ``None`` when it is malformed."""
    if len(body) != 5:
        return None
    game, options, members, names, nonce = body
    valid = (
        isinstance(game, str)
        and isinstance(options, tuple)
        and isinstance(members, tuple)
        and 2 <= len(members) <= MAX_SEATS
        and all(isinstance(k, bytes) and len(k) == PUBLIC_KEY_SIZE for k in members)
        and len(set(members)) == len(members)
        and isinstance(names, tuple)
        and len(names) == len(members)
        and all(isinstance(n, str) and len(n) <= 40 for n in names)
        and isinstance(nonce, bytes)
        and 16 <= len(nonce) <= 64
    )
    return Table(game, options, members, names, nonce) if valid else None


@dataclass(frozen=True, slots=True)
class Game:
    """A verified version-1 record: its table, the engine's end ``result`` (what ``due()``
    gave with ``"over"``), every draw's outcome index in order, and the counts."""

    table: Table
    result: Any
    outcomes: tuple[int, ...]
    actions: int
    envelopes: int


@dataclass(slots=True)
class _Segment:
    first: int
    length: int
    anchor: bytes
    """The last verified value: the commitment, then each reveal."""
    position: int = 0


@dataclass(slots=True)
class _Member:
    key: bytes
    seat: int
    next_seq: int = 0
    last_hash: bytes = ZERO_HASH
    segments: list[_Segment] = field(default_factory=list)


def verify_record(envelopes: Sequence[bytes], engines: EngineFactory) -> Game:
    """Replay a version-1 record completely, in its canonical order, with ``engines``' rules.

    Raises:
        RemoteProtocolError: naming the first envelope at fault (``index``) and why.
    """
    return _Replay(envelopes).run(engines)


class _Replay:
    def __init__(self, envelopes: Sequence[bytes]) -> None:
        self.data = envelopes
        self.index = 0
        """The position of the envelope being checked."""
        self.game_id = b""
        self.members: list[_Member] = []
        self.commitments: set[bytes] = set()

    def fail(self, reason: str, culprit: bytes | None = None) -> NoReturn:
        raise RemoteProtocolError(reason, culprit, self.index)

    def decode(self, index: int) -> Envelope:
        self.index = index
        try:
            return decode(self.data[index])
        except RemoteProtocolError as exc:
            self.fail(exc.reason)

    def run(self, engines: EngineFactory) -> Game:
        if not self.data:
            raise RemoteProtocolError("the record holds no table")
        env = self.decode(0)
        if env.type != "table":
            self.fail(f"a record starts with its table, not a {env.type}")
        table = _table(env.body)
        if table is None:
            self.fail(
                "a table body is [game (text), options (array), members (2 to 6 distinct 32-byte "
                "keys), names (one per member, at most 40 characters), nonce (16 to 64 bytes)]"
            )
        self.game_id = table.game_id
        if env.game_id != self.game_id:
            self.fail("the table's game id is not the hash of its body")
        if env.sender not in table.members or env.seq != 0 or env.prev != ZERO_HASH:
            self.fail("a table comes first from one of its members")
        try:
            engine = engines(table.game, table.options, len(table.members))
        except ValueError as exc:
            self.fail(f"unplayable table: {exc}", env.sender)
        self.members = [_Member(key, seat) for seat, key in enumerate(table.members)]
        creator = self.members[table.members.index(env.sender)]
        creator.next_seq, creator.last_hash = 1, env.hash
        for m in self.members:
            self.commit(m, self.next(m, ("commit",), "the commitment"))
        outcomes: list[int] = []
        actions = 0
        while (due := engine.due())[0] != "over":
            if due[0] == "chance":
                draw = len(outcomes) + 1
                values = b"".join(self.reveal(m, draw) for m in self.members)
                data = hashlib.sha256(DRAW_TAG + self.game_id + draw.to_bytes(8, "big") + values)
                outcomes.append(HashStream(data.digest()).weighted(due[1]))
                engine.apply_outcome(outcomes[-1])
            elif due[0] == "turn":
                m = self.members[due[1]]
                body = self.next(m, ("action",), "the action").body
                if len(body) != 2 or not isinstance(body[0], bytes) or type(body[1]) is not tuple:
                    self.fail("an action body is [state hash, action]", m.key)
                if body[0] != engine.state_hash():
                    self.fail(
                        f"state-hash mismatch: {fingerprint(m.key)} (seat {m.seat}) played on "
                        "a state the rules do not give (desync)",
                        m.key,
                    )
                try:
                    engine.check_action(m.seat, body[1])
                except ValueError as exc:
                    self.fail(f"illegal action by seat {m.seat}: {exc}", m.key)
                engine.apply_action(m.seat, body[1])
                actions += 1
            else:
                raise RemoteProtocolError(f"the rules ask for {due[0]!r}: not in protocol 1")
        if self.index + 1 < len(self.data):
            self.decode(self.index + 1)
            self.fail("envelope after the end of the game")
        return Game(table, due[1], tuple(outcomes), actions, len(self.data))

    def next(self, m: _Member, types: tuple[str, ...], what: str) -> Envelope:
        """The next envelope, which must be its sender's next one, ``m``'s and of ``types``."""
        if self.index + 1 >= len(self.data):
            raise RemoteProtocolError(
                f"the record ends before the game does ({what} of seat {m.seat} is missing)"
            )
        env = self.decode(self.index + 1)
        who = fingerprint(env.sender)
        if env.game_id != self.game_id:
            self.fail("envelope of another game")
        sender = next((s for s in self.members if s.key == env.sender), None)
        if sender is None:
            self.fail(f"{who} is not a member of this table")
        if env.seq < sender.next_seq:
            self.fail(f"replayed envelope {env.seq} of {who} (next is {sender.next_seq})")
        if env.seq > sender.next_seq:
            self.fail(f"gap in the sequence of {who}: expected {sender.next_seq}, got {env.seq}")
        if env.prev != sender.last_hash:
            self.fail(
                f"envelope {env.seq} of {who} does not follow its previous one "
                "(two histories signed)",
                env.sender,
            )
        sender.next_seq, sender.last_hash = sender.next_seq + 1, env.hash
        if sender is not m or env.type not in types:
            self.fail(
                f"out of the canonical record order: {what} of seat {m.seat} is due here, "
                f"not a {env.type} of seat {sender.seat}"
            )
        return env

    def commit(self, m: _Member, env: Envelope) -> None:
        if len(env.body) != 2 or not isinstance(env.body[0], bytes) or len(env.body[0]) != 32:
            self.fail("a commit body is [32-byte commitment, length]", m.key)
        anchor, length = env.body
        if not _count(length, 1, MAX_LENGTH):
            self.fail(f"a chain has 1 to {MAX_LENGTH} values", m.key)
        if anchor in self.commitments:
            self.fail("duplicate beacon commitment", m.key)
        self.commitments.add(anchor)
        m.segments.append(_Segment(1, length, anchor))

    def reveal(self, m: _Member, draw: int) -> bytes:
        """``m``'s recommits, then its value for ``draw``, checked against its chain."""
        what = f"the reveal for draw {draw}"
        while (env := self.next(m, ("recommit", "reveal"), what)).type == "recommit":
            self.recommit(m, env.body, draw)
        if len(env.body) != 2 or not _count(env.body[0], 0) or not isinstance(env.body[1], bytes):
            self.fail("a reveal body is [draw, value]", m.key)
        d, value = env.body[0], bytes(env.body[1])
        if d != draw:
            self.fail(f"reveal for draw {d} where draw {draw} is due", m.key)
        segment = next((s for s in m.segments if s.first <= d < s.first + s.length), None)
        if segment is None:
            self.fail(f"no committed chain covers draw {d}", m.key)
        step = hashlib.sha256(CHAIN_TAG + value).digest()
        if d - segment.first != segment.position or step != segment.anchor:
            self.fail(
                f"reveal for draw {d} does not hash to the previous value of the chain", m.key
            )
        segment.anchor, segment.position = value, segment.position + 1
        return value

    def recommit(self, m: _Member, body: tuple[Any, ...], draw: int) -> None:
        """A new segment for ``m``, applied before its reveal for ``draw``; at most three are
        held, and those that end before ``draw`` are then forgotten."""
        if len(body) != 3 or not _count(body[0], 0) or not isinstance(body[1], bytes):
            self.fail("a recommit body is [first draw, commitment, length]", m.key)
        first, anchor, length = body
        after = m.segments[-1].first + m.segments[-1].length
        if first != after:
            self.fail(f"recommit must start at draw {after}", m.key)
        if len(m.segments) > 2:
            self.fail("a fourth pending chain segment", m.key)
        if len(anchor) != 32 or not _count(length, 1, MAX_LENGTH) or anchor in self.commitments:
            self.fail("invalid or duplicate recommitment", m.key)
        self.commitments.add(anchor)
        m.segments.append(_Segment(first, length, anchor))
        while len(m.segments) > 1 and m.segments[0].first + m.segments[0].length <= draw:
            m.segments.pop(0)

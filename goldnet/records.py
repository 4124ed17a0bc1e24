"""Records: a finished game's envelopes in a ``.goldnet`` file, and their verification.

File format (docs/records.md): one msgpack array ``["goldnet-record", version, [envelope,
...]]``, each envelope as a msgpack ``bin`` holding its exact signed bytes, in the lockstep
machine's canonical record order. ``version`` is the protocol version of the envelopes, the
integer 1 or 2 (never a boolean or a float); files are written as :data:`VERSION`.

Verification of a current record feeds every envelope to a spectator lockstep machine — which
checks signatures, sequence chains, beacon reveals, the deal and its audit, and every rule —
and then requires the game to be over and the order to be the canonical one. A version-1 file
is replayed by :mod:`protocol.v1` instead, and verifies with :data:`V1_WARNING`: its dice could
have been steered.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack

from protocol import v1
from protocol.envelope import Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.history import Equivocation
from protocol.identity import fingerprint
from protocol.lockstep import Lockstep, Table
from protocol.messages import Card, Chance, Turn

from .binding import EngineBinding, make_engine
from .engine import Event, GameState, Terminal
from .errors import GoldnetError

MAGIC = "goldnet-record"
VERSION = 2
"""The record version this code writes: the protocol version of its envelopes."""
VERSIONS = (1, 2)
"""The record versions this code reads."""
MAX_RECORD_SIZE = 64 * 1024 * 1024
SUFFIX = ".goldnet"
V1_WARNING = (
    "this record was made with protocol version 1, whose dice a modified client could steer: "
    "its signatures and moves check out, but its result cannot be trusted as fair"
)


OnStep = Callable[[GameState, tuple[Event, ...]], None]
"""What :func:`verify` calls at each step of the game it checks: with the verifier's state (a
spectator's: public knowledge only; clone it to keep it) and the rules' events of that step —
once at the start (no events), then after every applied action, claim, card reveal and drawn
outcome."""

Input = tuple[Any, ...]
"""One input the rules applied, as :func:`verify` tells ``on_input`` just before the
``on_step`` it leads to: ``("action", seat, action)``, ``("outcome", index)``,
``("claim", seat, claim)`` or ``("card", deck, card, to, value)`` (``value`` as the verifier
knows it: None for a card revealed privately to a seat)."""


class _Watched(EngineBinding):
    """An engine binding that tells ``on_step`` after each step it applies."""

    def __init__(
        self,
        binding: EngineBinding,
        on_step: OnStep,
        on_input: Callable[[Input], None] | None = None,
    ) -> None:
        super().__init__(binding.state)
        self._on_step = on_step
        self._on_input = on_input
        on_step(self.state, ())

    def _told(self, start: int, applied: Input) -> None:
        if self._on_input is not None:
            self._on_input(applied)
        self._on_step(self.state, tuple(self.events[start:]))

    def apply_action(self, seat: int, action: tuple[Any, ...]) -> None:
        start = len(self.events)
        super().apply_action(seat, action)
        self._told(start, ("action", seat, tuple(action)))

    def apply_outcome(self, index: int) -> None:
        start = len(self.events)
        super().apply_outcome(index)
        self._told(start, ("outcome", index))

    def apply_claim(self, seat: int, claim: tuple[Any, ...]) -> None:
        start = len(self.events)
        super().apply_claim(seat, claim)
        self._told(start, ("claim", seat, tuple(claim)))

    def apply_card(self, deck: str, card: int, to: int | None, value: Any) -> None:
        start = len(self.events)
        super().apply_card(deck, card, to, value)
        self._told(start, ("card", deck, card, to, value))


def _engines(
    on_step: OnStep | None, on_input: Callable[[Input], None] | None = None
) -> Callable[[str, tuple[Any, ...], int], EngineBinding]:
    """:func:`~goldnet.binding.make_engine`, watched by ``on_step`` when given."""
    if on_step is None:
        return make_engine
    hook = on_step

    def make(game: str, options: tuple[Any, ...], seats: int) -> EngineBinding:
        return _Watched(make_engine(game, options, seats), hook, on_input)

    return make


RECORD_ERROR_KINDS = ("unreadable", "too-large", "not-a-record", "damaged", "newer-version")
"""The values of :attr:`RecordError.kind`."""


class RecordError(GoldnetError):
    """A record file that cannot be read or decoded (exit status 2); says where.

    Attributes:
        kind: what is wrong, for a program to word it (one of :data:`RECORD_ERROR_KINDS`):
            ``"unreadable"`` (the file cannot be read), ``"too-large"``, ``"not-a-record"``
            (nothing in it is a goldnet record: another file, an empty one), ``"damaged"``
            (a record's header, then bytes that are not a whole record: cut short or
            altered), ``"newer-version"`` (a record version above the highest this code reads).
    """

    def __init__(self, message: str, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = kind


class InvalidRecord(GoldnetError):
    """A decodable record that does not verify (exit status 1).

    Attributes:
        index: the 0-based position of the first bad envelope, or None for the whole record.
        reason: why.
        kind: ``"invalid"``, for a program to word it beside :attr:`RecordError.kind`.
    """

    kind = "invalid"

    def __init__(self, reason: str, index: int | None = None) -> None:
        where = "record" if index is None else f"envelope {index}"
        super().__init__(f"{where}: {reason}")
        self.reason = reason
        self.index = index


class Record(list[bytes]):
    """A record file's envelopes (a list, in file order) and the file's ``version``: the
    protocol version they speak. A plain list of envelopes is a record of the current
    protocol."""

    __slots__ = ("version",)

    def __init__(self, envelopes: Iterable[bytes] = (), version: int = VERSION) -> None:
        super().__init__(envelopes)
        self.version = version


def encode(envelopes: Sequence[bytes]) -> bytes:
    """The bytes of a record file of version :data:`VERSION` holding ``envelopes``."""
    return bytes(msgpack.packb([MAGIC, VERSION, list(envelopes)], use_bin_type=True))


def write(path: Path, envelopes: Sequence[bytes]) -> None:
    """Write a record file atomically (temporary file, then rename).

    Raises:
        OSError: the file cannot be written.
    """
    tmp = path.with_name(path.name + ".part")
    tmp.write_bytes(encode(envelopes))
    tmp.replace(path)


def decode(data: bytes) -> Record:
    """The envelopes and version of a record file's bytes.

    Raises:
        RecordError: not a goldnet record, a version that is not the integer 1 or 2, or where
            decoding failed (byte offset); its ``kind`` says which (anything that fails before
            the header is read whole is ``"not-a-record"``).
    """
    if len(data) > MAX_RECORD_SIZE:
        raise RecordError(f"file of {len(data)} bytes is larger than a record can be", "too-large")
    unpacker = msgpack.Unpacker(
        max_buffer_size=MAX_RECORD_SIZE, raw=False, max_map_len=0, max_ext_len=0
    )
    unpacker.feed(data)
    kind = "not-a-record"  # until the header says it is one
    try:
        if unpacker.read_array_header() != 3:
            raise RecordError("not a goldnet record (bad header)", "not-a-record")
        magic = unpacker.unpack()
        if not isinstance(magic, str) or magic != MAGIC:
            raise RecordError(
                f"not a goldnet record (bad header: {_shown(magic)}, not {MAGIC!r})", "not-a-record"
            )
        kind = "damaged"
        version = _version(unpacker.unpack())
        count = unpacker.read_array_header()
        envelopes = Record(version=version)
        for i in range(count):
            offset = unpacker.tell()
            try:
                item = unpacker.unpack()
            except msgpack.OutOfData:
                raise RecordError(
                    f"file ends inside envelope {i} (byte {offset}; {count} announced)"
                ) from None
            if not isinstance(item, bytes):
                raise RecordError(f"envelope {i} at byte {offset} is not a byte string")
            envelopes.append(item)
    except msgpack.OutOfData:
        raise RecordError(f"file ends early, at byte {unpacker.tell()}", kind) from None
    except (ValueError, TypeError, msgpack.UnpackException) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"undecodable at byte {unpacker.tell()}: {exc}", kind) from None
    if unpacker.tell() != len(data):
        raise RecordError(f"unexpected bytes after the record, at byte {unpacker.tell()}")
    return envelopes


def _shown(value: Any) -> str:
    """``value`` for an error message: its repr, at most 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _version(value: Any) -> int:
    """The record version, strictly: the integer 1 or 2.

    Raises:
        RecordError: anything else, saying what it is.
    """
    if type(value) is not int:
        raise RecordError(
            f"the record version must be the integer 1 or 2, not {_shown(value)} "
            f"(a {type(value).__name__})"
        )
    if value not in VERSIONS:
        kind = "newer-version" if value > max(VERSIONS) else "damaged"
        raise RecordError(f"record version {value} is not supported (this reads 1 and 2)", kind)
    return value


def read(path: Path) -> Record:
    """The envelopes and version of the record file at ``path``.

    Raises:
        RecordError: unreadable or undecodable.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}", "unreadable") from None
    return decode(data)


@dataclass(frozen=True, slots=True)
class Verified:
    """A record that verified: its table, how the game ended, the protocol version it was
    made with, and warnings in words (a version-1 record's: :data:`V1_WARNING`).

    ``ending`` is ``"over"`` (``result`` holds the scores), ``"abandoned"`` (no result; seat
    ``by`` adjudicated it) or ``"halted"`` (``culprit`` signed what ``reason`` says; the record
    holds that proof).
    """

    table: Table | v1.Table
    result: Terminal | None
    turns: int
    draws: int
    envelopes: int
    ending: str = "over"
    reason: str = ""
    culprit: bytes | None = None
    by: int | None = None
    protocol: int = VERSION
    warnings: tuple[str, ...] = ()
    evidence: tuple[str, ...] = ()
    """For two histories: each of the two envelopes, described (sequence number, type, hash)."""
    dealt: dict[str, tuple[Any, ...]] | None = None
    """After every member's deck audit: each deck's card values in dealt order (card ``i`` of
    deck ``d`` is ``dealt[d][i]``) — every secret of the game, published by the audit; None for a
    game without cards or a record without the audits."""

    def summary(self) -> dict[str, Any]:
        """How the game ended as plain values (for ``--json`` and comparisons)."""
        summary: dict[str, Any] = {
            "game": self.table.game,
            "options": list(self.table.options),
            "names": list(self.table.names),
            "players": [fingerprint(k) for k in self.table.members],
            "ending": self.ending,
            "turns": self.turns,
            "draws": self.draws,
            "envelopes": self.envelopes,
            "protocol": self.protocol,
            "warnings": list(self.warnings),
        }
        if self.result is not None:
            summary["scores"] = list(self.result.scores)
            summary["winners"] = list(self.result.winners)
        if self.ending != "over":
            summary["reason"] = self.reason
        if self.culprit is not None:
            summary["culprit"] = fingerprint(self.culprit)
        if self.evidence:
            summary["evidence"] = list(self.evidence)
        if self.by is not None:
            summary["by"] = self.table.names[self.by]
        shadows = getattr(self.table, "shadows", None)  # a version-1 table has none
        if shadows is not None:  # the deck's k, for a game it dealt
            summary["shadows"] = shadows
        return summary


def verify(
    envelopes: Sequence[bytes],
    on_step: OnStep | None = None,
    on_input: Callable[[Input], None] | None = None,
) -> Verified:
    """Check a record completely: every envelope, the beacon, the rules, the order, the end.

    A game that is over holds exactly its canonical record, and so does an abandoned game (it
    ends with the adjudication). A halted game holds its canonical record, then the envelopes
    its writer had accepted without applying them and the rest of the proof: the verdict is
    the machine's own, from what the members signed.

    A :class:`Record` of version 1 is replayed by :mod:`protocol.v1`; any other sequence of
    envelopes is checked by the current protocol's lockstep machine. ``on_step`` (see
    :data:`OnStep`) watches the game step by step as it is checked: replays take their
    positions from this one verifier; steps seen before an :class:`InvalidRecord` must be
    thrown away. ``on_input`` (with ``on_step`` only) is told each step's input first
    (:data:`Input`), so that a replay may apply them again with the secrets the audit
    published (``Verified.dealt``).

    Raises:
        InvalidRecord: naming the first bad envelope and why.
    """
    if isinstance(envelopes, Record) and envelopes.version == 1:
        return _verify_v1(envelopes, on_step)
    machine = Lockstep(None, _engines(on_step, on_input), deck_proofs=not _audited(envelopes))
    checked = 0
    for i, data in enumerate(envelopes):
        try:
            machine.receive(data)
        except RemoteProtocolError as exc:
            if machine.halted is None:
                raise InvalidRecord(str(exc), i) from None
            break  # a proven fault: the verdict
        except LocalProtocolError as exc:
            reason = str(exc)
            if machine.abandoned is not None:
                reason = (
                    "an envelope after the adjudication that ended the game (a record ends with it)"
                )
            raise InvalidRecord(reason, i) from None
        for j in range(checked, len(machine.record)):
            if j >= len(envelopes) or machine.record[j] != envelopes[j]:
                raise InvalidRecord("out of the canonical record order", j)
        checked = len(machine.record)
    if machine.table is None:
        raise InvalidRecord("the record holds no table")
    draws, turns = machine.draw, machine.actions
    if machine.halted is not None:
        error = machine.halted
        proof = error.proof if isinstance(error, Equivocation) else ()
        return Verified(
            machine.table,
            None,
            turns,
            draws,
            len(envelopes),
            "halted",
            error.reason,
            error.culprit,
            evidence=tuple(_describe(data) for data in proof),
        )
    if machine.abandoned is not None:
        accepted = set(machine.received)
        stray = next((i for i, d in enumerate(envelopes) if d not in accepted), None)
        if stray is not None:
            raise InvalidRecord("an envelope the game never accepted", stray)
        return Verified(
            machine.table,
            None,
            turns,
            draws,
            len(envelopes),
            "abandoned",
            "adjudicated abandoned: nothing happened for the table's abandonment time",
            by=machine.abandoned.by,
        )
    if len(machine.record) != len(envelopes):
        raise InvalidRecord(
            "never applied, nor anything after it: an envelope is missing before it, or the "
            "record holds envelopes of no game position",
            len(machine.record),
        )
    if not machine.finished:
        raise InvalidRecord("the record ends before the game does")
    engine = machine.engine
    assert isinstance(engine, EngineBinding)
    result = engine.state.awaiting()
    assert isinstance(result, Terminal)
    deal = machine.dealing.deal if machine.dealing is not None else None
    dealt = None
    if deal is not None and deal.dealt is not None:
        dealt = dict(zip(deal.names, deal.dealt, strict=True))
    return Verified(machine.table, result, turns, draws, len(envelopes), dealt=dealt)


def _audited(envelopes: Sequence[bytes]) -> bool:
    """Whether the record holds a deck audit of every member (then the audits recompute the
    deal, and the spectator may skip the shuffle answers' shadows and the lock proofs:
    docs/deck.md §11). Only audits their members signed for this table's game count: envelopes
    merely dressed as audits (appended to a halted record, say) must not turn those checks off,
    the spectator never getting to the audits that would stand for them. Whether an audit is
    right, and in its place, is the spectator's check."""
    try:
        table = Envelope.decode(envelopes[0]) if envelopes else None
        if table is None or table.type != "table":
            return False
        members = set(table.body[2])
        audited = set()
        for data in envelopes:
            if b"deck-audit" in data:  # cheap: most envelopes are not audits
                env = Envelope.decode(data)  # its signature too
                if env.type == "deck-audit" and env.game_id == table.game_id:
                    audited.add(env.sender)
        return bool(members) and audited >= members
    except (RemoteProtocolError, IndexError, TypeError):  # malformed: every check stays on
        return False


def _describe(data: bytes) -> str:
    """One envelope of a proof, in words: its sequence number, type and hash."""
    env = Envelope.decode(data)
    return f"envelope {env.seq} ({env.type}) of {fingerprint(env.sender)}, hash {env.hash.hex()}"


class _V1Engine:
    """A goldnet engine seen through protocol 1's engine interface (``due()`` as a pair)."""

    def __init__(self, binding: EngineBinding) -> None:
        self._binding = binding
        self.check_action = binding.check_action
        self.apply_action = binding.apply_action
        self.apply_outcome = binding.apply_outcome
        self.state_hash = binding.state_hash

    def due(self) -> tuple[str, Any]:
        due = self._binding.due()
        if isinstance(due, Turn):
            return ("turn", due.seat)
        if isinstance(due, Chance):
            return ("chance", due.weights)
        if isinstance(due, Card):  # version 1 knew no cards
            raise RemoteProtocolError("a version-1 record of a game with cards")
        return ("over", due.result)


def _v1_engines(on_step: OnStep | None = None) -> Callable[[str, tuple[Any, ...], int], _V1Engine]:
    """goldnet's engines seen through protocol 1's interface, watched by ``on_step``."""
    engines = _engines(on_step)

    def make(game: str, options: tuple[Any, ...], seats: int) -> _V1Engine:
        return _V1Engine(engines(game, options, seats))

    return make


def _verify_v1(envelopes: Sequence[bytes], on_step: OnStep | None) -> Verified:
    """A version-1 record, replayed by :mod:`protocol.v1` with goldnet's engines."""
    try:
        game = v1.verify_record(envelopes, _v1_engines(on_step))
    except RemoteProtocolError as exc:
        raise InvalidRecord(exc.reason, exc.index) from None
    assert isinstance(game.result, Terminal)  # what make_engine's engines end with
    return Verified(
        game.table,
        game.result,
        game.actions,
        len(game.outcomes),
        game.envelopes,
        protocol=1,
        warnings=(V1_WARNING,),
    )

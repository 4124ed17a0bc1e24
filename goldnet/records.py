"""Records: a finished game's envelopes in a ``.goldnet`` file, and their verification.

File format (docs/records.md): one msgpack array ``["goldnet-record", 1, [envelope, ...]]``,
each envelope as a msgpack ``bin`` holding its exact signed bytes, in the lockstep machine's
canonical record order. Verification feeds every envelope to a spectator lockstep machine —
which checks signatures, sequence chains, beacon reveals and every rule — and then requires the
game to be over and the order to be the canonical one.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgpack

from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.identity import fingerprint
from protocol.lockstep import Lockstep, Table

from .engine import Terminal
from .session import EngineBinding, make_engine

MAGIC = "goldnet-record"
VERSION = 1
MAX_RECORD_SIZE = 64 * 1024 * 1024
SUFFIX = ".goldnet"


class RecordError(Exception):
    """A record file that cannot be read or decoded (exit status 2); says where."""


class InvalidRecord(Exception):
    """A decodable record that does not verify (exit status 1).

    Attributes:
        index: the 0-based position of the first bad envelope, or None for the whole record.
        reason: why.
    """

    def __init__(self, reason: str, index: int | None = None) -> None:
        where = "record" if index is None else f"envelope {index}"
        super().__init__(f"{where}: {reason}")
        self.reason = reason
        self.index = index


def encode(envelopes: list[bytes]) -> bytes:
    """The bytes of a record file holding ``envelopes``."""
    return bytes(msgpack.packb([MAGIC, VERSION, envelopes], use_bin_type=True))


def write(path: Path, envelopes: list[bytes]) -> None:
    """Write a record file atomically (temporary file, then rename).

    Raises:
        OSError: the file cannot be written.
    """
    tmp = path.with_name(path.name + ".part")
    tmp.write_bytes(encode(envelopes))
    tmp.replace(path)


def decode(data: bytes) -> list[bytes]:
    """The envelopes of a record file's bytes.

    Raises:
        RecordError: not a goldnet record, or where decoding failed (byte offset).
    """
    if len(data) > MAX_RECORD_SIZE:
        raise RecordError(f"file of {len(data)} bytes is larger than a record can be")
    unpacker = msgpack.Unpacker(
        max_buffer_size=MAX_RECORD_SIZE, raw=False, max_map_len=0, max_ext_len=0
    )
    unpacker.feed(data)
    try:
        if unpacker.read_array_header() != 3:
            raise RecordError("not a goldnet record (bad header)")
        magic = unpacker.unpack()
        version = unpacker.unpack()
        if magic != MAGIC:
            raise RecordError("not a goldnet record (bad header)")
        if version != VERSION:
            raise RecordError(f"record version {version!r} is not supported (this reads {VERSION})")
        count = unpacker.read_array_header()
        envelopes: list[bytes] = []
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
        raise RecordError(f"file ends early, at byte {unpacker.tell()}") from None
    except (ValueError, TypeError, msgpack.UnpackException) as exc:
        if isinstance(exc, RecordError):
            raise
        raise RecordError(f"undecodable at byte {unpacker.tell()}: {exc}") from None
    if unpacker.tell() != len(data):
        raise RecordError(f"unexpected bytes after the record, at byte {unpacker.tell()}")
    return envelopes


def read(path: Path) -> list[bytes]:
    """The envelopes of the record file at ``path``.

    Raises:
        RecordError: unreadable or undecodable.
    """
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    return decode(data)


@dataclass(frozen=True, slots=True)
class Verified:
    """A record that verified: its table and how the game ended.

    ``ending`` is ``"over"`` (``result`` holds the scores), ``"abandoned"`` (no result; seat
    ``by`` adjudicated it) or ``"halted"`` (``culprit`` signed what ``reason`` says; the record
    holds that proof).
    """

    table: Table
    result: Terminal | None
    turns: int
    draws: int
    envelopes: int
    ending: str = "over"
    reason: str = ""
    culprit: bytes | None = None
    by: int | None = None

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
        }
        if self.result is not None:
            summary["scores"] = list(self.result.scores)
            summary["winners"] = list(self.result.winners)
        if self.ending != "over":
            summary["reason"] = self.reason
        if self.culprit is not None:
            summary["culprit"] = fingerprint(self.culprit)
        if self.by is not None:
            summary["by"] = self.table.names[self.by]
        return summary


def verify(envelopes: list[bytes]) -> Verified:
    """Check a record completely: every envelope, the beacon, the rules, the order, the end.

    A game that is over holds exactly its canonical record. A game that ended without a result
    holds its canonical record (an abandoned game's ends with the adjudication), then the
    envelopes its writer had accepted without applying them and, for a halt, the rest of the
    proof: the verdict is the machine's own, from what the members signed.

    Raises:
        InvalidRecord: naming the first bad envelope and why.
    """
    machine = Lockstep(None, make_engine)
    checked = 0
    for i, data in enumerate(envelopes):
        try:
            machine.receive(data)
        except RemoteProtocolError as exc:
            if machine.halted is None:
                raise InvalidRecord(str(exc), i) from None
            break  # a proven fault: the verdict
        except LocalProtocolError as exc:
            raise InvalidRecord(str(exc), i) from None
        for j in range(checked, len(machine.record)):
            if j >= len(envelopes) or machine.record[j] != envelopes[j]:
                raise InvalidRecord("out of the canonical record order", j)
        checked = len(machine.record)
    if machine.table is None:
        raise InvalidRecord("the record holds no table")
    draws, turns = machine.draw, machine.actions
    if machine.halted is not None:
        error = machine.halted
        return Verified(
            machine.table, None, turns, draws, len(envelopes), "halted", error.reason, error.culprit
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
    return Verified(machine.table, result, turns, draws, len(envelopes))

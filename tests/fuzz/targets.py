"""The fuzz targets: every place where bytes from outside enter goldnet, one function each.

A target takes one input (``bytes``). It returns when the product behaved: it refused the input
with one of its own typed errors (the errors each target allows are listed beside it), or took
it and kept its invariants. Anything else escapes: an exception of another type (a crash: a
``KeyError``, ``TypeError``, ``RecursionError``... deep in a decoder), or an
``AssertionError`` from the target's oracle (a refused input that changed state, a cheat
blamed on the wrong member, a decoded value that does not encode back to its bytes).

Inputs that need a structure (a signed envelope, a deck message from a given seat at a given
point of a deal) take their first bytes as choices and the rest as the message's msgpack body;
the seeds are the honest inputs in that form, so that mutations stay close to what a real
peer would send.

Invariants: a target is deterministic (one input, one outcome); what it builds once per process
(honest games, deals, relays' logs) is never changed by a run: each run works on fresh objects
or deep copies; no network, no clock, no randomness; files only in a private temporary folder.
"""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from protocol.codec import pack, unpack
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.messages import MessageError

ROOT = Path(__file__).resolve().parents[2]
"""The repository."""
MAX_BODY = 1 << 20


@dataclass(frozen=True)
class Target:
    """One fuzz target: ``run(data)`` returns or raises a finding; ``seeds()`` are honest
    inputs to start from."""

    name: str
    run: Callable[[bytes], None]
    seeds: Callable[[], list[bytes]]
    doc: str


TARGETS: dict[str, Target] = {}


def target(name: str, seeds: Callable[[], list[bytes]]) -> Callable[[Callable[[bytes], None]], Any]:
    def register(run: Callable[[bytes], None]) -> Callable[[bytes], None]:
        TARGETS[name] = Target(name, run, seeds, (run.__doc__ or "").strip().split("\n")[0])
        return run

    return register


def body_of(data: bytes) -> Any:
    """The msgpack value in ``data``; raises RemoteProtocolError when there is none."""
    return unpack(data, MAX_BODY)


# --- the wire: codec, frames, envelopes, messages ---------------------------------------------


def _codec_seeds() -> list[bytes]:
    return [pack(v) for v in (0, -1, 2**63, "x", b"\x00" * 32, (1, (2, "a")), None, True, ())]


@target("codec", _codec_seeds)
def run_codec(data: bytes) -> None:
    """protocol.codec.unpack: RemoteProtocolError, or a value that packs back to ``data``."""
    try:
        value = unpack(data, MAX_BODY)
    except RemoteProtocolError:
        return
    assert pack(value) == data, "a decoded value does not encode back to its bytes"


@cache
def _members() -> tuple[Any, ...]:
    from protocol.identity import Identity

    return tuple(Identity(bytes([i + 1]) * 32) for i in range(3))


def _frame_seeds() -> list[bytes]:
    from goldnet.net.frames import encode

    keys = [m.public for m in _members()]
    frames = [
        ["hello", 1, keys[0], b"n" * 32, "table", "golden-city", 4],
        ["welcome", 3],
        ["refused", "the table is full"],
        ["seats", keys[:2], ["Ann", "Bob"]],
        ["env", 0, b"\x93" + b"e" * 40],
        ["presence", keys[1], True],
        ["pong"],
    ]
    return [b"\x07" + encode(f) for f in frames] + [b"\x03" + b"".join(encode(f) for f in frames)]


@target("frame", _frame_seeds)
def run_frame(data: bytes) -> None:
    """A client's frame decoder and typed relay frames, fed in chunks: FrameError only."""
    from goldnet.net.frames import FrameDecoder, FrameError, parse_relay_frame

    if not data:
        return
    step, stream = 1 + data[0] % 64, data[1:]
    decoder = FrameDecoder()
    try:
        for at in range(0, len(stream), step):
            for message in decoder.feed(stream[at : at + step]):
                parse_relay_frame(message)
    except FrameError:
        return


def _envelope_seeds() -> list[bytes]:
    return list(_toy_stream()[0][:6]) + list(_small_record()[:4])


@target("envelope", _envelope_seeds)
def run_envelope(data: bytes) -> None:
    """protocol.envelope.Envelope.decode: RemoteProtocolError, or an envelope whose raw bytes
    are the input and whose signature checks."""
    from protocol.envelope import Envelope

    try:
        envelope = Envelope.decode(data)
    except RemoteProtocolError:
        return
    assert envelope.raw == data, "a decoded envelope is not its own bytes"


def _message_classes() -> list[tuple[str, Any]]:
    from protocol import messages

    return [
        ("table", messages.Table),
        ("commit", messages.Commit),
        ("reveal", messages.Reveal),
        ("action", messages.Action),
        ("adjudicate", messages.Adjudicate),
        ("close", messages.Close),
    ]


def _message_seeds() -> list[bytes]:
    from protocol.envelope import Envelope

    names = [name for name, _ in _message_classes()]
    out = []
    for raw in list(_toy_stream()[0]) + list(_small_record()):
        envelope = Envelope.decode(raw)
        if envelope.type in names:
            out.append(bytes([names.index(envelope.type)]) + pack(envelope.body))
    return sorted(set(out))


@target("messages", _message_seeds)
def run_messages(data: bytes) -> None:
    """Every envelope body type of protocol.messages (first byte: the type): MessageError or
    RemoteProtocolError, or a message whose body builds it again."""
    if not data:
        return
    classes = _message_classes()
    _, cls = classes[data[0] % len(classes)]
    try:
        message = cls.from_body(body_of(data[1:]))
    except (MessageError, RemoteProtocolError):
        return
    assert cls.from_body(message.body()) == message, "a message's body does not rebuild it"


def _deck_message_seeds() -> list[bytes]:
    from protocol.deck_messages import KINDS

    kinds = list(KINDS.values())
    return [bytes([kinds.index(kind)]) + pack(body) for _, _, kind, body in _deal_script()]


@target("deck-messages", _deck_message_seeds)
def run_deck_messages(data: bytes) -> None:
    """Every deck message type of protocol.deck_messages (first byte: the type): MessageError
    or RemoteProtocolError, or a message whose body parses to it again."""
    from protocol.deck_messages import KINDS, parse

    if not data:
        return
    kinds = list(KINDS.values())
    kind = kinds[data[0] % len(kinds)]
    try:
        message = parse(kind, body_of(data[1:]))
    except (MessageError, RemoteProtocolError):
        return
    assert parse(kind, message.body()) == message, "a deck message's body does not rebuild it"


# --- the lockstep machine, fed signed envelopes -------------------------------------------------


@cache
def _toy_stream() -> tuple[tuple[bytes, ...], tuple[bytes, ...]]:
    """What seat 0 sends in a clean toy game, and the clean record (the protocol's own fuzz
    tests' game)."""
    from tests.protocol.test_fuzz import RECORD, STREAM

    return tuple(STREAM), tuple(RECORD)


def _lockstep_seeds() -> list[bytes]:
    from protocol.envelope import TYPES, Envelope

    stream = _toy_stream()[0]
    out = []
    for position in range(1, len(stream)):
        envelope = Envelope.decode(stream[position])
        head = bytes([position, TYPES.index(envelope.type), 2])
        out.append(head + pack(envelope.body))
    return out


@target("lockstep", _lockstep_seeds)
def run_lockstep(data: bytes) -> None:
    """A toy game's lockstep machine at seat 1, given an envelope seat 0 signed with any type,
    body, sequence number and previous hash at any point of the game (bytes 0-2: position,
    type, flags; the rest: the body). Only protocol errors; only seat 0 ever named; the game
    then ends as it would have, halted or abandoned by seat 0's fault, or waiting."""
    import hashlib

    from protocol.envelope import TYPES, Envelope
    from tests.protocol.test_fuzz import fresh_seat_one
    from tests.protocol.toy import key

    if len(data) < 3:
        return
    stream, record = _toy_stream()
    position = 1 + data[0] % (len(stream) - 1)
    type_ = TYPES[data[1] % len(TYPES)]
    flags = data[2]
    try:
        body = body_of(data[3:])
    except RemoteProtocolError:
        return
    if not isinstance(body, tuple):
        body = (body,)
    previous = Envelope.decode(stream[position - 1])
    seq = max(0, previous.seq + 1 + (flags & 3) - 2)
    prev = previous.hash if flags & 4 == 0 else hashlib.sha256(b"fork").digest()
    game_id = previous.game_id if flags & 8 == 0 else hashlib.sha256(b"other").digest()
    real = Envelope.decode(stream[position])
    seen = ((seq, prev), real.seen[1]) if real.seen and flags & 16 == 0 else ()
    try:
        forged = Envelope.seal(key("fuzz-0"), type_, game_id, seq, prev, body, seen).raw
    except (LocalProtocolError, RemoteProtocolError):
        return  # nothing a member could sign
    if forged in stream:
        return
    node = fresh_seat_one()
    cheater = key("fuzz-0").public
    errors = []
    for item in (*stream[:position], forged, *stream[position:]):
        try:
            node.machine.receive(item)
        except RemoteProtocolError as exc:
            errors.append(exc)
        except LocalProtocolError:
            assert node.machine.ended, "LocalProtocolError from a machine that had not ended"
        node.drain()
    assert all(e.culprit in (None, cheater) for e in errors), "an honest member was named"
    machine = node.machine
    if machine.halted is not None:
        assert machine.halted.culprit == cheater, "halted naming another than the signer"
    elif machine.abandoned is not None:
        assert machine.abandoned.by == 0, "abandoned by another than the signer"
    elif machine.finished:
        assert tuple(machine.record) == record, "a finished game with another record"
    else:
        assert machine.waiting() is not None, "a machine neither ended nor waiting"


# --- the deck, fed deck messages ----------------------------------------------------------------


@cache
def _deal() -> tuple[tuple[Any, ...], tuple[Any, ...]]:
    """An honest two-seat deal of the small decks, as seat 1 sees it: the script of messages
    ``(seat, kind, body)`` in order and, for each, seat 1's deal just before it (the
    reveals opened, the challenges drawn)."""
    from protocol.deck_messages import KINDS
    from tests.protocol.deck_table import draw, table

    peers = table(2, label="fuzz")
    script: list[tuple[int, str, Any]] = []
    before: list[Any] = []

    def send(seat: int, message: Any) -> None:
        before.append(copy.deepcopy(peers[1].deal))
        script.append((seat, KINDS[type(message)], message.body()))
        for p in peers:
            p.deal.take(seat, message)

    for p in peers:
        send(p.seat, p.own.deck_key())
    for p in peers:
        send(p.seat, p.own.shuffle())
        for q in peers:
            q.deal.challenge(draw("fuzz", p.seat))
        send(p.seat, p.own.answer())
    for p in peers:
        send(p.seat, p.own.lock())
    for q in peers:
        q.deal.open_reveal("hill", 0, None)
    for p in peers:
        send(p.seat, p.own.share("hill", 0))
    for q in peers:
        q.deal.open_reveal("mission", 1, 1)
    send(0, peers[0].own.sealed_share("mission", 1, 1))
    for q in peers:
        q.deal.finish()
    for p in peers:
        send(p.seat, p.own.audit())
    return tuple(script), tuple(before)


def _deal_script() -> list[tuple[int, int, str, Any]]:
    script, _ = _deal()
    return [(i, seat, kind, body) for i, (seat, kind, body) in enumerate(script)]


def _deck_seeds() -> list[bytes]:
    from protocol.deck_messages import KINDS

    kinds = list(KINDS.values())
    return [
        bytes([i, seat, kinds.index(kind)]) + pack(body) for i, seat, kind, body in _deal_script()
    ]


@target("deck", _deck_seeds)
def run_deck(data: bytes) -> None:
    """Seat 1's deal given any deck message from either seat at any point of an honest deal
    (bytes 0-2: point, seat, type; the rest: the body). A fault names the sender (or, for an
    accusation, the seat it proves) and changes nothing; a message not due changes nothing."""
    from protocol.deck import DeckFault
    from protocol.deck_messages import KINDS

    if len(data) < 3:
        return
    script, before = _deal()
    at = data[0] % len(script)
    seat = data[1] % 2
    kind = list(KINDS.values())[data[2] % len(KINDS)]
    try:
        body = body_of(data[3:])
    except RemoteProtocolError:
        return
    deal = copy.deepcopy(before[at])
    state = pickle.dumps(deal)
    try:
        deal.take_body(seat, kind, body)
    except DeckFault as exc:
        assert exc.seat == seat or kind == "accusation", "a deck fault named another seat"
        assert pickle.dumps(deal) == state, "a faulty deck message changed the deal"
    except LocalProtocolError:
        assert pickle.dumps(deal) == state, "a deck message not due changed the deal"
    except RemoteProtocolError:
        assert pickle.dumps(deal) == state, "a refused deck message changed the deal"


# --- the relay, fed a client's frames -----------------------------------------------------------


@cache
def _small_record() -> tuple[bytes, ...]:
    """A short honest Mountains & Rivers game's record (two bots revealing whenever they can);
    its seats' keys are :func:`_record_member`'s."""
    from tests.test_records import small_game

    return small_game()[0]


def _record_member(seat: int) -> Any:
    """The identity of seat ``seat`` of :func:`_small_record` (tests/test_records.py's peers)."""
    import hashlib

    from protocol.identity import Identity

    return Identity(hashlib.sha256(f"goldnet/test-key/small/{seat}".encode()).digest())


def _relay_seeds() -> list[bytes]:
    from goldnet.net.frames import encode

    record = _small_record()
    frames = [["ping"], ["resume", 0], ["env", record[3]], ["evidence", record[4]], ["pong"]]
    return [bytes([1]) + b"".join(encode(f) for f in frames), bytes([0]) + encode(["ping"])]


@cache
def _client_class() -> Any:
    """A relay connection without a socket: what the relay sends it is kept in ``out``."""
    from goldnet.net.relay import _Client

    class Client(_Client):
        def send(self, data: bytes) -> None:
            self.out.append(data)

        def close(self) -> None:
            self.closed = True

        def abort(self) -> None:
            self.closed = True

        def _arm(self, delay: float) -> None:
            pass

    return Client


@cache
def _relay_context() -> Any:
    """The relay's TLS context, made once: a certificate costs milliseconds to make, and the
    relay reads a connection's bytes only after TLS (the target starts there)."""
    from goldnet.net.tls import server_context
    from protocol.identity import Identity

    return server_context(Identity(b"\x09" * 32))


def _relay(**kwargs: Any) -> Any:
    """A :class:`~goldnet.net.relay.Relay` given :func:`_relay_context` instead of a context
    of its own (made for this call only: other relays of this process keep theirs)."""
    from goldnet.net import relay

    made = relay.server_context
    relay.server_context = lambda identity: _relay_context()  # type: ignore[assignment]
    try:
        return relay.Relay(**kwargs)
    finally:
        relay.server_context = made


@cache
def _relay_loop() -> Any:
    import asyncio

    return asyncio.new_event_loop()


@target("relay", _relay_seeds)
def run_relay(data: bytes) -> None:
    """A relay holding the first envelopes of an honest game, given a connection's bytes (byte
    0, bit 0: the connection first authenticated as seat 0). The relay refuses what it must and
    raises nothing; its log keeps envelopes of one game, each once."""
    from goldnet.net.frames import auth_message, encode
    from protocol.envelope import Envelope
    from protocol.identity import Identity

    if not data:
        return
    record = _small_record()
    seats = [_record_member(0), _record_member(1)]
    relay = _relay(
        identity=Identity(b"\x09" * 32),
        table_name="fuzz",
        game="mountains-rivers",
        seats=2,
        log=list(record[:3]),
        members=[(s.public, f"seat {i}") for i, s in enumerate(seats)],
    )
    client = _client_class()(relay)
    client.out = []
    client.nonce = b"\x01" * 32
    stream = data[1:]
    if data[0] & 1:
        signed = auth_message(client.nonce, relay.identity.public, seats[0].public, "fuzz")
        auth = ["auth", seats[0].public, "player", "fuzz", seats[0].sign(signed)]
        stream = encode(auth) + stream

    async def feed() -> None:
        client.plain_received(stream)

    _relay_loop().run_until_complete(feed())
    envelopes = [Envelope.decode(raw) for raw in relay.log]
    assert len({e.game_id for e in envelopes}) <= 1, "the relay's log holds two games"
    assert len({e.hash for e in envelopes}) == len(envelopes), "an envelope logged twice"

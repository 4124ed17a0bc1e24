"""protocol.envelope: signed envelopes, protocol version 2 (docs/protocol.md §3).

An envelope is accepted only in canonical form, with every field of the right type and size
(the ``seen`` history digest included) and a valid Ed25519 signature over the signing tag and
the canonical encoding of the first eight fields. Anything else raises RemoteProtocolError naming
nobody — never another exception. :func:`conflict` says when two envelopes prove that their
signer signed two histories.
"""

from __future__ import annotations

import hashlib
from typing import Any

import msgpack
import pytest
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol.codec import pack
from protocol.deck_messages import BODIES as DECK_BODIES
from protocol.envelope import (
    MAX_ENVELOPE_SIZE,
    MAX_SEEN,
    SIGNING_TAG,
    TYPES,
    VERSION,
    ZERO_HASH,
    Envelope,
    conflict,
)
from protocol.errors import ProtocolError, RemoteProtocolError
from protocol.identity import Identity

ALICE = Identity(bytes(range(0x40, 0x60)))
MALLORY = Identity(bytes(range(0x60, 0x80)))
GAME_ID = hashlib.sha256(b"a game").digest()
SEEN = ((4, b"\x07" * 32), (2, b"\x08" * 32))


def sealed(**changes: Any) -> Envelope:
    fields: dict[str, Any] = {
        "identity": ALICE,
        "type_": "action",
        "game_id": GAME_ID,
        "seq": 4,
        "prev": b"\x07" * 32,
        "body": (b"\x01" * 32, ("take", 2)),
        "seen": SEEN,
    }
    fields.update(changes)
    return Envelope.seal(**fields)


def fields_of(env: Envelope) -> list[Any]:
    return [VERSION, env.type, env.game_id, env.sender, env.seq, env.prev, env.seen, env.body]


def signed_array(fields: list[Any], signer: Identity = ALICE) -> bytes:
    """An envelope array of arbitrary ``fields`` (eight values), correctly signed by ``signer``."""
    return pack([*fields, signer.sign(SIGNING_TAG + pack(fields))])


def refused(data: Any, match: str | None = None) -> RemoteProtocolError:
    with pytest.raises(RemoteProtocolError, match=match) as info:
        Envelope.decode(data)
    assert info.value.culprit is None  # decoding alone never proves who is at fault
    return info.value


# --- sealing and decoding ---------------------------------------------------------------


def test_seal_then_decode_gives_the_same_envelope() -> None:
    env = sealed()
    back = Envelope.decode(env.raw)
    assert back == env
    assert (back.type, back.game_id, back.sender, back.seq, back.prev, back.seen) == (
        "action",
        GAME_ID,
        ALICE.public,
        4,
        b"\x07" * 32,
        SEEN,
    )
    assert back.body == (b"\x01" * 32, ("take", 2))
    assert back.raw == env.raw
    assert back.hash == hashlib.sha256(env.raw).digest()


def test_the_envelope_is_the_nine_field_array_of_docs_protocol_md() -> None:
    env = sealed()
    assert VERSION == 2
    assert msgpack.unpackb(env.raw, use_list=False) == (*fields_of(env), env.signature)
    assert env.raw == pack([*fields_of(env), env.signature])
    assert env.raw[0] == 0x99  # a fixarray of 9
    # The digest is an array of [count, hash] pairs, one per member in seat order.
    assert msgpack.unpackb(env.raw, use_list=False)[6] == SEEN


def test_the_signature_covers_the_tag_and_the_canonical_first_eight_fields() -> None:
    env = sealed()
    assert SIGNING_TAG == b"goldnet/envelope/v2"
    message = SIGNING_TAG + pack(fields_of(env))
    Ed25519PublicKey.from_public_bytes(ALICE.public).verify(env.signature, message)
    # Without the tag it does not verify: a signature is bound to the envelope's meaning.
    with pytest.raises(InvalidSignature):
        Ed25519PublicKey.from_public_bytes(ALICE.public).verify(
            env.signature, message[len(SIGNING_TAG) :]
        )
    # Nor under the version-1 tag: a version-1 signature never passes for version 2.
    with pytest.raises(InvalidSignature):
        Ed25519PublicKey.from_public_bytes(ALICE.public).verify(
            env.signature, b"goldnet/envelope/v1" + pack(fields_of(env))
        )


def test_sealing_is_deterministic() -> None:
    assert sealed().raw == sealed().raw  # Ed25519 (RFC 8032) signs deterministically
    assert sealed(seq=5).raw != sealed().raw
    assert sealed(seen=((4, b"\x07" * 32), (3, b"\x09" * 32))).raw != sealed().raw


@pytest.mark.parametrize("type_", TYPES)
def test_every_message_type_round_trips(type_: str) -> None:
    env = sealed(type_=type_, seq=0, prev=ZERO_HASH, seen=(), body=(1, b"x", ("y", None, True)))
    assert Envelope.decode(env.raw).type == type_


def test_the_types_are_the_documented_ones() -> None:
    deck = (
        "deck-key",
        "shuffle",
        "shuffle-answer",
        "lock",
        "card-share",
        "sealed-share",
        "accusation",
        "broken-card",
        "deck-audit",
    )
    assert ("table", "commit", "reveal", "action", "adjudicate", "close", *deck) == TYPES
    assert set(deck) == set(DECK_BODIES)  # one envelope type per deck message


# --- refusals -----------------------------------------------------------------------------


def test_a_flipped_bit_anywhere_is_refused() -> None:
    raw = sealed().raw
    for i in range(len(raw)):
        for bit in (0x01, 0x80):
            data = bytearray(raw)
            data[i] ^= bit
            refused(bytes(data))


def test_a_bad_signature_names_nobody() -> None:
    env = sealed()
    # Mallory signs Alice's fields: the sender field says Alice, the signature does not match.
    forged = pack([*fields_of(env), MALLORY.sign(SIGNING_TAG + pack(fields_of(env)))])
    assert refused(forged, "bad signature").culprit is None
    # A signature of another envelope.
    other = sealed(seq=9)
    assert refused(pack([*fields_of(env), other.signature]), "bad signature").culprit is None


def test_a_changed_field_breaks_the_signature() -> None:
    env = sealed()
    changes = [
        (1, "reveal"),
        (2, b"\x00" * 32),
        (4, 5),
        (5, ZERO_HASH),
        (6, ((4, b"\x07" * 32), (3, b"\x08" * 32))),
        (6, ()),
        (7, ()),
    ]
    for index, value in changes:
        fields = fields_of(env)
        fields[index] = value
        refused(pack([*fields, env.signature]), "bad signature")


@pytest.mark.parametrize("version", [0, 3, 255, True, "2", None, b"\x02"])
def test_unknown_versions_are_refused_even_when_signed(version: Any) -> None:
    fields = fields_of(sealed())
    fields[0] = version
    refused(signed_array(fields), "unknown protocol version")


def test_a_version_1_envelope_is_refused_with_a_clear_line() -> None:
    """Eight fields, version 1: what a peer of the old protocol sends."""
    fields = [1, "action", GAME_ID, ALICE.public, 3, b"\x07" * 32, (b"\x01" * 32, ("take", 2))]
    data = pack([*fields, ALICE.sign(b"goldnet/envelope/v1" + pack(fields))])
    error = refused(data, "protocol version 1; this peer speaks version 2")
    assert "\n" not in str(error)


@pytest.mark.parametrize("type_", ["", "Table", "chat", "action ", "recommit", 1, None, b"action"])
def test_unknown_types_are_refused(type_: Any) -> None:
    """``recommit`` existed in version 1; version 2 has no recommitment outside a reveal."""
    fields = fields_of(sealed())
    fields[1] = type_
    refused(signed_array(fields), "unknown envelope type")


@pytest.mark.parametrize(
    ("index", "value", "match"),
    [
        (2, b"\x00" * 31, "game id"),
        (2, b"\x00" * 33, "game id"),
        (2, "x" * 32, "game id"),
        (3, b"\x00" * 31, "sender"),
        (3, None, "sender"),
        (4, -1, "sequence number"),
        (4, True, "sequence number"),
        (4, "3", "sequence number"),
        (4, b"\x03", "sequence number"),
        (5, b"", "previous hash"),
        (5, (ZERO_HASH,), "previous hash"),
        (6, b"seen", "history digest"),
        (6, None, "history digest"),
        (6, ((1, ZERO_HASH),) * (MAX_SEEN + 1), "at most 6"),
        (6, ((1,),), "count, 32-byte hash"),
        (6, ((1, ZERO_HASH, 3),), "count, 32-byte hash"),
        (6, ((-1, ZERO_HASH),), "count, 32-byte hash"),
        (6, ((True, ZERO_HASH),), "count, 32-byte hash"),
        (6, (("1", ZERO_HASH),), "count, 32-byte hash"),
        (6, ((1, b"\x00" * 31),), "count, 32-byte hash"),
        (6, ((1, "h" * 32),), "count, 32-byte hash"),
        (6, (b"\x01" * 33,), "count, 32-byte hash"),
        (7, b"body", "body"),
        (7, None, "body"),
        (7, 5, "body"),
    ],
)
def test_fields_of_the_wrong_type_or_size_are_refused(index: int, value: Any, match: str) -> None:
    fields = fields_of(sealed())
    fields[index] = value
    refused(signed_array(fields), match)


@pytest.mark.parametrize("signature", [b"", b"\x00" * 63, b"\x00" * 65, "s" * 64, None])
def test_signatures_of_the_wrong_type_or_size_are_refused(signature: Any) -> None:
    refused(pack([*fields_of(sealed()), signature]), "signature")


@pytest.mark.parametrize(
    "value", [[], [1] * 8, [1] * 10, (1, 2, 3, 4, 5, 6, 7, 8, 9), "envelope", 0, None, b"\x99"]
)
def test_anything_but_an_array_of_nine_fields_is_refused(value: Any) -> None:
    refused(pack(value))


def test_non_canonical_encodings_are_refused_although_the_signature_is_valid() -> None:
    env = sealed(seq=5)
    fields = fields_of(env)
    parts = [pack(f) for f in [*fields, env.signature]]
    head = b"\x99"
    variants = {
        "array16 header": b"\xdc\x00\x09" + b"".join(parts),
        "seq as uint8": head + b"".join(parts[:4]) + b"\xcc\x05" + b"".join(parts[5:]),
        "version as int8": head + b"\xd0\x02" + b"".join(parts[1:]),
        "type as str8": head + parts[0] + b"\xd9\x06action" + b"".join(parts[2:]),
        "game id as bin16": head
        + b"".join(parts[:2])
        + b"\xc5\x00\x20"
        + GAME_ID
        + b"".join(parts[3:]),
        "digest count as uint16": head
        + b"".join(parts[:6])
        + b"\x92\x92\xcd\x00\x04\xc4\x20"
        + b"\x07" * 32
        + pack(SEEN[1])
        + b"".join(parts[7:]),
    }
    for name, data in variants.items():
        # The same value, the same valid signature: plain msgpack would accept it.
        assert msgpack.unpackb(data, use_list=False) == msgpack.unpackb(env.raw, use_list=False), (
            name
        )
        with pytest.raises(RemoteProtocolError, match="non-canonical"):
            Envelope.decode(data)


def test_oversized_envelopes_are_refused_before_decoding() -> None:
    big = sealed(body=(b"x" * MAX_ENVELOPE_SIZE,))
    assert len(big.raw) > MAX_ENVELOPE_SIZE
    refused(big.raw, "exceeds the limit")
    fits = sealed(body=(b"x" * (MAX_ENVELOPE_SIZE - 400),))
    assert len(fits.raw) <= MAX_ENVELOPE_SIZE
    assert Envelope.decode(fits.raw).body == fits.body


def test_every_truncation_and_any_trailing_byte_is_refused() -> None:
    raw = sealed().raw
    for cut in range(len(raw)):
        refused(raw[:cut])
    refused(raw + b"\x00", "trailing")
    refused(raw + raw, "trailing")


# --- proof of two histories ---------------------------------------------------------------


def test_one_sequence_number_with_two_envelopes_is_proof() -> None:
    a = sealed(body=(b"\x01" * 32, ("take", 2)))
    b = sealed(body=(b"\x01" * 32, ("take", 1)))
    reason = conflict(a, b)
    assert reason is not None and "sequence number 4" in reason
    assert conflict(b, a) == reason
    # Only the digest differs: still two envelopes one member signed with one number.
    c = sealed(seen=((4, b"\x07" * 32), (3, b"\x0a" * 32)))
    assert conflict(a, c) is not None


def test_an_envelope_that_does_not_follow_its_signed_predecessor_is_proof() -> None:
    first = sealed(seq=4)
    follows = sealed(seq=5, prev=first.hash, seen=((5, first.hash), (2, b"\x08" * 32)))
    assert conflict(first, follows) is None
    forked = sealed(seq=5, prev=b"\x0b" * 32, seen=((5, b"\x0b" * 32), (2, b"\x08" * 32)))
    reason = conflict(first, forked)
    assert reason is not None and "does not follow" in reason
    assert conflict(forked, first) == reason


def test_what_is_not_proof() -> None:
    a = sealed()
    assert conflict(a, Envelope.decode(a.raw)) is None  # the same envelope twice
    assert conflict(a, sealed(identity=MALLORY)) is None  # two senders
    assert conflict(a, sealed(game_id=b"\x05" * 32)) is None  # two games
    assert conflict(a, sealed(seq=6, prev=b"\x0c" * 32)) is None  # not neighbours


# --- fuzzing ------------------------------------------------------------------------------


def only_remote_errors(data: bytes) -> Envelope | None:
    try:
        return Envelope.decode(data)
    except RemoteProtocolError as exc:
        assert exc.culprit is None
        return None
    except ProtocolError as exc:  # pragma: no cover - a failure
        raise AssertionError(f"{type(exc).__name__} escaped: {exc}") from None


@settings(max_examples=300)
@given(st.binary(max_size=300))
def test_random_bytes_raise_only_remote_protocol_errors(data: bytes) -> None:
    assert only_remote_errors(data) is None


@settings(max_examples=300)
@given(
    st.lists(
        st.tuples(st.integers(0, 300), st.integers(0, 255), st.sampled_from("fidc")), max_size=4
    )
)
def test_mutated_envelopes_raise_only_remote_protocol_errors(edits: list[Any]) -> None:
    original = sealed().raw
    data = bytearray(original)
    for where, byte, kind in edits:
        where %= len(data) + 1
        if kind == "f" and where < len(data):
            data[where] ^= byte or 1
        elif kind == "i":
            data[where:where] = bytes([byte])
        elif kind == "d" and where < len(data):
            del data[where]
        elif kind == "c":
            del data[where:]
    env = only_remote_errors(bytes(data))
    # Only the untouched bytes are accepted.
    assert (env is not None) == (bytes(data) == original)


scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(1 << 63), max_value=(1 << 64) - 1)
    | st.text(max_size=10)
    | st.binary(max_size=70)
)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4).map(tuple), max_leaves=8)
good_seen = st.lists(
    st.tuples(st.integers(0, 1 << 20), st.binary(min_size=32, max_size=32)), max_size=MAX_SEEN
).map(tuple)


def mostly(good: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """A field that is usually right, so that the fuzzer reaches the later checks."""
    return st.one_of(good, good, good, values)


fields_strategy = st.tuples(
    mostly(st.just(VERSION)),
    mostly(st.sampled_from(TYPES)),
    mostly(st.just(GAME_ID)),
    mostly(st.just(ALICE.public)),
    mostly(st.integers(0, (1 << 64) - 1)),
    mostly(st.just(ZERO_HASH)),
    mostly(good_seen),
    mostly(st.lists(values, max_size=3).map(tuple)),
)


@settings(max_examples=250)
@given(fields_strategy, st.sampled_from(["alice", "mallory", "garbage"]))
def test_well_formed_arrays_of_any_fields_raise_only_remote_protocol_errors(
    fields: tuple[Any, ...], signer: str
) -> None:
    message = SIGNING_TAG + pack(list(fields))
    signature = {
        "alice": ALICE.sign(message),
        "mallory": MALLORY.sign(message),
        "garbage": b"\x00" * 64,
    }[signer]
    env = only_remote_errors(pack([*fields, signature]))
    if env is not None:
        assert signer == "alice"
        assert (env.type, env.game_id, env.sender, env.seq, env.prev, env.seen, env.body) == (
            fields[1:]
        )


# --- one check per envelope and process ---------------------------------------------------


def test_the_same_bytes_have_their_signature_checked_once_per_process(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hosting process meets each envelope in its relay, its own machine and its bots: the
    signature of one byte string is checked once; any other bytes are checked in full, and
    an envelope this process sealed is not checked at all."""
    from protocol import envelope

    calls: list[bytes] = []
    real = envelope.verify

    def counted(public: bytes, signature: bytes, data: bytes) -> bool:
        calls.append(signature)
        return real(public, signature, data)

    monkeypatch.setattr(envelope, "verify", counted)
    fields = [VERSION, "action", GAME_ID, ALICE.public, 9, b"\x05" * 32, SEEN, (b"\x02" * 32, ())]
    data = signed_array(fields)
    for _ in range(3):
        assert Envelope.decode(data).raw == data
    assert len(calls) == 1
    forged = signed_array(fields, MALLORY)  # same fields, another signer's signature
    for _ in range(2):
        with pytest.raises(RemoteProtocolError, match="bad signature"):
            Envelope.decode(forged)
    assert len(calls) == 3  # a refused envelope is checked again each time it comes
    Envelope.decode(sealed(seq=77).raw)
    assert len(calls) == 3


def test_the_checked_envelopes_kept_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    from protocol import envelope

    monkeypatch.setattr(envelope, "MAX_VERIFIED", 5)
    for seq in range(20):
        sealed(seq=1000 + seq)
    assert len(envelope._verified) == 5


# --- the signed bytes, sliced instead of packed again ---------------------------------------


bodies = st.recursive(
    st.none() | st.booleans() | st.integers(-(1 << 63), (1 << 64) - 1) | st.binary(max_size=300),
    lambda inner: st.lists(inner, max_size=5).map(tuple),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(
    type_=st.sampled_from(TYPES),
    seq=st.integers(0, (1 << 64) - 1),
    body=st.lists(bodies, max_size=4).map(tuple),
    big=st.binary(min_size=0, max_size=70_000),
)
def test_the_signed_bytes_sliced_from_an_envelope_are_its_first_eight_fields_packed(
    type_: str, seq: int, body: tuple[Any, ...], big: bytes
) -> None:
    """Sealing and decoding take the signed bytes from the envelope's own bytes (a 9-item
    array's items under an 8-item header, without the signature): for any fields — large
    bodies included — they are exactly ``pack`` of the eight fields, so the signature covers
    the same bytes as before; and a signature over anything else is refused."""
    from protocol.envelope import _signed_part

    fields = [VERSION, type_, GAME_ID, ALICE.public, seq, b"\x07" * 32, SEEN, (*body, big)]
    packed = pack(fields)
    if len(packed) + 66 > MAX_ENVELOPE_SIZE:
        return
    env = Envelope.seal(ALICE, type_, GAME_ID, seq, b"\x07" * 32, (*body, big), SEEN)
    assert env.raw == pack([*fields, env.signature])
    assert _signed_part(env.raw) == packed
    data = signed_array(fields)
    assert _signed_part(data) == packed
    assert Envelope.decode(data).raw == data
    wrong = pack([*fields, ALICE.sign(SIGNING_TAG + pack([*fields, b""]))])
    with pytest.raises(RemoteProtocolError, match="bad signature"):
        Envelope.decode(wrong)

"""Signed envelopes: every message a peer sends, protocol version 2.

An envelope is the canonical msgpack array

    [version, type, game_id, sender, seq, prev, seen, body, signature]

- ``version``: :data:`VERSION` (2);
- ``type``: one of :data:`TYPES` (the body of each is a class of :mod:`.messages`, or of
  :mod:`.deck_messages` for the deck's);
- ``game_id``: 32 bytes, the hash of the table (:class:`.messages.Table`);
- ``sender``: the sender's 32-byte Ed25519 public key;
- ``seq``: the sender's sequence number, 0 for its first envelope of the game;
- ``prev``: SHA-256 of the sender's previous envelope (32 zero bytes when ``seq`` is 0);
- ``seen``: the sender's digest of the history it has accepted: per member in seat order, the
  pair ``[count, hash]`` — how many of that member's envelopes it accepted and the hash of the
  last one (zero hash for none); empty in a ``table`` envelope (no seats exist yet);
- ``body``: an array whose shape depends on ``type``;
- ``signature``: Ed25519 over ``b"goldnet/envelope/v2" ‖ pack([version … body])``.

The hash of an envelope is SHA-256 of its bytes as received; only canonical bytes are accepted.
Decoding checks the shape of every field here; what a body means is checked by the lockstep
machine (a malformed body is the signer's fault, a malformed envelope nobody's).

One process often meets one envelope several times — a hosting peer's relay checks each
envelope, then the host's own lockstep machine, and each bot of the process takes it again.
The hashes of the last :data:`MAX_VERIFIED` envelopes whose signature this process checked (or
made) are kept, and the same bytes are not checked twice: one hash names one byte string, and
one byte string verifies or does not. Everything else is decoded and checked every time.
"""

from __future__ import annotations

import hashlib
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from .codec import pack, unpack
from .errors import RemoteProtocolError
from .identity import PUBLIC_KEY_SIZE, SIGNATURE_SIZE, Identity, verify

VERSION = 2
MAX_ENVELOPE_SIZE = 64 * 1024
"""Largest envelope accepted, in bytes."""
ZERO_HASH = bytes(32)
SIGNING_TAG = b"goldnet/envelope/v2"
MAX_SEEN = 6
"""Most entries in a ``seen`` digest (one per seat)."""

DECK_TYPES = (
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
"""The deck's messages (protocol.deck_messages, docs/deck.md §9), each an envelope type."""
TYPES = ("table", "commit", "reveal", "action", "adjudicate", "close", *DECK_TYPES)
"""``table``: a member's table proposal; ``commit``: a member's first beacon commitment (joins
the table); ``reveal``: a beacon chain value for one draw (with the next chain's commitment at
the fixed draw); ``action``: a seat's move; ``adjudicate``: a member's signed statement that the
game is abandoned; ``close``: a member's last envelope once the game is over, whose history
digest lets the others check that everyone saw the same last moves; then the deck's messages
(:data:`DECK_TYPES`)."""

Seen = tuple[tuple[int, bytes], ...]
"""A history digest: per member in seat order, ``(count, hash of the last)``."""
MAX_VERIFIED = 4096
"""Most envelope hashes this process keeps as signature-checked."""

_verified: OrderedDict[bytes, None] = OrderedDict()
_verified_lock = threading.Lock()


def _signed_before(hash_: bytes) -> bool:
    """Whether the envelope of hash ``hash_`` had its signature checked (or was made) here."""
    with _verified_lock:
        if hash_ not in _verified:
            return False
        _verified.move_to_end(hash_)
        return True


def forget_checked() -> None:
    """Forget which envelopes this process checked: the next decode of each checks its
    signature again, as a fresh process would (for measurements)."""
    with _verified_lock:
        _verified.clear()


def _remember(hash_: bytes) -> None:
    with _verified_lock:
        _verified[hash_] = None
        _verified.move_to_end(hash_)
        while len(_verified) > MAX_VERIFIED:
            _verified.popitem(last=False)


def digest(data: bytes) -> bytes:
    """SHA-256 of ``data`` (32 bytes)."""
    return hashlib.sha256(data).digest()


_ARRAY_8 = b"\x98"
_ARRAY_9 = b"\x99"
_SIGNATURE_HEADER = b"\xc4" + bytes([SIGNATURE_SIZE])
"""Canonical msgpack headers: a fixarray of 8 and of 9 items, a bin 8 of a signature's size."""
_SIGNATURE_TAIL = len(_SIGNATURE_HEADER) + SIGNATURE_SIZE


def _with_signature(fields: bytes, signature: bytes) -> bytes:
    """``pack([*f, signature])`` from ``fields = pack(f)`` (``f`` eight values): the canonical
    encoding of an array is its header then its items' encodings, so the envelope's bytes are
    the signed array's items under a 9-item header, then the signature — nothing packed
    twice."""
    return _ARRAY_9 + fields[1:] + _SIGNATURE_HEADER + signature


def _signed_part(raw: bytes) -> bytes:
    """``pack([version … body])`` of a canonical envelope ``raw`` (a 9-item array whose last
    item is a 64-byte signature, as :meth:`Envelope.decode` checked): the inverse of
    :func:`_with_signature`, by slicing instead of packing the decoded fields again."""
    return _ARRAY_8 + raw[1:-_SIGNATURE_TAIL]


def _check_seen(seen: Any) -> Seen:
    if not isinstance(seen, tuple) or len(seen) > MAX_SEEN:
        raise RemoteProtocolError(f"the history digest is an array of at most {MAX_SEEN} pairs")
    for entry in seen:
        if (
            not isinstance(entry, tuple)
            or len(entry) != 2
            or not isinstance(entry[0], int)
            or isinstance(entry[0], bool)
            or entry[0] < 0
            or not isinstance(entry[1], bytes)
            or len(entry[1]) != 32
        ):
            raise RemoteProtocolError("a history digest entry is [count, 32-byte hash]")
    return seen


@dataclass(frozen=True, slots=True)
class Envelope:
    """A decoded, signature-checked envelope; ``raw`` holds its exact bytes."""

    type: str
    game_id: bytes
    sender: bytes
    seq: int
    prev: bytes
    seen: Seen
    body: tuple[Any, ...]
    signature: bytes
    raw: bytes
    hash: bytes

    @classmethod
    def seal(
        cls,
        identity: Identity,
        type_: str,
        game_id: bytes,
        seq: int,
        prev: bytes,
        body: tuple[Any, ...],
        seen: Seen = (),
    ) -> Envelope:
        """Sign a new envelope as ``identity``.

        Raises:
            LocalProtocolError: a value the codec does not carry.
        """
        fields = pack([VERSION, type_, game_id, identity.public, seq, prev, seen, body])
        signature = identity.sign(SIGNING_TAG + fields)
        raw = _with_signature(fields, signature)
        hash_ = digest(raw)
        _remember(hash_)
        body = tuple(body)
        return cls(
            type_, game_id, identity.public, seq, prev, tuple(seen), body, signature, raw, hash_
        )

    @classmethod
    def decode(cls, data: bytes) -> Envelope:
        """Decode and check one envelope: canonical bytes, field types, signature.

        Raises:
            RemoteProtocolError: anything malformed; a bad signature (culprit unknown: anyone
                can write any sender field).
        """
        value = unpack(data, MAX_ENVELOPE_SIZE)
        if not isinstance(value, tuple) or len(value) != 9:
            if isinstance(value, tuple) and len(value) == 8 and value[0] == 1:
                raise RemoteProtocolError(
                    "an envelope of protocol version 1; this peer speaks version 2"
                )
            raise RemoteProtocolError("an envelope is an array of 9 fields")
        version, type_, game_id, sender, seq, prev, seen, body, signature = value
        if version != VERSION or isinstance(version, bool):
            raise RemoteProtocolError(f"unknown protocol version {version!r} (this is {VERSION})")
        if type_ not in TYPES:
            raise RemoteProtocolError(f"unknown envelope type {type_!r}")
        for name, field, size in (
            ("game id", game_id, 32),
            ("sender", sender, PUBLIC_KEY_SIZE),
            ("previous hash", prev, 32),
            ("signature", signature, SIGNATURE_SIZE),
        ):
            if not isinstance(field, bytes) or len(field) != size:
                raise RemoteProtocolError(f"the {name} must be {size} bytes")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            raise RemoteProtocolError("the sequence number must be a non-negative integer")
        _check_seen(seen)
        if not isinstance(body, tuple):
            raise RemoteProtocolError("the body must be an array")
        raw = bytes(data)
        hash_ = digest(raw)
        if not _signed_before(hash_):
            signed = SIGNING_TAG + _signed_part(raw)
            if not verify(sender, signature, signed):
                raise RemoteProtocolError("bad signature")
            _remember(hash_)
        return cls(type_, game_id, sender, seq, prev, seen, body, signature, raw, hash_)


def conflict(a: Envelope, b: Envelope) -> str | None:
    """Why ``a`` and ``b`` prove that their common sender signed two histories, or ``None``.

    Proof is: one sender and one game, and either one sequence number with two different
    envelopes, or ``b`` following ``a`` by sequence number while ``b.prev`` is not ``a``'s hash.
    Both are signed by the sender: nobody else can make such a pair.
    """
    if a.sender != b.sender or a.game_id != b.game_id or a.hash == b.hash:
        return None
    if a.seq == b.seq:
        return f"two different envelopes with sequence number {a.seq}"
    first, second = (a, b) if a.seq < b.seq else (b, a)
    if second.seq == first.seq + 1 and second.prev != first.hash:
        return f"envelope {second.seq} does not follow the signed envelope {first.seq}"
    return None

"""Signed envelopes: every message a peer sends (DESIGN §5).

An envelope is the canonical msgpack array

    [version, type, game_id, sender, seq, prev, body, signature]

- ``version``: :data:`VERSION`;
- ``type``: one of :data:`TYPES`;
- ``game_id``: 32 bytes, SHA-256 of the table (see :mod:`.messages`);
- ``sender``: the sender's 32-byte Ed25519 public key;
- ``seq``: the sender's sequence number, 0 for its first envelope of the game;
- ``prev``: SHA-256 of the sender's previous envelope (32 zero bytes when ``seq`` is 0);
- ``body``: an array whose shape depends on ``type``;
- ``signature``: Ed25519 over ``b"goldnet/envelope/v1" + pack([version … body])``.

The hash of an envelope is SHA-256 of its bytes as received; only canonical bytes are accepted.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from .codec import pack, unpack
from .errors import RemoteProtocolError
from .identity import PUBLIC_KEY_SIZE, SIGNATURE_SIZE, Identity, verify

VERSION = 1
MAX_ENVELOPE_SIZE = 64 * 1024
"""Largest envelope accepted, in bytes."""
ZERO_HASH = bytes(32)
SIGNING_TAG = b"goldnet/envelope/v1"

TYPES = ("table", "commit", "reveal", "recommit", "action")
"""``table``: the host's table proposal; ``commit``: a member's beacon commitment (joins the
table); ``reveal``: a beacon chain value for one draw; ``recommit``: a fresh chain; ``action``:
a seat's move."""


def digest(data: bytes) -> bytes:
    """SHA-256 of ``data`` (32 bytes)."""
    return hashlib.sha256(data).digest()


@dataclass(frozen=True, slots=True)
class Envelope:
    """A decoded, signature-checked envelope; ``raw`` holds its exact bytes."""

    type: str
    game_id: bytes
    sender: bytes
    seq: int
    prev: bytes
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
    ) -> Envelope:
        """Sign a new envelope as ``identity``."""
        fields = [VERSION, type_, game_id, identity.public, seq, prev, body]
        signature = identity.sign(SIGNING_TAG + pack(fields))
        raw = pack([*fields, signature])
        return cls(
            type_, game_id, identity.public, seq, prev, tuple(body), signature, raw, digest(raw)
        )

    @classmethod
    def decode(cls, data: bytes) -> Envelope:
        """Decode and check one envelope: canonical bytes, field types, signature.

        Raises:
            RemoteProtocolError: anything malformed; a bad signature (culprit unknown: anyone
                can forge a sender field).
        """
        value = unpack(data, MAX_ENVELOPE_SIZE)
        if not isinstance(value, tuple) or len(value) != 8:
            raise RemoteProtocolError("an envelope is an array of 8 fields")
        version, type_, game_id, sender, seq, prev, body, signature = value
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
        if not isinstance(body, tuple):
            raise RemoteProtocolError("the body must be an array")
        raw = bytes(data)
        signed = SIGNING_TAG + pack([version, type_, game_id, sender, seq, prev, body])
        if not verify(sender, signature, signed):
            raise RemoteProtocolError("bad signature")
        return cls(type_, game_id, sender, seq, prev, body, signature, raw, digest(raw))

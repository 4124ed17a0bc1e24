"""Frames on a relay connection: a 4-byte big-endian length, then a canonical msgpack array.

Messages (``[kind, ...]``):

| kind | direction | fields |
| --- | --- | --- |
| ``hello`` | relay → client | version, relay key, nonce (32 bytes), table name, game, seats |
| ``auth`` | client → relay | public key, role (``player`` / ``spectator``), name, signature |
| ``welcome`` | relay → client | log length |
| ``refused`` | relay → client | reason (text); the relay then closes |
| ``seats`` | relay → clients | member public keys in seat order, their names |
| ``resume`` | client → relay | index into the relay's log to send from |
| ``env`` | both | envelope bytes (relay → client: also its index in the log) |
| ``ping`` / ``pong`` | both | — (heartbeats) |

``auth``'s signature is Ed25519 over ``AUTH_TAG || nonce || relay key || client key || name``
(UTF-8): the client proves its key for this connection to this relay.
"""

from __future__ import annotations

from typing import Any

from protocol.codec import pack, unpack
from protocol.envelope import MAX_ENVELOPE_SIZE
from protocol.errors import RemoteProtocolError

MAX_FRAME = MAX_ENVELOPE_SIZE + 1024
"""Largest frame payload accepted, in bytes."""
HEADER = 4
AUTH_TAG = b"goldnet/relay-auth/v1"
RELAY_VERSION = 1


class FrameError(RemoteProtocolError):
    """A frame that breaks the framing (oversized, malformed)."""


def encode(message: tuple[Any, ...] | list[Any]) -> bytes:
    """One frame carrying ``message``."""
    payload = pack(message)
    if len(payload) > MAX_FRAME:
        raise ValueError(f"frame of {len(payload)} bytes exceeds {MAX_FRAME}")
    return len(payload).to_bytes(HEADER, "big") + payload


def auth_message(nonce: bytes, relay_key: bytes, client_key: bytes, name: str) -> bytes:
    """The bytes a client signs to authenticate."""
    return AUTH_TAG + nonce + relay_key + client_key + name.encode("utf-8")


class FrameDecoder:
    """Sans-IO frame splitter: :meth:`feed` bytes, get whole decoded messages back."""

    def __init__(self, max_frame: int = MAX_FRAME) -> None:
        self._buffer = bytearray()
        self._max = max_frame

    def feed(self, data: bytes) -> list[tuple[Any, ...]]:
        """Decoded messages completed by ``data``.

        Raises:
            FrameError: an announced length above the limit, or a payload that is not a
                canonical msgpack array starting with a kind (text).
        """
        self._buffer += data
        out: list[tuple[Any, ...]] = []
        while len(self._buffer) >= HEADER:
            size = int.from_bytes(self._buffer[:HEADER], "big")
            if size > self._max:
                raise FrameError(f"frame of {size} bytes exceeds the limit of {self._max}")
            if len(self._buffer) < HEADER + size:
                break
            payload = bytes(self._buffer[HEADER : HEADER + size])
            del self._buffer[: HEADER + size]
            try:
                message = unpack(payload, self._max)
            except RemoteProtocolError as exc:
                raise FrameError(f"malformed frame: {exc}") from None
            if not isinstance(message, tuple) or not message or not isinstance(message[0], str):
                raise FrameError("a frame holds [kind, ...]")
            out.append(message)
        return out

"""Frames on a relay connection: a 4-byte big-endian length, then a canonical msgpack array.

Messages (``[kind, ...]``):

| kind | direction | fields |
| --- | --- | --- |
| ``hello`` | relay → client | version, relay key, nonce (32 bytes), table name, game, seats |
| ``auth`` | client → relay | public key, role (``player`` / ``spectator`` / ``watch``: a |
| | | member's rematch watch, no seat, no log), name, signature, |
| | | and, from a member resuming a game, that game's id (32 bytes) |
| ``welcome`` | relay → client | log length |
| ``refused`` | relay → client | reason (text); the relay then closes |
| ``seats`` | relay → clients | member public keys in seat order, their names |
| ``resume`` | client → relay | index into the relay's log to send from |
| ``env`` | both | envelope bytes (relay → client: also its index in the log) |
| ``presence`` | relay → clients | member key, connected (bool): after ``welcome``, one per seat; |
| | | then whenever a seated member's connection drops or comes back |
| ``evidence`` | client → relay | envelope bytes: any member's envelope of this game |
| ``ping`` / ``pong`` | both | — (heartbeats) |
| ``rematch`` | both | a rematch note's bytes, its member's signature (:mod:`.rematch`): never |
| | | logged; a member's goes to the relay's host, the host's to every member |

``auth``'s signature is Ed25519 over ``AUTH_TAG || nonce || relay key || client key || name``
(UTF-8): the client proves its key for this connection to this relay. The game id a resuming
member adds is not signed: it only lets the relay refuse a member that comes back to a relay
which now hosts another table (same host, same port, same key) instead of seating it there —
a relay that ignores it can only do what it could anyway, keep the member from its game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from protocol.codec import pack, unpack
from protocol.envelope import MAX_ENVELOPE_SIZE
from protocol.errors import RemoteProtocolError

from .errors import NetError

MAX_FRAME = MAX_ENVELOPE_SIZE + 1024
"""Largest frame payload accepted, in bytes."""
HEADER = 4
AUTH_TAG = b"goldnet/relay-auth/v1"
RELAY_VERSION = 1


class FrameError(RemoteProtocolError, NetError):
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


# --- relay → client frames, typed ---------------------------------------------------------------

KEY_SIZE = 32
NONCE_SIZE = 32
MAX_NAME = 40
MAX_TABLE_NAME = 200
"""Longest table name, game name or refusal reason a client accepts, in characters."""
MAX_SEATS = 64


@dataclass(frozen=True, slots=True)
class Hello:
    version: int
    relay_key: bytes
    nonce: bytes
    table_name: str
    game: str
    seats: int


@dataclass(frozen=True, slots=True)
class Welcome:
    log_length: int


@dataclass(frozen=True, slots=True)
class Refused:
    reason: str


@dataclass(frozen=True, slots=True)
class Seats:
    keys: tuple[bytes, ...]
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Env:
    index: int
    data: bytes


@dataclass(frozen=True, slots=True)
class Presence:
    key: bytes
    connected: bool


@dataclass(frozen=True, slots=True)
class Pong:
    pass


@dataclass(frozen=True, slots=True)
class Rematch:
    data: bytes
    signature: bytes


RelayFrame = Hello | Welcome | Refused | Seats | Env | Presence | Pong | Rematch
"""A frame a relay sends to a client, checked."""


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _key(value: Any) -> bool:
    return isinstance(value, bytes) and len(value) == KEY_SIZE


def _text(value: Any, limit: int) -> bool:
    """One line of printable text (no control characters) of at most ``limit`` characters."""
    return isinstance(value, str) and len(value) <= limit and value.isprintable()


def _shape(message: tuple[Any, ...], layout: str) -> None:
    """``layout`` is the frame's fields after its kind, comma-separated."""
    if len(message) != 2 + layout.count(", "):
        article = "an" if message[0][0] in "aeiou" else "a"
        raise FrameError(f"{article} {message[0]} frame is [{', '.join([message[0], layout])}]")


def parse_relay_frame(message: tuple[Any, ...]) -> RelayFrame:
    """The typed value of a frame a relay sent (``message`` as :class:`FrameDecoder` gives it).

    Checks arity and field types only: whether the frame is expected now is the client's
    business.

    Raises:
        FrameError: an unknown kind, a wrong number of fields or a field of the wrong type or
            size; the message is one line naming the frame and never quotes its content.
    """
    kind = message[0]
    if kind == "hello":
        _shape(message, "version, relay key, nonce, table name, game, seats")
        _, version, relay_key, nonce, table_name, game, seats = message
        if not (_count(version) and _key(relay_key) and isinstance(nonce, bytes)):
            raise FrameError("a hello frame has a bad version, relay key or nonce")
        if len(nonce) != NONCE_SIZE or not _count(seats) or not 1 <= seats <= MAX_SEATS:
            raise FrameError("a hello frame has a bad nonce or number of seats")
        if not (_text(table_name, MAX_TABLE_NAME) and _text(game, MAX_TABLE_NAME)):
            raise FrameError("a hello frame has a bad table name or game")
        return Hello(version, relay_key, nonce, table_name, game, seats)
    if kind == "welcome":
        _shape(message, "log length")
        if not _count(message[1]):
            raise FrameError("a welcome frame's log length is a non-negative integer")
        return Welcome(message[1])
    if kind == "refused":
        _shape(message, "reason")
        if not _text(message[1], MAX_TABLE_NAME):
            raise FrameError("a refused frame's reason is one line of text")
        return Refused(message[1])
    if kind == "seats":
        _shape(message, "member keys, names")
        keys, names = message[1], message[2]
        if not (isinstance(keys, tuple) and isinstance(names, tuple)):
            raise FrameError("a seats frame holds two arrays")
        if len(keys) != len(names) or len(keys) > MAX_SEATS:
            raise FrameError("a seats frame has as many keys as names, at most 64")
        if not all(_key(k) for k in keys) or not all(_text(n, MAX_NAME) for n in names):
            raise FrameError("a seats frame holds 32-byte keys and one-line names")
        return Seats(keys, names)
    if kind == "env":
        _shape(message, "log index, envelope")
        if not _count(message[1]) or not isinstance(message[2], bytes):
            raise FrameError("an env frame holds a log index and envelope bytes")
        return Env(message[1], message[2])
    if kind == "presence":
        _shape(message, "member key, connected")
        if not _key(message[1]) or not isinstance(message[2], bool):
            raise FrameError("a presence frame holds a 32-byte key and a boolean")
        return Presence(message[1], message[2])
    if kind == "rematch":
        _shape(message, "note, signature")
        if not isinstance(message[1], bytes) or not isinstance(message[2], bytes):
            raise FrameError("a rematch frame holds a note's bytes and a signature")
        return Rematch(message[1], message[2])
    if kind == "pong":
        if len(message) != 1:
            raise FrameError("a pong frame has no fields")
        return Pong()
    raise FrameError(f"unknown frame {str(kind)[:20]!r}")

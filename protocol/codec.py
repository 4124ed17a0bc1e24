"""Canonical msgpack: the only byte form goldnet accepts from the network.

Values are ``None``, ``bool``, ``int`` (64-bit signed or unsigned), ``str``, ``bytes`` and
arrays (tuples) of values — no floats, no maps, no extension types, nesting at most
:data:`MAX_DEPTH`. Decoding takes bytes within the caller's size limit, one whole value with
nothing after it (``msgpack.unpackb``; what it refuses, a bounded :class:`msgpack.Unpacker`
decodes again to say what is wrong: truncated, trailing bytes, undecodable), then the value's
types are checked and it is re-encoded and compared with the input: msgpack itself accepts
non-minimal integers and other alternative encodings, which would let two byte strings carry
one value.
"""

from __future__ import annotations

from typing import Any

import msgpack

from .errors import LocalProtocolError, RemoteProtocolError

MAX_DEPTH = 8
"""Deepest array nesting accepted."""

_INT_MIN = -(1 << 63)
_INT_MAX = (1 << 64) - 1


_STRICT: dict[str, Any] = dict(
    use_list=False, raw=False, strict_map_key=True, max_map_len=0, max_ext_len=0
)
"""How :func:`unpack` decodes: arrays as tuples, text as UTF-8, no maps, no extension types."""

_PLAIN = frozenset({type(None), bool, str, bytes})
"""Types that are always carried as they are (exact types: a subclass takes the slow path)."""


def _check(value: Any, depth: int, error: type[Exception]) -> None:
    """Raise ``error`` unless ``value`` is a value the protocol carries (module docstring).

    The fast path looks at exact types only (what msgpack decodes to, and what this code
    builds); anything else — a subclass, an extension type, a float — goes to
    :func:`_check_any`, which decides with ``isinstance`` as before."""
    kind = type(value)
    if kind in _PLAIN:
        return
    if kind is int:
        if not _INT_MIN <= value <= _INT_MAX:
            raise error(f"integer out of the 64-bit range: {value}")
        return
    if kind is tuple or kind is list:
        if depth >= MAX_DEPTH:
            raise error(f"arrays nested deeper than {MAX_DEPTH}")
        for item in value:
            kind = type(item)
            if kind in _PLAIN:
                continue
            if kind is int and _INT_MIN <= item <= _INT_MAX:
                continue
            _check(item, depth + 1, error)
        return
    _check_any(value, depth, error)


def _check_any(value: Any, depth: int, error: type[Exception]) -> None:
    if value is None or isinstance(value, (bool, str, bytes)):
        return
    if isinstance(value, int):
        if not _INT_MIN <= value <= _INT_MAX:
            raise error(f"integer out of the 64-bit range: {value}")
        return
    if isinstance(value, msgpack.ExtType):  # a namedtuple: it would pass as an array
        raise error("extension types are not allowed in goldnet messages")
    if isinstance(value, (tuple, list)):
        if depth >= MAX_DEPTH:
            raise error(f"arrays nested deeper than {MAX_DEPTH}")
        for item in value:
            _check(item, depth + 1, error)
        return
    raise error(f"{type(value).__name__} is not allowed in goldnet messages")


def pack(value: Any) -> bytes:
    """The canonical encoding of ``value`` (tuples and lists both become arrays).

    Raises:
        LocalProtocolError: ``value`` holds a type the protocol does not carry.
    """
    _check(value, 0, LocalProtocolError)
    return bytes(msgpack.packb(value, use_bin_type=True))


def unpack(data: bytes, max_size: int) -> Any:
    """Decode exactly one canonical value from ``data`` (arrays come back as tuples).

    Raises:
        RemoteProtocolError: oversized, truncated, trailing bytes, a forbidden type, invalid
            UTF-8, or a non-canonical encoding.
    """
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise RemoteProtocolError(f"expected bytes, got {type(data).__name__}")
    data = bytes(data)
    if len(data) > max_size:
        raise RemoteProtocolError(f"message of {len(data)} bytes exceeds the limit of {max_size}")
    try:  # the usual case, a whole value and nothing after it: one call, no Unpacker made
        value = msgpack.unpackb(data, **_STRICT)
    except (ValueError, TypeError, msgpack.UnpackException, RecursionError):
        return _unpack_or_explain(data, max_size)  # raises, saying what is wrong
    _check(value, 0, RemoteProtocolError)
    if msgpack.packb(value, use_bin_type=True) != data:
        raise RemoteProtocolError("non-canonical encoding")
    return value


def _unpack_or_explain(data: bytes, max_size: int) -> Any:
    """:func:`unpack` through a bounded :class:`msgpack.Unpacker`, which tells a truncated
    message from trailing bytes and from bytes msgpack refuses: the path of the bytes
    ``msgpack.unpackb`` did not take (it takes nothing this refuses; what both take, both check
    alike)."""
    unpacker = msgpack.Unpacker(max_buffer_size=max_size, **_STRICT)
    try:
        unpacker.feed(data)
        value = unpacker.unpack()
    except msgpack.OutOfData:
        raise RemoteProtocolError("truncated message") from None
    except (ValueError, TypeError, msgpack.UnpackException, RecursionError) as exc:
        raise RemoteProtocolError(f"undecodable message: {exc}") from None
    if unpacker.tell() != len(data):
        raise RemoteProtocolError("trailing bytes after the message")
    _check(value, 0, RemoteProtocolError)
    if msgpack.packb(value, use_bin_type=True) != data:
        raise RemoteProtocolError("non-canonical encoding")
    return value

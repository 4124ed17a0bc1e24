"""protocol.codec: the canonical msgpack subset (docs/protocol.md, "Canonical msgpack").

Every malformed input must raise RemoteProtocolError and nothing else; every accepted input must
be the one canonical encoding of its value.
"""

from __future__ import annotations

from typing import Any

import msgpack
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from protocol.codec import MAX_DEPTH, pack, unpack
from protocol.errors import LocalProtocolError, ProtocolError, RemoteProtocolError

LIMIT = 4096

scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(1 << 63), max_value=(1 << 64) - 1)
    | st.text(max_size=40)
    | st.binary(max_size=300)
)
wire = st.recursive(scalars, lambda inner: st.lists(inner, max_size=6).map(tuple), max_leaves=30)


def depth(value: Any) -> int:
    """Array nesting of ``value`` (0 for a scalar)."""
    if isinstance(value, tuple):
        return 1 + max((depth(v) for v in value), default=0)
    return 0


def nested(levels: int) -> Any:
    value: Any = 0
    for _ in range(levels):
        value = (value,)
    return value


# --- round trips ------------------------------------------------------------------------


@given(wire)
def test_every_wire_value_round_trips_through_its_canonical_encoding(value: Any) -> None:
    if depth(value) > MAX_DEPTH:
        return
    data = pack(value)
    assert data == msgpack.packb(value, use_bin_type=True)
    back = unpack(data, 1 << 20)
    assert back == value
    assert type(back) is type(value)  # True stays a bool, b"" stays bytes, arrays are tuples


def test_lists_pack_like_tuples_and_come_back_as_tuples() -> None:
    assert pack([1, [b"x", "y"]]) == pack((1, (b"x", "y")))
    assert unpack(pack([1, [b"x"]]), 100) == (1, (b"x",))


def test_booleans_and_integers_stay_distinct() -> None:
    assert pack(True) == b"\xc3" and pack(1) == b"\x01"
    assert unpack(b"\xc3", 1) is True
    assert unpack(b"\x01", 1) == 1 and unpack(b"\x01", 1) is not True


@pytest.mark.parametrize(
    ("value", "encoding"),
    [
        (0, "00"),
        (127, "7f"),
        (128, "cc80"),
        (256, "cd0100"),
        (65536, "ce00010000"),
        (1 << 32, "cf0000000100000000"),
        ((1 << 64) - 1, "cfffffffffffffffff"),
        (-1, "ff"),
        (-32, "e0"),
        (-33, "d0df"),
        (-129, "d1ff7f"),
        (-(1 << 63), "d38000000000000000"),
        (b"", "c400"),
        ("", "a0"),
        ("a" * 32, "d920" + "61" * 32),
        ((), "90"),
        (None, "c0"),
        (False, "c2"),
    ],
)
def test_the_canonical_forms_of_docs_protocol_md(value: Any, encoding: str) -> None:
    assert pack(value).hex() == encoding
    assert unpack(bytes.fromhex(encoding), 100) == value


def test_arrays_nest_at_most_max_depth_levels() -> None:
    assert unpack(pack(nested(MAX_DEPTH)), 100) == nested(MAX_DEPTH)
    with pytest.raises(LocalProtocolError, match="nested deeper"):
        pack(nested(MAX_DEPTH + 1))
    too_deep = b"\x91" * (MAX_DEPTH + 1) + b"\x00"
    with pytest.raises(RemoteProtocolError, match="nested deeper"):
        unpack(too_deep, 100)


# --- what pack refuses (our own mistakes) --------------------------------------------------


@pytest.mark.parametrize(
    "value",
    [1.5, {"a": 1}, {1, 2}, 1 << 64, -(1 << 63) - 1, (1, 2.0), object(), msgpack.ExtType(5, b"")],
)
def test_pack_refuses_values_the_protocol_does_not_carry(value: Any) -> None:
    with pytest.raises(LocalProtocolError):
        pack(value)


# --- what unpack refuses (the remote side's) ------------------------------------------------


NON_CANONICAL = {
    "uint8 for a fixint": "cc05",
    "uint16 for a uint8": "cd00ff",
    "uint32 for a fixint": "ce00000001",
    "uint64 for a fixint": "cf0000000000000001",
    "int8 for a positive fixint": "d005",
    "int8 for a negative fixint": "d0ff",
    "int16 for an int8": "d1ff80",
    "int64 for zero": "d30000000000000000",
    "str8 for a fixstr": "d90161",
    "str16 for a fixstr": "da000161",
    "str32 for a fixstr": "db0000000161",
    "bin16 for a bin8": "c5000161",
    "bin32 for a bin8": "c60000000161",
    "array16 for a fixarray": "dc000101",
    "array32 for a fixarray": "dd0000000101",
}


@pytest.mark.parametrize("hex_", list(NON_CANONICAL.values()), ids=list(NON_CANONICAL))
def test_non_minimal_encodings_are_refused(hex_: str) -> None:
    data = bytes.fromhex(hex_)
    # msgpack itself accepts every one of these…
    msgpack.unpackb(data, raw=False)
    # …goldnet does not: two byte strings must never carry one value.
    with pytest.raises(RemoteProtocolError, match="non-canonical"):
        unpack(data, 100)


@pytest.mark.parametrize(
    ("hex_", "reason"),
    [
        ("ca3f800000", "float"),
        ("cb3ff0000000000000", "float"),
        ("80", "dict"),
        ("8101", "undecodable"),
        ("c70005", "extension types"),
        ("d40100", "undecodable"),
        ("c1", "undecodable"),
        ("a1ff", "undecodable"),
        ("a2c328", "undecodable"),
        ("", "truncated"),
        ("92", "truncated"),
        ("c4", "truncated"),
        ("c40501", "truncated"),
        ("cd01", "truncated"),
        ("0000", "trailing"),
        ("90c0", "trailing"),
    ],
)
def test_forbidden_types_malformed_and_truncated_input_are_refused(hex_: str, reason: str) -> None:
    with pytest.raises(RemoteProtocolError, match=reason):
        unpack(bytes.fromhex(hex_), 100)


def test_extension_types_are_refused_although_they_look_like_arrays() -> None:
    # msgpack.ExtType is a namedtuple equal to (code, data): before the fix the ext bytes
    # c7 00 05 decoded, re-encoded identically, and passed for the 2-array (5, b"").
    ext = bytes.fromhex("c70005")
    assert msgpack.unpackb(ext) == (5, b"")
    assert msgpack.packb(msgpack.unpackb(ext)) == ext
    for data in (ext, bytes.fromhex("93c0c70005c0")):
        with pytest.raises(RemoteProtocolError, match="extension types"):
            unpack(data, 100)
    with pytest.raises(LocalProtocolError, match="extension types"):
        pack((1, msgpack.ExtType(5, b"")))


def test_the_size_limit_holds_before_decoding() -> None:
    data = pack(b"x" * 200)
    assert unpack(data, len(data)) == b"x" * 200
    with pytest.raises(RemoteProtocolError, match="exceeds the limit"):
        unpack(data, len(data) - 1)
    # A header announcing more than the limit, with little data behind it.
    with pytest.raises(RemoteProtocolError):
        unpack(b"\xc6\xff\xff\xff\xff" + b"x" * 10, 100)
    with pytest.raises(RemoteProtocolError):
        unpack(b"\xdd\xff\xff\xff\xff", 100)


def test_deep_nesting_is_a_protocol_error_not_a_crash() -> None:
    for levels in (MAX_DEPTH + 1, 100, 5000, 100_000):
        with pytest.raises(RemoteProtocolError):
            unpack(b"\x91" * levels + b"\xc0", 200_000)


@pytest.mark.parametrize("data", ["text", 7, None, [b"\x00"], 1.0])
def test_non_bytes_input_is_refused(data: Any) -> None:
    with pytest.raises(RemoteProtocolError, match="expected bytes"):
        unpack(data, 100)


def test_bytes_like_input_is_accepted() -> None:
    data = pack((1, b"ab"))
    assert unpack(bytearray(data), 100) == (1, b"ab")
    assert unpack(memoryview(data), 100) == (1, b"ab")


def test_every_proper_prefix_of_a_valid_encoding_is_refused() -> None:
    data = pack((1, "two", b"three", (None, True, -5, 1 << 40), "é" * 20))
    for cut in range(len(data)):
        with pytest.raises(RemoteProtocolError):
            unpack(data[:cut], 1000)


# --- fuzzing ------------------------------------------------------------------------------


def only_remote_errors(data: bytes) -> Any:
    """unpack(data), turning RemoteProtocolError into None; anything else fails the test."""
    try:
        value = unpack(data, LIMIT)
    except RemoteProtocolError as exc:
        assert exc.culprit is None
        return None
    except ProtocolError as exc:  # pragma: no cover - a failure
        raise AssertionError(f"{type(exc).__name__} escaped unpack: {exc}") from None
    # Whatever is accepted is canonical: it re-encodes to exactly the input.
    assert pack(value) == data
    return value


@settings(max_examples=600)
@given(st.binary(max_size=200))
def test_random_bytes_raise_only_remote_protocol_errors(data: bytes) -> None:
    only_remote_errors(data)


# Bytes that start like msgpack headers reach deeper into the decoder than uniform noise.
headers = st.sampled_from(
    [b"\x9f", b"\xdc\x00\x10", b"\xc4\x10", b"\xd9\x05", b"\xcb", b"\xca", b"\xc7\x01\x00"]
    + [bytes([b]) for b in range(0xC0, 0xE0)]
)


@settings(max_examples=300)
@given(st.lists(headers | st.binary(max_size=8), max_size=12).map(b"".join))
def test_header_soup_raises_only_remote_protocol_errors(data: bytes) -> None:
    only_remote_errors(data)


@settings(max_examples=200)
@given(wire, st.data())
def test_mutated_valid_encodings_raise_only_remote_protocol_errors(value: Any, data: Any) -> None:
    if depth(value) > MAX_DEPTH:
        return
    encoded = bytearray(pack(value))
    for _ in range(data.draw(st.integers(1, 3))):
        kind = data.draw(st.sampled_from(["flip", "insert", "delete", "cut"]))
        if kind == "insert" or not encoded:
            where = data.draw(st.integers(0, len(encoded)))
            encoded[where:where] = data.draw(st.binary(min_size=1, max_size=3))
            continue
        where = data.draw(st.integers(0, len(encoded) - 1))
        if kind == "flip":
            encoded[where] ^= data.draw(st.integers(1, 255))
        elif kind == "delete":
            del encoded[where]
        else:
            del encoded[where:]
    only_remote_errors(bytes(encoded))


# --- the fast path of the type check agrees with the full one -------------------------------


class Seat(int):
    """An int subclass (as an IntEnum would be): carried as the int it is."""


class Word(str):
    pass


@pytest.mark.parametrize(
    "value",
    [
        (Seat(3), Word("a"), True, None, b"", -(1 << 63), (1 << 64) - 1),
        [Seat(1), [Word("x"), (2, [3])]],
        (msgpack.ExtType(1, b"x"),),
    ],
)
def test_subclasses_take_the_full_type_check(value: Any) -> None:
    """The exact-type fast path leaves every other type to the ``isinstance`` check: int and
    str subclasses pack as their values; an extension type (a tuple subclass) is refused."""
    if any(isinstance(v, msgpack.ExtType) for v in value):
        with pytest.raises(LocalProtocolError, match="extension types"):
            pack(value)
        return
    assert pack(value) == msgpack.packb(value, use_bin_type=True)


@pytest.mark.parametrize(
    "value, match",
    [
        ((1, 1 << 64), "64-bit range"),
        ((1, (2, -(1 << 63) - 1)), "64-bit range"),
        ((1, 2.5), "float"),
        ([1, {"a": 1}], "dict"),
        ((b"", (None, {1})), "set"),
    ],
)
def test_a_bad_value_inside_an_array_is_refused_by_the_fast_path(value: Any, match: str) -> None:
    with pytest.raises(LocalProtocolError, match=match):
        pack(value)


# --- the one-call decoder and the explaining one agree --------------------------------------


def outcome(decode: Any, data: bytes) -> Any:
    """What ``decode(data, LIMIT)`` gives: the value, or the refusal's text."""
    try:
        return ("value", decode(data, LIMIT))
    except RemoteProtocolError as exc:
        return ("refused", str(exc))


@settings(max_examples=400)
@given(
    st.one_of(
        wire.map(lambda v: pack(v) if depth(v) <= MAX_DEPTH else b""),
        st.binary(max_size=60),
        st.lists(headers | st.binary(max_size=8), max_size=12).map(b"".join),
        wire.flatmap(
            lambda v: st.binary(max_size=3).map(
                lambda tail: (pack(v) if depth(v) <= MAX_DEPTH else b"")[:-1] + tail
            )
        ),
    )
)
def test_unpack_decides_as_the_bounded_unpacker_does(data: bytes) -> None:
    """``unpack`` decodes in one ``msgpack.unpackb`` call and leaves what that refuses to a
    bounded ``Unpacker`` (which says why): every input gets the same value or the same refusal
    as from the ``Unpacker`` alone — the one call accepts nothing more."""
    from protocol.codec import _unpack_or_explain

    assert outcome(unpack, data) == outcome(_unpack_or_explain, data)

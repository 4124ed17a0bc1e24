"""Attacks on the issue-10 signature path: PyNaCl's strict verification and the per-process
memory of envelopes whose signature was checked (protocol/identity.py, protocol/envelope.py).

What a relay or a modified member tries here, and what must hold:

- a second encoding of an honest member's signature (``S + kL``, ``R`` of another sign or with
  a small-order point added) would be a second envelope with the same sequence number — proof
  of two histories against an honest member. Every such encoding is refused, before or after
  the original is remembered, and nobody is named;
- keys of small order, or not canonically encoded, sign nothing; a mixed-order key (a real key
  plus a small-order point) signs only what its owner signs;
- the memory is of byte strings: bytes checked in one context (the relay's, another game's,
  a bot's seal) are still refused or judged in every other context on everything but the
  signature, and any other bytes are checked in full;
- a flood evicts remembered envelopes (they are then checked again, never taken unchecked) and
  bytes that fail never enter the memory.
"""

from __future__ import annotations

import contextlib
import hashlib
from collections.abc import Callable
from typing import Any

import pytest

from protocol import envelope as envelope_module
from protocol.codec import pack
from protocol.envelope import SIGNING_TAG, VERSION, ZERO_HASH, Envelope
from protocol.errors import RemoteProtocolError
from protocol.identity import Identity, verify
from tests.protocol.toy import Node, make_nodes, played, propose, relay, reseal

# --- edwards25519, just enough to build what an attacker would send --------------------------

P = 2**255 - 19
L = 2**252 + 27742317777372353535851937790883648493
D = -121665 * pow(121666, P - 2, P) % P
SQRT_M1 = pow(2, (P - 1) // 4, P)
Point = tuple[int, int]


def _add(a: Point, b: Point) -> Point:
    (x1, y1), (x2, y2) = a, b
    t = D * x1 * x2 * y1 * y2 % P
    x = (x1 * y2 + x2 * y1) * pow(1 + t, P - 2, P) % P
    y = (y1 * y2 + x1 * x2) * pow(1 - t, P - 2, P) % P
    return x, y


def _mul(k: int, point: Point) -> Point:
    out: Point = (0, 1)
    while k:
        if k & 1:
            out = _add(out, point)
        point = _add(point, point)
        k >>= 1
    return out


def _decode(data: bytes) -> Point:
    y = int.from_bytes(data, "little") & ((1 << 255) - 1)
    sign = data[31] >> 7
    u, v = (y * y - 1) % P, (D * y * y + 1) % P
    x = u * pow(v, 3, P) * pow(u * pow(v, 7, P), (P - 5) // 8, P) % P
    if v * x * x % P != u:
        x = x * SQRT_M1 % P
    assert v * x * x % P == u, "not a point"
    if x & 1 != sign:
        x = P - x
    return x, y


def _encode(point: Point) -> bytes:
    x, y = point
    return (y | ((x & 1) << 255)).to_bytes(32, "little")


BASE = _decode((4 * pow(5, P - 2, P) % P).to_bytes(32, "little"))
T8 = _decode(bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05"))
"""A point of order 8: the small-order points are its multiples."""
TORSION = [_mul(k, T8) for k in range(8)]


def small_order_encodings() -> list[bytes]:
    """Every encoding of a point of small order: the eight canonical ones, those whose ``y`` is
    written as ``y + p`` (possible when ``y < 19``), and those of ``x = 0`` with the sign bit
    set ("negative zero")."""
    found = {_encode(t) for t in TORSION}
    for t in TORSION:
        x, y = t
        if y + P < 2**255:
            found.add((y + P | ((x & 1) << 255)).to_bytes(32, "little"))
        if x == 0:
            found.add((y | (1 << 255)).to_bytes(32, "little"))
    return sorted(found)


SMALL = small_order_encodings()


def test_the_attackers_arithmetic_is_right() -> None:
    assert _mul(L, BASE) == (0, 1) and _mul(8, T8) == (0, 1) and _mul(4, T8) != (0, 1)
    key = Identity(bytes(range(32)))
    scalar = _scalar(bytes(range(32)))
    assert _encode(_mul(scalar, BASE)) == key.public
    assert len(SMALL) == 8 + 3 + 2  # y = 0 and y = 1 also as y + p; x = 0 twice as -0


def _scalar(seed: bytes) -> int:
    h = bytearray(hashlib.sha512(seed).digest()[:32])
    h[0] &= 248
    h[31] &= 127
    h[31] |= 64
    return int.from_bytes(h, "little")


# --- malleated signatures ----------------------------------------------------------------------


def variants(signature: bytes) -> list[bytes]:
    """Other encodings of one signature ``R ‖ S`` an attacker can make without the key: ``S +
    kL`` for every k that still fits 256 bits; ``R`` with its sign bit flipped; ``R`` plus each
    small-order point (with ``S`` unchanged)."""
    r, s = signature[:32], int.from_bytes(signature[32:], "little")
    out = [r + (s + k * L).to_bytes(32, "little") for k in range(1, 16) if s + k * L < 2**256]
    out.append(bytes([*r[:31], r[31] ^ 0x80]) + signature[32:])
    point = _decode(r)
    out += [_encode(_add(point, t)) + signature[32:] for t in TORSION[1:]]
    return out


def malleated(data: bytes, variant: int) -> bytes:
    """The envelope ``data`` with its signature (its last 64 bytes) replaced by one of
    :func:`variants`."""
    return data[:-64] + variants(data[-64:])[variant]


VARIANTS = len(variants(Identity.generate().sign(b"x")))


def test_no_other_encoding_of_a_signature_verifies() -> None:
    key = Identity.generate()
    for message in (b"", b"m", bytes(300)):
        signature = key.sign(message)
        assert verify(key.public, signature, message)
        for other in variants(signature):
            assert not verify(key.public, other, message)


@pytest.mark.parametrize("variant", range(VARIANTS))
def test_a_malleated_envelope_is_refused_even_once_the_original_is_remembered(
    variant: int,
) -> None:
    env = Envelope.seal(Identity.generate(), "commit", bytes(32), 0, ZERO_HASH, ())
    assert Envelope.decode(env.raw) == env  # remembered: sealed, then decoded
    forged = malleated(env.raw, variant)
    assert forged != env.raw and len(forged) == len(env.raw)
    for _ in range(2):
        with pytest.raises(RemoteProtocolError, match="bad signature") as info:
            Envelope.decode(forged)
        assert info.value.culprit is None


def _clean_result(**kwargs: Any) -> tuple[Any, list[bytes]]:
    nodes = played(2, **kwargs)
    return nodes[0].result, nodes[0].machine.record


@pytest.mark.parametrize("first", [True, False], ids=["original-first", "forgery-first"])
def test_a_relay_sending_malleated_copies_of_every_envelope_names_nobody(first: bool) -> None:
    """A relay delivers, with every envelope, every other encoding of its signature (before or
    after the original). Were one accepted, it would be a second envelope with the same
    sequence number: proof against an honest member. None is: the game ends as without the
    relay's meddling, nobody named."""
    result, record = _clean_result(rounds=6)
    nodes = make_nodes(2, rounds=6)

    def tamper(_sender: Node, data: bytes) -> list[bytes]:
        forged = [malleated(data, v) for v in range(VARIANTS)]
        return [data, *forged] if first else [*forged, data]

    propose(nodes)
    relay(nodes, tamper=tamper)
    for node in nodes:
        assert node.machine.halted is None and node.result == result
        assert node.machine.record == record
        assert node.errors and all(e.culprit is None for e in node.errors)
        assert all("bad signature" in e.reason for e in node.errors)


# --- keys that sign everything, or anything their owner did not -------------------------------


@pytest.mark.parametrize("public", SMALL, ids=[k.hex()[:8] + k.hex()[-2:] for k in SMALL])
def test_a_small_order_or_non_canonical_key_signs_nothing(public: bytes) -> None:
    """Under a small-order key A, ``[S]B = R + [h]A`` holds for ``S = 0`` and a small-order
    ``R`` whenever ``[h]A = -R``: one signature in eight for any message, by anyone. Every
    encoding of every small-order key is refused with every such candidate."""
    messages = [b"m%d" % i for i in range(16)]
    candidates = [r + s.to_bytes(32, "little") for r in SMALL for s in (0, 1, L - 1)]
    for message in messages:
        assert not any(verify(public, sig, message) for sig in candidates)
    fields = [VERSION, "action", bytes(32), public, 0, ZERO_HASH, (), (bytes(32), ())]
    for sig in candidates[:8]:
        with pytest.raises(RemoteProtocolError, match="bad signature") as info:
            Envelope.decode(pack([*fields, sig]))
        assert info.value.culprit is None


def test_a_small_order_signature_point_is_refused_under_a_real_key() -> None:
    key = Identity.generate()
    for r in SMALL:
        for s in (0, 1, L - 1):
            assert not verify(key.public, r + s.to_bytes(32, "little"), b"m")


def _mixed_sign(seed: bytes, public: bytes, message: bytes) -> bytes:
    """A signature of ``message`` under ``public`` = ``a·B + T8`` by the owner of ``a``: a
    nonce is ground until ``h`` kills the small-order part (one try in eight)."""
    a = _scalar(seed)
    for n in range(200):
        r = int.from_bytes(hashlib.sha512(b"nonce%d" % n + message).digest(), "little") % L
        big_r = _encode(_mul(r, BASE))
        h = int.from_bytes(hashlib.sha512(big_r + public + message).digest(), "little") % L
        if h % 8 == 0:
            return big_r + ((r + h * a) % L).to_bytes(32, "little")
    raise AssertionError("no nonce found")


def test_a_mixed_order_key_signs_only_what_its_owner_signs() -> None:
    """A member may join with ``a·B + T8`` (canonical, not of small order: accepted). Its own
    signatures verify — its business — but nobody else gets a second encoding of them: a relay
    cannot turn its envelope into two with one sequence number."""
    seed = bytes(range(100, 132))
    public = _encode(_add(_mul(_scalar(seed), BASE), T8))
    fields = [VERSION, "commit", bytes(32), public, 0, ZERO_HASH, (), ()]
    signature = _mixed_sign(seed, public, SIGNING_TAG + pack(fields))
    data = pack([*fields, signature])
    assert Envelope.decode(data).sender == public
    for v in range(VARIANTS):
        with pytest.raises(RemoteProtocolError, match="bad signature"):
            Envelope.decode(malleated(data, v))


# --- the memory of checked envelopes, in every context ----------------------------------------


def counting(monkeypatch: pytest.MonkeyPatch) -> list[bytes]:
    """Count the signature checks :meth:`Envelope.decode` makes from now on."""
    calls: list[bytes] = []
    real = envelope_module.verify

    def counted(public: bytes, signature: bytes, data: bytes) -> bool:
        calls.append(signature)
        return real(public, signature, data)

    monkeypatch.setattr(envelope_module, "verify", counted)
    return calls


def test_envelopes_remembered_in_one_game_are_still_refused_by_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two tables in one process (a host's relay and bots, or a relay carrying a flood of
    another game): every envelope of game 1 is remembered, then delivered to game 2's members.
    Its signature is not checked again, and it is refused all the same — another game, nobody
    named — and game 2 ends as it would have."""
    one = played(2, prefix="one", rounds=4)
    result, record = _clean_result(rounds=4)
    calls = counting(monkeypatch)
    two = make_nodes(2, rounds=4)
    propose(two)

    floods = iter(range(3))  # with the first envelopes (once over, a machine takes no more)

    def flood(_sender: Node, data: bytes) -> list[bytes]:
        if next(floods, None) is None:
            return [data]
        return [*one[0].machine.received, *one[1].sent, data]

    relay(two, tamper=flood)
    for node in two:
        assert node.machine.halted is None and node.result == result
        assert node.machine.record == record
        assert {e.reason for e in node.errors} <= {
            "an envelope of another game",
            "the table does not list this player",  # before its own table came
        }
        assert node.errors
        assert all(e.culprit is None for e in node.errors)
    assert not set(calls) & {data[-64:] for data in one[0].machine.received}


def test_an_envelope_the_relay_checked_is_still_judged_by_every_member(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The relay of a hosting process decodes a member's illegal move (its signature is good:
    the relay logs it); the host's own machine then skips only the signature check — it names
    the signer for the move all the same."""
    nodes = make_nodes(2, rounds=6)
    cheated: list[bytes] = []

    def cheat(sender: Node, data: bytes) -> list[bytes]:
        env = Envelope.decode(data)  # the relay's check: remembered from here on
        if sender is nodes[1] and env.type == "action" and not cheated:
            data = reseal(sender, data, body=(env.body[0], ("take", 99)))
            Envelope.decode(data)  # the relay takes it: a well-signed envelope of the game
            cheated.append(data)
        return [data]

    calls = counting(monkeypatch)
    propose(nodes)
    relay(nodes, tamper=cheat)
    assert cheated and cheated[0][-64:] not in calls  # never checked again
    halt = nodes[0].machine.halted
    assert halt is not None and halt.culprit == nodes[1].key and "illegal action" in halt.reason
    assert cheated[0] not in nodes[0].machine.record


def _every_bit_flipped(data: bytes) -> list[bytes]:
    return [
        data[:i] + bytes([data[i] ^ (1 << b)]) + data[i + 1 :]
        for i in range(len(data))
        for b in range(8)
    ]


def test_a_sealed_envelope_remembered_lets_no_neighbour_of_its_bytes_through() -> None:
    """A bot of this process seals an envelope (remembered without a check): every byte string
    one bit away from it, and the same fields under another key or signature, is checked in
    full and refused."""
    bot, mallory = Identity.generate(), Identity.generate()
    env = Envelope.seal(bot, "action", bytes(32), 3, b"\x01" * 32, (b"\x02" * 32, ("take", 1)))
    for data in _every_bit_flipped(env.raw):
        with pytest.raises(RemoteProtocolError):
            Envelope.decode(data)
    fields = [VERSION, env.type, env.game_id, env.sender, env.seq, env.prev, env.seen, env.body]
    signed = SIGNING_TAG + pack(fields)
    with pytest.raises(RemoteProtocolError, match="bad signature"):
        Envelope.decode(pack([*fields, mallory.sign(signed)]))
    theirs = [*fields[:3], mallory.public, *fields[4:]]
    with pytest.raises(RemoteProtocolError, match="bad signature"):
        Envelope.decode(pack([*theirs, env.signature]))
    assert Envelope.decode(env.raw) == env


def _flood(count: int, make: Callable[[int], bytes]) -> None:
    for i in range(count):
        with contextlib.suppress(RemoteProtocolError):
            Envelope.decode(make(i))


def test_a_flood_evicts_checked_envelopes_which_are_then_checked_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    honest = Identity.generate()
    env = Envelope.seal(honest, "commit", bytes(32), 0, ZERO_HASH, ())
    forged = malleated(env.raw, 0)
    mallory = Identity.generate()
    calls = counting(monkeypatch)

    # bytes that fail are never remembered: a flood of them evicts nothing
    signature = mallory.sign(b"something else")

    def unsigned(i: int) -> bytes:
        game = hashlib.sha256(b"%d" % i).digest()
        return pack([VERSION, "commit", game, mallory.public, 0, ZERO_HASH, (), (), signature])

    _flood(envelope_module.MAX_VERIFIED + 10, unsigned)
    assert not any(
        hashlib.sha256(unsigned(i)).digest() in envelope_module._verified for i in range(9)
    )
    assert Envelope.decode(env.raw) == env and env.signature not in calls

    # a flood of well-signed envelopes (a member's, of any game) evicts it: checked again
    _flood(envelope_module.MAX_VERIFIED + 10, lambda i: _sealed(mallory, i, fresh=True))
    assert len(envelope_module._verified) == envelope_module.MAX_VERIFIED
    before = calls.count(env.signature)
    assert Envelope.decode(env.raw) == env
    assert calls.count(env.signature) == before + 1
    with pytest.raises(RemoteProtocolError, match="bad signature"):
        Envelope.decode(forged)
    assert len(envelope_module._verified) == envelope_module.MAX_VERIFIED


def _sealed(identity: Identity, i: int, *, fresh: bool = False) -> bytes:
    env = Envelope.seal(identity, "commit", hashlib.sha256(b"%d" % i).digest(), 0, ZERO_HASH, ())
    if fresh:  # as if it came from another process: not remembered by its sealing
        envelope_module._verified.pop(env.hash, None)
    return env.raw

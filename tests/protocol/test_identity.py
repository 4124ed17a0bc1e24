"""protocol.identity: one key format, strict verification (docs/protocol.md §2).

Keys and signatures are those of RFC 8032: the same private key gives the same public key and
the same signatures as OpenSSL's Ed25519 (the library goldnet signed with before), so profiles,
journals and records made before still load and verify. Verification is libsodium's, which
refuses small-order keys — under which OpenSSL accepted one signature for every message.
"""

from __future__ import annotations

from typing import Any

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from protocol import identity
from protocol.codec import pack
from protocol.envelope import VERSION, Envelope
from protocol.errors import RemoteProtocolError
from protocol.identity import Identity, verify

SEED = bytes(range(32))
IDENTITY_POINT = bytes([1]) + bytes(31)
"""The encoding of the neutral element of edwards25519 (a point of small order)."""


def test_a_private_key_gives_the_public_key_and_signatures_openssl_gives() -> None:
    ours = Identity(SEED)
    theirs = Ed25519PrivateKey.from_private_bytes(SEED)
    raw = serialization.Encoding.Raw
    assert ours.public == theirs.public_key().public_bytes(raw, serialization.PublicFormat.Raw)
    assert ours.private_bytes() == SEED
    for message in (b"", b"goldnet", bytes(range(256)) * 9):
        assert ours.sign(message) == theirs.sign(message)
        Ed25519PublicKey.from_public_bytes(ours.public).verify(ours.sign(message), message)


def test_rfc_8032_test_vector_1() -> None:
    """RFC 8032 §7.1, TEST 1 (the empty message)."""
    secret = bytes.fromhex("9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60")
    public = bytes.fromhex("d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a")
    signature = bytes.fromhex(
        "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b"
    )
    key = Identity(secret)
    assert key.public == public and key.sign(b"") == signature
    assert verify(public, signature, b"")
    assert not verify(public, signature, b"\x00")


def test_a_generated_identity_round_trips_through_its_private_bytes() -> None:
    key = Identity.generate()
    again = Identity(key.private_bytes())
    assert again.public == key.public and again.sign(b"x") == key.sign(b"x")


def test_a_small_order_key_signs_nothing() -> None:
    """Under the identity-point key, ``R = identity, S = 0`` satisfies the signature equation
    for any message: OpenSSL's verifier accepts it, which would let anyone — the relay
    included — sign as a member that joined with that key. goldnet's verifier refuses it."""
    forged = IDENTITY_POINT + bytes(32)
    Ed25519PublicKey.from_public_bytes(IDENTITY_POINT).verify(forged, b"any message at all")
    assert not verify(IDENTITY_POINT, forged, b"any message at all")
    assert not verify(IDENTITY_POINT, forged, b"")


def test_an_envelope_under_a_small_order_key_is_refused_naming_nobody() -> None:
    fields = [VERSION, "action", b"\x01" * 32, IDENTITY_POINT, 0, bytes(32), (), (b"h" * 32, ())]
    data = pack([*fields, IDENTITY_POINT + bytes(32)])  # the same forgery for any fields
    with pytest.raises(RemoteProtocolError, match="bad signature") as info:
        Envelope.decode(data)
    assert info.value.culprit is None


def test_a_non_reduced_s_is_refused() -> None:
    """``S + L`` satisfies the same equation as ``S``: a second encoding of one signature."""
    key = Identity(SEED)
    signature = key.sign(b"m")
    order = 2**252 + 27742317777372353535851937790883648493
    s = int.from_bytes(signature[32:], "little") + order
    assert s < 2**256
    assert not verify(key.public, signature[:32] + s.to_bytes(32, "little"), b"m")


@pytest.mark.parametrize(
    ("public", "signature", "data"),
    [
        (b"", b"", b""),
        (bytes(31), bytes(64), b"x"),
        (bytes(32), bytes(63), b"x"),
        (bytes(32), bytes(64), b"x"),
        (b"\xff" * 32, b"\xff" * 64, b"x"),
        ("not bytes", bytes(64), b"x"),
        (bytes(32), None, b"x"),
    ],
)
def test_verify_never_raises(public: Any, signature: Any, data: Any) -> None:
    assert verify(public, signature, data) is False


def test_decoded_keys_are_kept_and_bounded() -> None:
    identity._verify_key.cache_clear()
    key = Identity(SEED)
    for _ in range(3):
        assert verify(key.public, key.sign(b"m"), b"m")
    info = identity._verify_key.cache_info()
    assert info.misses == 1 and info.hits == 2
    for i in range(identity.KEY_CACHE + 10):
        verify(i.to_bytes(32, "big"), bytes(64), b"m")
    assert identity._verify_key.cache_info().currsize == identity.KEY_CACHE

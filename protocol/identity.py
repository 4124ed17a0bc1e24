"""Identities: an Ed25519 key pair per profile, and short fingerprints (PyNaCl, libsodium).

A peer is named on the wire by its 32-byte raw public key; its private key is the 32-byte
RFC 8032 seed (the one format profiles, journals and TLS certificates use). People compare
:func:`fingerprint` strings. Storing keys on disk is ``goldnet.profile``'s job (no I/O here).

Verification is libsodium's ``crypto_sign_verify_detached``: besides the signature equation it
refuses small-order public keys and ``R`` values and non-canonical ``S`` (docs/protocol.md §2).
OpenSSL's verifier, used before, accepted the signature ``(R = identity, S = 0)`` of *any*
message under the identity-point key — a key whose "signatures" anyone could make. Decoded
verify keys and fingerprints (named in every refusal's text, made before it is known whether
one is raised) are kept per public key (:data:`KEY_CACHE` of them, least recently used first
out): a game has at most six members, a relay a few hundred clients.

Invariants: signatures are deterministic (one key and one message give one signature, as
before); :func:`verify` never raises.
"""

from __future__ import annotations

import base64
import hashlib
from functools import lru_cache

from nacl.bindings import crypto_sign, crypto_sign_seed_keypair
from nacl.exceptions import CryptoError
from nacl.signing import SigningKey, VerifyKey

from .errors import LocalProtocolError

PUBLIC_KEY_SIZE = 32
SIGNATURE_SIZE = 64
KEY_CACHE = 1024
"""Most decoded public keys kept for :func:`verify`."""


class Identity:
    """A private signing key and its public key.

    Raises:
        LocalProtocolError: ``private_bytes`` is not a 32-byte Ed25519 private key.
    """

    __slots__ = ("_key", "_secret", "public")

    def __init__(self, private_bytes: bytes) -> None:
        if not isinstance(private_bytes, bytes) or len(private_bytes) != 32:
            raise LocalProtocolError("an Ed25519 private key is 32 bytes")
        self._key = SigningKey(private_bytes)
        self.public: bytes
        self.public, self._secret = crypto_sign_seed_keypair(private_bytes)

    @classmethod
    def generate(cls) -> Identity:
        """A fresh identity from the operating system's randomness."""
        return cls(bytes(SigningKey.generate()))

    def private_bytes(self) -> bytes:
        """The 32-byte raw private key (for the profile file only)."""
        return bytes(self._key)

    def sign(self, data: bytes) -> bytes:
        """The 64-byte Ed25519 signature of ``data`` (libsodium's ``crypto_sign`` with the
        expanded secret key made once: no signed-message object per signature)."""
        return crypto_sign(data, self._secret)[:SIGNATURE_SIZE]

    @property
    def fingerprint(self) -> str:
        """:func:`fingerprint` of the public key."""
        return fingerprint(self.public)

    def __repr__(self) -> str:
        return f"Identity({self.fingerprint})"


@lru_cache(maxsize=KEY_CACHE)
def _verify_key(public: bytes) -> VerifyKey:
    return VerifyKey(public)


def verify(public: bytes, signature: bytes, data: bytes) -> bool:
    """Whether ``signature`` is ``public``'s Ed25519 signature of ``data`` (never raises)."""
    if (
        not isinstance(public, bytes)
        or not isinstance(signature, bytes)
        or len(public) != PUBLIC_KEY_SIZE
        or len(signature) != SIGNATURE_SIZE
    ):
        return False
    try:
        _verify_key(public).verify(data, signature)
    except (CryptoError, ValueError, TypeError):
        return False
    return True


@lru_cache(maxsize=KEY_CACHE)
def fingerprint(public: bytes) -> str:
    """A short human-readable name of a public key: the first 15 bytes of its SHA-256 in
    lower-case base32, grouped by four, e.g. ``"k3v7-q2xa-…"`` (24 letters, 120 bits)."""
    text = base64.b32encode(hashlib.sha256(public).digest()[:15]).decode().lower()
    return "-".join(text[i : i + 4] for i in range(0, len(text), 4))

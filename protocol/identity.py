"""Identities: an Ed25519 key pair per profile (cryptography), and short fingerprints.

A peer is named on the wire by its 32-byte raw public key. People compare
:func:`fingerprint` strings. Storing keys on disk is ``goldnet.profile``'s job (no I/O here).
"""

from __future__ import annotations

import base64
import hashlib

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from .errors import LocalProtocolError

PUBLIC_KEY_SIZE = 32
SIGNATURE_SIZE = 64


class Identity:
    """A private signing key and its public key.

    Raises:
        LocalProtocolError: ``private_bytes`` is not a 32-byte Ed25519 private key.
    """

    __slots__ = ("_key", "public")

    def __init__(self, private_bytes: bytes) -> None:
        if not isinstance(private_bytes, bytes) or len(private_bytes) != 32:
            raise LocalProtocolError("an Ed25519 private key is 32 bytes")
        self._key = Ed25519PrivateKey.from_private_bytes(private_bytes)
        self.public: bytes = self._key.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )

    @classmethod
    def generate(cls) -> Identity:
        """A fresh identity from the operating system's randomness."""
        key = Ed25519PrivateKey.generate()
        return cls(
            key.private_bytes(
                serialization.Encoding.Raw,
                serialization.PrivateFormat.Raw,
                serialization.NoEncryption(),
            )
        )

    def private_bytes(self) -> bytes:
        """The 32-byte raw private key (for the profile file only)."""
        return self._key.private_bytes(
            serialization.Encoding.Raw,
            serialization.PrivateFormat.Raw,
            serialization.NoEncryption(),
        )

    def sign(self, data: bytes) -> bytes:
        """The 64-byte Ed25519 signature of ``data``."""
        return self._key.sign(data)

    @property
    def fingerprint(self) -> str:
        """:func:`fingerprint` of the public key."""
        return fingerprint(self.public)

    def __repr__(self) -> str:
        return f"Identity({self.fingerprint})"


def verify(public: bytes, signature: bytes, data: bytes) -> bool:
    """Whether ``signature`` is ``public``'s Ed25519 signature of ``data`` (never raises)."""
    if len(public) != PUBLIC_KEY_SIZE or len(signature) != SIGNATURE_SIZE:
        return False
    try:
        Ed25519PublicKey.from_public_bytes(public).verify(signature, data)
    except (InvalidSignature, ValueError):
        return False
    return True


def fingerprint(public: bytes) -> str:
    """A short human-readable name of a public key: the first 15 bytes of its SHA-256 in
    lower-case base32, grouped by four, e.g. ``"k3v7-q2xa-…"`` (24 letters, 120 bits)."""
    text = base64.b32encode(hashlib.sha256(public).digest()[:15]).decode().lower()
    return "-".join(text[i : i + 4] for i in range(0, len(text), 4))

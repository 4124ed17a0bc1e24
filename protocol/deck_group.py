"""The deck's group: the prime-order subgroup of edwards25519, every operation one libsodium call
through PyNaCl (``crypto_core_ed25519_*``, ``crypto_scalarmult_ed25519_*noclamp``). There is no
curve arithmetic here: only encodings, hashing and the two proofs (Schnorr, Chaum–Pedersen)
written over libsodium's operations (docs/deck.md §2).

Encodings: a **point** is the 32-byte compressed edwards25519 form; a **scalar** is 32 bytes,
little-endian, reduced modulo the group order :data:`ORDER`. A proof is 64 bytes: the
challenge ``e`` then the response ``s``, both scalars.

Invariants:

- a point from outside is used only after :func:`is_point` (canonical, on the curve, in the
  prime-order subgroup, not the identity) — message classes check it on construction, and
  libsodium's multiplication checks it again;
- a scalar made here is reduced (``crypto_core_ed25519_scalar_reduce`` of 64 hash bytes) and
  never zero; a scalar from outside is used only after :func:`is_scalar` (canonical, non-zero);
- proofs are deterministic: a proof's nonce is a hash of the prover's secret and of the whole
  statement (as RFC 8032 derives its nonces), so one secret never answers two statements with
  one nonce, and the same statement always gets the same proof;
- every hash input is a canonical msgpack array opening with a tag of its own (domain
  separation, no ambiguous concatenation).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

import nacl.bindings as sodium
from nacl.exceptions import CryptoError

from .codec import pack
from .sampling import HashStream

ORDER = 2**252 + 27742317777372353535851937790883648493
"""The order of the prime-order subgroup (libsodium's ``L``)."""
POINT_SIZE = 32
SCALAR_SIZE = 32
PROOF_SIZE = 64
ZERO = bytes(32)
GENERATOR = bytes.fromhex("5866666666666666666666666666666666666666666666666666666666666666")
"""The standard base point of edwards25519."""

CARD_TAG = "goldnet/deck/card/v1"
SCALAR_TAG = "goldnet/deck/scalar/v1"
NONCE_TAG = "goldnet/deck/nonce/v1"
SCHNORR_TAG = "goldnet/deck/schnorr/v1"
DLEQ_TAG = "goldnet/deck/dleq/v1"


class GroupError(ValueError):
    """A value that is no valid point or scalar of the group, or an operation libsodium refuses
    (a product that would be the identity); the text says which."""


def is_point(value: Any) -> bool:
    """Whether ``value`` is the canonical 32-byte encoding of a point of the prime-order
    subgroup other than the identity (``crypto_core_ed25519_is_valid_point``)."""
    return (
        type(value) is bytes
        and len(value) == POINT_SIZE
        and bool(sodium.crypto_core_ed25519_is_valid_point(value))
    )


def is_scalar(value: Any) -> bool:
    """Whether ``value`` is a canonical (reduced) non-zero 32-byte scalar."""
    return (
        type(value) is bytes
        and len(value) == SCALAR_SIZE
        and 0 < int.from_bytes(value, "little") < ORDER
    )


def hash_scalar(*parts: Any) -> bytes:
    """A non-zero scalar from ``SHA-512(pack([SCALAR_TAG, *parts, counter]))``, reduced, with
    the first ``counter`` from 0 that does not give zero (it is 0 but with probability about
    2⁻²⁵²)."""
    counter = 0
    while True:
        digest = hashlib.sha512(pack([SCALAR_TAG, *parts, counter])).digest()
        scalar = bytes(sodium.crypto_core_ed25519_scalar_reduce(digest))
        if scalar != ZERO:
            return scalar
        counter += 1  # pragma: no cover - probability 2**-252


def card_point(game_id: bytes, deck: str, index: int) -> bytes:
    """Card ``index`` of ``deck`` in game ``game_id``: ``from_uniform(SHA-256(pack([CARD_TAG,
    game_id, deck, index])))`` — a point nobody knows a discrete logarithm of."""
    digest = hashlib.sha256(pack([CARD_TAG, game_id, deck, index])).digest()
    return bytes(sodium.crypto_core_ed25519_from_uniform(digest))


# --- operations (each one libsodium call) -----------------------------------------------------


def mul(scalar: bytes, point: bytes) -> bytes:
    """``scalar · point``.

    Raises:
        GroupError: ``point`` is not in the prime-order subgroup, or the product is the
            identity (libsodium refuses both).
    """
    try:
        return bytes(sodium.crypto_scalarmult_ed25519_noclamp(scalar, point))
    except CryptoError:
        raise GroupError("a multiplication libsodium refuses (invalid point or zero)") from None


def base(scalar: bytes) -> bytes:
    """``scalar · G`` for the standard generator ``G``.

    Raises:
        GroupError: ``scalar`` is zero modulo the order.
    """
    try:
        return bytes(sodium.crypto_scalarmult_ed25519_base_noclamp(scalar))
    except CryptoError:
        raise GroupError("a multiple of the generator that is the identity") from None


def sub(p: bytes, q: bytes) -> bytes:
    """``p − q`` (may be the identity's encoding).

    Raises:
        GroupError: ``p`` or ``q`` is not a point of the curve.
    """
    try:
        return bytes(sodium.crypto_core_ed25519_sub(p, q))
    except CryptoError:
        raise GroupError("a subtraction of values that are not points") from None


def smul(a: bytes, b: bytes) -> bytes:
    """``a · b`` modulo the order."""
    return bytes(sodium.crypto_core_ed25519_scalar_mul(a, b))


def sadd(a: bytes, b: bytes) -> bytes:
    """``a + b`` modulo the order."""
    return bytes(sodium.crypto_core_ed25519_scalar_add(a, b))


def invert(a: bytes) -> bytes:
    """``a⁻¹`` modulo the order (``a`` non-zero)."""
    return bytes(sodium.crypto_core_ed25519_scalar_invert(a))


def product(scalars: Sequence[bytes]) -> bytes:
    """The product of ``scalars`` modulo the order (at least one)."""
    out = scalars[0]
    for s in scalars[1:]:
        out = smul(out, s)
    return out


def apply(
    scalar: bytes, perms: Sequence[Sequence[int]], decks: Sequence[Sequence[bytes]]
) -> tuple[tuple[bytes, ...], ...]:
    """``scalar`` times each card of ``decks``, permuted: position ``j`` of deck ``d`` of the
    result is ``scalar · decks[d][perms[d][j]]`` (a shuffle, or a shadow shuffle).

    Raises:
        GroupError: a card is no valid point.
    """
    return tuple(
        tuple(mul(scalar, deck[i]) for i in perm) for perm, deck in zip(perms, decks, strict=True)
    )


# --- permutations -------------------------------------------------------------------------


def permutation(size: int, seed: bytes) -> tuple[int, ...]:
    """A uniform permutation of ``range(size)`` from ``seed`` (Fisher–Yates over a
    :class:`~protocol.sampling.HashStream`, rejection sampling: no modulo bias)."""
    stream = HashStream(seed)
    out = list(range(size))
    for i in range(size - 1, 0, -1):
        j = stream.below(i + 1)
        out[i], out[j] = out[j], out[i]
    return tuple(out)


def is_permutation(value: Any, size: int) -> bool:
    """Whether ``value`` is a tuple holding each of ``0 … size−1`` once."""
    return (
        type(value) is tuple
        and len(value) == size
        and all(type(i) is int for i in value)
        and sorted(value) == list(range(size))
    )


def inverse(perm: Sequence[int]) -> tuple[int, ...]:
    """The inverse permutation: ``inverse(p)[p[i]] == i``."""
    out = [0] * len(perm)
    for i, p in enumerate(perm):
        out[p] = i
    return tuple(out)


# --- proofs -------------------------------------------------------------------------------


def nonce(secret: bytes, *statement: Any) -> bytes:
    """The nonce of a proof by ``secret`` of ``statement``: ``hash_scalar(NONCE_TAG, secret,
    *statement)``."""
    return hash_scalar(NONCE_TAG, secret, *statement)


def _split(proof: bytes) -> tuple[bytes, bytes] | None:
    if type(proof) is not bytes or len(proof) != PROOF_SIZE:
        return None
    e, s = proof[:32], proof[32:]
    return (e, s) if is_scalar(e) and is_scalar(s) else None


def prove_key(secret: bytes, key: bytes, context: tuple[Any, ...]) -> bytes:
    """A Schnorr proof that the prover knows ``secret`` with ``key = secret · G``, bound to
    ``context``: ``R = t·G``, ``e = hash_scalar(SCHNORR_TAG, *context, key, R)``,
    ``s = t + e·secret``; the proof is ``e ‖ s``."""
    t = nonce(secret, SCHNORR_TAG, *context, key)
    e = hash_scalar(SCHNORR_TAG, *context, key, base(t))
    return e + sadd(t, smul(e, secret))


def check_key(key: bytes, proof: bytes, context: tuple[Any, ...]) -> bool:
    """Whether ``proof`` is a valid :func:`prove_key` proof for ``key`` (a valid point) and
    ``context``: ``e == hash_scalar(SCHNORR_TAG, *context, key, s·G − e·key)``."""
    parts = _split(proof)
    if parts is None:
        return False
    e, s = parts
    try:
        r = sub(base(s), mul(e, key))
    except GroupError:
        return False
    return hash_scalar(SCHNORR_TAG, *context, key, r) == e


def prove_dleq(
    secret: bytes,
    bases: tuple[bytes, bytes],
    images: tuple[bytes, bytes],
    context: tuple[Any, ...],
    *,
    first_log: bytes | None = None,
) -> bytes:
    """A Chaum–Pedersen proof that ``images[i] = secret · bases[i]`` for both ``i``, bound to
    ``context``: ``A_i = t·bases[i]``, ``e = hash_scalar(DLEQ_TAG, *context, *bases, *images,
    A_0, A_1)``, ``s = t + e·secret``; the proof is ``e ‖ s``. ``first_log`` (the discrete
    logarithm of ``bases[0]``, when the prover knows it) only makes ``A_0`` cheaper."""
    t = nonce(secret, DLEQ_TAG, *context, *bases, *images)
    a0 = base(smul(t, first_log)) if first_log is not None else mul(t, bases[0])
    a1 = mul(t, bases[1])
    e = hash_scalar(DLEQ_TAG, *context, *bases, *images, a0, a1)
    return e + sadd(t, smul(e, secret))


def check_dleq(
    bases: tuple[bytes, bytes],
    images: tuple[bytes, bytes],
    proof: bytes,
    context: tuple[Any, ...],
) -> bool:
    """Whether ``proof`` is a valid :func:`prove_dleq` proof for these bases and images (all
    valid points): ``A_i = s·bases[i] − e·images[i]`` and ``e`` is their hash."""
    parts = _split(proof)
    if parts is None:
        return False
    e, s = parts
    try:
        first = base(s) if bases[0] == GENERATOR else mul(s, bases[0])
        a0 = sub(first, mul(e, images[0]))
        a1 = sub(mul(s, bases[1]), mul(e, images[1]))
    except GroupError:
        return False
    return hash_scalar(DLEQ_TAG, *context, *bases, *images, a0, a1) == e

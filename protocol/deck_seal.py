"""Sealed shares: a key share of a private reveal, encrypted end to end to the one seat entitled
to the card, and the accusation that proves a wrong one (docs/deck.md §6).

A member's identity is an Ed25519 key: its private seed hashes to the clamped scalar ``h``
that is also its X25519 private key (libsodium's ``crypto_sign_ed25519_sk_to_curve25519``),
and its public key is ``Y = y·G`` with ``y = h mod ORDER``. Sealing share ``l`` of card
``card`` of ``deck`` from seat ``sender`` to seat ``to``:

    ephemeral  r = hash_scalar(EPHEMERAL_TAG, l, game_id, deck, card, sender, to)
               R = r·G                      (published)
    proof      Schnorr proof of knowledge of r (prove_key), bound to
               (PROOF_TAG, game_id, deck, card, sender, to) and R   (published)
    shared     u = the X25519 u-coordinate of r·Y = X25519(h, u(R))
    context    c = pack([SEAL_TAG, game_id, deck, card, sender, to, R])
    key        k = HKDF-SHA256(u, info = c)
    box        ChaCha20-Poly1305(k).encrypt(nonce = 12 zero bytes, l, associated data = c)

One key seals one box (``R`` differs per share), so the constant nonce is never reused under a
key. The recipient computes ``u`` with X25519 from its identity; the sender computes the same
``u`` on the Edwards side. The ephemeral derives from the share: whoever knows the share (the
sender, the recipient, everyone after the audit) can recompute ``R``, its proof and the box,
which is what lets the audit re-check every sealed share without any secret of its own.

**Accusation.** A box that does not open, or opens to a share that does not open its
commitment, is proven wrong by the recipient without revealing its card: it publishes
``Z = y·R`` (the shared point of that one box) and a Chaum–Pedersen proof that one ``y`` gives
both ``Y = y·G`` and ``Z``. Anyone then derives ``k`` from ``u(Z)`` and opens the box: a wrong
box names its sender; a right one, or a bad proof, names the accuser. The recipient's own lock
key, which the card also needs, stays secret.

**Why the proof of ``log R``.** ``R`` is the sender's choice and ``Z = y·R`` is published: without
the proof, a sender could put the ``R`` of any box ever sealed to that recipient (in any game)
into a garbage box, and the honest recipient's accusation would open that other box to everyone
— a Diffie–Hellman oracle on the recipient's identity. With it, a share is taken only if its
sender knows ``r``, so ``Z = r·Y`` is a point the sender could compute itself: the accusation
tells nobody anything the sender did not know. A copied ``R`` comes with a proof bound to
another context, which does not hold here.

Invariants: only ``Y``'s owner (and the sender) can compute ``k``; a box is bound by its
associated data to the game, deck, card, sender, recipient and ``R``, so a box replayed from
another game, card or pair of seats does not open; a sealed share is taken only with a proof of
``log R`` bound to that same context (:func:`check_ephemeral`), so an accusation never publishes
``y·R`` for an ``R`` whose logarithm its sender does not know.
"""

from __future__ import annotations

import nacl.bindings as sodium
from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from nacl.exceptions import CryptoError

from .codec import pack
from .deck_group import (
    GENERATOR,
    GroupError,
    base,
    check_dleq,
    check_key,
    hash_scalar,
    is_scalar,
    mul,
    prove_dleq,
    prove_key,
)
from .errors import LocalProtocolError

SEAL_TAG = "goldnet/deck/seal/v1"
EPHEMERAL_TAG = "goldnet/deck/ephemeral/v1"
ACCUSE_TAG = "goldnet/deck/accuse/v1"
PROOF_TAG = "goldnet/deck/seal-proof/v1"
NONCE = bytes(12)
ONE = (1).to_bytes(32, "little")


def identity_scalars(private_seed: bytes) -> tuple[bytes, bytes]:
    """``(h, y)`` of an Ed25519 private seed: ``h`` its X25519 private key (clamped), ``y = h mod
    ORDER`` the scalar of its public key ``Y = y·G`` (used in accusations)."""
    if type(private_seed) is not bytes or len(private_seed) != 32:
        raise LocalProtocolError("an Ed25519 private key is 32 bytes")
    _, secret = sodium.crypto_sign_seed_keypair(private_seed)
    h = bytes(sodium.crypto_sign_ed25519_sk_to_curve25519(secret))
    y = bytes(sodium.crypto_core_ed25519_scalar_reduce(h + bytes(32)))
    return h, y


def context(game_id: bytes, deck: str, card: int, sender: int, to: int, ephemeral: bytes) -> bytes:
    """The key-derivation info and associated data of a box (module docstring)."""
    return pack([SEAL_TAG, game_id, deck, card, sender, to, ephemeral])


def _u(point: bytes) -> bytes:
    """The X25519 u-coordinate of an Edwards point (raises GroupError for an invalid one)."""
    try:
        return bytes(sodium.crypto_sign_ed25519_pk_to_curve25519(point))
    except CryptoError:
        raise GroupError("a point with no X25519 counterpart") from None


def _key(u: bytes, info: bytes) -> bytes:
    return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(u)


def ephemeral(share: bytes, game_id: bytes, deck: str, card: int, sender: int, to: int) -> bytes:
    """The ephemeral scalar ``r`` that seals ``share`` (module docstring)."""
    return hash_scalar(EPHEMERAL_TAG, share, game_id, deck, card, sender, to)


def proof_context(game_id: bytes, deck: str, card: int, sender: int, to: int) -> tuple[object, ...]:
    """What the proof of knowledge of a box's ephemeral scalar is bound to (with ``R`` itself,
    which :func:`~protocol.deck_group.prove_key` hashes too)."""
    return (PROOF_TAG, game_id, deck, card, sender, to)


def prove_ephemeral(r: bytes, game_id: bytes, deck: str, card: int, sender: int, to: int) -> bytes:
    """The 64-byte Schnorr proof that the sender knows ``r`` with ``R = r·G``, bound to the box
    of card ``card`` of ``deck`` from seat ``sender`` to seat ``to`` in ``game_id``: ``e =
    hash_scalar(SCHNORR_TAG, PROOF_TAG, game_id, deck, card, sender, to, R, t·G)``."""
    return prove_key(r, base(r), proof_context(game_id, deck, card, sender, to))


def check_ephemeral(
    ephemeral_point: bytes, proof: bytes, game_id: bytes, deck: str, card: int, sender: int, to: int
) -> bool:
    """Whether ``proof`` proves knowledge of ``log R`` for ``R = ephemeral_point`` (a valid
    point) in that box's context (:func:`prove_ephemeral`)."""
    return check_key(ephemeral_point, proof, proof_context(game_id, deck, card, sender, to))


def seal(
    share: bytes, recipient: bytes, game_id: bytes, deck: str, card: int, sender: int, to: int
) -> tuple[bytes, bytes, bytes]:
    """``(R, proof, box)``: ``share`` sealed from seat ``sender`` to seat ``to``, whose identity
    public key (a valid point) is ``recipient``, with the proof of knowledge of ``log R``."""
    r = ephemeral(share, game_id, deck, card, sender, to)
    big_r = base(r)
    proof = prove_key(r, big_r, proof_context(game_id, deck, card, sender, to))
    info = context(game_id, deck, card, sender, to, big_r)
    key = _key(_u(mul(r, recipient)), info)
    return big_r, proof, ChaCha20Poly1305(key).encrypt(NONCE, share, info)


def open_box(u: bytes, box: bytes, info: bytes) -> bytes | None:
    """The share in ``box`` under the shared u-coordinate ``u``, or None when the box does not
    open or holds no canonical non-zero scalar."""
    try:
        share = ChaCha20Poly1305(_key(u, info)).decrypt(NONCE, box, info)
    except InvalidTag:
        return None
    return share if is_scalar(share) else None


def unseal(h: bytes, ephemeral_point: bytes, box: bytes, info: bytes) -> bytes | None:
    """The recipient's side: the share in ``box``, computing the shared secret with X25519 from
    its private key ``h``; None when the box does not open."""
    try:
        u = bytes(sodium.crypto_scalarmult(h, _u(ephemeral_point)))
    except (CryptoError, GroupError):
        return None
    return open_box(u, box, info)


def accuse_proof(
    y: bytes, recipient: bytes, ephemeral_point: bytes, accusation_context: tuple[object, ...]
) -> tuple[bytes, bytes]:
    """``(Z, proof)``: the shared point ``Z = y·R`` of one box and the Chaum–Pedersen proof
    that ``log_G(recipient) = log_R(Z)``."""
    shared = mul(y, ephemeral_point)
    proof = prove_dleq(
        y,
        (GENERATOR, ephemeral_point),
        (recipient, shared),
        (ACCUSE_TAG, *accusation_context),
        first_log=ONE,
    )
    return shared, proof


def check_accusation(
    recipient: bytes,
    ephemeral_point: bytes,
    shared: bytes,
    proof: bytes,
    accusation_context: tuple[object, ...],
) -> bool:
    """Whether ``shared`` is proven to be ``y·R`` for the ``y`` of ``recipient``."""
    return check_dleq(
        (GENERATOR, ephemeral_point),
        (recipient, shared),
        proof,
        (ACCUSE_TAG, *accusation_context),
    )


def open_shared(shared: bytes, box: bytes, info: bytes) -> bytes | None:
    """The share in ``box`` under the proven shared point ``shared`` (anyone's side)."""
    try:
        u = _u(shared)
    except GroupError:
        return None
    return open_box(u, box, info)

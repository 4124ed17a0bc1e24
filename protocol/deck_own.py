"""A member's own side of the deck: its secrets and the messages it makes (docs/deck.md).

Every secret derives from one 32-byte **deck seed** drawn from the injected entropy (journalled
like a beacon seed, before anything commits to it) and from what the deal has accepted:

    deck secret    x     = hash_scalar(SECRET_TAG, seed, game_id, seat, "key")
    permutation d  π_d   = permutation(size_d, SHA-256(pack([SECRET_TAG, seed, "perm", H(in), d])))
    shadow t       y_t   = hash_scalar(SECRET_TAG, seed, "shadow", H(in), t),
                   σ_t,d like π_d from (SECRET_TAG, seed, "shadow-perm", H(in), t, d)
    lock ratio     r_dj  = hash_scalar(SECRET_TAG, seed, "lock", H(locked), d, j)

where ``H(in)`` hashes the deck the member was given to shuffle and ``H(locked)`` the one it was
given to lock. A member that restarts from its journal therefore makes the very same messages
again; and were it shown two different decks to shuffle (an equivocating predecessor), its two
shuffles would share no permutation or shadow, so the two answers together would not reveal
its secret (an opening of bit 1 is ``y_t·x⁻¹``: the same ``y_t`` opened both ways would).

Invariants: this module never sends anything itself and reads the deal only; a message is made
only when the deal says it is this member's turn; the secrets never appear in a message before
the audit, which the caller makes only once the game is over.
"""

from __future__ import annotations

import hashlib
from typing import Any

from .codec import pack
from .deck import Deal, DeckFault, Stage, key_context, lock_context, shadow_hash
from .deck_group import (
    apply,
    base,
    hash_scalar,
    inverse,
    invert,
    mul,
    permutation,
    prove_dleq,
    prove_key,
    smul,
)
from .deck_messages import (
    Accusation,
    CardShare,
    DeckAudit,
    DeckKey,
    Decks,
    Lock,
    Opening,
    Perms,
    SealedShare,
    Shuffle,
    ShuffleAnswer,
)
from .deck_seal import accuse_proof, context, identity_scalars, seal, unseal
from .errors import LocalProtocolError

SECRET_TAG = "goldnet/deck/secret/v1"
SEED_SIZE = 32


def digest(decks: Decks) -> bytes:
    """SHA-256 of the canonical encoding of ``decks``."""
    return hashlib.sha256(pack(decks)).digest()


class OwnDeck:
    """This member's deck secrets in one deal, and the messages it makes.

    Args:
        deal: the deal as this peer sees it (its ``me`` should be ``seat``).
        seat: this member's seat.
        seed: 32 fresh secret bytes from the injected entropy (journalled by the caller).
        identity: this member's 32-byte Ed25519 private key (its X25519 key opens the shares
            sealed to it).

    Raises:
        LocalProtocolError: a seed that is not 32 bytes, or an identity that is not the
            seat's member key.
    """

    def __init__(self, deal: Deal, seat: int, seed: bytes, identity: bytes) -> None:
        if type(seed) is not bytes or len(seed) != SEED_SIZE:
            raise LocalProtocolError(f"a deck seed is {SEED_SIZE} bytes")
        self.deal = deal
        self.seat = seat
        self.seed = seed
        self._h, self._y = identity_scalars(identity)
        if base(self._y) != deal.members[seat]:
            raise LocalProtocolError(f"this identity is not the member at seat {seat}")
        self.secret = hash_scalar(SECRET_TAG, seed, deal.game_id, seat, "key")
        self.public = base(self.secret)
        self._ratios: tuple[Decks, Decks] | None = None
        """The deck this member was given to lock (the very object) and its ratios."""

    # --- secrets ------------------------------------------------------------------------

    def _perms(self, label: str, source: Decks, *extra: Any) -> Perms:
        h = digest(source)
        return tuple(
            permutation(
                size, hashlib.sha256(pack([SECRET_TAG, self.seed, label, h, *extra, d])).digest()
            )
            for d, size in enumerate(self.deal.sizes)
        )

    def _shadow(self, source: Decks, t: int) -> tuple[bytes, Perms]:
        scalar = hash_scalar(SECRET_TAG, self.seed, "shadow", digest(source), t)
        return scalar, self._perms("shadow-perm", source, t)

    def _source(self) -> Decks:
        source = self.deal.shuffle_inputs[self.seat]
        if source is None:
            raise LocalProtocolError("this member has not shuffled yet")
        return source

    def perms(self) -> Perms:
        """This member's shuffle permutations (once the deck it shuffles is known)."""
        return self._perms("perm", self._source())

    def ratios(self) -> Decks:
        """This member's lock ratio per card (once the deck it locks is known): derived once
        per deck given to lock (every share of every card reveal needs one)."""
        locked = self.deal.lock_inputs[self.seat]
        if locked is None:
            raise LocalProtocolError("this member has not locked yet")
        if self._ratios is not None and self._ratios[0] is locked:
            return self._ratios[1]
        h = digest(locked)
        ratios = tuple(
            tuple(hash_scalar(SECRET_TAG, self.seed, "lock", h, d, j) for j in range(size))
            for d, size in enumerate(self.deal.sizes)
        )
        self._ratios = (locked, ratios)
        return ratios

    def lock_key(self, deck: str, card: int) -> bytes:
        """``l = r·x``, this member's lock key of card ``card`` of ``deck``."""
        return smul(self.ratios()[self.deal.deck_index(deck)][card], self.secret)

    # --- messages -----------------------------------------------------------------------

    def deck_key(self) -> DeckKey:
        """This member's deck key with its proof of knowledge."""
        ctx = key_context(self.deal.game_id, self.seat)
        return DeckKey(self.public, prove_key(self.secret, self.public, ctx))

    def _due(self, stage: Stage, what: str) -> None:
        if self.deal.stage is not stage or self.deal.turn != self.seat:
            raise LocalProtocolError(f"this member's {what} is not due ({self.deal.stage.value})")

    def shuffle(self) -> Shuffle:
        """Mask every card of the deck as it stands with the deck secret, permute each deck,
        and commit to the shadow shuffles (``deal.shadows`` of them, made from the input)."""
        self._due(Stage.SHUFFLE, "shuffle")
        source = self.deal.decks
        perms = self._perms("perm", source)
        shadows = []
        for t in range(self.deal.shadows):
            scalar, sigma = self._shadow(source, t)
            shadow = apply(scalar, sigma, source)
            shadows.append(shadow_hash(self.deal.game_id, self.seat, t, base(scalar), shadow))
        return Shuffle(apply(self.secret, perms, source), tuple(shadows))

    def answer(self) -> ShuffleAnswer:
        """Open each shadow as its challenge bit asks: bit 0 from the input (``y_t, σ_t``), bit
        1 from the output (``y_t·x⁻¹``, ``π⁻¹ ∘ σ_t``)."""
        self._due(Stage.ANSWER, "shuffle answer")
        bits = self.deal.bits[self.seat]
        assert bits is not None
        source = self._source()
        back = tuple(inverse(p) for p in self.perms())
        inv = invert(self.secret)
        openings = []
        for t, bit in enumerate(bits):
            scalar, sigma = self._shadow(source, t)
            if bit == 0:
                openings.append(Opening(scalar, sigma))
            else:
                tau = tuple(tuple(b[i] for i in s) for b, s in zip(back, sigma, strict=True))
                openings.append(Opening(smul(scalar, inv), tau))
        return ShuffleAnswer(tuple(openings))

    def lock(self) -> Lock:
        """Lock every card with its own ratio ``r``: the locked card ``r·C``, the key
        commitment ``(r·x)·G`` and the Chaum–Pedersen proof of one ``r`` for both."""
        self._due(Stage.LOCK, "lock")
        deal = self.deal
        source = deal.decks
        h = digest(source)
        decks, keys, proofs = [], [], []
        for d, name in enumerate(deal.names):
            row_d, row_k, row_p = [], [], []
            for j, card in enumerate(source[d]):
                r = hash_scalar(SECRET_TAG, self.seed, "lock", h, d, j)
                locked = mul(r, card)
                key = base(smul(r, self.secret))
                ctx = lock_context(deal.game_id, self.seat, name, j)
                proof = prove_dleq(
                    r, (self.public, card), (key, locked), ctx, first_log=self.secret
                )
                row_d.append(locked)
                row_k.append(key)
                row_p.append(proof)
            decks.append(tuple(row_d))
            keys.append(tuple(row_k))
            proofs.append(tuple(row_p))
        return Lock(tuple(decks), tuple(keys), tuple(proofs))

    def share(self, deck: str, card: int) -> CardShare:
        """This member's share of a public reveal of card ``card`` of ``deck``."""
        return CardShare(deck, card, self.lock_key(deck, card))

    def sealed_share(self, deck: str, card: int, to: int) -> SealedShare:
        """This member's share of a private reveal to seat ``to``, sealed to that seat."""
        if to == self.seat:
            raise LocalProtocolError("a member seals no share to itself")
        deal = self.deal
        ephemeral, proof, box = seal(
            self.lock_key(deck, card), deal.members[to], deal.game_id, deck, card, self.seat, to
        )
        return SealedShare(deck, card, to, ephemeral, proof, box)

    def open(self, deck: str, card: int) -> tuple[int, Any]:
        """The card index and value of card ``card`` of ``deck``, revealed to this member once
        every other member's sealed share is in.

        Raises:
            DeckFault: a sealed share that does not open, or opens to no lock key: names its
                sender, with the :class:`~protocol.deck_messages.Accusation` to publish as
                ``evidence``.
            LocalProtocolError: the reveal is not open, or shares are missing.
        """
        deal = self.deal
        reveal = deal.reveals.get((deck, card, self.seat))
        if reveal is None or reveal.missing(len(deal.members)):
            raise LocalProtocolError(f"card {card} of {deck!r} waits for its sealed shares")
        shares = []
        for sender in range(len(deal.members)):
            if sender == self.seat:
                shares.append(self.lock_key(deck, card))
                continue
            sealed = reveal.sealed[sender]
            info = context(deal.game_id, deck, card, sender, self.seat, sealed.ephemeral)
            share = unseal(self._h, sealed.ephemeral, sealed.box, info)
            if share is None or base(share) != deal.commitment(sender, deck, card):
                raise self._accuse(deck, card, sender, sealed)
            shares.append(share)
        index = deal.unmask(deck, card, shares)
        return index, deal.values[deal.deck_index(deck)][index]

    def _accuse(self, deck: str, card: int, sender: int, sealed: SealedShare) -> DeckFault:
        ctx = (self.deal.game_id, deck, card, sender, self.seat)
        shared, proof = accuse_proof(self._y, self.deal.members[self.seat], sealed.ephemeral, ctx)
        evidence = Accusation(deck, card, sender, shared, proof)
        where = f"card {card} of {deck!r}"
        return self.deal.fault(sender, f"its sealed share of {where} is wrong", evidence)

    def audit(self) -> DeckAudit:
        """This member's deck secrets, for the audit once the game is over.

        Raises:
            LocalProtocolError: the game is not over (:meth:`protocol.deck.Deal.finish`).
        """
        if self.deal.stage not in (Stage.AUDIT, Stage.AUDITED):
            raise LocalProtocolError("the deck secrets are published only once the game is over")
        return DeckAudit(self.secret, self.perms(), self.ratios())

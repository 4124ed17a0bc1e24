"""The audit at the end of a deal: every member publishes its deck secrets
(:class:`~protocol.deck_messages.DeckAudit`) and everyone re-runs what that member signed.

For the member at ``seat`` with deck secret ``x``, permutations ``π`` and lock ratios ``r``:

1. its deck key is ``x·G``;
2. its shuffle is ``x·π(input)``, the input being the deck it was given (a substituted or
   duplicated card, or a key other than its deck key, fails here);
3. its lock of card ``j`` is ``r_j·input_j`` with the key commitment ``(r_j·x)·G``;
4. each of its sealed shares is what sealing ``r_j·x`` gives — ephemeral point, its proof and
   box (docs/deck.md §6: the ephemeral derives from the share, the proof's nonce from the
   ephemeral); its public shares opened their commitments when taken.

Each member's audit is checked on its own, against messages already accepted (its own and the
inputs it was given): a mismatch names that member alone, whatever the others publish. The
audit recomputes the deal instead of re-checking every shadow — 2 multiplications per card per
member. Once every audit is in, the dealt order of every deck follows from the permutations
alone (position ``j`` holds card ``π_0[π_1[… π_{n−1}[j]]]``), which is what the engine needs to
judge claims on cards that were never revealed (a false mission claim).

A **broken-card claim** (docs/deck.md §11) is the recipient's word that a card revealed
privately to it, every sealed share right, unmasks to no card of its deck. It stops the play
and makes the audits due (:func:`take_broken`); the audits then say who broke the deck — a
shuffle that does not give its output names its shuffler — and if every audit holds, the deck
was a permutation of real cards, so the claim was false: :func:`judge_claims` names the
claimant, on its signed claim.

Invariants: an audit is taken only after the game is over (:meth:`protocol.deck.Deal.finish`)
or a broken-card claim; a wrong audit changes nothing in the deal; a claim names its signer only
once every audit holds, never on the claim alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .deck_group import apply, base, mul, smul
from .deck_messages import BrokenCard, DeckAudit
from .deck_seal import seal
from .errors import LocalProtocolError

if TYPE_CHECKING:
    from .deck import Deal


def check_audit(deal: Deal, seat: int, audit: DeckAudit) -> None:
    """Re-run everything ``seat`` signed with the secrets of ``audit``.

    Raises:
        DeckFault: naming ``seat``, at the first of its messages that its secrets do not give.
    """
    sizes = tuple(len(p) for p in audit.perms)
    if sizes != deal.sizes:
        raise deal.fault(
            seat, f"its audit has decks of {list(sizes)} cards, not {list(deal.sizes)}"
        )
    x = audit.key
    if base(x) != deal.key(seat):
        raise deal.fault(seat, "its audit's deck secret is not the one of its deck key")
    shuffle, source = deal.shuffles[seat], deal.shuffle_inputs[seat]
    assert shuffle is not None and source is not None, "the deal is done"
    if apply(x, audit.perms, source) != shuffle.decks:
        raise deal.fault(
            seat, "its shuffle is not its secret's permutation of the deck it was given"
        )
    lock, locked = deal.locks[seat], deal.lock_inputs[seat]
    assert lock is not None and locked is not None, "the deal is done"
    keys: dict[tuple[str, int], bytes] = {}
    for d, name in enumerate(deal.names):
        for j, r in enumerate(audit.locks[d]):
            key = smul(r, x)
            if mul(r, locked[d][j]) != lock.decks[d][j] or base(key) != lock.keys[d][j]:
                raise deal.fault(seat, f"its lock of card {j} of {name!r} is not its ratio's")
            keys[(name, j)] = key
    for (name, card, to), reveal in deal.reveals.items():
        # A public share opened its commitment when taken, and the commitment is checked
        # above: it is ``r_j·x``. A sealed share is checked only here (and by its recipient).
        sealed = reveal.sealed.get(seat)
        if sealed is not None:
            assert to is not None
            expected = seal(
                keys[(name, card)], deal.members[to], deal.game_id, name, card, seat, to
            )
            if expected != (sealed.ephemeral, sealed.proof, sealed.box):
                raise deal.fault(
                    seat, f"its sealed share of card {card} of {name!r} is not its lock key sealed"
                )


def dealt_order(deal: Deal) -> tuple[tuple[int, ...], ...]:
    """Per deck, the card index (in the game's canonical order) at each dealt position, from
    every member's audited permutations."""
    audits = deal.audits
    assert all(a is not None for a in audits), "every audit is in"
    out = []
    for d, size in enumerate(deal.sizes):
        order = []
        for j in range(size):
            m = j
            for audit in reversed(audits):
                assert audit is not None
                m = audit.perms[d][m]
            order.append(m)
        out.append(tuple(order))
    return tuple(out)


def take_audit(deal: Deal, seat: int, audit: DeckAudit) -> None:
    """Check and keep ``seat``'s audit; once every member's is in, fill ``deal.dealt`` with
    every card's value and close the deal.

    Raises:
        DeckFault: naming ``seat`` (see :func:`check_audit`).
    """
    from .deck import Stage

    check_audit(deal, seat, audit)
    deal.audits[seat] = audit
    if all(a is not None for a in deal.audits):
        values: list[tuple[Any, ...]] = []
        for d, order in enumerate(dealt_order(deal)):
            values.append(tuple(deal.values[d][m] for m in order))
        deal.dealt = tuple(values)
        deal.stage = Stage.AUDITED


def take_broken(deal: Deal, seat: int, claim: BrokenCard) -> None:
    """Take ``seat``'s broken-card claim: the play stops and the audits are due. The caller
    takes it only where every reveal to ``seat`` the engine asked for so far is complete (in
    the lockstep: where ``seat``'s own input is due), so a claim about a card not sealed to it
    in full cannot be waiting for a share.

    Raises:
        DeckFault: naming ``seat``: a card the table lacks, or one never revealed to it.
        LocalProtocolError: the deal is neither dealt nor auditing (nothing was revealed).
    """
    from .deck import Stage

    where = f"card {claim.card} of {claim.deck!r}"
    if claim.deck not in deal.names or claim.card >= deal.sizes[deal.names.index(claim.deck)]:
        raise deal.fault(seat, f"its broken-card claim names no card of the table ({where})")
    if deal.stage not in (Stage.DEALT, Stage.AUDIT):
        raise LocalProtocolError(
            f"a broken-card claim from seat {seat} is not due ({deal.stage.value})"
        )
    reveal = deal.reveals.get((claim.deck, claim.card, seat))
    if reveal is None or reveal.missing(len(deal.members)):
        raise deal.fault(seat, f"it claimed {where} broken, which was never revealed to it")
    deal.claims.append((seat, claim.deck, claim.card))
    deal.stage = Stage.AUDIT


def judge_claims(deal: Deal) -> None:
    """Every audit holds (the deck is a masked permutation of real cards): judge the
    broken-card claims taken. Returns when there are none.

    Raises:
        DeckFault: naming the lowest seat that claimed a card broken — the audited lock keys
            unmask it to a card of its deck.
    """
    assert all(a is not None for a in deal.audits), "every audit is in"
    for seat, deck, card in sorted(deal.claims):
        d = deal.deck_index(deck)
        keys = []
        for audit in deal.audits:
            assert audit is not None
            keys.append(smul(audit.locks[d][card], audit.key))
        index = deal.unmask(deck, card, keys)  # DeckBroken only if an audit did not hold
        raise deal.fault(
            seat,
            f"it claimed card {card} of {deck!r} broken, yet every audit holds and unmasks "
            f"it to card {index} of its deck",
        )

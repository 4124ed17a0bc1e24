"""Issue 12, the accusation as an oracle across games (docs/deck.md §6).

An accusation publishes ``Z = y·R``, ``y`` the accuser's identity scalar and ``R`` the ephemeral
point of the box it accuses — a point its *sender* chose. Were any ``R`` accepted, a sender
could copy into a garbage box the ``R`` of any box ever sealed to that recipient, in any game,
and make the honest recipient publish the shared secret of that other box (its context is
public). Across games that unmasks a card: a card of game ``G`` privately shown to two seats
``s`` and ``t`` (two lantern peeks of one hill token) sits in boxes ``t → s`` (the lock key of
``t``) and ``s → t`` (that of ``s``); a member ``A`` of ``G`` that also plays a game with ``s``
and one with ``t`` — and accepts being named in both — would get ``s`` to open ``t → s`` and
``t`` to open ``s → t``, and with its own lock key unmask the card before ``G`` reveals it.

The fix: every sealed share carries a Schnorr proof of knowledge of ``log R`` bound to its own
box's context (game, deck, card, sender, recipient, ``R``), checked when it is taken. A copied
``R`` comes with no valid proof (the one it was sealed with is bound to another context), so its
sealed share names its sender at every peer and never reaches an accusation; and a sender that
can prove ``R`` knows ``r``, hence ``Z = r·Y``: an accusation tells nobody anything its sender
did not already know.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace
from typing import Any

import pytest

from protocol.deck import Deal, DeckFault
from protocol.deck_group import base, hash_scalar, mul
from protocol.deck_messages import Accusation, SealedShare
from protocol.deck_own import OwnDeck
from protocol.deck_seal import check_ephemeral, prove_ephemeral
from protocol.errors import LocalProtocolError
from protocol.identity import Identity

from .deck_table import SMALL, Peer, deliver, reveal_private, run_deal, spectator

A, S, T = (Identity(hashlib.sha256(b"attack12/oracle/%s" % n).digest()) for n in (b"A", b"s", b"t"))


def game(label: str, identities: list[Identity]) -> tuple[list[Peer], Deal]:
    """A deal of ``identities`` (seat order) with the small decks, dealt; and a spectator that
    took it as a record verifier does (no shadows nor lock proofs checked)."""
    game_id = hashlib.sha256(label.encode()).digest()
    members = [i.public for i in identities]
    peers = []
    for seat, identity in enumerate(identities):
        deal = Deal(game_id, members, SMALL, 20, me=seat)
        seed = hashlib.sha256(f"{label}/{seat}".encode()).digest()
        peers.append(
            Peer(seat, identity, deal, OwnDeck(deal, seat, seed, identity.private_bytes()))
        )
    watcher = spectator(peers, proofs=False)
    run_deal(peers, label=label, extra=[watcher])
    return peers, watcher


def forgeries(peers: list[Peer], copied: SealedShare) -> list[SealedShare]:
    """What ``A`` (seat 0) can send seat 1 with the ``R`` of ``copied``, a box of another game
    it does not know the ephemeral secret of: the proof that box came with (replayed), a proof
    of its own for another point, and bytes that are no proof."""
    game_id = peers[0].deal.game_id
    mine = prove_ephemeral(hash_scalar("A's own"), game_id, "mission", 0, 0, 1)
    garbage = bytes(48)
    return [
        SealedShare("mission", 0, 1, copied.ephemeral, copied.proof, garbage),
        SealedShare("mission", 0, 1, copied.ephemeral, mine, garbage),
        SealedShare("mission", 0, 1, copied.ephemeral, bytes(range(64)), garbage),
    ]


def oracle(label: str, recipient: Identity, copied: SealedShare) -> list[bytes]:
    """Two-seat games of ``A`` and ``recipient``: in each, ``A``'s sealed share of a private
    reveal carries the ``R`` of ``copied`` and a garbage box (:func:`forgeries`). The shared
    points the recipient's accusations publish — none: every forgery names ``A`` when it is
    taken, by the recipient and a record verifier, and the recipient has nothing to accuse."""
    published = []
    for i in range(3):
        peers, watcher = game(f"{label}/{i}", [A, recipient])
        forged = forgeries(peers, copied)[i]
        for deal in [p.deal for p in peers] + [watcher]:
            deal.open_reveal("mission", 0, 1)
        faults = deliver([peers[1].deal, watcher], 0, forged)  # A's own deal trusts A
        assert all(f is not None and f.seat == 0 for f in faults), faults
        assert all("proof of its ephemeral key" in str(f) for f in faults)
        try:
            peers[1].own.open("mission", 0)
        except DeckFault as exc:  # pragma: no cover - the flaw: an accusation of that box
            accusation: Any = exc.evidence
            assert isinstance(accusation, Accusation)
            published.append(accusation.shared)
        except LocalProtocolError:  # the forged share was refused: still waiting for A's
            pass
    return published


def test_two_accusations_elsewhere_do_not_unmask_a_card_two_seats_peeked_at() -> None:
    g, _ = game("oracle/G", [A, S, T])
    value_s = reveal_private(g, "mission", 0, 1)  # s peeks
    value_t = reveal_private(g, "mission", 0, 2)  # t peeks at the same card
    assert value_s == value_t
    deal = g[0].deal  # what A holds of G
    sealed_to_s = deal.reveals[("mission", 0, 1)].sealed
    sealed_to_t = deal.reveals[("mission", 0, 2)].sealed
    assert oracle("oracle/G2", S, sealed_to_s[2]) == []  # s never opens the box t → s
    assert oracle("oracle/G3", T, sealed_to_t[1]) == []  # t never opens the box s → t


def test_an_accusation_publishes_only_what_its_sender_knew() -> None:
    """``A`` seals garbage under an ephemeral it proves, ``R = r·G``: its share is taken, the
    recipient accuses, ``A`` is named for its box — and the shared point published is ``r·Y``,
    which ``A`` computed before sending."""
    peers, _ = game("oracle/known", [A, S])
    for p in peers:
        p.deal.open_reveal("mission", 0, 1)
    r = hash_scalar("A's ephemeral")
    big_r = base(r)
    proof = prove_ephemeral(r, peers[0].deal.game_id, "mission", 0, 0, 1)
    assert check_ephemeral(big_r, proof, peers[0].deal.game_id, "mission", 0, 0, 1)
    garbage = SealedShare("mission", 0, 1, big_r, proof, bytes(48))
    assert deliver([p.deal for p in peers], 0, garbage) == [None, None]
    with pytest.raises(DeckFault) as caught:
        peers[1].own.open("mission", 0)
    accusation = caught.value.evidence
    assert isinstance(accusation, Accusation)
    faults = deliver([peers[0].deal], 1, accusation)
    assert faults[0] is not None and faults[0].seat == 0  # A is named in that game
    assert accusation.shared == mul(r, S.public)  # what A knew: r·Y


@pytest.mark.parametrize("how", ["no proof", "another box's proof", "replayed from another game"])
def test_a_sealed_share_without_its_proof_names_its_sender_everywhere(how: str) -> None:
    """Seat 1's sealed share to seat 2 carries its right box with a proof that does not hold:
    every other member (the recipient too) and a record verifier name seat 1 when it is taken,
    and nothing changes in their deals."""
    peers, watcher = game("oracle/proofs", [A, S, T])
    other, _ = game("oracle/proofs/other", [A, S, T])
    for deal in [p.deal for p in peers] + [watcher]:
        deal.open_reveal("mission", 0, 2)
    deals = [peers[0].deal, peers[2].deal, watcher]  # seat 1's own deal trusts seat 1
    honest = peers[1].own.sealed_share("mission", 0, 2)
    if how == "no proof":
        sealed = replace(honest, proof=bytes(64))
    elif how == "another box's proof":
        sealed = replace(honest, proof=peers[1].own.sealed_share("mission", 1, 2).proof)
    else:
        theirs = other[1].own.sealed_share("mission", 0, 2)
        sealed = replace(honest, ephemeral=theirs.ephemeral, proof=theirs.proof)
    faults = deliver(deals, 1, sealed)
    assert all(f is not None and f.seat == 1 for f in faults), faults
    assert all(
        ("mission", 0, 2) in d.reveals and not d.reveals[("mission", 0, 2)].sealed for d in deals
    )
    assert deliver(deals, 1, honest) == [None] * len(deals)  # the right one is still taken

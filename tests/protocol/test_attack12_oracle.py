"""Issue 12, the accusation as an oracle across games (docs/deck.md §6) — an open flaw, kept as
a strict expected failure.

An accusation publishes ``Z = y·R``, ``y`` the accuser's identity scalar and ``R`` the ephemeral
point of the box it accuses — a point its *sender* chose. A sender that copies into a garbage
box the ``R`` of any box ever sealed to that recipient, in any game, makes the honest
recipient publish the shared secret of that other box: anyone can then open it (its context is
public). The sender is named for its garbage box; the leak stands.

One game holds at most one accusation (it halts), and a box sealed to the accuser never holds
the accuser's own lock key, so within one game the card stays hidden
(``test_attack12_accusations``). Across games it does not: a card of game ``G`` privately shown
to two seats ``s`` and ``t`` (two lantern peeks of one hill token) sits in boxes ``t → s`` (the
lock key of ``t``) and ``s → t`` (that of ``s``). A member ``A`` of ``G`` that also plays a game
with ``s`` and one with ``t`` — and accepts being named in both — gets ``s`` to open ``t → s``
and ``t`` to open ``s → t``: with its own lock key, that is every lock key of the card, which it
unmasks before ``G`` reveals it.

A fix needs the box's shared secret bound to the box's own context in the group operation (not
only in the key derivation), or an accusation that proves a box wrong without publishing a
Diffie–Hellman value of a sender-chosen point; neither is a local change.
"""

from __future__ import annotations

import hashlib
from typing import Any

import pytest

from protocol.deck import Deal
from protocol.deck_group import card_point, invert, mul, product
from protocol.deck_messages import Accusation, SealedShare
from protocol.deck_own import OwnDeck
from protocol.deck_seal import context, open_shared
from protocol.identity import Identity

from .deck_table import SMALL, Peer, deliver, reveal_private, run_deal

A, S, T = (Identity(hashlib.sha256(b"attack12/oracle/%s" % n).digest()) for n in (b"A", b"s", b"t"))


def game(label: str, identities: list[Identity]) -> list[Peer]:
    """A deal of ``identities`` (seat order) with the small decks, dealt."""
    game_id = hashlib.sha256(label.encode()).digest()
    members = [i.public for i in identities]
    peers = []
    for seat, identity in enumerate(identities):
        deal = Deal(game_id, members, SMALL, 20, me=seat)
        seed = hashlib.sha256(f"{label}/{seat}".encode()).digest()
        peers.append(
            Peer(seat, identity, deal, OwnDeck(deal, seat, seed, identity.private_bytes()))
        )
    run_deal(peers, label=label)
    return peers


def oracle(label: str, recipient: Identity, ephemeral: bytes) -> bytes:
    """A two-seat game of ``A`` and ``recipient``: ``A``'s sealed share of a private reveal
    carries ``ephemeral`` and a garbage box; the recipient accuses it. The shared point its
    accusation publishes (``A`` named for it)."""
    peers = game(label, [A, recipient])
    for p in peers:
        p.deal.open_reveal("mission", 0, 1)
    garbage = SealedShare("mission", 0, 1, ephemeral, bytes(48))
    assert deliver([p.deal for p in peers], 0, garbage) == [None, None]
    with pytest.raises(Exception) as caught:
        peers[1].own.open("mission", 0)
    accusation: Any = caught.value.evidence  # type: ignore[attr-defined]
    assert isinstance(accusation, Accusation)
    faults = deliver([peers[0].deal], 1, accusation)
    assert faults[0] is not None and faults[0].seat == 0  # A is named in that game
    return accusation.shared


@pytest.mark.xfail(
    strict=True,
    reason="an accusation publishes y·R for a sender-chosen R: two accusations in two other "
    "games open the boxes of a card shown privately to two seats of a third (docs/deck.md §6)",
)
def test_two_accusations_elsewhere_do_not_unmask_a_card_two_seats_peeked_at() -> None:
    g = game("oracle/G", [A, S, T])
    value_s = reveal_private(g, "mission", 0, 1)  # s peeks
    value_t = reveal_private(g, "mission", 0, 2)  # t peeks at the same card
    assert value_s == value_t
    deal = g[0].deal  # what A holds of G
    sealed_to_s = deal.reveals[("mission", 0, 1)].sealed
    sealed_to_t = deal.reveals[("mission", 0, 2)].sealed
    z_s = oracle("oracle/G2", S, sealed_to_s[2].ephemeral)  # s opens the box t → s
    z_t = oracle("oracle/G3", T, sealed_to_t[1].ephemeral)  # t opens the box s → t
    l_t = open_shared(
        z_s, sealed_to_s[2].box, context(deal.game_id, "mission", 0, 2, 1, sealed_to_s[2].ephemeral)
    )
    l_s = open_shared(
        z_t, sealed_to_t[1].box, context(deal.game_id, "mission", 0, 1, 2, sealed_to_t[1].ephemeral)
    )
    assert l_s is not None and l_t is not None
    keys = [g[0].own.lock_key("mission", 0), l_s, l_t]
    d = deal.deck_index("mission")
    point = mul(invert(product(keys)), deal.decks[d][0])
    cards = {card_point(deal.game_id, "mission", m): m for m in range(deal.sizes[d])}
    assert point not in cards, f"A unmasked the card: {deal.values[d][cards[point]]!r}"

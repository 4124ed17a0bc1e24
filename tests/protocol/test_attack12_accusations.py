"""Issue 12, attacks through accusations (docs/deck.md §6, §11; docs/protocol.md §6.2, §6.3).

An accusation is the one deck message judged whenever it heads its signer's queue, and the one
an honest member may send where another is due — but only while playing or auditing, about a
sealed share it holds. A modified client that signs an accusation anywhere else must be named
for it, not left to stall the table unnamed:

- during the deal (where its deck key, its shuffle or its reveal of a challenge draw is due);
- while playing, about a share it cannot hold: one it would have sent itself, one of a seat
  the table does not have, a deck the game does not have, a card the deck does not have.

And the accusation as an oracle: the recipient publishes ``y·R`` for the ``R`` of the box it
accuses. A sender that copies another member's ``R`` (its box garbage) makes the recipient
open *that member's* box to everyone: the copier is named, the copied share becomes public —
and the card stays hidden, since it also needs the recipient's own lock key, which no box
holds.
"""

from __future__ import annotations

from typing import Any

import pytest

from goldnet.harness import Peer
from goldnet.records import verify
from protocol.deck_group import base, hash_scalar
from protocol.deck_messages import SealedShare
from protocol.deck_own import OwnDeck

from .attack12 import Resigned, honest, key_of, named
from .dealt import assert_named, dealt_table, types

pytestmark = pytest.mark.usefixtures("cards_game")

CHEAT = 1
POINT = base(hash_scalar("attack12", "a point"))


def accusation(deck: str = "cards", card: int = 0, sender: int = 0) -> tuple[Any, ...]:
    """A well-formed accusation body (its proof is never reached)."""
    return (deck, card, sender, POINT, bytes(range(64)))


def run(label: str, script: Resigned) -> list[Peer]:
    harness, peers, watcher = dealt_table(label, 3, tamper=script)
    script.peers = peers
    harness.run()
    assert script.done
    return [*peers, watcher]


@pytest.mark.parametrize(
    ("type_", "nth", "where"),
    [
        ("deck-key", 1, "an accusation where its deck key is due"),
        ("shuffle", 1, "an accusation where its shuffle is due"),
        ("reveal", 1, "an accusation where its reveal for draw 1 is due"),
        ("lock", 1, "an accusation where its lock is due"),
    ],
)
def test_an_accusation_during_the_deal_is_named(type_: str, nth: int, where: str) -> None:
    """No sealed share exists before the deal is done: an accusation there is nothing an honest
    member sends. Its signer is named (not waited for), by every peer and the spectator."""
    script = Resigned(
        CHEAT, type_, lambda env, peers: {"type_": "accusation", "body": accusation()}, nth=nth
    )
    everyone = run(f"deal-accusation/{type_}", script)
    peers = everyone[:3]
    assert_named(peers, CHEAT, where)
    assert named(everyone[3]) == key_of(peers[CHEAT])  # the spectator too


@pytest.mark.parametrize(
    ("body", "why"),
    [
        (accusation(sender=CHEAT), "its accusation names no sealed share"),
        (accusation(sender=5), "its accusation names no sealed share"),
        (accusation(deck="gallery"), "its accusation names no sealed share"),
        (accusation(card=200), "its accusation names no sealed share"),
    ],
    ids=["itself", "no-such-seat", "no-such-deck", "no-such-card"],
)
def test_an_accusation_of_a_share_that_cannot_exist_is_named(
    body: tuple[Any, ...], why: str
) -> None:
    """While playing, seat 1 sends, where its first card share is due, an accusation that no
    sealed share can ever answer: of itself, of seat 5 at a table of three, of a deck or a card
    the game does not have. Waiting for it would wait for ever; its signer is named."""
    script = Resigned(CHEAT, "card-share", lambda env, peers: {"type_": "accusation", "body": body})
    everyone = run(f"bogus-accusation/{body[:3]}", script)
    assert_named(everyone[:3], CHEAT, why)
    assert named(everyone[3]) == key_of(everyone[CHEAT])


def test_a_copied_ephemeral_is_named_when_taken_and_opens_no_box(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 1's sealed share of a peek to seat ``to`` carries seat 0's ephemeral point ``R_0``
    with the proof it came with, and a garbage box. Were it taken, the recipient would accuse it
    and publish ``Z = y·R_0``, which opens seat 0's box to everyone. The proof of ``log R_0`` is
    bound to seat 0's box, so every honest peer and the spectator name seat 1 when it is taken:
    no accusation is made, nothing is published, the records verify to that verdict."""
    box: list[list[Peer]] = []
    copied: list[tuple[str, int, int]] = []
    real = OwnDeck.sealed_share

    def sealed_share(self: OwnDeck, deck: str, card: int, to: int) -> SealedShare:
        honest_share = real(self, deck, card, to)
        if self.seat != CHEAT or copied or to == 0:
            return honest_share
        other = box[0][0].machine.dealing
        assert other is not None and other.own is not None
        theirs = real(other.own, deck, card, to)  # deterministic: seat 0's very box
        copied.append((deck, card, to))
        return SealedShare(deck, card, to, theirs.ephemeral, theirs.proof, bytes(48))

    monkeypatch.setattr(OwnDeck, "sealed_share", sealed_share)
    harness, peers, watcher = dealt_table("copied-ephemeral", 3)
    box.append(peers)
    harness.run()
    assert copied, "no peek to seat 2 happened"
    deck, card, _ = copied[0]
    assert_named(peers, CHEAT, f"its sealed share of card {card} of {deck!r} has no proof")
    assert named(watcher) == key_of(peers[CHEAT])
    record = watcher.machine.full_record()
    assert "accusation" not in types(record) and "deck-audit" not in types(record)
    for peer in [*peers, watcher]:
        assert "accusation" not in types(peer.machine.full_record())
    checked = verify(record)
    assert checked.ending == "halted" and checked.culprit == key_of(peers[CHEAT])
    for peer in honest(peers, CHEAT):
        assert peer.result is None

"""Every deck cheat a member can sign, through the lockstep (docs/protocol.md §6.3, §8;
docs/deck.md §11): each honest peer halts naming the cheater — and nobody else — for what it
signed, the honest peers' records agree, and each one's full record verifies offline to the
same verdict. The cheater is seat 1 of a three-seat table of the test card game (public flips,
private peeks).

Two kinds of cheater: one whose own machine makes the cheating message (its deck secrets
patched: it believes its cheat, as a modified client would), and one that re-signs an
envelope in flight and then goes silent (a scripted cheater)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest

from goldnet.records import verify
from protocol.beacon import draw_bytes
from protocol.deck import challenge_bits, shadow_hash
from protocol.deck_group import apply, base, card_point, hash_scalar, mul, permutation
from protocol.deck_messages import (
    Accusation,
    CardShare,
    DeckAudit,
    Lock,
    Opening,
    SealedShare,
    Shuffle,
    ShuffleAnswer,
)
from protocol.deck_own import OwnDeck
from protocol.deck_seal import seal
from protocol.envelope import Envelope
from protocol.identity import Identity
from tests.forge import resign

from .cards import RandomBot
from .dealt import assert_named, dealt_table, types

pytestmark = pytest.mark.usefixtures("cards_game")

CHEAT = 1
WRONG = hash_scalar("a wrong scalar")


def cheating(monkeypatch: pytest.MonkeyPatch, name: str, make: Callable[..., Any]) -> None:
    """Make ``OwnDeck.<name>`` cheat for seat :data:`CHEAT` (``make(self, honest, *args)``)."""
    real = getattr(OwnDeck, name)

    def method(self: OwnDeck, *args: Any) -> Any:
        honest = real(self, *args)
        return make(self, honest, *args) if self.seat == CHEAT else honest

    monkeypatch.setattr(OwnDeck, name, method)


def play(label: str, tamper: Any = None) -> list[Any]:
    harness, peers, _ = dealt_table(label, 3, tamper=tamper)
    harness.run()
    return peers


# --- the cheater's own machine makes the cheat -----------------------------------------------


def test_a_substituted_card_in_a_shuffle_is_named_at_its_challenge(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The shuffle swaps a card for one of another game (shadows made honestly from its input):
    it passes as a shuffle, and its answer to the challenge drawn after it cannot open the
    shadows whose bit asks for its output."""

    def substitute(own: OwnDeck, honest: Shuffle) -> Shuffle:
        fake = mul(own.secret, card_point(bytes(32), "cards", 0))
        return Shuffle(((fake, *honest.decks[0][1:]), *honest.decks[1:]), honest.shadows)

    cheating(monkeypatch, "shuffle", substitute)
    peers = play("substituted")
    checked = assert_named(peers, CHEAT, "is no masked permutation of its output")
    assert checked.draws == 2  # named at the answer to the challenge of draw 2 (seat 1's)
    assert types(peers[0].machine.full_record())[-1] == "shuffle-answer"


def test_a_wrong_lock_is_named_when_it_is_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    def swap(own: OwnDeck, honest: Lock) -> Lock:
        first = honest.decks[0]
        decks = ((first[1], first[0], *first[2:]),)
        return Lock(decks, honest.keys, honest.proofs)

    cheating(monkeypatch, "lock", swap)
    peers = play("lock")
    assert_named(peers, CHEAT, "its lock of card 0 of 'cards' does not hold")


def test_a_wrong_public_share_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    cheating(monkeypatch, "share", lambda own, honest, deck, card: CardShare(deck, card, WRONG))
    peers = play("share")
    assert_named(peers, CHEAT, "opens no lock key")


def test_a_wrong_sealed_share_is_proven_by_its_recipient_and_its_sender_named(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def wrong(own: OwnDeck, honest: SealedShare, deck: str, card: int, to: int) -> SealedShare:
        deal = own.deal
        return SealedShare(
            deck, card, to, *seal(WRONG, deal.members[to], deal.game_id, deck, card, own.seat, to)
        )

    cheating(monkeypatch, "sealed_share", wrong)
    peers = play("sealed")
    assert_named(peers, CHEAT, "its sealed share of card")
    accuser = next(p for p in peers if "accusation" in types(p.machine.received))
    assert accuser is not peers[CHEAT]
    # The accusation is the proof in every honest record; the card stays hidden from all but
    # the recipient (an accusation opens one box, and the recipient's own key is not in it).
    for peer in peers:
        if peer is not peers[CHEAT]:
            assert types(peer.machine.full_record()).count("accusation") == 1


@pytest.mark.parametrize("how", ["no proof", "another card's proof", "another seat's box"])
def test_a_sealed_share_without_its_proof_is_named_when_taken(
    monkeypatch: pytest.MonkeyPatch, how: str
) -> None:
    """A sealed share whose proof of its ephemeral key does not hold for its own box (bytes
    that are no proof, the proof of another card's box, another seat's box replayed whole) is
    named when it is taken, by every honest peer — the recipient does not accuse it — and every
    record verifies to that verdict (docs/deck.md §6)."""

    def unproven(own: OwnDeck, honest: SealedShare, deck: str, card: int, to: int) -> SealedShare:
        if how == "no proof":
            return replace(honest, proof=bytes(64))
        if how == "another card's proof":
            other = seal(
                WRONG, own.deal.members[to], own.deal.game_id, deck, card + 1, own.seat, to
            )
            return replace(honest, proof=other[1])
        theirs = 0 if to != 0 else 2
        other = seal(WRONG, own.deal.members[to], own.deal.game_id, deck, card, theirs, to)
        return SealedShare(deck, card, to, *other)

    cheating(monkeypatch, "sealed_share", unproven)
    peers = play(f"unproven/{how}")
    assert_named(peers, CHEAT, "has no proof of its ephemeral key")
    for peer in peers:
        assert "accusation" not in types(peer.machine.full_record())


def test_a_false_accusation_names_the_accuser(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 1 opens its first peek and accuses seat 0's right share."""

    real = OwnDeck.open

    def opened(self: OwnDeck, deck: str, card: int) -> Any:
        if self.seat == CHEAT:
            reveal = self.deal.reveals[(deck, card, self.seat)]
            raise self._accuse(deck, card, 0, reveal.sealed[0])
        return real(self, deck, card)

    monkeypatch.setattr(OwnDeck, "open", opened)
    peers = play("accuser")
    assert_named(peers, CHEAT, "it accused seat 0's right share")


def accusing(monkeypatch: pytest.MonkeyPatch, change: Callable[[Accusation], Accusation]) -> None:
    """Seat 1, at its first peek, accuses seat 0's right share — the accusation altered by
    ``change`` before it is signed."""
    real = OwnDeck.open
    done: list[bool] = []

    def opened(self: OwnDeck, deck: str, card: int) -> Any:
        if self.seat == CHEAT and not done:
            done.append(True)
            fault = self._accuse(
                deck, card, 0, self.deal.reveals[(deck, card, self.seat)].sealed[0]
            )
            assert isinstance(fault.evidence, Accusation)
            fault.evidence = change(fault.evidence)
            raise fault
        return real(self, deck, card)

    monkeypatch.setattr(OwnDeck, "open", opened)


def test_an_accusation_about_a_share_its_signer_never_had_names_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 1 accuses seat 0's share of a card it never saw (nothing was ever sealed to it for
    that card): once a peer has applied every envelope of seat 0 that seat 1's digest says it
    had accepted when it signed, the share is not among them — seat 1 cannot have held it."""
    accusing(monkeypatch, lambda acc: replace(acc, card=(acc.card + 1) % 10))
    peers = play("unfounded")
    checked = assert_named(peers, CHEAT, "from seat 0 it never had")
    assert "accused a sealed share of card" in checked.reason


@pytest.mark.parametrize("sender", [CHEAT, 4])  # itself; a seat of no member (of 3)
def test_an_accusation_of_no_other_member_names_the_accuser(
    monkeypatch: pytest.MonkeyPatch, sender: int
) -> None:
    accusing(monkeypatch, lambda acc: replace(acc, sender=sender))
    peers = play(f"accuses-{sender}")
    checked = assert_named(peers, CHEAT, "its accusation names no sealed share it could hold")
    assert f"seat {sender}'s share of card" in checked.reason


@pytest.mark.parametrize("seed", [b"late-1", b"late-2", b"late-3"])
def test_an_accusation_that_arrives_before_the_share_it_proves_wrong_waits_for_it(
    monkeypatch: pytest.MonkeyPatch, seed: bytes
) -> None:
    """Delivered in a scrambled order, an accusation may reach a peer before the wrong sealed
    share it proves: the peer waits for the share (its sender's envelopes the accuser's digest
    counts), then names the share's sender — never the accuser."""
    from .test_deck_lockstep import relay_scrambled

    def wrong(own: OwnDeck, honest: SealedShare, deck: str, card: int, to: int) -> SealedShare:
        deal = own.deal
        return SealedShare(
            deck, card, to, *seal(WRONG, deal.members[to], deal.game_id, deck, card, own.seat, to)
        )

    cheating(monkeypatch, "sealed_share", wrong)
    harness, peers, _ = dealt_table("late", 3)
    relay_scrambled(harness, seed, replay=False)
    assert_named(peers, CHEAT, "its sealed share of card")


def test_a_wrong_audit_is_named_and_no_result_stands(monkeypatch: pytest.MonkeyPatch) -> None:
    cheating(monkeypatch, "audit", lambda own, honest: DeckAudit(WRONG, honest.perms, honest.locks))
    peers = play("audit")
    assert_named(peers, CHEAT, "its audit's deck secret is not the one of its deck key")
    assert all(p.result is None for p in peers if p is not peers[CHEAT])


# --- a scripted cheater: one envelope re-signed in flight, then silence -------------------------


class Script:
    """A relay for a scripted cheater: seat :data:`CHEAT`'s ``nth`` envelope of type ``type_``
    is replaced by ``change(env)`` (new fields for :func:`tests.forge.resign`), re-signed by the
    cheater; everything the cheater sends after it is dropped."""

    def __init__(
        self, identity: Callable[[], Identity], type_: str, change: Callable[[Envelope], Any]
    ) -> None:
        self.identity, self.type_, self.change = identity, type_, change
        self.done = False

    def __call__(self, sender: int, data: bytes) -> bytes | None:
        if sender != CHEAT:
            return data
        if self.done:
            return None
        env = Envelope.decode(data)
        if env.type != self.type_:
            return data
        self.done = True
        return resign(self.identity(), data, **self.change(env))


def scripted(label: str, type_: str, change: Callable[[Envelope], Any]) -> list[Any]:
    box: list[Any] = []
    script = Script(lambda: box[0][CHEAT].machine.identity, type_, change)
    harness, peers, _ = dealt_table(label, 3, tamper=script)
    box.append(peers)
    harness.run()
    assert script.done
    return peers


def test_a_duplicated_card_in_a_shuffle_is_named_at_the_shuffle() -> None:
    def duplicate(env: Envelope) -> dict[str, Any]:
        decks, shadows = env.body
        first = decks[0]
        return {"body": (((first[0], first[0], *first[2:]), *decks[1:]), shadows)}

    assert_named(scripted("duplicate", "shuffle", duplicate), CHEAT, "two equal cards")


def test_a_rogue_deck_key_is_named() -> None:
    """Seat 1 publishes another key (seat 0's deck key, with seat 0's proof): the proof is
    bound to the seat."""
    keys: list[tuple[Any, ...]] = []
    box: list[Any] = []

    def rogue(env: Envelope) -> dict[str, Any]:
        return {"body": keys[0]}

    script = Script(lambda: box[0][CHEAT].machine.identity, "deck-key", rogue)

    def tamper(sender: int, data: bytes) -> bytes | None:
        env = Envelope.decode(data)
        if sender == 0 and env.type == "deck-key":
            keys.append(env.body)
        return script(sender, data)

    harness, peers, _ = dealt_table("rogue", 3, tamper=tamper)
    box.append(peers)
    harness.run()
    assert keys and script.done
    assert_named(peers, CHEAT, "its deck key's proof of knowledge does not hold")


def test_a_deck_message_where_another_is_due_is_named() -> None:
    peers = scripted("misplaced", "deck-key", lambda env: {"type_": "lock"})
    assert_named(peers, CHEAT, "a lock where its deck key is due")


def test_a_claim_in_a_challenge_draw_is_named() -> None:
    def claim(env: Envelope) -> dict[str, Any]:
        draw, value = env.body[:2]
        return {"body": (draw, value, None, 0, (("pair", 1),))}

    peers = scripted("claim", "reveal", claim)
    assert_named(peers, CHEAT, "claims in the reveal for draw 1, a shuffle's challenge")


def test_a_share_of_another_card_is_named() -> None:
    def other(env: Envelope) -> dict[str, Any]:
        deck, card, share = env.body
        return {"body": (deck, card + 1, share)}

    peers = scripted("other-card", "card-share", other)
    assert_named(peers, CHEAT, "a card-share of another card where its share of card")


def test_a_deck_message_in_a_game_without_a_deal_is_named() -> None:
    box: list[Any] = []
    script = Script(
        lambda: box[0][CHEAT].machine.identity,
        "reveal",
        lambda env: {"type_": "card-share", "body": ("cards", 0, WRONG)},
    )
    harness, peers, _ = dealt_table("no-deal", 3, options=(0,), tamper=script)
    box.append(peers)
    harness.run()
    assert_named(peers, CHEAT, "a card-share in a game without a deal")


def test_a_malformed_deck_body_is_named() -> None:
    peers = scripted("malformed", "lock", lambda env: {"body": (b"junk",)})
    assert_named(peers, CHEAT, "malformed lock")


# --- what nobody is named for --------------------------------------------------------------


def test_a_withheld_audit_waits_names_nobody_and_the_game_ends_abandoned() -> None:
    now = [0]

    dropped: list[bytes] = []

    def drop(sender: int, data: bytes) -> bytes | None:
        if sender == CHEAT and (dropped or Envelope.decode(data).type == "deck-audit"):
            dropped.append(data)  # its audit, and what follows it
            return None
        return data

    harness, peers, watcher = dealt_table("no-audit", 3, tamper=drop, clock=lambda: now[0])
    harness.run()
    for peer in (peers[0], peers[2], watcher):
        waiting = peer.machine.waiting()
        assert waiting is not None and (waiting.kind, waiting.seats) == ("deck-audit", (CHEAT,))
        assert peer.result is None and peer.machine.halted is None
    now[0] = 3_600_000
    peers[0].machine.tick()
    peers[0].drain()
    harness.run()
    for peer in (peers[0], peers[2], watcher):
        assert peer.abandoned is not None and peer.machine.halted is None
        assert all(e.culprit is None for e in peer.errors)
    checked = verify(peers[0].machine.record)
    assert checked.ending == "abandoned" and checked.culprit is None


def test_no_deck_cheat_is_blamed_on_a_bystander(monkeypatch: pytest.MonkeyPatch) -> None:
    """A wrong sealed share named through an accusation names its sender, never the accuser
    that proved it, nor a member that had nothing to do with that card."""

    def wrong(own: OwnDeck, honest: SealedShare, deck: str, card: int, to: int) -> SealedShare:
        deal = own.deal
        return SealedShare(
            deck, card, to, *seal(WRONG, deal.members[to], deal.game_id, deck, card, own.seat, to)
        )

    cheating(monkeypatch, "sealed_share", wrong)
    peers = play("bystander")
    culprits = {p.machine.halted.culprit for p in peers if p.machine.halted is not None}
    assert culprits == {peers[CHEAT].machine.identity.public}


def knowing_shuffle(monkeypatch: pytest.MonkeyPatch, box: list[Any]) -> dict[str, Any]:
    """Seat :data:`CHEAT` substitutes card 0 of its shuffle output and passes its challenge,
    having been told that draw's chain values (nothing a real member holds: it stands for the
    2⁻ᵏ luck of a cheat); ``box[0]`` will hold the peers."""
    made: dict[str, Any] = {}

    def knowing(own: OwnDeck, honest: Shuffle) -> Shuffle:
        draw = CHEAT + 1  # the challenge of seat 1's shuffle is the game's draw 2
        values = [p.machine.beacon._chain(0).value_for(draw) for p in box[0]]
        data = draw_bytes(own.deal.game_id, draw, values)
        bits = challenge_bits(own.deal.game_id, CHEAT, data, own.deal.shadows)
        deal, source = own.deal, own.deal.decks
        out = apply(own.secret, own._perms("perm", source), source)
        forged = ((mul(own.secret, card_point(bytes(32), "cards", 0)), *out[0][1:]), *out[1:])
        hashes, openings = [], []
        for t, bit in enumerate(bits):
            scalar = hash_scalar("knowing", t)
            sigma = tuple(permutation(size, bytes([t, d])) for d, size in enumerate(deal.sizes))
            if bit == 0:
                key, shadow = base(scalar), apply(scalar, sigma, source)
            else:
                key, shadow = mul(scalar, own.public), apply(scalar, sigma, forged)
            hashes.append(shadow_hash(deal.game_id, CHEAT, t, key, shadow))
            openings.append(Opening(scalar, sigma))
        made["answer"] = ShuffleAnswer(tuple(openings))
        return Shuffle(forged, tuple(hashes))

    cheating(monkeypatch, "shuffle", knowing)
    cheating(monkeypatch, "answer", lambda own, honest: made["answer"])
    return made


def test_a_shuffle_cheat_that_knew_its_challenge_is_named_by_the_audit_when_a_card_breaks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Were a shuffler to know its challenge before shuffling (here the test hands it every
    member's chain value for that draw: nothing a real member holds), its substituted card
    would pass every check. When that card is revealed to everyone it unmasks to no card: the
    play stops, the audits are due at once, and the cheater's audit cannot give its shuffle."""
    box: list[Any] = []
    made = knowing_shuffle(monkeypatch, box)
    # Bots that only flip: every card is revealed to everyone, so the broken one shows to all.
    # (A broken card revealed privately shows to its recipient only, which stops: docs/deck.md
    # §11.)
    flips = lambda self, view, legal: next(a for a in legal if a[0] == "flip")  # noqa: E731
    monkeypatch.setattr(RandomBot, "choose", flips)
    harness, peers, watcher = dealt_table("knowing", 3)
    box.append(peers)
    harness.run()
    assert "answer" in made
    # Every honest peer and the spectator saw the broken card, went to the audits and named
    # the cheater.
    for peer in (peers[0], peers[2], watcher):
        halted = peer.machine.halted
        assert halted is not None and halted.culprit == peers[CHEAT].machine.identity.public
        assert "its shuffle is not its secret's permutation" in halted.reason
        assert "deck-audit" in types(peer.machine.full_record())
        assert verify(peer.machine.full_record()).culprit == halted.culprit

"""Issue 12, a modified member client in the deal, through the lockstep (docs/deck.md §4, §5,
§11; docs/protocol.md §6.3, §8). What the existing cheat tests do not already cover:

- a deck key whose proof is bound to another game or another seat, or that is no valid point
  (the identity, a mixed-order point, a non-canonical encoding): named at the key;
- ``k`` lowered by a shuffler: a shuffle with fewer shadows than the table says, named at the
  shuffle; a shuffle answer that ignores its challenge (opens every shadow the other way),
  named at the answer; a lock whose proofs are those of other cards, named at the lock;
- a share with an unreduced or zero scalar: named as malformed;
- a sealed share copied from another seat (its box sealed by that seat): the recipient's
  accusation names the copier;
- grinding the challenge: every honest member reveals a shuffle's challenge draw only after it
  accepted that shuffle — so when the shuffler signs, no honest value of that draw exists
  anywhere; a peer the relay keeps the shuffle from does not reveal, naming nobody, and the
  deal goes on once it comes; the bits are the draw's, which no transcript gives.
"""

from __future__ import annotations

from typing import Any

import pytest

from goldnet import games
from goldnet.binding import make_engine
from goldnet.harness import Harness, Peer, deterministic_peer
from goldnet.records import verify
from protocol.beacon import draw_bytes
from protocol.deck import Deal, challenge_bits, key_context
from protocol.deck_group import ORDER, prove_key
from protocol.deck_messages import Opening, SealedShare, ShuffleAnswer
from protocol.deck_own import OwnDeck
from protocol.envelope import Envelope
from protocol.lockstep import Lockstep

from .attack12 import Resigned, SplitRelay, key_of, named
from .cards import NAME
from .dealt import assert_named, dealt_table, types

pytestmark = pytest.mark.usefixtures("cards_game")

CHEAT = 1
P = 2**255 - 19
MIXED = bytes.fromhex("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")


def own_of(peers: list[Peer], seat: int) -> OwnDeck:
    dealing = peers[seat].machine.dealing
    assert dealing is not None and dealing.own is not None
    return dealing.own


def run(label: str, script: Resigned, shadows: int | None = None) -> list[Peer]:
    """A three-seat table of the card game (``shadows`` per shuffle proof, the default 20 when
    None), seat :data:`CHEAT` scripted, run to its end."""
    info = games.get(NAME)
    peers = [
        deterministic_peer(f"{label}/{s}", info.make_bot("random", f"{label}/{s}"))
        for s in range(3)
    ]
    watcher = Peer(None, Lockstep(None, make_engine))
    harness = Harness(peers, spectators=[watcher], tamper=script)
    members = tuple(key_of(p) for p in peers)
    nonce = f"attack12/{label}".encode().ljust(16, b".")
    peers[0].machine.propose(NAME, (1,), members, ("a", "b", "c"), nonce, shadows=shadows)
    peers[0].drain()
    script.peers = peers
    harness.run()
    assert script.done
    return [*peers, watcher]


def check(everyone: list[Peer], match: str) -> None:
    assert_named(everyone[:3], CHEAT, match)
    assert named(everyone[3]) == key_of(everyone[CHEAT])


# --- keys -----------------------------------------------------------------------------------


def _another_game(env: Envelope, peers: list[Peer]) -> dict[str, Any]:
    own = own_of(peers, CHEAT)
    other = bytes(32)  # the proof of a game with another id: the key replayed from it
    return {"body": (own.public, prove_key(own.secret, own.public, key_context(other, CHEAT)))}


def _another_seat(env: Envelope, peers: list[Peer]) -> dict[str, Any]:
    own = own_of(peers, CHEAT)
    ctx = key_context(env.game_id, 0)
    return {"body": (own.public, prove_key(own.secret, own.public, ctx))}


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (_another_game, "its deck key's proof of knowledge does not hold"),
        (_another_seat, "its deck key's proof of knowledge does not hold"),
        (lambda env, peers: {"body": ((1).to_bytes(32, "little"), env.body[1])}, "malformed"),
        (lambda env, peers: {"body": (MIXED, env.body[1])}, "malformed"),
        (lambda env, peers: {"body": ((P + 1).to_bytes(32, "little"), env.body[1])}, "malformed"),
    ],
    ids=["another-game", "another-seat", "identity", "small-order", "non-canonical"],
)
def test_a_deck_key_without_its_own_proof_or_point_is_named(
    change: Any, match: str, request: pytest.FixtureRequest
) -> None:
    label = f"key/{request.node.callspec.id}"
    check(run(label, Resigned(CHEAT, "deck-key", change)), match)


# --- shuffle, answer, lock --------------------------------------------------------------------


def test_a_shuffle_with_fewer_shadows_than_the_table_is_named() -> None:
    """The table says 24 shadows; seat 1 commits to 20 (a valid number on its own): it would
    halve nothing but its chance of being caught — 2⁻²⁰ instead of 2⁻²⁴. Named at once."""

    def fewer(env: Envelope, peers: list[Peer]) -> dict[str, Any]:
        decks, shadows = env.body
        assert len(shadows) == 24
        return {"body": (decks, shadows[:20])}

    everyone = run("fewer-shadows", Resigned(CHEAT, "shuffle", fewer), shadows=24)
    check(everyone, "its shuffle has 20 shadows, not 24")
    table = everyone[0].machine.table
    assert table is not None and table.shadows == 24  # recorded, in the game id


def answering(monkeypatch: pytest.MonkeyPatch, bits_for: Any) -> None:
    """Seat 1's machine answers the bits ``bits_for(own, bits)`` instead of its challenge's."""
    real = OwnDeck.answer

    def answer(self: OwnDeck) -> ShuffleAnswer:
        bits = self.deal.bits[self.seat]
        if self.seat != CHEAT or bits is None:
            return real(self)
        self.deal.bits[self.seat] = bits_for(self, bits)  # the cheater's own view only
        try:
            return real(self)
        finally:
            self.deal.bits[self.seat] = bits

    monkeypatch.setattr(OwnDeck, "answer", answer)


def cheated(label: str) -> list[Peer]:
    harness, peers, watcher = dealt_table(label, 3)
    harness.run()
    return [*peers, watcher]


def test_an_answer_that_ignores_its_challenge_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 1 answers every shadow the other way than its bit asks (as a shuffler answering
    bits of its own choosing would): named at the answer."""
    answering(monkeypatch, lambda own, bits: tuple(1 - b for b in bits))
    check(cheated("flipped"), "is no masked permutation")


def test_a_lock_with_the_proofs_of_other_cards_is_named() -> None:
    """The locked cards and their key commitments are right; the proofs are rotated among the
    cards (each a valid proof — of another card)."""

    def rotated(env: Envelope, peers: list[Peer]) -> dict[str, Any]:
        decks, keys, proofs = env.body
        first = proofs[0]
        return {"body": (decks, keys, ((*first[1:], first[0]), *proofs[1:]))}

    check(run("rotated", Resigned(CHEAT, "lock", rotated)), "its lock of card 0 of 'cards'")


def test_the_challenge_answered_is_the_one_the_table_drew(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An answer built for other bits of the same draw — seat 0's, which anyone can compute
    from the draw — is named: the bits are bound to the shuffler's seat."""

    def seat_zero(own: OwnDeck, bits: tuple[int, ...]) -> tuple[int, ...]:
        deal = own.deal
        other = challenge_bits(deal.game_id, 0, drawn[0], deal.shadows)
        assert other != bits
        return other

    drawn: list[bytes] = []
    real = Deal.challenge

    def challenge(self: Deal, draw: bytes) -> tuple[int, ...]:
        if self.turn == CHEAT:
            drawn[:] = [draw]
        return real(self, draw)

    monkeypatch.setattr(Deal, "challenge", challenge)
    answering(monkeypatch, seat_zero)
    check(cheated("other-bits"), "is no masked permutation")


# --- shares ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "scalar",
    [
        lambda share: (int.from_bytes(share, "little") + ORDER).to_bytes(32, "little"),
        lambda share: bytes(32),
    ],
    ids=["unreduced", "zero"],
)
def test_a_share_that_is_no_canonical_scalar_is_named(
    scalar: Any, request: pytest.FixtureRequest
) -> None:
    def change(env: Envelope, peers: list[Peer]) -> dict[str, Any]:
        deck, card, share = env.body
        return {"body": (deck, card, scalar(share))}

    label = f"share/{request.node.callspec.id}"
    check(run(label, Resigned(CHEAT, "card-share", change)), "malformed")


def test_a_sealed_share_copied_from_another_seat_names_the_copier(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 1 sends, for a peek by seat 2, seat 0's sealed share (seat 0's very box): its proof
    of the ephemeral key is bound to its sender, so every peer names seat 1 when it is taken,
    before the recipient could accuse it (docs/deck.md §6)."""
    box: list[list[Peer]] = []
    copied: list[int] = []
    real = OwnDeck.sealed_share

    def sealed_share(self: OwnDeck, deck: str, card: int, to: int) -> SealedShare:
        if self.seat != CHEAT or to != 2 or copied:
            return real(self, deck, card, to)
        copied.append(card)
        return real(own_of(box[0], 0), deck, card, to)

    monkeypatch.setattr(OwnDeck, "sealed_share", sealed_share)
    harness, peers, watcher = dealt_table("copied-box", 3)
    box.append(peers)
    harness.run()
    assert copied
    where = f"its sealed share of card {copied[0]} of 'cards' has no proof of its ephemeral key"
    assert_named(peers, CHEAT, where)
    assert named(watcher) == key_of(peers[CHEAT])
    assert "accusation" not in types(watcher.machine.full_record())


# --- grinding the challenge -----------------------------------------------------------------


def test_no_honest_value_of_a_challenge_draw_exists_before_its_shuffle() -> None:
    """In an honest game, for each seat ``t``: every reveal of draw ``t + 1`` (its challenge)
    is sent after ``t``'s shuffle — the shuffler cannot know its bits when it signs — and the
    bits the table holds are those of that draw's bytes, the shuffle itself not entering
    them (no transcript to grind)."""
    harness, peers, _ = dealt_table("no-grinding", 3)
    harness.run()
    assert all(p.machine.finished for p in peers)
    sent = [(s, Envelope.decode(d)) for s, d in harness.log]
    for t in range(3):
        at = next(i for i, (s, e) in enumerate(sent) if s == t and e.type == "shuffle")
        reveals = [i for i, (_, e) in enumerate(sent) if e.type == "reveal" and e.body[0] == t + 1]
        assert len(reveals) == 3 and min(reveals) > at
        values = [sent[i][1].body[1] for i in sorted(reveals, key=lambda i: sent[i][0])]
        deal = peers[0].machine.dealing
        assert deal is not None
        data = draw_bytes(deal.deal.game_id, t + 1, values)
        assert deal.deal.bits[t] == challenge_bits(deal.deal.game_id, t, data, 20)


def test_a_peer_kept_from_a_shuffle_does_not_reveal_its_challenge() -> None:
    """The relay keeps seat 1's shuffle from seat 2: seat 2 never reveals draw 2, every peer
    waits (seat 2 for the shuffle, the others for seat 2's reveal of draw 2), nobody is named.
    Delivered late, the deal goes on and the game finishes; the record verifies."""
    held: list[bytes] = []
    released = [False]

    def route(sender: int, receiver: int, data: bytes) -> bytes | None:
        if released[0] or sender != CHEAT or receiver != 2:
            return data
        if Envelope.decode(data).type == "shuffle":
            held.append(data)
            return None
        if held:
            held.append(data)  # what follows it waits behind it
            return None
        return data

    _, peers, watcher = dealt_table("kept-shuffle", 3)
    relay = SplitRelay(peers, spectators=[watcher], route=route)
    relay.run()
    assert held
    mine = [e for s, e in ((s, Envelope.decode(d)) for s, d in relay.log) if s == 2]
    assert not any(e.type == "reveal" and e.body[0] == 2 for e in mine)
    waiting = peers[2].machine.waiting()
    assert waiting is not None and (waiting.kind, waiting.seats) == ("shuffle", (CHEAT,))
    for peer in (peers[0], peers[1], watcher):
        waiting = peer.machine.waiting()
        assert waiting is not None and (waiting.kind, waiting.seats, waiting.draw) == (
            "reveal",
            (2,),
            2,
        )
    assert all(p.machine.halted is None and not p.errors for p in [*peers, watcher])
    released[0] = True
    for data in held:
        relay.deliver(peers[2], data)
    relay.run()
    for peer in [*peers, watcher]:
        assert peer.machine.finished and peer.machine.halted is None
    assert "deck-audit" in types(peers[0].machine.record)
    assert verify(peers[0].machine.record).ending == "over"


def test_an_opening_from_another_shuffle_is_named() -> None:
    """Seat 1 answers with openings that are valid in form but belong to nothing it committed
    to (fresh scalars, identity permutations): named at the answer."""

    def made_up(env: Envelope, peers: list[Peer]) -> dict[str, Any]:
        own = own_of(peers, CHEAT)
        size = own.deal.sizes
        one = tuple(tuple(range(n)) for n in size)
        answer = ShuffleAnswer(tuple(Opening(own.secret, one) for _ in range(20)))
        return {"body": answer.body()}

    check(run("made-up", Resigned(CHEAT, "shuffle-answer", made_up)), "is no masked")

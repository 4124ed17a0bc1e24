"""The broken private card (docs/deck.md §11): a card revealed privately whose sealed shares do
not give a card of its deck, through the lockstep with three bots of the test card game (peeks
are private reveals) and a spectator.

- a shuffle cheat that beat its challenge and whose card lands on a peek: the recipient signs a
  ``broken-card`` claim, the play stops, the audits name the shuffler;
- a false claim about a right card: every audit holds, the claimant is named;
- a sealed share that is wrong (the recipient's accusation names its sender) and a box the relay
  corrupted (refused: the envelope's signature fails; nobody named, the table waits for it).

Each named cheat: every honest peer halts naming it, their records agree, and each record
verifies offline (`goldnet verify`) to the same verdict."""

from __future__ import annotations

from typing import Any

import pytest

from goldnet.harness import Harness
from goldnet.records import verify
from protocol.deck import DeckBroken
from protocol.deck_messages import SealedShare
from protocol.deck_own import OwnDeck
from protocol.deck_seal import seal
from protocol.envelope import Envelope

from .cards import RandomBot
from .dealt import assert_named, dealt_table, types
from .test_deck_lockstep import relay_scrambled
from .test_deck_lockstep_cheats import CHEAT, WRONG, cheating, knowing_shuffle

pytestmark = pytest.mark.usefixtures("cards_game")


def peek_first(monkeypatch: pytest.MonkeyPatch, card: Any) -> None:
    """Bots that peek while they may (seat 0's first peek at ``card()`` if it is down),
    else flip."""

    def choose(self: RandomBot, view: Any, legal: list[Any]) -> Any:
        wanted = ("peek", card())
        if view.seat == 0 and wanted in legal:
            return wanted
        peeks = [a for a in legal if a[0] == "peek"]
        return peeks[0] if peeks else legal[0]

    monkeypatch.setattr(RandomBot, "choose", choose)


def broken_position(peers: list[Any]) -> int:
    """Where the substituted card lies once dealt: seat 2 shuffled after the cheat (whose
    output's position 0 is the foreign card), and locks do not move cards."""
    own = peers[2].machine.dealing.own
    return int(own.perms()[0].index(0))


def test_a_shuffle_cheat_whose_card_breaks_in_a_private_peek_is_named_by_the_audits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 0 peeks at the substituted card: its shares are right, the card is none. It signs
    a broken-card claim instead of going on; where its next input is due every peer stops the
    play, the audits are due, and the cheater's audit cannot give its shuffle: named — not the
    claimant, not a bystander."""
    box: list[Any] = []
    made = knowing_shuffle(monkeypatch, box)
    peek_first(monkeypatch, lambda: broken_position(box[0]))
    harness, peers, watcher = dealt_table("broken-peek", 3)
    box.append(peers)
    harness.run()
    assert "answer" in made
    checked = assert_named(peers, CHEAT, "its shuffle is not its secret's permutation")
    assert checked.culprit == peers[CHEAT].machine.identity.public
    record = peers[0].machine.full_record()
    assert types(record).count("broken-card") == 1
    claim = next(Envelope.decode(d) for d in record if Envelope.decode(d).type == "broken-card")
    assert claim.sender == peers[0].machine.identity.public  # the recipient of the peek
    assert types(record).count("deck-audit") >= 2
    assert "action" not in types(record)[types(record).index("broken-card") :]
    halted = watcher.machine.halted
    assert halted is not None and halted.culprit == checked.culprit
    assert watcher.machine.record == peers[0].machine.record


@pytest.mark.parametrize("seed", [b"cut-1", b"cut-2", b"cut-3", b"cut-4"])
def test_a_broken_card_claim_cuts_the_play_at_one_place_whatever_the_delivery_order(
    monkeypatch: pytest.MonkeyPatch, seed: bytes
) -> None:
    """Delivered in scrambled orders, the claim meets the others' reveals of the next draw
    before or after it at each peer: every peer still cuts the play at the claimant's next
    input, takes those reveals with the audits, names the shuffler, and the records agree."""
    box: list[Any] = []
    knowing_shuffle(monkeypatch, box)
    peek_first(monkeypatch, lambda: broken_position(box[0]))
    harness, peers, watcher = dealt_table("broken-scrambled", 3)
    box.append(peers)
    relay_scrambled(harness, seed, replay=False)
    assert_named(peers, CHEAT, "its shuffle is not its secret's permutation")
    assert watcher.machine.record == peers[0].machine.record


def test_a_false_broken_card_claim_about_a_right_card_names_the_claimant(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 1 peeks at a right card and claims it broken: the play stops, every audit holds,
    the audited keys unmask the card — the claimant is named on its signed claim."""
    real = OwnDeck.open

    def opened(self: OwnDeck, deck: str, card: int) -> Any:
        if self.seat == CHEAT:
            raise DeckBroken(f"card {card} of {deck!r} unmasks to no card of its deck")
        return real(self, deck, card)

    monkeypatch.setattr(OwnDeck, "open", opened)
    peek_first(monkeypatch, lambda: None)
    harness, peers, watcher = dealt_table("false-claim", 3)
    harness.run()
    checked = assert_named(peers, CHEAT, "broken, yet every audit holds")
    assert "it claimed card" in checked.reason
    assert types(peers[0].machine.full_record()).count("deck-audit") == 3
    halted = watcher.machine.halted
    assert halted is not None and halted.culprit == checked.culprit


def test_a_broken_card_claim_about_a_card_never_sealed_to_it_names_the_claimant(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 1 claims broken a card it never peeked at: at its next input the card was never
    revealed to it — named at once, on its claim."""
    real = OwnDeck.open

    def opened(self: OwnDeck, deck: str, card: int) -> Any:
        if self.seat == CHEAT:
            raise DeckBroken("a lie")
        return real(self, deck, card)

    monkeypatch.setattr(OwnDeck, "open", opened)
    from protocol import dealing

    made = dealing.BrokenCard

    class Elsewhere(made):  # type: ignore[misc,valid-type]
        def body(self) -> tuple[Any, ...]:
            return (self.deck, (self.card + 1) % 10)

    monkeypatch.setattr(dealing, "BrokenCard", Elsewhere)
    peek_first(monkeypatch, lambda: None)
    harness, peers, _ = dealt_table("unfounded-claim", 3)
    harness.run()
    assert_named(peers, CHEAT, "which was never revealed to it")


def wrong_share(deck_name: str) -> Any:
    def wrong(own: OwnDeck, honest: SealedShare, deck: str, card: int, to: int) -> SealedShare:
        if deck != deck_name:
            return honest
        deal = own.deal
        return SealedShare(
            deck, card, to, *seal(WRONG, deal.members[to], deal.game_id, deck, card, own.seat, to)
        )

    return wrong


def test_a_wrong_share_sealed_to_a_peeking_seat_names_its_sender_not_a_broken_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A wrong sealed share is not a broken card: the recipient proves it with an accusation
    and the sender is named; no claim, no audit."""
    cheating(monkeypatch, "sealed_share", wrong_share("cards"))
    peek_first(monkeypatch, lambda: None)
    harness, peers, _ = dealt_table("wrong-peek", 3)
    harness.run()
    assert_named(peers, CHEAT, "its sealed share of card")
    assert "broken-card" not in types(peers[0].machine.full_record())


def test_a_box_the_relay_corrupted_is_refused_names_nobody_and_the_game_goes_on() -> None:
    """The relay flips a byte of the first sealed share's box: every peer refuses the envelope
    (its signature fails), nobody is named, and the recipient waits for that share; the intact
    envelope delivered later, the game finishes, every peer and the spectator holding one record
    that verifies."""
    kept: list[bytes] = []

    def corrupt(sender: int, data: bytes) -> bytes | None:
        env = Envelope.decode(data)
        if env.type == "sealed-share" and not kept:
            kept.append(data)
            box = env.body[5]
            at = data.index(box) + 7
            bad = bytearray(data)
            bad[at] ^= 0x01
            return bytes(bad)
        return data

    harness, peers, watcher = dealt_table("relay-box", 3, tamper=corrupt)
    harness.run()
    everyone = [*peers, watcher]
    assert kept
    for peer in everyone:
        assert peer.machine.halted is None
        assert all(e.culprit is None for e in peer.errors)
        assert not peer.machine.finished
    refused = [e for p in everyone for e in p.errors]
    assert refused and all(e.culprit is None for e in refused)
    for peer in everyone:
        Harness.deliver(peer, kept[0])
    harness.run()
    assert all(p.machine.finished for p in everyone)
    assert len({tuple(p.machine.record) for p in everyone}) == 1
    assert verify(peers[0].machine.record).ending == "over"


# --- Golden City: the missions and the lantern's peeks are private reveals ---------------------


@pytest.mark.parametrize("deck", ["mission", "hill"])  # a mission's owner; the lantern's owner
def test_a_wrong_share_sealed_to_a_golden_city_owner_names_its_sender(
    monkeypatch: pytest.MonkeyPatch, deck: str
) -> None:
    """Seat 1 seals a wrong share of each card of ``deck`` revealed privately (every other
    seat's mission; a lantern peek at a hill token): the owner proves it with an accusation and
    seat 1 is named — never the owner."""
    cheating(monkeypatch, "sealed_share", wrong_share(deck))
    harness, peers, _ = dealt_table("hidden/gc", 3, game="golden-city", options=())
    harness.run()
    checked = assert_named(peers, CHEAT, "its sealed share of card")
    assert f"of {deck!r}" in checked.reason
    record = peers[0].machine.full_record()
    accusation = next(Envelope.decode(d) for d in record if Envelope.decode(d).type == "accusation")
    assert accusation.body[0] == deck and accusation.sender != peers[CHEAT].machine.identity.public


def test_a_false_broken_card_claim_about_a_golden_city_mission_names_the_claimant(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Seat 1 claims its own (right) mission broken: its engine runs on without its mission,
    the claim is taken at its next input, every audit holds, and seat 1 is named."""
    real = OwnDeck.open

    def opened(self: OwnDeck, deck: str, card: int) -> Any:
        if self.seat == CHEAT and deck == "mission":
            raise DeckBroken("a lie")
        return real(self, deck, card)

    monkeypatch.setattr(OwnDeck, "open", opened)
    harness, peers, watcher = dealt_table("gc-claim", 3, game="golden-city", options=())
    harness.run()
    checked = assert_named(peers, CHEAT, "broken, yet every audit holds")
    assert "of 'mission'" in checked.reason
    assert watcher.machine.record == peers[0].machine.record

"""The mental-poker deck dealt honestly (protocol/deck.py, docs/deck.md): Golden City's decks
among 2 to 6 members, public and private reveals, the audit, what the deal waits for, and the
properties every deal keeps (distinct cards, determinism, nothing secret in the clear)."""

from __future__ import annotations

from collections import Counter

import pytest

from protocol.codec import pack, unpack
from protocol.deck import Deal, DeckDue, Stage
from protocol.deck_group import card_point
from protocol.deck_messages import KINDS, parse
from protocol.deck_seal import context, identity_scalars, unseal
from protocol.errors import LocalProtocolError

from .deck_table import (
    SMALL,
    audit_all,
    golden_city_decks,
    reveal_private,
    reveal_public,
    run_deal,
    spectator,
    table,
)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_an_honest_golden_city_deal(seats: int) -> None:
    """Every member and a record verifier accept the deal; each seat sees its own mission;
    public reveals agree everywhere; the audit passes and every card's value is known after
    it. (The verifier skips the shadows and lock proofs — the members check those — and relies
    on the audit, as a record verifier may.)"""
    decks = golden_city_decks(seats)
    peers = table(seats, decks, label=f"gc/{seats}")
    watcher = spectator(peers, proofs=False)
    run_deal(peers, extra=[watcher], label=f"gc/{seats}")
    missions = [reveal_private(peers, "mission", s, s, extra=[watcher]) for s in range(seats)]
    hill = [reveal_public(peers, "hill", c, extra=[watcher]) for c in range(3)]
    audit_all(peers, extra=[watcher])
    for deal in [p.deal for p in peers] + [watcher]:
        assert deal.stage is Stage.AUDITED and deal.dealt is not None
        dealt = dict(zip(deal.names, deal.dealt, strict=True))
        assert list(dealt["mission"][:seats]) == missions
        assert list(dealt["hill"][:3]) == hill
        for name, values in decks:  # a permutation of the deck's contents: none lost or doubled
            assert Counter(dealt[name]) == Counter(values)
    assert watcher.dealt == peers[0].deal.dealt


def test_a_private_reveal_tells_only_its_recipient() -> None:
    peers = table(3)
    watcher = spectator(peers)
    run_deal(peers, extra=[watcher])
    value = reveal_private(peers, "mission", 1, 2, extra=[watcher])
    assert value in dict(SMALL)["mission"]
    for deal in [p.deal for p in peers] + [watcher]:  # they took the sealed shares, no value
        with pytest.raises(LookupError):
            deal.value("mission", 1)
    reveal = peers[0].deal.reveals[("mission", 1, 2)]
    share = peers[0].own.lock_key("mission", 1)
    sealed = reveal.sealed[0]
    assert share not in pack(sealed.body())  # the relay sees a ciphertext only
    # Only seat 2's identity opens it: seat 1's X25519 key does not.
    info = context(peers[0].deal.game_id, "mission", 1, 0, 2, sealed.ephemeral)
    h1, _ = identity_scalars(peers[1].identity.private_bytes())
    h2, _ = identity_scalars(peers[2].identity.private_bytes())
    assert unseal(h1, sealed.ephemeral, sealed.box, info) is None
    assert unseal(h2, sealed.ephemeral, sealed.box, info) == share


def test_a_card_revealed_privately_then_publicly_shows_one_value() -> None:
    peers = table(2)
    run_deal(peers)
    seen = reveal_private(peers, "hill", 4, 0)
    assert reveal_public(peers, "hill", 4) == seen


def test_equal_tokens_are_different_points() -> None:
    deal = table(2)[0].deal
    hill = dict(SMALL)["hill"]
    assert hill[0] == hill[1] and deal.cards[0][0] != deal.cards[0][1]
    assert deal.cards[0][0] == card_point(deal.game_id, "hill", 0)
    assert len({p for deck in deal.cards for p in deck}) == sum(deal.sizes)


def test_the_deal_says_what_it_waits_for_and_blames_nobody_for_it() -> None:
    """A missing message is never a fault: the deal waits, naming whose message it lacks."""
    peers = table(3)
    keys = [p.own.deck_key() for p in peers]
    deal = peers[0].deal
    assert deal.due() == (DeckDue("deck-key", (0, 1, 2)),)
    deal.take(0, keys[0])
    deal.take(2, keys[2])
    assert deal.due() == (DeckDue("deck-key", (1,)),)
    deal.take(1, keys[1])
    assert deal.due() == (DeckDue("shuffle", (0,)),)
    with pytest.raises(LocalProtocolError, match="not due"):  # seat 1 early: kept, not blamed
        deal.take(1, keys[1])
    assert deal.due() == (DeckDue("shuffle", (0,)),)


def test_a_message_that_is_not_due_changes_nothing() -> None:
    peers = table(3)
    run_deal(peers)
    deal = peers[1].deal
    before = (deal.stage, deal.decks)
    with pytest.raises(LocalProtocolError):
        deal.take(0, peers[0].own.lock())  # the lock pass is over
    with pytest.raises(LocalProtocolError):
        deal.take(0, peers[0].own.share("hill", 0))  # no reveal is open
    assert (deal.stage, deal.decks) == before
    deal.open_reveal("hill", 0, None)
    assert deal.due() == (DeckDue("card-share", (0, 1, 2), ("hill", 0, None)),)


def test_messages_survive_the_wire_and_deals_are_deterministic() -> None:
    """Every message of a deal encodes canonically and decodes to itself; the same seeds make
    the same bytes."""
    first, second = table(2, label="same"), table(2, label="same")
    bodies: list[list[bytes]] = [[], []]

    def record(log: list[bytes]):  # type: ignore[no-untyped-def]
        def tamper(kind, seat, message):  # type: ignore[no-untyped-def]
            data = pack(message.body())
            assert parse(kind, unpack(data, 1 << 20)) == message
            assert KINDS[type(message)] == kind
            log.append(data)
            return message

        return tamper

    for peers, log in zip((first, second), bodies, strict=True):
        run_deal(peers, tamper=record(log), label="same")
        reveal_private(peers, "mission", 0, 1, tamper=record(log))
        reveal_public(peers, "hill", 2, tamper=record(log))
        audit_all(peers, tamper=record(log))
    assert bodies[0] == bodies[1] and len(bodies[0]) == 2 + 2 * 2 + 2 + 1 + 2 + 2


def test_the_deck_secrets_wait_for_the_end_of_the_game() -> None:
    peers = table(2)
    run_deal(peers)
    with pytest.raises(LocalProtocolError, match="over"):
        peers[0].own.audit()
    peers[0].deal.finish()
    with pytest.raises(LocalProtocolError):
        peers[0].deal.open_reveal("hill", 0, None)


@pytest.mark.parametrize(
    ("args", "match"),
    [
        ({"shadows": 19}, "shadows"),
        ({"shadows": 65}, "shadows"),
        ({"decks": ()}, "decks"),
        ({"decks": (("a", ()),)}, "empty"),
        ({"decks": (("a", (1,)), ("a", (2,)))}, "distinct"),
        ({"decks": (("x" * 33, (1,)),)}, "characters"),
        ({"decks": (("a", tuple(range(257))),)}, "cards"),
    ],
)
def test_a_deal_outside_the_limits_is_refused(args: dict[str, object], match: str) -> None:
    peers = table(2)
    base = {"decks": SMALL, "shadows": 20}
    merged = {**base, **args}
    with pytest.raises(LocalProtocolError, match=match):
        Deal(peers[0].deal.game_id, peers[0].deal.members, merged["decks"], merged["shadows"])  # type: ignore[arg-type]

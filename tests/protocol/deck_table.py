"""An in-memory table of deck peers for the deck tests: every member's :class:`Deal` and
:class:`OwnDeck`, messages delivered to every peer's deal (its own included), beacon draws
stood in for by fixed bytes, and the Golden City decks.

A cheat is a ``tamper(kind, seat, message) -> message`` applied to what a member sends before
anyone takes it; :func:`deliver` returns what each peer's deal made of it."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from protocol.deck import Deal, DeckFault, Stage
from protocol.deck_messages import DeckMessage
from protocol.deck_own import OwnDeck
from protocol.identity import Identity

Tamper = Callable[[str, int, DeckMessage], DeckMessage]

SMALL = (("hill", ("a", "a", "b", "c", "d")), ("mission", ("m1", "m2", "m3", "m4")))
"""Two small decks (equal tokens in the first) for the quick tests."""


def golden_city_decks(seats: int) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The hill, gallery and mission decks of a Golden City game with ``seats`` seats."""
    from goldnet import games

    return games.get("golden-city").new_state((), seats).decks()


def h(*parts: object) -> bytes:
    return hashlib.sha256(repr(parts).encode()).digest()


@dataclass
class Peer:
    seat: int
    identity: Identity
    deal: Deal
    own: OwnDeck


def table(
    n: int,
    decks: Sequence[tuple[str, Sequence[Any]]] = SMALL,
    shadows: int = 20,
    label: str = "deck",
) -> list[Peer]:
    """``n`` members of one game with fresh deals (keys and seeds from ``label``)."""
    identities = [Identity(h(label, "identity", i)) for i in range(n)]
    members = [i.public for i in identities]
    game_id = h(label, "game")
    peers = []
    for seat, identity in enumerate(identities):
        deal = Deal(game_id, members, decks, shadows, me=seat)
        own = OwnDeck(deal, seat, h(label, "seed", seat), identity.private_bytes())
        peers.append(Peer(seat, identity, deal, own))
    return peers


def spectator(peers: list[Peer], *, proofs: bool = True) -> Deal:
    """A deal that takes the same messages and holds no secret."""
    d = peers[0].deal
    decks = tuple(zip(d.names, d.values, strict=True))
    return Deal(d.game_id, d.members, decks, d.shadows, proofs=proofs)


def deliver(deals: Sequence[Deal], seat: int, message: DeckMessage) -> list[DeckFault | None]:
    """``message`` of ``seat`` taken by every deal: the fault each raised, or None."""
    out: list[DeckFault | None] = []
    for deal in deals:
        try:
            deal.take(seat, message)
        except DeckFault as exc:
            out.append(exc)
        else:
            out.append(None)
    return out


def draw(label: str, seat: int) -> bytes:
    """Stands for the bytes of the beacon draw after ``seat``'s shuffle."""
    return h(label, "beacon", seat)


def send(
    peers: list[Peer],
    seat: int,
    kind: str,
    message: DeckMessage,
    tamper: Tamper | None,
    extra: Sequence[Deal] = (),
) -> None:
    """Deliver ``seat``'s message (tampered if asked) to every deal; raise the first fault."""
    if tamper is not None:
        message = tamper(kind, seat, message)
    for fault in deliver([p.deal for p in peers] + list(extra), seat, message):
        if fault is not None:
            raise fault


def run_deal(
    peers: list[Peer],
    tamper: Tamper | None = None,
    extra: Sequence[Deal] = (),
    label: str = "deck",
) -> None:
    """Keys, shuffles with their challenges and answers, locks: the whole deal."""
    n = len(peers)
    for p in peers:
        send(peers, p.seat, "deck-key", p.own.deck_key(), tamper, extra)
    for p in peers:
        send(peers, p.seat, "shuffle", p.own.shuffle(), tamper, extra)
        for deal in [q.deal for q in peers] + list(extra):
            deal.challenge(draw(label, p.seat))
        send(peers, p.seat, "shuffle-answer", p.own.answer(), tamper, extra)
    for p in peers:
        send(peers, p.seat, "lock", p.own.lock(), tamper, extra)
    assert all(q.deal.stage is Stage.DEALT for q in peers) and n == len(peers)


def reveal_public(
    peers: list[Peer],
    deck: str,
    card: int,
    tamper: Tamper | None = None,
    extra: Sequence[Deal] = (),
) -> Any:
    """Reveal a card to everyone; its value (as every deal agrees)."""
    for deal in [p.deal for p in peers] + list(extra):
        deal.open_reveal(deck, card, None)
    for p in peers:
        send(peers, p.seat, "card-share", p.own.share(deck, card), tamper, extra)
    values = {deal.value(deck, card) for deal in [p.deal for p in peers] + list(extra)}
    assert len(values) == 1
    return values.pop()


def reveal_private(
    peers: list[Peer],
    deck: str,
    card: int,
    to: int,
    tamper: Tamper | None = None,
    extra: Sequence[Deal] = (),
) -> Any:
    """Reveal a card to seat ``to``; its value as ``to`` opens it."""
    for deal in [p.deal for p in peers] + list(extra):
        deal.open_reveal(deck, card, to)
    for p in peers:
        if p.seat != to:
            send(peers, p.seat, "sealed-share", p.own.sealed_share(deck, card, to), tamper, extra)
    return peers[to].own.open(deck, card)[1]


def audit_all(peers: list[Peer], tamper: Tamper | None = None, extra: Sequence[Deal] = ()) -> None:
    """Finish the game and publish every member's audit."""
    for deal in [p.deal for p in peers] + list(extra):
        deal.finish()
    for p in peers:
        send(peers, p.seat, "deck-audit", p.own.audit(), tamper, extra)

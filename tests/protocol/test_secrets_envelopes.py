"""Issue 14, secrets across every message kind of a Golden City game played through the deck
(docs/deck.md §7): what a network game sends — every envelope the relay forwards, of every type
(the table, the beacon's commitments and reveals, actions, the deck's keys, shuffles, answers,
locks, card shares, sealed shares and audits, the closes) — read by anyone, the relay included.

- **In the clear**: no envelope holds the name of a face-down card's value (a hill's token, a
  gallery's token, a mission) unless a card of that value was revealed to everyone before it;
  no envelope holds a member's deck secret or any of its lock ratios before that member's own
  audit, nor its deck seed or its beacon chain's secret seed at all; a beacon value is first
  sent in its own reveal, never earlier.
- **Swapped cards**: two games that differ only in where two cards lie that a seat never sees
  (the last shuffler swaps them) give that seat the same observations and the same engine
  events, step for step, until one of the two cards is revealed to anyone — for a mission
  nobody was dealt, the whole game.

The in-memory harness runs the same lockstep machines and deck as the network table
(``goldnet host``/``join``); only the transport differs, and the relay forwards envelopes as
they are, so the envelopes here are the ones a relay sees.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from hypothesis import given, reject, settings
from hypothesis import strategies as st

from goldnet.harness import Peer
from protocol import dealing
from protocol.deck_messages import DeckAudit, Decks, Perms
from protocol.deck_own import OwnDeck
from protocol.envelope import TYPES, Envelope
from protocol.events import CardRevealed
from protocol.messages import Action, Reveal

from .dealt import dealt_table, state_of

SEATS = 3
HONEST_TYPES = {
    "table",
    "commit",
    "reveal",
    "action",
    "close",
    "deck-key",
    "shuffle",
    "shuffle-answer",
    "lock",
    "card-share",
    "sealed-share",
    "deck-audit",
}
"""The envelope types of an honest Golden City game dealt by the deck; the others of
:data:`protocol.envelope.TYPES` (``adjudicate``, ``accusation``, ``broken-card``) come only of
an absent member or a cheat, and carry no card (tests/protocol/test_attack12_*.py)."""


def test_no_envelope_of_any_type_holds_a_card_value_or_a_seed_before_its_time() -> None:
    harness, peers, watcher = dealt_table("secrets/all", SEATS, game="golden-city", options=())
    harness.run()
    assert all(p.machine.finished and not p.errors for p in [*peers, watcher])
    log = [data for _, data in harness.log]
    envelopes = [Envelope.decode(data) for data in log]
    assert {e.type for e in envelopes} == HONEST_TYPES
    assert set(TYPES) >= HONEST_TYPES

    decks = state_of(peers[0]).decks()
    names = {str(v) for _, values in decks for v in values}
    assert {"nugget-3", "thief-4", "ghost", "cave-in", "vein-6", "sheriff"} <= names
    verbs = {"move", "descend", "buy", "done", "roll", "lantern", "raft", "pony"}

    # a spectator's view of what was revealed to everyone, envelope by envelope
    spectator = dealt_table("secrets/all", SEATS, game="golden-city", options=())[2]
    public: set[str] = set()
    for data, envelope in zip(log, envelopes, strict=True):
        raw = data
        if envelope.type == "action":  # its verb (a tool: "raft") is the rules' word, not a card
            verb = Action.from_body(envelope.body).action[0]
            assert verb in verbs
            raw = data.replace(verb.encode(), b"", 1)
        for name in names - public:
            assert name.encode() not in raw, (envelope.type, name)
        spectator.machine.receive(data)
        for event in list(spectator.machine._events):
            if isinstance(event, CardRevealed) and event.to is None:
                public.add(str(event.value))
        spectator.drain()
    assert spectator.machine.finished
    assert public and public < names  # tokens turned face up during play, never all of them

    for peer in peers:
        key = peer.machine.identity
        assert key is not None and peer.deck_seed is not None and peer.secrets
        audit = next(
            i for i, e in enumerate(envelopes) if e.type == "deck-audit" and e.sender == key.public
        )
        assert not any(peer.deck_seed in data for data in log)
        published = DeckAudit.from_body(envelopes[audit].body)  # its secrets, in their time
        scalars = [published.key, *(r for deck in published.locks for r in deck)]
        assert len(scalars) > 20
        for earlier in log[:audit]:
            assert not any(scalar in earlier for scalar in scalars)
        assert not any(seed in data for seed in peer.secrets for data in log)
    first_sent: dict[bytes, int] = {}
    for i, envelope in enumerate(envelopes):
        if envelope.type == "reveal":
            value = Reveal.from_body(envelope.body).value
            first = next(j for j, d in enumerate(log) if value in d)
            first_sent[value] = first
            assert first == i, "a beacon value was sent before its reveal"
    assert len(first_sent) > 50


class _Swapping(OwnDeck):
    """A member's own deck whose shuffle, for the seat and deck in :attr:`swap`, swaps two
    output positions: those two cards trade places in the deal, nothing else changes."""

    swap: tuple[int, str, int, int] | None = None
    """(swapping seat, deck, position, position)"""

    def _perms(self, label: str, source: Decks, *extra: Any) -> Perms:
        perms = super()._perms(label, source, *extra)
        if label != "perm" or self.swap is None or self.seat != self.swap[0]:
            return perms
        _, deck, i, j = self.swap
        d = self.deal.names.index(deck)
        swapped = list(perms[d])
        swapped[i], swapped[j] = swapped[j], swapped[i]
        return (*perms[:d], tuple(swapped), *perms[d + 1 :])


def _seen_by(
    label: str, swap: tuple[str, int, int] | None
) -> tuple[list[list[Any]], list[list[Any]], bool, Any]:
    """One game; what each seat observed after each of its steps (its observation), up to the
    first reveal, to anyone, of one of the two swapped cards; each seat's engine events at the
    end; whether such a reveal came; the deal's values."""
    deck, i, j = swap if swap is not None else ("hill", 0, 0)
    cut = [False]
    seen: list[list[Any]] = [[] for _ in range(SEATS)]
    seats: dict[int, int] = {}
    real = Peer.drain

    def drain(self: Peer) -> None:
        for event in self.machine._events:
            if isinstance(event, CardRevealed) and event.deck == deck and event.card in (i, j):
                cut[0] = swap is not None
        real(self)
        seat = seats.get(id(self))
        if seat is not None and not cut[0] and self.machine.engine is not None:
            seen[seat].append(state_of(self).observation(seat))

    _Swapping.swap = None if swap is None else (SEATS - 1, deck, i, j)
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(dealing, "OwnDeck", _Swapping)
            patch.setattr(Peer, "drain", drain)
            harness, peers, watcher = dealt_table(label, SEATS, game="golden-city", options=())
            seats.update({id(p): s for s, p in enumerate(peers)})
            harness.run()
    finally:
        _Swapping.swap = None
    assert all(p.machine.finished and not p.errors for p in [*peers, watcher])
    events = [list(p.engine.events) for p in peers]
    assert peers[0].machine.dealing is not None
    return seen, events, cut[0], peers[0].machine.dealing.deal.dealt


LABEL = "secrets/swap"


@functools.cache
def _unswapped() -> tuple[list[list[Any]], list[list[Any]], bool, Any]:
    return _seen_by(LABEL, None)


def _compare(swap: tuple[str, int, int]) -> bool:
    """Two games, the second with ``swap``: every seat's observations are the same up to the
    first reveal of a swapped card (if none came: every observation and every event)."""
    seen_a, events_a, _, dealt_a = _unswapped()
    deck, i, j = swap
    d = ("hill", "gallery", "mission").index(deck)
    if dealt_a[d][i] == dealt_a[d][j]:  # two cards of one value: nothing would change
        reject()
    seen_b, events_b, revealed, dealt_b = _seen_by(LABEL, swap)
    swapped = list(dealt_a[d])
    swapped[i], swapped[j] = swapped[j], swapped[i]
    assert tuple(swapped) == tuple(dealt_b[d])  # the two cards traded places
    for seat in range(SEATS):
        assert len(seen_b[seat]) > 10  # the deal and some play at least
        assert seen_a[seat][: len(seen_b[seat])] == seen_b[seat], seat
        if not revealed:
            assert seen_a[seat] == seen_b[seat] and events_a[seat] == events_b[seat], seat
    return revealed


def test_swapping_two_missions_nobody_was_dealt_changes_nothing_for_any_seat() -> None:
    assert not _compare(("mission", SEATS, SEATS + 4))  # never revealed


@settings(max_examples=2, deadline=None)
@given(
    deck=st.sampled_from(["hill", "gallery"]),
    pair=st.tuples(st.integers(0, 19), st.integers(0, 19)).filter(lambda p: p[0] != p[1]),
)
def test_swapping_two_face_down_tokens_changes_nothing_for_any_seat_until_one_is_turned(
    deck: str, pair: tuple[int, int]
) -> None:
    _compare((deck, *pair))

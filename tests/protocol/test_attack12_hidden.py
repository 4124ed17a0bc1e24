"""Issue 12, what a seat's private cards leak to the others in Golden City played through the
deck (docs/deck.md §7, §11 "Private reveals and spectators"): the missions and the lantern's
peeks.

Every engine event of every peer — the peeking seat's own included — is the spectator's event,
one for one: no event carries a private value, so nothing a UI, a log or a turn report shows
can leak one. Each peer's observation of every other seat is the spectator's (the seat's
mission and peeks unknown), and the value a peer's engine was given for a card private to
another seat is nothing at all.
"""

from __future__ import annotations

from typing import Any

import pytest

from goldnet.harness import Peer
from protocol.events import CardRevealed

from .dealt import dealt_table, state_of

SEATS = 3


def test_no_event_nor_observation_of_another_seat_holds_a_private_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    given: dict[int, list[CardRevealed]] = {}
    real = Peer.drain

    def drain(self: Peer) -> None:  # watch the machine's card events before the peer does
        machine = self.machine
        events = machine._events
        for event in events:
            if isinstance(event, CardRevealed):
                given.setdefault(id(self), []).append(event)
        real(self)

    monkeypatch.setattr(Peer, "drain", drain)
    harness, peers, watcher = dealt_table("hidden/gc", SEATS, game="golden-city", options=())
    harness.run()
    assert all(p.machine.finished and not p.errors for p in [*peers, watcher])
    spectator = watcher.engine.events
    private = [e for e in given[id(watcher)] if e.to is not None]
    assert {e.deck for e in private} == {"hill", "mission"}  # missions and lantern peeks
    assert all(e.value is None for e in private)
    for seat, peer in enumerate(peers):
        assert peer.engine.events == spectator, seat
        for event in given[id(peer)]:
            if event.to is not None and event.to != seat:
                assert event.value is None, (seat, event)
        state: Any = state_of(peer)
        for other in range(SEATS):
            if other != seat:
                assert state.observation(other) == state_of(watcher).observation(other)
        mine = state.observation(seat)
        assert mine.mission is not None  # its own mission it saw

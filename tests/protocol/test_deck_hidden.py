"""Property: the cards a seat may not see change nothing for it (docs/deck.md §7). Two deals
that differ only in where two cards the seat never sees lie — the last shuffler swaps them —
give that seat the same observations, and every message it sends is valid in both."""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from protocol.deck_messages import Decks, Perms
from protocol.deck_own import OwnDeck

from .deck_table import Peer, audit_all, reveal_private, reveal_public, run_deal, table


class Swapping(OwnDeck):
    """An honest member whose shuffle swaps two output positions of the first deck."""

    swap: tuple[int, int] = (0, 0)

    def _perms(self, label: str, source: Decks, *extra: Any) -> Perms:
        perms = super()._perms(label, source, *extra)
        if label != "perm":
            return perms
        first = list(perms[0])
        i, j = self.swap
        first[i], first[j] = first[j], first[i]
        return (tuple(first), *perms[1:])


def _game(label: str, swap: tuple[int, int] | None, seat: int) -> tuple[list[Any], Any, list[Peer]]:
    """A 3-member deal: seat ``seat`` is privately shown mission card ``seat``, everyone sees
    hill card 0. Returns what ``seat`` observed, the dealt values, and the peers."""
    peers = table(3, label=label)
    if swap is not None:
        last = peers[-1]
        own = Swapping(last.deal, last.seat, last.own.seed, last.identity.private_bytes())
        own.swap = swap
        last.own = own
    sent: list[Any] = []

    def watch(kind: str, sender: int, message: Any) -> Any:
        if sender == seat:
            sent.append(message)
        return message

    run_deal(peers, tamper=watch, label=label)  # every deal takes every message: all valid
    seen = [
        reveal_private(peers, "mission", seat, seat, tamper=watch),
        reveal_public(peers, "hill", 0, tamper=watch),
    ]
    audit_all(peers, tamper=watch)
    assert len(sent) == 6  # key, shuffle, answer, lock, share, audit
    return seen, peers[0].deal.dealt, peers


@settings(max_examples=6, deadline=None)
@given(
    label=st.integers(0, 10**6).map(str),
    pair=st.sampled_from([(1, 2), (1, 4), (2, 3), (3, 4)]),
    seat=st.integers(0, 1),
)
def test_swapping_cards_a_seat_never_sees_changes_nothing_for_it(
    label: str, pair: tuple[int, int], seat: int
) -> None:
    seen_a, dealt_a, _ = _game(label, None, seat)
    seen_b, dealt_b, _ = _game(label, pair, seat)
    assert seen_a == seen_b
    i, j = pair
    hill_a, hill_b = list(dealt_a[0]), list(dealt_b[0])
    hill_a[i], hill_a[j] = hill_a[j], hill_a[i]
    assert hill_a == hill_b and dealt_a[1] == dealt_b[1]

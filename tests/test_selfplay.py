"""goldnet.selfplay: bots play any registered game offline, its cards dealt by a local deck."""

from __future__ import annotations

import pytest

from goldnet.engine import GameState, RevealOf
from goldnet.local_deck import LocalDeck
from goldnet.rng import Stream
from goldnet.selfplay import play
from tests.protocol.cards import CardsState, RandomBot


def bots(seats: int, label: str) -> list[RandomBot]:
    return [RandomBot(f"{label}/{seat}") for seat in range(seats)]


@pytest.mark.parametrize("seats", range(2, 7))
def test_private_reveals_are_dealt_from_a_local_deck(seats: int) -> None:
    reveals: list[RevealOf] = []

    def watch(state: GameState) -> None:
        request = state.awaiting()
        if isinstance(request, RevealOf):
            reveals.append(request)

    state = CardsState(seats, private=True)
    result = play(state, bots(seats, "p"), Stream("selfplay", seats), on_action=watch, max_turns=99)
    assert result.turns == state.turn >= 2 * seats + 4
    assert any(r.to is not None for r in reveals) and any(r.to is None for r in reveals)
    # One state held every seat's knowledge, each seat's from its own peeks only.
    for seat in range(seats):
        assert {card for card, _ in state.observation(seat).known} == set(state.peeked[seat])
    # Every value is the deck's: the local deck is shuffled from the chance stream.
    again = CardsState(seats, private=True)
    assert play(again, bots(seats, "p"), Stream("selfplay", seats), max_turns=99) == result
    assert again.faces == state.faces


def test_a_given_deck_deals_the_cards() -> None:
    state = CardsState(2, private=True)
    deck = LocalDeck.for_state(state, "given")
    play(state, bots(2, "g"), Stream("chance"), deck=deck, max_turns=99)
    assert state.faces == [deck.value("cards", i) for i in range(8)]


def test_claimers_claim_before_each_draw_in_seat_order() -> None:
    state = CardsState(4, private=False)
    play(state, bots(4, "c"), Stream("claims"), max_turns=99)
    assert state.pairs  # somebody claimed a pair
    assert all(seat in range(4) for _, seat in state.pairs)
    assert sorted(v for v, _ in state.pairs) == sorted({v for v, _ in state.pairs})

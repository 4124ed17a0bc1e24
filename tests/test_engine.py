"""goldnet.engine: the contract's cards, private knowledge and claims (goldnet/engine.py), checked
on the test card game (tests/protocol/cards.py) and on Mountains & Rivers, which has neither."""

from __future__ import annotations

import pytest

from goldnet.engine import (
    ChanceOf,
    Claimer,
    GameState,
    IllegalAction,
    PerfectInformation,
    RevealOf,
    TurnOf,
)
from goldnet.games.mountains_rivers.boards import load_board
from goldnet.games.mountains_rivers.rules import State
from tests.protocol.cards import DECK, CardsState, RandomBot, values


def peeking(seats: int = 3, card: int = 2) -> CardsState:
    """A private table where seat 0 has rolled and peeks at ``card``: its reveal is due."""
    state = CardsState(seats, private=True)
    state.apply_chance(4)
    state.apply(("peek", card))
    assert state.awaiting() == RevealOf(DECK, card, 0)
    return state


def snapshot(state: GameState) -> tuple[bytes, list[object]]:
    seats: list[int | None] = [None, *range(state.n_seats)]
    return state.public_hash(), [state.observation(s) for s in seats]


def test_a_reveal_request_names_a_deck_a_card_and_who_sees_it() -> None:
    request = RevealOf("missions", 4, 2)
    assert (request.deck, request.card, request.to) == ("missions", 4, 2)
    assert RevealOf("tokens", 0, None).to is None


def test_a_game_without_cards_or_claims_refuses_both_and_changes_nothing() -> None:
    state = State(load_board(1))
    assert isinstance(state, PerfectInformation) and isinstance(state, GameState)
    before = snapshot(state)
    assert state.decks() == () and state.claims(0) == [] and state.claims(1) == []
    with pytest.raises(IllegalAction) as refused:
        state.apply_claim(1, ("pair", 1))
    assert refused.value.code == "no-claim"
    with pytest.raises(IllegalAction) as refused:
        state.apply_reveal("tokens", 0, None, 3)
    assert refused.value.code == "no-reveal"
    assert snapshot(state) == before


def test_a_private_reveal_goes_to_its_seats_knowledge_alone() -> None:
    forks = {}
    for value in (1, 3, None):
        state = peeking()
        state.apply_reveal(DECK, 2, 0, value)
        forks[value] = state
    one, three, blind = forks[1], forks[3], forks[None]
    assert one.observation(0).known == ((2, 1),) and three.observation(0).known == ((2, 3),)
    assert blind.observation(0).known == ()
    # What the others see, and the public hash, do not depend on what seat 0 saw.
    for seat in (None, 1, 2):
        assert one.observation(seat) == three.observation(seat) == blind.observation(seat)
        assert one.observation(seat).known == ()
    assert one.public_hash() == three.public_hash() == blind.public_hash()
    # Everyone learns that seat 0 peeked at card 2.
    assert one.observation(1).peeked[0] == (2,)
    assert isinstance(one.awaiting(), ChanceOf) and one.active == 1


def test_a_public_reveal_puts_its_value_into_the_public_state() -> None:
    state = CardsState(2, private=True)
    state.apply_chance(6)
    state.apply(("flip", 5))
    assert state.awaiting() == RevealOf(DECK, 5, None)
    before = state.public_hash()
    state.apply_reveal(DECK, 5, None, 2)
    assert state.observation(1).faces[5] == 2 and state.scores == [2, 0]
    assert state.public_hash() != before


@pytest.mark.parametrize(
    ("reveal", "code"),
    [
        ((DECK, 3, 0, 1), "not-awaited"),  # another card
        ((DECK, 2, 1, 1), "not-awaited"),  # to another seat
        ((DECK, 2, None, 1), "not-awaited"),  # to everyone
        (("missions", 2, 0, 1), "not-awaited"),  # another deck
        ((DECK, 2, 0, 9), "bad-card-value"),  # no card holds 9
        ((DECK, 2, 0, "1"), "bad-card-value"),
    ],
)
def test_a_reveal_that_is_not_due_is_refused_and_changes_nothing(
    reveal: tuple[str, int, int | None, object], code: str
) -> None:
    state = peeking()
    before = snapshot(state)
    with pytest.raises(IllegalAction) as refused:
        state.apply_reveal(*reveal)  # type: ignore[arg-type]
    assert refused.value.code == code
    assert snapshot(state) == before and state.known == [{}, {}, {}]


def paired() -> CardsState:
    """Three seats, cards 0 and 4 (both value 1) face up; seat 2 is to roll."""
    state = CardsState(3, private=False)
    for card in (0, 4):
        state.apply_chance(6)
        state.apply(("flip", card))
        state.apply_chance(1)
    assert state.observation(None).faces[0] == state.observation(None).faces[4] == 1
    return state


def test_claims_are_open_to_the_seats_not_on_turn_and_judged_on_the_public_state() -> None:
    state = paired()
    assert state.active == 2 and isinstance(state.awaiting(), ChanceOf)
    assert state.claims(0) == state.claims(1) == [("pair", 1)] and state.claims(2) == []
    cases = [(2, ("pair", 1), "on-turn"), (0, ("pair", 2), "no-pair"), (0, ("two",), "malformed")]
    for seat, claim, code in cases:
        before = snapshot(state)
        with pytest.raises(IllegalAction) as refused:
            state.apply_claim(seat, claim)
        assert refused.value.code == code
        assert snapshot(state) == before
    state.apply_claim(1, ("pair", 1))
    assert state.scores[1] == 1 + 1 and state.claims(0) == []
    with pytest.raises(IllegalAction) as refused:
        state.apply_claim(0, ("pair", 1))
    assert refused.value.code == "claimed"


def test_the_test_games_bot_is_a_claimer() -> None:
    bot = RandomBot(1)
    assert isinstance(bot, Claimer)
    assert bot.claim(None, [("pair", 2)]) == ("pair", 2) and bot.claim(None, []) is None


def test_the_card_game_deals_its_declared_deck_only_when_private() -> None:
    assert CardsState(4, private=True).decks() == ((DECK, values(4)),)
    assert len(values(4)) == 12 and CardsState(4, private=False).decks() == ()
    state = CardsState(2, private=True)
    assert isinstance(state.awaiting(), ChanceOf)
    state.apply_chance(1)
    assert state.awaiting() == TurnOf(0)
    assert ("peek", 0) in state.legal_actions(0)
    assert ("peek", 0) not in CardsState(2, private=False).legal_actions(0)

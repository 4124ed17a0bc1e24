"""goldnet.local_deck: the trusted local dealer of tests and offline play."""

from __future__ import annotations

import pytest

from goldnet.games.mountains_rivers.boards import load_board
from goldnet.games.mountains_rivers.rules import State
from goldnet.local_deck import LocalDeck
from goldnet.rng import Stream
from tests.protocol.cards import DECK, CardsState, values

DECKS = (("tokens", (1, 1, 2, 3, 5, 8, 13, 21)), ("missions", ("a", "b", "c")))


def dealt(deck: LocalDeck, name: str, size: int) -> list[object]:
    return [deck.value(name, card) for card in range(size)]


def test_each_deck_is_a_permutation_of_its_declared_contents() -> None:
    deck = LocalDeck(DECKS, Stream("deck", 1))
    for name, contents in DECKS:
        assert sorted(map(str, dealt(deck, name, len(contents)))) == sorted(map(str, contents))


def test_a_seed_deals_the_same_cards_everywhere_and_seeds_differ() -> None:
    deals = [tuple(dealt(LocalDeck(DECKS, Stream("deck", s)), "tokens", 8)) for s in range(20)]
    assert deals[3] == tuple(dealt(LocalDeck(DECKS, Stream("deck", 3)), "tokens", 8))
    assert len(set(deals)) > 10


def test_a_private_reveal_goes_to_its_seat_a_public_one_to_everyone() -> None:
    deck = LocalDeck(DECKS, Stream("deck", 2))
    value = deck.value("missions", 1)
    assert deck.reveal("missions", 1, 2, 2) == value
    assert deck.reveal("missions", 1, 2, 0) is None
    assert deck.reveal("missions", 1, 2, None) is None  # a spectator
    assert deck.reveal("missions", 1, None, 0) == deck.reveal("missions", 1, None, None) == value


@pytest.mark.parametrize(("name", "card"), [("hats", 0), ("missions", 3), ("missions", -1)])
def test_an_unknown_deck_or_card_is_a_lookup_error(name: str, card: int) -> None:
    with pytest.raises(LookupError, match=name):
        LocalDeck(DECKS, Stream("deck", 0)).value(name, card)


def test_two_decks_of_one_name_are_refused() -> None:
    with pytest.raises(ValueError, match="two decks named 'a'"):
        LocalDeck((("a", (1,)), ("a", (2,))), Stream(0))


def test_a_game_without_decks_draws_nothing_from_the_stream() -> None:
    stream = Stream("no", "decks")
    LocalDeck(State(load_board(1)).decks(), stream)
    fresh = Stream("no", "decks")
    assert [stream.word() for _ in range(3)] == [fresh.word() for _ in range(3)]


def test_for_state_deals_the_games_decks() -> None:
    deck = LocalDeck.for_state(CardsState(3, private=True), 7, "deck")
    assert sorted(dealt(deck, DECK, 10)) == sorted(values(3))  # type: ignore[type-var]

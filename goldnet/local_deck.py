"""A trusted local dealer: the decks of one game shuffled in memory from a seeded stream.

**For tests and offline play only.** Whoever holds a :class:`LocalDeck` knows every card, so it
is no substitute for the mental-poker deck that network play needs (there no peer, the host
included, may learn a card it is not entitled to). It stands in for that deck wherever one
trusted process deals: self-play (:func:`goldnet.selfplay.play`), scenario runs, and the
in-memory harness (:class:`goldnet.harness.Harness`), whose peers share one ``LocalDeck`` as
their lockstep machines' dealer.

Invariants: each deck is a permutation of the contents its game declares
(:meth:`goldnet.engine.GameState.decks`), drawn by Fisher–Yates with the stream's rejection
sampling (no modulo bias, no ``random``); the same stream seed deals the same cards on every
machine; a card's value never changes once dealt; shuffling a game without decks draws nothing
from the stream.
"""

from __future__ import annotations

from collections.abc import Sequence

from protocol.sampling import HashStream

from .engine import Deck, GameState, Wire
from .rng import Stream


class LocalDeck:
    """The decks of one game, each shuffled once from ``stream``.

    Args:
        decks: each deck's name and card values (a game's :meth:`~GameState.decks`).
        stream: the seeded stream that shuffles them, deck by deck in the order given.

    Raises:
        ValueError: two decks with one name.
    """

    def __init__(self, decks: Sequence[Deck], stream: HashStream) -> None:
        self._cards: dict[str, tuple[Wire, ...]] = {}
        for name, values in decks:
            if name in self._cards:
                raise ValueError(f"two decks named {name!r}")
            cards = list(values)
            for i in range(len(cards) - 1, 0, -1):
                j = stream.below(i + 1)
                cards[i], cards[j] = cards[j], cards[i]
            self._cards[name] = tuple(cards)

    @classmethod
    def for_state(cls, state: GameState, *labels: int | str) -> LocalDeck:
        """The decks of ``state``'s game, shuffled by a :class:`~goldnet.rng.Stream` named by
        ``labels`` (e.g. ``LocalDeck.for_state(state, seed, "deck", game_number)``)."""
        return cls(state.decks(), Stream(*labels))

    def value(self, deck: str, card: int) -> Wire:
        """The value of card ``card`` of ``deck`` (what the dealer knows).

        Raises:
            LookupError: no such deck, or no such card in it.
        """
        cards = self._cards.get(deck)
        if cards is None:
            raise LookupError(f"no deck named {deck!r}")
        if isinstance(card, bool) or not isinstance(card, int) or not 0 <= card < len(cards):
            raise LookupError(f"deck {deck!r} has cards 0 to {len(cards) - 1}, not {card!r}")
        return cards[card]

    def reveal(self, deck: str, card: int, to: int | None, seat: int | None) -> Wire | None:
        """What the peer playing ``seat`` (None: a spectator) learns when card ``card`` of
        ``deck`` is revealed to ``to`` (None: to everyone): its value, or None when the reveal
        is private to another seat.

        Raises:
            LookupError: no such deck or card.
        """
        value = self.value(deck, card)
        return value if to is None or to == seat else None

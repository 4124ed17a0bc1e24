"""Headless games between bots: the loop that drives any :class:`~goldnet.engine.GameState`.

Chance requests are fulfilled from a seeded :class:`~goldnet.rng.Stream`, and card reveals from
a :class:`~goldnet.local_deck.LocalDeck` (a trusted dealer: one process plays every seat, and
its single state holds every seat's private knowledge, while each bot decides from its own
seat's observation), so a seed reproduces every game exactly. Claims are made as in network
play: before each draw, in seat order, by every bot that is a :class:`~goldnet.engine.Claimer`.
No clock, no ``random``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .engine import Bot, ChanceOf, GameState, RevealOf, Terminal, TurnOf
from .errors import GoldnetError
from .local_deck import LocalDeck
from .rng import Stream
from .view import bot_action, bot_claim, view_of


class GameTooLong(GoldnetError, RuntimeError):
    """A game passed the ``max_turns`` a caller set (the rules themselves have no cap)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """The outcome of one game.

    Attributes:
        scores: final score per seat.
        winners: winning seats.
        turns: actions applied (turns confirmed).
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    turns: int


def play(
    state: GameState,
    bots: Sequence[Bot],
    chance: Stream,
    *,
    max_turns: int | None = None,
    on_action: Callable[[GameState], None] | None = None,
    deck: LocalDeck | None = None,
) -> GameResult:
    """Play ``state`` to its end, seat ``i`` choosing with ``bots[i]``.

    ``on_action`` is called with the state after every applied action. ``deck`` deals the
    game's cards; by default a :class:`~goldnet.local_deck.LocalDeck` of ``state.decks()``
    shuffled by ``chance`` (a game without decks draws nothing for it).

    Raises:
        GameTooLong: more than ``max_turns`` actions were applied.
    """
    if deck is None:
        deck = LocalDeck(state.decks(), chance)
    turns = 0
    while True:
        request = state.awaiting()
        if isinstance(request, Terminal):
            return GameResult(request.scores, request.winners, turns)
        if isinstance(request, ChanceOf):
            _claims(state, bots)
            state.apply_chance(chance.chance(request))
        elif isinstance(request, TurnOf):
            state.apply(bot_action(bots[request.seat], view_of(state, request.seat)))
            turns += 1
            if on_action is not None:
                on_action(state)
            if max_turns is not None and turns > max_turns:
                raise GameTooLong(f"the game passed {max_turns} turns")
        elif isinstance(request, RevealOf):
            value = deck.value(request.deck, request.card)
            state.apply_reveal(request.deck, request.card, request.to, value)


def _claims(state: GameState, bots: Sequence[Bot]) -> None:
    """Let each claiming bot make its claim, in seat order (as at a network draw)."""
    for seat, bot in enumerate(bots):
        claims = state.claims(seat)
        if not claims:
            continue  # nothing to claim: no observation to build
        claim = bot_claim(bot, state.observation(seat), claims)
        if claim is not None:
            state.apply_claim(seat, claim)

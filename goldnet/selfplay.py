"""Headless games between bots: the loop that drives any :class:`~goldnet.engine.GameState`.

Chance requests are fulfilled from a seeded :class:`~goldnet.rng.Stream`, so a seed reproduces
every game exactly. No clock, no ``random``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from .engine import Bot, ChanceOf, GameState, RevealOf, Terminal, TurnOf
from .errors import GoldnetError
from .rng import Stream


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
) -> GameResult:
    """Play ``state`` to its end, seat ``i`` choosing with ``bots[i]``.

    ``on_action`` is called with the state after every applied action.

    Raises:
        GameTooLong: more than ``max_turns`` actions were applied.
        NotImplementedError: the game asks for a card reveal (no offline deck yet).
    """
    turns = 0
    while True:
        request = state.awaiting()
        if isinstance(request, Terminal):
            return GameResult(request.scores, request.winners, turns)
        if isinstance(request, ChanceOf):
            state.apply_chance(chance.chance(request))
        elif isinstance(request, TurnOf):
            legal = state.legal_actions(request.seat)
            action = bots[request.seat].choose(state.observation(request.seat), legal)
            state.apply(action)
            turns += 1
            if on_action is not None:
                on_action(state)
            if max_turns is not None and turns > max_turns:
                raise GameTooLong(f"the game passed {max_turns} turns")
        elif isinstance(request, RevealOf):
            raise NotImplementedError("card reveals need a deck")

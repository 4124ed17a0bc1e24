"""The bot contract's shared check and the two simple bots: ``random`` and ``greedy``.

Invariants: a bot draws only from its own :class:`goldnet.rng.Stream`, named by its name and
seed, so the same seed and observations give the same moves on every machine; the greedy bot's
values are integers and it walks ``legal_actions`` in the order given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine import Action
from ....rng import Stream
from ..geometry import to_pad
from ..rules import Observation
from ._tables import pad_mask, reveal, tables_of


def check_choice(legal_actions: Sequence[Action]) -> None:
    if not legal_actions:
        raise ValueError("choose() needs at least one legal action")


class RandomBot:
    """Uniform over the legal actions ("random").

    Args:
        seed: names the bot's :class:`~goldnet.rng.Stream`.
    """

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._stream = Stream("mountains-rivers", "bot", self.name, seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``, uniformly.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        check_choice(legal_actions)
        return self._stream.choice(legal_actions)


class GreedyBot:
    """The move with the best immediate gold difference after collection ("greedy").

    The difference is the gold this seat collects minus the gold the opponent collects in the
    same turn (the active seat first, then the opponent: docs/rules/mountains-rivers.md,
    "A turn" 5). Among the best moves it draws from its stream, preferring reveals: a bury
    (always worth 0 at once) is chosen only when every reveal loses gold.

    Args:
        seed: names the bot's :class:`~goldnet.rng.Stream`.
    """

    name = "greedy"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._stream = Stream("mountains-rivers", "bot", self.name, seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """The legal action with the best immediate difference, ties drawn from the stream.

        Raises:
            ValueError: ``legal_actions`` is empty or holds a non-canonical action.
        """
        check_choice(legal_actions)
        obs: Observation = observation
        assert obs.active is not None
        seat = obs.active
        tab = tables_of(obs.board)
        fd, gold = to_pad(obs.facedown), to_pad(obs.gold)
        best: list[Action] = []
        best_value = -1 << 30
        for action in legal_actions:
            bury, mask = pad_mask(action)
            value = 2 * (0 if bury else reveal(tab, fd, gold, mask, seat)[2]) + (0 if bury else 1)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self._stream.choice(best)

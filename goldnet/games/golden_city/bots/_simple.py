"""The bot contract's shared checks and the random bot ("random").

Invariants: a bot draws only from its own :class:`goldnet.rng.Stream`, named by its name and
seed, so the same seed and observations give the same moves on every machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ....engine import Action
from ....rng import Stream
from ..setup import MISSIONS
from ..state import Observation


def check_choice(legal_actions: Sequence[Action]) -> None:
    """Raises: ValueError: ``legal_actions`` is empty."""
    if not legal_actions:
        raise ValueError("choose() needs at least one legal action")


def mission_met(obs: Observation) -> bool:
    """Whether the observing seat's own mission is fulfilled by its public counters."""
    if obs.seat is None or obs.mission is None:
        return False
    index = MISSIONS.index(obs.mission)
    return obs.counters[obs.seat][index] >= obs.setup.thresholds[index]


class RandomBot:
    """Uniform over the legal actions ("random"); announces its mission as soon as it is
    fulfilled (a claim it may make only at its own die's draw).

    Args:
        seed: names the bot's :class:`~goldnet.rng.Stream`.
    """

    name = "random"

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed
        self._stream = Stream("golden-city", "bot", self.name, seed)

    def choose(self, observation: Any, legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``, uniformly.

        Raises:
            ValueError: ``legal_actions`` is empty.
        """
        check_choice(legal_actions)
        return self._stream.choice(legal_actions)

    def claim(self, observation: Any, claims: Sequence[Action]) -> Action | None:
        """``("mission",)`` when its mission is fulfilled and it may claim, else None."""
        return claims[0] if claims and mission_met(observation) else None

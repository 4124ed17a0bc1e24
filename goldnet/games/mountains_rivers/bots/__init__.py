"""Bots for Mountains & Rivers: ``random``, ``greedy`` and ``strong``.

Every bot implements :class:`goldnet.engine.Bot`: ``choose(observation, legal_actions)`` returns
one of ``legal_actions``, deciding only from the :class:`~..rules.Observation` (the game has no
secrets). A bot takes a seed (``int`` or ``str``) at construction and draws only from its own
:class:`goldnet.rng.Stream`, so the same seed and the same observations give the same moves on
every machine.

The strong bot (:class:`StrongBot`) searches two plies with an expectation over the opponent's
roll, and solves free-choice endings exactly; its design and measured strength are told in its
docstring.

This package's public face is this module: the registry (:data:`BOT_NAMES`, :data:`BOTS`,
:func:`make_bot`) and the names re-exported below. The private modules behind it:

- ``_tables``: actions, territories and lines as padded bit masks; a reveal with collection.
- ``_simple``: the shared check of ``choose`` and the random and greedy bots.
- ``_evaluation``: roll weights and the contest potential the strong bot values positions by.
- ``_strong``: the strong bot's settings, decision and two-ply search.
- ``_endgame``: the exact alpha-beta over free-choice endings.

Invariants: the bots' evaluations use integer arithmetic only (roll weights are the integer
weights of :data:`~..rules.ROLL_REQUESTS`), and iterate over tuples and lists in canonical order,
never over sets: a bot's choice does not depend on the platform or on hash seeds. The memos kept
per board or per bot hold pure functions of positions, so they change speed, never choices.
"""

from __future__ import annotations

from ....engine import Bot
from ._evaluation import UNIT
from ._simple import GreedyBot, RandomBot
from ._strong import StrongBot, Weights
from ._tables import MAX_ROLL

__all__ = [
    "BOTS",
    "BOT_NAMES",
    "MAX_ROLL",
    "UNIT",
    "GreedyBot",
    "RandomBot",
    "StrongBot",
    "Weights",
    "make_bot",
]

BOT_NAMES: tuple[str, ...] = ("random", "greedy", "strong")
"""The names :func:`make_bot` accepts."""

BOTS: dict[str, type[RandomBot] | type[GreedyBot] | type[StrongBot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strong": StrongBot,
}
"""The bot classes by name, in the order of :data:`BOT_NAMES`."""


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A new bot called ``name`` (one of :data:`BOT_NAMES`) seeded with ``seed``.

    Raises:
        ValueError: ``name`` is not a known bot.
    """
    cls = BOTS.get(name)
    if cls is None:
        raise ValueError(
            f"unknown Mountains & Rivers bot {name!r}: choose one of {', '.join(BOT_NAMES)}"
        )
    return cls(seed)

"""Bots for Golden City: ``random``, ``heuristic`` and ``strong``.

Every bot implements :class:`goldnet.engine.Bot` and, to announce its mission,
:class:`goldnet.engine.Claimer`: it decides only from its seat's
:class:`~..state.Observation` (the public position, its own mission, the tokens it peeked at)
and draws only from its own :class:`goldnet.rng.Stream`, so the same seed and observations give
the same moves on every machine.

This package's public face is this module: the registry (:data:`BOT_NAMES`, :data:`BOTS`,
:func:`make_bot`) and the names re-exported below. The private modules behind it:

- ``_view``: the hidden tokens' odds from the bot's own knowledge, the duels' odds;
- ``_value``: how a position is valued (bank, the sack's safety, prospects, mission);
- ``_simple``: the shared checks and the random bot;
- ``_heuristic``: the heuristic bot;
- ``_rollout``: the strong bot's Monte-Carlo play-outs (determinized deals, heuristic play);
- ``_strong``: the strong bot.

Invariants: the bots' values use integer arithmetic only and iterate over tuples, lists and
ranges in canonical order, never over sets: a bot's choice does not depend on the platform or
on hash seeds.
"""

from __future__ import annotations

from ....engine import Bot
from ._heuristic import HeuristicBot
from ._simple import RandomBot, mission_met
from ._strong import StrongBot

__all__ = ["BOTS", "BOT_NAMES", "HeuristicBot", "RandomBot", "StrongBot", "make_bot", "mission_met"]

BOTS: dict[str, type[RandomBot] | type[HeuristicBot] | type[StrongBot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "strong": StrongBot,
}
"""The bot classes by name, weakest first."""

BOT_NAMES: tuple[str, ...] = tuple(BOTS)
"""The names :func:`make_bot` accepts, weakest first."""


def make_bot(name: str, seed: int | str = 0) -> Bot:
    """A new bot called ``name`` (one of :data:`BOT_NAMES`) seeded with ``seed``.

    Raises:
        ValueError: ``name`` is not a known bot.
    """
    cls = BOTS.get(name)
    if cls is None:
        raise ValueError(f"unknown Golden City bot {name!r}: choose one of {', '.join(BOT_NAMES)}")
    return cls(seed)

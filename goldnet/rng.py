"""Seeded randomness for offline play, self-play and bots (never inside the rules).

A :class:`Stream` is a :class:`protocol.sampling.HashStream` seeded by text, so a seed number
reproduces the same games on every machine. Network play draws chance outcomes from the beacon
instead.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from protocol.sampling import HashStream

from .engine import ChanceOf, Wire

T = TypeVar("T")


class Stream(HashStream):
    """A deterministic random stream named by a seed and labels, e.g. ``Stream(1, "game", 3)``."""

    __slots__ = ()

    def __init__(self, *labels: int | str) -> None:
        super().__init__("/".join(str(x) for x in labels).encode())

    def choice(self, items: Sequence[T]) -> T:
        """One of ``items`` (non-empty), uniformly.

        Raises:
            IndexError: ``items`` is empty.
        """
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.below(len(items))]

    def chance(self, request: ChanceOf) -> Wire:
        """An outcome of ``request`` drawn with its integer weights."""
        return request.outcomes[self.weighted(request.weights)][0]

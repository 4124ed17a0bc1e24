"""Trusted dice: the commit-reveal beacon (DESIGN §3).

Each peer draws a secret 32-byte seed and builds a hash chain of length ``N``:
``x[N] = seed; x[k] = H(CHAIN_TAG || x[k+1])``, and commits to ``x[0]`` in a signed setup
message. A chain *segment* covers the draws ``first .. first + N - 1``; draw ``d`` is served by
``x[d - first + 1]``, and everyone checks ``H(CHAIN_TAG || x[j]) == x[j - 1]`` against the last
value seen. Before a segment runs out the peer commits a fresh one (``recommit``) whose first
draw follows the last one's end.

Draw ``d``'s bytes are ``H(DRAW_TAG || game_id || d as 8 bytes big-endian || x_1 || … || x_n)``
with the members' values in seat order (hash, not XOR). Its outcome is
:meth:`protocol.sampling.HashStream.weighted` over the engine's integer weights, seeded with
the draw's bytes: rejection sampling, no modulo bias.

Invariants: no peer can change its values once committed; the last revealer can only withhold
(detected by a timeout, never silently re-drawn).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import LocalProtocolError
from .sampling import HashStream

CHAIN_TAG = b"goldnet/beacon/chain/v1"
DRAW_TAG = b"goldnet/beacon/draw/v1"
DEFAULT_LENGTH = 512
"""Draws per chain segment."""
RECOMMIT_MARGIN = 64
"""A peer commits its next segment when this many draws of the current one remain."""
MAX_LENGTH = 1 << 16


def chain_step(value: bytes) -> bytes:
    """``H(CHAIN_TAG || value)``: one step back along a chain."""
    return hashlib.sha256(CHAIN_TAG + value).digest()


class HashChain:
    """A peer's own secret chain ``x[0..N]`` (``x[0]`` is the commitment).

    Raises:
        LocalProtocolError: a seed that is not 32 bytes, or a length outside 1..65536.
    """

    __slots__ = ("_values", "first", "length")

    def __init__(self, seed: bytes, length: int = DEFAULT_LENGTH, first: int = 1) -> None:
        if len(seed) != 32:
            raise LocalProtocolError("a beacon seed is 32 bytes")
        if not 1 <= length <= MAX_LENGTH:
            raise LocalProtocolError(f"a chain has 1 to {MAX_LENGTH} values")
        values = [seed]
        for _ in range(length):
            values.append(chain_step(values[-1]))
        values.reverse()
        self._values = values
        self.length = length
        self.first = first

    @property
    def commitment(self) -> bytes:
        """``x[0]``."""
        return self._values[0]

    @property
    def last(self) -> int:
        """The last draw this segment serves."""
        return self.first + self.length - 1

    def value_for(self, draw: int) -> bytes:
        """``x[draw - first + 1]``, this peer's reveal for ``draw``.

        Raises:
            LocalProtocolError: ``draw`` is outside this segment.
        """
        if not self.first <= draw <= self.last:
            raise LocalProtocolError(
                f"draw {draw} is outside this chain ({self.first}..{self.last})"
            )
        return self._values[draw - self.first + 1]


@dataclass(slots=True)
class Segment:
    """What everyone knows of a peer's committed segment: its draws and the last value seen."""

    first: int
    length: int
    anchor: bytes
    """The last verified value: ``x[0]`` at first, then the latest reveal."""
    position: int = 0
    """Index of ``anchor`` in the chain."""

    @property
    def last(self) -> int:
        return self.first + self.length - 1

    def accepts(self, draw: int, value: bytes) -> bool:
        """Whether ``value`` is this chain's value for ``draw`` (the next draw it serves)."""
        index = draw - self.first + 1
        if index != self.position + 1 or not 1 <= index <= self.length:
            return False
        return chain_step(value) == self.anchor

    def advance(self, value: bytes) -> None:
        self.anchor = value
        self.position += 1


def draw_bytes(game_id: bytes, draw: int, values: Sequence[bytes]) -> bytes:
    """The 32 bytes of draw ``draw``: ``H(DRAW_TAG || game_id || draw || values…)``, with the
    members' revealed values in seat order."""
    return hashlib.sha256(DRAW_TAG + game_id + draw.to_bytes(8, "big") + b"".join(values)).digest()


def outcome_index(draw: bytes, weights: Sequence[int]) -> int:
    """The index of the outcome that draw bytes ``draw`` select with integer ``weights``."""
    return HashStream(draw).weighted(weights)

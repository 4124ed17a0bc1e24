"""Trusted dice: the commit-reveal beacon, protocol version 2.

Every member builds hash chains bound to the game and to itself, indexed by the **global draw
number** ``d``. A chain covering draws ``a+1 … a+N`` (``N >= MIN_LENGTH``) is built from a fresh
32-byte secret seed:

    x[a+N]  = H(SEED_TAG ‖ seed)                                   (the bottom)
    x[d-1]  = H(LINK_TAG ‖ game_id ‖ member_key ‖ u64(d) ‖ x[d])    for d = a+N … a+1

and its head ``x[a]`` is the commitment. The member reveals ``x[d]`` for draw ``d``; everyone
checks it against the value it knows for ``d-1`` with the same link formula. No reveal is ever a
seed and no seed derives from anything revealed: a chain's values say nothing about the next
chain's.

The first chain (``a = 0``) is committed in the member's ``commit`` envelope. The next one is
committed only inside the member's reveal for draw ``last - MARGIN`` of its current chain
(``last = a+N``), and covers ``last+1 … last+N'``. A reveal at that draw without it, or a
commitment anywhere else, is a signed fault: a commitment made after seeing a draw's other
reveals could steer that draw.

Draw ``d``'s bytes are ``H(DRAW_TAG ‖ game_id ‖ u64(d) ‖ x_1[d] ‖ … ‖ x_n[d])``, the members'
values in seat order: chain values only, never envelope bytes or commitments. Its outcome is
:meth:`protocol.sampling.HashStream.weighted` over the engine's integer weights (rejection
sampling, no modulo bias).

Invariants: a member cannot change a value once its chain is committed; the values it has
revealed do not let anyone compute its later ones; a commitment is bound to its member's key, so
a copied commitment cannot be opened by the copier (equal commitments are therefore not refused).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from .errors import LocalProtocolError
from .sampling import HashStream

SEED_TAG = b"goldnet/beacon/seed/v2"
LINK_TAG = b"goldnet/beacon/link/v2"
DRAW_TAG = b"goldnet/beacon/draw/v2"
MARGIN = 16
"""A member's next chain rides in its reveal for draw ``last - MARGIN`` of its current chain."""
MIN_LENGTH = 64
"""Fewest draws a chain may cover (more than :data:`MARGIN`)."""
DEFAULT_LENGTH = 512
"""Draws per chain in goldnet's own peers."""
MAX_LENGTH = 1 << 16
"""Most draws a chain may cover."""
SEED_SIZE = 32


def _u64(n: int) -> bytes:
    return n.to_bytes(8, "big")


def link(game_id: bytes, member: bytes, draw: int, value: bytes) -> bytes:
    """``H(LINK_TAG ‖ game_id ‖ member ‖ u64(draw) ‖ value)``: the chain value for ``draw - 1``
    from the one for ``draw`` (32 bytes)."""
    return hashlib.sha256(LINK_TAG + game_id + member + _u64(draw) + value).digest()


def bottom(seed: bytes) -> bytes:
    """``H(SEED_TAG ‖ seed)``: a chain's value for its last draw."""
    return hashlib.sha256(SEED_TAG + seed).digest()


def check_length(length: int) -> bool:
    """Whether ``length`` is a chain length the protocol accepts."""
    return (
        isinstance(length, int)
        and not isinstance(length, bool)
        and (MIN_LENGTH <= length <= MAX_LENGTH)
    )


class OwnChain:
    """A member's own secret chain for draws ``after+1 … after+length``.

    Args:
        seed: 32 fresh secret bytes (journalled by the caller before the commitment is sent).
        game_id, member: what the chain is bound to (32 bytes each).
        after: the draw before the chain's first one (0 for the first chain).
        length: draws covered, ``MIN_LENGTH … MAX_LENGTH``.

    Raises:
        LocalProtocolError: a seed that is not 32 bytes, or a length outside the limits.
    """

    __slots__ = ("_values", "after", "length")

    def __init__(self, seed: bytes, game_id: bytes, member: bytes, after: int, length: int) -> None:
        if len(seed) != SEED_SIZE:
            raise LocalProtocolError("a beacon seed is 32 bytes")
        if not check_length(length):
            raise LocalProtocolError(f"a chain covers {MIN_LENGTH} to {MAX_LENGTH} draws")
        self.after = after
        self.length = length
        last = after + length
        values = [bottom(seed)]
        for d in range(last, after, -1):
            values.append(link(game_id, member, d, values[-1]))
        values.reverse()  # values[i] is x[after + i]
        self._values = values

    @property
    def commitment(self) -> bytes:
        """The head ``x[after]``."""
        return self._values[0]

    @property
    def last(self) -> int:
        """The last draw this chain serves."""
        return self.after + self.length

    @property
    def next_at(self) -> int:
        """The draw whose reveal carries the next chain's commitment."""
        return self.last - MARGIN

    def value_for(self, draw: int) -> bytes:
        """``x[draw]``, this member's reveal for ``draw``.

        Raises:
            LocalProtocolError: ``draw`` is outside this chain.
        """
        if not self.after < draw <= self.last:
            raise LocalProtocolError(
                f"draw {draw} is outside this chain ({self.after + 1}..{self.last})"
            )
        return self._values[draw - self.after]


@dataclass(slots=True)
class ChainView:
    """What everyone knows of one member's committed chains: the value known for draw ``at``
    (the head at first, then each reveal), where the current chain ends, and the next chain's
    head once committed."""

    game_id: bytes
    member: bytes
    at: int
    known: bytes
    last: int
    next_head: bytes | None = None
    next_last: int = 0

    @classmethod
    def first(cls, game_id: bytes, member: bytes, commitment: bytes, length: int) -> ChainView:
        """The view after a member's ``commit`` (draws ``1 … length``)."""
        return cls(game_id, member, 0, commitment, length)

    @property
    def next_at(self) -> int:
        """The draw whose reveal must carry the next chain."""
        return self.last - MARGIN

    def check(self, draw: int, value: bytes) -> bool:
        """Whether ``value`` is this member's value for ``draw`` (the draw after ``at``)."""
        return (
            draw == self.at + 1
            and draw <= self.last
            and len(value) == 32
            and (link(self.game_id, self.member, draw, value) == self.known)
        )

    def advance(self, draw: int, value: bytes) -> None:
        """Take ``value`` (already checked) as the value for ``draw``; switch to the next chain
        when the current one ends."""
        self.at, self.known = draw, value
        if draw == self.last:
            assert self.next_head is not None, "the next chain is committed before the last draw"
            self.known, self.last = self.next_head, self.next_last
            self.next_head, self.next_last = None, 0

    def commit_next(self, head: bytes, length: int) -> None:
        """Record the next chain (draws ``last+1 … last+length``)."""
        self.next_head, self.next_last = head, self.last + length


def draw_bytes(game_id: bytes, draw: int, values: Sequence[bytes]) -> bytes:
    """The 32 bytes of draw ``draw``: ``H(DRAW_TAG ‖ game_id ‖ u64(draw) ‖ values…)``, the
    members' revealed values in seat order."""
    return hashlib.sha256(DRAW_TAG + game_id + _u64(draw) + b"".join(values)).digest()


def outcome_index(draw: bytes, weights: Sequence[int]) -> int:
    """The index of the outcome that draw bytes ``draw`` select with integer ``weights``."""
    return HashStream(draw).weighted(weights)

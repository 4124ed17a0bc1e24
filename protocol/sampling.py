"""Outcomes from random bytes without bias: a hash stream and rejection sampling.

Used by the dice beacon (a draw's bytes seed one stream) and by offline play (a seed number
seeds one stream). Everything is integer arithmetic over SHA-256 output: the same seed gives the
same outcomes on every machine and Python version.

Stream: block ``i`` (``i = 0, 1, ...``) is ``SHA-256(b"goldnet/stream/v1" || seed || i as 8-byte
big-endian)``; 64-bit words are read from the blocks in order, big-endian, four per block.

``below(n)`` takes words until ``w mod 2**b < n`` for ``b = bit length of n - 1`` (reject
otherwise); ``weighted(weights)`` is ``below(sum(weights))`` mapped to the outcome whose
cumulative weight interval contains it. See docs/protocol.md for test vectors.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

_TAG = b"goldnet/stream/v1"


class HashStream:
    """An endless stream of 64-bit words derived from ``seed`` (any bytes)."""

    __slots__ = ("_block", "_seed", "_words")

    def __init__(self, seed: bytes) -> None:
        self._seed = bytes(seed)
        self._block = 0
        self._words: list[int] = []

    def word(self) -> int:
        """The next 64-bit word, as an int in ``[0, 2**64)``."""
        if not self._words:
            digest = hashlib.sha256(_TAG + self._seed + self._block.to_bytes(8, "big")).digest()
            self._block += 1
            self._words = [int.from_bytes(digest[k : k + 8], "big") for k in (24, 16, 8, 0)]
        return self._words.pop()

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection sampling.

        Raises:
            ValueError: ``n`` is not a positive integer below ``2**64``.
        """
        if not 0 < n <= 1 << 64:
            raise ValueError(f"below() needs 0 < n <= 2**64, not {n}")
        if n == 1:
            return 0
        mask = (1 << (n - 1).bit_length()) - 1
        while True:
            x = self.word() & mask
            if x < n:
                return x

    def weighted(self, weights: Sequence[int]) -> int:
        """The index of an outcome drawn with the given positive integer weights.

        Raises:
            ValueError: a weight is not a positive integer, or there is none.
        """
        if not weights or any(not isinstance(w, int) or w <= 0 for w in weights):
            raise ValueError(f"weights must be positive integers, not {list(weights)}")
        x = self.below(sum(weights))
        for i, w in enumerate(weights):
            if x < w:
                return i
            x -= w
        raise AssertionError("unreachable: x < sum(weights)")  # pragma: no cover

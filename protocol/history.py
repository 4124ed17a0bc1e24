"""What one peer has accepted of every member's signed envelope chain.

Each member's envelopes form a chain (``seq`` 0, 1, …; ``prev`` the hash of the one before).
:class:`History` takes envelopes in any order and hands them back in sequence:

- the next envelope of a member is accepted when its ``prev`` is the hash of the last one;
- an envelope ahead of the next is **held** (a relay may reorder) until the gap fills, at most
  :data:`MAX_HELD` per member; one already accepted again is a **replay** and changes nothing;
- two envelopes of one member that cannot both belong to one chain are **proof** of
  equivocation (:func:`protocol.envelope.conflict`): both are signed by that member.

Every envelope carries its sender's digest of accepted history (``seen``). :meth:`check_seen`
compares it with this peer's: an entry that disagrees with an envelope this peer accepted
opens a **dispute** — this peer forwards its own copy of that envelope to the table, and the
game pauses until the proof (a second, different envelope of that member) arrives. An entry
ahead of this peer is kept **pending** and checked when this peer catches up.

Invariants: nothing here names a member except on a pair of envelopes it signed, or on a digest
it signed that contradicts its own envelope fields; a drop, reorder, replay or gap never does.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .envelope import ZERO_HASH, Envelope, Seen, conflict
from .errors import RemoteProtocolError
from .identity import fingerprint

MAX_HELD = 64
"""Most out-of-order envelopes held per member."""


class Equivocation(RemoteProtocolError):
    """Two envelopes signed by one member that cannot both be in its chain.

    Attributes:
        proof: the two envelopes (bytes), the one this peer had first, then the other.
    """

    def __init__(self, reason: str, culprit: bytes, proof: tuple[bytes, bytes]) -> None:
        super().__init__(reason, culprit)
        self.proof = proof


@dataclass(slots=True)
class _Chain:
    key: bytes
    envelopes: list[Envelope] = field(default_factory=list)
    held: dict[int, Envelope] = field(default_factory=dict)

    @property
    def count(self) -> int:
        return len(self.envelopes)

    @property
    def last_hash(self) -> bytes:
        return self.envelopes[-1].hash if self.envelopes else ZERO_HASH


class History:
    """Accepted envelope chains of the members of one game (``members`` in seat order)."""

    def __init__(self, members: tuple[bytes, ...]) -> None:
        self.members = members
        self._chains = [_Chain(k) for k in members]
        self._seat = {k: i for i, k in enumerate(members)}
        self._pending: dict[tuple[int, int], bytes] = {}
        """``(seat, count) -> hash`` named by some digest ahead of this peer."""
        self.disputes: dict[tuple[int, int], bytes] = {}
        """``(seat, seq) -> hash another member's digest gave`` for an envelope this peer holds
        with another hash; each is settled only by proof."""
        self.pending_forward: list[bytes] = []
        """Own copies of disputed envelopes found when a pending entry was settled: to forward."""

    def seat(self, key: bytes) -> int:
        """The seat of member ``key`` (KeyError for a non-member)."""
        return self._seat[key]

    def count(self, seat: int) -> int:
        """How many envelopes of ``seat`` were accepted."""
        return self._chains[seat].count

    def envelope(self, seat: int, seq: int) -> Envelope:
        """The accepted envelope ``seq`` of ``seat``."""
        return self._chains[seat].envelopes[seq]

    def seen(self) -> Seen:
        """This peer's digest: per member in seat order, ``(count, hash of the last)``."""
        return tuple((c.count, c.last_hash) for c in self._chains)

    def held(self) -> list[tuple[int, int]]:
        """``(seat, first missing seq)`` of every member with envelopes held behind a gap."""
        return [(i, c.count) for i, c in enumerate(self._chains) if c.held]

    def accept(self, env: Envelope) -> list[Envelope]:
        """Take one envelope of a member; return the envelopes that are now next in their
        chain, in order (empty for a held envelope or a replay).

        Raises:
            Equivocation: ``env`` and an envelope already here prove two histories.
            RemoteProtocolError: a replay or a gap past :data:`MAX_HELD` (culprit None: a relay
                could cause either); a seq-0 envelope with a non-zero ``prev`` (culprit: the
                sender, who signed it).
        """
        seat = self._seat[env.sender]
        chain = self._chains[seat]
        who = fingerprint(env.sender)
        if env.seq < chain.count:
            mine = chain.envelopes[env.seq]
            if mine.hash == env.hash:
                raise RemoteProtocolError(f"replayed envelope {env.seq} of {who}")
            self._prove(mine, env)
        if env.seq == 0 and env.prev != ZERO_HASH:
            raise RemoteProtocolError(f"envelope 0 of {who} names a previous envelope", env.sender)
        if env.seq > chain.count:
            other = chain.held.get(env.seq)
            if other is not None:
                if other.hash == env.hash:
                    raise RemoteProtocolError(f"replayed envelope {env.seq} of {who}")
                self._prove(other, env)
            if len(chain.held) >= MAX_HELD:
                raise RemoteProtocolError(
                    f"too many envelopes of {who} ahead of its envelope {chain.count}"
                )
            self._check_neighbours(chain, env)
            chain.held[env.seq] = env
            return []
        accepted: list[Envelope] = []
        nxt: Envelope | None = env
        while nxt is not None:
            if chain.envelopes and nxt.prev != chain.last_hash:
                self._prove(chain.envelopes[-1], nxt)
            chain.envelopes.append(nxt)
            accepted.append(nxt)
            nxt = chain.held.pop(chain.count, None)
        self._settle_pending(seat)
        return accepted

    def _check_neighbours(self, chain: _Chain, env: Envelope) -> None:
        for seq in (env.seq - 1, env.seq + 1):
            other = chain.held.get(seq)
            if other is None and 0 <= seq < chain.count:
                other = chain.envelopes[seq]
            if other is not None and conflict(other, env):
                self._prove(other, env)

    def _prove(self, mine: Envelope, other: Envelope) -> None:
        reason = conflict(mine, other)
        assert reason is not None
        raise Equivocation(
            f"{fingerprint(mine.sender)} signed two histories: {reason}",
            mine.sender,
            (mine.raw, other.raw),
        )

    def check_seen(self, env: Envelope) -> list[bytes]:
        """Compare ``env``'s digest (``env`` just accepted) with this peer's history; return the
        envelopes this peer must forward (its copies of envelopes the digest disputes).

        Raises:
            RemoteProtocolError: a digest its signer could not honestly have written (wrong
                length, its own entry not its ``seq`` and ``prev``, a count of 0 with a hash):
                culprit the sender.
        """
        n = len(self.members)
        who = fingerprint(env.sender)
        if len(env.seen) != n:
            raise RemoteProtocolError(f"{who}'s history digest has not {n} entries", env.sender)
        sender = self._seat[env.sender]
        if env.seen[sender] != (env.seq, env.prev):
            raise RemoteProtocolError(
                f"{who}'s history digest contradicts its envelope", env.sender
            )
        forward: list[bytes] = []
        for seat, (count, named) in enumerate(env.seen):
            if count == 0:
                if named != ZERO_HASH:
                    raise RemoteProtocolError(
                        f"{who}'s history digest names an envelope it counts as none", env.sender
                    )
                continue
            chain = self._chains[seat]
            if count <= chain.count:
                mine = chain.envelopes[count - 1]
                if mine.hash != named and (seat, count - 1) not in self.disputes:
                    self.disputes[(seat, count - 1)] = named
                    forward.append(mine.raw)
            else:
                self._pending.setdefault((seat, count), named)
        return forward

    def _settle_pending(self, seat: int) -> None:
        chain = self._chains[seat]
        for key in [k for k in self._pending if k[0] == seat and k[1] <= chain.count]:
            named = self._pending.pop(key)
            mine = chain.envelopes[key[1] - 1]
            if mine.hash != named and (seat, key[1] - 1) not in self.disputes:
                self.disputes[(seat, key[1] - 1)] = named
                self.pending_forward.append(mine.raw)

    def covers(self, seen: Seen) -> bool:
        """Whether this peer has accepted every envelope ``seen`` counts (so the two histories
        can be compared entry by entry)."""
        return all(count <= c.count for (count, _), c in zip(seen, self._chains, strict=True))

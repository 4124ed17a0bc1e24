"""The beacon's rounds inside one game: sans-IO, driven by the lockstep machine.

:class:`BeaconRounds` holds this peer's own chains (built from its seeds; a new seed is drawn
from the injected entropy and announced through ``on_secret`` before anything commits to it),
every member's :class:`~.beacon.ChainView`, and the values of the draw in progress. The lockstep
machine decides *when* a draw happens (the engine asks); this part decides whether a reveal is
right and what the draw gives (an outcome for the engine, or the bytes of a shuffle's
challenge while dealing).

Invariants: a reveal is checked against its member's committed chain only; the next chain is
taken only from the reveal for the fixed draw ``last - MARGIN``; the draw's bytes depend on
chain values alone, in seat order.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .beacon import ChainView, OwnChain, draw_bytes, outcome_index
from .errors import LocalProtocolError
from .events import Secret
from .messages import Commit, Reveal


class BeaconRounds:
    """The beacon of one game.

    Args:
        game_id: the table's id (32 bytes).
        members: public keys in seat order.
        me: this peer's key if it is a member (it then reveals), else ``None``.
        seeds: seeds already drawn for this game (journal), chain 0 first.
        entropy: ``entropy(32)`` gives fresh secret bytes for a new chain.
        chain_length: draws per own chain.
        on_secret: told of every fresh seed, before it is used.
    """

    def __init__(
        self,
        game_id: bytes,
        members: tuple[bytes, ...],
        me: bytes | None,
        *,
        seeds: Iterable[bytes],
        entropy: Callable[[int], bytes] | None,
        chain_length: int,
        on_secret: Callable[[Secret], None],
    ) -> None:
        self.game_id = game_id
        self.members = members
        self.me = me
        self._seeds = list(seeds)
        self._entropy = entropy
        self._length = chain_length
        self._on_secret = on_secret
        self._chains: list[OwnChain] = []
        self.views: list[ChainView | None] = [None] * len(members)
        self.values: dict[int, bytes] = {}
        """Seat -> value of the draw in progress."""

    # --- own chains ---------------------------------------------------------------------

    def _seed(self, index: int) -> bytes:
        if index < len(self._seeds):
            return self._seeds[index]
        if self._entropy is None:
            raise LocalProtocolError("a member needs entropy for its beacon chains")
        seed = bytes(self._entropy(32))
        self._seeds.append(seed)
        self._on_secret(Secret(index, seed))
        return seed

    def _chain(self, index: int) -> OwnChain:
        assert self.me is not None, "a spectator has no chain"
        while len(self._chains) <= index:
            after = self._chains[-1].last if self._chains else 0
            seed = self._seed(len(self._chains))
            self._chains.append(OwnChain(seed, self.game_id, self.me, after, self._length))
        return self._chains[index]

    def own_commit(self) -> Commit:
        """This peer's ``commit`` body: the head of its first chain."""
        chain = self._chain(0)
        return Commit(chain.commitment, chain.length)

    def own_reveal(self, draw: int) -> Reveal:
        """This peer's reveal for ``draw``, carrying the next chain at the fixed draw."""
        index = 0
        while self._chain(index).last < draw:
            index += 1
        chain = self._chain(index)
        if draw != chain.next_at:
            return Reveal(draw, chain.value_for(draw))
        fresh = self._chain(index + 1)
        return Reveal(draw, chain.value_for(draw), fresh.commitment, fresh.length)

    def own_fault(self) -> str | None:
        """Why this peer's seeds do not give the chain values every peer holds for it — the
        last one it revealed (or its commitment) and its next chain's commitment — or ``None``.
        Seeds come back from a journal: a damaged one would make reveals that do not hash to
        the committed chain, for which every other peer would name this member."""
        if self.me is None:
            return None
        view = self.views[self.members.index(self.me)]
        if view is None:
            return None
        index = 0
        while self._chain(index).last <= view.at:
            index += 1
        chain = self._chain(index)
        known = chain.commitment if view.at == chain.after else chain.value_for(view.at)
        if known != view.known:
            return f"its beacon seed {index} does not give the chain it committed to"
        if view.next_head is not None and self._chain(index + 1).commitment != view.next_head:
            return f"its beacon seed {index + 1} does not give the chain it committed to"
        return None

    # --- everyone's chains --------------------------------------------------------------

    def commit(self, seat: int, commit: Commit) -> None:
        """Take ``seat``'s first chain."""
        self.views[seat] = ChainView.first(
            self.game_id, self.members[seat], commit.commitment, commit.length
        )

    @property
    def started(self) -> bool:
        """Every member has committed."""
        return all(v is not None for v in self.views)

    def missing(self) -> tuple[int, ...]:
        """Seats whose value for the draw in progress is not in."""
        return tuple(s for s in range(len(self.members)) if s not in self.values)

    def take(self, seat: int, draw: int, reveal: Reveal) -> str | None:
        """Check and keep ``seat``'s reveal for ``draw`` (the draw now due); return why it is a
        fault, or ``None`` when it is right."""
        view = self.views[seat]
        assert view is not None
        if reveal.draw != draw:
            return f"a reveal for draw {reveal.draw} when draw {draw} is due"
        if not view.check(draw, reveal.value):
            return f"the reveal for draw {draw} does not hash to its chain"
        if (reveal.next_commitment is not None) != (draw == view.next_at):
            return (
                f"the next chain must be committed in the reveal for draw {view.next_at} "
                f"and nowhere else (draw {draw})"
            )
        if reveal.next_commitment is not None:
            view.commit_next(reveal.next_commitment, reveal.next_length)
        view.advance(draw, reveal.value)
        self.values[seat] = reveal.value
        return None

    def close(self, draw: int, weights: tuple[int, ...]) -> int:
        """Every value is in: the outcome index of ``draw`` under ``weights``; a new round
        starts."""
        return outcome_index(self.close_bytes(draw), weights)

    def close_bytes(self, draw: int) -> bytes:
        """Every value is in: the bytes of ``draw`` (docs/protocol.md §5.3) — what a shuffle's
        challenge is made of; a new round starts."""
        data = draw_bytes(self.game_id, draw, [self.values[s] for s in range(len(self.members))])
        self.values = {}
        return data

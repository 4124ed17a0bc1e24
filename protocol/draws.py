"""The lockstep machine's draw step: every member's reveal for the draw due, the claims those
reveals carry, then the draw's outcome.

A **claim** is an input that no turn asks for (a mission-fulfilled claim): its member queues it
(:meth:`Draws.queue`), it rides inside that member's next beacon reveal, and it applies at that
draw — once every reveal of the draw is in, in seat order, each member's claims in the order it
listed them, and only then the draw's outcome. That place is a function of the rules and the
signed reveals, never of the order in which a relay delivered them.

Invariants:

- a claim is judged on the state *before any claim of its draw applies* — the state on which
  every reveal of that draw was signed — so an illegal claim is a fault of its signer alone,
  whatever other members claimed (a reveal's claims are what its signer signed);
- a claim that an earlier claim of the same draw made illegal is **void**: skipped, and nobody
  is named (its signer could not have known);
- this peer signs a queued claim only if it is legal when its reveal is made; otherwise the
  claim is dropped (:class:`~.events.ClaimDropped`), never sent;
- the claims offered as this peer signs its reveal (:meth:`Draws.offer`, the machine's
  ``claimer``) are decided on the state of that very draw: a claim whose only moment is one
  draw (Golden City's mission, at the claimant's own die) can be made although the reveal of
  that draw is signed the moment the draw is due;
- claims never change what the draw is for: its weights are those the engine asked for before
  the claims, and an engine whose claims change them is refused (a local error, nobody named).
  The last member to reveal knows the draw's outcome when it signs its claims; were the draw
  to depend on them, it could steer the draw instead of only knowing it first;
- the reveals of a draw enter the record in seat order, whatever carries claims.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from dataclasses import replace
from typing import Any

from . import events as ev
from .codec import pack
from .errors import LocalProtocolError
from .messages import MAX_CLAIMS, Chance, MessageError, Reveal
from .phases import Engine, Fault, Queued
from .rounds import BeaconRounds

MAX_CLAIM_SIZE = 1024
"""Most bytes in one claim's canonical encoding (a reveal must fit in an envelope)."""
PASSING = ("", "reveal", "adjudicate", "accusation", "broken-card")
"""Heads of a member's queue that are no fault where its reveal is due: none yet, the reveal,
an adjudication (looked for once nothing can be applied), an accusation (judged whenever it
heads a queue) or a broken-card claim (taken there, before any reveal). Anything else an honest
member cannot have sent there — nor an accusation or a claim where its reveal of a shuffle's
challenge is due: no sealed share exists before the deal is done."""


def a(word: str) -> str:
    """``word`` with its indefinite article."""
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def _shown(claim: tuple[Any, ...]) -> str:
    text = repr(claim)
    return text if len(text) <= 60 else text[:57] + "..."


class Draws:
    """The draw in progress of one game, and this peer's own claims.

    Args:
        beacon: the game's beacon rounds (they check reveals and make the draw's bytes).
        engine: the game's engine (it judges and applies claims, and takes the outcome).
        events: the machine's event queue.
    """

    def __init__(
        self, beacon: BeaconRounds, engine: Engine, events: deque[ev.MachineEvent]
    ) -> None:
        self.beacon = beacon
        self.engine = engine
        self._events = events
        self.queued: list[tuple[Any, ...]] = []
        """This peer's claims not sent yet, oldest first."""
        self._raw: dict[int, bytes] = {}
        self._claims: dict[int, tuple[tuple[Any, ...], ...]] = {}
        self._me = None if beacon.me is None else beacon.members.index(beacon.me)

    @property
    def pending(self) -> tuple[tuple[Any, ...], ...]:
        """This peer's claims not applied yet: those in its reveal for the draw in progress,
        then those queued."""
        sent = self._claims.get(self._me, ()) if self._me is not None else ()
        return (*sent, *self.queued)

    def queue(self, claim: tuple[Any, ...]) -> None:
        """Queue a claim of this peer's seat for its next reveal.

        Raises:
            LocalProtocolError: a spectator; a value the wire does not carry or larger than
                :data:`MAX_CLAIM_SIZE`; a claim already pending; or one the rules refuse now.
        """
        if self._me is None:
            raise LocalProtocolError("a spectator makes no claims")
        claim = tuple(claim)
        if len(pack([[[claim]]])) > MAX_CLAIM_SIZE:  # nested as in a reveal's body
            raise LocalProtocolError(f"a claim is at most {MAX_CLAIM_SIZE} bytes")
        if claim in self.pending:
            raise LocalProtocolError(f"the claim {_shown(claim)} is already pending")
        try:
            self.engine.check_claim(self._me, claim)
        except ValueError as exc:
            raise LocalProtocolError(str(exc)) from None
        self.queued.append(claim)

    def offer(self, draw: int, claims: Iterable[tuple[Any, ...]]) -> None:
        """Queue ``claims`` (this peer's last word before it signs its reveal of ``draw``), each
        one not pending yet; one the rules refuse now is dropped
        (:class:`~.events.ClaimDropped`), never sent."""
        assert self._me is not None
        for claim in map(tuple, claims):
            if claim in self.pending:
                continue
            try:
                if len(pack([[[claim]]])) > MAX_CLAIM_SIZE:
                    raise ValueError(f"a claim is at most {MAX_CLAIM_SIZE} bytes")
                self.engine.check_claim(self._me, claim)
            except (ValueError, LocalProtocolError) as exc:
                self._events.append(ev.ClaimDropped(draw, claim, str(exc)))
                continue
            self.queued.append(claim)

    def own_reveal(self, draw: int, journalled: bool) -> Reveal:
        """This peer's reveal for ``draw``, carrying every queued claim that is legal now (at
        most :data:`~.messages.MAX_CLAIMS`; the rest wait for the next draw). A claim that is
        no longer legal is dropped. ``journalled``: the envelope will be the one this peer
        signed before a restart, so the queue is left as it is."""
        reveal = self.beacon.own_reveal(draw)
        if journalled or not self.queued:
            return reveal
        assert self._me is not None
        sent: list[tuple[Any, ...]] = []
        kept: list[tuple[Any, ...]] = []
        for claim in self.queued:
            if len(sent) == MAX_CLAIMS:
                kept.append(claim)
                continue
            try:
                self.engine.check_claim(self._me, claim)
            except ValueError as exc:
                self._events.append(ev.ClaimDropped(draw, claim, str(exc)))
                continue
            sent.append(claim)
        self.queued = kept
        return replace(reveal, claims=tuple(sent))

    def take(
        self, members: Sequence[Queued], draw: int, fault: Fault, *, challenge: bool = False
    ) -> bool:
        """Take every member's reveal for ``draw`` at the head of its queue, checking its chain
        value and its claims; whether any was taken. ``challenge``: a challenge draw of the deal,
        whose reveals carry no claims.

        A member whose head is anything but the reveal where its reveal is due (an action, a
        close, a deck message: not :data:`PASSING`; in a challenge draw, an accusation too), a
        malformed reveal, one that breaks the beacon's rules, an illegal claim or a claim in a
        challenge draw is a ``fault``.
        """
        deck = ("accusation", "broken-card")
        passing = tuple(h for h in PASSING if h not in deck) if challenge else PASSING
        progressed = False
        for m in members:
            head = m.queue[0].type if m.queue else ""
            if m.seat in self.beacon.values or head != "reveal":
                if m.seat not in self.beacon.values and head not in passing:
                    fault(m, f"{a(head)} where its reveal for draw {draw} is due")
                continue
            env = m.queue[0]
            try:
                reveal = Reveal.from_body(env.body)
            except MessageError as exc:
                fault(m, f"malformed reveal: {exc}")
            reason = self.beacon.take(m.seat, draw, reveal)
            if reason is not None:
                fault(m, reason)
            if challenge and reveal.claims:
                fault(m, f"claims in the reveal for draw {draw}, a shuffle's challenge")
            for claim in reveal.claims:
                try:
                    self.engine.check_claim(m.seat, claim)
                except ValueError as exc:
                    fault(m, f"illegal claim {_shown(claim)} at draw {draw}: {exc}")
            m.queue.popleft()
            self._raw[m.seat] = env.raw
            if reveal.claims:
                self._claims[m.seat] = reveal.claims
            progressed = True
        return progressed

    def close(self, draw: int, weights: tuple[int, ...]) -> list[bytes]:
        """Every reveal of ``draw`` is in: apply the claims in seat order, then the outcome;
        return the draw's reveals in seat order (for the record)."""
        recorded = self.taken()
        for seat in sorted(self._claims):
            for claim in self._claims[seat]:
                try:
                    self.engine.apply_claim(seat, claim)
                    applied = True
                except ValueError:
                    applied = False
                self._events.append(ev.Claimed(draw, seat, claim, applied))
        self._raw, self._claims = {}, {}
        if self.engine.due() != Chance(weights):
            raise LocalProtocolError(
                f"the engine's claims changed what draw {draw} is for: a claim must never change "
                "what the game awaits"
            )
        index = self.beacon.close(draw, weights)
        self.engine.apply_outcome(index)
        self._events.append(ev.Drawn(draw, index))
        return recorded

    def close_challenge(self, draw: int) -> tuple[list[bytes], bytes]:
        """Every reveal of the challenge draw ``draw`` is in: its reveals in seat order (for the
        record) and its bytes (the challenge of the shuffle in progress)."""
        recorded = self.taken()
        self._raw, self._claims = {}, {}
        return recorded, self.beacon.close_bytes(draw)

    def taken(self) -> list[bytes]:
        """The reveals taken for the draw in progress, in seat order."""
        return [self._raw[seat] for seat in sorted(self._raw)]

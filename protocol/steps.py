"""The lockstep machine's steps: what it applies from the heads of the members' queues, in the
rules' order (docs/protocol.md §6). :class:`Steps` is the processing half of
:class:`~.lockstep.Lockstep` (which adds the public API and the acceptance of envelopes).

Each pass of :meth:`Steps._step` looks at the phase and at what the engine is due: the
commitments; the deal (:mod:`.dealing`), whose challenge draws are beacon draws; a draw
(:mod:`.draws`); a turn (:mod:`.turns`); a card, served by the deck or by a trusted dealer; the
engine's end, then the audits of a deal; an adjudication once nothing else can be applied.

Invariants: the engine only ever sees inputs in the rules' order; what enters ``record`` and
when is a function of the signed envelopes, never of their delivery order; a member is named
only on what it signed (the phase table's ``fault`` entries, the position rules of each step,
a message the deck, the beacon or the rules refuse).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, NoReturn

from . import events as ev
from .dealing import Dealing
from .draws import Draws, a
from .envelope import DECK_TYPES, Envelope
from .errors import LocalProtocolError, RemoteProtocolError
from .history import History
from .identity import Identity
from .messages import Adjudicate, Card, Chance, Close, Commit, MessageError, Over, Table
from .phases import FAULT, TRANSITIONS, Dealer, Engine, Member, Phase
from .rounds import BeaconRounds
from .turns import judge_action


class Steps:
    """The processing half of the lockstep machine (see the module)."""

    identity: Identity | None
    phase: Phase
    table: Table | None
    engine: Engine | None
    history: History | None
    members: dict[bytes, Member]
    _seated: list[Member]
    record: list[bytes]
    proof: list[bytes]
    halted: RemoteProtocolError | None
    draw: int
    actions: int
    abandoned: ev.GameAbandoned | None
    beacon: BeaconRounds | None
    draws: Draws | None
    dealing: Dealing | None
    _events: deque[ev.MachineEvent]
    _dealer: Dealer | None
    _restored: dict[int, Envelope]
    _revealed: int
    _closed: bool
    _announced: int | None
    _checked: tuple[bytes, int] | None
    _progress_at: int
    _clock: Callable[[], int]
    claimer: Callable[[], Iterable[tuple[Any, ...]]] | None

    @property
    def ended(self) -> bool:
        """Nothing more will happen: over, abandoned or halted."""
        return self.phase in (Phase.OVER, Phase.ABANDONED, Phase.HALTED)

    @property
    def steps(self) -> int:
        """Draws and actions applied."""
        return self.draw + self.actions

    def _emit(self, type_: str, body: tuple[Any, ...], game_id: bytes = b"") -> Envelope:
        raise NotImplementedError  # pragma: no cover - the machine's

    def _halt(self, error: RemoteProtocolError) -> NoReturn:
        self.halted = error
        self.phase = Phase.HALTED
        raise error

    def _fault(self, member: Member, reason: str) -> NoReturn:
        self.proof = []
        self._halt(RemoteProtocolError(f"{reason} (seat {member.seat})", member.key))

    def _by_seat(self) -> list[Member]:
        return self._seated

    def _pump(self) -> None:
        """Apply every queued envelope that can be applied now, in the game's order; once
        nothing more can be, an adjudication the game has reached ends it (only then: what a
        record holds must not depend on when the adjudication came)."""
        for _ in range(1_000_000):
            if self.ended or self.history is None:
                return
            if not self._step():
                return None if self.ended else self._adjudication()
        raise LocalProtocolError("the machine did not settle")  # pragma: no cover

    def _adjudication(self) -> None:
        for m in self._by_seat():
            for env in [e for e in m.queue if e.type == "adjudicate"]:
                try:
                    adjudication = Adjudicate.from_body(env.body)
                except MessageError as exc:
                    self._fault(m, f"malformed adjudication: {exc}")
                if adjudication.steps <= self.steps:
                    return self._abandon(m, env)

    def _step(self) -> bool:
        assert self.history is not None
        members = self._by_seat()
        if self.history.disputes:
            return False
        for m in members:
            head = m.queue[0].type if m.queue else ""
            if head and TRANSITIONS[self.phase][head] == FAULT:
                self._fault(m, f"a {head} envelope while {self.phase.value}")
            if head in DECK_TYPES and self.dealing is None:
                self._fault(m, f"{a(head)} in a game without a deal")
        if self.phase is Phase.COMMITS:
            return self._step_commits(members)
        if self.phase is Phase.DEAL:
            return self._step_deal(members)
        if self.dealing is not None:
            self.dealing.accusations(members, self.history)
            if self._broken_claim(members):
                return True
        if self.phase is Phase.AUDIT:
            return self._step_audit(members)
        assert self.engine is not None
        due = self.engine.due()
        if isinstance(due, Over):
            if self.dealing is not None:  # the result stands once the deal is audited
                self.dealing.finish()
                self.phase = Phase.AUDIT
                return True
            return self._over(due.result)
        if isinstance(due, Chance):
            return self._step_draw(members, due.weights)
        if isinstance(due, Card):
            return self._step_card(members, due)
        return self._step_turn(members, due.seat)

    def _over(self, result: Any) -> bool:
        self.phase = Phase.OVER
        self._events.append(ev.GameOver(result))
        if self.identity is not None and not self._closed:
            self._emit("close", Close(self.steps).body())  # its digest shows our history
        return False

    def _step_commits(self, members: list[Member]) -> bool:
        progressed = False
        assert self.beacon is not None
        for m in members:
            if m.commit or not m.queue:
                continue
            env = m.queue[0]
            if env.type != "commit":
                self._fault(m, f"a {env.type} envelope before its commitment")
            try:
                commit = Commit.from_body(env.body)
            except MessageError as exc:
                self._fault(m, f"malformed commitment: {exc}")
            m.queue.popleft()
            self.beacon.commit(m.seat, commit)
            m.commit = env.raw
            progressed = True
        if self.beacon.started:
            self.record.extend(m.commit for m in members)
            self.phase = Phase.PLAY if self.dealing is None else Phase.DEAL
            self._progress_at = self._clock()
            assert self.table is not None
            self._events.append(ev.GameStarted(self.table))
            return True
        return progressed

    def _step_deal(self, members: list[Member]) -> bool:
        assert self.dealing is not None
        if self.dealing.challenge_due:
            return self._step_draw(members, None)
        progressed = self.dealing.step_deal(members)
        if progressed:
            self._progress_at = self._clock()
        if self.dealing.dealt:
            self.phase = Phase.PLAY
            self._events.append(ev.Dealt("dealt"))
            return True
        return progressed

    def _step_draw(self, members: list[Member], weights: tuple[int, ...] | None) -> bool:
        """Draw ``d``: every member's reveal, then the outcome under ``weights`` — or, with
        ``weights`` None, the bytes of the challenge of the shuffle in progress."""
        assert self.beacon is not None and self.draws is not None and self.history is not None
        d = self.draw + 1
        if self.beacon.me is not None and self._revealed < d:
            journalled = self.history.count(self.members[self.beacon.me].seat) in self._restored
            fault = None if journalled else self.beacon.own_fault()
            if fault is not None:  # seeds from a damaged journal: never sign what names us
                raise LocalProtocolError(f"this member cannot reveal draw {d}: {fault}")
            if weights is not None and not journalled and self.claimer is not None:
                self.draws.offer(d, self.claimer())  # decided on the state of this draw
            self._emit("reveal", self.draws.own_reveal(d, journalled).body())
            return True
        challenge = weights is None
        progressed = self.draws.take(members, d, self._fault, challenge=challenge)
        if self.beacon.missing():
            return progressed
        if weights is None:
            assert self.dealing is not None
            recorded, data = self.draws.close_challenge(d)
            self.dealing.challenge(data)
        else:
            recorded = self.draws.close(d, weights)
        self.record.extend(recorded)
        self.draw = d
        self._progress_at = self._clock()
        return True

    def _step_card(self, members: list[Member], due: Card) -> bool:
        assert self.engine is not None
        if self.dealing is not None:
            progressed, served = self.dealing.step_card(members, due)
            if self.dealing.broken is not None:
                self.phase = Phase.AUDIT  # a card that is no card: the audits name its author
                return True
            if served is None:
                if progressed:
                    self._progress_at = self._clock()
                return progressed
            value = served.value
        elif self._dealer is None:
            raise LocalProtocolError(
                f"the engine asks for card {due.card} of {due.deck!r} to be revealed, which "
                "this machine cannot serve without a dealer"
            )
        else:
            me = None if self.identity is None else self.members[self.identity.public].seat
            value = self._dealer.reveal(due.deck, due.card, due.to, me)
        self.engine.apply_card(due.deck, due.card, due.to, value)
        self._events.append(ev.CardRevealed(due.deck, due.card, due.to, value))
        self._progress_at = self._clock()
        return True

    def _broken_claim(self, members: list[Member]) -> bool:
        """Take a broken-card claim heading its signer's queue where that member's own input is
        due (an honest claimant sends nothing else before it, and every peer reaches that place
        in the same state) or while auditing; whether one was taken. The play stops: the audits
        are due, and the draw or card in progress is cut short (docs/deck.md §11)."""
        assert self.dealing is not None and self.engine is not None
        for m in members:
            if not m.queue or m.queue[0].type != "broken-card":
                continue
            due = self.engine.due()
            if self.phase is Phase.PLAY:
                if not self._input_due(m, due):
                    continue
                if isinstance(due, Chance):
                    self.dealing.cut_draw = self.draw + 1
            self.dealing.take_claim(members, m, due if isinstance(due, Card) else None)
            self.phase = Phase.AUDIT
            self._progress_at = self._clock()
            return True
        return False

    def _input_due(self, m: Member, due: Any) -> bool:
        """Whether the engine's ``due`` waits for ``m``'s own input (not yet taken)."""
        assert self.dealing is not None and self.beacon is not None
        if isinstance(due, Chance):
            return m.seat not in self.beacon.values
        if isinstance(due, Card):
            reveal = self.dealing.deal.reveals.get((due.deck, due.card, due.to))
            if m.seat == due.to:
                return False
            return reveal is None or m.seat in reveal.missing(len(self._seated))
        if isinstance(due, Over):
            return False
        return bool(due.seat == m.seat)

    def _step_audit(self, members: list[Member]) -> bool:
        assert self.dealing is not None and self.engine is not None
        cut = self.dealing.cut_draw
        progressed = False
        if cut is not None:  # reveals of the draw a claim cut short, sent before the claim
            assert self.draws is not None and self.beacon is not None
            late = [
                m
                for m in members
                if m.seat != self.dealing.claimant
                and m.seat not in self.beacon.values
                and m.queue
                and m.queue[0].type == "reveal"
            ]
            progressed = self.draws.take(late, cut, self._fault)
        taken = self.draws.taken() if cut is not None and self.draws is not None else []
        audited, done = self.dealing.step_audit(members, taken)
        progressed = progressed or audited
        if not done:
            return progressed
        due = self.engine.due()
        assert isinstance(due, Over)
        return self._over(due.result) or True

    def _step_turn(self, members: list[Member], seat: int) -> bool:
        actor = members[seat]
        mine = self.identity is not None and actor.key == self.identity.public
        if not actor.queue or actor.queue[0].type != "action":
            head = actor.queue[0].type if actor.queue else ""
            if head and head not in ("adjudicate", "accusation", "broken-card"):
                self._fault(actor, f"{a(head)} where its action is due")
            if mine and self._announced != self.steps:
                self._announced = self.steps
                self._events.append(ev.YourTurn(seat))
            return False
        env = actor.queue[0]
        assert self.engine is not None and self.history is not None
        checked = mine and self._checked == (env.hash, self.steps)  # by send(), on this state
        if not checked and not judge_action(
            self.engine, self.history, self._by_seat(), actor, env, self._fault
        ):
            return False
        actor.queue.popleft()
        action = env.body[1]
        self.engine.apply_action(seat, action)
        self.record.append(env.raw)
        self.actions += 1
        self._progress_at = self._clock()
        self._events.append(ev.Applied(seat, action))
        return True

    def _abandon(self, member: Member, env: Envelope) -> None:
        # Taken but unrecorded (commitments before the start, the draw in progress, the deck
        # messages of a step in progress) and what the adjudicator queued before it: the
        # record must lead a spectator to the same end.
        taken = [m.commit for m in self._by_seat() if self.phase is Phase.COMMITS and m.commit]
        taken += self.draws.taken() if self.draws is not None else []
        taken += self.dealing.taken() if self.dealing is not None else []
        queued = [e.raw for e in member.queue][: member.queue.index(env)]
        self.record.extend([*taken, *queued, env.raw])
        self.abandoned = ev.GameAbandoned(self.steps, member.seat)
        self.phase = Phase.ABANDONED
        self._events.append(self.abandoned)

"""The lockstep machine's deck steps (docs/protocol.md §6.3, docs/deck.md §11): the deal right
after the commitments, the shares of each card the engine reveals, the audit at its end.

:class:`Dealing` drives one game's :class:`~.deck.Deal` (the public side, which checks every
message) and, for a member, its :class:`~.deck_own.OwnDeck` (its secrets, and the messages it
makes), from the heads of the members' queues — as :mod:`.draws` does for the beacon. The
machine tells it what is due; it takes what is due, sends this member's message when it is
due, and says what it waits for. The challenge draws of the deal are the machine's beacon
draws (:meth:`Dealing.challenge` takes their bytes).

Order and place (every peer computes them alike, whatever the delivery order):

- **keys**: each member's ``deck-key`` is its next envelope after its commit; recorded in seat
  order once all are in;
- for each seat ``t`` in turn: its ``shuffle``, the **challenge draw** (the machine's), its
  ``shuffle-answer``; then for each seat in turn its ``lock`` — each recorded when taken;
- **a card** the engine reveals: every member's ``card-share`` (to everyone) or every member
  but the recipient's ``sealed-share``, recorded in seat order once all are in; the recipient
  opens it, every other peer gives the engine no value;
- **accusations** are judged whenever one heads its signer's queue (playing or auditing): each
  names the sender it proves wrong, or the accuser, and halts. The accuser forwards the box it
  accuses with it: a sender that showed others another box (to frame the accuser) is then
  proven to have signed two histories wherever the accusation's digest disputes their copy;
  one about a sealed share this peer does not hold waits until this peer has applied every
  envelope of the sender that the accuser's digest counts — then the accuser never held it,
  and is named;
- **audits** once the engine is at its end: every member's ``deck-audit``, recorded in seat
  order once all are in.

Invariants:

- blame only on what a member signed: a :class:`~.deck.DeckFault` names the seat the deal
  names; a member whose next envelope is not the one due (an honest member's could only be
  that one, an adjudication or, while playing, an accusation) is at fault; a missing message
  waits and names nobody;
- this member's messages are functions of its deck seed and of the envelopes it accepted: a
  restarted member makes the same ones again, and signs a new one only once its seed gives
  the deck key every peer holds for it (else a local error, nothing sent);
- the deck seed is announced (:class:`~.events.DeckSecret`) before the deck key, the first
  envelope derived from it, leaves the machine;
- a peer that may not see a private card gives its engine ``None`` for it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from . import events as ev
from .deck import Deal, DeckBroken, DeckFault, Stage
from .deck_audit import judge_claims
from .deck_messages import Accusation, BrokenCard, DeckMessage, parse
from .deck_own import OwnDeck
from .draws import a
from .envelope import Envelope
from .errors import LocalProtocolError
from .history import History
from .messages import Card
from .phases import Fault, Queued

Emit = Callable[[str, tuple[Any, ...]], Envelope]
"""The machine's way to sign (or reuse a journalled) envelope of this member, accept it and
return it."""

OTHERS = ("adjudicate", "accusation", "broken-card")
"""Heads that are no fault where a deck message of their member is due while playing or
auditing: an adjudication (looked for once nothing can be applied), an accusation (judged
whenever it heads a queue) and a broken-card claim (taken where its signer's input is due)."""
DEALING = ("adjudicate",)
"""The same during the deal: no sealed share exists before it is done, so an accusation there is
nothing an honest member sends (docs/protocol.md §6.2)."""

_STEPS = {Stage.SHUFFLE: "shuffle", Stage.ANSWER: "shuffle-answer", Stage.LOCK: "lock"}
_ARGS = {"card-share": 2, "sealed-share": 3, "accusation": 3, "broken-card": 2}
"""How many leading body fields say which step a deck message of that type is for."""


def step_of(type_: str, body: tuple[Any, ...]) -> tuple[Any, ...]:
    """Which step of the deal a deck message is: its type, and for shares and accusations the
    card (and recipient or sender) its body names first."""
    return (type_, *body[: _ARGS.get(type_, 0)])


@dataclass(frozen=True, slots=True)
class Served:
    """A card reveal done: the value this peer's engine gets (None: another seat's card)."""

    value: Any


class Dealing:
    """One game's deck inside the lockstep machine.

    Args:
        deal: the game's deal (its ``me`` this member's seat, or None for a spectator).
        identity: this member's 32-byte Ed25519 private key (None: spectator).
        seed: this member's deck seed from its journal, if it drew one before a restart.
        entropy: ``entropy(32)`` gives a fresh deck seed when there is none.
        events: the machine's event queue.
        emit: signs and accepts this member's next envelope (:data:`Emit`).
        fault: the machine's signed fault (halts).
        record: the machine's record, extended in place.
    """

    def __init__(
        self,
        deal: Deal,
        *,
        identity: bytes | None,
        seed: bytes | None,
        entropy: Callable[[int], bytes] | None,
        events: deque[ev.MachineEvent],
        emit: Emit,
        fault: Fault,
        record: list[bytes],
    ) -> None:
        self.deal = deal
        self.me = deal.me
        self._identity = identity
        self._seed = seed
        self._entropy = entropy
        self._events = events
        self._emit = emit
        self._fault = fault
        self._record = record
        self.own: OwnDeck | None = None
        self.sent: set[tuple[Any, ...]] = set()
        """The steps this member has sent its message for (or got back from its journal)."""
        self._taken: dict[int, bytes] = {}
        """The keys, a card's shares or the audits taken and not yet recorded, by seat."""
        self._card: tuple[str, int, int | None] | None = None
        self._accused: tuple[str, int, int | None] | None = None
        self.broken: str | None = None
        """Why the play stopped for the audits: a public card that unmasks to no card."""
        self.claimant: int | None = None
        """The seat whose broken-card claim stopped the play, if one did."""
        self.cut_draw: int | None = None
        """The draw a broken-card claim cut short: its reveals are taken with the audits."""
        self._cut: tuple[str, int, int | None] | None = None
        self._leftover: dict[int, bytes] = {}
        """The shares of the card a broken-card claim cut short, by seat."""

    # --- this member's messages --------------------------------------------------------

    def _own(self) -> OwnDeck:
        if self.own is None:
            assert self.me is not None and self._identity is not None, "a spectator deals nothing"
            seed = self._seed
            if seed is None:
                if self._entropy is None:
                    raise LocalProtocolError("a member needs entropy for its deck seed")
                seed = bytes(self._entropy(32))
                self._events.append(ev.DeckSecret(seed))  # before the key leaves the machine
            self.own = OwnDeck(self.deal, self.me, seed, self._identity)
        return self.own

    def note_own(self, env: Envelope) -> None:
        """This member's deck envelope ``env`` was accepted (made now, or from its journal)."""
        self.sent.add(step_of(env.type, env.body))

    def _send(
        self, type_: str, make: Callable[[OwnDeck], DeckMessage], step: tuple[Any, ...]
    ) -> bool:
        """Send this member's message for ``step`` unless it already did; whether it sent."""
        if self.me is None or step in self.sent:
            return False
        own = self._own()
        key = self.deal.keys[self.me]
        if key is not None and key != own.public:  # seeds from a damaged journal
            raise LocalProtocolError(
                "this member's deck seed does not give the deck key it published: it cannot "
                "make its deck messages"
            )
        self._emit(type_, make(own).body())
        return True

    def send_key(self) -> None:
        """Send this member's deck key (its next envelope after its commit)."""
        self._send("deck-key", lambda own: own.deck_key(), ("deck-key",))

    # --- taking ---------------------------------------------------------------------------

    def _take(self, members: Sequence[Queued], m: Queued, type_: str) -> DeckMessage:
        """Take ``m``'s head (a ``type_`` message) into the deal; a fault halts naming the seat
        the deal names (the signer, or the sender an accusation proves wrong)."""
        try:
            return self.deal.take_body(m.seat, type_, m.queue[0].body)
        except DeckFault as exc:
            self._fault(members[exc.seat], exc.reason.removeprefix(f"seat {exc.seat}: "))

    def _misplaced(self, m: Queued, what: str, others: tuple[str, ...] = OTHERS) -> None:
        """``m``'s head is not its ``what``, which is due: a fault, unless there is none yet or
        it is one of ``others`` (then it waits)."""
        head = m.queue[0].type if m.queue else ""
        if head and head not in others:
            self._fault(m, f"{a(head)} where its {what} is due")

    def _record_taken(self) -> None:
        self._record.extend(self._taken[s] for s in sorted(self._taken))
        self._taken = {}

    def taken(self) -> list[bytes]:
        """What was taken and not recorded yet (keys, a card's shares, audits), in seat order;
        after a broken-card claim, the shares of the card it cut short first."""
        cut = [self._leftover[s] for s in sorted(self._leftover)]
        return cut + [self._taken[s] for s in sorted(self._taken)]

    # --- the deal -------------------------------------------------------------------------

    @property
    def challenge_due(self) -> bool:
        """A shuffle waits for its challenge: the machine's next beacon draw."""
        return self.deal.stage is Stage.CHALLENGE

    def challenge(self, data: bytes) -> None:
        """The challenge draw of the shuffle in progress gave ``data``."""
        self.deal.challenge(data)
        self._events.append(ev.Dealt("challenge", self.deal.turn))

    def step_deal(self, members: Sequence[Queued]) -> bool:
        """Take what the deal is due (keys, a shuffle, an answer, a lock) from the heads of the
        members' queues, sending this member's when due; whether anything happened."""
        deal = self.deal
        if deal.stage is Stage.KEYS:
            return self._step_keys(members)
        what = _STEPS[deal.stage]
        m = members[deal.turn]
        sent = False
        if m.seat == self.me:
            makers: dict[str, Callable[[OwnDeck], DeckMessage]] = {
                "shuffle": lambda own: own.shuffle(),
                "shuffle-answer": lambda own: own.answer(),
                "lock": lambda own: own.lock(),
            }
            sent = self._send(what, makers[what], (what,))
        if not m.queue or m.queue[0].type != what:
            self._misplaced(m, what, DEALING)
            return sent
        self._take(members, m, what)
        self._record.append(m.queue.popleft().raw)
        self._events.append(ev.Dealt(what.removeprefix("shuffle-"), m.seat))
        return True

    def _step_keys(self, members: Sequence[Queued]) -> bool:
        progressed = False
        for m in members:
            if self.deal.keys[m.seat] is not None:
                continue
            if not m.queue or m.queue[0].type != "deck-key":
                self._misplaced(m, "deck key", DEALING)
                continue
            self._take(members, m, "deck-key")
            self._taken[m.seat] = m.queue.popleft().raw
            progressed = True
        if self.deal.stage is not Stage.KEYS:
            self._record_taken()
            self._events.append(ev.Dealt("keys"))
        return progressed

    @property
    def dealt(self) -> bool:
        """The deal is done: the engine may run."""
        return self.deal.stage is Stage.DEALT

    # --- reveals ------------------------------------------------------------------------

    def step_card(self, members: Sequence[Queued], due: Card) -> tuple[bool, Served | None]:
        """Take the shares of the card the engine reveals, sending this member's; whether
        anything happened, and the card once every share is in (None: not yet)."""
        key = (due.deck, due.card, due.to)
        if self._accused == key:
            return False, None  # the accusation heads this member's queue: it halts next
        reveal = self.deal.reveals.get(key)
        if reveal is None:
            self.deal.open_reveal(*key)
            self._card = key
        elif self._card != key:  # asked again: served from the shares taken, no envelope
            return True, self._served(due)
        kind = "card-share" if due.to is None else "sealed-share"
        progressed = False
        if self.me is not None and self.me != due.to:
            to = due.to
            progressed = self._send(
                kind,
                lambda own: (
                    own.share(due.deck, due.card)
                    if to is None
                    else own.sealed_share(due.deck, due.card, to)
                ),
                (kind, *key[: _ARGS[kind]]),
            )
        for m in members:
            if m.seat == due.to or m.seat in self._taken:
                continue
            if not m.queue or m.queue[0].type != kind:
                self._misplaced(m, f"{kind} of card {due.card} of {due.deck!r}")
                continue
            body = m.queue[0].body
            if step_of(kind, body) != (kind, *key[: _ARGS[kind]]):
                where = f"card {due.card} of {due.deck!r}"
                self._fault(m, f"{a(kind)} of another card where its share of {where} is due")
            try:
                self._take(members, m, kind)
            except DeckBroken as exc:
                self.broken = exc.reason
            self._taken[m.seat] = m.queue.popleft().raw
            progressed = True
        if self.broken is None and self.deal.reveals[key].missing(len(self.deal.members)):
            return progressed, None
        self._record_taken()
        self._card = None
        if self.broken is not None:
            self.deal.finish()  # the play stops: the audits name the shuffler
            return True, None
        return True, self._served(due)

    def _served(self, due: Card) -> Served | None:
        """The value of a card whose shares are all in, for this peer's engine (None: an
        accusation was sent instead)."""
        if due.to is None:
            return Served(self.deal.value(due.deck, due.card))
        if self.me != due.to:
            return Served(None)
        try:
            return Served(self._own().open(due.deck, due.card)[1])
        except DeckFault as exc:  # a sealed share that is wrong: prove it to everyone
            assert exc.evidence is not None
            evidence = exc.evidence
            self._accused = (due.deck, due.card, due.to)
            box = self._sealed_envelope(due, exc.seat)
            if box is not None:  # a peer holding another box signed by the sender gets proof
                self._events.append(ev.Forward(box))
            self._send("accusation", lambda own: evidence, step_of("accusation", evidence.body()))
            return None
        except DeckBroken:  # a shuffle cheat beat its challenge: only this member sees it
            claim = BrokenCard(due.deck, due.card)
            self._events.append(ev.Dealt("broken", self.me))
            self._send("broken-card", lambda own: claim, step_of("broken-card", claim.body()))
            return Served(None)  # the engine runs on as at every other peer, until the claim

    def _sealed_envelope(self, due: Card, sender: int) -> bytes | None:
        """The envelope of ``sender``'s sealed share of ``due`` as this peer recorded it."""
        key = self.deal.members[sender]
        for data in reversed(self._record):
            env = Envelope.decode(data)
            if env.sender == key and env.type == "sealed-share":
                mine = ("sealed-share", due.deck, due.card, due.to)
                return data if step_of(env.type, env.body) == mine else None
        return None  # pragma: no cover - a sealed share is recorded before it is opened

    def take_claim(self, members: Sequence[Queued], m: Queued, due: Card | None) -> None:
        """Take the broken-card claim heading ``m``'s queue, where ``m``'s own input is due
        (the caller's rule: then every card sealed to it so far is complete everywhere) or
        while auditing: the play stops, the audits are due. ``due``: the card whose shares
        were in progress (it is opened if it was not yet): the rest of its shares are taken
        with the audits. A claim about a card never revealed to ``m`` names it."""
        if self.claimant is None and due is not None:
            key = (due.deck, due.card, due.to)
            if key not in self.deal.reveals:
                self.deal.open_reveal(*key)
            self._cut = key
            self._leftover.update(self._taken)
            self._taken, self._card = {}, None
        self._take(members, m, "broken-card")
        self._record.append(m.queue.popleft().raw)
        if self.claimant is None:
            self.claimant = m.seat
        self._events.append(ev.Dealt("claimed", m.seat))

    def _cut_share(self, members: Sequence[Queued], m: Queued) -> bool:
        """Take ``m``'s head if it is its share of the card a claim cut short (sent before it
        saw the claim); whether it was."""
        if self._cut is None or m.seat in (self.claimant, self._cut[2]) or m.seat in self._leftover:
            return False
        kind = "card-share" if self._cut[2] is None else "sealed-share"
        env = m.queue[0]
        if env.type != kind or step_of(kind, env.body) != (kind, *self._cut[: _ARGS[kind]]):
            return False
        self._take(members, m, kind)
        self._leftover[m.seat] = m.queue.popleft().raw
        return True

    def accusations(self, members: Sequence[Queued], history: History) -> None:
        """Judge an accusation heading a member's queue: it names the sender it proves wrong or
        the accuser, and halts; one about a sealed share this peer does not hold yet waits —
        until this peer has applied every envelope of the sender the accuser had accepted when
        it signed (its digest says how many): then the accuser never held that share, and it
        is named."""
        for m in members:
            if m.queue and m.queue[0].type == "accusation":
                try:
                    self._take(members, m, "accusation")
                except LocalProtocolError:
                    self._unfounded(members, m, history)

    def _unfounded(self, members: Sequence[Queued], m: Queued, history: History) -> None:
        env = m.queue[0]
        accused = parse("accusation", env.body)
        assert isinstance(accused, Accusation)
        sender = members[accused.sender]
        count, named = env.seen[sender.seat]
        applied = history.count(sender.seat) - len(sender.queue)
        if applied < count:
            return  # the share may be among the sender's envelopes not applied here yet
        if count and history.envelope(sender.seat, count - 1).hash != named:
            return  # two histories of the sender: the digests' dispute settles it
        where = f"card {accused.card} of {accused.deck!r}"
        self._fault(m, f"it accused a sealed share of {where} from seat {sender.seat} it never had")

    # --- the audit ----------------------------------------------------------------------

    def finish(self) -> None:
        """The engine is at its end: the audits are due."""
        self.deal.finish()

    def step_audit(self, members: Sequence[Queued], cut: Sequence[bytes] = ()) -> tuple[bool, bool]:
        """Take the members' audits (and the shares of a card a claim cut short), sending this
        member's; whether anything happened, and whether every audit is in (each checked).
        ``cut``: the reveals taken of the draw a claim cut short, recorded before the audits.

        Once every audit is in, a broken-card claim names its claimant (every audit holding,
        the card it claimed is a card: :func:`~.deck_audit.judge_claims`)."""
        progressed = self._send("deck-audit", lambda own: own.audit(), ("deck-audit",))
        for m in members:
            if self.deal.audits[m.seat] is not None:
                continue
            if m.queue and self._cut_share(members, m):
                progressed = True
                continue
            if not m.queue or m.queue[0].type != "deck-audit":
                self._misplaced(m, "deck audit")
                continue
            self._take(members, m, "deck-audit")
            self._taken[m.seat] = m.queue.popleft().raw
            progressed = True
        if self.deal.stage is not Stage.AUDITED:
            return progressed, False
        self._record.extend(cut)
        self._record.extend(self._leftover[s] for s in sorted(self._leftover))
        self._leftover = {}
        self._record_taken()
        try:
            judge_claims(self.deal)
        except DeckFault as exc:
            self._fault(members[exc.seat], exc.reason.removeprefix(f"seat {exc.seat}: "))
        if self.broken is not None:  # pragma: no cover - every audit right, yet a card broken
            raise LocalProtocolError(f"every audit holds, yet {self.broken}")
        self._events.append(ev.Dealt("audited"))
        return True, True

    # --- what it waits for ------------------------------------------------------------------

    def missing(self, due: Card | None) -> tuple[str, tuple[int, ...]]:
        """What the deal waits for now (``due``: the card the engine reveals, if any): the
        message type and the seats it is missing from."""
        deal, n = self.deal, len(self.deal.members)
        if due is not None:
            kind = "card-share" if due.to is None else "sealed-share"
            reveal = deal.reveals.get((due.deck, due.card, due.to))
            if reveal is None:
                return kind, tuple(s for s in range(n) if s != due.to)
            return kind, reveal.missing(n)
        if deal.stage is Stage.KEYS:
            return "deck-key", tuple(s for s in range(n) if deal.keys[s] is None)
        if deal.stage is Stage.AUDIT:
            return "deck-audit", tuple(s for s in range(n) if deal.audits[s] is None)
        return _STEPS.get(deal.stage, deal.stage.value), (deal.turn,)

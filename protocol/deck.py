"""The mental-poker deck: the public side of one game's deal, sans-IO (docs/deck.md).

A :class:`Deal` is what every peer, spectator and record verifier knows of a deal: the cards
(hash-to-curve points, one per physical token, :func:`~protocol.deck_group.card_point`), every
member's deck key, each shuffle with its challenge and answer, each lock, and the reveals. It
checks every message it takes against what the deal already holds, in the order the protocol
fixes, and keeps nothing secret. A member's own secrets and the messages it makes are
:class:`protocol.deck_own.OwnDeck`'s; the audit at the end is :mod:`protocol.deck_audit`'s.

Order (one table, :meth:`Deal.due`):

1. ``deck-key`` from every member, in any order;
2. for each seat in turn: its ``shuffle``; then the challenge — the bytes of a beacon draw
   made *after* that shuffle was accepted, supplied by the caller (:meth:`Deal.challenge`);
   then its ``shuffle-answer``;
3. for each seat in turn: its ``lock``;
4. dealt: the caller opens reveals (:meth:`Deal.open_reveal`), each needing a ``card-share``
   from every member (public) or a ``sealed-share`` from every member but the recipient
   (private); an ``accusation`` settles a sealed share its recipient proves wrong; a
   ``broken-card`` claim of a recipient whose card unmasks to no card ends the play;
5. after :meth:`Deal.finish` (the game is over) or a ``broken-card`` claim: a ``deck-audit``
   from every member (and the shares of a reveal the claim cut short); once all are in, a
   claim is judged (:func:`~protocol.deck_audit.judge_claims`).

Invariants:

- **blame only on what a member signed**: :class:`DeckFault` names the seat whose message is
  wrong, judged against messages already accepted — never a seat whose message is missing. A
  message that is not due raises :class:`~protocol.errors.LocalProtocolError` and changes
  nothing: the caller keeps it until it is due (:meth:`Deal.due` says what the deal waits for);
- a fault changes nothing: the deal stays as it was before the faulty message;
- every point taken is a valid point of the prime-order subgroup (message classes check it),
  and the cards of every deck the deal holds are pairwise distinct;
- a shuffle's challenge bits come only from the beacon bytes the caller supplies, never from
  the transcript alone (docs/deck.md §4: a Fiat–Shamir challenge at 2⁻²⁰ can be ground);
- nothing here depends on a card value a peer may not see: a sealed share is checked for its
  form and its proof of knowledge of its ephemeral point only, and its content only by its
  recipient (or, at the end, by the audit);
- a sealed share is taken only with a valid proof of knowledge of ``log R`` bound to its own
  box (even when ``proofs`` is off): an accusation, which publishes ``y·R``, then tells nobody
  anything the sender did not know (docs/deck.md §6).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .codec import pack
from .deck_audit import take_audit, take_broken
from .deck_group import (
    GroupError,
    apply,
    base,
    card_point,
    check_dleq,
    check_key,
    invert,
    is_point,
    mul,
    product,
)
from .deck_messages import (
    MAX_CARDS,
    MAX_DECK_NAME,
    MAX_DECKS,
    MAX_SHADOWS,
    MIN_SHADOWS,
    Accusation,
    BrokenCard,
    CardShare,
    DeckAudit,
    DeckKey,
    DeckMessage,
    Decks,
    Lock,
    SealedShare,
    Shuffle,
    ShuffleAnswer,
    parse,
)
from .deck_seal import check_accusation, check_ephemeral, context, open_shared
from .errors import LocalProtocolError, RemoteProtocolError
from .messages import MAX_SEATS, MessageError

KEY_TAG = "goldnet/deck/key/v1"
SHADOW_TAG = "goldnet/deck/shadow/v1"
CHALLENGE_TAG = "goldnet/deck/challenge/v1"
LOCK_TAG = "goldnet/deck/lock/v1"


class DeckFault(RemoteProtocolError):
    """A member's deck message breaks the protocol: ``seat`` (and ``culprit``, its key) names
    the member that signed it; ``evidence``, when set, is a message this peer should publish so
    that the others can name it too (an :class:`~protocol.deck_messages.Accusation`)."""

    def __init__(
        self, seat: int, culprit: bytes, reason: str, evidence: DeckMessage | None = None
    ) -> None:
        super().__init__(reason, culprit)
        self.seat = seat
        self.evidence = evidence


class DeckBroken(RemoteProtocolError):
    """Every message checked, yet a card does not unmask to a card of its deck: a shuffle cheat
    that beat its challenge (probability 2⁻ᵏ). Nobody is named here; the audit names the
    shuffler."""


class Stage(Enum):
    """Where a deal stands."""

    KEYS = "the deck keys"
    SHUFFLE = "a shuffle"
    CHALLENGE = "a shuffle's challenge"
    ANSWER = "a shuffle's answer"
    LOCK = "a lock"
    DEALT = "dealt"
    AUDIT = "the audits"
    AUDITED = "audited"


@dataclass(frozen=True, slots=True)
class DeckDue:
    """What a deal waits for: messages of type ``kind`` from ``seats`` (``kind`` "challenge":
    the beacon bytes of the draw after seat ``seats[0]``'s shuffle), for ``card`` (``(deck,
    card, to)``) when it is a reveal's shares. Information only, never evidence."""

    kind: str
    seats: tuple[int, ...]
    card: tuple[str, int, int | None] | None = None


@dataclass(slots=True)
class CardReveal:
    """An open or finished reveal of one card to ``to`` (None: everyone): the shares taken
    (public: scalars; private: sealed shares), and the card's index and value once known to
    this deal (public reveals only)."""

    deck: str
    card: int
    to: int | None
    shares: dict[int, bytes] = field(default_factory=dict)
    sealed: dict[int, SealedShare] = field(default_factory=dict)
    index: int | None = None

    def missing(self, seats: int) -> tuple[int, ...]:
        taken = self.shares if self.to is None else self.sealed
        return tuple(s for s in range(seats) if s != self.to and s not in taken)


def shadow_hash(game_id: bytes, seat: int, index: int, key: bytes, decks: Decks) -> bytes:
    """The commitment to shadow shuffle ``index`` of ``seat``: ``SHA-256(pack([SHADOW_TAG,
    game_id, seat, index, Y, decks]))``, ``Y = y·G`` tying its scalar to the deck key."""
    return hashlib.sha256(pack([SHADOW_TAG, game_id, seat, index, key, decks])).digest()


def challenge_bits(game_id: bytes, seat: int, draw: bytes, count: int) -> tuple[int, ...]:
    """The ``count`` challenge bits of ``seat``'s shuffle from beacon draw bytes ``draw``: bit
    ``t`` is bit ``t mod 8`` of byte ``t div 8`` of ``SHA-512(pack([CHALLENGE_TAG, game_id, seat,
    draw]))``."""
    digest = hashlib.sha512(pack([CHALLENGE_TAG, game_id, seat, draw])).digest()
    return tuple((digest[t // 8] >> (t % 8)) & 1 for t in range(count))


def lock_context(game_id: bytes, seat: int, deck: str, card: int) -> tuple[Any, ...]:
    """What a lock proof of card ``card`` of ``deck`` by ``seat`` is bound to."""
    return (LOCK_TAG, game_id, seat, deck, card)


def key_context(game_id: bytes, seat: int) -> tuple[Any, ...]:
    """What a deck key's proof of knowledge is bound to."""
    return (KEY_TAG, game_id, seat)


class Deal:
    """The deal of one game's decks, as everyone sees it.

    Args:
        game_id: the table's id (32 bytes).
        members: the members' identity public keys in seat order (2 to 6).
        decks: each deck's name and its cards' values in the game's canonical order (card
            index ``m`` of a deck is the token whose value is ``values[m]``).
        shadows: ``k``, the shadow shuffles per shuffle proof (a table option, 20 to 64).
        me: this peer's seat, whose own messages are not re-proven (None: spectator).
        proofs: check the shuffle answers' shadows and the locks' proofs. A record verifier
            that holds every audit may pass False: the audit recomputes the whole deal. (A
            sealed share's proof of its ephemeral key is checked either way: an accusation is
            judged on the shares taken.)

    Raises:
        LocalProtocolError: arguments outside the protocol's limits.
        DeckFault: a member's identity key is no point of the group (no sealed share could
            reach it; it signed envelopes with that key).
    """

    def __init__(
        self,
        game_id: bytes,
        members: Sequence[bytes],
        decks: Sequence[tuple[str, Sequence[Any]]],
        shadows: int = MIN_SHADOWS,
        *,
        me: int | None = None,
        proofs: bool = True,
    ) -> None:
        if type(game_id) is not bytes or len(game_id) != 32:
            raise LocalProtocolError("a game id is 32 bytes")
        if not 2 <= len(members) <= MAX_SEATS:
            raise LocalProtocolError(f"a deal has 2 to {MAX_SEATS} members")
        if type(shadows) is not int or not MIN_SHADOWS <= shadows <= MAX_SHADOWS:
            raise LocalProtocolError(f"a shuffle proof has {MIN_SHADOWS} to {MAX_SHADOWS} shadows")
        names = tuple(name for name, _ in decks)
        sizes = tuple(len(values) for _, values in decks)
        if not 0 < len(names) <= MAX_DECKS or len(set(names)) != len(names):
            raise LocalProtocolError(f"a deal has 1 to {MAX_DECKS} decks of distinct names")
        if any(type(n) is not str or not 0 < len(n) <= MAX_DECK_NAME for n in names):
            raise LocalProtocolError(f"a deck's name has 1 to {MAX_DECK_NAME} characters")
        if 0 in sizes or sum(sizes) > MAX_CARDS:
            raise LocalProtocolError(f"a deal has 1 to {MAX_CARDS} cards, none of its decks empty")
        self.members = tuple(members)
        for seat, key in enumerate(self.members):
            if not is_point(key):
                raise self.fault(seat, "its identity key is not a point of the prime-order group")
        self.game_id = game_id
        self.shadows = shadows
        self.me = me
        self.proofs = proofs
        self.names = names
        self.sizes = sizes
        self.values = tuple(tuple(values) for _, values in decks)
        self.cards: Decks = tuple(
            tuple(card_point(game_id, name, m) for m in range(size))
            for name, size in zip(names, sizes, strict=True)
        )
        self._index = {p: (d, m) for d, deck in enumerate(self.cards) for m, p in enumerate(deck)}
        if len(self._index) != sum(sizes):  # pragma: no cover - a hash-to-curve collision
            raise LocalProtocolError("two cards hash to one point")
        n = len(self.members)
        self.stage = Stage.KEYS
        self.turn = 0
        self.keys: list[bytes | None] = [None] * n
        self.decks: Decks = self.cards
        """The deck as it stands: the cards, then each accepted shuffle's, then each lock's."""
        self.shuffle_inputs: list[Decks | None] = [None] * n
        self.shuffles: list[Shuffle | None] = [None] * n
        self.bits: list[tuple[int, ...] | None] = [None] * n
        self.answers: list[ShuffleAnswer | None] = [None] * n
        self.lock_inputs: list[Decks | None] = [None] * n
        self.locks: list[Lock | None] = [None] * n
        self.reveals: dict[tuple[str, int, int | None], CardReveal] = {}
        self.audits: list[DeckAudit | None] = [None] * n
        self.claims: list[tuple[int, str, int]] = []
        """``(seat, deck, card)`` of each broken-card claim taken, judged once audited."""
        self.dealt: tuple[tuple[Any, ...], ...] | None = None
        """After the audit: every card's value, per deck, in dealt order."""

    # --- helpers ------------------------------------------------------------------------

    def fault(self, seat: int, reason: str, evidence: DeckMessage | None = None) -> DeckFault:
        """A :class:`DeckFault` naming ``seat``."""
        return DeckFault(seat, self.members[seat], f"seat {seat}: {reason}", evidence)

    def deck_index(self, deck: str) -> int:
        """The position of ``deck`` among the game's decks.

        Raises:
            LocalProtocolError: no such deck.
        """
        try:
            return self.names.index(deck)
        except ValueError:
            raise LocalProtocolError(f"no deck named {deck!r}") from None

    def key(self, seat: int) -> bytes:
        """``seat``'s accepted deck key."""
        key = self.keys[seat]
        assert key is not None, "deck keys are all in before anything uses one"
        return key

    def commitment(self, seat: int, deck: str, card: int) -> bytes:
        """``L = l·G`` for ``seat``'s lock key of card ``card`` of ``deck``."""
        lock = self.locks[seat]
        assert lock is not None, "locks are all in before any reveal"
        return lock.keys[self.deck_index(deck)][card]

    def _not_due(self, seat: int, what: str) -> LocalProtocolError:
        return LocalProtocolError(f"a {what} from seat {seat} is not due ({self.stage.value})")

    def _checks(self, seat: int) -> bool:
        return self.proofs and seat != self.me

    def _shape(self, seat: int, sizes: tuple[int, ...], what: str) -> None:
        if sizes != self.sizes:
            raise self.fault(
                seat, f"{what} has decks of {list(sizes)} cards, not {list(self.sizes)}"
            )

    # --- what is due --------------------------------------------------------------------

    def due(self) -> tuple[DeckDue, ...]:
        """What the deal waits for, most urgent first (empty: nothing)."""
        n = len(self.members)
        if self.stage is Stage.KEYS:
            return (DeckDue("deck-key", tuple(s for s in range(n) if self.keys[s] is None)),)
        kinds = {
            Stage.SHUFFLE: "shuffle",
            Stage.CHALLENGE: "challenge",
            Stage.ANSWER: "shuffle-answer",
            Stage.LOCK: "lock",
        }
        if self.stage in kinds:
            return (DeckDue(kinds[self.stage], (self.turn,)),)
        if self.stage is Stage.AUDIT:
            return (DeckDue("deck-audit", tuple(s for s in range(n) if self.audits[s] is None)),)
        out = []
        for key, reveal in self.reveals.items():
            missing = reveal.missing(n)
            if missing:
                kind = "card-share" if reveal.to is None else "sealed-share"
                out.append(DeckDue(kind, missing, key))
        return tuple(out)

    # --- taking messages ----------------------------------------------------------------

    def take_body(self, seat: int, kind: str, body: Any) -> DeckMessage:
        """Parse ``seat``'s message of type ``kind`` from its decoded body and take it.

        Raises:
            DeckFault: the body is malformed or the message is wrong (names ``seat``, or the
                seat an accusation proves at fault).
            LocalProtocolError: the message is not due.
        """
        try:
            message = parse(kind, body)
        except MessageError as exc:
            raise self.fault(seat, f"malformed {kind}: {exc}") from None
        self.take(seat, message)
        return message

    def take(self, seat: int, message: DeckMessage) -> None:
        """Check ``seat``'s message against the deal and take it.

        Raises:
            DeckFault: the message is wrong; nothing changed.
            LocalProtocolError: it is not due (keep it until :meth:`due` asks for it), or
                ``seat`` is no seat.
        """
        if type(seat) is not int or not 0 <= seat < len(self.members):
            raise LocalProtocolError(f"no seat {seat!r} in this deal")
        if isinstance(message, DeckKey):
            self._take_key(seat, message)
        elif isinstance(message, Shuffle):
            self._take_shuffle(seat, message)
        elif isinstance(message, ShuffleAnswer):
            self._take_answer(seat, message)
        elif isinstance(message, Lock):
            self._take_lock(seat, message)
        elif isinstance(message, CardShare):
            self._take_share(seat, message)
        elif isinstance(message, SealedShare):
            self._take_sealed(seat, message)
        elif isinstance(message, Accusation):
            self._take_accusation(seat, message)
        elif isinstance(message, BrokenCard):
            take_broken(self, seat, message)
        elif isinstance(message, DeckAudit):
            if self.stage is not Stage.AUDIT or self.audits[seat] is not None:
                raise self._not_due(seat, "deck audit")
            take_audit(self, seat, message)
        else:
            raise LocalProtocolError(f"not a deck message: {type(message).__name__}")

    def _take_key(self, seat: int, message: DeckKey) -> None:
        if self.stage is not Stage.KEYS or self.keys[seat] is not None:
            raise self._not_due(seat, "deck key")
        if not check_key(message.key, message.proof, key_context(self.game_id, seat)):
            raise self.fault(seat, "its deck key's proof of knowledge does not hold")
        self.keys[seat] = message.key
        if all(k is not None for k in self.keys):
            self.stage = Stage.SHUFFLE

    def _take_shuffle(self, seat: int, message: Shuffle) -> None:
        if self.stage is not Stage.SHUFFLE or seat != self.turn:
            raise self._not_due(seat, "shuffle")
        self._shape(seat, tuple(len(d) for d in message.decks), "its shuffle")
        if len(message.shadows) != self.shadows:
            raise self.fault(
                seat, f"its shuffle has {len(message.shadows)} shadows, not {self.shadows}"
            )
        self.shuffle_inputs[seat] = self.decks
        self.shuffles[seat] = message
        self.stage = Stage.CHALLENGE

    def challenge(self, draw: bytes) -> tuple[int, ...]:
        """Give the challenge of the shuffle in progress: the bytes of the first beacon draw
        made after that shuffle was accepted (a draw nobody could know when it was signed).
        Returns the challenge bits.

        Raises:
            LocalProtocolError: no shuffle waits for its challenge, or ``draw`` is not bytes.
        """
        if self.stage is not Stage.CHALLENGE:
            raise LocalProtocolError(f"no shuffle waits for a challenge ({self.stage.value})")
        if type(draw) is not bytes or not draw:
            raise LocalProtocolError("a challenge is the bytes of a beacon draw")
        bits = challenge_bits(self.game_id, self.turn, draw, self.shadows)
        self.bits[self.turn] = bits
        self.stage = Stage.ANSWER
        return bits

    def _take_answer(self, seat: int, message: ShuffleAnswer) -> None:
        if self.stage is not Stage.ANSWER or seat != self.turn:
            raise self._not_due(seat, "shuffle answer")
        shuffle, bits, source = self.shuffles[seat], self.bits[seat], self.shuffle_inputs[seat]
        assert shuffle is not None and bits is not None and source is not None
        if len(message.openings) != self.shadows:
            raise self.fault(seat, f"its answer opens {len(message.openings)} shadows")
        for t, opening in enumerate(message.openings):
            self._shape(seat, tuple(len(p) for p in opening.perms), f"its opening {t}")
        if self._checks(seat):
            key = self.key(seat)
            for t, (bit, opening) in enumerate(zip(bits, message.openings, strict=True)):
                try:
                    if bit == 0:
                        y, decks = (
                            base(opening.scalar),
                            apply(opening.scalar, opening.perms, source),
                        )
                    else:
                        y = mul(opening.scalar, key)
                        decks = apply(opening.scalar, opening.perms, shuffle.decks)
                except GroupError:  # pragma: no cover - valid points, non-zero scalars
                    raise self.fault(seat, f"its opening {t} is no multiplication") from None
                if shadow_hash(self.game_id, seat, t, y, decks) != shuffle.shadows[t]:
                    side = "input" if bit == 0 else "output"
                    raise self.fault(
                        seat, f"its shadow {t} is no masked permutation of its {side} (bit {bit})"
                    )
        self.answers[seat] = message
        self.decks = shuffle.decks
        self._next(Stage.SHUFFLE, Stage.LOCK)

    def _next(self, same: Stage, then: Stage) -> None:
        if self.turn + 1 < len(self.members):
            self.turn += 1
            self.stage = same
        else:
            self.turn = 0
            self.stage = then

    def _take_lock(self, seat: int, message: Lock) -> None:
        if self.stage is not Stage.LOCK or seat != self.turn:
            raise self._not_due(seat, "lock")
        self._shape(seat, tuple(len(d) for d in message.decks), "its lock")
        if self._checks(seat):
            key = self.key(seat)
            for d, name in enumerate(self.names):
                for j in range(self.sizes[d]):
                    bases = (key, self.decks[d][j])
                    images = (message.keys[d][j], message.decks[d][j])
                    context_ = lock_context(self.game_id, seat, name, j)
                    if not check_dleq(bases, images, message.proofs[d][j], context_):
                        raise self.fault(seat, f"its lock of card {j} of {name!r} does not hold")
        self.lock_inputs[seat] = self.decks
        self.locks[seat] = message
        self.decks = message.decks
        self._next(Stage.LOCK, Stage.DEALT)

    # --- reveals ------------------------------------------------------------------------

    def open_reveal(self, deck: str, card: int, to: int | None) -> None:
        """Start revealing card ``card`` of ``deck`` (a position in the dealt deck, the
        engine's card handle) to seat ``to`` (None: everyone), as the engine asks.

        Raises:
            LocalProtocolError: the deal is not dealt, no such card or seat, or that reveal
                is already open.
        """
        if self.stage is not Stage.DEALT:
            raise LocalProtocolError(
                f"no card is revealed before the deal is done ({self.stage.value})"
            )
        d = self.deck_index(deck)
        if type(card) is not int or not 0 <= card < self.sizes[d]:
            raise LocalProtocolError(f"deck {deck!r} has cards 0 to {self.sizes[d] - 1}")
        if to is not None and (type(to) is not int or not 0 <= to < len(self.members)):
            raise LocalProtocolError(f"no seat {to!r} in this deal")
        if (deck, card, to) in self.reveals:
            raise LocalProtocolError(f"card {card} of {deck!r} is already revealed to {to}")
        self.reveals[(deck, card, to)] = CardReveal(deck, card, to)

    def _reveal(self, seat: int, deck: str, card: int, to: int | None, what: str) -> CardReveal:
        reveal = self.reveals.get((deck, card, to))
        if (
            self.stage not in (Stage.DEALT, Stage.AUDIT)  # AUDIT: a reveal a claim cut short
            or reveal is None
            or seat not in reveal.missing(len(self.members))
        ):
            raise self._not_due(seat, what)
        return reveal

    def _take_share(self, seat: int, message: CardShare) -> None:
        reveal = self._reveal(seat, message.deck, message.card, None, "card share")
        if base(message.share) != self.commitment(seat, message.deck, message.card):
            raise self.fault(
                seat, f"its share of card {message.card} of {message.deck!r} opens no lock key"
            )
        shares = {**reveal.shares, seat: message.share}
        if len(shares) == len(self.members):
            ordered = [shares[s] for s in range(len(self.members))]
            reveal.index = self.unmask(message.deck, message.card, ordered)
        reveal.shares[seat] = message.share

    def unmask(self, deck: str, card: int, shares: Sequence[bytes]) -> int:
        """The card index (in the game's canonical order) of card ``card`` of ``deck`` unmasked
        with every member's lock key ``shares`` (seat order).

        Raises:
            DeckBroken: the point unmasks to no card of ``deck``.
        """
        d = self.deck_index(deck)
        point = mul(invert(product(shares)), self.decks[d][card])
        found = self._index.get(point)
        if found is None or found[0] != d:
            raise DeckBroken(f"card {card} of {deck!r} unmasks to no card of its deck")
        return found[1]

    def value(self, deck: str, card: int) -> Any:
        """The value of card ``card`` of ``deck`` once publicly revealed.

        Raises:
            LookupError: it has not been revealed to everyone (yet).
        """
        reveal = self.reveals.get((deck, card, None))
        if reveal is None or reveal.index is None:
            raise LookupError(f"card {card} of {deck!r} is not revealed to everyone")
        return self.values[self.deck_index(deck)][reveal.index]

    def _take_sealed(self, seat: int, message: SealedShare) -> None:
        reveal = self._reveal(seat, message.deck, message.card, message.to, "sealed share")
        if seat != self.me and not check_ephemeral(
            message.ephemeral,
            message.proof,
            self.game_id,
            message.deck,
            message.card,
            seat,
            message.to,
        ):  # checked even without ``proofs``: an accusation of this box is judged on it
            where = f"card {message.card} of {message.deck!r}"
            raise self.fault(seat, f"its sealed share of {where} has no proof of its ephemeral key")
        reveal.sealed[seat] = message

    def _take_accusation(self, seat: int, message: Accusation) -> None:
        d = self.names.index(message.deck) if message.deck in self.names else None
        if (
            d is None
            or message.card >= self.sizes[d]
            or message.sender == seat
            or message.sender >= len(self.members)
        ):  # no sealed share can ever answer it: waiting would wait for ever
            where = f"seat {message.sender}'s share of card {message.card} of {message.deck!r}"
            raise self.fault(seat, f"its accusation names no sealed share it could hold ({where})")
        reveal = self.reveals.get((message.deck, message.card, seat))
        sealed = None if reveal is None else reveal.sealed.get(message.sender)
        if sealed is None:
            raise self._not_due(seat, "accusation")
        ctx = (self.game_id, message.deck, message.card, message.sender, seat)
        if not check_accusation(
            self.members[seat], sealed.ephemeral, message.shared, message.proof, ctx
        ):
            raise self.fault(seat, "its accusation's proof does not hold")
        info = context(*ctx, sealed.ephemeral)
        share = open_shared(message.shared, sealed.box, info)
        where = f"card {message.card} of {message.deck!r}"
        if share is None:
            raise self.fault(message.sender, f"its sealed share of {where} does not open")
        if base(share) != self.commitment(message.sender, message.deck, message.card):
            raise self.fault(message.sender, f"its sealed share of {where} opens no lock key")
        raise self.fault(seat, f"it accused seat {message.sender}'s right share of {where}")

    def finish(self) -> None:
        """The game is over: no more reveals; the members' audits are due.

        Raises:
            LocalProtocolError: the deal is not dealt.
        """
        if self.stage is not Stage.DEALT:
            raise LocalProtocolError(f"a deal finishes once dealt ({self.stage.value})")
        self.stage = Stage.AUDIT

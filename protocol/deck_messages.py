"""The deck's messages: frozen, slotted dataclasses that refuse an invalid value on construction
with :class:`~protocol.messages.MessageError` (as :mod:`protocol.messages` does), so that a
message that exists is well formed. ``X.from_body(x.body()) == x``; the canonical encoding of a
body is :func:`protocol.codec.pack` of it.

| type | body | class |
| --- | --- | --- |
| ``deck-key`` | ``[key, proof]`` | :class:`DeckKey` |
| ``shuffle`` | ``[decks, shadows]`` | :class:`Shuffle` |
| ``shuffle-answer`` | ``[openings]``, each opening ``[scalar, perms]`` | :class:`ShuffleAnswer` |
| ``lock`` | ``[decks, keys, proofs]`` | :class:`Lock` |
| ``card-share`` | ``[deck, card, share]`` | :class:`CardShare` |
| ``sealed-share`` | ``[deck, card, to, ephemeral, proof, box]`` | :class:`SealedShare` |
| ``accusation`` | ``[deck, card, sender, shared, proof]`` | :class:`Accusation` |
| ``broken-card`` | ``[deck, card]`` | :class:`BrokenCard` |
| ``deck-audit`` | ``[key, perms, locks]`` | :class:`DeckAudit` |

``decks``, ``keys`` and ``proofs`` hold one array per deck of the game, in the game's order;
``perms`` one permutation per deck (an array of card positions). What is checked here is what
a body says on its own: points are valid points of the prime-order subgroup (canonical, not
the identity, no small-order component), scalars canonical and non-zero, permutations
permutations, sizes within the limits. Whether a body fits the deal (its deck sizes, its seat's
turn, its proofs) is :class:`protocol.deck.Deal`'s check.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .deck_group import PROOF_SIZE, is_permutation, is_point, is_scalar
from .messages import MAX_SEATS, MessageError

MAX_DECKS = 8
MAX_CARDS = 256
"""Most cards in all the decks of one deal together (a lock of that many fits an envelope)."""
MAX_DECK_NAME = 32
MIN_SHADOWS = 20
"""Fewest shadow shuffles a shuffle proof may have: a cheat survives with probability 2⁻ᵏ."""
MAX_SHADOWS = 64
BOX_SIZE = 48
"""A sealed share: a 32-byte scalar and a 16-byte Poly1305 tag."""
HASH_SIZE = 32

Decks = tuple[tuple[bytes, ...], ...]
"""Points (or proofs, or scalars) per deck, in the game's deck order."""
Perms = tuple[tuple[int, ...], ...]
"""One permutation per deck: position ``j`` of the result holds card ``perm[j]`` of the input."""


def _is_int(value: Any) -> bool:
    return type(value) is int


def _arity(body: Any, count: int, shape: str) -> None:
    if type(body) is not tuple or len(body) != count:
        raise MessageError(f"a {shape}")


def _card(deck: Any, card: Any, what: str) -> None:
    if type(deck) is not str or not 0 < len(deck) <= MAX_DECK_NAME:
        raise MessageError(f"{what} names its deck (1 to {MAX_DECK_NAME} characters)")
    if not _is_int(card) or not 0 <= card < MAX_CARDS:
        raise MessageError(f"{what} names a card 0 to {MAX_CARDS - 1}")


def _seat(value: Any, what: str) -> None:
    if not _is_int(value) or not 0 <= value < MAX_SEATS:
        raise MessageError(f"{what} is a seat 0 to {MAX_SEATS - 1}")


def _shape(value: Any, what: str) -> tuple[int, ...]:
    """The sizes of a per-deck array of arrays; raises MessageError when it is none."""
    if type(value) is not tuple or not 0 < len(value) <= MAX_DECKS:
        raise MessageError(f"{what} holds 1 to {MAX_DECKS} decks")
    if any(type(deck) is not tuple or not deck for deck in value):
        raise MessageError(f"{what} holds a non-empty array per deck")
    sizes = tuple(len(deck) for deck in value)
    if sum(sizes) > MAX_CARDS:
        raise MessageError(f"{what} holds more than {MAX_CARDS} cards")
    return sizes


def _points(value: Any, what: str, *, distinct: bool) -> tuple[int, ...]:
    sizes = _shape(value, what)
    flat = [p for deck in value for p in deck]
    bad = next((i for i, p in enumerate(flat) if not is_point(p)), None)
    if bad is not None:
        raise MessageError(f"{what}: value {bad} is not a valid point of the group")
    if distinct and len(set(flat)) != len(flat):
        raise MessageError(f"{what} holds two equal cards")
    return sizes


def _perms(value: Any, what: str) -> tuple[int, ...]:
    sizes = _shape(value, what)
    if not all(is_permutation(p, len(p)) for p in value):
        raise MessageError(f"{what} holds something that is not a permutation")
    return sizes


@dataclass(frozen=True, slots=True)
class DeckKey:
    """A member's deck key ``X = x·G`` and its Schnorr proof of knowledge of ``x``, bound to the
    game and the member's seat (64 bytes, :func:`~protocol.deck_group.prove_key`)."""

    key: bytes
    proof: bytes

    def __post_init__(self) -> None:
        if not is_point(self.key):
            raise MessageError("a deck key is a valid point of the group")
        if type(self.proof) is not bytes or len(self.proof) != PROOF_SIZE:
            raise MessageError(f"a deck key's proof is {PROOF_SIZE} bytes")

    @classmethod
    def from_body(cls, body: Any) -> DeckKey:
        """Raises: MessageError."""
        _arity(body, 2, "deck-key body is [key, proof]")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        return (self.key, self.proof)


@dataclass(frozen=True, slots=True)
class Shuffle:
    """A member's shuffle: every card of the deck it was given, multiplied by its deck secret
    and permuted within its deck (``decks``), and the hash of each of its shadow shuffles
    (``shadows``, one per challenge bit)."""

    decks: Decks
    shadows: tuple[bytes, ...]

    def __post_init__(self) -> None:
        _points(self.decks, "a shuffled deck", distinct=True)
        shadows = self.shadows
        if type(shadows) is not tuple or not MIN_SHADOWS <= len(shadows) <= MAX_SHADOWS:
            raise MessageError(f"a shuffle has {MIN_SHADOWS} to {MAX_SHADOWS} shadows")
        if any(type(h) is not bytes or len(h) != HASH_SIZE for h in shadows):
            raise MessageError("a shadow's commitment is a 32-byte hash")

    @classmethod
    def from_body(cls, body: Any) -> Shuffle:
        """Raises: MessageError."""
        _arity(body, 2, "shuffle body is [decks, shadows]")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        return (self.decks, self.shadows)


@dataclass(frozen=True, slots=True)
class Opening:
    """How one shadow shuffle was made: its scalar and its permutation per deck, from the
    shuffle's input (challenge bit 0) or from its output (bit 1)."""

    scalar: bytes
    perms: Perms

    def __post_init__(self) -> None:
        if not is_scalar(self.scalar):
            raise MessageError("an opening's scalar is a canonical non-zero scalar")
        _perms(self.perms, "an opening")

    def body(self) -> tuple[Any, ...]:
        return (self.scalar, self.perms)


@dataclass(frozen=True, slots=True)
class ShuffleAnswer:
    """The shuffler's answer to the challenge bits: one opening per shadow, in order."""

    openings: tuple[Opening, ...]

    def __post_init__(self) -> None:
        openings = self.openings
        if type(openings) is not tuple or not MIN_SHADOWS <= len(openings) <= MAX_SHADOWS:
            raise MessageError(f"an answer opens {MIN_SHADOWS} to {MAX_SHADOWS} shadows")
        if any(type(o) is not Opening for o in openings):
            raise MessageError("an answer holds openings")

    @classmethod
    def from_body(cls, body: Any) -> ShuffleAnswer:
        """Raises: MessageError."""
        _arity(body, 1, "shuffle-answer body is [openings]")
        openings = body[0]
        if type(openings) is not tuple:
            raise MessageError("an answer's openings are an array")
        out = []
        for item in openings:
            _arity(item, 2, "opening is [scalar, perms]")
            out.append(Opening(*item))
        return cls(tuple(out))

    def body(self) -> tuple[Any, ...]:
        return (tuple(o.body() for o in self.openings),)


@dataclass(frozen=True, slots=True)
class Lock:
    """A member's lock of every card: the locked deck (each card multiplied by its own ratio
    ``r``), the card's lock-key commitment ``L = r·X`` (``X`` the member's deck key) and a
    Chaum–Pedersen proof that one ``r`` gives both, per card."""

    decks: Decks
    keys: Decks
    proofs: Decks

    def __post_init__(self) -> None:
        sizes = _points(self.decks, "a locked deck", distinct=True)
        if _points(self.keys, "a lock's keys", distinct=False) != sizes:
            raise MessageError("a lock has one key per card")
        if _shape(self.proofs, "a lock's proofs") != sizes:
            raise MessageError("a lock has one proof per card")
        if any(type(p) is not bytes or len(p) != PROOF_SIZE for d in self.proofs for p in d):
            raise MessageError(f"a lock's proof is {PROOF_SIZE} bytes")

    @classmethod
    def from_body(cls, body: Any) -> Lock:
        """Raises: MessageError."""
        _arity(body, 3, "lock body is [decks, keys, proofs]")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        return (self.decks, self.keys, self.proofs)


@dataclass(frozen=True, slots=True)
class CardShare:
    """A member's key share for a public reveal: its lock key ``l`` of card ``card`` of
    ``deck``, which opens its commitment ``L = l·G``."""

    deck: str
    card: int
    share: bytes

    def __post_init__(self) -> None:
        _card(self.deck, self.card, "a share")
        if not is_scalar(self.share):
            raise MessageError("a share is a canonical non-zero scalar")

    @classmethod
    def from_body(cls, body: Any) -> CardShare:
        """Raises: MessageError."""
        _arity(body, 3, "card-share body is [deck, card, share]")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        return (self.deck, self.card, self.share)


@dataclass(frozen=True, slots=True)
class SealedShare:
    """A member's key share for a private reveal to seat ``to``, sealed to that seat: the
    ephemeral point ``R``, the Schnorr proof of knowledge of ``log R`` bound to this box's
    context (64 bytes, :func:`~protocol.deck_seal.prove_ephemeral`) and the ChaCha20-Poly1305
    box of the share (docs/deck.md §6)."""

    deck: str
    card: int
    to: int
    ephemeral: bytes
    proof: bytes
    box: bytes

    def __post_init__(self) -> None:
        _card(self.deck, self.card, "a sealed share")
        _seat(self.to, "a sealed share's recipient")
        if not is_point(self.ephemeral):
            raise MessageError("a sealed share's ephemeral key is a valid point of the group")
        if type(self.proof) is not bytes or len(self.proof) != PROOF_SIZE:
            raise MessageError(f"a sealed share's proof is {PROOF_SIZE} bytes")
        if type(self.box) is not bytes or len(self.box) != BOX_SIZE:
            raise MessageError(f"a sealed share's box is {BOX_SIZE} bytes")

    @classmethod
    def from_body(cls, body: Any) -> SealedShare:
        """Raises: MessageError."""
        _arity(body, 6, "sealed-share body is [deck, card, to, ephemeral, proof, box]")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        return (self.deck, self.card, self.to, self.ephemeral, self.proof, self.box)


@dataclass(frozen=True, slots=True)
class Accusation:
    """The recipient's proof that seat ``sender``'s sealed share for card ``card`` of ``deck``
    is wrong: the shared point ``Z = y·R`` of that one box and a Chaum–Pedersen proof that the
    recipient's identity scalar ``y`` gives both ``Y = y·G`` and ``Z`` (docs/deck.md §6)."""

    deck: str
    card: int
    sender: int
    shared: bytes
    proof: bytes

    def __post_init__(self) -> None:
        _card(self.deck, self.card, "an accusation")
        _seat(self.sender, "an accusation's sender")
        if not is_point(self.shared):
            raise MessageError("an accusation's shared point is a valid point of the group")
        if type(self.proof) is not bytes or len(self.proof) != PROOF_SIZE:
            raise MessageError(f"an accusation's proof is {PROOF_SIZE} bytes")

    @classmethod
    def from_body(cls, body: Any) -> Accusation:
        """Raises: MessageError."""
        _arity(body, 5, "accusation body is [deck, card, sender, shared, proof]")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        return (self.deck, self.card, self.sender, self.shared, self.proof)


@dataclass(frozen=True, slots=True)
class BrokenCard:
    """The recipient's signed claim that card ``card`` of ``deck``, revealed privately to it
    with every sealed share right, unmasks to no card of its deck (docs/deck.md §11): only a
    shuffle that beat its challenge makes that, and only the audits can say whose it is."""

    deck: str
    card: int

    def __post_init__(self) -> None:
        _card(self.deck, self.card, "a broken-card claim")

    @classmethod
    def from_body(cls, body: Any) -> BrokenCard:
        """Raises: MessageError."""
        _arity(body, 2, "broken-card body is [deck, card]")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        return (self.deck, self.card)


@dataclass(frozen=True, slots=True)
class DeckAudit:
    """A member's deck secrets, published once the game is over: its deck secret ``x``, its
    shuffle's permutation per deck and its lock ratio ``r`` per card (so its lock key of a
    card is ``l = r·x``)."""

    key: bytes
    perms: Perms
    locks: Decks

    def __post_init__(self) -> None:
        if not is_scalar(self.key):
            raise MessageError("an audit's deck secret is a canonical non-zero scalar")
        sizes = _perms(self.perms, "an audit's permutations")
        if _shape(self.locks, "an audit's lock ratios") != sizes:
            raise MessageError("an audit has one lock ratio per card")
        if not all(is_scalar(r) for d in self.locks for r in d):
            raise MessageError("a lock ratio is a canonical non-zero scalar")

    @classmethod
    def from_body(cls, body: Any) -> DeckAudit:
        """Raises: MessageError."""
        _arity(body, 3, "deck-audit body is [key, perms, locks]")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        return (self.key, self.perms, self.locks)


DeckMessage = (
    DeckKey
    | Shuffle
    | ShuffleAnswer
    | Lock
    | CardShare
    | SealedShare
    | Accusation
    | BrokenCard
    | DeckAudit
)

BODIES: dict[str, type[DeckMessage]] = {
    "deck-key": DeckKey,
    "shuffle": Shuffle,
    "shuffle-answer": ShuffleAnswer,
    "lock": Lock,
    "card-share": CardShare,
    "sealed-share": SealedShare,
    "accusation": Accusation,
    "broken-card": BrokenCard,
    "deck-audit": DeckAudit,
}
"""The class of each deck message type."""

KINDS: dict[type[DeckMessage], str] = {cls: kind for kind, cls in BODIES.items()}


def parse(kind: str, body: Any) -> DeckMessage:
    """The message of type ``kind`` whose body is ``body`` (as decoded by the codec).

    Raises:
        MessageError: an unknown type, or a body that breaks its type's rules.
    """
    cls = BODIES.get(kind) if type(kind) is str else None
    if cls is None:
        raise MessageError(f"no deck message type {kind!r}")
    return cls.from_body(body)

"""The bodies of envelopes, and what an engine may be due: typed, validated on construction.

Every class is a frozen, slotted dataclass that refuses an invalid value in ``__post_init__``
with :class:`MessageError` (STYLE: h11's ``_events.py``): a message that exists is well formed.
``from_body`` builds one from an envelope's body array; ``body()`` gives the array back, so
``X.from_body(x.body()) == x`` and the canonical encoding is fixed by the class.

| type | body | class |
| --- | --- | --- |
| ``table`` | ``[game, options, members, names, nonce, abandon_after]``, | :class:`Table` |
| | ``[game, options, members, names, nonce, abandon_after, shadows]`` | |
| ``commit`` | ``[commitment, length]`` | :class:`Commit` |
| ``reveal`` | ``[draw, value]``, ``[draw, value, next_head, next_length]``, | :class:`Reveal` |
| | ``[draw, value, next_head or nil, next_length or 0, claims]`` | |
| ``action`` | ``[state_hash, action]`` | :class:`Action` |
| ``adjudicate`` | ``[steps, reason]`` | :class:`Adjudicate` |
| ``close`` | ``[steps]`` | :class:`Close` |
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from .beacon import MAX_LENGTH, MIN_LENGTH, check_length
from .codec import pack

TABLE_TAG = "goldnet/table/v2"
MAX_SEATS = 6
MAX_NAME = 40
"""Most characters (code points) in a display name."""
DEFAULT_ABANDON_AFTER = 600
"""Seconds without progress after which the connected members adjudicate a game abandoned."""
ABANDON_RANGE = (30, 86_400)
ADJUDICATION_REASONS = ("abandoned",)
MAX_CLAIMS = 8
"""Most claims one reveal carries."""
SHADOWS_RANGE = (20, 64)
"""The shadow shuffles of a shuffle proof a table may ask for (protocol.deck_messages'
limits: a cheat survives with probability 2⁻ᵏ)."""
DEFAULT_SHADOWS = 20


class MessageError(ValueError):
    """A body that breaks its type's rules; the message says which rule."""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_hash(value: Any) -> bool:
    return isinstance(value, bytes) and len(value) == 32


def _arity(body: tuple[Any, ...], counts: tuple[int, ...], shape: str) -> None:
    if not isinstance(body, tuple) or len(body) not in counts:
        raise MessageError(f"a {shape}")


@dataclass(frozen=True, slots=True)
class Table:
    """A table: game, options, members (32-byte public keys) in seat order, their display
    names, a nonce (16 to 64 bytes), the seconds without progress after which the game may
    be adjudicated abandoned, and — only for a game whose cards the deck deals — ``shadows``,
    the shadow shuffles of every shuffle proof (docs/protocol.md §4.1, §6.3)."""

    game: str
    options: tuple[Any, ...]
    members: tuple[bytes, ...]
    names: tuple[str, ...]
    nonce: bytes
    abandon_after: int = DEFAULT_ABANDON_AFTER
    shadows: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.game, str) or not isinstance(self.options, tuple):
            raise MessageError("a table names its game (text) and options (array)")
        members = self.members
        if not isinstance(members, tuple) or not 2 <= len(members) <= MAX_SEATS:
            raise MessageError(f"a table has 2 to {MAX_SEATS} members")
        if any(not _is_hash(k) for k in members) or len(set(members)) != len(members):
            raise MessageError("members are distinct 32-byte public keys")
        if (
            not isinstance(self.names, tuple)
            or len(self.names) != len(members)
            or any(not isinstance(n, str) or len(n) > MAX_NAME for n in self.names)
        ):
            raise MessageError(f"a table gives each member a name of at most {MAX_NAME} characters")
        if not isinstance(self.nonce, bytes) or not 16 <= len(self.nonce) <= 64:
            raise MessageError("a table nonce is 16 to 64 bytes")
        low, high = ABANDON_RANGE
        if not _is_int(self.abandon_after) or not low <= self.abandon_after <= high:
            raise MessageError(f"a table's abandonment time is {low} to {high} seconds")
        low, high = SHADOWS_RANGE
        if self.shadows is not None and (
            not _is_int(self.shadows) or not low <= self.shadows <= high
        ):
            raise MessageError(f"a table's shuffle proofs have {low} to {high} shadows")

    @classmethod
    def from_body(cls, body: tuple[Any, ...]) -> Table:
        """Raises: MessageError."""
        _arity(
            body,
            (6, 7),
            "table body is [game, options, members, names, nonce, abandon_after] or "
            "[game, options, members, names, nonce, abandon_after, shadows]",
        )
        if len(body) == 7 and body[6] is None:
            raise MessageError("a table's shadows are an integer (a table without omits them)")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        body = (
            self.game,
            self.options,
            self.members,
            self.names,
            self.nonce,
            self.abandon_after,
        )
        return body if self.shadows is None else (*body, self.shadows)

    @property
    def game_id(self) -> bytes:
        """``H(pack([TABLE_TAG, game, options, members, names, nonce, abandon_after]))``, with
        ``shadows`` last when the table has them."""
        return hashlib.sha256(pack([TABLE_TAG, *self.body()])).digest()


@dataclass(frozen=True, slots=True)
class Commit:
    """A member's first beacon chain: its head and the draws it covers (``1 … length``)."""

    commitment: bytes
    length: int

    def __post_init__(self) -> None:
        if not _is_hash(self.commitment):
            raise MessageError("a commitment is 32 bytes")
        if not check_length(self.length):
            raise MessageError(f"a chain covers {MIN_LENGTH} to {MAX_LENGTH} draws")

    @classmethod
    def from_body(cls, body: tuple[Any, ...]) -> Commit:
        """Raises: MessageError."""
        _arity(body, (2,), "commit body is [commitment, length]")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        return (self.commitment, self.length)


@dataclass(frozen=True, slots=True)
class Reveal:
    """A member's chain value for draw ``draw``; at the fixed draw the next chain's commitment
    (``next_commitment``, ``next_length``); and the member's **claims** — inputs no turn asks
    for, each a game's canonical array — which apply at this draw, in seat order, before its
    outcome.

    Three body forms, one per content, so that every reveal has one encoding: ``[draw,
    value]``; ``[draw, value, next_commitment, next_length]``; and, only with at least one
    claim, ``[draw, value, next_commitment or nil, next_length or 0, claims]``.
    """

    draw: int
    value: bytes
    next_commitment: bytes | None = None
    next_length: int = 0
    claims: tuple[tuple[Any, ...], ...] = ()

    def __post_init__(self) -> None:
        if not _is_int(self.draw) or self.draw < 1:
            raise MessageError("a reveal's draw is a positive integer")
        if not _is_hash(self.value):
            raise MessageError("a revealed value is 32 bytes")
        if self.next_commitment is None:
            if not _is_int(self.next_length) or self.next_length != 0:
                raise MessageError("a next chain length without its commitment")
        else:
            if not _is_hash(self.next_commitment):
                raise MessageError("a commitment is 32 bytes")
            if not check_length(self.next_length):
                raise MessageError(f"a chain covers {MIN_LENGTH} to {MAX_LENGTH} draws")
        if not isinstance(self.claims, tuple) or len(self.claims) > MAX_CLAIMS:
            raise MessageError(f"a reveal carries at most {MAX_CLAIMS} claims, in an array")
        if any(not isinstance(claim, tuple) for claim in self.claims):
            raise MessageError("a claim is an array")
        if any(claim in self.claims[:i] for i, claim in enumerate(self.claims)):
            raise MessageError("a reveal carries each claim once")

    @classmethod
    def from_body(cls, body: tuple[Any, ...]) -> Reveal:
        """Raises: MessageError."""
        _arity(
            body,
            (2, 4, 5),
            "reveal body is [draw, value], [draw, value, commitment, length] or "
            "[draw, value, commitment or nil, length or 0, claims]",
        )
        if len(body) == 4 and body[2] is None:
            raise MessageError("a reveal's next chain commitment is 32 bytes")
        if len(body) == 5 and body[4] == ():
            raise MessageError("a reveal without claims has no claims element")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        if self.claims:
            return (self.draw, self.value, self.next_commitment, self.next_length, self.claims)
        if self.next_commitment is None:
            return (self.draw, self.value)
        return (self.draw, self.value, self.next_commitment, self.next_length)


@dataclass(frozen=True, slots=True)
class Action:
    """A seat's move and the public hash of the state it applies to."""

    state_hash: bytes
    action: tuple[Any, ...]

    def __post_init__(self) -> None:
        if not _is_hash(self.state_hash):
            raise MessageError("an action's state hash is 32 bytes")
        if not isinstance(self.action, tuple):
            raise MessageError("an action is an array")

    @classmethod
    def from_body(cls, body: tuple[Any, ...]) -> Action:
        """Raises: MessageError."""
        _arity(body, (2,), "action body is [state hash, action]")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        return (self.state_hash, self.action)


@dataclass(frozen=True, slots=True)
class Adjudicate:
    """A member's signed statement that the game ends without a result, made when it stood at
    ``steps`` (draws plus actions applied) and nothing had happened for the table's
    abandonment time."""

    steps: int
    reason: str = "abandoned"

    def __post_init__(self) -> None:
        if not _is_int(self.steps) or self.steps < 0:
            raise MessageError("an adjudication's step count is a non-negative integer")
        if self.reason not in ADJUDICATION_REASONS:
            raise MessageError(f"an adjudication's reason is one of {ADJUDICATION_REASONS}")

    @classmethod
    def from_body(cls, body: tuple[Any, ...]) -> Adjudicate:
        """Raises: MessageError."""
        _arity(body, (2,), "adjudicate body is [steps, reason]")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        return (self.steps, self.reason)


@dataclass(frozen=True, slots=True)
class Close:
    """A member's last envelope: the game ended for it after ``steps`` draws and actions. Its
    history digest is what the others compare with theirs (an equivocation on the last move
    shows there); it changes nothing in the game."""

    steps: int

    def __post_init__(self) -> None:
        if not _is_int(self.steps) or self.steps < 0:
            raise MessageError("a close's step count is a non-negative integer")

    @classmethod
    def from_body(cls, body: tuple[Any, ...]) -> Close:
        """Raises: MessageError."""
        _arity(body, (1,), "close body is [steps]")
        return cls(*body)

    def body(self) -> tuple[Any, ...]:
        return (self.steps,)


BODIES: dict[str, type[Table | Commit | Reveal | Action | Adjudicate | Close]] = {
    "table": Table,
    "commit": Commit,
    "reveal": Reveal,
    "action": Action,
    "adjudicate": Adjudicate,
    "close": Close,
}
"""The body class of each envelope type."""


# --- what an engine may be due ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Turn:
    """Seat ``seat`` must send an action."""

    seat: int


@dataclass(frozen=True, slots=True)
class Chance:
    """A draw with these positive integer weights (one per outcome)."""

    weights: tuple[int, ...]

    def __post_init__(self) -> None:
        if not self.weights or any(not _is_int(w) or w <= 0 for w in self.weights):
            raise MessageError("a chance request needs positive integer weights")


@dataclass(frozen=True, slots=True)
class Card:
    """Card ``card`` of deck ``deck`` must be revealed to seat ``to`` (None: to everyone). No
    envelope carries it: the machine's dealer serves it (see :class:`protocol.phases.Dealer`)."""

    deck: str
    card: int
    to: int | None


@dataclass(frozen=True, slots=True)
class Over:
    """The game is over; ``result`` is the engine's own description of it."""

    result: Any


Due = Turn | Chance | Card | Over
"""What an engine is due next (:meth:`protocol.lockstep.Engine.due`)."""

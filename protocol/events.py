"""What a lockstep machine tells its owner (:meth:`protocol.lockstep.Lockstep.next_event`).

Order matters: a :class:`Secret` (or :class:`DeckSecret`) comes before the :class:`Transmit`
whose envelope commits to it, so that its owner writes the secret to disk before the commitment
leaves the machine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .messages import Table


@dataclass(frozen=True, slots=True)
class Transmit:
    """An envelope this peer made: broadcast ``data`` to the table (after journalling it)."""

    data: bytes


@dataclass(frozen=True, slots=True)
class Forward:
    """Another member's envelope this peer must pass on to the table as evidence (a digest
    disputed it, or it proves two histories)."""

    data: bytes


@dataclass(frozen=True, slots=True)
class Secret:
    """A fresh beacon seed for this peer's chain number ``index`` (0 is the first chain): keep
    it (journal it) before transmitting what follows; give it back on resume."""

    index: int
    seed: bytes


@dataclass(frozen=True, slots=True)
class DeckSecret:
    """This peer's fresh deck seed for this game (every deck secret derives from it): keep it
    (journal it) before transmitting what follows — the deck key; give it back on resume."""

    seed: bytes


@dataclass(frozen=True, slots=True)
class Dealt:
    """A step of the deal is done: ``step`` is ``"keys"`` (every deck key is in),
    ``"shuffle"``, ``"challenge"`` or ``"answer"`` (of seat ``seat``), ``"lock"`` (of seat
    ``seat``), ``"dealt"`` (the deal is done: play begins), ``"broken"`` (a card revealed to
    this member, ``seat``, unmasks to no card: it signs a broken-card claim), ``"claimed"``
    (seat ``seat``'s broken-card claim stopped the play: the audits are due) or ``"audited"``
    (every audit passed: the result stands)."""

    step: str
    seat: int | None = None


@dataclass(frozen=True, slots=True)
class GameStarted:
    """Every commitment is in; the engine exists."""

    table: Table


@dataclass(frozen=True, slots=True)
class Drawn:
    """Draw ``draw`` gave outcome number ``index``."""

    draw: int
    index: int


@dataclass(frozen=True, slots=True)
class Claimed:
    """At draw ``draw``, before its outcome, ``seat``'s ``claim`` was applied — or, with
    ``applied`` False, was void: an earlier claim of that draw (seat order) had made it illegal.
    Nobody is at fault for a void claim."""

    draw: int
    seat: int
    claim: tuple[Any, ...]
    applied: bool


@dataclass(frozen=True, slots=True)
class ClaimDropped:
    """A claim this peer queued was never sent: by its reveal for draw ``draw`` the rules no
    longer allowed it (``reason``)."""

    draw: int
    claim: tuple[Any, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class CardRevealed:
    """Card ``card`` of ``deck`` was revealed to seat ``to`` (None: to everyone), by the deck
    or a trusted dealer; ``value`` is what this peer learnt (None: the card was another seat's
    to see)."""

    deck: str
    card: int
    to: int | None
    value: Any


@dataclass(frozen=True, slots=True)
class Applied:
    """``seat`` played ``action``."""

    seat: int
    action: tuple[Any, ...]


@dataclass(frozen=True, slots=True)
class YourTurn:
    """A seat of this peer must act: call :meth:`protocol.lockstep.Lockstep.send`."""

    seat: int


@dataclass(frozen=True, slots=True)
class GameOver:
    """The engine reached its end."""

    result: Any


@dataclass(frozen=True, slots=True)
class GameAbandoned:
    """The game ended without a result: seat ``by`` adjudicated it abandoned after ``steps``
    draws and actions. Nobody is named a cheater."""

    steps: int
    by: int


@dataclass(frozen=True, slots=True)
class Waiting:
    """What the game waits for, in plain terms (for the screen; never evidence).

    ``kind``: ``"table"``, ``"commit"`` (seats that have not committed), ``"reveal"`` (seats
    whose reveal for ``draw`` is missing — a challenge draw of the deal too), ``"action"`` (the
    seat on turn), ``"card"`` (a card reveal this peer has no dealer to serve: seat ``to``, or
    none for everyone), the deck's message due (``"deck-key"``, ``"shuffle"``,
    ``"shuffle-answer"``, ``"lock"``, ``"card-share"``, ``"sealed-share"``, ``"deck-audit"``:
    the seats it is missing from), ``"envelope"``
    (seats whose next envelope has not arrived while later ones have — a relay may be holding
    it back) or ``"proof"`` (seats whose envelopes two digests disagree about: the game waits
    for the evidence).
    """

    kind: str
    seats: tuple[int, ...]
    draw: int = 0


class NeedData:
    """The type of :data:`NEED_DATA`."""

    def __repr__(self) -> str:
        return "NEED_DATA"


NEED_DATA = NeedData()
"""Returned by :meth:`~.lockstep.Lockstep.next_event` when nothing more can happen without
input."""


MachineEvent = (
    Transmit
    | Forward
    | Secret
    | DeckSecret
    | Dealt
    | GameStarted
    | Drawn
    | Claimed
    | ClaimDropped
    | CardRevealed
    | Applied
    | YourTurn
    | GameOver
    | GameAbandoned
)
"""Any of the events above (the name ``Event`` belongs to the rules' events,
:class:`goldnet.engine.Event`)."""

"""The phases of a game and the machine's transitions in one table (STYLE: h11's ``_state.py``),
and the small engine interface the machine drives.

Rules of this table: the lockstep machine applies the head envelope of a member's queue only
as :data:`TRANSITIONS` says for the current phase — a handler, ``wait`` (the envelope stays
queued until the rules reach it) or ``fault`` (its signer broke the protocol: the game halts
naming it). A phase that is not in the table takes no envelope at all.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, NoReturn, Protocol

from .envelope import Envelope
from .messages import Due


class Engine(Protocol):
    """What the machine needs of a rules engine (bound by ``goldnet.binding``)."""

    def due(self) -> Due:
        """What happens next: a seat's turn, a draw with integer weights, a card to reveal, or
        the end."""
        ...

    def check_action(self, seat: int, action: tuple[Any, ...]) -> None:
        """Raise ``ValueError`` saying why, when ``seat`` may not play ``action`` now."""
        ...

    def apply_action(self, seat: int, action: tuple[Any, ...]) -> None:
        """Apply ``seat``'s action (already checked)."""
        ...

    def apply_outcome(self, index: int) -> None:
        """Fulfil the pending draw with its outcome number ``index``."""
        ...

    def check_claim(self, seat: int, claim: tuple[Any, ...]) -> None:
        """Raise ``ValueError`` saying why, when ``seat`` may not make ``claim`` now (judged on
        the public state only: every peer judges alike)."""
        ...

    def apply_claim(self, seat: int, claim: tuple[Any, ...]) -> None:
        """Apply ``seat``'s claim; raise ``ValueError``, changing nothing, when it is no longer
        legal (an earlier claim of the same draw took what it claims)."""
        ...

    def apply_card(self, deck: str, card: int, to: int | None, value: Any) -> None:
        """Fulfil the pending card reveal with ``value`` (None: this peer may not see it)."""
        ...

    def state_hash(self) -> bytes:
        """The public state hash (32 bytes)."""
        ...

    def decks(self) -> tuple[tuple[str, tuple[Any, ...]], ...]:
        """The game's face-down decks: each a name and its cards' values in canonical order
        (empty: a game without cards). The same for every state of one game."""
        ...


class Dealer(Protocol):
    """Who serves the card reveals an engine asks for (:class:`~.messages.Card`). In network
    play this is the deck protocol's job; a trusted local dealer serves tests and offline play
    (``goldnet.local_deck.LocalDeck``)."""

    def reveal(self, deck: str, card: int, to: int | None, seat: int | None) -> Any:
        """The value that the peer playing ``seat`` (None: a spectator) learns when card
        ``card`` of ``deck`` is revealed to ``to`` (None: everyone): the card's value, or None
        when the reveal is private to another seat."""
        ...


class Queued(Protocol):
    """A member as the machine keeps it: its key, its seat, and its accepted envelopes that
    the rules have not reached yet, oldest first."""

    key: bytes
    seat: int
    queue: deque[Envelope]


@dataclass(slots=True)
class Member:
    """A member as the lockstep machine keeps it (a :class:`Queued`), with its ``commit``
    envelope once taken."""

    key: bytes
    seat: int
    queue: deque[Envelope] = field(default_factory=deque)
    commit: bytes = b""


Fault = Callable[[Any, str], NoReturn]
"""The machine's signed fault: halt, naming the given member (a :class:`Queued`) for the
reason given."""


EngineFactory = Callable[[str, tuple[Any, ...], int], Engine]
"""``(game, options, seats) -> Engine``; raises ``ValueError`` for an unknown game or options."""


class Phase(Enum):
    """Where a game stands."""

    TABLE = "waiting for the table"
    COMMITS = "waiting for the commitments"
    DEAL = "dealing"
    PLAY = "playing"
    AUDIT = "auditing the deal"
    OVER = "over"
    ABANDONED = "abandoned"
    HALTED = "halted"


WAIT, FAULT = "wait", "fault"
_DECK = ("deck-key", "shuffle", "shuffle-answer", "lock", "card-share", "sealed-share")
TRANSITIONS: dict[Phase, dict[str, str]] = {
    Phase.COMMITS: {
        "table": FAULT,
        "commit": "commit",
        "reveal": WAIT,
        "action": WAIT,
        "adjudicate": "adjudicate",
        "close": FAULT,
        **dict.fromkeys(_DECK, WAIT),
        "accusation": WAIT,
        "broken-card": WAIT,
        "deck-audit": WAIT,
    },
    Phase.DEAL: {
        "table": FAULT,
        "commit": FAULT,
        "reveal": "reveal",
        "action": WAIT,
        "adjudicate": "adjudicate",
        "close": WAIT,
        **dict.fromkeys(_DECK, "deal"),
        "accusation": WAIT,
        "broken-card": WAIT,
        "deck-audit": WAIT,
    },
    Phase.PLAY: {
        "table": FAULT,
        "commit": FAULT,
        "reveal": "reveal",
        "action": "action",
        "adjudicate": "adjudicate",
        "close": WAIT,
        **dict.fromkeys(_DECK, "share"),
        "accusation": "accusation",
        "broken-card": "claim",
        "deck-audit": WAIT,
    },
    Phase.AUDIT: {
        "table": FAULT,
        "commit": FAULT,
        "reveal": WAIT,
        "action": WAIT,
        "adjudicate": "adjudicate",
        "close": WAIT,
        **dict.fromkeys(_DECK, WAIT),
        "accusation": "accusation",
        "broken-card": "claim",
        "deck-audit": "audit",
    },
}
"""Per phase, what the head envelope of a member's queue does: a handler's name, ``wait`` (it
stays queued until the rules reach it) or ``fault`` (its signer broke the protocol). Phases not
listed take no envelope. Adjudications are looked for anywhere in a queue once nothing else can
be applied: they end the game whatever the member had queued before them. While playing, the
position decides too: a member whose next envelope is an ``action`` while its reveal for the
draw due is missing, or the member on turn whose next envelope is a ``reveal``, broke the
protocol (an honest member's next envelope there can only be that reveal, that action, or an
adjudication).

Claims have no envelope of their own: they ride inside their sender's ``reveal`` and are
judged with it (an illegal claim is a fault of the reveal's signer). The deck's messages
(docs/protocol.md §6.3) are taken by the deal's step while dealing, as a card's shares while
playing, as audits at the end; an accusation is judged whenever it heads its signer's queue
while playing or auditing (it always halts); a broken-card claim is taken where its signer's own
input is due while playing (a draw's reveal, its action, its share of a card), or whenever it
heads a queue while auditing (docs/deck.md §11). Everywhere else they wait; the position rules
of each step name a member whose next envelope is not the one due (an honest member's could
only be that one, an adjudication, or — while playing — an accusation or a broken-card claim).
A table without a deal (no ``shadows``: a trusted local dealer serves its cards without any
envelope) takes no deck message at all: one is a fault of its signer."""

"""The phases of a game and the machine's transitions in one table (STYLE: h11's ``_state.py``),
and the small engine interface the machine drives.

Rules of this table: the lockstep machine applies the head envelope of a member's queue only
as :data:`TRANSITIONS` says for the current phase — a handler, ``wait`` (the envelope stays
queued until the rules reach it) or ``fault`` (its signer broke the protocol: the game halts
naming it). A phase that is not in the table takes no envelope at all.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import Any, Protocol

from .messages import Due


class Engine(Protocol):
    """What the machine needs of a rules engine (bound by ``goldnet.session``)."""

    def due(self) -> Due:
        """What happens next: a seat's turn, a draw with integer weights, or the end."""
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

    def state_hash(self) -> bytes:
        """The public state hash (32 bytes)."""
        ...


EngineFactory = Callable[[str, tuple[Any, ...], int], Engine]
"""``(game, options, seats) -> Engine``; raises ``ValueError`` for an unknown game or options."""


class Phase(Enum):
    """Where a game stands."""

    TABLE = "waiting for the table"
    COMMITS = "waiting for the commitments"
    PLAY = "playing"
    OVER = "over"
    ABANDONED = "abandoned"
    HALTED = "halted"


WAIT, FAULT = "wait", "fault"
TRANSITIONS: dict[Phase, dict[str, str]] = {
    Phase.COMMITS: {
        "table": FAULT,
        "commit": "commit",
        "reveal": WAIT,
        "action": WAIT,
        "adjudicate": "adjudicate",
    },
    Phase.PLAY: {
        "table": FAULT,
        "commit": FAULT,
        "reveal": "reveal",
        "action": "action",
        "adjudicate": "adjudicate",
    },
}
"""Per phase, what the head envelope of a member's queue does: a handler's name, ``wait`` (it
stays queued until the rules reach it) or ``fault`` (its signer broke the protocol). Phases not
listed take no envelope. Adjudications are looked for anywhere in a queue once nothing else can
be applied: they end the game whatever the member had queued before them. While playing, the
position decides too: a member whose next envelope is an ``action`` while its reveal for the
draw due is missing, or the member on turn whose next envelope is a ``reveal``, broke the
protocol (an honest member's next envelope there can only be that reveal, that action, or an
adjudication)."""

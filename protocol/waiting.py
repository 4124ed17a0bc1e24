"""What a game waits for, in plain terms (:meth:`protocol.lockstep.Lockstep.waiting`).

Information for the screen — "no reveal from Bea yet" — never evidence: a relay can cause any
of these waits, so nothing is ever decided from them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .events import Waiting
from .messages import Card, Chance, Turn
from .phases import Phase

if TYPE_CHECKING:
    from .lockstep import Lockstep


def waiting_of(machine: Lockstep) -> Waiting | None:
    """What ``machine``'s game waits for: the proof of a dispute first, then envelopes held
    behind a gap, then what the rules ask for (commitments, the deck's messages, reveals, the
    move on turn)."""
    if machine.ended:
        return None
    if machine.phase is Phase.TABLE or machine.history is None:
        return Waiting("table", ())
    if machine.history.disputes:
        return Waiting("proof", tuple(sorted({s for s, _ in machine.history.disputes})))
    held = machine.history.held()
    if held:
        return Waiting("envelope", tuple(s for s, _ in held))
    by_seat = sorted(machine.members.values(), key=lambda m: m.seat)
    assert machine.beacon is not None and machine.engine is not None
    if machine.phase is Phase.COMMITS:
        return Waiting("commit", tuple(m.seat for m in by_seat if not m.commit))
    dealing = machine.dealing
    if dealing is not None and machine.phase in (Phase.DEAL, Phase.AUDIT):
        if dealing.challenge_due:
            return Waiting("reveal", machine.beacon.missing(), machine.draw + 1)
        return Waiting(*dealing.missing(None))
    due = machine.engine.due()
    if isinstance(due, Card) and dealing is not None:
        return Waiting(*dealing.missing(due))
    if isinstance(due, Chance):
        return Waiting("reveal", machine.beacon.missing(), machine.draw + 1)
    if isinstance(due, Turn):
        head = by_seat[due.seat].queue
        if head and head[0].type == "action":  # held until this peer can compare histories
            short = tuple(
                s for s, (count, _) in enumerate(head[0].seen) if count > machine.history.count(s)
            )
            return Waiting("envelope", short)
        return Waiting("action", (due.seat,))
    if isinstance(due, Card):
        return Waiting("card", () if due.to is None else (due.to,))
    return None

"""Judging a member's action before the lockstep machine applies it.

Invariants: an action names its signer only on what it signed — a malformed body; an action
the rules refuse; a state hash that differs from this peer's while the action's history digest
covers nothing this peer lacks (the inputs were equal, so the right hash was computable by
anyone), or whose digest misses envelopes applied before its turn. A digest that reaches
further than this peer's history makes the machine wait: a relay may be holding an envelope
back, and comparing too early could name an honest member.
"""

from __future__ import annotations

from collections.abc import Sequence

from .envelope import Envelope
from .history import History
from .identity import fingerprint
from .messages import Action, MessageError
from .phases import Engine, Fault, Queued


def judge_action(
    engine: Engine,
    history: History,
    members: Sequence[Queued],
    actor: Queued,
    env: Envelope,
    fault: Fault,
) -> bool:
    """Whether ``actor``'s action ``env`` (the head of its queue, its turn due) can be applied
    now; False: wait. ``members`` are every member in seat order. Calls ``fault`` (which
    halts) on a signed fault."""
    try:
        act = Action.from_body(env.body)
    except MessageError as exc:
        fault(actor, f"malformed action: {exc}")
    if act.state_hash != engine.state_hash():
        if not history.covers(env.seen):
            return False  # its history reaches further than ours: compare when we have it
        for m in members:
            applied = history.count(m.seat) - len(m.queue)
            if env.seen[m.seat][0] < applied:
                fault(actor, "an action whose history digest misses envelopes before it")
        fault(
            actor,
            f"state-hash mismatch: {fingerprint(actor.key)} played on a state its own "
            "history does not give",
        )
    try:
        engine.check_action(actor.seat, act.action)
    except ValueError as exc:
        fault(actor, f"illegal action: {exc}")
    return True

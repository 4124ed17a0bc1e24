"""Why Golden City refuses an action, a chance outcome, a reveal or a claim: one code per rule,
with its English words.

Every :class:`~goldnet.engine.IllegalAction` the rules raise is built by :func:`refuse` from
:data:`REFUSALS`, so a refusal's code, its arguments and its English message cannot drift
apart; ``docs/rules/golden-city.md`` ("Refusals") names the rule behind each code.

Invariants: a refusal's arguments are exactly the fields its English template names; each is an
``int`` or a ``str`` (a field ``"q,r"``, a tool's name, or the ``repr`` of a malformed value).
"""

from __future__ import annotations

from ...engine import RefusalArg
from ..refusing import RefusalTable

REFUSALS: dict[str, str] = {
    "game-over": "the game is over",
    "not-awaited": "no {kind} is awaited now",
    "malformed-action": "an action is a tuple like ('move', 'q,r'), not {action}",
    "unknown-action": "unknown action {kind}",
    "wrong-phase": "{kind} is not possible now: the turn awaits {phase}",
    "field-syntax": "a field is written 'q,r', not {field}",
    "no-such-field": "there is no field {field} here",
    "unknown-tool": "the store sells no {tool}",
    "tool-owned": "you already own a {tool}",
    "too-expensive": "a {tool} costs {price} and your bank holds {bank}",
    "no-tool": "you have no {tool}",
    "peek-target": "{field} holds no face-down token within {reach} fields",
    "already-peeked": "you have already seen the token on {field}",
    "no-raft": "there is no raft on your landing",
    "raft-target": "{field} is no other landing of your lake",
    "pony-where": "the Pony Express does not ride from {where}",
    "not-a-destination": "the roll does not take you to {field}",
    "not-a-cave": "you cannot descend at {field}",
    "bad-outcome": "{outcome} is no outcome of the {kind} now",
    "bad-reveal": "no reveal of card {card} of the {deck} deck to {to} is awaited",
    "bad-card-value": "{value} cannot be the value of a face-down card of the {deck} deck",
    "no-claim": "seat {seat} may not claim now",
    "malformed-claim": "a claim is ('mission',), not {claim}",
}
"""Code -> English template (``str.format`` fields are the code's arguments)."""


_TABLE = RefusalTable(REFUSALS)
arguments = _TABLE.arguments
"""The names of a code's arguments (:meth:`~goldnet.games.refusing.RefusalTable.arguments`)."""
refuse = _TABLE.refuse
"""A code's refusal with its arguments (:meth:`~goldnet.games.refusing.RefusalTable.refuse`)."""


def shown(value: object) -> RefusalArg:
    """``value`` as a refusal argument: an ``int`` or ``str`` as itself, else its ``repr``."""
    return value if type(value) in (int, str) else repr(value)  # type: ignore[return-value]

"""Why Mountains & Rivers refuses an action: one code per rule, with its English words.

Every :class:`~goldnet.engine.IllegalAction` the rules raise is built by :func:`refuse` from
:data:`REFUSALS`, so a refusal's code, its arguments and its English message cannot drift
apart. A UI words a refusal from its code and arguments (``exc.refusal``), never from the
English message; ``docs/rules/mountains-rivers.md`` ("Refusals") gives the rule each code
implements.

Invariants: a refusal's arguments are exactly the fields its English template names (no more,
no fewer); an argument is an ``int`` or a ``str`` — a field written ``"q,r"``, a range name
(``"1-3"``), or the ``repr`` of a malformed value as the action held it.
"""

from __future__ import annotations

from ...engine import RefusalArg
from ..refusing import RefusalTable

REFUSALS: dict[str, str] = {
    "game-over": "the game is over",
    "not-thrown": "the tiles have not been thrown yet",
    "already-thrown": "the tiles have already been thrown this turn",
    "free-choice-roll": "no roll is thrown in free choice",
    "roll-outside-range": "roll {roll} cannot be thrown in range {range}",
    "malformed-action": "an action is a tuple like ('reveal', 'q,r', 'q,r'), not {action}",
    "unknown-action": "unknown action {kind}: reveal or bury",
    "reveal-fields": "a reveal names the first and last marker of its line",
    "reveal-order": "a reveal names the end with the smaller field number first",
    "not-a-line": "{a} and {b} are not on one straight line",
    "free-choice-line": "free choice: reveal one marker or two neighbouring markers",
    "line-length": "the roll is {roll}: reveal a line of exactly {roll} markers, not {n}",
    "line-crosses-gold": "{field} is exposed gold: the line must be all face down",
    "line-crosses-empty": "{field} is an empty field: the line must be all face down",
    "bury-fields": "a bury names one field",
    "free-choice-bury": "free choice: burying is no longer allowed",
    "no-shovel": "you have no shovel: you cannot bury gold",
    "bury-needs-gold": "{field} holds no exposed gold to bury",
    "field-syntax": "a field is written 'q,r', not {field}",
    "field-off-board": "field {field} is off the board",
    "field-not-canonical": "field {field!r} is not written canonically ('{canonical}')",
}
"""Code -> English template (``str.format`` fields are the code's arguments)."""


_TABLE = RefusalTable(REFUSALS)
arguments = _TABLE.arguments
"""The names of a code's arguments (:meth:`~goldnet.games.refusing.RefusalTable.arguments`)."""
refuse = _TABLE.refuse
"""A code's refusal with its arguments (:meth:`~goldnet.games.refusing.RefusalTable.refuse`)."""


def shown(value: object) -> RefusalArg:
    """``value`` as a refusal argument: an ``int`` as itself, anything else as its ``repr``."""
    return value if type(value) is int else repr(value)

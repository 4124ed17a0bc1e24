"""Mountains & Rivers actions in canonical form: field names, and reveals and buries built from
text people type.

Invariants: a field is named ``"q,r"`` in one canonical spelling (:data:`FIELD_NAMES`, by field
number); a reveal names the end with the smaller field number first.
"""

from __future__ import annotations

from typing import Any

from ...engine import Action
from .geometry import COORDS, INDEX, FieldSyntaxError, format_field, on_board, parse_field
from .refusals import refuse

FIELD_NAMES: tuple[str, ...] = tuple(format_field(c) for c in COORDS)
"""The canonical name of each field, by field number."""
_FIELD_BY_NAME: dict[str, int] = {name: i for i, name in enumerate(FIELD_NAMES)}


def field_number(value: Any, *, strict: bool = True) -> int:
    """The field number written ``"q,r"`` in an action.

    ``strict`` (actions applied to the state) accepts only the canonical spelling, e.g.
    ``"-2,5"``; otherwise spaces and a ``+`` sign are tolerated (text typed by people).

    Raises:
        IllegalAction: not a field of the board, or not canonical when ``strict``.
    """
    if isinstance(value, str):
        number = _FIELD_BY_NAME.get(value)
        if number is not None:
            return number
        try:
            q, r = parse_field(value)
        except FieldSyntaxError:
            raise refuse("field-syntax", field=repr(value)) from None
        if not on_board(q, r):
            raise refuse("field-off-board", field=value)
        if strict:
            raise refuse("field-not-canonical", field=value, canonical=f"{q},{r}")
        return INDEX[(q, r)]
    raise refuse("field-syntax", field=repr(value))


def reveal_action(a: str, b: str | None = None) -> Action:
    """The canonical reveal of the line from ``a`` to ``b`` (``b`` omitted: the single field).

    Raises:
        IllegalAction: a field is malformed or off the board.
    """
    fa = field_number(a, strict=False)
    fb = fa if b is None else field_number(b, strict=False)
    lo, hi = min(fa, fb), max(fa, fb)
    return ("reveal", FIELD_NAMES[lo], FIELD_NAMES[hi])


def bury_action(f: str) -> Action:
    """The canonical bury of field ``f``.

    Raises:
        IllegalAction: the field is malformed or off the board.
    """
    return ("bury", FIELD_NAMES[field_number(f, strict=False)])

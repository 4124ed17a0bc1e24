"""Scenario cases of Mountains & Rivers: a position plus steps, each with its printed outcome.

The format and the printed objects are those of docs/scenarios.md: the board (explicit
territories or a standard number), an optional position, then queries (``range``, ``lines``,
``buries``) and actions (``reveal``, ``bury``) with the thrown ``roll``. An illegal action
changes nothing. A file that breaks the schema raises :class:`ScenarioError`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from ...engine import Action, IllegalAction
from ...errors import GoldnetError
from .board import Board, BoardError
from .geometry import (
    COORDS,
    INDEX,
    FieldSyntaxError,
    fields_of,
    format_field,
    on_board,
    parse_field,
)
from .refusals import refuse
from .rules import FREE, RANGE_NAMES, ROLL_REQUESTS, State, bury_action, reveal_action


class ScenarioError(GoldnetError, ValueError):
    """A scenario file that breaks the schema; the message says where and what."""


Printed = dict[str, Any]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fields(where: str, value: Any) -> int:
    """A list of ``"q,r"`` fields on the board as a field-number bitmask."""
    if not isinstance(value, list):
        raise ScenarioError(f"{where} must be a list of fields 'q,r'")
    mask = 0
    for text in value:
        try:
            coord = parse_field(text)
        except FieldSyntaxError as exc:
            raise ScenarioError(f"{where}: {exc}") from None
        if not on_board(*coord):
            raise ScenarioError(f"{where}: field {text} is off the board")
        mask |= 1 << INDEX[coord]
    return mask


def _pair(where: str, value: Any) -> tuple[int, int]:
    if not (
        isinstance(value, list) and len(value) == 2 and all(_is_int(v) and v >= 0 for v in value)
    ):
        raise ScenarioError(f"{where} must be a list of two non-negative integers")
    return value[0], value[1]


def load_board(spec: Any) -> Board:
    """The board of a scenario: ``{"mountains": [...], "rivers": [...]}`` or a number 1..11.

    Raises:
        ScenarioError: malformed territories or an unknown board number.
    """
    if _is_int(spec):
        from .boards import load_board as load_standard

        try:
            return load_standard(spec)
        except BoardError as exc:
            raise ScenarioError(f"board: {exc}") from None
    if not isinstance(spec, dict) or "mountains" not in spec or "rivers" not in spec:
        raise ScenarioError("board must be a number 1-11 or an object with mountains and rivers")
    try:
        return Board.from_text(spec["mountains"], spec["rivers"])
    except (BoardError, TypeError) as exc:
        raise ScenarioError(f"board: {exc}") from None


def initial_state(case: Mapping[str, Any]) -> State:
    """The position a scenario starts from (defaults: all face down, seat 0 to move).

    Raises:
        ScenarioError: a malformed board or position.
    """
    board = load_board(case.get("board"))
    pos = case.get("position", {})
    if pos is None:
        pos = {}
    if not isinstance(pos, dict):
        raise ScenarioError("position must be an object")
    gold = _fields("position.gold", pos.get("gold", []))
    empty = _fields("position.empty", pos.get("empty", []))
    if gold & empty:
        both = format_field(COORDS[next(fields_of(gold & empty))])
        raise ScenarioError(f"position: field {both} is listed as both gold and empty")
    scores = _pair("position.scores", pos.get("scores", [0, 0]))
    shovels = _pair("position.shovels", pos.get("shovels", [2, 2]))
    active = pos.get("active", 0)
    if active not in (0, 1) or isinstance(active, bool):
        raise ScenarioError("position.active must be 0 or 1")
    return State.from_position(
        board, gold=gold, empty=empty, scores=scores, shovels=shovels, active=active
    )


def _field_names(mask: int) -> list[str]:
    return [format_field(COORDS[f]) for f in fields_of(mask)]


def snapshot(state: State) -> Printed:
    """What an action step prints besides ``legal`` and ``error``."""
    return {
        "scores": list(state.scores),
        "shovels": list(state.shovels),
        "gold": _field_names(state.gold_fields),
        "empty": _field_names(state.empty_fields),
        "active": state.active,
        "range": None if state.range_ is None else RANGE_NAMES[state.range_],
        "finished": state.finished,
    }


def _roll(where: str, step: Mapping[str, Any]) -> int | None:
    roll = step.get("roll")
    if roll is not None and not _is_int(roll):
        raise ScenarioError(f"{where}: roll must be an integer")
    return roll


def _parse_action(where: str, spec: Any) -> tuple[str, list[str]]:
    if not isinstance(spec, dict) or len(spec) != 1:
        raise ScenarioError(f'{where}: action must be {{"reveal": [...]}} or {{"bury": "q,r"}}')
    ((kind, arg),) = spec.items()
    if kind == "reveal":
        if not isinstance(arg, list) or not 1 <= len(arg) <= 2:
            raise ScenarioError(f"{where}: reveal names one or two fields")
        fields = arg
    elif kind == "bury":
        fields = [arg]
    else:
        raise ScenarioError(f"{where}: unknown action {kind!r} (reveal or bury)")
    for text in fields:
        try:
            parse_field(text)
        except FieldSyntaxError as exc:
            raise ScenarioError(f"{where}: {exc}") from None
    return kind, fields


def play_action(state: State, kind: str, fields: list[str], roll: int | None) -> State:
    """``state`` after throwing ``roll`` and playing the action, on a copy.

    Follows docs/scenarios.md: a roll outside the range, a roll in free choice, a
    missing roll for a reveal, an off-board field or a wrong line are illegal. A bury without a
    roll is played after any throwable roll (a bury does not depend on it).

    Raises:
        IllegalAction: the step is illegal; ``state`` is unchanged.
    """
    after = state.clone()
    if after.finished:
        raise refuse("game-over")
    if after.range_ == FREE:
        if roll is not None:
            raise refuse("free-choice-roll")
    else:
        if roll is None:
            if kind == "reveal":
                raise IllegalAction("a reveal needs the thrown roll", code="not-thrown")
            assert after.range_ is not None
            roll = int(ROLL_REQUESTS[after.range_].outcomes[0][0])  # type: ignore[arg-type]
        after.apply_chance(roll)
    action: Action = (
        reveal_action(fields[0], fields[-1]) if kind == "reveal" else bury_action(fields[0])
    )
    after.apply(action)
    return after


def run(case: Mapping[str, Any]) -> Iterator[tuple[Mapping[str, Any], Printed]]:
    """Run a parsed scenario: yields ``(step, printed)`` for each step in order.

    Raises:
        ScenarioError: the case breaks the schema (raised when the bad part is reached; the
            file-level parts are checked before the first step).
    """
    if not isinstance(case, dict):
        raise ScenarioError("a scenario is a JSON object")
    steps = case.get("steps")
    if not isinstance(steps, list):
        raise ScenarioError("steps must be a list")
    state = initial_state(case)
    parsed: list[tuple[Mapping[str, Any], str, Any]] = []
    for i, step in enumerate(steps, 1):
        where = f"step {i}"
        if not isinstance(step, dict):
            raise ScenarioError(f"{where} must be an object")
        if ("query" in step) == ("action" in step):
            raise ScenarioError(f"{where} needs exactly one of query and action")
        if "expect" in step and not isinstance(step["expect"], dict):
            raise ScenarioError(f"{where}: expect must be an object")
        roll = _roll(where, step)
        if "query" in step:
            if step["query"] not in ("range", "lines", "buries"):
                raise ScenarioError(f"{where}: unknown query {step['query']!r}")
            parsed.append((step, "query", roll))
        else:
            parsed.append((step, "action", (_parse_action(where, step["action"]), roll)))
    for step, what, arg in parsed:
        printed: Printed
        if what == "query":
            query = step["query"]
            if query == "range":
                printed = {"range": None if state.range_ is None else RANGE_NAMES[state.range_]}
            elif query == "lines":
                printed = {"lines": state.count_reveals(arg)}
            else:
                printed = {"buries": state.count_buries()}
        else:
            (kind, fields), roll = arg
            try:
                state = play_action(state, kind, fields, roll)
            except IllegalAction as exc:
                printed = {"legal": False, "error": str(exc), **snapshot(state)}
            else:
                printed = {"legal": True, **snapshot(state)}
        yield step, printed


_FIELD_LISTS = ("gold", "empty")


def mismatches(expect: Mapping[str, Any], printed: Printed) -> list[tuple[str, Any, Any]]:
    """The ``(key, expected, printed)`` triples where a step's outcome differs from its
    ``expect`` object (field lists compare as sets)."""
    out = []
    for key, want in expect.items():
        got = printed.get(key, "<not printed>")
        if key in _FIELD_LISTS and isinstance(want, list) and isinstance(got, list):
            if sorted(map(str, want)) != sorted(got):
                out.append((key, want, got))
        elif want != got or type(want) is not type(got):
            out.append((key, want, got))
    return out

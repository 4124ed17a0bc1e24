"""Every refusal of the rules carries a code and named arguments (docs/rules, "Refusals").

One case per code builds a position where the rules raise it and checks the code, the
arguments, the English message and that the state is unchanged; a scan of the source checks
that no raise in the game's modules goes without a code of the table.
"""

from __future__ import annotations

import ast
import pickle
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from goldnet.engine import UNSPECIFIED, IllegalAction, Refusal
from goldnet.games.mountains_rivers import refusals, rules, scenario
from goldnet.games.mountains_rivers.board import Board
from goldnet.games.mountains_rivers.refusals import REFUSALS, arguments, refuse
from goldnet.games.mountains_rivers.rules import State

from .test_rules import all_but, m

ROOT = Path(__file__).resolve().parents[3]
GAME_DIR = ROOT / "goldnet" / "games" / "mountains_rivers"


def rolled(state: State, roll: int) -> State:
    state.apply_chance(roll)
    return state


def free(grid: Board, gold: str = "2,2") -> State:
    """Free choice: 0,0, 1,0, 2,0 face down (a single line of three), exposed gold on ``gold``."""
    return State.from_position(grid, gold=m(gold), empty=all_but("0,0", "1,0", "2,0", gold))


def over(grid: Board) -> State:
    state = State.from_position(grid, empty=all_but("0,0"))
    state.apply(("reveal", "0,0", "0,0"))
    assert state.finished
    return state


Case = tuple[str, Callable[[Board], State], object, dict[str, object]]
"""(code, position, what is tried: an action, or ("chance", outcome), expected arguments)."""

CASES: list[Case] = [
    ("game-over", over, ("reveal", "0,0", "0,0"), {}),
    ("game-over", over, ("chance", 3), {}),
    ("not-thrown", State, ("reveal", "0,0", "0,0"), {}),
    ("already-thrown", lambda g: rolled(State(g), 3), ("chance", 3), {}),
    ("free-choice-roll", free, ("chance", 1), {}),
    ("roll-outside-range", State, ("chance", 6), {"roll": 6, "range": "1-5"}),
    ("roll-outside-range", State, ("chance", "3"), {"roll": "'3'", "range": "1-5"}),
    ("malformed-action", lambda g: rolled(State(g), 1), (), {"action": "()"}),
    ("malformed-action", lambda g: rolled(State(g), 1), "reveal", {"action": "'reveal'"}),
    ("unknown-action", lambda g: rolled(State(g), 1), ("dig", "0,0"), {"kind": "'dig'"}),
    ("reveal-fields", lambda g: rolled(State(g), 1), ("reveal",), {}),
    ("reveal-order", lambda g: rolled(State(g), 3), ("reveal", "2,0", "0,0"), {}),
    (
        "not-a-line",
        lambda g: rolled(State(g), 2),
        ("reveal", "0,0", "1,1"),
        {"a": "0,0", "b": "1,1"},
    ),
    ("free-choice-line", free, ("reveal", "0,0", "2,0"), {}),
    ("line-length", lambda g: rolled(State(g), 3), ("reveal", "0,0", "3,0"), {"roll": 3, "n": 4}),
    (
        "line-crosses-gold",
        lambda g: rolled(State.from_position(g, gold=m("1,0")), 3),
        ("reveal", "0,0", "2,0"),
        {"field": "1,0"},
    ),
    (
        "line-crosses-empty",
        lambda g: rolled(State.from_position(g, empty=m("1,1")), 3),
        ("reveal", "0,1", "2,1"),
        {"field": "1,1"},
    ),
    ("bury-fields", lambda g: rolled(State(g), 1), ("bury",), {}),
    ("free-choice-bury", free, ("bury", "2,2"), {}),
    (
        "no-shovel",
        lambda g: rolled(State.from_position(g, gold=m("1,0"), shovels=(0, 4)), 2),
        ("bury", "1,0"),
        {},
    ),
    (
        "bury-needs-gold",
        lambda g: rolled(State.from_position(g, gold=m("1,0")), 2),
        ("bury", "2,0"),
        {"field": "2,0"},
    ),
    ("field-syntax", lambda g: rolled(State(g), 1), ("reveal", "a,b", "0,0"), {"field": "'a,b'"}),
    ("field-syntax", lambda g: rolled(State(g), 1), ("reveal", 3, 4), {"field": "3"}),
    ("field-syntax", lambda g: rolled(State(g), 1), ("bury", "1,2,3"), {"field": "'1,2,3'"}),
    ("field-off-board", lambda g: rolled(State(g), 1), ("reveal", "6,0", "6,0"), {"field": "6,0"}),
    (
        "field-not-canonical",
        lambda g: rolled(State(g), 1),
        ("reveal", "0, 0", "0, 0"),
        {"field": "0, 0", "canonical": "0,0"},
    ),
]


@pytest.mark.parametrize(
    ("code", "position", "tried", "args"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_each_refusal_names_its_rule_and_arguments(
    grid: Board, code: str, position: Callable[[Board], State], tried: object, args: dict
) -> None:
    state = position(grid)
    before = state.public_hash()
    with pytest.raises(IllegalAction) as caught:
        if isinstance(tried, tuple) and tried[:1] == ("chance",):
            state.apply_chance(tried[1])  # type: ignore[arg-type]
        else:
            state.apply(tried)  # type: ignore[arg-type]
    exc = caught.value
    assert exc.code == code
    assert dict(exc.refusal.params) == args
    assert set(args) == set(arguments(code))
    assert str(exc) == REFUSALS[code].format(**args)  # the English message, from the arguments
    assert state.public_hash() == before


def test_every_code_of_the_table_has_a_case() -> None:
    assert {c[0] for c in CASES} == set(REFUSALS)


def _raised_codes(path: Path) -> list[tuple[int, str | None]]:
    """``(line, code)`` of every ``refuse(...)`` and ``IllegalAction(...)`` call in a module
    (``None`` when the code is not a string literal or missing)."""
    out: list[tuple[int, str | None]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
            continue
        if node.func.id == "refuse":
            first = node.args[0] if node.args else None
            code = first.value if isinstance(first, ast.Constant) else None
            out.append((node.lineno, code if isinstance(code, str) else None))
        elif node.func.id == "IllegalAction":
            kw = next((k.value for k in node.keywords if k.arg == "code"), None)
            code = kw.value if isinstance(kw, ast.Constant) else None
            out.append((node.lineno, code if isinstance(code, str) else None))
    return out


def test_every_raise_in_the_game_carries_a_code_of_the_table() -> None:
    raised: set[str] = set()
    for path in sorted(GAME_DIR.glob("*.py")):
        if path.name == "refusals.py":
            continue
        for line, code in _raised_codes(path):
            assert code in REFUSALS, f"{path.name}:{line} raises without a code of the table"
            raised.add(code)
    assert raised == set(REFUSALS)  # and no code is dead


def test_a_scenario_reveal_without_a_roll_is_not_thrown(grid: Board) -> None:
    with pytest.raises(IllegalAction) as caught:
        scenario.play_action(State(grid), "reveal", ["0,0"], None)
    assert caught.value.code == "not-thrown" and str(caught.value) == (
        "a reveal needs the thrown roll"
    )


def test_the_documented_table_is_the_code_table() -> None:
    text = (ROOT / "docs" / "rules" / "mountains-rivers.md").read_text(encoding="utf-8")
    section = text.split("## Refusals", 1)[1].split("\n## ", 1)[0]
    documented: dict[str, tuple[str, ...]] = {}
    for row in re.findall(r"^\| `([a-z-]+)` \| ([^|]*) \|", section, re.MULTILINE):
        code, args = row
        documented[code] = tuple(re.findall(r"`(\w+)`", args))
    assert documented == {code: arguments(code) for code in REFUSALS}


def test_refuse_checks_its_arguments() -> None:
    with pytest.raises(TypeError):
        refuse("line-length", roll=3)
    with pytest.raises(TypeError):
        refuse("game-over", field="0,0")
    with pytest.raises(KeyError):
        refuse("no-such-rule")
    assert refusals.shown(True) == "True" and refusals.shown(5) == 5


def test_an_illegal_action_survives_pickling_with_its_refusal() -> None:
    exc = refuse("line-length", roll=3, n=4)
    again = pickle.loads(pickle.dumps(exc))
    assert isinstance(again, IllegalAction) and isinstance(again, ValueError)
    assert str(again) == str(exc) and again.refusal == exc.refusal == Refusal(
        "line-length", (("n", 4), ("roll", 3))
    )
    assert exc.refusal.get("roll") == 3 and exc.refusal.get("want") is None


def test_a_refusal_without_a_code_is_unspecified() -> None:
    exc = IllegalAction("it is not seat 1's turn")
    assert exc.code == UNSPECIFIED and exc.refusal.params == ()
    assert str(exc) == "it is not seat 1's turn"


def test_the_rules_module_raises_only_through_the_table() -> None:
    assert "IllegalAction(" not in Path(rules.__file__).read_text(encoding="utf-8")

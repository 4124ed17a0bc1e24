"""Every scenario case passes: the project's copies, and those of a case folder kept beside the
repository (``shared/cases/`` next to it) when there is one (docs/scenarios.md)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from goldnet.games.mountains_rivers import scenario

ROOT = Path(__file__).resolve().parents[3]
OWN = sorted((ROOT / "tests" / "cases" / "mountains-rivers").glob("*.json"))
SHARED = sorted((ROOT.parent / "shared" / "cases" / "mountains-rivers").glob("*.json"))


def test_the_project_keeps_its_own_copies_of_the_cases() -> None:
    assert len(OWN) >= 13


@pytest.mark.parametrize(
    "path", OWN + SHARED, ids=lambda p: f"{p.parent.parent.parent.name}/{p.name}"
)
def test_case_passes(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    steps = 0
    for number, (step, printed) in enumerate(scenario.run(case), 1):
        bad = scenario.mismatches(step.get("expect", {}), printed)
        assert not bad, f"{case['name']}: step {number}: {bad}"
        steps += 1
    assert steps == len(case["steps"])


def test_mismatches_are_reported() -> None:
    printed = {"legal": True, "gold": ["0,0", "1,0"], "range": "1-5", "active": 1}
    assert scenario.mismatches({"gold": ["1,0", "0,0"], "range": "1-5"}, printed) == []
    assert scenario.mismatches({"active": 0}, printed) == [("active", 0, 1)]
    assert scenario.mismatches({"legal": 1}, printed) == [("legal", 1, True)]
    assert scenario.mismatches({"lines": 3}, printed) == [("lines", 3, "<not printed>")]


def _case(**overrides: object) -> dict[str, object]:
    case: dict[str, object] = {"name": "t", "board": 1, "steps": [{"query": "range"}]}
    case.update(overrides)
    return case


@pytest.mark.parametrize(
    ("case", "why"),
    [
        (_case(steps=None), "steps must be a list"),
        (_case(board=12), "board"),
        (_case(board={"mountains": [["0,0"]]}), "board must be"),
        (_case(position={"gold": ["9,9"]}), "off the board"),
        (_case(position={"gold": ["x"]}), "q,r"),
        (_case(position={"gold": ["0,0"], "empty": ["0,0"]}), "both gold and empty"),
        (_case(position={"active": 2}), "active"),
        (_case(position={"scores": [1]}), "scores"),
        (_case(steps=[{"query": "nothing"}]), "unknown query"),
        (_case(steps=[{"query": "range", "action": {"bury": "0,0"}}]), "exactly one"),
        (_case(steps=[{"action": {"dig": "0,0"}}]), "unknown action"),
        (_case(steps=[{"action": {"reveal": []}}]), "one or two fields"),
        (_case(steps=[{"action": {"reveal": ["0,0", "1,0", "2,0"]}}]), "one or two fields"),
        (_case(steps=[{"action": {"bury": "0;0"}}]), "q,r"),
        (_case(steps=[{"action": {"bury": "0,0"}, "roll": "2"}]), "roll must be an integer"),
        (_case(steps=[{"query": "range", "expect": []}]), "expect must be an object"),
    ],
)
def test_malformed_case_raises_scenario_error(case: dict[str, object], why: str) -> None:
    with pytest.raises(scenario.ScenarioError, match=why):
        list(scenario.run(case))


@pytest.mark.parametrize(
    ("step", "why"),
    [
        ({"action": {"reveal": ["0,0", "2,0"]}}, "needs the thrown roll"),
        ({"action": {"reveal": ["0,0", "2,0"]}, "roll": 6}, "cannot be thrown"),
        ({"action": {"reveal": ["0,0", "2,0"]}, "roll": 2}, "exactly 2"),
        ({"action": {"reveal": ["7,0"]}, "roll": 1}, "off the board"),
        ({"action": {"bury": "0,0"}}, "no exposed gold"),
    ],
)
def test_illegal_steps_print_the_reason_and_change_nothing(
    step: dict[str, object], why: str
) -> None:
    case = _case(steps=[step, {"query": "range"}])
    (_, printed), (_, after) = list(scenario.run(case))
    assert printed["legal"] is False
    assert why in printed["error"]
    assert printed["gold"] == [] and printed["empty"] == [] and printed["active"] == 0
    assert after == {"range": "1-5"}

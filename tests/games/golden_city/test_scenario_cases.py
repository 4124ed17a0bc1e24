"""Golden City scenario cases (docs/scenarios.md, "Golden City"): every case passes — the
project's own and those of a case folder kept beside the repository (``shared/cases/`` next to
it) when there is one; malformed files and impossible positions are one-line errors; an illegal
step prints its refusal code and changes nothing."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from goldnet.games.golden_city import scenario

ROOT = Path(__file__).resolve().parents[3]
OWN = sorted((ROOT / "tests" / "cases" / "golden-city").glob("*.json"))
SHARED = sorted((ROOT.parent / "shared" / "cases" / "golden-city").glob("*.json"))


def test_the_project_keeps_its_own_cases_each_naming_the_rule_it_shows() -> None:
    assert len(OWN) >= 80
    for path in OWN:
        case = json.loads(path.read_text(encoding="utf-8"))
        assert case.get("ruling") or case.get("source"), path.name
        assert all("expect" in step for step in case["steps"][-1:]), path.name


@pytest.mark.parametrize(
    "path", OWN + SHARED, ids=lambda p: f"{p.parent.parent.parent.name}/{p.name}"
)
def test_case_passes(path: Path) -> None:
    case = json.loads(path.read_text(encoding="utf-8"))
    steps = 0
    for number, (step, printed) in enumerate(scenario.run(case), 1):
        bad = scenario.mismatches(step.get("expect", {}), printed)
        assert not bad, f"{case['name']}: step {number}: {bad}"
        json.dumps(printed)  # plain JSON
        steps += 1
    assert steps == len(case["steps"])


def test_mismatches_compare_objects_partially_and_field_lists_as_sets() -> None:
    printed = {
        "legal": True,
        "banks": [6, 9],
        "sacks": [
            {"nuggets": 1, "thieves": 0, "below": 0},
            {"nuggets": 0, "thieves": 2, "below": 0},
        ],
        "loot": {"2,0": {"nuggets": 3, "thieves": 0}},
        "rafts": ["1,0", "4,0"],
        "tools": [["revolver", "horse"], []],
        "events": ["move", "token"],
    }
    assert scenario.mismatches({"sacks": [{"nuggets": 1}, {"thieves": 2}]}, printed) == []
    assert (
        scenario.mismatches(
            {"rafts": ["4,0", "1,0"], "tools": [["horse", "revolver"], []]}, printed
        )
        == []
    )
    assert scenario.mismatches({"loot": {"3,0": None}}, printed) == []
    assert scenario.mismatches({"loot": {"2,0": None}}, printed) == [
        ("loot", {"2,0": None}, printed["loot"])
    ]
    assert scenario.mismatches({"events": ["token", "move"]}, printed) != []  # in order
    assert scenario.mismatches({"banks": [6]}, printed) != []
    assert scenario.mismatches({"legal": 1}, printed) == [("legal", 1, True)]
    assert scenario.mismatches({"code": "x"}, printed) == [("code", "x", "<not printed>")]


MAP: dict[str, Any] = {
    "format": "golden-city-map/1",
    "name": "t",
    "surface": ["0 . h . L ~ L . 1 = G"],
    "mine": [],
    "track": ["9,0", "10,0"],
    "rafts": ["4,0", "6,0"],
    "caves": {},
    "houses": {"2": [0, 1]},
    "locomotive": {"2": 0},
}
HILL = {"hills": {"2,0": {"down": "nugget-2"}}}


def _case(**overrides: Any) -> dict[str, Any]:
    case: dict[str, Any] = {
        "name": "t",
        "map": MAP,
        "position": HILL,
        "steps": [{"query": "state"}],
    }
    case.update(overrides)
    return case


def _position(**overrides: Any) -> dict[str, Any]:
    return _case(position={**HILL, **overrides})


@pytest.mark.parametrize(
    ("case", "why"),
    [
        (_case(steps=None), "steps must be a list"),
        (_case(board=1), "unknown key 'board'"),
        (_case(map=None), '"map" must be a map object'),
        (_case(map={**MAP, "surface": ["0 . x 1 = G"]}), "unknown character"),
        (_case(seats=3), "the map is made for 2 seats"),
        (_case(setup={"prices": {"shovel": 1}}), "setup.prices: unknown key 'shovel'"),
        (_case(setup={"bounty": -1}), "setup.bounty must be a whole number"),
        (_position(hills={"3,0": {"down": "nugget-2"}}), "3,0 is not a hill"),
        (_position(hills={"2,0": {"down": "nugget-9"}}), "a face-down token is one of"),
        (_position(hills={"2,0": "gold"}), "'gold' is no token"),
        (_position(hills={"2,0": ["nugget-1"]}), "is no token"),
        (_position(hills={"9,9": "empty"}), "unknown key '9,9'"),
        (_position(loot={"2,0": {"nuggets": 2}}), "holds no revealed thief"),
        (_position(prospectors=[{"at": "5,0"}, {}]), "5,0 is a lake"),
        (_position(prospectors=[{"at": "8,0"}, {}]), "the house of seat 1"),
        (_position(prospectors=[{"at": "3 0"}, {}]), "not on the map's surface"),
        (_position(prospectors=[{"at": "mine 0,0"}, {}]), "not in the map's mine"),
        (_position(prospectors=[{"at": "3,0"}, {"at": "3,0"}]), "seats 0 and 1 both stand on 3,0"),
        (_position(prospectors=[{"at": "2,0"}, {}]), "which holds a face-down token"),
        (_position(prospectors=[{"sack": {"below": 2}}, {}]), "belong to a seat in the mine"),
        (_position(prospectors=[{"tools": ["horse", "horse"]}, {}]), "listed twice"),
        (_position(prospectors=[{"tools": ["shovel"]}, {}]), "no tool 'shovel'"),
        (_position(prospectors=[{"mission": "ghosts"}, {}]), "not a mission of this map"),
        (_position(prospectors=[{"mission": "haul"}, {"mission": "haul"}]), "the same mission"),
        (_position(prospectors=[{"counters": {"gold": 1}}, {}]), "unknown key 'gold'"),
        (_position(prospectors=[{"bank": "6"}, {}]), "bank must be a whole number"),
        (_position(prospectors=[{}, {}, {}]), "seats 3: the map is made for 2 seats"),
        ({**_position(prospectors=[{}, {}, {}]), "seats": 2}, "lists 3 seats, not 2"),
        (_position(prospectors=[{"peeked": ["3,0"]}, {}]), "holds no face-down token"),
        (_position(rafts=["4,0"]), "has two rafts, not 1"),
        (_position(rafts=["3,0", "4,0"]), "3,0 is not a landing"),
        (_position(locomotive={"at": "10,0"}), "not a track field before the station"),
        (_position(gazette={"issue": "flood"}), "no issue 'flood'"),
        (_position(gazette={"issue": "cow", "wanted": 0}), "needs the issue wanted in force"),
        (_position(active=2), "position.active must be a whole number, 0 to 1"),
        (_position(phase="move"), "position.phase must be one of"),
        (_position(phase="before"), "nothing to choose there"),
        (_case(steps=[{"query": "nothing"}]), "unknown query"),
        (_case(steps=[{"die": 2, "duel": 3}]), "needs exactly one of"),
        (_case(steps=[{"action": 3}]), "action must be a verb"),
        (_case(steps=[{"die": [2, 3]}]), "die must be a number"),
        (_case(steps=[{"duel": "six"}]), "duel must be a number"),
        (_case(steps=[{"claim": 5}]), "claim names the claiming seat"),
        (_case(steps=[{"query": "state", "seat": 9}]), "seat must be 0 to 1"),
        (_case(steps=[{"die": 2, "roll": 3}]), "roll goes with a destinations query"),
        (_case(steps=[{"query": "state", "expect": []}]), "expect must be an object"),
        (_case(steps=[{"query": "state", "expected": {}}]), "unknown key 'expected'"),
    ],
)
def test_malformed_case_raises_scenario_error(case: dict[str, Any], why: str) -> None:
    with pytest.raises(scenario.ScenarioError, match=why.replace("(", r"\(")):
        list(scenario.run(case))


@pytest.mark.parametrize(
    ("phase", "step", "code"),
    [
        ("start", {"die": 3}, "not-awaited"),
        ("start", {"action": "roll"}, "wrong-phase"),
        ("start", {"action": ["buy", "shovel"]}, "unknown-tool"),
        ("start", {"action": ["fly", "2,0"]}, "unknown-action"),
        ("start", {"claim": 0}, "no-claim"),
        ("roll", {"die": 7}, "bad-outcome"),
        ("roll", {"duel": 3}, "not-awaited"),
        ("roll", {"action": ["move", "2,0"]}, "not-awaited"),
        ("roll", {"claim": 1}, "no-claim"),
    ],
)
def test_an_illegal_step_prints_its_refusal_code_and_changes_nothing(
    phase: str, step: dict[str, Any], code: str
) -> None:
    case = _position(phase=phase)
    case["steps"] = [{"query": "state"}, step, {"query": "state"}]
    (_, before), (_, printed), (_, after) = list(scenario.run(case))
    assert printed["legal"] is False and printed["code"] == code and printed["error"]
    assert printed["events"] == []
    assert {
        k: v for k, v in printed.items() if k not in ("legal", "code", "error", "events")
    } == before
    assert after == before


def test_a_private_peek_shows_only_in_that_seats_state() -> None:
    case = _case(
        position={
            **HILL,
            "prospectors": [{"at": "1,0", "tools": ["lantern"]}, {}],
        },
        steps=[
            {"action": ["lantern", "2,0"]},
            {"query": "state"},
            {"query": "state", "seat": 0},
            {"query": "state", "seat": 1},
        ],
    )
    (_, played), (_, public), (_, mine), (_, theirs) = list(scenario.run(case))
    assert played["legal"] is True and public["hills"] == {"2,0": "down"}
    assert "known" not in public and "nugget-2" not in json.dumps(public)
    assert mine["known"] == {"2,0": "nugget-2"} and theirs["known"] == {}
    assert {k: v for k, v in theirs.items() if k not in ("mission", "known")} == public


def _goldnet(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "goldnet", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=300,
    )


def test_goldnet_scenario_check_passes_on_every_case() -> None:
    result = _goldnet("scenario", "--check", *map(str, OWN))
    assert result.returncode == 0, result.stderr
    steps = sum(len(json.loads(p.read_text(encoding="utf-8"))["steps"]) for p in OWN)
    assert len(result.stdout.splitlines()) == steps


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "is not valid JSON"),
        ('{"game": "golden-city", "map": 1, "steps": []}', 'is malformed: "map" must be'),
        (json.dumps({**_case(), "game": "golden-city", "colour": "red"}), "unknown key 'colour'"),
        (
            json.dumps(
                {**_position(prospectors=[{"at": "3,0"}, {"at": "3,0"}]), "game": "golden-city"}
            ),
            "is malformed: position: seats 0 and 1 both stand on 3,0",
        ),
        (
            json.dumps({**_case(steps=[{"action": {"move": "2,0"}}]), "game": "golden-city"}),
            "is malformed: step 1: action must be",
        ),
    ],
)
def test_bad_files_exit_2_with_one_line_naming_the_file(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    result = _goldnet("scenario", "--game", "golden-city", str(path))
    assert result.returncode == 2
    assert message in result.stderr and str(path) in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


def test_the_example_of_the_format_page_runs() -> None:
    text = (ROOT / "docs" / "scenarios.md").read_text(encoding="utf-8")
    section = text[text.index("## The format (Golden City)") :]
    example = section[section.index("```json") + len("```json") : section.index("```\n\n")]
    case = json.loads(example)
    printed = list(scenario.run(case))
    assert len(printed) == len(case["steps"])
    for step, out in printed:
        assert scenario.mismatches(step.get("expect", {}), out) == []

"""The ``goldnet`` command line, run as a real subprocess."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CASES = sorted((ROOT / "tests" / "cases" / "mountains-rivers").glob("*.json"))


def goldnet(*args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "goldnet", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=timeout,
    )


def test_scenario_check_passes_on_every_case() -> None:
    result = goldnet("scenario", "--check", *map(str, CASES))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    steps = sum(len(json.loads(p.read_text())["steps"]) for p in CASES)
    assert len(lines) == steps
    assert all(isinstance(json.loads(line), dict) for line in lines)


def test_scenario_check_names_the_first_mismatch(tmp_path: Path) -> None:
    case = json.loads(CASES[0].read_text())
    case["steps"][1]["expect"]["lines"] = 90
    path = tmp_path / "wrong.json"
    path.write_text(json.dumps(case))
    result = goldnet("scenario", "--check", str(path))
    assert result.returncode == 1
    assert "step 2: lines: expected 90, got 91" in result.stderr
    assert case["name"] in result.stderr


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{", "is not valid JSON"),
        ("[]", "is malformed: a scenario is a JSON object"),
        ('{"board": 1, "steps": [{"action": {"reveal": ["a"]}}]}', "is malformed: step 1"),
        ('{"board": 99, "steps": []}', "is malformed: board"),
    ],
)
def test_bad_scenario_files_exit_2_with_one_line(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    result = goldnet("scenario", str(path))
    assert result.returncode == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "args",
    [
        ("--frobnicate",),
        ("scenario",),
        ("scenario", "no-such-file.json"),
        ("selfplay", "chess"),
        ("selfplay", "mountains-rivers", "--games", "0"),
        ("selfplay", "mountains-rivers", "--games", "many"),
        ("selfplay", "mountains-rivers", "--board", "12"),
        ("selfplay", "mountains-rivers", "--bots", "strong"),
        ("selfplay", "mountains-rivers", "--bots", "strong,wizard"),
        ("bench", "--repeat", "-1"),
        ("bench", "--only", "dice"),
    ],
)
def test_bad_arguments_exit_2_with_one_line(args: tuple[str, ...]) -> None:
    result = goldnet(*args)
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert "Traceback" not in result.stderr


def test_selfplay_json_is_reproducible_and_complete() -> None:
    args = (
        "selfplay",
        "mountains-rivers",
        "--games",
        "4",
        "--seed",
        "7",
        "--bots",
        "greedy,random",
        "--json",
    )
    first = goldnet(*args)
    assert first.returncode == 0, first.stderr
    assert goldnet(*args).stdout == first.stdout
    lines = [json.loads(line) for line in first.stdout.splitlines()]
    games, summary = lines[:-1], lines[-1]["summary"]
    assert [g["game"] for g in games] == [0, 1, 2, 3]
    for g in games:
        assert sum(g["scores"]) == 91
        assert g["scores"][g["winner"]] > g["scores"][1 - g["winner"]]
        assert 1 <= g["board"] <= 11
        assert g["turns"] > 0
    # Seats alternate between the two bots.
    assert [g["bots"] for g in games[:2]] == [["greedy", "random"], ["random", "greedy"]]
    assert summary["games"] == 4
    assert sum(summary["wins"].values()) == 4 == sum(summary["seat_wins"])
    wins = {"greedy": 0, "random": 0}
    for g in games:
        wins[g["bots"][g["winner"]]] += 1
    assert summary["wins"] == wins


def test_selfplay_board_option_and_text_output() -> None:
    result = goldnet(
        "selfplay", "mountains-rivers", "--games", "2", "--board", "5", "--bots", "random,random"
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.count("board  5") == 2
    assert "random#1" in result.stdout and "seat 0 (mountains)" in result.stdout


def test_bench_reports_medians() -> None:
    """The games' figures (the other groups have tests of their own: a whole run takes a
    minute, too long for every CI run)."""
    result = goldnet("bench", "--json", "--repeat", "3", "--only", "games")
    assert result.returncode == 0, result.stderr
    figures = json.loads(result.stdout)
    assert {"mountains-rivers random game", "mountains-rivers legal actions"} <= figures.keys()
    assert any(name.startswith("golden-city") for name in figures)
    assert not any("deck" in name or "relay" in name for name in figures)  # --only holds
    for fig in figures.values():
        assert fig["median"] > 0 and fig["runs"] >= 1
    strong = figures["mountains-rivers strong move"]  # a player waits for the slow moves too
    assert strong["median"] <= strong["p95"] <= strong["max"]
    assert "p95" in strong["target"] and "max" in strong["target"]


def test_a_winner_of_a_name_two_seats_share_is_told_by_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Two bots of one level have one name: the winner line says which seat won."""
    from goldnet.cli import _print_outcome

    both = {"names": ["greedy bot", "greedy bot"], "winner": 1, "scores": [40, 51], "records": []}
    _print_outcome(both)
    _print_outcome({**both, "names": ["Ada", "greedy bot"], "winner": 0, "scores": [51, 40]})
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["winner: greedy bot (seat 2)  scores: 40 - 51", "winner: Ada  scores: 51 - 40"]

"""``goldnet selfplay golden-city`` (a real subprocess): its JSON per game and summary for 2 to 6
players, reproducible for a seed, and its text lines; the bench's mid-game position."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from goldnet.engine import TurnOf
from goldnet.games.golden_city.report import bench_position

ROOT = Path(__file__).resolve().parents[3]
KEYS = ["game", "players", "bots", "banks", "winners", "end", "turns", "missions"]


def goldnet(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "goldnet", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=600,
    )


@pytest.mark.parametrize("players", range(2, 7))
def test_selfplay_json_for_every_table_size(players: int) -> None:
    """The default bots (strong) at two seats; heuristic bots at the larger tables (the strong
    bot's rollouts made this test 50 s of CI; its figures are ``goldnet bench``'s)."""
    bots = ["strong"] * 2 if players == 2 else ["heuristic"] * players
    chosen = () if players == 2 else ("--bots", ",".join(bots))
    result = goldnet(
        "selfplay", "golden-city", "--players", str(players), "--games", "2", "--seed", "1",
        *chosen, "--json",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in result.stdout.splitlines()]
    games, summary = lines[:-1], lines[-1]["summary"]
    assert [g["game"] for g in games] == [0, 1]
    for g in games:
        assert list(g) == KEYS
        assert g["players"] == players and g["bots"] == bots
        assert len(g["banks"]) == len(g["missions"]) == players
        assert g["end"] in ("station", "exhausted")
        assert g["turns"] >= players
        assert g["winners"] and all(g["banks"][w] == max(g["banks"]) for w in g["winners"])
        assert all(isinstance(m, bool) for m in g["missions"])
    assert summary["games"] == 2 and sum(summary["ends"].values()) == 2
    assert sum(summary["seat_wins"]) >= 2 and len(summary["seat_win_rates"]) == players
    dealt = sum(m["dealt"] for m in summary["missions"].values())
    assert dealt == 2 * players


def test_selfplay_is_reproducible_and_rotates_seats() -> None:
    args = ("selfplay", "golden-city", "--players", "3", "--games", "3", "--seed", "4",
            "--bots", "heuristic,random,random", "--json")  # fmt: skip
    first = goldnet(*args)
    assert first.returncode == 0, first.stderr
    assert goldnet(*args).stdout == first.stdout
    games = [json.loads(line) for line in first.stdout.splitlines()[:-1]]
    assert [g["bots"].index("heuristic") for g in games] == [0, 2, 1]


def test_selfplay_text_names_the_end_turns_banks_missions_and_winners() -> None:
    result = goldnet("selfplay", "golden-city", "--players", "2", "--games", "2", "--bots",
                     "heuristic,random")  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert all(
        ("station" in line or "exhausted" in line) and "turns" in line and "banks:" in line
        and "missions:" in line and "winner:" in line
        for line in lines[:2]
    )  # fmt: skip
    assert any(line.strip().startswith("ends: station") for line in lines)
    assert any("seat 1" in line for line in lines)


@pytest.mark.parametrize("seed", [0, 1])
def test_bench_position_is_a_move_on_the_surface_or_below(seed: int) -> None:
    st, seat = bench_position(seed)
    assert st.awaiting() == TurnOf(seat) and st.todo[0][0] == "move"
    assert st.legal_actions(seat)
    assert st.in_mine(seat) == bool(seed % 2)

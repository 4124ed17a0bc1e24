"""The maintainer tool ``tools/balance_golden_city.py`` still runs on the engine and bots as they
are: a short seeded run gives consistent figures and reproduces itself."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

TOOL = Path(__file__).resolve().parent.parent / "tools" / "balance_golden_city.py"


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("balance_golden_city", TOOL)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert _tool().main(["--players", "2,3", "--games", "3", "--jobs", "1", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_a_short_run_gives_consistent_figures_and_reproduces(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = _run(capsys, "--bots", "random")
    again = _run(capsys, "--bots", "random")
    assert [f for f in first["sizes"]] == [f for f in again["sizes"]]
    for size in first["sizes"]:
        assert size["games"] == 3 and size["too_long"] == 0
        assert size["station"][0] + size["exhausted"][0] == pytest.approx(1.0)
        assert sum(w[0] for w in size["seat_wins"]) == pytest.approx(1.0, abs=1e-3)
        assert sum(m["dealt"] for m in size["missions"].values()) == 3 * size["seats"]
        assert set(size["tools"]) == {"revolver", "sieve", "horse", "lantern", "pony", "pickaxe"}


def test_a_forced_tool_is_bought_by_one_seat_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    result = _run(capsys, "--override", '{"force": "sieve", "prices": [6, 1, 4, 2, 3, 4]}')
    for size in result["sizes"]:
        assert size["tools"]["sieve"]["bought_in"][0] >= 1 / size["seats"]
        assert size["tools"]["sieve"]["mean_price"] <= 1.0


def test_a_bad_override_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        _tool().main(["--override", '{"prices": "cheap"', "--games", "1"])
    assert exc.value.code == 2
    assert "--override" in capsys.readouterr().err

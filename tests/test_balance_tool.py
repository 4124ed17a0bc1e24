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
    argv = ["--players", "2,3", "--games", "3", "--jobs", "1", "--json", *args]
    assert _tool().main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_a_short_run_gives_consistent_figures_and_reproduces(
    capsys: pytest.CaptureFixture[str],
) -> None:
    first = _run(capsys, "--bots", "random", "--no-forced")
    again = _run(capsys, "--bots", "random", "--no-forced")
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


def _buy(price: int, credit: float) -> dict:
    return {"tool": "lantern", "seat": 0, "price": price, "credit": credit, "ride": 0,
            "turns": 0, "lit": 0}  # fmt: skip


def test_a_payback_counts_only_purchases_at_a_price_and_needs_enough_of_them() -> None:
    tool = _tool()
    free = tool.payback([_buy(0, 5.0)] * 100, lambda b: b["credit"])
    assert free["payback"] is None and free["free_purchases"] == 100
    few = tool.payback([_buy(1, 2.0)] * (tool.MIN_PRICED - 1), lambda b: b["credit"])
    assert few["payback"] is None and few["priced_purchases"] == tool.MIN_PRICED - 1
    mixed = tool.payback([_buy(1, 2.0)] * tool.MIN_PRICED + [_buy(0, 9.0)], lambda b: b["credit"])
    assert mixed["payback"] == 2.0 and mixed["free_purchases"] == 1


def test_a_tool_without_a_figure_fails_the_payback_target(
    capsys: pytest.CaptureFixture[str],
) -> None:
    tool = _tool()
    size = _run(capsys, "--bots", "random", "--no-forced")["sizes"][0]
    for t in size["tools"].values():
        t["payback"], t["bought_in"] = 1.5, (0.5, 0.4, 0.6)
    assert tool.targets(size)["each tool pays back"]
    lantern = size["tools"]["lantern"]
    lantern["payback"] = None
    assert not tool.targets(size)["each tool pays back"]  # no figure: no pass
    lantern["forced"] = {"payback": 1.5, "bank_payback": (0.9, 0.5, 1.3)}
    assert tool.targets(size)["each tool pays back"]  # attributed, the banks agree
    lantern["forced"]["bank_payback"] = (0.5, 0.2, 0.9)
    assert not tool.targets(size)["each tool pays back"]  # the banks say it does not


def test_a_tool_bought_too_seldom_is_measured_by_a_forced_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["--players", "2", "--games", "2", "--jobs", "1", "--json", "--bots", "random"]
    assert _tool().main(argv) == 0
    size = json.loads(capsys.readouterr().out)["sizes"][0]
    for name, t in size["tools"].items():
        assert t["payback"] is None  # two games: too few purchases for any figure
        forced = t["forced"]
        assert forced["tool"] == name and forced["games"] == 2
        assert forced["purchases_per_game"] >= 0 and "bank_payback" in forced

"""How goldnet starts another goldnet (goldnet/launch.py): the same command line whether it
runs as Python code or frozen in a desktop bundle, and the bundle's hidden module runner."""

from __future__ import annotations

import subprocess
import sys

import pytest

from goldnet import __version__, launch


def test_a_goldnet_command_from_python_runs_the_package_with_this_interpreter() -> None:
    assert launch.goldnet_command("demo", "mountains-rivers", is_frozen=False) == [
        sys.executable,
        "-m",
        "goldnet",
        "demo",
        "mountains-rivers",
    ]


def test_a_goldnet_command_in_a_bundle_runs_the_bundle_itself(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", "/opt/goldnet/goldnet")
    assert launch.frozen()
    assert launch.goldnet_command("host", "golden-city") == [
        "/opt/goldnet/goldnet",
        "host",
        "golden-city",
    ]
    assert launch.module_command("goldnet.bench_relay", "{}") == [
        "/opt/goldnet/goldnet",
        launch.RUN_MODULE,
        "goldnet.bench_relay",
        "{}",
    ]


def test_not_frozen_by_default() -> None:
    assert not launch.frozen()
    assert launch.module_command("goldnet.bench_roll", "5") == [
        sys.executable,
        "-m",
        "goldnet.bench_roll",
        "5",
    ]


@pytest.mark.parametrize("module", ["os", "json.tool", "goldnet..x", "ui.first_paint; rm", ""])
def test_only_goldnets_own_modules_are_run(module: str) -> None:
    with pytest.raises(ValueError, match="not a goldnet module"):
        launch.module_command(module, is_frozen=True)


def test_the_entry_point_refuses_a_foreign_module_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert launch.entry([launch.RUN_MODULE, "os"]) == 2
    assert launch.entry([launch.RUN_MODULE]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "goldnet: not a goldnet module: 'os'",
        f"goldnet: {launch.RUN_MODULE} needs a module name",
    ]


def test_the_entry_point_runs_a_goldnet_command_and_a_module_in_a_real_process() -> None:
    """What the bundle's program does, run here by the same entry function."""
    run = "from goldnet.launch import entry; import sys; sys.exit(entry())"
    version = subprocess.run(
        [sys.executable, "-c", run, "--version"], capture_output=True, text=True, timeout=120
    )
    assert version.returncode == 0 and __version__ in version.stdout
    module = subprocess.run(
        [sys.executable, "-c", run, launch.RUN_MODULE, "goldnet.bench_ui", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert module.returncode == 0 and "--bundle PROGRAM" in module.stdout

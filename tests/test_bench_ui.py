"""The ``goldnet bench`` figure of the lobby's first paint (goldnet/bench_ui.py): its shape,
and that it measures a real window in a real process (never a timed assertion)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from goldnet import bench_ui


def test_the_lobby_first_paint_figure_and_its_reference() -> None:
    figures = bench_ui.run_ui_bench(runs=1)
    figure = figures["lobby first paint"]
    assert figure["unit"] == "s" and figure["runs"] == 1 and figure["target"] == "<= 1.5 s"
    assert 0 < figure["reference"] < bench_ui.RUN_TIMEOUT
    assert 0 < figure["median"] < bench_ui.RUN_TIMEOUT
    assert "bare QWidget window" in figure["reference_name"]


def test_a_window_that_never_paints_is_a_clear_error(tmp_path: Path) -> None:
    never = [sys.executable, "-c", "import sys; sys.exit('no display here')"]
    with pytest.raises(RuntimeError, match=r"the bare window did not paint .*no display here"):
        bench_ui.first_paint("bare", tmp_path, never)


def test_another_installation_is_timed_through_its_launcher(tmp_path: Path) -> None:
    """The figure of another goldnet (here: this interpreter named explicitly, as the bundle's
    smoke test names a pip-installed one) is taken the same way."""
    launcher = bench_ui.launcher_for(sys.executable, bundle=False)
    assert launcher == [sys.executable, "-m", "ui.first_paint"]
    assert 0 < bench_ui.first_paint("bare", tmp_path, launcher) < bench_ui.RUN_TIMEOUT
    bundle = bench_ui.launcher_for("/opt/goldnet/goldnet", bundle=True)
    assert bundle == ["/opt/goldnet/goldnet", "--goldnet-run-module", "ui.first_paint"]


def test_a_missing_program_or_no_runs_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    """A bad argument names what is wrong and exits 2, before anything is started."""
    from goldnet.bench_ui import _main

    for argv in (["3", "--bundle", "/nonexistent/goldnet"], ["0"]):
        with pytest.raises(SystemExit) as ended:
            _main(argv)
        assert ended.value.code == 2
    err = capsys.readouterr().err
    assert "no program to run at '/nonexistent/goldnet'" in err and "at least 1" in err

"""Crash reports for what ``sys.excepthook`` alone does not see (goldnet/diagnostics.py,
ui/desktop.py): another thread's uncaught exception, a bug in the network loop or in the dealing
worker, an exception inside a Qt slot or virtual method, and a native crash (a real process
that segfaults, reported at the next start). Each report is written once per run, is redacted
and is offered once."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QMessageBox

from goldnet import diagnostics
from goldnet.net.loop import LoopThread
from goldnet.profile import Profile
from ui import desktop

from .conftest import open_window

ROOT = Path(__file__).resolve().parents[2]
SECRET = os.urandom(24).hex()  # a key-like run: never in a report


@pytest.fixture
def reporter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[diagnostics.CrashReporter]:
    """An installed reporter whose previous hooks only record (pytest's own would warn)."""
    printed: list[object] = []
    monkeypatch.setattr(sys, "excepthook", lambda *info: printed.append(info[1]))
    monkeypatch.setattr(threading, "excepthook", lambda args: printed.append(args.exc_value))
    reporter = diagnostics.CrashReporter(tmp_path / "profile", tmp_path / "logs")
    assert reporter.install() is None  # no native crash left by a previous run
    yield reporter
    reporter.uninstall()


def only_report(profile_folder: Path) -> str:
    reports = diagnostics.unseen_reports(profile_folder)
    assert len(reports) == 1, reports
    text = reports[0].read_text(encoding="utf-8")
    assert SECRET not in text and "<redacted>" in text
    return text


def test_another_thread_s_uncaught_error_writes_one_report(
    reporter: diagnostics.CrashReporter, tmp_path: Path
) -> None:
    def worker() -> None:
        raise RuntimeError(f"a worker failed with the seed {SECRET}")

    for name in ("goldnet-worker", "second"):
        thread = threading.Thread(target=worker, name=name)
        thread.start()
        thread.join(10)
    text = only_report(tmp_path / "profile")  # once per run: the second wrote none
    assert "where: thread goldnet-worker" in text and "RuntimeError: a worker failed" in text
    hook = threading.excepthook
    reporter.uninstall()
    assert threading.excepthook is not hook  # restored


def test_a_bug_in_the_network_loop_is_reported_a_network_error_only_logged(
    reporter: diagnostics.CrashReporter, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    loop = LoopThread()
    loop.start()
    done = threading.Event()

    def refused() -> None:
        raise ConnectionResetError("the peer went away")

    def bug() -> None:
        try:
            raise KeyError(f"no seat {SECRET}")
        finally:
            loop.call(done.set)

    try:
        with caplog.at_level(logging.WARNING, logger="goldnet.net.loop"):
            loop.call(refused)
            loop.call(bug)
            assert done.wait(10)
    finally:
        loop.stop()
    text = only_report(tmp_path / "profile")
    assert "where: thread goldnet-net" in text and "KeyError" in text
    assert "ConnectionResetError" not in text
    warned = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warned) == 1 and "the peer went away" in warned[0].getMessage()


def test_a_bug_while_dealing_is_reported_and_told(
    qtbot: Any,
    reporter: diagnostics.CrashReporter,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import ui.dealing
    from ui.controller import GameSetup

    def broken(*args: Any) -> Any:
        raise AttributeError(f"a bug with {SECRET}")

    monkeypatch.setattr(ui.dealing, "new_game", broken)
    dealer = ui.dealing.Dealer()
    setup = GameSetup("mountains-rivers", (4,), 0, "greedy", ("Ada", "bot"), ("red", "blue"), 1)
    with qtbot.waitSignal(dealer.failed, timeout=10000) as failed:
        dealer.deal(setup, None, Profile(tmp_path / "p"))
    dealer.join()
    assert failed.args is not None and "a bug with" in failed.args[0]
    text = only_report(tmp_path / "profile")
    assert "where: thread goldnet-deal: dealing a game" in text and "AttributeError" in text


class _Broken(QObject):
    def event(self, event: QEvent) -> bool:  # a Qt virtual method
        if event.type() == QEvent.Type.User:
            raise ValueError(f"a virtual failed: {SECRET}")
        return super().event(event)


@pytest.mark.qt_no_exception_capture
@pytest.mark.parametrize("where", ["slot", "virtual"])
def test_an_error_in_a_qt_slot_or_virtual_reaches_the_report(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    from PySide6.QtCore import QCoreApplication

    monkeypatch.setattr(sys, "excepthook", lambda *info: None)
    started = desktop.start(tmp_path / "p", default_profile=False)
    assert started is not None
    try:
        if where == "slot":

            def slot() -> None:
                raise ValueError(f"a slot failed: {SECRET}")

            QTimer.singleShot(0, slot)
        else:
            target = _Broken()
            QCoreApplication.postEvent(target, QEvent(QEvent.Type.User))
        qtbot.waitUntil(lambda: started.crash_report is not None, timeout=5000)
    finally:
        started.close()
    text = only_report(tmp_path / "p")
    assert f"ValueError: a {where} failed: <redacted>" in text


NATIVE = r"""
import faulthandler, logging, sys
from pathlib import Path
from goldnet import diagnostics

profile = Path(sys.argv[1])
diagnostics.setup_logging(profile / "logs")
logging.getLogger("goldnet.test").info("about to fail natively, seed %s", sys.argv[2])
diagnostics.CrashReporter(profile, profile / "logs").install()
faulthandler._sigsegv()
"""


def test_a_native_crash_is_reported_and_offered_once_at_the_next_start(
    qtbot: Any, tmp_path: Path
) -> None:
    profile = Profile(tmp_path / "profile")
    script = tmp_path / f"seed-{SECRET}.py"  # its path is in the fault's stack: redacted too
    script.write_text(NATIVE, encoding="utf-8")
    crashed = subprocess.run(
        [sys.executable, str(script), str(profile.folder), SECRET],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert crashed.returncode != 0, crashed.stderr
    assert diagnostics.unseen_reports(profile.folder) == []  # nothing written while crashing
    faults = diagnostics.faults_file(profile.folder, profile.folder / "logs")
    assert faults.is_file()

    started = desktop.start(profile.folder, default_profile=False)
    assert started is not None
    try:
        text = only_report(profile.folder)
        assert "crash report (native)" in text and "Segmentation fault" in text
        assert "goldnet run: goldnet=" in text  # the crashed run's versions
        assert "about to fail natively, seed <redacted>" in text  # its last log lines
        assert faults.is_file() and faults.read_text().startswith("goldnet run")  # this run's
        window = open_window(qtbot, profile)
        box = started.offer_crash_reports(window)
        assert isinstance(box, QMessageBox)
        box.close()
        assert started.offer_crash_reports(window) is None  # offered once
    finally:
        started.close()
    assert not faults.exists()  # a clean end leaves no faults file: nothing reported next time
    again = desktop.start(profile.folder, default_profile=False)
    assert again is not None
    again.close()
    assert diagnostics.unseen_reports(profile.folder) == []

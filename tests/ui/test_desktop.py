"""The window as a desktop application (ui/desktop.py, ui/single_instance.py): one window per
profile — a second start wakes the first, in-process and as real processes — a socket left by a
crash does not lock the profile, and a crash report is offered once at the next start."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtNetwork import QLocalSocket
from PySide6.QtWidgets import QMessageBox

from goldnet import APP_ID, diagnostics
from ui import desktop
from ui.single_instance import WAKE, SingleInstance, server_name

from .conftest import open_window

ROOT = Path(__file__).resolve().parents[2]


def test_one_window_per_profile_and_the_second_start_wakes_the_first(
    qtbot: Any, tmp_path: Path
) -> None:
    (tmp_path / "alice").mkdir()
    first = SingleInstance(tmp_path / "alice")
    assert first.claim()
    try:
        with qtbot.waitSignal(first.woken, timeout=5000):
            assert not SingleInstance(tmp_path / "alice" / ".." / "alice").claim()
        other = SingleInstance(tmp_path / "bob")  # another profile: its own window
        assert other.claim()
        other.release()
    finally:
        first.release()
    again = SingleInstance(tmp_path / "alice")  # released: the next window takes it
    assert again.claim()
    again.release()


def test_anything_but_the_wake_word_is_ignored(qtbot: Any, tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    first = SingleInstance(tmp_path / "p")
    assert first.claim()
    woken: list[int] = []
    first.woken.connect(lambda: woken.append(1))
    try:
        client = QLocalSocket()
        client.connectToServer(server_name(tmp_path / "p"))
        assert client.waitForConnected(2000)
        client.write(b"x" * len(WAKE) + b"\n")
        client.waitForBytesWritten(2000)
        qtbot.wait(300)  # the server reads it
        client.disconnectFromServer()
        qtbot.wait(100)
        assert woken == []
    finally:
        first.release()


@pytest.mark.skipif(os.name != "posix", reason="Unix domain sockets leave a file behind")
def test_a_socket_left_by_a_crashed_window_does_not_lock_the_profile(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    path = Path(server_name(tmp_path / "p"))
    assert path.parent == tmp_path / "p"  # inside the profile, its owner's only
    stale = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    stale.bind(str(path))  # bound, never listening, never removed: what a crash leaves
    stale.close()
    try:
        instance = SingleInstance(tmp_path / "p")
        assert instance.claim() and instance.server is not None
        instance.release()
    finally:
        path.unlink(missing_ok=True)


def test_a_crash_report_is_offered_once_at_the_next_start(qtbot: Any, tmp_path: Path) -> None:
    from goldnet.profile import Profile

    profile = Profile(tmp_path / "profile")
    try:
        raise ValueError("boom")
    except ValueError:
        kind, error, trace = sys.exc_info()
    report = diagnostics.write_crash_report(profile.folder, kind, error, trace)  # type: ignore[arg-type]
    assert report is not None
    started = desktop.start(profile.folder, default_profile=False)
    assert started is not None
    try:
        assert started.log_file == profile.folder / "logs" / "goldnet.log"
        window = open_window(qtbot, profile)
        box = started.offer_crash_reports(window)
        assert isinstance(box, QMessageBox) and box.isVisible()
        assert str(report) + ".seen" in box.informativeText()
        assert not report.exists() and Path(str(report) + ".seen").is_file()
        box.close()
        assert started.offer_crash_reports(window) is None  # offered once
    finally:
        started.close()


@pytest.mark.qt_no_exception_capture
def test_an_uncaught_error_writes_one_report(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    printed: list[object] = []
    monkeypatch.setattr(sys, "excepthook", lambda *info: printed.append(info[1]))
    previous = sys.excepthook
    started = desktop.start(tmp_path, default_profile=False)
    assert started is not None
    try:
        for _ in range(2):
            try:
                raise KeyError("uncaught")
            except KeyError:
                sys.excepthook(*sys.exc_info())
    finally:
        started.close()
    assert sys.excepthook is previous and len(printed) == 2  # still printed, both times
    reports = diagnostics.unseen_reports(tmp_path)
    assert len(reports) == 1 and "KeyError: 'uncaught'" in reports[0].read_text()


def test_the_window_tells_the_desktop_its_app_id(qtbot: Any) -> None:
    from PySide6.QtWidgets import QApplication

    desktop.identify()
    assert QApplication.desktopFileName() == APP_ID
    assert not QApplication.windowIcon().isNull()


def _connectable(name: str) -> bool:
    probe = QLocalSocket()
    probe.connectToServer(name)
    ok = probe.waitForConnected(200)
    probe.abort()
    return ok


def test_a_second_goldnet_on_the_same_profile_exits_and_leaves_the_first(
    qtbot: Any, tmp_path: Path
) -> None:
    """Real processes: the window, then a second ``goldnet`` on its profile."""
    env = {
        **os.environ,
        "GOLDNET_HOME": str(tmp_path / "shared"),
        "QT_QPA_PLATFORM": "offscreen",
        "GOLDNET_MDNS_INTERFACES": "127.0.0.1",
    }
    first = subprocess.Popen(
        [sys.executable, "-m", "goldnet"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        name = server_name(tmp_path / "shared")
        deadline = time.monotonic() + 60
        while not _connectable(name):
            assert first.poll() is None, first.stderr.read() if first.stderr else ""
            assert time.monotonic() < deadline, "the first window never claimed its profile"
            time.sleep(0.2)
        second = subprocess.run(
            [sys.executable, "-m", "goldnet"],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert second.returncode == 0
        assert "open in another goldnet window" in second.stderr
        assert first.poll() is None  # the first window goes on
    finally:
        first.terminate()
        try:
            first.wait(20)
        except subprocess.TimeoutExpired:
            first.kill()
            first.wait()
        if first.stderr is not None:
            first.stderr.close()


def test_an_error_out_of_the_window_itself_is_reported(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import ui.app

    def broken(*args: Any, **kwargs: Any) -> None:
        raise OSError("the journal's disk is gone")

    monkeypatch.setattr(ui.app, "MainWindow", broken)
    previous = sys.excepthook
    with pytest.raises(OSError):
        ui.app.run(profile=str(tmp_path / "p"))
    assert sys.excepthook is previous
    (report,) = diagnostics.unseen_reports(tmp_path / "p")
    assert "OSError: the journal's disk is gone" in report.read_text(encoding="utf-8")
    again = SingleInstance(tmp_path / "p")  # the profile was given back
    assert again.claim() and again.server is not None
    again.release()

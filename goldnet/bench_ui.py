"""``goldnet bench`` figure of the desktop client: the lobby's first paint (issue 10).

Each run is a fresh Python process started by :func:`first_paint`, on Qt's ``offscreen``
platform: the real ``goldnet`` window (``goldnet.cli.main([])``, the command with no
sub-command) or, as the reference measured the same way in the same run, a bare ``QWidget``
window of the same size. The time runs from just before the process is spawned to the end of
the event-loop pass that painted the window for the first time (the whole first frame, its
children included): what a player waits for between starting the program and seeing it.

The window runs with a profile of its own (``GOLDNET_HOME``, a temporary folder made for the
bench and removed after it, created by one unmeasured first launch) and browses the LAN on
loopback only (``GOLDNET_MDNS_INTERFACES``). Runs alternate between the two windows, so a busy
machine slows both alike.

Invariants: ``goldnet/`` does not import Qt, so Qt is imported only by the script the
subprocess runs (:data:`CHILD`); every run is bounded by :data:`RUN_TIMEOUT`.
"""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

RUN_TIMEOUT = 60.0
"""Seconds one run may take before it is killed and the bench fails."""

TARGET = "<= 1.5 s"

CHILD = r"""
import os, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget

app = QApplication(["goldnet"])


def painted():
    print("painted", flush=True)
    os._exit(0)  # the figure is taken: nothing else of this process is measured


class FirstPaint(QObject):
    def eventFilter(self, watched, event):
        if (
            event.type() == QEvent.Type.Paint
            and watched.isWidgetType()
            and watched.isWindow()
        ):
            app.removeEventFilter(self)
            QTimer.singleShot(0, painted)  # after the rest of this frame is painted
        return False


watch = FirstPaint()
app.installEventFilter(watch)
if sys.argv[1] == "bare":
    window = QWidget()
    window.resize(1280, 860)
    window.show()
    app.exec()
else:
    from goldnet.cli import main

    main([])
print("closed without painting", flush=True)
"""


def first_paint(kind: str, home: Path) -> float:
    """Seconds from spawning a process to the end of its first frame: ``kind`` is ``"bare"``
    (a bare ``QWidget`` window) or ``"lobby"`` (the ``goldnet`` window, profile ``home``).

    Raises:
        RuntimeError: the process ended, or ran past :data:`RUN_TIMEOUT`, without painting
            (with the last lines it wrote on stderr).
    """
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "GOLDNET_HOME": str(home),
        "GOLDNET_MDNS_INTERFACES": "127.0.0.1",
    }
    with tempfile.TemporaryFile() as errors:
        began = time.perf_counter()
        proc = subprocess.Popen(
            [sys.executable, "-c", CHILD, kind],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=errors,
            env=env,
        )
        try:
            line, at = _first_line(proc, RUN_TIMEOUT)
        finally:
            if proc.poll() is None:
                proc.kill()
            proc.wait(RUN_TIMEOUT)
        if line != b"painted":
            errors.seek(0)
            tail = errors.read().decode(errors="replace").strip().splitlines()[-3:]
            said = line.decode(errors="replace") or "nothing"
            raise RuntimeError(f"the {kind} window did not paint (it said {said}): {tail}")
    return at - began


def _first_line(proc: subprocess.Popen[bytes], timeout: float) -> tuple[bytes, float]:
    """The first line ``proc`` writes on stdout (stripped; ``b""`` if none within ``timeout``
    seconds, then ``proc`` is killed) and when it was read (``time.perf_counter()``). Read in
    a thread: a pipe cannot be waited on with a timeout on every platform."""
    got: list[tuple[bytes, float]] = []

    def read() -> None:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        got.append((line.strip(), time.perf_counter()))

    reader = threading.Thread(target=read, name="bench-ui-reader", daemon=True)
    reader.start()
    reader.join(timeout)
    if not got:
        proc.kill()  # the read ends with the pipe
        reader.join(timeout)
    assert proc.stdout is not None
    proc.stdout.close()
    return got[0] if got else (b"", time.perf_counter())


def run_ui_bench(runs: int = 10) -> dict[str, Any]:
    """The figure ``lobby first paint``: the median of ``runs`` launches of the ``goldnet``
    window (seconds), its target, and the median of as many bare windows launched in
    alternation (``reference``). Shape as :func:`goldnet.bench.run_bench`'s figures, plus
    ``reference`` (seconds) and ``reference_name``.

    Raises:
        RuntimeError: a window did not paint (:func:`first_paint`).
    """
    home = Path(tempfile.mkdtemp(prefix="goldnet-bench-ui-"))
    try:
        first_paint("lobby", home)  # first launch: makes the profile; not measured
        lobby: list[float] = []
        bare: list[float] = []
        for _ in range(max(1, runs)):
            bare.append(first_paint("bare", home))
            lobby.append(first_paint("lobby", home))
    finally:
        shutil.rmtree(home, ignore_errors=True)
    return {
        "lobby first paint": {
            "median": statistics.median(lobby),
            "unit": "s",
            "runs": len(lobby),
            "target": TARGET,
            "reference": statistics.median(bare),
            "reference_name": "a bare QWidget window's first paint, measured the same way",
        }
    }


if __name__ == "__main__":  # python -m goldnet.bench_ui: this figure alone
    import json

    print(json.dumps(run_ui_bench(int(sys.argv[1]) if len(sys.argv) > 1 else 10)))

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

The same figure can be taken of another goldnet — a desktop bundle, or a ``pip install`` in
another environment — by giving its launcher (:func:`launcher_for`; ``python -m
goldnet.bench_ui RUNS --bundle PROGRAM`` or ``--python INTERPRETER``): the bundle's smoke test
compares the two that way (``tools/smoke-bundle.sh``).

Invariants: ``goldnet/`` does not import Qt, so Qt is imported only by the module the
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
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .launch import RUN_MODULE, module_command

RUN_TIMEOUT = 60.0
"""Seconds one run may take before it is killed and the bench fails."""

TARGET = "<= 1.5 s"

CHILD = "ui.first_paint"
"""The module each measured process runs (it imports Qt; goldnet/ does not)."""


def first_paint(kind: str, home: Path, launcher: Sequence[str] | None = None) -> float:
    """Seconds from spawning a process to the end of its first frame: ``kind`` is ``"bare"``
    (a bare ``QWidget`` window) or ``"lobby"`` (the ``goldnet`` window, profile ``home``).

    ``launcher`` is the command that runs :data:`CHILD` with ``kind`` appended (default: this
    goldnet's, :func:`goldnet.launch.module_command`; another installation's or a bundle's
    to time that one, see :func:`launcher_for`).

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
            [*(launcher or module_command(CHILD)), kind],
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


def launcher_for(program: str | Path, *, bundle: bool) -> list[str]:
    """The launcher (see :func:`first_paint`) of another goldnet: ``program`` is a bundle's
    ``goldnet`` program (``bundle=True``) or the Python interpreter of an environment where
    goldnet is installed."""
    if bundle:
        return [str(program), RUN_MODULE, CHILD]
    return [str(program), "-m", CHILD]


def run_ui_bench(runs: int = 10, launcher: Sequence[str] | None = None) -> dict[str, Any]:
    """The figure ``lobby first paint``: the median of ``runs`` launches of the ``goldnet``
    window (seconds), its target, and the median of as many bare windows launched in
    alternation (``reference``). Shape as :func:`goldnet.bench.run_bench`'s figures, plus
    ``reference`` (seconds) and ``reference_name``. ``launcher``: as for :func:`first_paint`.

    Raises:
        RuntimeError: a window did not paint (:func:`first_paint`).
    """
    home = Path(tempfile.mkdtemp(prefix="goldnet-bench-ui-"))
    try:
        first_paint("lobby", home, launcher)  # first launch: makes the profile; not measured
        lobby: list[float] = []
        bare: list[float] = []
        for _ in range(max(1, runs)):
            bare.append(first_paint("bare", home, launcher))
            lobby.append(first_paint("lobby", home, launcher))
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


def _main(argv: Sequence[str]) -> int:
    import argparse
    import json
    import shutil

    parser = argparse.ArgumentParser(prog="python -m goldnet.bench_ui", description=__doc__)
    parser.add_argument("runs", nargs="?", type=int, default=10)
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--bundle", metavar="PROGRAM", help="time this bundle's goldnet program")
    which.add_argument("--python", metavar="INTERPRETER", help="time the goldnet installed there")
    args = parser.parse_args(argv)
    program = args.bundle or args.python
    if program and shutil.which(program) is None:
        parser.error(f"no program to run at {program!r}")
    if args.runs < 1:
        parser.error("runs must be at least 1")
    launcher = None
    if args.bundle:
        launcher = launcher_for(args.bundle, bundle=True)
    elif args.python:
        launcher = launcher_for(args.python, bundle=False)
    try:
        print(json.dumps(run_ui_bench(args.runs, launcher)))
    except RuntimeError as exc:
        print(f"goldnet.bench_ui: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":  # python -m goldnet.bench_ui: this figure alone
    sys.exit(_main(sys.argv[1:]))

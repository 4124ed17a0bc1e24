"""Helpers shared by the tests that start real ``goldnet`` processes (tests/net, tests/ui).

Every process keeps mDNS on loopback (GOLDNET_MDNS_INTERFACES) and ignores GOLDNET_HOME.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
LOOPBACK = "127.0.0.1"


def environment() -> dict[str, str]:
    env = {**os.environ, "GOLDNET_MDNS_INTERFACES": LOOPBACK}
    env.pop("GOLDNET_HOME", None)
    return env


def goldnet(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "goldnet", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment(),
        timeout=timeout,
    )


class Process:
    """A ``goldnet`` process in the background, its output in files (read while it runs);
    ``module``: another Python module to run (``python -m MODULE ARGS``), e.g. a test's GUI
    peer (tests/ui/gui_peer.py)."""

    def __init__(self, folder: Path, label: str, *args: str, module: str = "goldnet") -> None:
        self.out_path = folder / f"{label}.out"
        self.err_path = folder / f"{label}.err"
        self._out: IO[bytes] = self.out_path.open("wb")
        self._err: IO[bytes] = self.err_path.open("wb")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", module, *args],
            stdout=self._out,
            stderr=self._err,
            cwd=ROOT,
            env=environment(),
        )

    def lines(self) -> list[str]:
        return self.out_path.read_text().splitlines()

    def first_json(self, timeout: float = 20) -> dict[str, Any]:
        wait_for(lambda: bool(self.lines()) or self.proc.poll() is not None, timeout)
        assert self.lines(), f"no output; stderr: {self.err_path.read_text()}"
        value: dict[str, Any] = json.loads(self.lines()[0])
        return value

    def finish(self, timeout: float = 60) -> dict[str, Any]:
        """Wait for a clean exit; the last stdout line as JSON."""
        status = self.proc.wait(timeout)
        assert status == 0, f"exit {status}: {self.err_path.read_text()}"
        value: dict[str, Any] = json.loads(self.lines()[-1])
        return value

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self._out.close()
        self._err.close()


def wait_for(condition: Callable[[], bool], timeout: float) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("condition not reached in time")
        time.sleep(0.05)

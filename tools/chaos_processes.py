"""The chaos driver's processes (part of ``tools/chaos.py``): each ``goldnet`` process of a game
started in its own session with its output in files, stopped and continued together for a look
at a journal, and killed — the whole session — when the game ends.

Invariants: every process is started by :meth:`Game.start`, in a session of its own, with mDNS on
loopback and the game clock scaled by ``GOLDNET_TIME_SCALE``; :meth:`Game.stop_all` kills every
session still running and closes every output file, and is called whatever happens (the driver
calls it in a ``finally``); every wait is bounded in time (:func:`wait_for`, then RuntimeError).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

ROOT = Path(__file__).resolve().parents[1]
LOOPBACK = "127.0.0.1"
SCALE = 60
"""Game-clock seconds per real second in the peers (``GOLDNET_TIME_SCALE``): reconnection
back-off passes quickly; the abandonment time is set to its maximum so that none ends early."""


class Stopped(Exception):
    """Ctrl-C or SIGTERM: stop every process and leave."""


@dataclass
class Proc:
    """One ``goldnet`` process of a game: its command, output files and exit."""

    label: str
    profile: Path
    popen: subprocess.Popen[bytes]
    out: Path
    files: tuple[IO[bytes], IO[bytes]]

    def lines(self) -> list[str]:
        try:
            return self.out.read_text().splitlines()
        except (OSError, UnicodeDecodeError):
            return []

    def last_json(self) -> dict[str, Any] | None:
        for line in reversed(self.lines()):
            try:
                value = json.loads(line)
            except ValueError:
                continue
            return value if isinstance(value, dict) else None
        return None

    def stderr(self) -> str:
        try:
            return self.out.with_suffix(".err").read_text(errors="replace")
        except OSError:
            return ""


@dataclass
class Game:
    """The processes of one game, so that every one of them is stopped."""

    folder: Path
    scale: int = SCALE
    procs: list[Proc] = field(default_factory=list)

    def start(self, label: str, profile: Path, *args: str) -> Proc:
        out = self.folder / f"{label}.out"
        files = (out.open("wb"), out.with_suffix(".err").open("wb"))
        env = {
            **os.environ,
            "GOLDNET_MDNS_INTERFACES": LOOPBACK,
            "GOLDNET_TIME_SCALE": str(self.scale),
        }
        env.pop("GOLDNET_HOME", None)
        popen = subprocess.Popen(
            [sys.executable, "-m", "goldnet", *args, "--json", "--profile", str(profile)],
            stdout=files[0],
            stderr=files[1],
            stdin=subprocess.DEVNULL,
            cwd=ROOT,
            env=env,
            start_new_session=True,  # its whole session is killed when the game ends
        )
        proc = Proc(label, profile, popen, out, files)
        self.procs.append(proc)
        return proc

    def signal_all(self, signum: signal.Signals) -> None:
        """Send ``signum`` to the session of every process of the game still running."""
        for proc in self.procs:
            if proc.popen.poll() is None:
                with contextlib.suppress(OSError):
                    os.killpg(proc.popen.pid, signum)

    @contextlib.contextmanager
    def frozen(self) -> Any:
        """Every process of the game stopped (SIGSTOP) for the ``with`` block, then continued."""
        self.signal_all(signal.SIGSTOP)
        try:
            yield
        finally:
            self.signal_all(signal.SIGCONT)

    def stop_all(self) -> None:
        for proc in self.procs:
            if proc.popen.poll() is None:
                try:
                    os.killpg(proc.popen.pid, signal.SIGKILL)
                except OSError:
                    proc.popen.kill()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.popen.wait(10)
            for f in proc.files:
                f.close()


def wait_for(what: str, condition: Any, timeout: float) -> None:
    """Poll ``condition`` every 50 ms for at most ``timeout`` seconds (then RuntimeError)."""
    deadline = time.monotonic() + timeout
    for _ in range(int(timeout / 0.05) + 2):
        if condition():
            return
        if time.monotonic() > deadline:
            break
        time.sleep(0.05)
    raise RuntimeError(f"timed out after {timeout:.0f} s waiting for {what}")


def first_json(proc: Proc, key: str, timeout: float = 60) -> dict[str, Any]:
    """The first JSON line of ``proc`` that has ``key``."""
    found: list[dict[str, Any]] = []

    def seen() -> bool:
        for line in proc.lines():
            try:
                value = json.loads(line)
            except ValueError:
                continue
            if isinstance(value, dict) and key in value:
                found.append(value)
                return True
        if proc.popen.poll() is not None:
            raise RuntimeError(
                f"{proc.label} exited {proc.popen.returncode}: {proc.stderr()[-300:]}"
            )
        return False

    wait_for(f"{key!r} from {proc.label}", seen, timeout)
    return found[0]

"""Accept errors (issue #8): a relay out of file descriptors backs off and says so in ONE line
per episode — no flood on stderr, no traceback — and serves again once connections close.

``goldnet relay`` runs as a subprocess whose limit of open files is lowered (POSIX
``resource``, in the child only); the test opens plain TCP connections on 127.0.0.1 until the
relay cannot accept more, holds them while the relay retries, closes them, and two real
clients (TLS, pinned key, auth) are then welcomed and served.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from goldnet.bench_relay import Pair
from goldnet.net.invite import parse_invite

from ..processes import LOOPBACK, ROOT, environment, wait_for

LIMIT = 40
"""Open files allowed to the relay process: a few dozen connections at most."""


def lower_open_files() -> None:  # runs in the child, before exec
    import resource

    resource.setrlimit(resource.RLIMIT_NOFILE, (LIMIT, LIMIT))


@pytest.mark.skipif(os.name != "posix", reason="RLIMIT_NOFILE is POSIX")
def test_running_out_of_descriptors_logs_one_line_and_the_relay_recovers(tmp_path: Path) -> None:
    err_path = tmp_path / "relay.err"
    with err_path.open("wb") as err:
        relay = subprocess.Popen(
            [
                *(sys.executable, "-m", "goldnet", "relay", "--bind", LOOPBACK, "--port", "0"),
                *("--max-pending", str(3 * LIMIT)),  # the descriptors run out before the cap
            ],
            stdout=subprocess.PIPE,
            stderr=err,
            cwd=ROOT,
            env=environment() | {"GOLDNET_HOME": str(tmp_path / "profile")},
            preexec_fn=lower_open_files,
        )
    flood: list[socket.socket] = []
    try:
        assert relay.stdout is not None
        line = relay.stdout.readline().decode()
        assert line, err_path.read_text()
        invite = parse_invite(line.split("invite: ", 1)[1].strip())
        # more connections than the relay has descriptors: the kernel queues the rest
        for _ in range(3 * LIMIT):
            flood.append(socket.create_connection((LOOPBACK, invite.port), timeout=5))
        wait_for(lambda: bool(err_path.read_text().strip()), 10)  # the relay says something
        time.sleep(2.5)  # the relay retries meanwhile (every 1 s at most)
        for sock in flood:
            sock.close()
        flood.clear()
        # served again: two real clients are welcomed (Pair raises otherwise), and an
        # envelope goes from one to the other and back
        deadline = time.monotonic() + 20
        while True:
            try:
                pair = Pair(invite.port, invite.fingerprint)
                break
            except (OSError, EOFError, RuntimeError):
                assert time.monotonic() < deadline, err_path.read_text()
                time.sleep(0.2)
        assert pair.echo() > 0
        pair.close()
        assert relay.poll() is None
        text = err_path.read_text()
        lines = text.strip().splitlines()
        assert "Traceback" not in text, text
        assert len(lines) == 1, text
        assert "cannot accept connections" in lines[0]
        assert os.strerror(24) in lines[0]  # EMFILE: Too many open files
    finally:
        for sock in flood:
            sock.close()
        relay.kill()
        relay.wait()
        if relay.stdout is not None:
            relay.stdout.close()

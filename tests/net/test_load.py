"""The load run (``tools/load.py``), short: one Golden City table of 3 bot members, each a
process, through a relay process of its own, with 3 spectators and the TLS echo through the same
relay, for one game. The run must report no failure — every member ends ``over``, every member
received every other member's envelopes and every spectator every envelope of the game — and
its figures: dice and envelopes per second, die and echo latency percentiles, the relay's memory
and CPU. The full run (``python tools/load.py``: 3 tables of 6 members, 20 spectators, 10
minutes) is reported in docs/network.md.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from ..processes import ROOT, environment

LOAD = ROOT / "tools" / "load.py"


@pytest.mark.skipif(sys.platform != "linux", reason="the relay's memory and CPU are read in /proc")
def test_a_short_load_run_loses_no_envelope_and_reports_its_figures() -> None:
    short = ("--tables", "1", "--seats", "3", "--spectators", "3", "--seconds", "1")
    result = subprocess.run(
        [sys.executable, str(LOAD), *short, "--think", "0.01", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment(),
        timeout=240,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert "Traceback" not in result.stderr
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["failures"] == []
    assert report["games"] == 1 and report["dice_per_s"] > 0
    (relay,) = report["relays"]
    assert relay["games"] == 1 and relay["dice"] > 0 and relay["spectators"] == 3
    # down: each envelope to the 2 other members and the 3 spectators
    assert relay["envelopes_out_per_s"] == pytest.approx(5 * relay["envelopes_in_per_s"], 0.02)
    assert report["die_ms"]["n"] > 0 and report["die_ms"]["p50"] > 0
    assert report["echo_ms"]["n"] > 0 and report["echo_ms"]["p99"] >= report["echo_ms"]["p50"]
    assert relay["rss_peak_mib"] > 0 and relay["cpu_percent_of_a_core"] is not None

"""A laptop that sleeps mid-game (docs/security.md, "Faults"): a member's process stopped with
SIGSTOP for ten minutes of game clock, then continued with SIGCONT. It comes back to a game that
goes on (the table is patient) or that the others adjudicated abandoned while it slept — never
a corrupt game, and never one where the sleeper, waking to a clock ten minutes on, blames the
others for its own absence.

The game clock runs 60 times faster in these processes (``GOLDNET_TIME_SCALE``, as in
tests/net/test_absence.py): ten minutes are ten seconds of the test.
"""

from __future__ import annotations

import signal
import sys
import time
from pathlib import Path

import pytest

from goldnet.records import read, verify

from ..processes import wait_for
from .test_absence import PATIENT, SCALE, ended, host_and_joiner, same_verifying_record, taken

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGSTOP is POSIX")
SLEEP = 600
"""Game seconds the sleeper is stopped."""


@pytest.fixture(autouse=True)
def _fast_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOLDNET_MDNS_INTERFACES", "127.0.0.1")
    monkeypatch.setenv("GOLDNET_TIME_SCALE", str(SCALE))


def test_a_member_asleep_ten_minutes_at_a_patient_table_finishes_the_game(tmp_path: Path) -> None:
    host, joiner, _, p1 = host_and_joiner(tmp_path, *PATIENT)
    try:
        wait_for(lambda: taken(p1) >= 12 or joiner.proc.poll() is not None, 60)
        joiner.proc.send_signal(signal.SIGSTOP)
        time.sleep(SLEEP / SCALE)
        joiner.proc.send_signal(signal.SIGCONT)
        mine, theirs = ended(joiner, 0, timeout=120), ended(host, 0, timeout=120)
        assert mine["ending"] == theirs["ending"] == "over"
        same_verifying_record(mine["record"], theirs["record"])
    finally:
        for process in (host, joiner):
            process.stop()


@pytest.mark.parametrize("sleeper", ["joiner", "host"])
def test_a_member_asleep_past_the_abandonment_time_finds_the_game_abandoned_by_the_others(
    tmp_path: Path, sleeper: str
) -> None:
    """The table abandons after 300 game seconds: the member awake adjudicates, naming nobody;
    the sleeper, on waking, accepts that and never adjudicates against the one who stayed."""
    host, joiner, _, p1 = host_and_joiner(tmp_path, "--abandon-after", "300")
    asleep, awake = (joiner, host) if sleeper == "joiner" else (host, joiner)
    try:
        wait_for(lambda: taken(p1) >= 12 or joiner.proc.poll() is not None, 60)
        asleep.proc.send_signal(signal.SIGSTOP)
        time.sleep(SLEEP / SCALE)
        asleep.proc.send_signal(signal.SIGCONT)
        theirs = ended(awake, 3, timeout=120)
        assert theirs["ending"] == "abandoned" and "culprit" not in theirs
        seat_awake = 0 if awake is host else 1
        checked = verify(read(Path(str(theirs["record"]))))
        assert (checked.ending, checked.culprit, checked.by) == ("abandoned", None, seat_awake)
        mine = ended(asleep, 3, timeout=120)  # on waking: the others' adjudication
        assert mine["ending"] == "abandoned" and "culprit" not in mine
        checked = verify(read(Path(str(mine["record"]))))
        assert (checked.ending, checked.culprit, checked.by) == ("abandoned", None, seat_awake)
    finally:
        for process in (host, joiner):
            process.stop()

"""Absence is not cheating: whole games between real ``goldnet`` processes on 127.0.0.1 where a
member (or the relay) goes away — killed with SIGKILL — and comes back, re-hosts, or never does.

The game clock runs 60 times faster in these processes (``GOLDNET_TIME_SCALE=60``): "two
minutes later" is two seconds of the test, and a table's abandonment time of 300 s is 5 s.
"""

from __future__ import annotations

import json
import os
import signal
import time
from pathlib import Path

import pytest

from goldnet.net.journal import read_journal
from goldnet.records import read, verify

from ..processes import LOOPBACK, Process, goldnet, wait_for

SCALE = 60
PATIENT = ("--abandon-after", "3600")
"""An hour of game clock (a minute of the test) for the tests whose game must not end
abandoned: a busy machine can take several seconds to restart a process."""


@pytest.fixture(autouse=True)
def _fast_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOLDNET_MDNS_INTERFACES", LOOPBACK)
    monkeypatch.setenv("GOLDNET_TIME_SCALE", str(SCALE))


def journal_of(profile: Path) -> Path | None:
    found = sorted((profile / "journal").glob("*.journal"))
    return found[0] if found else None


def taken(profile: Path) -> int:
    """How many envelopes of the others this profile's journal holds (0 while unreadable)."""
    path = journal_of(profile)
    try:
        return 0 if path is None else len(read_journal(path).incoming)
    except Exception:
        return 0


def kill(process: Process) -> None:
    process.proc.send_signal(signal.SIGKILL)
    assert process.proc.wait(5) == -signal.SIGKILL


def away(game_seconds: float) -> None:
    """Let ``game_seconds`` of the processes' game clock pass."""
    time.sleep(game_seconds / SCALE)


def ended(process: Process, status: int, timeout: float = 60) -> dict[str, object]:
    """Wait for ``process`` to exit with ``status``; its last stdout line as JSON."""
    code = process.proc.wait(timeout)
    assert code == status, f"exit {code}: {process.err_path.read_text()}"
    assert "Traceback" not in process.err_path.read_text()
    value: dict[str, object] = json.loads(process.lines()[-1])
    return value


def same_verifying_record(*paths: object) -> None:
    data = {Path(str(p)).read_bytes() for p in paths}
    assert len(data) == 1, "the peers' records differ"
    checked = verify(read(Path(str(paths[0]))))
    assert checked.ending == "over" and checked.result is not None


def host_and_joiner(tmp_path: Path, *extra: str) -> tuple[Process, Process, Path, Path]:
    name = f"absence-{os.getpid()}-{tmp_path.name}"
    p0, p1 = tmp_path / "p0", tmp_path / "p1"
    host = Process(
        tmp_path,
        "host",
        *("host", "mountains-rivers", "--name", name, "--bot", "strong", "--board", "5"),
        *("--port", "0", "--json", "--profile", str(p0), *extra),
    )
    invite = str(host.first_json()["invite"])
    joiner = Process(
        tmp_path,
        "joiner",
        *("join", invite, "--bot", "strong", "--json", "--profile", str(p1)),
    )
    return host, joiner, p0, p1


def test_a_joiner_killed_and_back_two_minutes_later_finishes_the_game(tmp_path: Path) -> None:
    host, joiner, _, p1 = host_and_joiner(tmp_path, *PATIENT)
    try:
        wait_for(lambda: taken(p1) >= 12 or joiner.proc.poll() is not None, 30)
        kill(joiner)
        away(130)  # two minutes and more: the host waits, names nobody, stays
        assert host.proc.poll() is None
        resumed = Process(tmp_path, "resumed", "resume", "--json", "--profile", str(p1))
        mine, theirs = ended(resumed, 0), ended(host, 0)
        assert mine["ending"] == theirs["ending"] == "over"
        same_verifying_record(mine["record"], theirs["record"])
    finally:
        for process in (host, joiner):
            process.stop()


def test_the_host_killed_and_back_two_minutes_later_finishes_the_game(tmp_path: Path) -> None:
    host, joiner, p0, _ = host_and_joiner(tmp_path, *PATIENT)
    try:
        wait_for(lambda: taken(p0) >= 12 or host.proc.poll() is not None, 30)
        kill(host)
        away(130)
        assert joiner.proc.poll() is None  # it keeps trying the relay
        resumed = Process(tmp_path, "resumed", "resume", "--json", "--profile", str(p0))
        mine, theirs = ended(resumed, 0), ended(joiner, 0)
        same_verifying_record(mine["record"], theirs["record"])
    finally:
        for process in (host, joiner):
            process.stop()


def test_a_member_away_past_the_abandonment_time_ends_the_game_abandoned(tmp_path: Path) -> None:
    host, joiner, _, p1 = host_and_joiner(tmp_path, "--abandon-after", "300")
    try:
        wait_for(lambda: taken(p1) >= 12 or joiner.proc.poll() is not None, 30)
        kill(joiner)
        theirs = ended(host, 3, timeout=40)  # 300 game seconds later: adjudicated abandoned
        assert theirs["ending"] == "abandoned" and "winner" not in theirs
        assert "culprit" not in theirs
        checked = verify(read(Path(str(theirs["record"]))))
        assert (checked.ending, checked.result, checked.culprit) == ("abandoned", None, None)
        assert checked.by == 0
        verified = goldnet("verify", str(theirs["record"]))
        assert verified.returncode == 0 and "abandoned" in verified.stdout

        # the one who was away comes back to a game that has ended: it says so
        resumed = goldnet("resume", "--json", "--profile", str(p1), timeout=60)
        assert resumed.returncode == 3, resumed.stderr
        assert json.loads(resumed.stdout.splitlines()[-1])["ending"] == "abandoned"
        assert "Traceback" not in resumed.stderr
    finally:
        for process in (host, joiner):
            process.stop()


def test_a_member_re_hosts_when_the_relay_dies_and_the_game_finishes(tmp_path: Path) -> None:
    pa, pb = tmp_path / "a", tmp_path / "b"
    relay = Process(
        tmp_path,
        "relay",
        *("relay", "--bind", LOOPBACK, "--port", "0", "--json", "--profile", str(tmp_path / "r")),
    )
    a = b = rehost = None
    try:
        invite = str(relay.first_json()["invite"])
        bot = ("--bot", "strong", "--json", "--profile")
        a = Process(tmp_path, "a", "join", invite, *bot, str(pa))
        b = Process(tmp_path, "b", "join", invite, *bot, str(pb))
        wait_for(lambda: taken(pb) >= 12 or b.proc.poll() is not None, 30)
        kill(relay)  # the relay is gone for good
        kill(b)  # b stops its game, then re-hosts the table from its journal
        rehost = Process(tmp_path, "rehost", "resume", "--host", "--json", "--profile", str(pb))
        moved = rehost.first_json()
        wait_for(lambda: len(rehost.lines()) >= 2, 20)
        announced = json.loads(rehost.lines()[1])["rehosted"]
        assert announced.count("/") == 4  # goldnet://HOST:PORT/FINGERPRINT/GAME
        assert moved["resuming"]
        theirs, mine = ended(a, 0), ended(rehost, 0)  # a found it on the LAN by itself
        same_verifying_record(theirs["record"], mine["record"])
        journal = journal_of(pa)  # a journalled where the game went on
        assert journal is not None
        moved_to = read_journal(journal).moved
        assert moved_to is not None and moved_to.endswith(announced.split("/", 3)[3])
    finally:
        for process in (relay, a, b, rehost):
            if process is not None:
                process.stop()


def test_when_two_members_re_host_the_lowest_seat_wins_and_the_game_finishes(
    tmp_path: Path,
) -> None:
    """The host (seat 0, its relay in its process) is killed; the joiner (seat 1) re-hosts;
    then the host comes back and reopens its own relay. Two relays of one game: the joiner's
    peer sees seat 0's announcement, moves there and closes its own, and the game finishes
    with one record."""
    host, joiner, p0, p1 = host_and_joiner(tmp_path, *PATIENT)
    rehost = back = None
    try:
        wait_for(lambda: taken(p1) >= 12 or joiner.proc.poll() is not None, 30)
        kill(host)
        kill(joiner)
        rehost = Process(tmp_path, "rehost", "resume", "--host", "--json", "--profile", str(p1))
        wait_for(lambda: len(rehost.lines()) >= 2 or rehost.proc.poll() is not None, 20)
        assert "rehosted" in json.loads(rehost.lines()[1])
        back = Process(tmp_path, "back", "resume", "--json", "--profile", str(p0))
        theirs, mine = ended(back, 0), ended(rehost, 0)
        same_verifying_record(theirs["record"], mine["record"])
        journal = journal_of(p1)
        assert journal is not None
        moved = read_journal(journal).moved  # the joiner went to seat 0's relay at last
        seat0 = json.loads(back.lines()[1])["rehosted"]
        assert moved is not None and moved.split("/")[3] == seat0.split("/")[3]  # its key
    finally:
        for process in (host, joiner, rehost, back):
            if process is not None:
                process.stop()

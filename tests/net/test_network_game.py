"""Whole network games between separate ``goldnet`` processes on 127.0.0.1.

Real processes, real TCP + TLS, real zeroconf kept on loopback (GOLDNET_MDNS_INTERFACES):
the demo, an online table through a standalone relay joined by invite code, and a peer killed
with SIGKILL mid-game that comes back with ``goldnet resume``.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from goldnet.net.journal import read_journal
from goldnet.records import read, verify
from protocol.envelope import Envelope

from ..processes import LOOPBACK, ROOT, Process, environment, goldnet, wait_for


def check_verify(*records: str) -> None:
    """`goldnet verify` accepts every record."""
    result = goldnet("verify", *records)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""


def demo_environment(temp: Path) -> dict[str, str]:
    """The processes' environment, with ``temp`` as the temporary folder."""
    temp.mkdir(exist_ok=True)
    return environment() | {"TMPDIR": str(temp), "TEMP": str(temp), "TMP": str(temp)}


def leftovers(temp: Path) -> list[Path]:
    return sorted(temp.glob("goldnet-demo-*"))


def test_demo_plays_a_whole_game_keeps_its_record_and_leaves_no_temporary_folder(
    tmp_path: Path,
) -> None:
    temp, profile = tmp_path / "tmp", tmp_path / "me"
    start = time.monotonic()
    command = [sys.executable, "-m", "goldnet", "demo", "mountains-rivers", "--json"]
    result = subprocess.run(
        [*command, "--profile", str(profile)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=demo_environment(temp),
        timeout=60,
    )
    elapsed = time.monotonic() - start
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.splitlines()[-1])
    assert summary["winner"] in (0, 1)
    assert len(summary["scores"]) == 2
    assert summary["winner"] == max((0, 1), key=lambda s: summary["scores"][s])
    record = Path(summary["record"])
    assert record.parent == profile / "records"  # where the player's records are
    assert record.name.startswith("mountains-rivers-") and record.suffix == ".goldnet"
    checked = verify(read(record))
    assert list(checked.result.scores) == summary["scores"]
    check_verify(str(record))
    assert leftovers(temp) == []  # the peers' profiles, journals and records went with it
    assert not (profile / "identity.key").exists()  # no key made for keeping a record
    assert elapsed < 60


@pytest.mark.skipif(os.name != "posix", reason="Ctrl-C is sent as SIGINT")
def test_an_interrupted_or_failed_demo_leaves_no_temporary_folder(tmp_path: Path) -> None:
    temp, profile = tmp_path / "tmp", tmp_path / "me"
    command = [sys.executable, "-m", "goldnet", "demo", "mountains-rivers"]
    demo = subprocess.Popen(
        [*command, "--bot", "strong", "--profile", str(profile)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=demo_environment(temp),
    )
    try:
        wait_for(lambda: any((d / "peer-1").exists() for d in leftovers(temp)), 20)
        demo.send_signal(signal.SIGINT)  # Ctrl-C, to the demo alone: its peers play on
        _, err = demo.communicate(timeout=30)
    finally:
        if demo.poll() is None:
            demo.kill()
            demo.wait()
    assert demo.returncode == 130, err
    assert err.strip().splitlines() == ["goldnet: interrupted"]
    assert leftovers(temp) == []
    assert not (profile / "records").exists() or not any((profile / "records").iterdir())

    failed = subprocess.run(  # not finished in time: a failure, one line
        [*command, "--timeout", "0.5", "--profile", str(profile)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=demo_environment(temp),
        timeout=60,
    )
    assert failed.returncode == 1
    assert "the demo did not finish within 0.5 s" in failed.stderr
    assert leftovers(temp) == []


def test_an_online_table_through_a_standalone_relay_joined_by_invite(tmp_path: Path) -> None:
    relay = Process(
        tmp_path,
        "relay",
        *("relay", "--bind", LOOPBACK, "--port", "0", "--json", "--profile", str(tmp_path / "r")),
    )
    joiners: list[Process] = []
    try:
        invite = relay.first_json()["invite"]
        assert invite.startswith(f"goldnet://{LOOPBACK}:")
        for i in range(2):
            profile = str(tmp_path / f"p{i}")
            joiners.append(
                Process(
                    tmp_path,
                    f"p{i}",
                    *("join", invite, "--bot", "greedy", "--json", "--profile", profile),
                )
            )
        results = [j.finish(60) for j in joiners]
        records = [r["record"] for r in results]
        assert Path(records[0]).read_bytes() == Path(records[1]).read_bytes()
        assert results[0]["scores"] == results[1]["scores"]
        assert 1 <= results[0]["options"][0] <= 11
        check_verify(*records)
        assert relay.proc.poll() is None  # a standalone relay stays up for the next table
    finally:
        for process in [*joiners, relay]:
            process.stop()


def test_a_spectator_joins_by_invite_verifies_as_it_watches_and_exits_with_the_outcome(
    tmp_path: Path,
) -> None:
    """``goldnet join --spectate``: read-only, no seat and no journal; it checks every envelope
    with its own lockstep machine and saves the same record as the players."""
    host = Process(
        tmp_path,
        "host",
        *("host", "mountains-rivers", "--bot", "greedy", "--port", "0", "--json"),
        *("--profile", str(tmp_path / "host")),
    )
    others: list[Process] = []
    try:
        invite = host.first_json()["invite"]
        watcher = Process(
            tmp_path,
            "watcher",
            *("join", invite, "--spectate", "--json", "--profile", str(tmp_path / "watcher")),
        )
        others.append(watcher)
        wait_for(lambda: bool(watcher.lines()), 20)  # it is watching before the game starts
        joiner = Process(
            tmp_path,
            "joiner",
            *("join", invite, "--bot", "random", "--json", "--profile", str(tmp_path / "j")),
        )
        others.append(joiner)
        watched, played, hosted = watcher.finish(60), joiner.finish(60), host.finish(60)
        assert watched["ending"] == played["ending"] == "over"
        assert watched["scores"] == played["scores"] == hosted["scores"]
        assert Path(watched["record"]).read_bytes() == Path(played["record"]).read_bytes()
        assert not (tmp_path / "watcher" / "journal").exists()  # a spectator keeps no journal
        check_verify(watched["record"])
    finally:
        for process in [*others, host]:
            process.stop()


def journal_of(profile: Path) -> Path | None:
    found = sorted((profile / "journal").glob("*.journal"))
    return found[0] if found else None


def incoming(profile: Path) -> int:
    path = journal_of(profile)
    if path is None:
        return 0
    try:
        return len(read_journal(path).incoming)
    except Exception:
        return 0


def test_a_peer_killed_mid_game_resumes_and_the_game_finishes(tmp_path: Path) -> None:
    name = f"kill-test-{os.getpid()}"
    p0, p1 = tmp_path / "p0", tmp_path / "p1"
    host = Process(
        tmp_path,
        "host",
        *("host", "mountains-rivers", "--name", name, "--bot", "strong", "--board", "5"),
        *("--port", "0", "--json", "--profile", str(p0)),
    )
    joiner: Process | None = None
    try:
        assert "invite" in host.first_json()
        joiner = Process(
            tmp_path,
            "joiner",
            *("join", "--lan", name, "--bot", "strong", "--timeout", "20"),
            *("--json", "--profile", str(p1)),
        )
        wait_for(lambda: incoming(p1) >= 12 or joiner.proc.poll() is not None, 30)
        # while it runs, its game cannot be resumed by a second process
        meanwhile = goldnet("resume", "--profile", str(p1), timeout=30)
        assert meanwhile.returncode == 1
        assert "in use by another goldnet process" in meanwhile.stderr
        assert joiner.proc.poll() is None
        joiner.proc.send_signal(signal.SIGKILL)
        assert joiner.proc.wait(5) == -signal.SIGKILL
        journal = journal_of(p1)
        assert journal is not None
        before = read_journal(journal)
        assert before.end is None, "the game ended before the kill"
        assert host.proc.poll() is None  # the host waits for the lost peer

        resumed = goldnet("resume", "--profile", str(p1), "--json", timeout=60)
        assert resumed.returncode == 0, resumed.stderr
        lines = [json.loads(line) for line in resumed.stdout.splitlines()]
        assert lines[0]["resuming"] == str(journal)
        assert lines[0]["received"] == before.incoming[-1][0] + 1
        mine = lines[-1]
        theirs = host.finish(60)

        # both peers saved the same record, and it verifies
        record0, record1 = Path(theirs["record"]), Path(mine["record"])
        assert record0.read_bytes() == record1.read_bytes()
        check_verify(str(record0), str(record1))
        checked = verify(read(record1))
        assert checked.turns == theirs["turns"] == mine["turns"]
        assert list(checked.result.scores) == theirs["scores"] == mine["scores"]

        # no turn lost or played twice: each action envelope once, each sequence number once
        envelopes = [Envelope.decode(data) for data in read(record1)]
        actions = [e for e in envelopes if e.type == "action"]
        assert len(actions) == checked.turns
        assert len({e.hash for e in envelopes}) == len(envelopes)
        assert not [k for k, n in Counter((e.sender, e.seq) for e in envelopes).items() if n > 1]

        # the joiner's journal across the crash: each envelope of the game once (the others'
        # as "in" entries in log order, its own as "out" entries); never two different
        # envelopes signed with one sequence number
        after = read_journal(journal)
        assert after.end == ("over", str(record1), "")
        indices = [i for i, _ in after.incoming]
        assert indices == sorted(set(indices))
        assert after.incoming[: len(before.incoming)] == before.incoming
        journalled = [e for _, e in after.incoming] + list(after.outgoing)
        assert len(journalled) == len(set(journalled))
        assert {e.raw for e in envelopes} <= set(journalled)
        own = {Envelope.decode(data) for data in after.outgoing}
        assert len({e.seq for e in own}) == len(own)
        assert len(after.outgoing) == len(set(after.outgoing))
        assert {e.raw for e in own if e.type != "close"} <= {e.raw for e in envelopes}

        # and the profile has no interrupted game left: resume says how the last one ended
        again = goldnet("resume", "--profile", str(p1), "--json", timeout=30)
        assert again.returncode == 0, again.stderr
        shown = json.loads(again.stdout)  # how it ended, from the record: with its result
        assert {k: shown[k] for k in ("ending", "record", "reason", "ended")} == {
            "ending": "over", "record": str(record1), "reason": "", "ended": True
        }  # fmt: skip
        assert shown["scores"] == mine["scores"] and shown["turns"] == mine["turns"]
    finally:
        if joiner is not None:
            joiner.stop()
        host.stop()


def listening(port: int) -> list[str]:
    """The IPv4 addresses something listens on at ``port`` (Linux: /proc/net/tcp)."""
    found = []
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        local, state = line.split()[1], line.split()[3]
        address, hex_port = local.split(":")
        if state == "0A" and int(hex_port, 16) == port:
            found.append(socket.inet_ntoa(bytes.fromhex(address)[::-1]))
    return found


def test_the_host_killed_mid_game_resumes_its_relay_and_the_game_finishes(tmp_path: Path) -> None:
    """`goldnet resume` on the host's profile reopens the relay on the same address and port
    from the journal; the joiner reconnects, resends what the new relay lacks, and both
    finish."""
    name = f"host-kill-{os.getpid()}"
    p0, p1 = tmp_path / "p0", tmp_path / "p1"
    with socket.socket() as probe:  # a port free now, reused by the resumed relay
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    host = Process(
        tmp_path,
        "host",
        *("host", "mountains-rivers", "--name", name, "--bot", "strong", "--board", "2"),
        *("--port", str(port), "--json", "--profile", str(p0)),
    )
    joiner: Process | None = None
    resumed: Process | None = None
    try:
        assert host.first_json()["port"] == port
        joiner = Process(
            tmp_path,
            "joiner",
            *("join", "--lan", name, "--bot", "strong", "--timeout", "20"),
            *("--json", "--profile", str(p1)),
        )
        wait_for(lambda: incoming(p0) >= 12 or host.proc.poll() is not None, 30)
        host.proc.send_signal(signal.SIGKILL)
        assert host.proc.wait(5) == -signal.SIGKILL
        assert joiner.proc.poll() is None  # it keeps trying to reconnect

        resumed = Process(tmp_path, "resumed", "resume", "--profile", str(p0), "--json")
        # the relay is back on the address it first ran on (127.0.0.1 here), not on 0.0.0.0
        wait_for(lambda: len(resumed.lines()) >= 2 or resumed.proc.poll() is not None, 30)
        assert json.loads(resumed.lines()[1])["relay"] == f"{LOOPBACK}:{port}"
        if Path("/proc/net/tcp").exists():
            assert listening(port) == [LOOPBACK]
        mine = resumed.finish(90)
        theirs = joiner.finish(60)
        record0, record1 = Path(mine["record"]), Path(theirs["record"])
        assert record0.read_bytes() == record1.read_bytes()
        check_verify(str(record0), str(record1))
        envelopes = [Envelope.decode(data) for data in read(record0)]
        assert not [k for k, n in Counter((e.sender, e.seq) for e in envelopes).items() if n > 1]
        assert len([e for e in envelopes if e.type == "action"]) == mine["turns"]
    finally:
        for process in (joiner, resumed):
            if process is not None:
                process.stop()
        host.stop()

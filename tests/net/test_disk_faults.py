"""Disk faults while journalling (docs/security.md, "Faults"): a profile folder on a disk that
fills up mid-game, or that is read-only. The player gets one clear line, the journal stays
whole (every entry written before the fault reads back; nothing is appended after a failed
write), and once there is room again ``goldnet resume`` finishes the game.

The small disks are tmpfs filesystems this test mounts (root on Linux only; skipped otherwise,
saying why).
"""

from __future__ import annotations

import contextlib
import errno
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from goldnet.net.journal import Journal, JournalError, read_journal
from goldnet.profile import Profile

from ..processes import Process, goldnet, wait_for
from .test_absence import PATIENT, ended, host_and_joiner, same_verifying_record, taken

pytestmark = pytest.mark.skipif(
    sys.platform != "linux" or os.geteuid() != 0,
    reason="mounting a small tmpfs needs root on Linux",
)


@contextlib.contextmanager
def small_disk(where: Path, kib: int) -> Iterator[Path]:
    where.mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={kib}k", "tmpfs", str(where)], check=True)
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def fill(disk: Path) -> Path:
    """Take every free byte of ``disk`` with a file; its path (remove it to make room)."""
    filler = disk / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for _ in range(100_000):  # bounded: the disks here are at most a few MiB
            try:
                os.write(fd, b"\0" * 4096)
            except OSError as exc:
                assert exc.errno == errno.ENOSPC
                break
    finally:
        os.close(fd)
    return filler


def test_a_full_disk_stops_the_journal_whole(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk", 64) as disk:
        path = disk / "journal" / "game.journal"
        journal = Journal(path)
        journal.meta("", "player", "Ann", "mountains-rivers", (3,), "")
        journal.seed(0, b"\1" * 32)
        written = 0
        filler = fill(disk)
        with pytest.raises(JournalError, match="No space left on device"):
            for written in range(1000):
                journal.incoming(written, bytes([written % 256]) * 300)
        size = path.stat().st_size
        filler.unlink()  # room again: the same journal must still not go on after its fault
        with pytest.raises(JournalError, match="No space left on device"):
            journal.end("over", "", "")
        journal.close()
        assert path.stat().st_size == size
        state = read_journal(path)
        assert [i for i, _ in state.incoming] == list(range(written))
        assert state.end is None

        again = Journal(path)  # reopened with room: it goes on after the last whole entry
        again.incoming(written, b"after")
        again.close()
        state = read_journal(path)
        assert [i for i, _ in state.incoming] == [*range(written), written]


def test_a_read_only_profile_refuses_to_journal_in_one_line(tmp_path: Path) -> None:
    with small_disk(tmp_path / "disk", 64) as disk:
        path = disk / "journal" / "game.journal"
        journal = Journal(path)
        journal.meta("", "player", "Ann", "mountains-rivers", (3,), "")
        journal.close()
        subprocess.run(["mount", "-o", "remount,ro", str(disk)], check=True)
        with pytest.raises(JournalError, match="Read-only file system"):
            Journal(path)
        assert read_journal(path).meta[2] == "Ann"


def test_a_player_whose_disk_fills_mid_game_resumes_once_there_is_room(tmp_path: Path) -> None:
    """The joiner's profile is on a 2 MiB disk, filled after 12 of the host's envelopes: it
    stops with one line saying why (no traceback), the host waits; with room again ``goldnet
    resume`` finishes the game and both records are the same and verify."""
    with small_disk(tmp_path / "p1", 2048):
        host, joiner, _, p1 = host_and_joiner(tmp_path, *PATIENT)
        filler = None
        try:
            wait_for(lambda: taken(p1) >= 12 or joiner.proc.poll() is not None, 60)
            filler = fill(p1)
            code = joiner.proc.wait(60)
            err = joiner.err_path.read_text()
            assert code != 0 and "Traceback" not in err
            assert "No space left on device" in err and len(err.strip().splitlines()) <= 3, err
            assert host.proc.poll() is None
            read_journal(next((p1 / "journal").glob("*.journal")))  # whole, readable
            filler.unlink()
            resumed = Process(tmp_path, "resumed", "resume", "--json", "--profile", str(p1))
            mine, theirs = ended(resumed, 0), ended(host, 0)
            same_verifying_record(mine["record"], theirs["record"])
        finally:
            for process in (host, joiner):
                process.stop()


def test_hosting_from_a_read_only_profile_says_so(tmp_path: Path) -> None:
    """Not "in use by another goldnet process": the profile's lock file cannot be written."""
    with small_disk(tmp_path / "profile", 256) as profile:
        Profile(profile).identity  # noqa: B018 - a profile made before, with its key
        subprocess.run(["mount", "-o", "remount,ro", str(profile)], check=True)
        done = goldnet(
            *("host", "mountains-rivers", "--port", "0", "--name", f"ro-{os.getpid()}"),
            *("--profile", str(profile)),
            timeout=30,
        )
        assert done.returncode != 0 and "Traceback" not in done.stderr
        assert "Read-only file system" in done.stderr and "in use" not in done.stderr, done.stderr

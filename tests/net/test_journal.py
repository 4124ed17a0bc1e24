"""The per-game journal (goldnet.net.journal): round trip, torn tails, resume listing."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
import time
from pathlib import Path

import pytest

from goldnet.net.journal import Journal, JournalError, read_journal, unfinished
from protocol.codec import pack

INVITE = "goldnet://127.0.0.1:47001/kzdv-vj2u-mndu-yauf-35o3-6k6k"
SEED = bytes(range(32))


def started(path: Path) -> Journal:
    journal = Journal(path)
    journal.meta(INVITE, "player", "alice", "mountains-rivers", (3,), "greedy")
    journal.seed(0, SEED)
    return journal


def test_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "journal" / "game.journal"  # the folder is created
    journal = started(path)
    journal.outgoing(b"own-0")
    journal.incoming(0, b"own-0")
    journal.incoming(1, b"theirs-0")
    journal.outgoing(b"own-1")
    journal.end("over", "/records/game.goldnet")
    journal.close()
    state = read_journal(path)
    assert state.path == path
    assert state.meta == (INVITE, "player", "alice", "mountains-rivers", (3,), "greedy")
    assert state.seeds == [SEED]
    assert state.outgoing == [b"own-0", b"own-1"]
    assert state.incoming == [(0, b"own-0"), (1, b"theirs-0")]
    assert state.end == ("over", "/records/game.goldnet", "")


def test_every_entry_is_on_disk_as_soon_as_it_is_written(tmp_path: Path) -> None:
    """Flushed at once: a process killed right after a turn loses nothing (no close needed)."""
    path = tmp_path / "game.journal"
    journal = started(path)
    journal.incoming(0, b"theirs-0")
    journal.outgoing(b"own-0")
    state = read_journal(path)  # the writer is still open
    assert state.incoming == [(0, b"theirs-0")]
    assert state.outgoing == [b"own-0"]
    assert state.end is None
    journal.close()


def test_an_unfinished_journal_has_no_end(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    started(path).close()
    state = read_journal(path)
    assert state.end is None
    assert state.incoming == [] and state.outgoing == []


@pytest.mark.parametrize("cut", [1, 3, 4, 5, 20])
def test_a_torn_last_entry_is_ignored(tmp_path: Path, cut: int) -> None:
    path = tmp_path / "game.journal"
    journal = started(path)
    journal.incoming(0, b"theirs-0")
    journal.outgoing(b"own-0" * 10)
    journal.close()
    data = path.read_bytes()
    path.write_bytes(data[:-cut])  # the process died in the middle of the last write
    state = read_journal(path)
    assert state.incoming == [(0, b"theirs-0")]
    assert state.outgoing == []
    assert state.seeds == [SEED]


def test_entries_appended_after_a_torn_entry_are_read(tmp_path: Path) -> None:
    """A peer killed mid-write resumes and goes on journaling: what it writes then counts."""
    path = tmp_path / "game.journal"
    journal = started(path)
    journal.incoming(0, b"theirs-0")
    journal.outgoing(b"own-0" * 10)
    journal.close()
    path.write_bytes(path.read_bytes()[:-7])
    resumed = Journal(path)  # as NetPeer.from_journal does
    resumed.outgoing(b"own-0-again")
    resumed.incoming(1, b"theirs-1")
    resumed.end("over", "/records/game.goldnet")
    resumed.close()
    state = read_journal(path)
    assert state.outgoing == [b"own-0-again"]
    assert state.incoming == [(0, b"theirs-0"), (1, b"theirs-1")]
    assert state.end == ("over", "/records/game.goldnet", "")
    assert unfinished(tmp_path) == []


@pytest.mark.parametrize("damage", ["length", "payload"])
def test_a_journal_damaged_before_its_end_is_refused_not_cut(tmp_path: Path, damage: str) -> None:
    """Only a torn *last* entry is cut off on reopening. Damage before the end (a disk error, a
    byte flipped) used to be taken for a torn tail too: the journal was truncated there, every
    envelope this peer had signed after it was forgotten, and the resumed peer signed new ones
    with the same sequence numbers, which is proof of two histories against an honest player."""
    path = tmp_path / "game.journal"
    journal = started(path)
    journal.incoming(0, b"theirs-0")
    journal.outgoing(b"own-0")
    journal.outgoing(b"own-1")
    journal.close()
    data = bytearray(path.read_bytes())
    entry = data.index(pack(["in", 0, b"theirs-0"])) - 4  # the length prefix of that entry
    if damage == "length":
        data[entry] = 0xFF
    else:
        data[entry + 4] = 0xC1  # a byte msgpack never uses
    path.write_bytes(bytes(data))
    with pytest.raises(JournalError, match="damaged"):
        Journal(path).close()
    assert path.read_bytes() == bytes(data)  # nothing cut
    with pytest.raises(JournalError, match="damaged"):
        read_journal(path)


def test_unknown_and_malformed_entries_are_skipped(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    started(path).close()
    with path.open("ab") as file:
        for entry in (["later-kind", 1], ["in", 0], ["seed", 1, "text"], ["end"], ["in", 1, 2]):
            payload = pack(entry)
            file.write(len(payload).to_bytes(4, "big") + payload)
    state = read_journal(path)
    assert state.incoming == [] and state.end is None and state.seeds == [SEED]


def test_a_journal_without_meta_is_an_error(tmp_path: Path) -> None:
    no_meta = tmp_path / "no-meta.journal"
    journal = Journal(no_meta)
    journal.seed(0, SEED)
    journal.close()
    with pytest.raises(JournalError, match="lacks its meta entry") as info:
        read_journal(no_meta)
    assert str(no_meta) in str(info.value)

    empty = tmp_path / "empty.journal"
    empty.write_bytes(b"")
    with pytest.raises(JournalError, match="lacks its meta entry"):
        read_journal(empty)

    garbage = tmp_path / "garbage.journal"
    garbage.write_bytes(os.urandom(200))
    with pytest.raises(JournalError):
        read_journal(garbage)


def test_seeds_are_kept_in_chain_order_and_a_journal_out_of_order_is_refused(
    tmp_path: Path,
) -> None:
    path = tmp_path / "seeds.journal"
    journal = started(path)
    journal.seed(1, bytes(32))
    journal.close()
    assert read_journal(path).seeds == [SEED, bytes(32)]
    skipped = tmp_path / "skipped.journal"
    journal = Journal(skipped)
    journal.meta(INVITE, "player", "alice", "mountains-rivers", (), "")
    journal.seed(1, SEED)  # chain 0's seed was never written: resuming would lose it
    journal.close()
    with pytest.raises(JournalError, match="beacon seeds out of order"):
        read_journal(skipped)


def test_a_journal_of_protocol_version_1_is_read_but_never_offered_for_resume(
    tmp_path: Path,
) -> None:
    path = tmp_path / "old.journal"
    journal = Journal(path)
    journal.meta(INVITE, "player", "alice", "", (3,), "greedy")
    journal._write(["seed", SEED], sync=True)  # the version-1 entry: one seed, no chain number
    journal.close()
    assert read_journal(path).protocol == 1
    assert unfinished(tmp_path) == []


def test_an_unreadable_journal_is_an_error_naming_it(tmp_path: Path) -> None:
    missing = tmp_path / "missing.journal"
    with pytest.raises(JournalError, match="cannot read the journal") as info:
        read_journal(missing)
    assert str(missing) in str(info.value)
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    with pytest.raises(JournalError, match="cannot open the journal"):
        Journal(blocked / "game.journal")


def test_unfinished_lists_only_games_without_an_end_newest_first(tmp_path: Path) -> None:
    folder = tmp_path / "journal"
    older = folder / "older.journal"
    started(older).close()
    finished = folder / "finished.journal"
    journal = started(finished)
    journal.end("abandoned", "/records/x.goldnet", "nothing happened")
    journal.close()
    newer = folder / "newer.journal"
    started(newer).close()
    now = time.time()
    os.utime(older, (now - 100, now - 100))
    os.utime(newer, (now, now))
    (folder / "broken.journal").write_bytes(b"\x00\x00\x00\x02ab")  # no meta: skipped
    (folder / "notes.txt").write_text("not a journal")
    assert unfinished(folder) == [newer, older]
    assert unfinished(tmp_path / "nowhere") == []
    assert unfinished(tmp_path) == []  # not recursive


def test_an_open_journal_is_locked_against_a_second_writer(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    journal = started(path)
    with pytest.raises(JournalError, match="is in use by another goldnet process") as info:
        Journal(path)
    assert str(path) in str(info.value)
    assert read_journal(path).seeds == [SEED]  # reading is not blocked
    journal.incoming(0, b"still writing")
    journal.close()
    again = Journal(path)  # released by close
    again.end("over", "/records/x.goldnet")
    again.close()
    assert read_journal(path).incoming == [(0, b"still writing")]


def test_a_journal_held_by_another_process_cannot_be_opened(tmp_path: Path) -> None:
    """`goldnet resume` while the game still runs in another process: refused, not played twice."""
    path = tmp_path / "game.journal"
    started(path).close()
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from goldnet.net.journal import Journal;"
            f"j = Journal(Path({str(path)!r})); print('open', flush=True); time.sleep(60)",
        ],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "open"
        with pytest.raises(JournalError, match="in use by another goldnet process"):
            Journal(path)
    finally:
        holder.kill()
        holder.wait()
    Journal(path).close()  # a killed process holds nothing


# --- secrets stay on disk as secrets (the seed is in the journal) ----------------------------


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_journal_is_readable_by_its_owner_only_in_a_private_folder(tmp_path: Path) -> None:
    old = os.umask(0o022)  # the usual umask: files 0644, folders 0755 unless asked otherwise
    try:
        path = tmp_path / "profile" / "journal" / "game.journal"
        started(path).close()
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        # a journal and folder left readable by an older version are tightened on reopening
        path.chmod(0o644)
        path.parent.chmod(0o755)
        Journal(path).close()
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    finally:
        os.umask(old)


def test_the_hosts_relay_address_is_journalled(tmp_path: Path) -> None:
    path = tmp_path / "game.journal"
    journal = started(path)
    journal.bind("127.0.0.1")
    journal.moved("goldnet://127.0.0.1:9/kzdv-vj2u-mndu-yauf-35o3-6k6k/" + "0" * 32)
    journal.close()
    assert read_journal(path).bind == "127.0.0.1"
    assert (
        read_journal(path).moved
        == "goldnet://127.0.0.1:9/kzdv-vj2u-mndu-yauf-35o3-6k6k/" + "0" * 32
    )
    joiner = tmp_path / "joiner.journal"
    started(joiner).close()
    state = read_journal(joiner)
    assert state.bind is None and state.moved is None  # a joiner's, or an older host's


def test_a_journalled_own_envelope_that_does_not_verify_stops_the_resume(tmp_path: Path) -> None:
    """An ``out`` entry whose envelope no longer verifies (a byte flipped inside it: the entry
    still decodes) used to be skipped silently with every own envelope after it, and the
    resumed peer signed those sequence numbers anew: two histories, an honest player named."""
    from goldnet.net.client import NetPeer
    from protocol.envelope import ZERO_HASH, Envelope
    from protocol.identity import Identity

    me = Identity.generate()
    first = Envelope.seal(me, "commit", bytes(32), 0, ZERO_HASH, (bytes(32), 512), ())
    second = Envelope.seal(me, "reveal", bytes(32), 1, first.hash, (1, bytes(32)), ())
    damaged = bytearray(first.raw)
    damaged[-1] ^= 1  # the signature's last byte
    path = tmp_path / "journal" / "game.journal"
    journal = started(path)
    journal.outgoing(bytes(damaged))
    journal.outgoing(second.raw)
    journal.close()
    with pytest.raises(JournalError, match="damaged"):
        NetPeer.from_journal(me, read_journal(path), tmp_path, None)

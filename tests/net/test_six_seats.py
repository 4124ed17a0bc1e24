"""Six members of a 2–6 seat game as separate ``goldnet`` processes through a real relay on
127.0.0.1, and a spectator that joins mid-game and verifies as it watches.

The game is the test card game (``tests/protocol/cards.py``), registered in every process by
the environment (``GOLDNET_GAMES``, the repository root on ``PYTHONPATH``): a die roll every
turn and face-down cards revealed publicly by chance draws of the beacon (option ``private``
0; private reveals need the deck, a later step). The game is held still mid-way by pausing
one member's process (SIGSTOP), so that the spectator's arrival is mid-game for certain.
"""

from __future__ import annotations

import os
import signal
import sys
from pathlib import Path

import pytest

from goldnet import games
from goldnet.net.journal import read_journal
from goldnet.records import read, verify

from ..processes import LOOPBACK, ROOT, Process, goldnet, wait_for

pytestmark = [
    pytest.mark.skipif(
        sys.platform == "win32", reason="pausing a process (SIGSTOP) is POSIX; the product is not"
    ),
    pytest.mark.usefixtures("cards_game"),  # this process verifies the records too
]
SEATS = 6


@pytest.fixture(autouse=True)
def _cards_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOLDNET_MDNS_INTERFACES", LOOPBACK)
    monkeypatch.setenv("GOLDNET_GAMES", "tests.protocol.cards")
    path = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(ROOT), path) if p))


def accepted(profile: Path) -> int:
    """Envelopes the member of ``profile`` has journalled as received (0 before its journal)."""
    found = sorted((profile / "journal").glob("*.journal"))
    if not found:
        return 0
    try:
        return len(read_journal(found[0]).incoming)
    except Exception:  # being written: try again
        return 0


def ended(profile: Path) -> bool:
    """Whether the member of ``profile`` has journalled the end of its game."""
    (path,) = sorted((profile / "journal").glob("*.journal"))
    return read_journal(path).end is not None


def test_six_members_as_processes_and_a_spectator_joining_mid_game(
    tmp_path: Path, cards_game: games.GameInfo
) -> None:
    # cards_game: the record is verified in this process too, whose registry may have been
    # loaded by an earlier test before GOLDNET_GAMES named the card game
    profiles = [tmp_path / f"seat{i}" for i in range(SEATS)]
    host = Process(
        tmp_path,
        "seat0",
        *("host", "cards", "--seats", str(SEATS), "--private", "0", "--bot", "random"),
        *("--port", "0", "--json", "--profile", str(profiles[0]), "--name", "six"),
    )
    members = [host]
    watcher: Process | None = None
    try:
        invite = host.first_json()["invite"]
        for i in range(1, SEATS):
            members.append(
                Process(
                    tmp_path,
                    f"seat{i}",
                    *("join", invite, "--bot", "random", "--json"),
                    *("--profile", str(profiles[i]), "--player-name", f"bot {i}"),
                )
            )
        # Mid-game: every member has accepted envelopes; then the last one is held still.
        wait_for(lambda: min(accepted(p) for p in profiles) >= 3 * SEATS, 60)
        os.kill(members[-1].proc.pid, signal.SIGSTOP)
        try:
            assert all(m.proc.poll() is None for m in members), "the game ended too soon"
            watcher = Process(
                tmp_path,
                "watcher",
                *("join", invite, "--spectate", "--json", "--profile", str(tmp_path / "w")),
            )
            wait_for(lambda: bool(watcher.lines()), 30)
            # While it caught up, the game was still on: nobody has journalled its end.
            assert not any(ended(p) for p in profiles)
            assert all(m.proc.poll() is None for m in members)
        finally:
            os.kill(members[-1].proc.pid, signal.SIGCONT)
        results = [m.finish(120) for m in members]
        watched = watcher.finish(120)
        records = [Path(r["record"]).read_bytes() for r in results]
        assert all(r == records[0] for r in records), "every member saved the same record"
        assert Path(watched["record"]).read_bytes() == records[0]
        assert all(r["ending"] == "over" for r in [*results, watched])
        assert all(r["scores"] == results[0]["scores"] for r in [*results, watched])
        checked = verify(read(Path(results[0]["record"])))
        assert checked.table.game == "cards" and len(checked.table.members) == SEATS
        assert list(checked.result.scores) == results[0]["scores"]
        assert checked.draws >= 2 * checked.turns  # a die and a card drawn every turn
        done = goldnet("verify", *(r["record"] for r in results), watched["record"])
        assert done.returncode == 0, done.stderr
    finally:
        for process in [*members, *([watcher] if watcher else [])]:
            process.stop()

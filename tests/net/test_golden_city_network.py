"""Golden City over the network, its cards dealt by the mental-poker deck (docs/protocol.md
§6.3): real ``goldnet`` processes on 127.0.0.1, real TCP + TLS, zeroconf on loopback.

- ``goldnet demo golden-city --players N``: N bot peers in separate processes find the table,
  deal, play and audit a whole game through the relay; every record verifies with its audit;
- a joiner killed with SIGKILL during the deal, and one killed during the game, come back with
  ``goldnet resume`` from their journals (deck seed included): the game finishes, each member's
  record is the same file and verifies, and nobody signed two envelopes with one number.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from goldnet.net.journal import JournalState, read_journal
from goldnet.records import read, verify
from protocol.envelope import Envelope

from ..processes import ROOT, Process, environment, goldnet, wait_for


@pytest.mark.parametrize("players", [2, 6])
def test_demo_golden_city_deals_plays_and_audits_a_whole_game(players: int, tmp_path: Path) -> None:
    start = time.monotonic()
    command = [sys.executable, "-m", "goldnet", "demo", "golden-city", "--players", str(players)]
    result = subprocess.run(
        [*command, "--json", "--profile", str(tmp_path / "me")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environment(),
        timeout=240,
    )
    elapsed = time.monotonic() - start
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout.splitlines()[-1])
    assert summary["banks"] == summary["scores"] and len(summary["banks"]) == players
    assert summary["winner"] == max(range(players), key=lambda s: summary["banks"][s])
    record = read(Path(summary["record"]))
    kinds = Counter(Envelope.decode(d).type for d in record)
    for kind in ("deck-key", "shuffle", "shuffle-answer", "lock", "deck-audit"):
        assert kinds[kind] == players, kind
    checked = verify(record)
    assert checked.ending == "over" and list(checked.result.scores) == summary["banks"]
    assert elapsed < 120


def journal_of(profile: Path) -> Path | None:
    found = sorted((profile / "journal").glob("*.journal"))
    return found[0] if found else None


def journal(profile: Path) -> JournalState | None:
    path = journal_of(profile)
    try:
        return None if path is None else read_journal(path)
    except Exception:  # being written: try again
        return None


def sent(state: JournalState | None) -> set[str]:
    return set() if state is None else {Envelope.decode(d).type for d in state.outgoing}


def mid_deal(profile: Path) -> bool:
    """The joiner has drawn its deck seed and revealed a challenge, and not locked yet."""
    state = journal(profile)
    return state is not None and state.deck_seed is not None and "reveal" in sent(state)


def mid_game(profile: Path) -> bool:
    """The joiner has played a move."""
    return "action" in sent(journal(profile))


@pytest.mark.parametrize("when", [mid_deal, mid_game], ids=["during-the-deal", "during-the-game"])
def test_a_joiner_killed_and_resumed_finishes_the_dealt_game(
    when: Callable[[Path], bool], tmp_path: Path
) -> None:
    p0, p1 = tmp_path / "p0", tmp_path / "p1"
    host = Process(
        tmp_path,
        "host",
        *("host", "golden-city", "--bot", "random", "--port", "0", "--json"),
        *("--abandon-after", "3600", "--profile", str(p0)),
    )
    joiner: Process | None = None
    try:
        invite = str(host.first_json()["invite"])
        joiner = Process(
            tmp_path, "joiner", *("join", invite, "--bot", "random", "--json", "--profile", str(p1))
        )
        wait_for(lambda: when(p1) or joiner.proc.poll() is not None, 60)
        joiner.proc.send_signal(signal.SIGKILL)
        assert joiner.proc.wait(5) == -signal.SIGKILL
        path = journal_of(p1)
        assert path is not None
        before = read_journal(path)
        assert before.end is None and before.deck_seed is not None
        if when is mid_deal:
            assert "lock" not in sent(before), "the deal was over before the kill"

        resumed = goldnet("resume", "--profile", str(p1), "--json", timeout=120)
        assert resumed.returncode == 0, resumed.stderr
        mine = json.loads(resumed.stdout.splitlines()[-1])
        theirs = host.finish(120)
        record0, record1 = Path(theirs["record"]), Path(mine["record"])
        assert record0.read_bytes() == record1.read_bytes()
        checked = verify(read(record1))
        assert checked.ending == "over" and list(checked.result.scores) == mine["scores"]
        envelopes = [Envelope.decode(d) for d in read(record1)]
        assert Counter(e.type for e in envelopes)["deck-audit"] == 2
        assert not [k for k, n in Counter((e.sender, e.seq) for e in envelopes).items() if n > 1]
        after = read_journal(path)
        assert after.deck_seed == before.deck_seed  # the same deal: one seed, kept
        assert after.end is not None and after.end[0] == "over"
    finally:
        for process in [p for p in (joiner, host) if p is not None]:
            process.stop()

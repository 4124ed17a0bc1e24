"""Watching a running table from the lobby (pytest-qt offscreen; real processes, sockets, TLS
and zeroconf, all on 127.0.0.1).

Three members of the test card game play as ``goldnet`` processes through the host's relay;
the game is held still mid-way (one member's process paused with SIGSTOP). The table stays on
the LAN list while it plays, with no free seat: a window cannot join it but watches it. Its
peer checks every envelope with its own lockstep machine; the table shows the public view, no
Undo nor Confirm, refuses clicks with a hint, and reaches the same end and the same record as
the players.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from goldnet.net.journal import read_journal
from goldnet.profile import Profile
from goldnet.records import read, verify
from ui.app import MainWindow
from ui.netgame import NetworkController

from ..processes import LOOPBACK, ROOT, Process, wait_for
from .conftest import Artifacts
from .test_seats import new_window

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="pausing a process (SIGSTOP) is POSIX; the product is not"
)
SEATS = 3


@pytest.fixture(autouse=True)
def _cards_everywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOLDNET_MDNS_INTERFACES", LOOPBACK)
    monkeypatch.setenv("GOLDNET_GAMES", "tests.protocol.cards")
    path = os.environ.get("PYTHONPATH", "")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(p for p in (str(ROOT), path) if p))


@pytest.fixture
def processes() -> Iterator[list[Process]]:
    started: list[Process] = []
    yield started
    for p in started:
        if p.proc.poll() is None:
            os.kill(p.proc.pid, signal.SIGCONT)
        p.stop()


def accepted(profile: Path) -> int:
    found = sorted((profile / "journal").glob("*.journal"))
    if not found:
        return 0
    try:
        return len(read_journal(found[0]).incoming)
    except Exception:  # being written: try again
        return 0


def test_a_window_watches_a_running_table_from_the_lan_list_to_its_end(
    qtbot: Any,
    windows: list[MainWindow],
    tmp_path: Path,
    cards_kit: Any,
    processes: list[Process],
    artifacts: Artifacts,
) -> None:
    name = f"watched-{os.getpid()}"
    profiles = [tmp_path / f"seat{i}" for i in range(SEATS)]
    host = Process(
        tmp_path,
        "seat0",
        *("host", "cards", "--seats", str(SEATS), "--private", "0", "--bot", "random"),
        *("--port", "0", "--json", "--profile", str(profiles[0]), "--name", name),
    )
    processes.append(host)
    invite = host.first_json()["invite"]
    window = new_window(qtbot, windows, Profile(tmp_path / "watcher"))
    start = window.start
    start.game_combo.setCurrentIndex(start.game_combo.findData("cards"))

    def row_of(free: int) -> int | None:
        """The row of the table once the LAN says it has ``free`` seats."""
        tables = start.tables()
        return next(
            (i for i, t in enumerate(tables) if t.name == name and t.free_seats == free), None
        )

    qtbot.waitUntil(lambda: row_of(SEATS - 1) is not None, timeout=15000)
    waiting = start.tables_list.item(row_of(SEATS - 1) or 0)
    assert waiting.text() == f"{name}   ·   Cards   ·   2 seats free"
    start.tables_list.setCurrentItem(waiting)
    assert start.join_table_button.isEnabled() and start.watch_table_button.isEnabled()
    for i in range(1, SEATS):
        processes.append(
            Process(
                tmp_path,
                f"seat{i}",
                *("join", invite, "--bot", "random", "--json"),
                *("--profile", str(profiles[i]), "--player-name", f"Bot {i}"),
            )
        )
    wait_for(lambda: min(accepted(p) for p in profiles) >= 3 * SEATS, 60)
    held = processes[-1]
    os.kill(held.proc.pid, signal.SIGSTOP)  # the game stands still mid-way
    assert all(p.proc.poll() is None for p in processes), "the game ended too soon"

    qtbot.waitUntil(lambda: row_of(0) is not None, timeout=15000)
    row = row_of(0)
    assert row is not None
    item = start.tables_list.item(row)
    assert item.text() == f"{name}   ·   Cards   ·   playing — you can watch"
    assert start.tables()[row].free_seats == 0
    start.tables_list.setCurrentItem(item)
    assert not start.join_table_button.isEnabled()  # full: nobody can join it
    assert start.watch_table_button.isEnabled()
    artifacts.save(window.grab().toImage(), "lobby-watch-en.png")
    QTest.mouseClick(start.watch_table_button, Qt.MouseButton.LeftButton)

    qtbot.waitUntil(lambda: isinstance(window.table.controller, NetworkController), timeout=20000)
    c = window.table.controller
    assert isinstance(c, NetworkController)
    table = window.table
    assert c.human is None and c.spectating and c.table.seat is None
    assert c.view.seat is None and c.obs.seat is None and c.obs.known == ()  # the public view
    assert len(c.names) == SEATS and sorted(c.names[1:]) == ["Bot 1", "Bot 2"]
    assert table.undo_button.isHidden() and table.confirm_button.isHidden()
    assert [table.seats.item(s).text().split("  ·  ")[0] for s in range(SEATS)] == list(c.names)
    qtbot.waitUntil(lambda: table.status.text().startswith("You are watching"), timeout=10000)
    c.click(0)
    assert table.hint.text() == "You are watching this game: you cannot play in it."
    artifacts.save(window.grab().toImage(), "spectator-table-en.png")

    os.kill(held.proc.pid, signal.SIGCONT)
    results = [p.finish(120) for p in processes]
    qtbot.waitUntil(lambda: c.phase == "over", timeout=30000)
    assert table.end.isVisible() and table.end.title.text() != "You win!"
    qtbot.waitUntil(lambda: table.record_path is not None, timeout=15000)
    record = Path(str(table.record_path)).read_bytes()
    assert all(Path(r["record"]).read_bytes() == record for r in results)
    checked = verify(read(Path(str(table.record_path))))
    assert checked.result == c.result and checked.table.names == c.names
    assert not list((tmp_path / "watcher" / "journal").glob("*.journal"))  # nothing to resume

    QTest.mouseClick(table.end.back, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.lobby.link is None and start.net_state == "idle")
    assert "You left" not in start.net_status.text()
    assert not start.resume_button.isEnabled()

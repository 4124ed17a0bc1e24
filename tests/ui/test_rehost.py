"""The "Host this table myself" button re-hosts a table whose relay died (pytest-qt offscreen;
real processes, sockets, TLS and zeroconf, all on 127.0.0.1).

A standalone relay process holds a Mountains & Rivers table: the other member plays with a bot
as a ``goldnet join`` process, a window plays its seat by hand. (Mountains & Rivers, because a
standalone relay's first member draws the table's options: the test card game could draw its
private variant, whose reveals network play does not serve yet.) The relay is killed. The
window's table says its connection is lost and offers to host the table; the button re-hosts
it from the window's journal (``TableService.resume(..., rehost=True)``, what ``goldnet resume
--host`` does) and shows the new invite code; the other member finds the re-hosted relay on the
LAN by itself, and the game goes on to its end with one record for everyone. In French too: the
offer and the invite note are translated and fit their panel.
"""

from __future__ import annotations

import signal
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from goldnet.net.invite import parse_invite
from goldnet.net.journal import read_journal, unfinished
from goldnet.profile import Profile
from goldnet.records import read, verify
from ui import i18n
from ui.app import MainWindow
from ui.netgame import NetworkController

from ..processes import LOOPBACK, Process
from .conftest import Artifacts
from .test_absence import fits, within
from .test_lobby import play_to_the_end
from .test_seats import new_window

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="killing a process with SIGKILL is POSIX; the product is not"
)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_relay_dies_a_player_hosts_the_table_and_the_game_finishes(
    qtbot: Any,
    windows: list[MainWindow],
    tmp_path: Path,
    processes: list[Process],
    translations: i18n.Translations,
    lang: str,
    artifacts: Artifacts,
) -> None:
    relay = Process(
        tmp_path,
        "relay",
        *("relay", "--game", "mountains-rivers", "--bind", LOOPBACK, "--port", "0"),
        *("--json", "--profile", str(tmp_path / "relay")),
    )
    processes.append(relay)
    invite = str(relay.first_json()["invite"])
    members = [tmp_path / "m1"]
    for i, profile in enumerate(members, 1):
        processes.append(
            Process(
                tmp_path,
                f"m{i}",
                *("join", invite, "--bot", "random", "--json", "--profile", str(profile)),
                *("--player-name", f"Bot {i}"),
            )
        )
    translations.install(lang)
    me = tmp_path / "me"
    window = new_window(qtbot, windows, Profile(me), translations)
    start = window.start
    start.name_edit.setText("Zoé")
    QTest.keyClicks(start.invite_edit, invite)
    QTest.mouseClick(start.join_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(window.table.controller, NetworkController), timeout=30000)
    c = window.table.controller
    assert isinstance(c, NetworkController) and c.human is not None and len(c.names) == 2
    table = window.table
    play_to_the_end(qtbot, window, stop_after=2)  # the game is under way
    assert c.phase != "over" and not table.pause.isVisible()
    assert not c.rehost_offered  # the relay is fine

    relay.proc.send_signal(signal.SIGKILL)  # the relay is gone for good
    assert relay.proc.wait(5) == -signal.SIGKILL
    qtbot.waitUntil(lambda: table.pause.rehost.isVisible(), timeout=20000)
    offline = "Votre connexion à la table est perdue" if lang == "fr" else "Your connection"
    assert table.pause.message.text().startswith(offline)
    button = "Héberger cette table moi-même" if lang == "fr" else "Host this table myself"
    assert table.pause.rehost.text() == button and table.pause.rehost.isEnabled()
    for label in (table.pause.title, table.pause.message, table.pause.note, table.pause.offer):
        assert fits(label), label.text()
    assert within(table.pause, table.view)
    artifacts.save(window.grab().toImage(), f"rehost-offer-{lang}.png")

    QTest.mouseClick(table.pause.rehost, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: bool(c.relay_invite), timeout=20000)
    new = parse_invite(c.relay_invite)
    assert new.host == LOOPBACK and new.game  # a re-hosted table's code names its game
    assert new.fingerprint == Profile(me).identity.fingerprint  # my own relay
    assert table.relay_note.isVisible() and c.relay_invite in table.relay_note.text.text()
    assert not table.pause.rehost.isVisible()
    QTest.mouseClick(table.relay_note.copy, Qt.MouseButton.LeftButton)
    assert QGuiApplication.clipboard().text() == c.relay_invite
    log = [table.log.item(i).text() for i in range(table.log.count())]
    assert any(c.relay_invite in line for line in log)
    # the others find my relay on the LAN by themselves (they look after each failed
    # reconnection, browsing a few seconds): the game goes on
    qtbot.waitUntil(lambda: all(c.connected) and not c.away, timeout=60000)
    assert all(table.seats.item(s).text().endswith(("connected", "en ligne")) for s in range(2))
    artifacts.save(window.grab().toImage(), f"rehost-done-{lang}.png")
    play_to_the_end(qtbot, window)
    qtbot.waitUntil(lambda: table.record_path is not None, timeout=30000)
    record = Path(str(table.record_path)).read_bytes()
    results = [p.finish(120) for p in processes[1:]]
    assert all(Path(r["record"]).read_bytes() == record for r in results)
    checked = verify(read(Path(str(table.record_path))))
    assert checked.ending == "over" and checked.result == c.result
    for profile in members:  # each journalled the move to my relay
        journal = sorted((profile / "journal").glob("*.journal"))[0]
        moved = read_journal(journal).moved
        assert moved is not None and parse_invite(moved).fingerprint == new.fingerprint
    assert not unfinished(me / "journal")

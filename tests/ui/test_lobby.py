"""The lobby on the network (pytest-qt offscreen, real sockets, real zeroconf — on loopback only).

A window lists a table hosted by another ``goldnet`` process and plays it to the end against
that process's bot; one window hosts a table that another joins by the invite code copied to
the clipboard; bad codes and unreachable tables are explained in plain words; a game against a
bot hosted from the lobby is played to the end; a game left by a killed ``goldnet join`` is
resumed from the lobby. Players are driven by real clicks on the board and the Confirm button,
or by the controller's intent API (``click``, ``confirm``).
"""

from __future__ import annotations

import asyncio
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from PySide6.QtTest import QTest

from goldnet.engine import Action
from goldnet.net.invite import parse_invite
from goldnet.net.journal import read_journal, unfinished
from goldnet.net.reports import Problem
from goldnet.net.service import TableService
from goldnet.profile import Profile
from goldnet.records import read, verify
from ui.app import MainWindow
from ui.netgame import NetworkController
from ui.pacer import INSTANT, Pace

from ..processes import LOOPBACK, Process, wait_for
from .conftest import Artifacts, click_field, field, network_controller, open_window


def new_window(qtbot: Any, profile: Profile | None = None) -> MainWindow:
    window: MainWindow = open_window(qtbot, profile)
    return window


def click_action(window: MainWindow, action: Action) -> None:
    """Play ``action`` with real mouse clicks on the board: the ends of the line (one click
    for a single marker on a roll of one), or the gold to bury."""
    c = window.table.controller
    assert c is not None
    view = window.table.view
    a = field(str(action[1]))
    if action[0] == "bury":
        click_field(view, a)
        return
    b = field(str(action[2]))
    click_field(view, a)
    if a != b or c.moves.is_free_choice():
        click_field(view, b)


def intent_action(c: NetworkController, action: Action) -> None:
    """Play ``action`` through the controller's intent API (what the scene's clicks call)."""
    a = field(str(action[1]))
    if action[0] == "bury":
        c.click(a)
        return
    b = field(str(action[2]))
    c.click(a)
    if a != b or c.moves.is_free_choice():
        c.click(b)


def play_to_the_end(
    qtbot: Any,
    window: MainWindow,
    *,
    by_mouse: int = 0,
    other: MainWindow | None = None,
    limit: int = 200,
    stop_after: int | None = None,
) -> int:
    """Play the local seat (and ``other``'s, when given) until the game is over (or until
    ``window`` played ``stop_after`` moves); the first ``by_mouse`` moves of ``window`` by real
    clicks, the rest by intents. Returns the number of moves played here."""
    windows = [w for w in (window, other) if w is not None]
    moves = 0
    for _ in range(limit):
        controllers = [w.table.controller for w in windows]
        assert all(isinstance(c, NetworkController) for c in controllers)
        qtbot.waitUntil(
            lambda cs=controllers: any(c.phase in ("human", "over", "stopped") for c in cs),
            timeout=30000,  # a paced bot turn on a loaded 2-core machine
        )
        if any(c.phase in ("over", "stopped") for c in controllers):
            break
        w = next(w for w, c in zip(windows, controllers, strict=True) if c.phase == "human")
        c = w.table.controller
        assert isinstance(c, NetworkController)
        legal = list(c.view.legal)
        reveals = [a for a in legal if a[0] == "reveal"]  # two humans burying forever: no
        action = reveals[-1] if reveals else legal[-1]  # the longest lines come last
        committed = c.view
        if w is window and moves < by_mouse:
            click_action(w, action)
            assert c.phase == "confirm", w.table.hint.text()
            QTest.mouseClick(w.table.confirm_button, Qt.MouseButton.LeftButton)
        else:
            intent_action(c, action)
            assert c.phase == "confirm", w.table.hint.text()
            c.confirm()
        # the move is applied by the network, not by the click: a new view comes
        qtbot.waitUntil(lambda c=c, v=committed: c.view is not v, timeout=15000)
        if w is window:
            moves += 1
            if moves == stop_after:
                return moves
    for w in windows:
        c = w.table.controller
        assert c is not None
        qtbot.waitUntil(lambda c=c: c.phase == "over", timeout=15000)
    return moves


def check_end(qtbot: Any, window: MainWindow) -> Path:
    """The end screen shows the winner and the saved record, which verifies."""
    table = window.table
    c = table.controller
    assert isinstance(c, NetworkController) and c.result is not None
    assert table.end.isVisible()
    winner = c.result.winners[0]
    expected = "You win!" if winner == c.human else f"{c.names[winner]} wins"
    assert table.end.title.text() == expected
    others = [s for s in range(len(c.names)) if s != c.human]
    # a rematch at a table of this player and bots of this window (they all accept), or offered
    # by the table's host to the others (docs/rematch.md)
    assert table.end.rematch.isVisible() == (all(c.is_bot(s) for s in others) or c.hosts_relay)
    qtbot.waitUntil(lambda: table.record_path is not None, timeout=10000)
    assert table.end.replay.isVisible()
    assert str(table.record_path) in table.end.record.text()
    record = Path(str(table.record_path))
    checked = verify(read(record))
    assert checked.result == c.result
    assert checked.table.names == c.names
    return record


# --- a table hosted by another process --------------------------------------------------------


def test_the_lobby_lists_a_table_of_another_process_and_plays_it_to_the_end(
    qtbot: Any, tmp_path: Path, processes: list[Process], artifacts: Artifacts
) -> None:
    name = f"lobby-test-{os.getpid()}"
    host = Process(
        tmp_path,
        "host",
        *("host", "mountains-rivers", "--name", name, "--port", "0", "--bot", "greedy"),
        *("--board", "4", "--json", "--profile", str(tmp_path / "host")),
    )
    processes.append(host)
    invite = parse_invite(host.first_json()["invite"])
    window = new_window(qtbot)
    window.start.name_edit.setText("Ada")
    started = time.monotonic()
    qtbot.waitUntil(lambda: name in [t.name for t in window.start.tables()], timeout=15000)
    listed = time.monotonic() - started
    print(f"listed after {listed:.2f} s")
    row = next(i for i, t in enumerate(window.start.tables()) if t.name == name)
    item = window.start.tables_list.item(row)
    assert name in item.text() and "1 seat free" in item.text()
    assert window.start.tables()[row].fingerprint == invite.fingerprint
    window.start.tables_list.setCurrentItem(item)
    assert window.start.join_table_button.isEnabled()
    artifacts.save(window.grab().toImage(), "lobby-lan-table.png")
    QTest.mouseClick(window.start.join_table_button, Qt.MouseButton.LeftButton)

    c = network_controller(qtbot, window)
    assert c.human == 1 and c.names == ("greedy bot", "Ada") and c.table.options == (4,)
    assert window.table.scene is not None and window.table.scene.board.number == 4
    # once full, the table stays on the LAN list with no free seat: one to watch, not to join
    qtbot.waitUntil(
        lambda: any(t.name == name and not t.free_seats for t in window.start.tables()),
        timeout=15000,
    )
    row = next(i for i, t in enumerate(window.start.tables()) if t.name == name)
    assert window.start.tables_list.item(row).text().endswith("playing — you can watch")

    moves = play_to_the_end(qtbot, window, by_mouse=3)
    assert moves >= 10
    record = check_end(qtbot, window)
    artifacts.save(window.grab().toImage(), "lobby-lan-game-over.png")
    theirs = host.finish()
    assert Path(theirs["record"]).read_bytes() == record.read_bytes()
    assert c.result is not None and list(c.result.scores) == theirs["scores"]
    assert window.table.log.count() > moves  # every move was logged, the bot's too

    # Replay the record from the end screen; back at the start, no game is left to resume.
    QTest.mouseClick(window.table.end.replay, Qt.MouseButton.LeftButton)
    assert window.replay is not None and window.stack.currentWidget() is window.replay
    window.show_start()
    qtbot.waitUntil(lambda: window.start.net_state == "idle")
    assert not window.start.resume_button.isEnabled()


# --- one window hosts, another joins by the invite code -----------------------------------------


def test_a_window_hosts_and_another_joins_by_the_copied_invite_code(
    qtbot: Any, tmp_path: Path, artifacts: Artifacts
) -> None:
    host = new_window(qtbot, Profile(tmp_path / "host"))
    guest = new_window(qtbot, Profile(tmp_path / "guest"))
    host.start.name_edit.setText("Hélène")
    guest.start.name_edit.setText("Gus")
    start = host.start
    assert not start.copy_invite_button.isEnabled()  # nothing hosted yet
    start.table_name_edit.setText("Friday table")
    start.host_option_combos["board"].setCurrentIndex(start.host_option_combos["board"].findData(9))
    start.opponent_combo.setCurrentIndex(start.opponent_combo.findData(""))
    assert not start.host_seat_combo.isEnabled()  # against a player, the host plays seat 0
    QTest.mouseClick(start.host_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: start.net_state == "hosting", timeout=10000)
    invite = host.lobby.invite
    assert invite is not None and invite.host == LOOPBACK
    assert str(invite) in start.net_status.text() and "Friday table" in start.net_status.text()
    assert start.cancel_button.isVisible() and start.cancel_button.text() == "Stop hosting"
    assert not start.host_button.isEnabled() and not start.join_button.isEnabled()
    assert start.copy_invite_button.isEnabled()
    QTest.mouseClick(start.copy_invite_button, Qt.MouseButton.LeftButton)
    copied = QGuiApplication.clipboard().text()
    assert copied == str(invite) and "copied" in start.net_status.text()
    artifacts.save(host.grab().toImage(), "lobby-hosting.png")

    # The guest sees the table on the LAN — but joins by the code, typed into the field.
    qtbot.waitUntil(lambda: "Friday table" in [t.name for t in guest.start.tables()], timeout=15000)
    # First with a wrong key: the address answers, but with another key.
    wrong = copied[: -len("abcd")] + ("aaaa" if not copied.endswith("aaaa") else "bbbb")
    QTest.keyClicks(guest.start.invite_edit, wrong)
    QTest.mouseClick(guest.start.join_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: guest.start.net_status_box.property("tone") == "problem", timeout=10000)
    assert guest.start.net_state == "idle"
    assert f"{invite.host}:{invite.port} is not the one of this invite code" in (
        guest.start.net_status.text()
    )
    assert start.net_state == "hosting"  # the host is still waiting
    guest.start.invite_edit.clear()
    QTest.keyClicks(guest.start.invite_edit, copied)
    QTest.keyClick(guest.start.invite_edit, Qt.Key.Key_Return)

    hc, gc = network_controller(qtbot, host), network_controller(qtbot, guest)
    assert hc.human == 0 and gc.human == 1
    assert hc.names == gc.names == ("Hélène", "Gus") and hc.table.options == gc.table.options == (
        9,
    )
    assert host.start.net_state == guest.start.net_state == "playing"
    # a third player is too late: the table is full, and the lobby says so
    third = new_window(qtbot, Profile(tmp_path / "third"))
    third.lobby.join_code(copied)
    qtbot.waitUntil(lambda: third.start.net_state == "idle", timeout=10000)
    assert third.start.net_status.text() == (
        "This table is full — choose another table, or host your own."
    )
    assert not unfinished(tmp_path / "third" / "journal")  # nothing to resume
    # a few moves by hand, then the rest by intents, both players human
    play_to_the_end(qtbot, host, by_mouse=2, other=guest)
    record = check_end(qtbot, host)
    assert check_end(qtbot, guest).read_bytes() == record.read_bytes()
    assert hc.result == gc.result
    artifacts.save(guest.grab().toImage(), "lobby-guest-over.png")


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="POSIX signals")
def test_a_closed_table_leaves_the_list_at_its_goodbye_a_killed_one_when_a_join_finds_nobody(
    qtbot: Any, tmp_path: Path, processes: list[Process], artifacts: Artifacts
) -> None:
    """Issue 10: a table whose ``goldnet host`` is interrupted (Ctrl-C: it says goodbye on the
    LAN) leaves an open lobby's list within 5 s; one whose process is killed (no goodbye) stays
    until its records expire (120 s) — or until a join finds nobody there, which drops it."""
    names = [f"closing-{os.getpid()}", f"killed-{os.getpid()}"]
    closing, killed = (
        Process(
            tmp_path,
            label,
            *("host", "mountains-rivers", "--name", name, "--port", "0", "--json"),
            *("--profile", str(tmp_path / label)),
        )
        for label, name in zip(("closing", "killed"), names, strict=True)
    )
    processes.extend([closing, killed])
    window = new_window(qtbot)
    start = window.start
    listed = lambda name: name in [t.name for t in start.tables()]  # noqa: E731
    qtbot.waitUntil(lambda: all(listed(name) for name in names), timeout=20000)

    closing.proc.send_signal(signal.SIGINT)  # what Ctrl-C does: the host withdraws its table
    qtbot.waitUntil(lambda: not listed(names[0]), timeout=5000)
    assert closing.proc.wait(10) == 130
    assert listed(names[1])

    killed.proc.kill()  # no goodbye: the LAN still announces the table, for now
    killed.proc.wait(10)
    qtbot.wait(300)
    assert listed(names[1])
    row = next(i for i, t in enumerate(start.tables()) if t.name == names[1])
    start.tables_list.setCurrentItem(start.tables_list.item(row))
    QTest.mouseClick(start.join_table_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: start.net_status_box.property("tone") == "problem", timeout=10000)
    assert start.net_state == "idle" and window.lobby.link is None
    assert not listed(names[1])
    assert start.net_status.text().startswith("Could not reach 127.0.0.1:")
    assert start.net_status.text().endswith("That table is no longer on your list.")
    assert names[1] not in "".join(
        start.tables_list.item(i).text() for i in range(start.tables_list.count())
    )
    artifacts.save(window.grab().toImage(), "lobby-gone-table.png")


def test_stop_hosting_withdraws_the_table_from_the_lan_lists(qtbot: Any, tmp_path: Path) -> None:
    host = new_window(qtbot, Profile(tmp_path / "host"))
    other = new_window(qtbot, Profile(tmp_path / "other"))
    host.start.table_name_edit.setText("Short-lived table")
    QTest.mouseClick(host.start.host_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: host.start.net_state == "hosting", timeout=10000)
    listed = lambda w: "Short-lived table" in [t.name for t in w.start.tables()]  # noqa: E731
    qtbot.waitUntil(lambda: listed(other), timeout=15000)
    assert not listed(host)  # my own table is not offered to me
    link = host.lobby.link
    assert link is not None and link.service.peer is not None
    assert link.service.peer.journal is not None and link.service.peer.journal.path.exists()
    QTest.mouseClick(host.start.cancel_button, Qt.MouseButton.LeftButton)
    assert host.start.net_state == "idle" and not host.start.net_status_box.isVisible()
    assert host.start.host_button.isEnabled()
    qtbot.waitUntil(lambda: not listed(other), timeout=15000)  # goodbye packets: live removal
    qtbot.waitUntil(lambda: link.is_closed, timeout=10000)
    # a table that never started leaves nothing to resume
    assert not host.start.resume_button.isEnabled()
    assert not unfinished(tmp_path / "host" / "journal")


# --- codes that are not invite codes, tables that cannot be reached ---------------------------


@pytest.mark.parametrize(
    ("code", "words"),
    [
        ("", "Paste the invite code"),
        ("hello", "This is not an invite code"),
        ("goldnet://127.0.0.1:47001/abcd", "is missing or mistyped"),
        ("goldnet://127.0.0.1:99999/aaaa-aaaa-aaaa-aaaa-aaaa-aaaa", "not a number from 1 to"),
        ("goldnet://fe80::1:47001/aaaa-aaaa-aaaa-aaaa-aaaa-aaaa", "IPv6 address"),
    ],
)
def test_a_bad_invite_code_is_explained_in_plain_words(qtbot: Any, code: str, words: str) -> None:
    window = new_window(qtbot)
    start = window.start
    QTest.keyClicks(start.invite_edit, code)
    QTest.mouseClick(start.join_button, Qt.MouseButton.LeftButton)
    assert words in start.net_status.text()
    assert start.net_status_box.isVisible()
    assert start.net_status_box.property("tone") == "problem"
    assert start.net_state == "idle" and start.join_button.isEnabled()
    assert window.lobby.link is None and window.stack.currentWidget() is start
    assert "Traceback" not in start.net_status.text()


def test_an_unreachable_table_is_explained_and_the_window_stays_responsive(
    qtbot: Any, artifacts: Artifacts
) -> None:
    window = new_window(qtbot)
    start = window.start
    code = "goldnet://127.0.0.1:1/aaaa-aaaa-aaaa-aaaa-aaaa-aaaa"  # nothing listens on port 1
    QTest.keyClicks(start.invite_edit, code)
    before = time.monotonic()
    QTest.mouseClick(start.join_button, Qt.MouseButton.LeftButton)
    assert time.monotonic() - before < 0.5  # the click returns at once: the loop connects
    assert (
        start.net_state == "connecting" and "Connecting to 127.0.0.1:1" in start.net_status.text()
    )
    qtbot.waitUntil(lambda: start.net_state == "idle", timeout=10000)
    assert start.net_status.text() == (
        "Could not reach 127.0.0.1:1 — check the address and that the host is still running."
    )
    assert window.lobby.link is None and start.join_button.isEnabled()
    artifacts.save(window.grab().toImage(), "lobby-unreachable.png")


# --- a game against a bot hosted from the lobby ------------------------------------------------


def test_a_table_hosted_with_a_bot_in_this_process_plays_to_the_end(
    qtbot: Any, tmp_path: Path, artifacts: Artifacts, monkeypatch: pytest.MonkeyPatch
) -> None:
    profile = Profile(tmp_path / "me")
    window = new_window(qtbot, profile)
    start = window.start
    start.name_edit.setText("Zoé")
    start.host_option_combos["board"].setCurrentIndex(start.host_option_combos["board"].findData(2))
    start.opponent_combo.setCurrentIndex(start.opponent_combo.findData("strong"))
    start.host_seat_combo.setCurrentIndex(start.host_seat_combo.findData(1))
    assert start.host_seat_combo.isEnabled()
    QTest.mouseClick(start.host_button, Qt.MouseButton.LeftButton)
    c = network_controller(qtbot, window)
    assert c.human == 1 and c.names == ("Hard bot", "Zoé") and c.table.options == (2,)
    assert c.table.invite.host == LOOPBACK
    # the bot's own identity, in a profile of its own inside mine
    bot_profile = Profile(tmp_path / "me" / "bots" / "strong")
    assert (bot_profile.folder / "identity.key").exists()
    assert bot_profile.identity.fingerprint != profile.identity.fingerprint
    # its table is not announced: nobody else can take the seat
    assert window.lobby.link is not None and window.lobby.link.service._announcement is None
    play_to_the_end(qtbot, window, by_mouse=2, stop_after=2)
    # the bot's move is shown no sooner than the pace's think time after what came before it;
    # a click meanwhile is refused
    c.pacer.pace = Pace(think_ms=1500, step_ms=0)
    play_to_the_end(qtbot, window, stop_after=1)
    assert c.phase == "bot" and window.table.status.text() == "Hard bot is playing…"
    assert c.obs.active == 0  # shown: my move (and perhaps the tiles), not the bot's yet
    click_field(window.table.view, field("0,0"))
    assert window.table.hint.text() == "Wait: it is Hard bot's turn."
    c.pacer.pace = INSTANT

    # Leave the table mid-game, then resume it from the lobby: the relay of this process
    # comes back on its port with its log, and so does the bot, from its own journal.
    qtbot.waitUntil(lambda: c.phase == "human", timeout=10000)
    turn = c.obs.turn
    # the table closes slowly (as on a loaded machine): a resume clicked meanwhile waits for it
    # instead of finding the profile still held ("in use by another goldnet process")
    close = TableService.close

    async def slow_close(service: TableService) -> None:
        await asyncio.sleep(1.0)
        await close(service)

    monkeypatch.setattr(TableService, "close", slow_close)
    QTest.mouseClick(window.table.leave_button, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is start and "You left the game" in start.net_status.text()
    # my table closed with me: resuming opens it again (no "if the other player's table…")
    assert "opens your table again" in start.net_status.text()
    assert "other player" not in start.net_status.text()
    qtbot.waitUntil(start.resume_button.isEnabled, timeout=10000)
    closing = window.lobby.bridge.closing
    assert closing and not closing[-1].done()  # the table is still closing
    QTest.mouseClick(start.resume_button, Qt.MouseButton.LeftButton)
    # resuming restarts this process's relay on its port and the bot from its journal: on a
    # loaded machine that has taken over 15 s
    c = network_controller(qtbot, window, timeout=30000)
    assert c.names == ("Hard bot", "Zoé") and c.obs.turn == turn
    moves = play_to_the_end(qtbot, window)
    assert moves >= 8
    record = check_end(qtbot, window)
    assert record.parent == profile.folder / "records"
    qtbot.waitUntil(lambda: bool(list((bot_profile.folder / "records").glob("*.goldnet"))))
    bot_records = list((bot_profile.folder / "records").glob("*.goldnet"))
    assert [r.read_bytes() for r in bot_records] == [record.read_bytes()]
    assert not unfinished(profile.folder / "journal")  # my journal ended with the game
    artifacts.save(window.grab().toImage(), "lobby-bot-over.png")
    QTest.mouseClick(window.table.end.back, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is start
    qtbot.waitUntil(lambda: window.lobby.link is None and start.net_state == "idle")
    assert start.host_button.isEnabled() and not start.resume_button.isEnabled()


def test_a_lost_connection_stops_the_table_with_plain_words(qtbot: Any) -> None:
    window = new_window(qtbot)
    window.start.opponent_combo.setCurrentIndex(window.start.opponent_combo.findData("random"))
    QTest.mouseClick(window.start.host_button, Qt.MouseButton.LeftButton)
    c = network_controller(qtbot, window)
    link = window.lobby.link
    assert link is not None
    # what the network thread reports when the relay stays out of reach (after its retries)
    link.on_problem(Problem("lost", "127.0.0.1", 47001, "lost the relay"))
    qtbot.waitUntil(lambda: c.phase == "stopped", timeout=5000)
    table = window.table
    assert table.end.isVisible() and table.end.title.text() == "The game stopped"
    assert table.end.scores.text().startswith(
        "The connection to 127.0.0.1:47001 was lost and could not be restored — check your"
    )
    assert not table.end.rematch.isVisible() and not table.end.replay.isVisible()
    click_field(table.view, field("0,0"))
    assert table.hint.text() == "The game is over."
    QTest.mouseClick(table.end.back, Qt.MouseButton.LeftButton)
    assert window.stack.currentWidget() is window.start
    assert "You left the game" in window.start.net_status.text()


# --- resuming a game left by a killed process ---------------------------------------------------


def incoming(profile: Path) -> int:
    journals = unfinished(profile / "journal")
    return len(read_journal(journals[0]).incoming) if journals else 0


def test_resume_from_the_lobby_a_game_left_by_a_killed_join_process(
    qtbot: Any, tmp_path: Path, processes: list[Process], artifacts: Artifacts
) -> None:
    name = f"resume-test-{os.getpid()}"
    host = Process(
        tmp_path,
        "host",
        *("host", "mountains-rivers", "--name", name, "--port", "0", "--bot", "strong"),
        *("--board", "6", "--json", "--profile", str(tmp_path / "host")),
    )
    processes.append(host)
    invite = host.first_json()["invite"]
    mine = tmp_path / "mine"
    joiner = Process(
        tmp_path,
        "joiner",
        *("join", invite, "--bot", "strong", "--player-name", "Rémi", "--json"),
        *("--profile", str(mine)),
    )
    processes.append(joiner)
    wait_for(lambda: incoming(mine) >= 12 or joiner.proc.poll() is not None, 30)
    joiner.proc.send_signal(signal.SIGKILL)
    assert joiner.proc.wait(5) == -signal.SIGKILL
    journal = unfinished(mine / "journal")[0]
    before = read_journal(journal)
    assert before.end is None, "the game ended before the kill"

    window = new_window(qtbot, Profile(mine))
    start = window.start
    assert start.resume_button.isEnabled()
    tip = start.resume_button.toolTip()  # the game and the opponent, not an invite code
    assert tip.startswith("Mountains & Rivers (Board 6) against strong bot, last played ")
    assert invite not in tip
    QTest.mouseClick(start.resume_button, Qt.MouseButton.LeftButton)
    c = network_controller(qtbot, window)
    assert c.names == ("strong bot", "Rémi") and c.human == 1 and c.table.options == (6,)
    # the table opens where the game stood, not on an empty board
    assert c.obs.turn > 0 and c.obs.facedown.bit_count() < 91
    # the earlier turns, rebuilt from the journal, then where the game goes on (it may have
    # gone on since: the other is a bot)
    lines = [window.table.log.item(i).text() for i in range(window.table.log.count())]
    at = next(i for i, line in enumerate(lines) if line.startswith("The game goes on from "))
    said = lines[at]
    assert at > 1 and said.endswith(".")
    assert any(line.startswith("Rémi · roll ") for line in lines[1:at])
    assert 0 < int(said.removeprefix("The game goes on from turn ")[:-1]) <= c.obs.turn
    artifacts.save(window.grab().toImage(), "lobby-resumed.png")
    play_to_the_end(qtbot, window)
    record = check_end(qtbot, window)
    theirs = host.finish()
    assert Path(theirs["record"]).read_bytes() == record.read_bytes()
    after = read_journal(journal)
    assert after.end == ("over", str(record), "")
    assert after.incoming[: len(before.incoming)] == before.incoming
    window.show_start()
    qtbot.waitUntil(lambda: window.lobby.link is None)
    assert not start.resume_button.isEnabled()

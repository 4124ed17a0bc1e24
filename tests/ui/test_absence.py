"""Absence is not cheating, at the desktop table (issue #8; pytest-qt offscreen, real TLS on
127.0.0.1).

A window plays a table it hosts against a bot of its own process; the bot's peer goes away
(its task is cancelled: its connection closes, its journal stays) and comes back from its
journal. The window says what the game waits for, who lost the connection and who is back, in
plain translated words that fit their panel — and never that anyone broke the rules. A game
nobody resumes ends *abandoned* (the loop's clock is moved forward instead of waiting ten
minutes); one halted on a proven fault names its culprit. Every text fits its box in English
and in French.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtWidgets import QLabel, QWidget

from goldnet.binding import EngineBinding, make_engine
from goldnet.games.mountains_rivers.bots import make_bot
from goldnet.games.mountains_rivers.rules import FIELD_NAMES
from goldnet.net.client import NetPeer
from goldnet.net.invite import Invite
from goldnet.net.journal import read_journal
from goldnet.net.reports import Outcome, TableStart, WaitReport
from goldnet.profile import Profile
from goldnet.records import read, verify
from goldnet.view import view_of
from protocol.errors import RemoteProtocolError
from protocol.events import Waiting
from protocol.messages import Action
from ui import i18n, texts
from ui.app import MainWindow
from ui.controller import GameSetup
from ui.netgame import NetworkController
from ui.network import NetBridge
from ui.table import TableWidget

from ..processes import LOOPBACK
from .conftest import Artifacts, dealt, network_controller, open_window
from .test_lobby import check_end, intent_action, play_to_the_end

GAME = "mountains-rivers"


def new_window(
    qtbot: Any, profile: Profile, translations: i18n.Translations | None = None
) -> MainWindow:
    window: MainWindow = open_window(qtbot, profile, translations)
    return window


def host_bot_game(qtbot: Any, window: MainWindow, name: str, **extra: Any) -> NetworkController:
    """Host a table against the easy bot, this player in seat 0; wait for my first turn."""
    window.start.name_edit.setText(name)
    choices = {"table_name": "absence", "board": 5, "opponent": "random", "seat": 0, **extra}
    window.lobby.host(choices)
    c = network_controller(qtbot, window)
    qtbot.waitUntil(lambda: c.phase == "human", timeout=15000)
    return c


def in_loop(window: MainWindow, coro: Any) -> Any:
    """Run ``coro`` on the window's network thread and wait for it (bounded)."""
    return window.bridge.loop_thread.submit(coro).result(10)


def take_the_bot_away(window: MainWindow) -> None:
    """Stop the bot's peer: its connection closes, its journal stays (as a killed process's)."""
    link = window.lobby.link
    assert link is not None
    service = link.service

    async def away() -> None:
        (task,) = service.bot_tasks
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    in_loop(window, away())


def bring_the_bot_back(window: MainWindow, kind: type[NetPeer] = NetPeer) -> None:
    """The bot resumes from its journal, as ``goldnet resume`` would (a ``kind`` of client)."""
    link = window.lobby.link
    assert link is not None
    service = link.service

    async def back() -> None:
        (old,) = service.bots
        assert old.journal is not None
        profile = Profile(old.folder)
        bot = make_bot("random", "back")
        state = read_journal(old.journal.path)
        peer = kind.from_journal(profile.identity, state, old.folder, bot)
        service.bots[0] = peer
        service.bot_tasks.clear()
        service.start_bot(peer)

    in_loop(window, back())


def advance_clock(window: MainWindow, seconds: int) -> None:
    """Move the local peer's game clock forward (what the abandonment time is counted on)."""
    link = window.lobby.link
    assert link is not None and link.service.peer is not None
    window.bridge.loop_thread.call(link.service.peer.loop_clock.advance, seconds * 1000)


def fits(label: QLabel) -> bool:
    """The label shows all of its text: wrapped within its width, within its height."""
    if not label.isVisible() or not label.text():
        return True
    width, height = label.width(), label.height()
    if label.wordWrap():
        return label.heightForWidth(width) <= height
    return label.sizeHint().width() <= width and label.sizeHint().height() <= height


def within(panel: QWidget, area: QWidget) -> bool:
    return area.rect().contains(panel.geometry())


def every_text(window: MainWindow) -> list[str]:
    table = window.table
    labels = [table.status, table.hint, table.pause.message, table.end.title, table.end.scores]
    labels.append(table.end.detail)
    log = [table.log.item(i).text() for i in range(table.log.count())]
    panels = [p.status for p in table.scene.panels] if table.scene is not None else []
    return [label.text() for label in labels] + log + panels


def no_blame(window: MainWindow) -> None:
    for text in every_text(window):
        assert "broke the rules" not in text and "enfreint" not in text, text


def test_a_bot_that_goes_away_and_comes_back_is_waited_for_never_blamed(
    qtbot: Any, tmp_path: Path, artifacts: Artifacts
) -> None:
    window = new_window(qtbot, Profile(tmp_path / "me"))
    c = host_bot_game(qtbot, window, "Ada")
    table = window.table
    assert c.names == ("Ada", "Easy bot")

    take_the_bot_away(window)
    qtbot.waitUntil(lambda: c.away == {1}, timeout=10000)
    assert table.log.item(table.log.count() - 1).text() == "Easy bot lost the connection."
    assert table.scene is not None and table.scene.panels[1].status == "Connection lost"
    assert not table.pause.isVisible()  # my move is due: nothing waits for the bot yet

    intent_action(c, c.view.legal[0])
    c.confirm()
    # my move is applied; the next throw needs the bot's reveal, and the bot is away
    qtbot.waitUntil(table.pause.isVisible, timeout=10000)
    message = table.pause.message.text()
    assert re.fullmatch(
        r"Easy bot lost the connection — waiting for Easy bot to come back "
        r"\((10:00|9:[0-5]\d) left\)\.",
        message,
    ), message
    assert table.pause.title.text() == "Game paused"
    assert table.pause.note.text().startswith("If the time runs out, the game ends abandoned")
    advance_clock(window, 18)  # the countdown runs on the game's clock
    qtbot.waitUntil(lambda: "(9:4" in table.pause.message.text(), timeout=10000)
    assert c.phase != "over" and not table.end.isVisible()
    for label in (table.pause.title, table.pause.message, table.pause.note):
        assert fits(label), label.text()
    assert within(table.pause, table.view)
    no_blame(window)
    artifacts.save(window.grab().toImage(), "absence-paused-en.png")

    hints: list[str] = []  # the hint may leave at once (the game goes on): record each shown
    c.hintChanged.connect(hints.append)
    bring_the_bot_back(window)
    qtbot.waitUntil(lambda: not c.away, timeout=15000)
    assert "Easy bot is back." in [table.log.item(i).text() for i in range(table.log.count())]
    assert "Easy bot is back." in hints
    qtbot.waitUntil(lambda: not table.pause.isVisible(), timeout=15000)
    assert table.scene.panels[1].status != "Connection lost"

    # The game goes on to its end: one record for both, as if nobody had been away.
    play_to_the_end(qtbot, window)
    record = check_end(qtbot, window)
    assert table.end.replay.isVisible()
    no_blame(window)
    bot_peer = window.lobby.link.service.bots[0] if window.lobby.link else None
    assert bot_peer is not None
    qtbot.waitUntil(lambda: bot_peer.outcome is not None, timeout=10000)
    assert bot_peer.outcome is not None
    assert bot_peer.outcome.record.read_bytes() == record.read_bytes()


def test_a_game_nobody_resumes_ends_abandoned_in_french_with_nobody_blamed(
    qtbot: Any, tmp_path: Path, artifacts: Artifacts, translations: i18n.Translations
) -> None:
    translations.install("fr")
    window = new_window(qtbot, Profile(tmp_path / "me"), translations)
    c = host_bot_game(qtbot, window, "Zoé")
    table = window.table
    take_the_bot_away(window)
    qtbot.waitUntil(lambda: c.away == {1}, timeout=10000)
    assert table.scene is not None and table.scene.panels[1].status == "Connexion perdue"
    intent_action(c, c.view.legal[0])
    c.confirm()
    qtbot.waitUntil(table.pause.isVisible, timeout=10000)
    advance_clock(window, 18)
    qtbot.waitUntil(lambda: "(encore 9:4" in table.pause.message.text(), timeout=10000)
    assert re.fullmatch(
        r"Robot facile a perdu la connexion — on attend son retour \(encore 9:4\d\)\.",
        table.pause.message.text(),
    ), table.pause.message.text()
    assert table.pause.title.text() == "Partie en pause"
    for label in (table.pause.title, table.pause.message, table.pause.note):
        assert fits(label), label.text()
    assert within(table.pause, table.view)
    artifacts.save(window.grab().toImage(), "absence-paused-fr.png")

    advance_clock(window, 600)  # past the table's abandonment time: I adjudicate it
    qtbot.waitUntil(table.end.isVisible, timeout=10000)
    assert c.phase == "over" and c.result is None
    assert c.outcome is not None and c.outcome.ending == "abandoned" and c.outcome.by == 0
    assert not table.pause.isVisible()
    assert table.end.title.text() == "La partie a été abandonnée"
    assert table.end.scores.text() == "Pas de gagnant, pas de score. Personne n’est mis en cause."
    assert table.end.detail.isVisible()
    assert table.end.detail.text() == "Zoé l’a déclarée abandonnée après 10 minutes sans progrès."
    qtbot.waitUntil(lambda: table.record_path is not None, timeout=10000)
    assert table.end.record.isVisible() and str(table.record_path) in table.end.record.text()
    assert not table.end.replay.isVisible() and not table.end.rematch.isVisible()
    assert table.end.back.isVisible()
    for label in (table.end.title, table.end.scores, table.end.detail, table.end.record):
        assert fits(label), label.text()
    assert within(table.end, table.view)
    no_blame(window)
    checked = verify(read(Path(str(table.record_path))))
    assert (checked.ending, checked.result, checked.culprit) == ("abandoned", None, None)
    artifacts.save(window.grab().toImage(), "absence-abandoned-fr.png")

    # Back to the start: the game is over, nothing is left to resume.
    window.show_start()
    qtbot.waitUntil(lambda: window.lobby.link is None and window.start.net_state == "idle")
    assert "You left" not in window.start.net_status.text()
    assert "Vous avez quitté" not in window.start.net_status.text()


class RogueBot(NetPeer):
    """A bot's client that signs an illegal action on its turn: a bury of a face-down marker
    (the honest client would refuse to send it)."""

    def _turn(self, seat: int) -> None:
        if self._replaying:
            return
        engine = self.machine.engine
        assert isinstance(engine, EngineBinding)
        state = engine.state
        field = next(i for i in range(len(FIELD_NAMES)) if state.facedown_fields >> i & 1)
        action = ("bury", FIELD_NAMES[field])
        self.machine._emit("action", Action(engine.state_hash(), action).body())
        with contextlib.suppress(RemoteProtocolError):  # its own machine halts too
            self.machine._pump()
        self._drain()


def test_a_halted_game_names_the_member_proven_at_fault(
    qtbot: Any, tmp_path: Path, artifacts: Artifacts
) -> None:
    window = new_window(qtbot, Profile(tmp_path / "me"))
    c = host_bot_game(qtbot, window, "Ada")
    take_the_bot_away(window)
    intent_action(c, c.view.legal[0])
    c.confirm()
    bring_the_bot_back(window, RogueBot)  # it reveals, then signs an illegal action
    table = window.table
    qtbot.waitUntil(table.end.isVisible, timeout=15000)
    assert c.phase == "over" and c.result is None
    assert c.outcome is not None and c.outcome.ending == "halted"
    assert c.outcome.culprit == c.table.members[1]
    assert table.end.title.text() == "The game was stopped"
    said = table.end.scores.text()
    assert said.startswith("Easy bot broke the rules (illegal action: ") and said.endswith(
        "(seat 1)). The record keeps the proof."
    ), said
    assert not table.end.detail.isVisible()
    qtbot.waitUntil(lambda: table.record_path is not None, timeout=10000)
    assert table.end.record.text() == f"Record saved: {table.record_path}"
    assert not table.end.replay.isVisible() and table.end.back.isVisible()
    for label in (table.end.title, table.end.scores, table.end.record):
        assert fits(label), label.text()
    assert within(table.end, table.view)
    checked = verify(read(Path(str(table.record_path))))
    assert (checked.ending, checked.culprit) == ("halted", c.table.members[1])
    artifacts.save(window.grab().toImage(), "absence-halted-en.png")


# --- every text fits its panel, in English and in French, even in a small window ----------------


LONG_REASON = (
    "state-hash mismatch: abcd-efgh-ijkl-mnop played on a state its own history does not give "
    "(seat 1)"
)


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_pause_and_ending_texts_wrap_inside_their_panels(
    qtbot: Any, translations: i18n.Translations, lang: str, artifacts: Artifacts
) -> None:
    translations.install(lang)
    table = TableWidget(speed=0.0, bot_delay=0)
    qtbot.addWidget(table)
    table.resize(820, 560)  # a small window: the board view is about 540 pixels wide
    table.show()
    qtbot.waitExposed(table)
    table.start_game(
        GameSetup(
            "mountains-rivers",
            (1,),
            0,
            "random",
            ("Bérénice-Alexandrine", "Maximilien"),
            ("#c0392b", "#2c6fbf"),
            3,
        )
    )
    dealt(qtbot, table)
    names = ["Bérénice-Alexandrine", "Maximilien"]
    pauses = [
        texts.waiting_text("reveal", names[1:], 581),
        texts.waiting_text("reveal", names, 581),
        texts.waiting_text("envelope", names[1:], 581),
        texts.waiting_text("envelope", names, 3600),
        texts.waiting_text("action", names[1:], 581),
        texts.waiting_text("commit", names, 581),
        texts.waiting_text("proof", (), 581),
        texts.lost_connection(names, 86_400),
        texts.offline(581),
    ]
    for text in pauses:
        assert "%" not in text, text
        table._paused(text)
        assert table.pause.isVisible() and table.pause.message.text() == text
        for label in (table.pause.title, table.pause.message, table.pause.note):
            assert fits(label), (lang, label.text())
        assert within(table.pause, table.view), text
        if text == pauses[1]:
            artifacts.save(table.grab().toImage(), f"absence-small-paused-{lang}.png")
    table._paused("")
    assert not table.pause.isVisible()

    endings = [
        Outcome(None, Path("/records/x.goldnet"), 0, tuple(names), (1,), "abandoned", by=1),
        Outcome(None, Path("/records/x.goldnet"), 0, tuple(names), (1,), "halted", LONG_REASON),
    ]
    for outcome in endings:
        table._ended(outcome)
        table._record_saved(
            "/a/rather/long/folder/of/records/mountains-rivers-0123456789ab.goldnet"
        )
        assert table.end.isVisible()
        for label in (table.end.title, table.end.scores, table.end.detail, table.end.record):
            assert fits(label), (lang, label.text())
        assert within(table.end, table.view)
        assert "%" not in table.end.scores.text()
        artifacts.save(table.grab().toImage(), f"absence-small-{outcome.ending}-{lang}.png")
    table.stop()


# --- when a wait becomes a pause (the controller's policy, fed reports directly) ------------------


def test_what_pauses_the_table_and_what_does_not(qtbot: Any, tmp_path: Path) -> None:
    bridge = NetBridge(Profile(tmp_path / "me"), [LOOPBACK])  # its thread is never started
    link = bridge.link("Ada")
    members = (b"\x01" * 32, b"\x02" * 32)
    table = TableStart(GAME, (1,), ("Ada", "Bea"), 0, Invite(LOOPBACK, 1, "x"), members, 600)
    first = view_of(make_engine(GAME, (1,), 2).state, 0)
    c = NetworkController(link, table, first, None, ("#c0392b", "#2c6fbf"))
    said: list[str] = []
    hints: list[str] = []
    c.logged.connect(said.append)
    c.hintChanged.connect(hints.append)

    def report(kind: str, seats: tuple[int, ...], idle: int, bea: bool | None = True) -> str:
        online = bea is not None
        c._on_wait(WaitReport(Waiting(kind, seats, 2), (True, bea), online, idle, 600 - idle))
        return c.pause

    # Automatic messages: a pause once they are late, naming whom the game waits for.
    assert report("reveal", (0, 1), 4) == ""
    assert report("reveal", (1,), 5) == (
        "No reveal from Bea yet — Bea may be away, or the relay is not passing it on (9:55 left)."
    )
    assert report("envelope", (1,), 6) == (
        "A message from Bea is missing while later ones have arrived — the relay may be holding "
        "it back (9:54 left)."
    )
    assert report("proof", (0, 1), 2) == ""
    assert report("proof", (0, 1), 7) == (
        "Two players' histories disagree — waiting for the proof (9:53 left)."
    )
    # A move: only after a while; my own never pauses anything.
    assert report("action", (1,), 29) == ""
    assert report("action", (1,), 30) == "Waiting for Bea's move (9:30 left)."
    assert report("action", (0,), 300) == "" and report("reveal", (0,), 300) == ""
    # The relay says Bea dropped: at once, whatever the game waits for from her.
    assert report("action", (1,), 1, bea=False) == (
        "Bea lost the connection — waiting for Bea to come back (9:59 left)."
    )
    assert c.away == {1} and said[-1] == "Bea lost the connection."
    assert report("reveal", (1,), 2, bea=False).startswith("Bea lost the connection")
    assert report("action", (0,), 3, bea=False) == ""  # my move: nothing waits for her yet
    # Back: said once, and the pause goes.
    assert report("reveal", (1,), 0) == "" and not c.away
    assert said[-1] == hints[-1] == "Bea is back."
    assert said.count("Bea is back.") == 1 and said.count("Bea lost the connection.") == 1
    # My own connection: a blip says nothing, a second report offline does.
    assert report("reveal", (1,), 1, bea=None) == ""
    assert report("reveal", (1,), 2, bea=None) == (
        "Your connection to the table is lost — trying to reconnect (9:58 left)."
    )
    assert not c.away  # what the relay said last still stands
    assert report("reveal", (1,), 0) == ""
    assert all("broke the rules" not in text for text in said + hints)
    c.shutdown()

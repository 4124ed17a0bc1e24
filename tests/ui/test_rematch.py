"""The rematch at a finished network table (docs/rematch.md), pytest-qt offscreen, real sockets
on 127.0.0.1: two windows finish a game; the host's Rematch offers it, the guest's end screen
shows the offer (English and French), Accept opens the new table in both windows — the same
seats in the same order, a new game —, whose first move is played. The answers' words (a
decline, a member that did not answer, an offer that expired) are checked on the box itself,
in both languages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtTest import QTest

from goldnet.profile import Profile
from ui.app import MainWindow
from ui.i18n import Translations
from ui.netgame import NetworkController
from ui.rematch import RematchBox

from .conftest import Artifacts, open_window
from .test_lobby import network_controller, new_window, play_to_the_end


def game_id(window: MainWindow) -> bytes:
    link = window.lobby.link
    assert link is not None and link.service.peer is not None
    return link.service.peer.machine.game_id


def test_the_host_offers_a_rematch_the_guest_accepts_and_both_play_the_new_table(
    qtbot: Any, tmp_path: Path, artifacts: Artifacts, translations: Translations
) -> None:
    host = open_window(qtbot, Profile(tmp_path / "host"), translations)
    guest = new_window(qtbot, Profile(tmp_path / "guest"))
    host.start.name_edit.setText("Ada")
    guest.start.name_edit.setText("Bea")
    host.lobby.host(
        {"game": "mountains-rivers", "table_name": "t", "board": 3, "seats": 2, "opponent": None}
    )
    qtbot.waitUntil(lambda: host.lobby.invite is not None, timeout=10000)
    guest.lobby.join_code(str(host.lobby.invite))
    hc, gc = network_controller(qtbot, host), network_controller(qtbot, guest)
    play_to_the_end(qtbot, host, other=guest)
    old = game_id(guest)
    # the host of the table offers a rematch; the guest's end screen has none to offer
    assert host.table.end.rematch.isVisible() and not guest.table.end.rematch.isVisible()
    QTest.mouseClick(host.table.end.rematch, Qt.MouseButton.LeftButton)
    offer = guest.table.end.offer
    qtbot.waitUntil(offer.accept.isVisible, timeout=10000)
    assert offer.message.text() == "Ada offers a rematch."
    assert offer.note.text().startswith("Time left to answer: ")
    assert not host.table.end.rematch.isVisible()  # offered once
    box = host.table.end.offer
    assert box.message.text().startswith("Rematch offered: waiting for the answers")
    artifacts.save(guest.grab().toImage(), "13-rematch-offer-en.png")
    artifacts.save(host.grab().toImage(), "13-rematch-host-en.png")
    translations.install("fr")
    qtbot.waitUntil(lambda: offer.message.text() == "Ada propose une revanche.", timeout=5000)
    assert offer.accept.text() == "Accepter" and offer.decline.text() == "Refuser"
    artifacts.save(guest.grab().toImage(), "13-rematch-offer-fr.png")
    artifacts.save(host.grab().toImage(), "13-rematch-host-fr.png")
    translations.install("en")

    QTest.mouseClick(offer.accept, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: (
            isinstance(host.table.controller, NetworkController)
            and host.table.controller is not hc
            and isinstance(guest.table.controller, NetworkController)
            and guest.table.controller is not gc
        ),
        timeout=20000,
    )
    hc2, gc2 = network_controller(qtbot, host), network_controller(qtbot, guest)
    assert (hc2.human, gc2.human) == (hc.human, gc.human)
    assert hc2.names == hc.names == gc2.names and hc2.table.members == hc.table.members
    assert hc2.table.options == hc.table.options and hc2.phase != "over"
    assert game_id(guest) != old and game_id(host) == game_id(guest)
    # the new game goes on: its first moves are played
    play_to_the_end(qtbot, host, other=guest, stop_after=1)


class FakeController(QObject):
    """What the box asks of a controller: the seats' names, the statuses, the answer."""

    rematchChanged = Signal(str, object)

    def __init__(self) -> None:
        super().__init__()
        self.names = ("Ada", "Bea", "Cy")
        self.answers: list[bool] = []

    def answer_rematch(self, accepted: bool) -> None:
        self.answers.append(accepted)


def test_answers_a_decline_and_silence_are_said_in_english_and_french(
    qtbot: Any, translations: Translations, artifacts: Artifacts
) -> None:
    parent = __import__("PySide6.QtWidgets", fromlist=["QWidget"]).QWidget()
    qtbot.addWidget(parent)
    host, member = RematchBox(parent), RematchBox(parent)
    hc, mc = FakeController(), FakeController()
    host.attach(hc)  # type: ignore[arg-type]
    member.attach(mc)  # type: ignore[arg-type]
    hc.rematchChanged.emit("rematch-offered", 30)
    hc.rematchChanged.emit("rematch-answer", (1, False))
    hc.rematchChanged.emit("rematch-silent", (2,))
    hc.rematchChanged.emit("rematch-none", None)
    assert (
        host.note.text()
        == "Bea declined.\nCy did not answer.\nNobody accepted: no rematch this time."
    )
    host.resize(480, host.sizeHint().height())
    artifacts.save(host.grab().toImage(), "13-rematch-answers-en.png")
    mc.rematchChanged.emit("rematch-offer", (0, 2))
    QTest.mouseClick(member.decline, Qt.MouseButton.LeftButton)
    assert mc.answers == [False] and member.message.text() == "You declined the rematch."
    assert not member.accept.isVisible()
    translations.install("fr")
    host.retranslate()
    member.retranslate()
    assert host.note.text() == (
        "Bea a refusé.\nCy n’a pas répondu.\n"
        "Personne n’a accepté\u00a0: pas de revanche cette fois."
    )
    assert member.message.text() == "Vous avez refusé la revanche."
    host.resize(480, host.sizeHint().height())
    artifacts.save(host.grab().toImage(), "13-rematch-answers-fr.png")
    other = RematchBox(parent)
    oc = FakeController()
    other.attach(oc)  # type: ignore[arg-type]
    oc.rematchChanged.emit("rematch-offer", (0, 1))
    qtbot.waitUntil(lambda: other.message.text() == "L’offre de revanche a expiré.", timeout=5000)
    assert oc.answers == [] and not other.accept.isVisible()

"""Presence at a table of more than two seats (pytest-qt offscreen, real TLS on 127.0.0.1): a
window hosts the test card game for four against bots of its own process; one bot goes away
(its task is cancelled: its connection closes, its journal stays) and comes back from its
journal. The seat list, the bot's panel, the turn log and the pause panel say who lost the
connection, that the game waits for that player, the time left before the game may be
adjudicated abandoned, and the return — in English and in French, never blaming anyone."""

from __future__ import annotations

import asyncio
import contextlib
import re
from pathlib import Path
from typing import Any

import pytest

from goldnet.net.client import NetPeer
from goldnet.net.invite import Invite
from goldnet.net.journal import read_journal
from goldnet.net.reports import TableStart, WaitReport
from goldnet.profile import Profile
from goldnet.view import view_of
from protocol.events import Waiting
from ui import i18n
from ui.app import MainWindow
from ui.netgame import RELAY_STUCK, NetworkController
from ui.network import NetBridge

from ..processes import LOOPBACK
from .conftest import Artifacts
from .test_absence import advance_clock, fits, in_loop, within
from .test_seats import choose_cards, new_window, play_cards_to_the_end

AWAY = 2
"""The seat of the bot that goes away (the host sits at seat 0)."""


def host_four(qtbot: Any, window: MainWindow) -> NetworkController:
    """Host the card game for four against the random bots, me at seat 0; wait for my turn."""
    window.start.name_edit.setText("Ada")
    choose_cards(window, 4)
    start = window.start
    start.opponent_combo.setCurrentIndex(start.opponent_combo.findData("random"))
    start.host_seat_combo.setCurrentIndex(start.host_seat_combo.findData(0))
    start.host_option_combos["private"].setCurrentIndex(
        start.host_option_combos["private"].findData(0)
    )
    start.host_button.click()
    qtbot.waitUntil(lambda: isinstance(window.table.controller, NetworkController), timeout=20000)
    c = window.table.controller
    assert isinstance(c, NetworkController)
    qtbot.waitUntil(lambda: c.phase == "human", timeout=15000)
    return c


def bot_of_seat(window: MainWindow, seat: int) -> int:
    """The index in the service's bots of the bot at ``seat``."""
    link = window.lobby.link
    assert link is not None
    c = window.table.controller
    assert isinstance(c, NetworkController)
    key = c.table.members[seat]
    return next(i for i, b in enumerate(link.service.bots) if b.identity.public == key)


def take_away(window: MainWindow, seat: int) -> None:
    link = window.lobby.link
    assert link is not None
    index = bot_of_seat(window, seat)

    async def away() -> None:
        task = link.service.bot_tasks[index]
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task

    in_loop(window, away())


def bring_back(window: MainWindow, seat: int, cards_game: Any) -> None:
    link = window.lobby.link
    assert link is not None
    index = bot_of_seat(window, seat)

    async def back() -> None:
        old = link.service.bots[index]
        assert old.journal is not None
        profile = Profile(old.folder)
        peer = NetPeer.from_journal(
            profile.identity,
            read_journal(old.journal.path),
            old.folder,
            cards_game.make_bot("random", "back"),
        )
        link.service.bots[index] = peer
        link.service.start_bot(peer)

    in_loop(window, back())


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_player_of_four_goes_away_and_comes_back(
    qtbot: Any,
    windows: list[MainWindow],
    tmp_path: Path,
    cards_kit: Any,
    translations: i18n.Translations,
    lang: str,
    artifacts: Artifacts,
) -> None:
    translations.install(lang)
    window = new_window(qtbot, windows, Profile(tmp_path / "me"), translations)
    c = host_four(qtbot, window)
    table = window.table
    name = c.names[AWAY]
    assert name == "Random bot 2" and len(c.names) == 4
    take_away(window, AWAY)
    qtbot.waitUntil(lambda: c.away == {AWAY}, timeout=10000)
    lost = "Connexion perdue" if lang == "fr" else "Connection lost"
    assert table.scene.panels[AWAY].status == lost
    row = table.seats.item(AWAY).text()
    assert row == (
        f"{name}  ·  connexion perdue" if lang == "fr" else f"{name}  ·  connection lost"
    )
    others = [table.seats.item(s).text() for s in range(4) if s != AWAY]
    assert all(r.endswith("en ligne" if lang == "fr" else "connected") for r in others)
    said = "a perdu la connexion." if lang == "fr" else "lost the connection."
    assert f"{name} {said}" in [table.log.item(i).text() for i in range(table.log.count())]

    # my move; the next die needs the missing bot's reveal: the game waits for it
    c.click(next(i for i, face in enumerate(c.obs.faces) if face is None))
    c.confirm()
    qtbot.waitUntil(table.pause.isVisible, timeout=15000)
    advance_clock(window, 18)
    qtbot.waitUntil(lambda: ":4" in table.pause.message.text(), timeout=10000)
    message = table.pause.message.text()
    if lang == "fr":
        pattern = rf"{name} a perdu la connexion — on attend son retour \(encore 9:4\d\)\."
    else:
        pattern = rf"{name} lost the connection — waiting for {name} to come back \(9:4\d left\)\."
    assert re.fullmatch(pattern, message), message
    assert not table.pause.rehost.isVisible()  # my own relay: nothing to re-host
    for label in (table.pause.title, table.pause.message, table.pause.note):
        assert fits(label), label.text()
    assert within(table.pause, table.view)
    for text in [message, *(table.log.item(i).text() for i in range(table.log.count()))]:
        assert "broke the rules" not in text and "enfreint" not in text
    artifacts.save(window.grab().toImage(), f"presence-four-seats-{lang}.png")

    bring_back(window, AWAY, cards_kit)
    qtbot.waitUntil(lambda: not c.away, timeout=15000)
    back = f"{name} est de retour." if lang == "fr" else f"{name} is back."
    assert back in [table.log.item(i).text() for i in range(table.log.count())]
    qtbot.waitUntil(lambda: not table.pause.isVisible(), timeout=15000)
    assert table.scene.panels[AWAY].status != lost
    play_cards_to_the_end(qtbot, c)
    assert table.end.isVisible()


# --- when hosting the table here is offered (the controller's policy, fed reports directly) ------


def controller(
    tmp_path: Path, cards_game: Any, seat: int | None, relay: str = "someone-else"
) -> NetworkController:
    """A network controller of a table of three of the card game, its network thread never
    started; the table's relay has fingerprint ``relay`` (``"me"``: my own)."""
    profile = Profile(tmp_path / "me")
    mine = profile.identity
    bridge = NetBridge(profile, [LOOPBACK])
    link = bridge.link("Ada")
    members = (mine.public, b"\x02" * 32, b"\x03" * 32)
    where = Invite(LOOPBACK, 1, mine.fingerprint if relay == "me" else relay)
    table = TableStart("cards", (0,), ("Ada", "Bea", "Carl"), seat, where, members, 600)
    first = view_of(cards_game.make((0,), 3), seat)
    return NetworkController(link, table, first, None, ("#c0392b", "#2c6fbf", "#27ae60"))


def report(
    c: NetworkController,
    kind: str,
    seats: tuple[int, ...],
    idle: int,
    online: bool = True,
    away: tuple[int, ...] = (),
) -> bool:
    connected = tuple(None if not online else s not in away for s in range(3))
    c._on_wait(WaitReport(Waiting(kind, seats, 4), connected, online, idle, 600 - idle))
    return c.rehost_offered


def test_hosting_the_table_here_is_offered_when_the_relay_is_gone_or_stuck(
    qtbot: Any, tmp_path: Path, cards_kit: Any
) -> None:
    c = controller(tmp_path, cards_kit, 0)
    offers: list[bool] = []
    c.rehostOffered.connect(offers.append)
    # stuck: connected players' reveals missing for a while
    assert not report(c, "reveal", (1, 2), RELAY_STUCK - 1)
    assert report(c, "reveal", (1, 2), RELAY_STUCK)
    assert not report(c, "reveal", (1, 2), 0)  # the game moved on: the offer goes
    assert report(c, "envelope", (2,), RELAY_STUCK + 5)
    # a player who lost the connection is waited for: that is no relay's fault
    assert not report(c, "reveal", (1, 2), RELAY_STUCK + 5, away=(2,))
    assert not report(c, "action", (1,), 300)  # a slow player
    assert not report(c, "reveal", (0,), 300)  # my own reveal
    # gone: my own connection, from the second report offline (a blip says nothing)
    assert not report(c, "reveal", (1,), 1, online=False)
    assert report(c, "reveal", (1,), 2, online=False)
    assert c.connected == (False, None, None)  # the others: not known while I am offline
    assert offers == [True, False, True, False, True]
    # re-hosted: the new invite code, the offer withdrawn for good
    said: list[str] = []
    c.rehosted.connect(said.append)
    c.link.statusChanged.emit("rehosted", (Invite(LOOPBACK, 2, "mine", "ab" * 16), "x:2"))
    assert c.relay_invite == f"goldnet://{LOOPBACK}:2/mine/{'ab' * 16}" == said[-1]
    assert not c.rehost_offered
    assert not report(c, "reveal", (1,), 9, online=False)
    c.shutdown()


@pytest.mark.parametrize(("seat", "relay"), [(0, "me"), (None, "someone-else")])
def test_no_offer_for_my_own_relay_nor_to_a_spectator(
    qtbot: Any, tmp_path: Path, cards_kit: Any, seat: int | None, relay: str
) -> None:
    c = controller(tmp_path, cards_kit, seat, relay)
    assert not report(c, "reveal", (1, 2), 100)
    for idle in (1, 2, 3):
        assert not report(c, "reveal", (1,), idle, online=False)
    c.shutdown()

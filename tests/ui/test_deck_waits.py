"""The deck's waits at a network table (docs/deck.md §11): a deal, a card's shares or the audit
missing from connected players pause the table in plain words — in English and in French,
naming whom the game waits for and the time left, never blaming anyone (a relay could cause
any of them) — and, missing long enough, offer to host the table here, as a missing reveal
does. Rendered at a table of six of the test card game; the pictures are kept as artifacts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from goldnet.net.invite import Invite
from goldnet.net.reports import TableStart, WaitReport
from goldnet.profile import Profile
from goldnet.view import view_of
from protocol.events import Waiting
from ui import i18n, texts
from ui.netgame import PAUSE_AFTER, RELAY_STUCK, NetworkController
from ui.network import NetBridge
from ui.table import TableWidget

from ..processes import LOOPBACK
from .conftest import Artifacts
from .test_absence import fits, within

NAMES = ("Ada", "Bérénice-Alexandrine", "Carl", "Dominique", "Eve", "Maximilien")
COLOURS = ("#c0392b", "#2c6fbf", "#27ae60", "#8e44ad", "#d35400", "#16a085")
ONE_AT_A_TIME = ("shuffle", "shuffle-answer", "lock")
"""The deal's steps one player makes at a time: their words name one player."""


def controller(tmp_path: Path, cards_game: Any) -> NetworkController:
    """A network controller of a table of six of the card game, me at seat 0, the table's
    relay someone else's; its network thread is never started."""
    profile = Profile(tmp_path / "me")
    mine = profile.identity
    link = NetBridge(profile, [LOOPBACK]).link("Ada")
    members = (mine.public, *(bytes([i]) * 32 for i in range(2, 7)))
    table = TableStart("cards", (1,), NAMES, 0, Invite(LOOPBACK, 1, "someone-else"), members, 600)
    first = view_of(cards_game.make((1,), 6), 0)
    return NetworkController(link, table, first, None, COLOURS)


def report(c: NetworkController, kind: str, seats: tuple[int, ...], idle: int) -> str:
    connected = tuple(True for _ in NAMES)
    c._on_wait(WaitReport(Waiting(kind, seats, 0), connected, True, idle, 600 - idle))
    return c.pause


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_deck_wait_has_its_own_words(
    qtbot: Any, translations: i18n.Translations, lang: str
) -> None:
    translations.install(lang)
    table = texts.waiting_text("table", (), 581)
    said = set()
    for kind in texts.DECK_WAITS:
        counts = (1,) if kind in ONE_AT_A_TIME else (1, 2, 5)
        for n in counts:
            names = NAMES[1 : 1 + n]
            text = texts.waiting_text(kind, names, 581)
            assert text != table and "%" not in text, (kind, text)
            assert texts.name_list(names) in text and "9:41" in text, text
            assert ("encore" in text) == (lang == "fr"), text  # translated, not English
            said.add(text)
    assert len(said) == 4 * 3 + 3  # every kind and count its own sentence
    one = texts.waiting_text("card-share", NAMES[1:2], 60)
    many = texts.waiting_text("card-share", NAMES[1:3], 60)
    assert one != many  # the plural form


def test_a_deck_wait_pauses_the_table_and_offers_to_host_it(
    qtbot: Any, tmp_path: Path, cards_kit: Any
) -> None:
    c = controller(tmp_path, cards_kit)
    for kind in texts.DECK_WAITS:
        seats = (2,) if kind in ONE_AT_A_TIME else (0, 2, 4)
        assert report(c, kind, seats, PAUSE_AFTER - 1) == ""  # not late yet
        assert not c.rehost_offered
        waited = [NAMES[s] for s in seats if s != 0]  # my own message never pauses
        assert report(c, kind, seats, PAUSE_AFTER) == texts.waiting_text(
            kind, waited, 600 - PAUSE_AFTER
        )
        assert not c.rehost_offered
        assert report(c, kind, seats, RELAY_STUCK)
        assert c.rehost_offered, kind  # connected players' automatic messages: the relay?
        assert report(c, kind, (0,), RELAY_STUCK) == ""  # mine alone: nothing to wait for
        assert not c.rehost_offered
    c.shutdown()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_deck_waits_fit_the_pause_panel(
    qtbot: Any,
    tmp_path: Path,
    cards_kit: Any,
    translations: i18n.Translations,
    lang: str,
    artifacts: Artifacts,
) -> None:
    translations.install(lang)
    c = controller(tmp_path, cards_kit)
    table = TableWidget(speed=0.0, bot_delay=0)
    qtbot.addWidget(table)
    table.resize(820, 560)  # a small window
    table.show()
    qtbot.waitExposed(table)
    table.start_network(c)
    for kind in texts.DECK_WAITS:
        seats = (3,) if kind in ONE_AT_A_TIME else (1, 2, 3, 4, 5)
        text = report(c, kind, seats, RELAY_STUCK)
        assert text and table.pause.isVisible() and table.pause.message.text() == text
        for label in (table.pause.title, table.pause.message, table.pause.note):
            assert fits(label), (lang, kind, label.text())
        assert within(table.pause, table.view), kind
        assert table.pause.rehost.isVisible(), kind
        if kind in ("shuffle", "card-share"):
            artifacts.save(table.grab().toImage(), f"deck-wait-{kind}-{lang}.png")
    report(c, "action", (0,), 0)
    assert not table.pause.isVisible()
    table.stop()  # the controller with it

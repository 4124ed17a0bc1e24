"""The shell with 2 to 6 seats (pytest-qt, offscreen): the test card game
(``tests/protocol/cards.py``) with its test kit (``tests/ui/cards_kit.py``), registered for
each test, is offered on the start screen like any game; its table shows every seat's panel
and name, against bots on this computer and at a network table hosted from the lobby (every
seat listed with its connection); the seat chooser appears only for a game with several seat
counts."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtTest import QTest

from goldnet.profile import Profile
from goldnet.records import read, verify
from ui import i18n
from ui.app import MainWindow
from ui.controller import PlayController
from ui.netgame import NetworkController

from .conftest import Artifacts, dealt, open_window

GAME = "cards"


def new_window(
    qtbot: Any,
    windows: list[MainWindow],
    profile: Profile,
    translations: i18n.Translations | None = None,
) -> MainWindow:
    """A window on the profile (host port: any free one), shut down by ``windows``."""
    window: MainWindow = open_window(qtbot, profile, translations)
    windows.append(window)
    return window


def choose_cards(window: MainWindow, seats: int) -> None:
    """Pick the card game and its seat count on the start screen, as a player would."""
    start = window.start
    assert start.game_combo.isVisible()  # two games with a kit: a chooser
    start.game_combo.setCurrentIndex(start.game_combo.findData(GAME))
    assert start.game == GAME and start.kit.game == GAME
    assert start.seats_combo.isVisible() and start.host_seats_combo.isVisible()
    assert [start.seats_combo.itemData(i) for i in range(start.seats_combo.count())] == [
        2,
        3,
        4,
        5,
        6,
    ]
    start.seats_combo.setCurrentIndex(start.seats_combo.findData(seats))
    start.host_seats_combo.setCurrentIndex(start.host_seats_combo.findData(seats))


def play_cards_to_the_end(
    qtbot: Any, c: PlayController, limit: int = 100, stop_after: int | None = None
) -> int:
    """Flip the first face-down card on each of my turns, confirmed, until the game is over
    (or I played ``stop_after`` moves)."""
    moves = 0
    for _ in range(limit):
        if moves == stop_after:
            return moves
        qtbot.waitUntil(lambda: c.phase in ("human", "over", "stopped"), timeout=15000)
        if c.phase != "human":
            break
        view = c.view
        card = next(i for i, face in enumerate(c.obs.faces) if face is None)
        c.click(card)
        assert c.phase == "confirm"
        c.confirm()
        qtbot.waitUntil(lambda v=view: c.view is not v, timeout=15000)
        moves += 1
    qtbot.waitUntil(lambda: c.phase == "over", timeout=15000)
    return moves


def check_seats(window: MainWindow, names: tuple[str, ...], me: int | None) -> None:
    """Every seat's panel shows its name on its own colour."""
    scene = window.table.scene
    assert scene is not None and len(scene.panels) == len(names)
    assert [p.name for p in scene.panels] == list(names)
    colours = {p.head.brush().color().name() for p in scene.panels}
    assert len(colours) == len(names)  # all different
    if me is not None:
        mine = QColor(window.start.player_colour()).name()
        assert scene.panels[me].head.brush().color().name() == mine


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_the_table_shows_every_seat_of_a_game_for_2_to_6(
    qtbot: Any,
    windows: list[MainWindow],
    tmp_path: Path,
    cards_kit: Any,
    seats: int,
    artifacts: Artifacts,
) -> None:
    window = new_window(qtbot, windows, Profile(tmp_path / "me"))
    window.start.name_edit.setText("Ada")
    choose_cards(window, seats)
    start = window.start
    mine = seats - 1
    assert start.seat_combo.count() == seats + 1  # every seat, then at random
    start.seat_combo.setCurrentIndex(start.seat_combo.findData(mine))
    assert start.seat_combo.currentText() == f"Seat {seats}"
    assert start.level_combo.currentText() == "Random"
    private = start.option_combos["private"]  # with peeks (cards dealt to one seat) from 4 on
    private.setCurrentIndex(private.findData(int(seats >= 4)))
    assert window.windowTitle() == "goldnet — Cards"
    QTest.mouseClick(start.play_button, Qt.MouseButton.LeftButton)
    c = dealt(qtbot, window.table)
    assert c.human == mine and len(c.names) == seats
    others = ["Random bot"] + [f"Random bot {i}" for i in range(2, seats)]
    assert c.names == (*others, "Ada")
    check_seats(window, c.names, mine)
    assert window.table.log.item(0).text() == "Cards — " + ", ".join(c.names)
    assert not window.table.seats.isVisible()  # the connections list is a network table's
    if seats == 6:
        artifacts.save(window.grab().toImage(), "cards-six-seats-bots.png")
    moves = play_cards_to_the_end(qtbot, c)
    assert moves >= 1
    assert window.table.end.isVisible()
    result = window.table.result
    assert result is not None and len(result.scores) == seats
    assert c.setup.options == (int(seats >= 4),)
    title = window.table.end.title.text()
    winners = [c.names[w] for w in result.winners]
    assert title in ("You win!", f"{winners[0]} wins") or title.endswith("share the win")


def test_mountains_and_rivers_offers_no_seat_count(
    qtbot: Any, windows: list[MainWindow], tmp_path: Path
) -> None:
    window = new_window(qtbot, windows, Profile(tmp_path / "me"))
    start = window.start
    assert start.game == "mountains-rivers"
    assert start.game_combo.isVisible()  # Golden City has a kit too: a chooser
    assert not start.seats_combo.isVisible() and not start.host_seats_combo.isVisible()
    assert start.host_choices()["seats"] == 2 and start.choices()["seats"] == 2
    assert start.bot_box.title() == "Play against a bot"
    assert [start.level_combo.itemText(i) for i in range(3)] == ["Easy", "Medium", "Hard"]
    assert start.opponent_combo.itemText(1) == "Easy bot on this computer"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_hosted_table_of_six_lists_every_seat_and_plays_to_the_end(
    qtbot: Any,
    windows: list[MainWindow],
    tmp_path: Path,
    cards_kit: Any,
    lang: str,
    artifacts: Artifacts,
) -> None:
    translations = i18n.Translations()
    translations.install(lang)
    try:
        window = new_window(qtbot, windows, Profile(tmp_path / "me"), translations)
        six_at_a_network_table(qtbot, window, lang, artifacts)
    finally:
        translations.install("en")


def six_at_a_network_table(qtbot: Any, window: MainWindow, lang: str, artifacts: Artifacts) -> None:
    fr = lang == "fr"
    window.start.name_edit.setText("Ada")
    choose_cards(window, 6)
    start = window.start
    start.opponent_combo.setCurrentIndex(start.opponent_combo.findData("random"))
    assert start.opponent_label.text() == ("Autres places" if fr else "Other seats")
    bots = "Robots sur cet ordinateur\u00a0: Random" if fr else "Bots on this computer: Random"
    assert start.opponent_combo.currentText() == bots
    start.host_seat_combo.setCurrentIndex(start.host_seat_combo.findData(2))
    start.host_option_combos["private"].setCurrentIndex(
        start.host_option_combos["private"].findData(0)
    )
    QTest.mouseClick(start.host_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(window.table.controller, NetworkController), timeout=20000)
    c = window.table.controller
    assert isinstance(c, NetworkController)
    assert c.human == 2 and len(c.names) == 6 and c.names[2] == "Ada"
    assert c.table.options == (0,)
    check_seats(window, c.names, 2)
    table = window.table
    assert table.seats.isVisible() and table.seats.count() == 6
    qtbot.waitUntil(lambda: all(c.connected), timeout=10000)
    rows = [table.seats.item(i).text() for i in range(6)]
    assert rows[2] == ("Ada (vous)  ·  en ligne" if fr else "Ada (you)  ·  connected")
    assert all(row.endswith("·  en ligne" if fr else "·  connected") for row in rows)
    assert not table.undo_button.isHidden() and not table.confirm_button.isHidden()
    artifacts.save(window.grab().toImage(), f"cards-six-seats-network-{lang}.png")
    play_cards_to_the_end(qtbot, c)
    qtbot.waitUntil(lambda: table.record_path is not None, timeout=15000)
    checked = verify(read(Path(str(table.record_path))))
    assert checked.table.names == c.names and checked.result == c.result


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_lobby_offers_the_seat_counts_of_the_game(
    qtbot: Any,
    windows: list[MainWindow],
    tmp_path: Path,
    cards_kit: Any,
    lang: str,
    artifacts: Artifacts,
) -> None:
    translations = i18n.Translations()
    translations.install(lang)
    try:
        window = new_window(qtbot, windows, Profile(tmp_path / "me"), translations)
        window.start.name_edit.setText("Ada")
        choose_cards(window, 6)
        start = window.start
        fr = lang == "fr"
        assert start.host_seats_label.text() == ("Joueurs" if fr else "Players")
        assert start.opponent_label.text() == ("Autres places" if fr else "Other seats")
        assert start.opponent_combo.itemText(0) == (
            "Des joueurs qui rejoignent la table" if fr else "Players who join"
        )
        assert start.bot_box.title() == ("Jouer contre des robots" if fr else "Play against bots")
        assert start.host_choices()["seats"] == 6 and start.choices()["seats"] == 6
        start.host_seats_combo.setCurrentIndex(start.host_seats_combo.findData(2))
        assert start.opponent_label.text() == ("Autre place" if fr else "Other seat")
        assert start.host_seat_combo.count() == 3  # seats 1, 2, at random
        start.host_seats_combo.setCurrentIndex(start.host_seats_combo.findData(6))
        assert start.host_seat_combo.count() == 7
        qtbot.wait(10)  # the new rows' layout, at the next pass of the event loop
        artifacts.save(window.grab().toImage(), f"lobby-seats-{lang}.png")
        # back to Mountains & Rivers: no seat count to choose
        start.game_combo.setCurrentIndex(start.game_combo.findData("mountains-rivers"))
        assert not start.host_seats_combo.isVisible() and start.host_choices()["seats"] == 2
        assert start.host_seat_combo.count() == 3
    finally:
        translations.install("en")

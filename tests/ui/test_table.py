"""The table against a bot, driven by real mouse clicks on the scene (pytest-qt, offscreen)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from goldnet.engine import Action
from goldnet.games.mountains_rivers.boards import load_board
from goldnet.games.mountains_rivers.geometry import mask_of
from goldnet.games.mountains_rivers.rules import State
from ui import i18n
from ui.app import MainWindow
from ui.controller import GameSetup
from ui.mountains_rivers.items import EMPTY, FACEDOWN, GOLD
from ui.table import TableWidget

from .conftest import Artifacts, click_field, dealt, field, hover_field


@pytest.fixture
def window(qtbot) -> Iterator[MainWindow]:
    w = MainWindow(speed=0.0, bot_delay=0)
    qtbot.addWidget(w)
    w.resize(1200, 820)
    w.show()
    qtbot.waitExposed(w)
    yield w
    w.table.stop()


@pytest.fixture
def table(qtbot) -> Iterator[TableWidget]:
    t = TableWidget(speed=0.0, bot_delay=0)
    qtbot.addWidget(t)
    t.resize(1200, 820)
    t.show()
    qtbot.waitExposed(t)
    yield t
    t.stop()


def setup(human: int = 0, board: int = 1, seed: int = 5, bot: str = "greedy") -> GameSetup:
    names = ("Ada", "Bot") if human == 0 else ("Bot", "Ada")
    return GameSetup("mountains-rivers", (board,), human, bot, names, ("#c0392b", "#2c6fbf"), seed)


def wait_for_human(qtbot, table: TableWidget) -> None:
    c = dealt(qtbot, table)
    qtbot.waitUntil(lambda: c.phase in ("human", "over"), timeout=10000)


def start_with_a_line(qtbot, table: TableWidget, seed: int = 5) -> None:
    """Start a game whose first roll asks for a line of two or more markers."""
    while True:
        table.start_game(setup(seed=seed))
        wait_for_human(qtbot, table)
        c = table.controller
        assert c is not None
        if c.state.roll is not None and c.state.roll >= 2:
            return
        seed += 1


def click_action(table: TableWidget, action: Action) -> None:
    """Play ``action`` the way a player does: the ends of the line (twice or once for a single
    marker, as the roll asks), or the gold to bury."""
    c = table.controller
    assert c is not None
    a = field(str(action[1]))
    if action[0] == "bury":
        click_field(table.view, a)
        return
    b = field(str(action[2]))
    click_field(table.view, a)
    if a != b or c.moves.is_free_choice():
        click_field(table.view, b)


def test_a_whole_game_against_a_bot_by_mouse_to_the_end_screen(
    qtbot, window: MainWindow, artifacts: Artifacts
) -> None:
    window.start.name_edit.setText("Ada")
    window.start.option_combos["board"].setCurrentIndex(
        window.start.option_combos["board"].findData(3)
    )
    window.start.level_combo.setCurrentIndex(window.start.level_combo.findData("greedy"))
    QTest.mouseClick(window.start.play_button, Qt.MouseButton.LeftButton)
    table = window.table
    assert window.stack.currentWidget() is table
    c = dealt(qtbot, table)
    assert c is not None and c.setup.options == (3,) and c.setup.names[c.human] == "Ada"
    turns = 0
    shot = False
    while c.phase != "over":
        wait_for_human(qtbot, table)
        if c.phase == "over":
            break
        legal = c.state.legal_actions(c.human)
        action = legal[0]  # reveals come first: the game always moves on
        before = c.state.turn
        click_action(table, action)
        assert c.phase == "confirm", table.hint.text()
        assert c.tentative is not None and c.tentative[0] == action
        QTest.mouseClick(table.confirm_button, Qt.MouseButton.LeftButton)
        assert c.state.turn == before + 1
        turns += 1
        if turns == 8 and not shot:
            artifacts.save(window.grab().toImage(), "game-in-progress.png")
            shot = True
        assert turns < 200
    assert table.end.isVisible()
    assert table.result is not None and sum(table.result.scores) == 91
    title = table.end.title.text()
    assert title in ("You win!", f"{c.names[1 - c.human]} wins")
    assert "91" not in title and str(table.result.scores[0]) in table.end.scores.text()
    assert table.log.count() > turns
    artifacts.save(window.grab().toImage(), "end-screen.png")
    # Rematch: a fresh game on the same choices.
    QTest.mouseClick(table.end.rematch, Qt.MouseButton.LeftButton)
    assert not table.end.isVisible() and table.status.text().startswith("Dealing")
    assert dealt(qtbot, table) is not c
    assert table.controller.state.turn == 0 or table.controller.phase == "bot"


def test_undo_then_confirm(qtbot, table: TableWidget) -> None:
    start_with_a_line(qtbot, table)
    c = table.controller
    assert c is not None and table.scene is not None
    committed = c.state.public_hash()
    action = next(a for a in c.state.legal_actions(0) if a[0] == "reveal" and a[1] != a[2])
    click_action(table, action)
    line = [field(str(action[1])), field(str(action[2]))]
    assert c.phase == "confirm"
    assert table.undo_button.isEnabled() and table.confirm_button.isEnabled()
    assert all(table.scene.fields[f].status in (GOLD, EMPTY) for f in line)
    assert c.state.public_hash() == committed  # only a clone moved
    QTest.mouseClick(table.undo_button, Qt.MouseButton.LeftButton)
    assert c.phase == "human" and c.tentative is None
    assert all(table.scene.fields[f].status == FACEDOWN for f in line)
    assert c.state.public_hash() == committed
    assert not table.confirm_button.isEnabled()
    click_action(table, action)
    QTest.mouseClick(table.confirm_button, Qt.MouseButton.LeftButton)
    assert c.state.turn == 1
    assert all(not (c.state.facedown_fields >> f & 1) for f in line)
    assert any("revealed" in table.log.item(i).text() for i in range(table.log.count()))


def bury_position(shovels: tuple[int, int] = (2, 2)) -> State:
    """Board 1, seat 0 to move, exposed gold on two fields whose territories are not complete."""
    board = load_board(1)
    gold = mask_of([field("0,0"), field("1,0")])
    return State.from_position(board, gold=gold, shovels=shovels, scores=(3, 4), turn=6)


def test_a_bury_and_its_shovel_fly_and_are_undone_together(qtbot, table: TableWidget) -> None:
    table.start_game(setup(), state=bury_position())
    wait_for_human(qtbot, table)
    c, scene = table.controller, table.scene
    assert c is not None and scene is not None
    target = field("0,0")
    assert scene.fields[target].status == GOLD
    assert [s.pos() for s in scene.shovels] == [
        scene.panels[0].shovel_slot(0),
        scene.panels[0].shovel_slot(1),
        scene.panels[1].shovel_slot(0),
        scene.panels[1].shovel_slot(1),
    ]
    click_field(table.view, target)
    assert c.phase == "confirm" and c.tentative is not None
    assert c.tentative[0] == ("bury", "0,0")
    assert scene.fields[target].status == FACEDOWN
    # The shovel flew to the opponent's third slot.
    assert scene._shovel_owner.count(0) == 1 and scene._shovel_owner.count(1) == 3
    assert any(s.pos() == scene.panels[1].shovel_slot(2) for s in scene.shovels)
    assert c.state.shovels == [2, 2]  # nothing committed yet
    QTest.mouseClick(table.undo_button, Qt.MouseButton.LeftButton)
    assert scene.fields[target].status == GOLD
    assert scene._shovel_owner.count(0) == 2 and scene._shovel_owner.count(1) == 2
    assert {(round(s.pos().x()), round(s.pos().y())) for s in scene.shovels} == {
        (round(p.x()), round(p.y()))
        for p in (
            scene.panels[0].shovel_slot(0),
            scene.panels[0].shovel_slot(1),
            scene.panels[1].shovel_slot(0),
            scene.panels[1].shovel_slot(1),
        )
    }
    click_field(table.view, target)
    QTest.mouseClick(table.confirm_button, Qt.MouseButton.LeftButton)
    assert c.state.shovels[0] == 1 and c.state.shovels[1] == 3
    assert c.state.facedown_fields >> target & 1
    assert any("buried" in table.log.item(i).text() for i in range(table.log.count()))


def test_the_shovel_flies_with_animation_and_lands(qtbot, table: TableWidget) -> None:
    table.speed = 0.2
    table.start_game(setup(), state=bury_position())
    wait_for_human(qtbot, table)
    scene = table.scene
    assert scene is not None
    click_field(table.view, field("0,0"))
    assert scene.animating()
    qtbot.waitUntil(lambda: not scene.animating(), timeout=5000)
    assert scene._shovel_owner.count(1) == 3
    assert any(s.pos() == scene.panels[1].shovel_slot(2) for s in scene.shovels)


def test_illegal_clicks_are_refused_with_a_visible_hint_and_no_state_change(
    qtbot, table: TableWidget, artifacts: Artifacts
) -> None:
    start_with_a_line(qtbot, table, seed=11)
    c = table.controller
    assert c is not None
    committed = c.state.public_hash()
    # Two markers that are not on one straight line.
    click_field(table.view, field("0,0"))
    click_field(table.view, field("2,1"))
    assert table.hint.isVisible()
    assert "not on one straight line" in table.hint.text()
    artifacts.save(table.grab().toImage(), "illegal-click-hint.png")
    assert c.state.public_hash() == committed and c.phase == "human"
    # A line of the wrong length.
    click_field(table.view, field("0,0"), Qt.MouseButton.RightButton)  # cancels
    assert c.selection is None
    n = c.state.roll + 1
    click_field(table.view, field("-2,0"))
    click_field(table.view, field(f"{-2 + n - 1},0"))
    assert f"The roll is {c.state.roll}" in table.hint.text()
    assert c.state.public_hash() == committed and c.phase == "human"


def test_a_hint_leaves_when_its_phase_ends(qtbot, table: TableWidget) -> None:
    """A hint about a tentative move ("Confirm first…") leaves with the Confirm, not seconds
    later over the other seat's turn."""
    start_with_a_line(qtbot, table, seed=11)
    c = table.controller
    assert c is not None and c.phase == "human"
    click_action(table, c.state.legal_actions(c.human)[0])
    assert c.phase == "confirm"
    click_field(table.view, field("0,0"))  # a click while the move waits for Confirm
    assert table.hint.isVisible() and "Confirm" in table.hint.text()
    QTest.mouseClick(table.confirm_button, Qt.MouseButton.LeftButton)
    assert c.phase != "confirm"
    assert not table.hint.isVisible()  # the status line is back at once


def test_illegal_clicks_are_hinted_in_french(
    qtbot, table: TableWidget, translations: i18n.Translations, artifacts: Artifacts
) -> None:
    assert translations.install("fr")
    start_with_a_line(qtbot, table, seed=11)
    c = table.controller
    assert c is not None
    committed = c.state.public_hash()
    click_field(table.view, field("0,0"))
    click_field(table.view, field("2,1"))
    assert table.hint.isVisible()
    assert table.hint.text() == (
        "Ces deux jetons ne sont pas sur une même ligne droite\u00a0: cliquez les deux bouts d’une "
        "ligne."
    )
    artifacts.save(table.grab().toImage(), "illegal-click-hint-fr.png")
    click_field(table.view, field("0,0"), Qt.MouseButton.RightButton)
    n = c.state.roll + 1
    click_field(table.view, field("-2,0"))
    click_field(table.view, field(f"{-2 + n - 1},0"))
    roll = c.state.roll
    assert table.hint.text() == (
        f"Le lancer vaut {roll}\u00a0: la ligne doit compter exactement {roll} jetons, pas {n}."
    )
    assert c.state.public_hash() == committed and c.phase == "human"


def test_no_shovel_no_bury(qtbot, table: TableWidget) -> None:
    table.start_game(setup(), state=bury_position(shovels=(0, 4)))
    wait_for_human(qtbot, table)
    c = table.controller
    assert c is not None
    committed = c.state.public_hash()
    click_field(table.view, field("1,0"))
    assert table.hint.isVisible() and "no shovel" in table.hint.text()
    assert c.state.public_hash() == committed and c.tentative is None


def test_clicks_out_of_turn_or_on_collected_fields_are_refused(qtbot, table: TableWidget) -> None:
    board = load_board(1)
    empty = board.mountains[board.mountain_of[field("3,-3")]]
    state = State.from_position(board, empty=empty, scores=(0, 0))
    table.start_game(setup(), state=state)
    wait_for_human(qtbot, table)
    c = table.controller
    assert c is not None
    committed = c.state.public_hash()
    click_field(table.view, field("3,-3"))
    assert "already been collected" in table.hint.text()
    action = c.state.legal_actions(0)[0]
    click_action(table, action)
    click_field(table.view, field("0,0"))  # before confirming
    assert "Confirm your turn first" in table.hint.text()
    assert c.state.public_hash() == committed


def test_tooltips_name_the_mountain_and_the_river(qtbot, table: TableWidget) -> None:
    table.start_game(setup())
    wait_for_human(qtbot, table)
    scene = table.scene
    assert scene is not None
    board = scene.board
    for f in (0, 17, 45, 90):
        m, r = board.mountain_of[f], board.river_of[f]
        tip = scene.fields[f].toolTip()
        left_m = (board.mountains[m] & table.controller.state.facedown_fields).bit_count()
        assert f"Mountain {m + 1} (Ada): {left_m} face-down marker" in tip
        assert f"River {r + 1} (Bot):" in tip


def test_hovering_a_field_highlights_its_territories_and_previews_the_line(
    qtbot, table: TableWidget
) -> None:
    start_with_a_line(qtbot, table, seed=11)
    c, scene = table.controller, table.scene
    assert c is not None and scene is not None
    f = field("-1,1")
    hover_field(table.view, f)
    qtbot.waitUntil(lambda: scene.highlighted() != (-1, -1), timeout=2000)
    assert scene.highlighted() == (scene.board.mountain_of[f], scene.board.river_of[f])
    action = next(a for a in c.state.legal_actions(0) if a[0] == "reveal" and a[1] != a[2])
    a, b = field(str(action[1])), field(str(action[2]))
    click_field(table.view, a)
    assert c.selection == a
    hover_field(table.view, b)
    qtbot.waitUntil(lambda: scene.preview.isVisible(), timeout=2000)
    assert scene.preview.is_legal()
    QTest.keyClick(table, Qt.Key.Key_Escape)
    assert c.selection is None


def free_choice_position() -> State:
    """Board 1, three face-down markers left (two of them neighbours): free choice."""
    board = load_board(1)
    left = mask_of([field("0,0"), field("1,0"), field("-2,0")])
    return State.from_position(board, empty=((1 << 91) - 1) & ~left, scores=(40, 48), turn=50)


def test_free_choice_a_marker_twice_or_two_neighbours(qtbot, table: TableWidget) -> None:
    table.start_game(setup(), state=free_choice_position())
    wait_for_human(qtbot, table)
    c = table.controller
    assert c is not None and c.moves.is_free_choice() and c.state.roll is None
    assert table.scene is not None and "Free choice" in table.scene.tiles.range_text
    click_field(table.view, field("0,0"))
    assert c.phase == "human" and c.selection == field("0,0")
    click_field(table.view, field("0,0"))
    assert c.phase == "confirm" and c.tentative is not None
    assert c.tentative[0] == ("reveal", "0,0", "0,0")
    QTest.mouseClick(table.undo_button, Qt.MouseButton.LeftButton)
    click_field(table.view, field("0,0"))
    click_field(table.view, field("-2,0"))
    assert "two neighbouring markers" in table.hint.text() and c.phase == "human"
    click_field(table.view, field("0,0"), Qt.MouseButton.RightButton)
    click_field(table.view, field("1,0"))
    click_field(table.view, field("0,0"))
    assert c.tentative is not None and c.tentative[0] == ("reveal", "0,0", "1,0")


def test_collection_is_animated_into_the_collectors_score(qtbot, table: TableWidget) -> None:
    table.speed = 0.3
    table.start_game(setup(), state=free_choice_position())
    wait_for_human(qtbot, table)
    scene, c = table.scene, table.controller
    assert scene is not None and c is not None
    click_field(table.view, field("0,0"))
    click_field(table.view, field("1,0"))
    assert c.tentative is not None
    collected = [e for e in c.tentative[2] if e.kind == "collect"]
    assert collected, "revealing this pair completes a territory"
    seats = {e.seat for e in collected}
    assert scene.animating() and sum(scene._in_flight) > 0
    for seat in seats:
        panel = scene.panels[seat]
        assert panel.shown_score < panel.target_score  # the nuggets are still flying
    qtbot.waitUntil(lambda: not scene.animating(), timeout=5000)
    for seat in (0, 1):
        panel = scene.panels[seat]
        assert panel.shown_score == panel.target_score == c.tentative[1].scores[seat]
    assert all(scene.fields[field(n)].status == EMPTY for e in collected for n in e.get("fields"))

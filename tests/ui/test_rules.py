"""The Rules window, the tooltips of the panels, shovels and tiles, and turn instructions that
offer only what is possible now — in English and in French."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QEvent, QUrl
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QToolTip

from goldnet.games.mountains_rivers.boards import load_board
from goldnet.games.mountains_rivers.geometry import mask_of
from goldnet.games.mountains_rivers.rules import FREE, State, reveal_action
from ui import kits
from ui.app import MainWindow
from ui.mountains_rivers import rules as mr_rules
from ui.mountains_rivers.render import table_scene
from ui.rules import RulesWindow, show_rules

from .conftest import Artifacts, dealt, field

SECTIONS_EN = ("What you own", "How a turn goes", "Collection", "The range", "Shovels", "The end")
SECTIONS_FR = ("Ce que vous possédez", "Comment se passe un tour", "Le ramassage", "La portée")


def _text(window: RulesWindow) -> str:
    return window.browser.toPlainText()


def _window(qtbot: Any, translations: Any) -> MainWindow:
    window = MainWindow(translations=translations, speed=0.0, bot_delay=0)
    qtbot.addWidget(window)
    window.resize(1280, 860)
    window.show()
    return window


def test_the_rules_open_from_the_start_screen_and_from_the_table(
    qtbot, translations, windows, artifacts: Artifacts
) -> None:
    window = _window(qtbot, translations)
    windows.append(window)
    rules = window.start.rules_button.open_rules()
    assert rules is not None and rules.isVisible() and rules.game == "mountains-rivers"
    assert rules.windowTitle() == "Rules — Mountains & Rivers"
    text = _text(rules)
    for section in SECTIONS_EN:
        assert section in text
    assert "two shovels" in text and "1–5" in text and "never a tie" in text
    rules.resize(760, 900)
    artifacts.save(rules.grab().toImage(), "rules-en.png")
    rules.close()

    window.play({"board": 1, "bot": "random", "seat": 0}, seed=3)
    dealt(qtbot, window.table)
    again = window.table.rules_button.open_rules()
    assert again is rules  # one Rules window per main window, brought forward again
    assert again.isVisible()
    window.table.stop()


def test_the_rules_follow_the_language(qtbot, translations, windows, artifacts) -> None:
    window = _window(qtbot, translations)
    windows.append(window)
    rules = show_rules("mountains-rivers", window)
    window.start.language_combo.setCurrentIndex(window.start.language_combo.findData("fr"))
    qtbot.waitUntil(lambda: rules.windowTitle() == "Règles — Montagnes et Rivières", timeout=3000)
    text = _text(rules)
    for section in SECTIONS_FR:
        assert section in text
    assert "What you own" not in text
    assert window.start.rules_button.text() == "Règles"
    assert rules.buttons.buttons()[0].text() == "Fermer"  # Qt's own words, in French too
    rules.resize(760, 900)
    artifacts.save(rules.grab().toImage(), "rules-fr.png")


def test_the_pictures_are_drawn_by_the_kit_and_served_from_memory(qapp) -> None:
    rules = kits.get("mountains-rivers").rules()
    assert {"line.png", "header.png", "gold.png", "facedown.png", "empty.png"} <= set(rules.images)
    for name, image in rules.images.items():
        assert not image.isNull() and f'src="{name}"' in rules.html
    window = RulesWindow("mountains-rivers")
    resource = window.browser.loadResource(2, QUrl("line.png"))
    assert resource is not None and resource.width() == rules.images["line.png"].width()
    assert window.browser.loadResource(2, QUrl("x.png")) is None
    assert window.browser.loadResource(2, QUrl("file:///etc/passwd")) is None


def test_the_picture_shows_a_legal_line_in_a_position_the_rules_can_reach() -> None:
    """The line the picture shows green is one the rules would take; its exposed gold stands
    where a face-down marker remains in both its mountain and its river (collection)."""
    state = mr_rules._position()
    assert state.roll == 3 and reveal_action(*mr_rules._LINE) in state.legal_actions(0)
    board = state.board
    for name in mr_rules._GOLD:
        f = field(name)
        assert board.mountains[board.mountain_of[f]] & state.facedown_fields
        assert board.rivers[board.river_of[f]] & state.facedown_fields


def test_a_second_game_brings_its_own_rules(qtbot, cards_kit) -> None:
    window = show_rules(cards_kit.name)
    qtbot.addWidget(window)
    assert window.windowTitle() == "Rules — Cards"
    assert "face-down card" in _text(window)
    window.show_game("mountains-rivers")
    assert "Shovels" in _text(window)


# --- tooltips ------------------------------------------------------------------------------


def _tooltip_at(view: Any, item: Any) -> str:
    """The tooltip the view shows over the centre of ``item`` (a real help event)."""
    point = view.mapFromScene(item.sceneBoundingRect().center())
    QToolTip.hideText()
    event = QHelpEvent(QEvent.Type.ToolTip, point, view.viewport().mapToGlobal(point))
    QApplication.sendEvent(view.viewport(), event)
    return QToolTip.text()


def test_panels_shovels_and_tiles_explain_themselves(qtbot, translations, windows) -> None:
    window = _window(qtbot, translations)
    windows.append(window)
    window.play({"board": 1, "bot": "random", "seat": 0}, seed=3)
    dealt(qtbot, window.table)
    scene, view = window.table.scene, window.table.view
    assert scene is not None
    me = window.table.controller.names[0]
    qtbot.waitUntil(lambda: scene.obs is not None and scene.obs.roll is not None, timeout=3000)
    panel = scene.panels[0].toolTip()
    assert f"{me} — the 17 mountains" in panel and "Shovels: 2" in panel
    assert "Mountains collected: 0 of 17" in panel and "Gold collected: 0" in panel
    assert "the 17 rivers" in scene.panels[1].toolTip()
    shovel = scene.shovels[0].toolTip()
    assert f"Shovel — {me}." in shovel and "bury one exposed gold marker" in shovel
    tiles = scene.tiles.toolTip()
    assert "Range 1–5" in tiles and "0|1, 0|2, 1|2" in tiles
    assert "Roll" in tiles
    # what a player sees: the view's help event shows the item's tooltip
    assert "the 17 rivers" in _tooltip_at(view, scene.panels[1])
    assert "Shovel — " in _tooltip_at(view, scene.shovels[3])
    window.start.language_combo.setCurrentIndex(window.start.language_combo.findData("fr"))
    qtbot.waitUntil(lambda: "les 17 montagnes" in scene.panels[0].toolTip(), timeout=3000)
    assert "Pelles\u00a0: 2" in scene.panels[0].toolTip()
    assert "Pelle — " in scene.shovels[0].toolTip()
    assert "Portée 1–5" in scene.tiles.toolTip()
    window.table.stop()


def test_the_tiles_tooltip_in_free_choice_and_without_shovels(qapp) -> None:
    board = load_board(1)
    full = mask_of(range(91))
    keep = mask_of(field(f) for f in ("0,0", "1,0", "3,-3"))  # no line of three left
    state = State.from_position(board, empty=full & ~keep, shovels=(0, 4), scores=(44, 44))
    assert state.range_ == FREE
    scene = table_scene(state, ("Ann", "Bea"))
    assert "Free choice: no tiles are thrown." in scene.tiles.toolTip()
    assert "No shovel: no burying gold for now." in scene.panels[0].toolTip()
    assert "Shovels: 4" in scene.panels[1].toolTip()


def test_a_name_in_a_tooltip_is_text_never_markup(qapp) -> None:
    scene = table_scene(State(load_board(1)), ("<b>Zoé</b> & co", "Bea"))
    assert "&lt;b&gt;Zoé&lt;/b&gt; &amp; co — the 17 mountains" in scene.panels[0].toolTip()
    assert "Shovel — &lt;b&gt;" in scene.shovels[0].toolTip()


# --- what a turn offers ----------------------------------------------------------------------


def test_the_first_turn_does_not_offer_to_bury_gold_that_is_not_there(qtbot, windows) -> None:
    window = MainWindow(speed=0.0, bot_delay=0)
    qtbot.addWidget(window)
    windows.append(window)
    window.play({"board": 1, "bot": "random", "seat": 0}, seed=3)
    dealt(qtbot, window.table)
    table = window.table
    qtbot.waitUntil(lambda: table.controller.phase == "human", timeout=3000)
    status = table.status.text()
    assert status.startswith("Your turn, roll") and "bury" not in status
    table.stop()


def test_burying_is_offered_only_when_it_is_possible() -> None:
    kit = kits.get("mountains-rivers")
    board = load_board(1)
    gold = mask_of([field("0,0")])

    def status(**position: Any) -> str:
        state = State.from_position(board, **position)
        state.apply_chance(3)
        return kit.turn_status("human", state.observation(None), False)

    assert "bury" not in status()  # no exposed gold
    assert "exposed gold to bury it" in status(gold=gold)
    assert "bury" not in status(gold=gold, shovels=(0, 4))  # no shovel
    one = State.from_position(board, gold=gold)
    one.apply_chance(1)
    assert kit.turn_status("human", one.observation(None), False).endswith("to bury it.")
    bare = State.from_position(board)
    bare.apply_chance(1)
    assert kit.turn_status("human", bare.observation(None), False) == (
        "Your turn, roll 1: click one face-down marker."
    )

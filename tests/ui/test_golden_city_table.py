"""The Golden City table against bots, driven by real mouse clicks on the board (pytest-qt,
offscreen): from the start screen, a whole game to the end screen, Undo before Confirm."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt

from goldnet.engine import TurnOf
from ui.controller import GameSetup

from .conftest import dealt, open_window
from .golden_city_play import NAMES, click_action, play_by_clicks, policy, seeded_game

COLOURS = ("#c0392b", "#2c6fbf", "#27ae60")
SEED = 1
"""A game whose player buys a pickaxe, fights a duel, goes down into the mine and sees the
Gazette appear (found by playing :func:`policy` on seeds 0 to 7: most do all four)."""


def lines(window: Any) -> list[str]:
    log = window.table.log
    return [log.item(i).text() for i in range(log.count())]


def test_a_whole_game_of_three_by_clicks_to_the_end_screen(qtbot: Any, translations: Any) -> None:
    window = open_window(qtbot, None, translations)
    game = seeded_game(SEED)
    setup = GameSetup("golden-city", (), 0, "random", NAMES, COLOURS, SEED)
    window.stack.setCurrentWidget(window.table)
    window.table.start_game(setup, game=game)
    table = window.table
    scene = table.scene
    assert len(scene.panels) == 3 and scene.store.isVisible()  # turn 1 begins at home

    clicked = play_by_clicks(qtbot, table, policy)

    log = lines(window)
    assert clicked > 20
    assert "Ada buys: Pickaxe (price: 4)." in log  # the store, by its Buy button
    assert any(line.startswith("Ada goes down into the mine at") for line in log)
    assert any(line.startswith(("Ada brawls", "Ada attacks", "Ada meets a ghost")) for line in log)
    assert any(line.startswith("Duel die") for line in log) and scene.duels
    assert any(line.startswith("La Gazette de Golden City:") for line in log)
    assert scene.gazette.pages  # its front page opened in the middle of the board
    assert table.end.isVisible()
    result = game.result
    assert result is not None and result.winners == (0,)
    assert table.end.title.text() == "You win!"
    summary = table.end.scores.text()
    assert "Final banks" in summary and "Ada" in summary and str(result.scores[0]) in summary
    assert all(game.state.observation(None).shown)  # every mission shown at the end
    assert scene.panels[0].info.mission  # … and on each panel
    translations.install("fr")  # the end panel follows a change of language
    qtbot.waitUntil(lambda: table.end.title.text().startswith("Vous gagnez"), timeout=5000)
    assert "Banques finales" in table.end.scores.text()


def test_golden_city_from_the_start_screen_with_five_seats(qtbot: Any) -> None:
    window = open_window(qtbot)
    start = window.start
    qtbot.mouseClick(start.game_combo, Qt.MouseButton.LeftButton)
    start.game_combo.setCurrentIndex(start.game_combo.findData("golden-city"))
    start.seats_combo.setCurrentIndex(start.seats_combo.findData(5))
    start.seat_combo.setCurrentIndex(start.seat_combo.findData(0))
    assert start.level_combo.findData("heuristic") >= 0
    qtbot.mouseClick(start.play_button, Qt.MouseButton.LeftButton)
    table = window.table
    assert table.status.text() == "Dealing… the game starts in a moment."
    c = dealt(qtbot, table)
    assert c.kit.game == "golden-city"
    qtbot.waitUntil(lambda: c.phase == "human", timeout=10_000)
    scene = table.scene
    assert len(scene.panels) == 5
    assert scene.panels[0].name == start.player_name()
    assert scene.store.isVisible() and scene.mission.isVisible()
    assert table.status.text().startswith("The general store is open")


def test_choices_chain_before_confirm_and_undo_takes_back_the_last(qtbot: Any) -> None:
    window = open_window(qtbot)
    game = seeded_game(SEED)
    window.stack.setCurrentWidget(window.table)
    window.table.start_game(GameSetup("golden-city", (), 0, "random", NAMES, COLOURS, 1), game=game)
    table, view = window.table, window.table.view
    c = table.controller
    qtbot.waitUntil(lambda: c.phase == "human", timeout=10_000)
    bank = c.obs.banks[0]
    click_action(view, c, ("buy", "pickaxe"))
    assert c.phase == "confirm" and c.chaining()  # the store stays open: more may be bought
    assert table.scene.panels[0].info.bank == bank - 4  # the tentative purchase is shown
    click_action(view, c, ("buy", "lantern"))
    assert [a for a, _, _ in c.chain] == [("buy", "pickaxe"), ("buy", "lantern")]
    assert c.observation().awaiting == ("before",)  # nothing left to buy: the store closed
    assert "Or Confirm what you chose" in table.status.text()
    assert table.scene.roll_button.isVisible()
    qtbot.mouseClick(table.undo_button, Qt.MouseButton.LeftButton)
    assert [a for a, _, _ in c.chain] == [("buy", "pickaxe")]
    assert table.scene.store.isVisible()  # back at the store
    click_action(view, c, ("done",))
    click_action(view, c, ("roll",))
    assert not c.chaining()  # the die is next: only Confirm is left
    qtbot.mouseClick(table.confirm_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: c.phase == "human", timeout=10_000)
    assert c.obs.tools[0] == ("pickaxe",) and c.obs.banks[0] == bank - 4
    assert c.obs.awaiting[0] == "move" and c.obs.roll  # a die thrown stays thrown
    assert table.scene.tray.face == c.obs.roll
    assert c.view.awaiting == TurnOf(0)
    assert any(g.glow is not None for g in table.scene.fields)  # the destinations light up


def test_a_table_hosted_from_the_lobby_against_two_bots_is_played_by_clicks(qtbot: Any) -> None:
    """Over the network — a relay on loopback, the deck dealing the tokens and missions, two
    bots of this computer — the choices of a turn chain before one Confirm as against bots (the
    store's purchases, Undo, the roll), Confirm sends them in order, to the end; the record
    replays in the viewer."""
    from pathlib import Path

    from ui.replay import ReplayWidget

    window = open_window(qtbot)
    start = window.start
    start.game_combo.setCurrentIndex(start.game_combo.findData("golden-city"))
    start.host_seats_combo.setCurrentIndex(start.host_seats_combo.findData(3))
    start.opponent_combo.setCurrentIndex(start.opponent_combo.findData("random"))
    qtbot.mouseClick(start.host_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: window.table.controller is not None, timeout=30_000)
    table = window.table
    c = table.controller
    assert type(c).__name__ == "NetworkController" and c.can_chain
    qtbot.waitUntil(lambda: c.phase == "human", timeout=30_000)
    assert table.scene.store.isVisible() and table.scene.mission.isVisible()
    bank, view = c.obs.banks[0], table.view
    click_action(view, c, ("buy", "pickaxe"))
    assert c.phase == "confirm" and c.chaining()  # nothing sent: more may be chosen
    click_action(view, c, ("buy", "lantern"))
    qtbot.mouseClick(table.undo_button, Qt.MouseButton.LeftButton)
    assert [a for a, _, _ in c.chain] == [("buy", "pickaxe")] and table.scene.store.isVisible()
    click_action(view, c, ("done",))  # no choice before the roll: the die is thrown at once
    assert not c.chaining() and len(c.chain) == 2  # the die is next: only Confirm is left
    before = c.view
    qtbot.mouseClick(table.confirm_button, Qt.MouseButton.LeftButton)
    assert c.phase == "sending"
    qtbot.waitUntil(lambda: c.phase == "human", timeout=30_000)  # two envelopes, one Confirm
    assert c.view is not before and not c.chain
    assert c.obs.tools[0] == ("pickaxe",) and c.obs.banks[0] == bank - 4
    # the die thrown on the network: a number to move by — or, one throw in six, the locomotive,
    # or a number with nowhere to go, and the turn has passed
    rolled = [line for line in lines(window) if line.startswith("You rolls")]
    assert len(rolled) == 1
    lost = rolled[0] == "You rolls the locomotive." or any(
        line.startswith("You cannot move") for line in lines(window)
    )
    assert (c.obs.awaiting[0] == "move" and c.obs.roll > 0) != lost
    play_by_clicks(qtbot, table, policy)
    log = lines(window)
    assert any(line.startswith("You buys:") for line in log)  # the player is called "You"
    qtbot.waitUntil(lambda: table.record_path is not None, timeout=30_000)
    replay = ReplayWidget.from_file(Path(table.record_path), speed=0.0)
    qtbot.addWidget(replay)
    replay.go(replay.last())
    assert replay.index == replay.last() > 100
    # Rematch: the same seats at a new table (the bots accept), hosted once this one closed
    assert table.end.rematch.isVisible()
    qtbot.mouseClick(table.end.rematch, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(
        lambda: table.controller is not None and table.controller is not c, timeout=30_000
    )
    again = table.controller
    assert type(again).__name__ == "NetworkController" and again.table.invite != c.table.invite
    assert again.names == c.names and again.human == c.human
    assert again.table.options == c.table.options and again.table.bots == c.table.bots
    qtbot.waitUntil(lambda: again.phase == "human", timeout=30_000)
    assert again.obs.turn <= 1 and table.scene.store.isVisible()  # a new game, turn 1
    assert window.stack.currentWidget() is table

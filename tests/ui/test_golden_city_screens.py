"""Pictures of the Golden City table as a player sees it, in English and French: the board at 2
and 6 seats, the store, the mine, a duel, a Gazette's front page and the end screen — each a
real window (the desktop's main window, 1280 × 860, offscreen) during a game played by clicks.
They are saved as artifacts (``GOLDNET_ARTIFACTS=DIR`` keeps them); each is checked for what it
must show."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtGui import QImage

from ui.controller import GameSetup
from ui.i18n import Translations

from .conftest import Artifacts, open_window
from .golden_city_play import play_by_clicks, policy, seeded_game

COLOURS = ("#c0392b", "#2c6fbf", "#27ae60", "#8e44ad", "#e67e22", "#16a085")
DUEL_ENDS = {"fight-won", "brawl-won", "brawl-lost", "ghost-beaten", "ghost-won", "guard-won"}


def _start(window: Any, seats: int, seed: int) -> Any:
    names = ("Ada", *(f"Easy bot {k + 1}" if k else "Easy bot" for k in range(seats - 1)))
    levels = ("", *["random"] * (seats - 1))
    game = seeded_game(seed, names, levels)
    window.stack.setCurrentWidget(window.table)
    setup = GameSetup("golden-city", (), 0, "random", names, COLOURS[:seats], seed)
    window.table.start_game(setup, game=game)
    return window.table.controller


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_screens_of_a_game_in_english_and_french(
    qtbot: Any, lang: str, artifacts: Artifacts
) -> None:
    translations = Translations()
    translations.install(lang)
    try:
        window = open_window(qtbot, translations=translations)
        shots: dict[str, QImage] = {}

        # the store, then the board at 6 seats a few rounds in
        c = _start(window, 6, 3)
        qtbot.waitUntil(lambda: c.phase == "human", timeout=10_000)
        assert window.table.scene.store.isVisible()
        shots["store"] = window.grab().toImage()
        play_by_clicks(qtbot, window.table, policy, until=lambda: c.obs.turn >= 30)
        shots["board-6"] = window.grab().toImage()
        assert len(window.table.scene.panels) == 6

        # the board at 2 seats
        c = _start(window, 2, 4)
        play_by_clicks(qtbot, window.table, policy, until=lambda: c.obs.turn >= 12)
        shots["board-2"] = window.grab().toImage()
        assert len(window.table.scene.panels) == 2

        # a whole game at 3 seats: the mine, a duel and a Gazette caught as they show, the end
        c = _start(window, 3, 1)
        scene = window.table.scene
        show = scene.show_observation

        def watched(obs: Any, events: Any = ()) -> None:
            show(obs, events)
            kinds = {e.kind for e in events}
            if "duel" not in shots and kinds & DUEL_ENDS and scene.duel.isVisible():
                shots["duel"] = window.grab().toImage()
            if "gazette" not in shots and "gazette" in kinds and scene.gazette.is_open:
                shots["gazette"] = window.grab().toImage()

        def in_the_mine() -> None:
            obs = c.observation()
            if "mine" not in shots and obs.where[0][0] == "mine" and obs.awaiting[0] == "move":
                shots["mine"] = window.grab().toImage()

        c.shown.disconnect(show)
        c.shown.connect(watched)
        play_by_clicks(qtbot, window.table, policy, on_turn=in_the_mine)
        assert window.table.end.isVisible()
        qtbot.wait(50)  # what the last steps left on the board has gone (a duel's outcome)
        assert not scene.duel.isVisible()
        shots["end"] = window.grab().toImage()
        missing = {"duel", "gazette", "mine"} - set(shots)
        assert not missing, missing
        for name, image in shots.items():
            assert image.width() >= 1200 and image.height() >= 800
            artifacts.save(image, f"13-gctable-{name}-{lang}.png")
    finally:
        translations.install("en")

"""English and French through Qt's translation tools; the language switches at run time."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtTest import QTest

from goldnet.data import resource
from goldnet.engine import IllegalAction
from goldnet.games.mountains_rivers.boards import load_board
from goldnet.games.mountains_rivers.geometry import mask_of
from goldnet.games.mountains_rivers.rules import State
from ui import i18n, kits, texts
from ui.app import MainWindow
from ui.game_controller import GameController
from ui.mountains_rivers import texts as kit_texts

from .conftest import dealt, field


def test_every_french_message_is_translated() -> None:
    root = ET.fromstring(resource("translations", "goldnet_fr.ts").read_bytes())
    messages = list(root.iter("message"))
    assert len(messages) > 90
    for m in messages:
        tr = m.find("translation")
        assert tr is not None and tr.get("type") is None, m.findtext("source")
        assert (tr.text or "").strip() or list(tr.iter("numerusform")), m.findtext("source")


def test_translations_compile_with_lrelease_into_the_cache(qapp) -> None:
    assert i18n.lrelease_command() is not None
    data = i18n.qm_data("fr")
    assert data is not None and data[:4] == b"\x3c\xb8\x64\x18"  # the .qm magic
    assert list((i18n.cache_dir() / "translations").glob("goldnet_fr-*.qm"))


def test_the_ts_fallback_translates_too(qapp) -> None:
    source = i18n.ts_text("fr")
    assert source is not None
    fallback = i18n.TsTranslator(source, "fr")
    assert fallback.translate("TableWidget", "Undo") == "Annuler"
    assert (
        fallback.translate("Texts", "%1: %n marker(s) revealed (%2)", None, 1)
        == "%1\u00a0: %n jeton retourné (%2)"
    )
    assert (
        fallback.translate("Texts", "%1: %n marker(s) revealed (%2)", None, 3)
        == "%1\u00a0: %n jetons retournés (%2)"
    )


def test_switching_language_retranslates_the_open_window(qtbot, translations) -> None:
    window = MainWindow(translations=translations, speed=0.0, bot_delay=0)
    qtbot.addWidget(window)
    window.show()
    assert window.start.play_button.text() == "Play"
    window.start.language_combo.setCurrentIndex(window.start.language_combo.findData("fr"))
    assert translations.language == "fr"
    qtbot.waitUntil(lambda: window.start.play_button.text() == "Jouer", timeout=3000)
    assert window.table.confirm_button.text() == "Confirmer"
    window.play({"board": 1, "bot": "random", "seat": 0}, seed=3)
    dealt(qtbot, window.table)
    scene = window.table.scene
    assert scene is not None and scene.panels[0].family == "Montagnes"
    assert "Montagne" in scene.fields[0].toolTip() and "Rivière" in scene.fields[0].toolTip()
    window.start.language_combo.setCurrentIndex(window.start.language_combo.findData("en"))
    qtbot.waitUntil(lambda: window.table.confirm_button.text() == "Confirm", timeout=3000)
    assert scene.panels[0].family == "Mountains"
    window.table.stop()


def test_system_language_decides_when_the_profile_does_not(monkeypatch) -> None:
    monkeypatch.setattr(i18n, "system_language", lambda: "fr")
    assert i18n.resolve(None) == "fr" and i18n.resolve("system") == "fr"
    assert i18n.resolve("en") == "en"


def _engine_refusals() -> list[IllegalAction]:
    """Real refusals of the rules, one of each kind the table can provoke."""
    board = load_board(1)
    out = []
    s = State(board)
    s.apply_chance(3)
    for action in (("reveal", "0,0", "2,1"), ("reveal", "-2,0", "1,0")):
        with pytest.raises(IllegalAction) as exc:
            s.apply(action)
        out.append(exc.value)
    g = State.from_position(board, gold=mask_of([field("0,0")]), empty=mask_of([field("2,0")]))
    g.apply_chance(3)
    for action in (("reveal", "-1,0", "1,0"), ("reveal", "0,0", "2,0"), ("bury", "3,0")):
        with pytest.raises(IllegalAction) as exc:
            g.apply(action)
        out.append(exc.value)
    n = State.from_position(board, gold=mask_of([field("0,0")]), shovels=(0, 4))
    n.apply_chance(3)
    with pytest.raises(IllegalAction) as exc:
        n.apply(("bury", "0,0"))
    out.append(exc.value)
    return out


def test_every_refusal_becomes_a_french_hint(translations) -> None:
    translations.install("fr")
    refusals = _engine_refusals()
    assert len(refusals) == 6
    assert QCoreApplication.translate("Texts", "The game is over.") == "La partie est finie."
    for exc in refusals:
        hint = kit_texts.refusal(exc.refusal)
        assert hint != texts.not_allowed(), exc.code  # a known refusal
        assert hint.endswith(".") and any(w in hint for w in ("ligne", "pelle", "or", "lancer"))


def test_translations_outlive_their_loading(translations) -> None:
    """QTranslator.load(data) keeps a pointer into the bytes: they must stay alive."""
    import gc

    translations.install("fr")
    gc.collect()
    junk = [bytes([i % 251]) * 4096 for i in range(2000)]
    assert QCoreApplication.translate("TableScene", "Mountains") == "Montagnes"
    assert QCoreApplication.translate("TableWidget", "Undo") == "Annuler"
    del junk


# --- bots' names in the player's language; a bot of this process is "Thinking…" -------------


def test_a_bot_name_is_recognised_in_either_language_and_shown_in_the_players(
    translations,
) -> None:
    assert i18n.every_form("Medium bot") >= {"Medium bot", "Robot moyen"}
    assert i18n.every_form("Robot moyen") == i18n.every_form("Medium bot")
    assert i18n.every_form("Ada") == {"Ada"}
    game = "mountains-rivers"
    signed = ("Robot facile", "Ada", "Robot facile 2", "Medium bot 3", "Easy bot 2b", "bot 2")
    translations.install("en")
    assert kits.seat_names(game, signed) == (
        "Easy bot",
        "Ada",
        "Easy bot 2",
        "Medium bot 3",
        "Easy bot 2b",  # not a bot's name: as signed
        "bot 2",
    )
    translations.install("fr")
    assert kits.seat_names(game, signed) == (
        "Robot facile",
        "Ada",
        "Robot facile 2",
        "Robot moyen 3",
        "Easy bot 2b",
        "bot 2",
    )
    assert kits.seat_name("no-such-game", "Medium bot") == "Medium bot"


def _panel_names(window: MainWindow) -> list[str]:
    scene = window.table.scene
    assert scene is not None
    return [panel.name for panel in scene.panels]


def test_a_bot_game_names_its_bot_in_the_players_language_live_and_resumed(
    qtbot, tmp_path, translations, artifacts
) -> None:
    """Started in English (the bot signed "Medium bot"), shown in French after a switch —
    panels, status line, turn log —, resumed in a French window (the Resume tooltip too); the
    journal and record keep the name signed. Then the other way round."""
    from goldnet.net.journal import describe_journal, unfinished
    from goldnet.profile import Profile

    from .test_botgame import new_window, play_mine, start_bot_game

    profile = Profile(tmp_path / "me")
    window = new_window(qtbot, profile, translations)
    c = start_bot_game(qtbot, window, seat=1)
    assert c.setup.names == ("Medium bot", "Ada") and c.names == ("Medium bot", "Ada")
    play_mine(qtbot, c, 1)
    translations.install("fr")
    qtbot.waitUntil(lambda: window.table.log_title.text() == "Journal de la partie")
    assert c.names == ("Robot moyen", "Ada") and c.setup.names == ("Medium bot", "Ada")
    assert _panel_names(window) == ["Robot moyen", "Ada"]
    logged = window.table.log.count()
    play_mine(qtbot, c, 2)
    qtbot.waitUntil(lambda: c.phase == "human", timeout=15000)
    after = [window.table.log.item(i).text() for i in range(logged, window.table.log.count())]
    assert any(line.startswith("Robot moyen") for line in after), after
    assert not any("Medium bot" in line for line in after), after
    artifacts.save(window.grab().toImage(), "bot-name-switched-fr.png")
    QTest.mouseClick(window.table.leave_button, Qt.MouseButton.LeftButton)
    (journal,) = unfinished(profile.folder / "journal")
    assert describe_journal(journal)["names"] == ("Medium bot", "Ada")  # as signed
    start = window.start
    qtbot.waitUntil(start.resume_button.isEnabled, timeout=10000)
    assert " contre Robot moyen, " in start.resume_button.toolTip()
    QTest.mouseClick(start.resume_button, Qt.MouseButton.LeftButton)
    resumed = window.table.controller
    assert isinstance(resumed, GameController) and resumed is not c
    assert resumed.names == ("Robot moyen", "Ada") and _panel_names(window) == list(resumed.names)
    QTest.mouseClick(window.table.leave_button, Qt.MouseButton.LeftButton)

    # the other way round: signed in French, shown in English
    other = start_bot_game(qtbot, window, seat=0)
    assert other.setup.names == ("Ada", "Robot moyen")
    translations.install("en")
    qtbot.waitUntil(lambda: window.table.log_title.text() == "Turn log")
    assert other.names == ("Ada", "Medium bot") and _panel_names(window) == ["Ada", "Medium bot"]
    logged = window.table.log.count()  # lines logged before the switch stay French
    play_mine(qtbot, other, 1)
    qtbot.waitUntil(lambda: other.phase == "human", timeout=15000)
    after = [window.table.log.item(i).text() for i in range(logged, window.table.log.count())]
    assert any(line.startswith("Medium bot") for line in after), after
    assert not any("Robot moyen" in line for line in after), after
    artifacts.save(window.grab().toImage(), "bot-name-switched-en.png")


def _record_panels(window: MainWindow) -> list[tuple[int, bool, str]]:
    """Every panel status the table sets from now on: ``(seat, active, text)``."""
    scene = window.table.scene
    assert scene is not None
    shown: list[tuple[int, bool, str]] = []
    original = scene.set_panel_status

    def record(seat: int, active: bool, text: str, winner: bool = False, away: bool = False):
        shown.append((seat, active, text))
        original(seat, active, text, winner, away)

    scene.set_panel_status = record
    return shown


def test_a_bot_hosted_in_a_network_table_is_thinking_and_named_in_the_players_language(
    qtbot, tmp_path, translations, artifacts
) -> None:
    """A table hosted from the lobby against the easy bot (real TLS on 127.0.0.1), in French:
    the table service says seat 1 is a bot of this process, so its panel says "Réfléchit…" on
    its turn, never "C’est son tour"; switched to English, it is "Easy bot" (signed "Robot
    facile") and "Thinking…"; the Resume tooltip names it in the player's language too."""
    from goldnet.profile import Profile

    from .conftest import network_controller
    from .test_botgame import new_window, play_mine

    window = new_window(qtbot, Profile(tmp_path / "me"), translations)
    translations.install("fr")
    window.start.name_edit.setText("Ada")
    window.lobby.host({"table_name": "t", "board": 5, "opponent": "random", "seat": 0})
    c = network_controller(qtbot, window)
    assert c.table.names == ("Ada", "Robot facile") and c.table.bots == ("", "random")
    assert not c.is_bot(0) and c.is_bot(1)
    qtbot.waitUntil(lambda: c.phase == "human", timeout=15000)
    assert _panel_names(window) == ["Ada", "Robot facile"]
    shown = _record_panels(window)
    play_mine(qtbot, c, 1)
    qtbot.waitUntil(lambda: c.phase == "human", timeout=15000)
    bot = [text for seat, active, text in shown if seat == 1 and active]
    assert "Réfléchit…" in bot and "C’est son tour" not in bot, bot

    translations.install("en")
    qtbot.waitUntil(lambda: window.table.log_title.text() == "Turn log")
    assert c.names == ("Ada", "Easy bot") and _panel_names(window) == ["Ada", "Easy bot"]
    seats = [window.table.seats.item(i).text() for i in range(window.table.seats.count())]
    assert seats[1].startswith("Easy bot"), seats
    shown.clear()
    play_mine(qtbot, c, 1)
    qtbot.waitUntil(lambda: c.phase == "human", timeout=15000)
    bot = [text for seat, active, text in shown if seat == 1 and active]
    assert "Thinking…" in bot and "Their turn" not in bot, bot
    artifacts.save(window.grab().toImage(), "network-bot-named-en.png")
    assert window.ask_to_close()  # this window hosts the table: closing it closes the table
    box = window.close_question
    assert box is not None and box.informativeText().startswith("Your table closes")
    box.reject()  # keep playing
    qtbot.waitUntil(lambda: window.close_question is None)
    QTest.mouseClick(window.table.leave_button, Qt.MouseButton.LeftButton)
    start = window.start
    qtbot.waitUntil(start.resume_button.isEnabled, timeout=10000)
    assert " against Easy bot, last played " in start.resume_button.toolTip()


def test_a_replay_names_the_bots_in_the_players_language(
    qtbot, tmp_path, translations, artifacts
) -> None:
    """A record whose bot was signed "Robot moyen" replays as "Medium bot" in English (title,
    panels, log), and as "Robot moyen" again once the window is French."""
    import dataclasses

    from goldnet import cli
    from goldnet.records import read
    from ui.replay import ReplayWidget, load_steps

    argv = ["selfplay", "mountains-rivers", "--games", "1", "--bots", "greedy,random"]
    assert cli.main([*argv, "--board", "2", "--seed", "4", "--record", str(tmp_path)]) == 0
    (path,) = tmp_path.glob("*.goldnet")
    replay = dataclasses.replace(load_steps(read(path)), names=("Robot moyen", "Ada"))
    translations.install("en")
    widget = ReplayWidget(replay, speed=0.0)
    qtbot.addWidget(widget)
    widget.show()
    assert "Medium bot" in widget.title.text() and "Robot moyen" not in widget.title.text()
    assert [panel.name for panel in widget.scene.panels] == ["Medium bot", "Ada"]
    for _ in range(3):
        QTest.mouseClick(widget.forward_button, Qt.MouseButton.LeftButton)
    lines = [widget.log.item(i).text() for i in range(widget.log.count())]
    assert any(line.startswith("Medium bot") for line in lines), lines
    translations.install("fr")
    qtbot.waitUntil(lambda: "Robot moyen" in widget.title.text())
    assert [panel.name for panel in widget.scene.panels] == ["Robot moyen", "Ada"]

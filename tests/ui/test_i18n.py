"""English and French through Qt's translation tools; the language switches at run time."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from PySide6.QtCore import QCoreApplication

from goldnet.data import resource
from goldnet.engine import IllegalAction
from goldnet.games.mountains_rivers.boards import load_board
from goldnet.games.mountains_rivers.geometry import mask_of
from goldnet.games.mountains_rivers.rules import State
from ui import i18n, texts
from ui.app import MainWindow
from ui.mountains_rivers import texts as kit_texts

from .conftest import field


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

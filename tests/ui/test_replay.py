"""Replays of records: every step of a verified record, forward and back, or played at a
steady pace; a file that cannot be replayed explained in the player's language."""

from __future__ import annotations

import hashlib
from pathlib import Path

import msgpack
import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from goldnet import cli, records
from goldnet.records import read
from ui.app import MainWindow
from ui.mountains_rivers.items import FACEDOWN
from ui.replay import STEP_MS, ReplayError, ReplayWidget, load_steps, problem_text

from .conftest import Artifacts, open_window


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("records")
    status = cli.main(
        ["selfplay", "mountains-rivers", "--games", "1", "--bots", "greedy,random",
         "--board", "2", "--seed", "4", "--record", str(folder)]
    )  # fmt: skip
    assert status == 0
    (path,) = folder.glob("*.goldnet")
    return path


def test_a_record_becomes_steps_from_the_empty_board_to_the_end(record: Path) -> None:
    replay = load_steps(read(record))
    assert replay.options == (2,)
    first, last = replay.steps[0].state, replay.steps[-1].state
    assert first.turn == 0 and first.facedown_fields == (1 << 91) - 1
    assert last.finished and sum(last.scores) == 91
    kinds = [e.kind for step in replay.steps for e in step.events]
    assert kinds.count("end") == 1 and "reveal" in kinds and "roll" in kinds
    assert all(
        a.state.turn <= b.state.turn for a, b in zip(replay.steps, replay.steps[1:], strict=False)
    )


def test_step_forward_and_back(qtbot, record: Path, artifacts: Artifacts) -> None:
    widget = ReplayWidget.from_file(record, speed=0.0)
    qtbot.addWidget(widget)
    widget.resize(1100, 800)
    widget.show()
    n = len(widget.replay.steps)
    assert widget.index == 0 and not widget.back_button.isEnabled()
    for _ in range(6):
        QTest.mouseClick(widget.forward_button, Qt.MouseButton.LeftButton)
    assert widget.index == 6
    state = widget.replay.steps[6].state
    shown = [item.status == FACEDOWN for item in widget.scene.fields]
    assert shown == [bool(state.facedown_fields >> f & 1) for f in range(91)]
    assert widget.log.count() > 0
    QTest.mouseClick(widget.back_button, Qt.MouseButton.LeftButton)
    assert widget.index == 5
    QTest.mouseClick(widget.last_button, Qt.MouseButton.LeftButton)
    assert widget.index == n - 1 and not widget.forward_button.isEnabled()
    assert widget.scene.panels[0].target_score + widget.scene.panels[1].target_score == 91
    assert widget.slider.value() == n - 1
    artifacts.save(widget.grab().toImage(), "replay-end.png")
    widget.slider.setValue(0)
    assert widget.index == 0
    assert all(item.status == FACEDOWN for item in widget.scene.fields)


def test_a_damaged_record_is_refused_in_plain_words(record: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.goldnet"
    bad.write_bytes(b"not a record")
    with pytest.raises(ReplayError):
        ReplayWidget.from_file(bad)
    envelopes = read(record)
    with pytest.raises(ReplayError, match="does not verify"):
        load_steps(envelopes[:3] + envelopes[4:])


def test_a_record_out_of_its_canonical_order_is_refused(record: Path) -> None:
    """Swapping two reveals of one draw keeps every envelope acceptable to a lockstep machine
    but breaks the record's canonical order: the replay verifies the record as ``goldnet
    verify`` does, so it refuses it."""
    from protocol.envelope import Envelope

    envelopes = list(read(record))
    types = [Envelope.decode(e).type for e in envelopes]
    i = next(i for i in range(len(types) - 1) if types[i] == types[i + 1] == "reveal")
    envelopes[i], envelopes[i + 1] = envelopes[i + 1], envelopes[i]
    with pytest.raises(ReplayError, match="canonical record order"):
        load_steps(envelopes)


def test_a_version_1_record_replays(qtbot) -> None:
    """Records of protocol version 1 replay through the same verifier (with its warning)."""
    data = Path(__file__).resolve().parents[1] / "data" / "records-v1"
    path = min(p for p in data.glob("*.goldnet") if not p.name.startswith("toy"))
    replay = load_steps(read(path))
    assert replay.steps[-1].state.finished and sum(replay.steps[-1].state.scores) == 91
    assert replay.steps[0].state.turn == 0
    widget = ReplayWidget.from_file(path, speed=0.0)
    qtbot.addWidget(widget)
    widget.go(len(widget.replay.steps) - 1)
    assert widget.index == len(replay.steps) - 1


# --- auto-play ------------------------------------------------------------------------------


def test_play_steps_at_a_steady_pace_and_stops_at_the_end(qtbot, record: Path) -> None:
    widget = ReplayWidget.from_file(record, speed=0.0)
    qtbot.addWidget(widget)
    widget.show()
    last = len(widget.replay.steps) - 1
    assert widget.play_button.text() == "Play" and not widget.playing()
    QTest.mouseClick(widget.play_button, Qt.MouseButton.LeftButton)
    assert widget.playing() and widget.play_button.text() == "Pause"
    assert widget.timer.interval() == STEP_MS and not widget.timer.isSingleShot()
    widget.speed_combo.setCurrentIndex(widget.speed_combo.findData(2.0))
    assert widget.timer.interval() == STEP_MS // 2 and widget.playing()
    widget.speed_combo.setCurrentIndex(widget.speed_combo.findData(0.5))
    assert widget.timer.interval() == STEP_MS * 2
    for expected in range(1, last + 1):  # each tick of the timer is one step forward
        assert widget.playing()
        widget.timer.timeout.emit()
        assert widget.index == expected
    assert not widget.playing() and widget.play_button.text() == "Play"
    assert widget.scene.panels[0].target_score + widget.scene.panels[1].target_score == 91
    QTest.mouseClick(widget.play_button, Qt.MouseButton.LeftButton)  # at the end: from the start
    assert widget.index == 0 and widget.playing()
    widget.timer.timeout.emit()
    widget.activateWindow()
    qtbot.waitUntil(widget.isActiveWindow, timeout=3000)
    QTest.keyClick(widget, Qt.Key.Key_Space)  # Space pauses
    assert widget.index == 1 and not widget.playing()


def test_pausing_and_stepping_by_hand(qtbot, record: Path) -> None:
    widget = ReplayWidget.from_file(record, speed=1.0)
    qtbot.addWidget(widget)
    widget.play()
    widget.go(10)  # by hand while playing: it goes on from there
    widget.timer.timeout.emit()
    assert widget.index == 11 and widget.playing()
    widget.set_speed(4.0)
    assert widget.scene.speed == 0.25  # the board's animations fit in a step
    QTest.mouseClick(widget.leave_button, Qt.MouseButton.LeftButton)
    assert not widget.playing()  # leaving stops it


def test_the_replay_controls_in_french(qtbot, record: Path, translations, artifacts) -> None:
    translations.install("fr")
    widget = ReplayWidget.from_file(record, speed=0.0)
    qtbot.addWidget(widget)
    widget.resize(1200, 820)
    widget.show()
    assert widget.play_button.text() == "Lecture" and widget.speed_label.text() == "Vitesse"
    widget.play()
    for _ in range(9):
        widget.timer.timeout.emit()
    assert widget.play_button.text() == "Pause"
    assert widget.rules_button.text() == "Règles"
    artifacts.save(widget.grab().toImage(), "replay-playing-fr.png")
    widget.pause()


# --- bad records, in the player's language ----------------------------------------------------


def _bad_files(record: Path, folder: Path) -> dict[str, Path]:
    """One file of each kind of trouble: random bytes, an empty file, a record cut short, a
    record whose envelope was altered, a record of a newer version, a file that is missing."""
    data = record.read_bytes()
    envelopes = list(read(record))
    envelopes[7] = envelopes[7][:-1] + bytes([envelopes[7][-1] ^ 1])  # a signature bit
    noise = b"".join(hashlib.sha256(bytes([i])).digest() for i in range(64))
    files = {
        "not-a-record": noise,
        "empty": b"",
        "damaged": data[: len(data) // 2],
        "invalid": records.encode(envelopes),
        "newer-version": msgpack.packb(["goldnet-record", 3, []], use_bin_type=True),
    }
    out = {}
    for name, content in files.items():
        path = folder / f"{name}.goldnet"
        path.write_bytes(content)
        out[name] = path
    out["unreadable"] = folder / "missing.goldnet"
    return out


EXPECTED = {
    "not-a-record": ("not-a-record", "This file is not a goldnet record."),
    "empty": ("not-a-record", "This file is not a goldnet record."),
    "damaged": ("damaged", "This record is damaged"),
    "invalid": ("invalid", "This record does not check out: its message 8 of"),
    "newer-version": ("newer-version", "This record was saved by a newer version of goldnet."),
    "unreadable": ("unreadable", "This file cannot be opened."),
}
EXPECTED_FR = {
    "not-a-record": "Ce fichier n’est pas une partie enregistrée par goldnet.",
    "empty": "Ce fichier n’est pas une partie enregistrée par goldnet.",
    "damaged": "Cette partie enregistrée est abîmée",
    "invalid": "Cette partie enregistrée ne passe pas la vérification\u00a0: son message 8 sur",
    "newer-version": "Cette partie a été enregistrée par une version plus récente de goldnet.",
    "unreadable": "Impossible d’ouvrir ce fichier.",
}


def test_each_bad_file_is_told_apart_by_its_kind(record: Path, tmp_path: Path) -> None:
    for name, path in _bad_files(record, tmp_path).items():
        with pytest.raises(ReplayError) as info:
            ReplayWidget.from_file(path)
        kind, words = EXPECTED[name]
        assert info.value.kind == kind, name
        text, informative = problem_text(info.value)
        assert text.startswith(words) and informative, name
        if kind == "not-a-record":  # named like a record: not told to choose a .goldnet file
            assert informative.startswith("Its name says it is one"), name
    plain = tmp_path / "notes.txt"
    plain.write_bytes(b"hello")
    with pytest.raises(ReplayError) as info:
        ReplayWidget.from_file(plain)
    assert "ends in .goldnet" in problem_text(info.value)[1]


def test_a_bad_record_is_explained_in_the_players_language(
    qtbot, record: Path, tmp_path: Path, translations, windows, artifacts
) -> None:
    """The message says what is wrong in words of the window's language; the technical detail
    (English) waits behind "Show Details…", with the file's name."""
    window = MainWindow(translations=translations, speed=0.0, bot_delay=0)
    qtbot.addWidget(window)
    windows.append(window)
    window.show()
    bad = _bad_files(record, tmp_path)
    for language, expected in (("en", {k: v[1] for k, v in EXPECTED.items()}), ("fr", EXPECTED_FR)):
        translations.install(language)
        for name, path in bad.items():
            window.open_record(str(path))
            box = window.record_problem
            assert box is not None and box.isVisible(), name
            assert box.text().startswith(expected[name]), (language, name, box.text())
            assert str(path) in box.detailedText() and box.informativeText()
            if language == "fr":
                assert "byte" not in box.text() + box.informativeText()
                assert box.windowTitle() == "Impossible de rejouer cette partie"
            if name in ("not-a-record", "invalid"):
                details = next(b for b in box.buttons() if b.text().startswith(("Show", "Montrer")))
                details.click()
                artifacts.save(box.grab().toImage(), f"record-{name}-{language}.png")
            box.close()
    assert window.replay is None  # nothing was opened
    assert "undecodable at byte 0" in bad_detail(bad["not-a-record"])


def bad_detail(path: Path) -> str:
    with pytest.raises(ReplayError) as info:
        ReplayWidget.from_file(path)
    return info.value.detail


def test_record_errors_carry_a_kind(record: Path) -> None:
    data = record.read_bytes()
    cases = {
        b"": "not-a-record",
        b"\xc1": "not-a-record",
        msgpack.packb(["not-goldnet", 2, []]): "not-a-record",
        data[:20]: "damaged",
        data + b"\x00": "damaged",
        msgpack.packb(["goldnet-record", 2.0, []]): "damaged",
        msgpack.packb(["goldnet-record", 0, []]): "damaged",
        msgpack.packb(["goldnet-record", 9, []]): "newer-version",
    }
    for content, kind in cases.items():
        with pytest.raises(records.RecordError) as info:
            records.decode(content)
        assert info.value.kind == kind, content[:30]
        assert kind in records.RECORD_ERROR_KINDS
    assert records.InvalidRecord("x").kind == "invalid"


def test_open_a_record_starts_in_the_profiles_records_folder(
    qtbot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Finished games are saved in the profile's ``records`` folder: the file dialog opens
    there, not in whatever folder goldnet was started from."""
    from goldnet.profile import Profile
    from ui import app

    profile = Profile(tmp_path / "me")
    (profile.folder / "records").mkdir(parents=True)
    asked: list[str] = []

    def choose(parent: object, title: str, folder: str, kinds: str) -> tuple[str, str]:
        asked.append(folder)
        return "", ""  # the player cancels

    monkeypatch.setattr(app.QFileDialog, "getOpenFileName", choose)
    window = open_window(qtbot, profile)
    window.open_record()
    assert asked == [str(profile.folder / "records")]
    assert window.stack.currentWidget() is window.start  # cancelled: nothing else happened

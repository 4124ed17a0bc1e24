"""Replays of records: every step of a verified record, forward and back."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from goldnet import cli
from goldnet.records import read
from ui.mountains_rivers.items import FACEDOWN
from ui.replay import ReplayError, ReplayWidget, load_steps

from .conftest import Artifacts


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

"""A Golden City game against bots saves a record that verifies, and the replay window opens it
from the start screen's Records button, steps to the end and back by clicks, and shows the game
from each seat's point of view: a seat's mission and its lantern's peeks only in its own view
(checked on the scene's items and texts), never in the public view nor another seat's."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from goldnet.botgame import BotGame
from goldnet.games.golden_city.setup import MISSIONS
from goldnet.profile import Profile
from goldnet.records import read, verify
from protocol.identity import Identity
from ui.golden_city.words import mission_text

from ..botplay import finish_bot_game
from .conftest import open_window
from .golden_city_play import NAMES, entropy_of, policy, seeded_identities
from .test_golden_city_secrets import texts_of

SEED = 1
MAX_MOVES = 3000


def played_record(folder: Path) -> tuple[Path, BotGame]:
    """A whole journalled game (the player buys the lantern and peeks), its record saved."""
    me = Identity(hashlib.sha256(f"player/{SEED}".encode()).digest())
    with seeded_identities(SEED):
        game = BotGame.new(
            "golden-city", (), list(NAMES), 0, ["", "random", "random"], me,
            folder=folder, entropy=entropy_of(SEED),
        )  # fmt: skip
    finish_bot_game(
        game, lambda view: policy(view.observation, view.legal, lantern=True), MAX_MOVES
    )
    assert game.record is not None
    return game.record, game


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path, _ = played_record(tmp_path_factory.mktemp("profile"))
    return path


def test_an_offline_game_with_cards_saves_a_record_that_verifies(record: Path) -> None:
    checked = verify(read(record))
    assert checked.ending == "over" and checked.result is not None
    assert checked.table.game == "golden-city" and checked.table.names == NAMES
    assert checked.dealt is not None and set(checked.dealt) >= {"mission", "hill"}


def test_a_record_is_replayed_from_every_seat_s_point_of_view(
    qtbot: Any, record: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from ui import app

    monkeypatch.setattr(
        app.QFileDialog, "getOpenFileName", lambda *_: (str(record), "goldnet records (*.goldnet)")
    )
    window = open_window(qtbot, Profile(tmp_path / "me"))
    QTest.mouseClick(window.start.replay_button, Qt.MouseButton.LeftButton)
    replay = window.replay
    assert replay is not None and window.stack.currentWidget() is replay
    replay.animation_speed = 0.0
    replay.scene.speed = 0.0
    last = len(replay.replay.steps) - 1
    assert replay.view_combo.isEnabled() and replay.view_combo.count() == 1 + len(NAMES)

    # To the end by clicks, and back.
    QTest.mouseClick(replay.last_button, Qt.MouseButton.LeftButton)
    assert replay.index == last and not replay.forward_button.isEnabled()
    QTest.mouseClick(replay.first_button, Qt.MouseButton.LeftButton)
    assert replay.index == 0 and not replay.back_button.isEnabled()
    QTest.mouseClick(replay.forward_button, Qt.MouseButton.LeftButton)
    QTest.mouseClick(replay.forward_button, Qt.MouseButton.LeftButton)
    QTest.mouseClick(replay.back_button, Qt.MouseButton.LeftButton)
    assert replay.index == 1

    # The first step at which Ada's own position knows a peeked token.
    ada = replay.replay.seat_states(0)
    peek = next((i for i, s in enumerate(ada) if s.observation(0).known), None)
    assert peek is not None, "the player peeked with the lantern"
    obs = ada[peek].observation(0)
    hill, value = obs.known[0]
    kind = obs.mission
    assert kind is not None
    secret = mission_text(kind, obs.setup.thresholds[MISSIONS.index(kind)])
    for _ in range(peek - replay.index):
        QTest.mouseClick(replay.forward_button, Qt.MouseButton.LeftButton)
    assert replay.index == peek

    def choose(seat: int | None) -> None:
        """Open the point-of-view list by a click, walk to the seat's entry with the arrow
        keys and take it with Return (what a player does with the keyboard)."""
        combo = replay.view_combo
        QTest.mouseClick(combo, Qt.MouseButton.LeftButton)
        popup = combo.view()
        qtbot.waitUntil(popup.isVisible, timeout=5000)
        steps = combo.findData(seat) - combo.currentIndex()
        key = Qt.Key.Key_Down if steps > 0 else Qt.Key.Key_Up
        for _ in range(abs(steps)):
            QTest.keyClick(popup, key)
        QTest.keyClick(popup, Qt.Key.Key_Return)
        qtbot.waitUntil(lambda: replay.viewer == seat, timeout=5000)

    # The public view: no mission card, no peek.
    assert replay.viewer is None
    words = texts_of(replay.scene)
    assert not replay.scene.mission.isVisible() and secret not in words
    assert all(token.peeked == "" for token in replay.scene.hill_tokens)

    choose(0)  # Ada's own view: her mission and her peek
    assert replay.scene.mission.isVisible() and replay.scene.mission.text == secret
    assert replay.scene.hill_tokens[hill].peeked == value

    for seat in (1, 2):  # the bots' views: their own missions, never Ada's, nor her peek
        choose(seat)
        theirs = replay.replay.seat_states(seat)[peek].observation(seat)
        assert theirs.mission is not None and theirs.mission != kind
        assert secret not in texts_of(replay.scene)
        assert replay.scene.hill_tokens[hill].peeked == ""

    # Stepping goes on in the chosen view; back to the public one at the end.
    choose(0)
    QTest.mouseClick(replay.last_button, Qt.MouseButton.LeftButton)
    assert replay.scene.mission.isVisible()
    choose(None)
    assert replay.index == last and not replay.scene.mission.isVisible()


def test_a_record_without_the_audit_offers_the_public_view_only(qtbot: Any, record: Path) -> None:
    """Without the deal its audit published (a game without cards, or a record that ends before
    its audits), no seat's view can be rebuilt: the choice holds the public view alone, greyed
    out, and asking for a seat's positions says why."""
    import dataclasses

    from goldnet.seat_views import SeatViewError
    from ui.replay import ReplayWidget, load_steps

    replay = dataclasses.replace(load_steps(read(record)), dealt=None)
    with pytest.raises(SeatViewError, match="no seat's secrets"):
        replay.seat_states(0)
    widget = ReplayWidget(replay, speed=0.0)
    qtbot.addWidget(widget)
    assert widget.view_combo.count() == 1 and not widget.view_combo.isEnabled()
    assert "everyone saw the same" in widget.view_combo.toolTip()
    widget.set_viewer(0)  # nothing to show from a seat: the public view stays
    assert widget.viewer is None


def test_the_log_of_a_seat_s_view_words_only_what_that_seat_saw(qtbot: Any, record: Path) -> None:
    """The turn log follows the point of view: a seat's own mission (its words) and the value
    of its own lantern's peek in its own view only; never in the public view nor another
    seat's; every mission's words in the log at the end, in every view."""
    from ui.golden_city.words import token_name
    from ui.replay import ReplayWidget, load_steps

    widget = ReplayWidget(load_steps(read(record)), speed=0.0)
    qtbot.addWidget(widget)
    widget.scene.speed = 0.0
    names = widget.names
    steps = {seat: widget.replay.seat_steps(seat) for seat in range(len(NAMES))}

    def words(seat: int) -> str:
        obs = steps[seat][-1].state.observation(seat)
        return mission_text(obs.mission, obs.setup.thresholds[MISSIONS.index(obs.mission)])

    def log_at(index: int, viewer: int | None) -> list[str]:
        widget.go(index)
        widget.set_viewer(viewer)
        return [widget.log.item(i).text() for i in range(widget.log.count())]

    def first(seat: int, kind: str) -> int:
        return next(
            i
            for i, step in enumerate(steps[seat])
            if any(e.kind == kind and e.seat == seat for e in step.events)
        )

    dealt = max(first(seat, "mission-dealt") for seat in steps)
    for viewer in (None, *steps):
        lines = log_at(dealt, viewer)
        for seat in steps:
            line = f"{names[seat]}'s secret mission: {words(seat)}."
            assert (line in lines) == (seat == viewer), (viewer, seat, lines)
            assert not any(words(seat) in text for text in lines if seat != viewer)

    peek = first(0, "peeked")
    before = dict(steps[0][peek - 1].state.observation(0).known)
    ((_hill, value),) = [k for k in steps[0][peek].state.observation(0).known if k[0] not in before]
    seen = f": {token_name(value)}."
    for viewer in (None, 1, 2, 0):
        lines = log_at(peek, viewer)
        peeks = [text for text in lines if text.startswith(f"{names[0]} saw the token on ")]
        assert peeks, lines
        assert any(text.endswith(seen) for text in peeks) == (viewer == 0), (viewer, peeks)

    for viewer in (None, 0, 1):  # the end: every mission shown, in its words
        lines = log_at(widget.last(), viewer)
        for seat in steps:
            assert f"{names[seat]}'s mission: {words(seat)}." in lines, (viewer, lines)

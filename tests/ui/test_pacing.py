"""The other seats' turns at a pace a person can follow (issue #10; pytest-qt, offscreen).

A bot's turn used to be over in ~0.75 s: its roll, its line, its collection and the next roll all
flashed by. Now one pacer (ui/pacer.py) shows every game — against bots and over the network —
step by step: another seat's roll, then its line, then its collection, each held on screen for
the pace's ``step_ms``. These tests watch the scene itself (every ``show_observation`` it gets)
and the pacer's own schedule. Times are only ever checked as lower bounds (a step stays on screen
*at least* its hold; precise timers never fire early), so a slow machine cannot fail them.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest

from goldnet.engine import TurnOf
from goldnet.games.mountains_rivers.boards import load_board
from goldnet.games.mountains_rivers.geometry import ALL_FIELDS, mask_of
from goldnet.games.mountains_rivers.rules import State
from goldnet.net.invite import Invite
from goldnet.net.reports import TableStart
from goldnet.profile import Profile
from goldnet.rng import Stream
from goldnet.view import view_of
from ui import i18n
from ui.app import MainWindow
from ui.controller import GameSetup
from ui.mountains_rivers import texts as mr_texts
from ui.mountains_rivers.items import EMPTY, FACEDOWN, GOLD
from ui.mountains_rivers.scene import TableScene
from ui.netgame import NetworkController
from ui.network import NetBridge
from ui.pacer import DEFAULT_SPEED, INSTANT, SPEEDS, Pace, Pacer
from ui.table import TableWidget

from .conftest import Artifacts, click_field, dealt, field

SEEN_MS = 800
"""The least a step of another seat's turn must stay on screen at the default speed."""
SIX = ("1,-5", "1,-4", "1,-3", "2,-2", "2,-1", "2,0")
"""Two straight lines of three on board 1, each field alone (face down) in its mountain: the
range is 1-3, and any line revealed completes a mountain, which is collected."""
SIX_FIELDS = tuple(field(name) for name in SIX)
NEVER_MS = 20_000
"""The bound of every wait for the game to move on (generous: never a measure of speed)."""


def six_position(active: int) -> State:
    """Board 1 with only :data:`SIX` face down, seat ``active`` to move, nothing exposed."""
    left = mask_of(SIX_FIELDS)
    state = State.from_position(
        load_board(1), empty=ALL_FIELDS & ~left, scores=(40, 45), active=active, turn=30
    )
    assert state.range_ == 3
    return state


def setup(human: int, seed: int = 1) -> GameSetup:
    """A game against the easy bot; with seed 1, the first roll is 3."""
    names = ("Bot", "Ada") if human == 1 else ("Ada", "Bot")
    colours = ("#c0392b", "#2c6fbf")
    return GameSetup("mountains-rivers", (1,), human, "random", names, colours, seed)


@dataclass(frozen=True)
class Frame:
    """What the scene showed after one ``show_observation``."""

    at: float
    roll: int | None
    statuses: tuple[int, ...]
    marked: tuple[int, ...]


@pytest.fixture
def frames(monkeypatch: pytest.MonkeyPatch) -> list[Frame]:
    """Every observation any board scene is shown, as the scene then shows it."""
    seen: list[Frame] = []
    original = TableScene.show_observation

    def recording(scene: TableScene, obs: Any, events: Any = ()) -> None:
        original(scene, obs, events)
        statuses = tuple(scene.fields[f].status for f in SIX_FIELDS)
        seen.append(Frame(time.monotonic(), obs.roll, statuses, scene.last_move_fields()))

    monkeypatch.setattr(TableScene, "show_observation", recording)
    return seen


@pytest.fixture
def paced(qtbot: Any) -> Iterator[TableWidget]:
    """A table at the default speed (animations on)."""
    t = TableWidget(speed=1.0)
    qtbot.addWidget(t)
    t.resize(1200, 820)
    t.show()
    qtbot.waitExposed(t)
    assert t.speed_name == DEFAULT_SPEED and t.pace() == Pace.of(DEFAULT_SPEED)
    yield t
    t.stop()


def steps_of(frames: list[Frame]) -> tuple[Frame, Frame, Frame, Frame]:
    """The roll, line, collection and turn-passing frames of the first move on :data:`SIX`."""
    roll = next(f for f in frames if f.roll is not None and set(f.statuses) == {FACEDOWN})
    line = next(f for f in frames if GOLD in f.statuses)
    collection = next(f for f in frames if EMPTY in f.statuses)
    after = frames[frames.index(collection) + 1]
    return roll, line, collection, after


def test_a_bots_roll_line_and_collection_each_stay_on_screen_in_order(
    qtbot: Any, paced: TableWidget, frames: list[Frame]
) -> None:
    step_ms = paced.pace().step_ms
    assert step_ms >= SEEN_MS
    paced.start_game(setup(human=1), state=six_position(active=0))
    c = paced.controller
    assert c is not None and c.phase == "bot"
    assert paced.scene is not None
    assert paced.scene.panels[0].status == "Thinking…"  # a bot: it is thinking
    qtbot.waitUntil(lambda: c.phase == "human", timeout=NEVER_MS)
    roll, line, collection, after = steps_of(frames)
    # In order: the roll, then the line (the tiles still show the roll), then the collection.
    assert frames.index(roll) < frames.index(line) < frames.index(collection)
    assert line.roll == collection.roll == roll.roll is not None
    revealed = {f for f, s in zip(SIX_FIELDS, line.statuses, strict=True) if s == GOLD}
    assert 1 <= len(revealed) <= roll.roll and set(line.marked) == revealed
    assert {f for f, s in zip(SIX_FIELDS, collection.statuses, strict=True) if s == EMPTY} == (
        revealed
    )
    assert after.roll is None  # then the turn passes: nothing thrown yet for Ada
    # Each stayed on screen at least the pace's step (the scene's own record)...
    seen_ms = [
        1000 * (b.at - a.at) for a, b in ((roll, line), (line, collection), (collection, after))
    ]
    assert all(ms >= SEEN_MS for ms in seen_ms), seen_ms  # timers may fire a few ms early
    # ...as the pacer scheduled it.
    shown = [s for s in c.pacer.schedule if s.step]
    names = [s.name for s in shown]
    i = names.index("roll")
    assert names[i : i + 4] == ["roll", "line", "collection", "turn"]
    held = {s.name: s.hold for s in shown[i : i + 4]}
    assert held == {"roll": step_ms, "line": step_ms, "collection": step_ms, "turn": 0}
    pairs = zip(shown[i : i + 3], shown[i + 1 : i + 4], strict=True)
    assert all(b.at - a.at >= a.hold for a, b in pairs)
    # What follows is Ada's (her roll, unless she has free choice): not held. The bot's move
    # is marked on the board and named in the log.
    assert shown[-1].name in ("turn", "view") and shown[-1].hold == 0
    assert paced.scene.last_move_fields() == line.marked
    logged = [paced.log.item(k).text() for k in range(paced.log.count())]
    told = next(t for t in logged if t.startswith(f"Bot · roll {roll.roll}: "))
    ends = told[told.rindex("(") + 1 : told.rindex(")")].split("\u00a0→\u00a0")
    assert len(ends) == min(2, len(revealed)), told
    assert {field(name) for name in ends} <= revealed, told


def test_the_players_own_move_is_shown_at_once_and_stays_marked(
    qtbot: Any, paced: TableWidget, frames: list[Frame]
) -> None:
    paced.start_game(setup(human=0), state=six_position(active=0))
    c, scene = paced.controller, paced.scene
    assert c is not None and scene is not None
    qtbot.waitUntil(lambda: c.phase == "human", timeout=NEVER_MS)  # my roll is not held
    assert [s.hold for s in c.pacer.schedule if s.step] == [0]
    assert scene.last_move_fields() == ()
    action = next(a for a in c.view.legal if a[0] == "reveal")
    mine = tuple(sorted({field(str(action[1])), field(str(action[2]))}))
    click_field(paced.view, mine[0])
    if len(mine) > 1 or c.obs.roll != 1:
        click_field(paced.view, mine[-1])
    assert c.phase == "confirm" and c.tentative is not None
    assert set(scene.last_move_fields()) >= set(mine)  # the move being made is marked
    QTest.mouseClick(paced.undo_button, Qt.MouseButton.LeftButton)
    assert scene.last_move_fields() == ()  # undone: no move is marked again
    click_field(paced.view, mine[0])
    if len(mine) > 1 or c.obs.roll != 1:
        click_field(paced.view, mine[-1])
    count = len(frames)
    QTest.mouseClick(paced.confirm_button, Qt.MouseButton.LeftButton)
    # Shown at once, inside Confirm: my move is never held; the bot's roll follows, held.
    assert len(frames) > count and c.phase == "bot"
    assert all(scene.fields[f].status != FACEDOWN for f in mine)
    assert set(scene.last_move_fields()) >= set(mine) and c.last_move == (0, action)
    own = [s for s in c.pacer.schedule if s.step and s.name == "own"]
    assert own and own[-1].hold == 0
    qtbot.waitUntil(lambda: c.phase == "human", timeout=NEVER_MS)
    bot_move = c.last_move
    assert bot_move is not None and bot_move[0] == 1
    assert set(scene.last_move_fields()).isdisjoint(mine)  # the next move replaced mine
    click_field(paced.view, field("0,0"))  # a collected field: a hint, the mark stays
    assert scene.last_move_fields() and scene.last_move.isVisible()


def test_a_network_game_is_paced_by_the_same_pacer_and_a_person_is_not_thinking(
    qtbot: Any, tmp_path: Path, paced: TableWidget, frames: list[Frame], artifacts: Artifacts
) -> None:
    """Views fed to a network game's controller as its table service sends them: the other
    player's roll, line and collection are held like a bot's; her panel says it is her turn."""
    bridge = NetBridge(Profile(tmp_path / "me"), ["127.0.0.1"])  # its thread is never started
    members = (b"\x01" * 32, b"\x02" * 32)
    start = TableStart(
        "mountains-rivers", (1,), ("Ada", "Bea"), 0, Invite("127.0.0.1", 1, "x"), members
    )
    state = six_position(active=1)
    c = NetworkController(
        bridge.link("Ada"), start, view_of(state, 0), None, ("#c0392b", "#2c6fbf")
    )
    paced.start_network(c)
    assert c.pacer.pace == paced.pace()
    chance = Stream(3, "chance")
    request = state.awaiting()
    c._on_view(view_of(state, 0, state.apply_chance(chance.chance(request))), None)
    assert c.phase == "bot" and paced.scene is not None
    assert paced.scene.panels[1].status == "Their turn"  # a person, not "Thinking…"
    assert paced.status.text() == "Bea is playing…"
    artifacts.save(paced.grab().toImage(), "pacing-network-their-turn.png")
    action = state.legal_actions(1)[0]
    moved = view_of(state, 0, state.apply(action), [(1, action)])
    if isinstance(state.awaiting(), TurnOf):  # free choice: my turn, nothing thrown
        c._on_view(moved, state.clone())
    else:  # my tiles
        c._on_view(moved, None)
        events = state.apply_chance(chance.chance(state.awaiting()))
        c._on_view(view_of(state, 0, events), state.clone())
    assert state.awaiting() == TurnOf(0)
    assert c.phase == "bot"  # the views wait their turn on the pacer
    qtbot.waitUntil(lambda: c.phase == "human", timeout=NEVER_MS)
    roll, line, collection, after = steps_of(frames)
    assert paced.pace().step_ms >= SEEN_MS
    for a, b in ((roll, line), (line, collection), (collection, after)):
        assert 1000 * (b.at - a.at) >= SEEN_MS
    assert c.last_move == (1, action) and paced.scene.last_move_fields() == line.marked


def test_the_turn_log_names_the_fields_of_a_move(translations: i18n.Translations) -> None:
    translations.install("en")  # the English plural forms
    names = ("Ada", "Bot")
    state = six_position(active=0)
    state.apply_chance(3)
    events = state.apply(("reveal", "1,-5", "1,-3"))
    lines = mr_texts.log_lines(events, names, 3)
    assert lines[0] == "Ada · roll 3: 3 markers revealed (1,-5\u00a0→\u00a01,-3)"
    assert any(line.strip().startswith("Ada: +") for line in lines[1:])
    bury = State.from_position(load_board(1), gold=mask_of([field("0,0")]), turn=4)
    bury.apply_chance(1)
    assert mr_texts.log_lines(bury.apply(("bury", "0,0")), names, 1) == [
        "Ada · roll 1: a nugget buried on 0,0, a shovel to Bot"
    ]


def test_the_turn_log_and_the_speed_are_in_french(
    qtbot: Any, translations: i18n.Translations
) -> None:
    translations.install("fr")
    state = six_position(active=0)
    state.apply_chance(2)
    lines = mr_texts.log_lines(state.apply(("reveal", "1,-5", "1,-4")), ("Ada", "Bot"), 2)
    assert lines[0] == "Ada · lancer 2\u00a0: 2 jetons retournés (1,-5\u00a0→\u00a01,-4)"
    table = TableWidget(speed=0.0, bot_delay=0)
    qtbot.addWidget(table)
    assert [table.pace_combo.itemText(i) for i in range(3)] == ["Lente", "Normale", "Rapide"]
    assert table.pace_label.text() == "Vitesse des tours des autres joueurs"


def test_the_speed_is_chosen_at_the_table_and_kept_in_the_profile(
    qtbot: Any, tmp_path: Path, windows: list[MainWindow]
) -> None:
    profile = Profile(tmp_path / "me")
    window = MainWindow(profile, speed=0.0, host_port=0)
    windows.append(window)
    qtbot.addWidget(window)
    table = window.table
    assert table.speed_name == DEFAULT_SPEED
    window.play({"board": 1, "bot": "random", "seat": 0}, seed=3)
    dealt(qtbot, window.table)
    c = table.controller
    assert c is not None and c.pacer.pace == Pace.of("normal")
    table.pace_combo.setCurrentIndex(SPEEDS.index("slow"))
    assert c.pacer.pace == Pace.of("slow") and c.pacer.pace.step_ms > Pace.of("normal").step_ms
    assert profile.settings()["pace"] == "slow"
    again = MainWindow(profile, speed=0.0, host_port=0)
    windows.append(again)
    qtbot.addWidget(again)
    assert again.table.speed_name == "slow" and again.table.pace_combo.currentData() == "slow"
    settings = profile.settings()
    settings["pace"] = "warp"  # a damaged setting: the default speed
    profile.save_settings(settings)
    third = MainWindow(profile, speed=0.0, host_port=0)
    windows.append(third)
    qtbot.addWidget(third)
    assert third.table.speed_name == DEFAULT_SPEED
    assert Pace.of("fast", 0) == INSTANT  # bot_delay 0 (tests): nothing is ever held


def test_the_pacer_runs_in_order_and_holds_each_step(qtbot: Any) -> None:
    pacer = Pacer(Pace(think_ms=50, step_ms=120))
    ran: list[str] = []
    pacer.add(lambda: ran.append("a"), name="a", step=True, hold=120)
    assert ran == ["a"]  # an idle pacer runs at once
    pacer.add(lambda: ran.append("quiet"), name="quiet")
    pacer.add(lambda: ran.append("b"), name="b", step=True, hold=0, lead=200)
    pacer.add(lambda: (ran.append("c"), pacer.add(lambda: ran.append("d"), name="d")), name="c")
    assert ran == ["a"] and not pacer.idle()
    qtbot.waitUntil(lambda: ran == ["a", "quiet", "b", "c", "d"], timeout=5000)
    at = {s.name: s.at for s in pacer.schedule}
    assert at["quiet"] - at["a"] >= 120  # a quiet entry waits for the hold
    assert at["b"] - at["a"] >= 200  # a step waits its lead after the step before it
    assert pacer.idle()
    pacer.add(lambda: ran.append("e"), name="e", step=True, hold=10_000)
    pacer.add(lambda: ran.append("f"), name="f")
    pacer.clear()
    qtbot.wait(50)
    assert ran[-1] == "e" and pacer.idle()


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_frames_of_a_paced_bot_turn(
    qtbot: Any,
    paced: TableWidget,
    translations: i18n.Translations,
    artifacts: Artifacts,
    lang: str,
) -> None:
    """Pictures of the bot's roll, line and collection, each near the end of its hold."""
    translations.install(lang)
    taken: dict[str, bool] = {}
    step_ms = paced.pace().step_ms

    def grab_later(name: str) -> None:
        def grab() -> None:
            assert paced.scene is not None
            if paced.scene.animating():  # the step waits for its animations too
                QTimer.singleShot(20, grab)
                return
            artifacts.save(paced.grab().toImage(), f"pacing-{lang}-{name}.png")
            taken[name] = True

        QTimer.singleShot(step_ms - 150, grab)  # near the end of the step's hold

    paced.start_game(setup(human=1), state=six_position(active=0))
    c = paced.controller
    assert c is not None
    order = {"line": "2-line", "collection": "3-collection"}
    c.shown.connect(
        lambda *_: (
            grab_later(order[c.pacer.schedule[-1].name])
            if c.pacer.schedule[-1].name in order
            else None
        )
    )
    grab_later("1-roll")  # the roll is shown inside start_game
    qtbot.waitUntil(lambda: len(taken) == 3, timeout=NEVER_MS)
    qtbot.waitUntil(lambda: c.phase == "human", timeout=NEVER_MS)

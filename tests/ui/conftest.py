"""Fixtures of the desktop client's tests (pytest-qt, offscreen — see tests/conftest.py).

- every test gets its own profile folder (``GOLDNET_HOME``) and translation cache
  (``GOLDNET_CACHE``), so nothing touches the user's own;
- ``artifacts``: a folder for screenshots — the test's tmp dir, and also ``$GOLDNET_ARTIFACTS``
  when that is set (CI keeps them; people look at them);
- helpers that click and hover fields with real mouse events on the view's viewport, and one
  that waits for the lobby to open a network game at the table (``network_controller``).
"""

from __future__ import annotations

import gc
import os
import shutil
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsView

from goldnet.games.mountains_rivers.geometry import INDEX, parse_field

if TYPE_CHECKING:
    from ui.app import MainWindow
    from ui.netgame import NetworkController


@pytest.fixture(autouse=True)
def _private_profile(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOLDNET_HOME", str(tmp_path / "profile"))
    monkeypatch.setenv("GOLDNET_CACHE", str(tmp_path / "cache"))
    # Every window browses the LAN: on loopback only, never on real interfaces.
    monkeypatch.setenv("GOLDNET_MDNS_INTERFACES", "127.0.0.1")


@pytest.fixture(autouse=True)
def _no_leaked_network_thread() -> Iterator[None]:
    """Each window's network thread is joined when the window closes (or is collected)."""
    yield
    gc.collect()
    deadline = time.monotonic() + 10
    while any(t.name == "goldnet-net" for t in threading.enumerate()):
        assert time.monotonic() < deadline, "a network thread outlived its window"
        time.sleep(0.05)


def dealt(qtbot: Any, table: Any, timeout: int = 15000) -> Any:
    """The controller of the game the table (``ui.table.TableWidget``) deals in its worker
    thread, once it is dealt and shown."""
    qtbot.waitUntil(lambda: table.dealing is None, timeout=timeout)
    assert table.controller is not None, "the deal failed"
    return table.controller


def network_controller(qtbot: Any, window: MainWindow, timeout: int = 15000) -> NetworkController:
    """The window's network game, once the lobby opened it at the table (waiting at most
    ``timeout`` ms). A table that never opens raises an AssertionError naming what the start
    screen said (its ``net_status``): a failure on a loaded CI says why."""
    from ui.netgame import NetworkController

    try:
        qtbot.waitUntil(
            lambda: (
                isinstance(window.table.controller, NetworkController)
                and window.stack.currentWidget() is window.table
            ),
            timeout=timeout,
        )
    except Exception as e:
        said = window.start.net_status.text()
        raise AssertionError(f"no network table; the start screen says {said!r}") from e
    c = window.table.controller
    assert isinstance(c, NetworkController)
    return c


def open_window(qtbot: Any, profile: Any = None, translations: Any = None, **options: Any) -> Any:
    """A shown main window (``ui.app.MainWindow``) on ``profile``, no animation or bot delay,
    hosting on any free port, shut down when the test ends."""
    from ui.app import MainWindow

    window = MainWindow(profile, translations, speed=0.0, bot_delay=0, host_port=0, **options)
    qtbot.addWidget(window, before_close_func=lambda w: w.shutdown())
    window.resize(1280, 860)
    window.show()
    qtbot.waitExposed(window)
    return window


class Artifacts:
    """Where a test saves pictures: its tmp folder, plus ``$GOLDNET_ARTIFACTS`` if set."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.extra = os.environ.get("GOLDNET_ARTIFACTS")

    def save(self, image: QImage, name: str) -> Path:
        path = self.folder / name
        assert image.save(str(path), "PNG"), f"cannot write {path}"  # type: ignore[call-overload]
        if self.extra:
            Path(self.extra).mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, Path(self.extra) / name)
        return path


@pytest.fixture
def artifacts(tmp_path: Path) -> Iterator[Artifacts]:
    folder = tmp_path / "artifacts"
    folder.mkdir()
    yield Artifacts(folder)


def field(name: str) -> int:
    """Field number of ``"q,r"``."""
    return INDEX[parse_field(name)]


def field_pos(view: QGraphicsView, f: int) -> QPoint:
    """Viewport position of field ``f``'s centre."""
    scene = view.scene()
    return view.mapFromScene(scene.fields[f].centre)  # type: ignore[attr-defined]


def click_field(
    view: QGraphicsView, f: int, button: Qt.MouseButton = Qt.MouseButton.LeftButton
) -> None:
    """A real mouse click (press and release) on field ``f``."""
    pos = field_pos(view, f)
    QTest.mouseMove(view.viewport(), pos)
    QTest.mouseClick(view.viewport(), button, Qt.KeyboardModifier.NoModifier, pos)


def hover_field(view: QGraphicsView, f: int) -> None:
    QTest.mouseMove(view.viewport(), field_pos(view, f))


@pytest.fixture
def cards_kit(cards_game: Any) -> Iterator[Any]:
    """The test card game (2–6 seats) registered with a ui kit of its own
    (``tests/ui/cards_kit.py``) during one test: the shell offers it like any game."""
    from ui import kits

    kits.register(cards_game.name, "tests.ui.cards_kit")
    yield cards_game
    kits.unregister(cards_game.name)


@pytest.fixture
def windows(qtbot: Any) -> Iterator[list[Any]]:
    """The windows a test opens, shut down (bot threads, network thread) before the checks
    for leaked threads run."""
    opened: list[Any] = []  # MainWindow
    yield opened
    for window in opened:
        window.shutdown()


@pytest.fixture
def translations(qapp: Any) -> Iterator[Any]:
    """The application's translations; English again after the test."""
    from ui import i18n

    t = i18n.Translations()
    yield t
    t.install("en")


@pytest.fixture
def processes() -> Iterator[list[Any]]:
    """``goldnet`` processes a test starts (``tests.processes.Process``), stopped after it."""
    started: list[Any] = []
    yield started
    for p in started:
        p.stop()

"""Test-wide setup: Qt runs headless (pytest-qt aborts without a display otherwise); the test
card game can be registered for one test (``cards_game``)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from goldnet import games

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture
def cards_game() -> Iterator[games.GameInfo]:
    """The test card game of ``tests/protocol/cards.py`` in the game registry during one test
    (removed afterwards unless it was registered before, e.g. by ``GOLDNET_GAMES``)."""
    from tests.protocol.cards import GAME_INFO, NAME

    before = NAME in games.names()
    games.register(GAME_INFO)
    yield GAME_INFO
    if not before:
        games.unregister(NAME)

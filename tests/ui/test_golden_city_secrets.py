"""A seat's secrets stay in its own window: the mission on its glass card and what its lantern
showed are drawn from that seat's observation only, so another seat's window — and a
spectator's — holds neither, in any item, tooltip or text of its scene."""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtWidgets import QGraphicsItem

from goldnet.games.golden_city.setup import MISSIONS
from ui import kits
from ui.controller import GameSetup
from ui.golden_city.cards import MissionCardItem
from ui.golden_city.items import TokenItem
from ui.golden_city.words import mission_text

from .conftest import open_window
from .golden_city_play import NAMES, play_by_clicks, policy, seeded_game

COLOURS = ("#c0392b", "#2c6fbf", "#27ae60")


def texts_of(scene: Any) -> str:
    """Every text a scene holds: its items' tooltips, the mission card's words, the panels'
    names and what their tooltips say, the tokens' peeks."""
    out: list[str] = []
    for item in scene.items():
        assert isinstance(item, QGraphicsItem)
        out.append(item.toolTip())
        if isinstance(item, MissionCardItem):
            out += [item.heading, item.text, item.state]
        if isinstance(item, TokenItem):
            out.append(item.peeked)
    return "\n".join(out)


def scene_of(observation: Any, names: tuple[str, ...]) -> Any:
    scene = kits.get("golden-city").scene(observation)
    scene.speed = 0.0
    scene.set_seats(names, COLOURS)
    scene.show_observation(observation)
    return scene


def test_the_mission_card_and_the_lantern_s_peek_stay_in_their_seat_s_window(qtbot: Any) -> None:
    window = open_window(qtbot)
    game = seeded_game(1)
    window.stack.setCurrentWidget(window.table)
    window.table.start_game(GameSetup("golden-city", (), 0, "random", NAMES, COLOURS, 1), game=game)
    table = window.table
    c = table.controller
    lantern = partial(policy, lantern=True)
    play_by_clicks(qtbot, table, lantern, until=lambda: bool(c.obs.known))

    mine = c.obs
    assert mine.known, "the player looked at a token with the lantern"
    hill, value = mine.known[0]
    own = table.scene
    assert own.hill_tokens[hill].peeked == value
    f = mine.board.hills[hill]
    assert "Your lantern showed" in own.fields[f].toolTip()
    assert own.mission.isVisible()
    kind = mine.mission
    assert kind is not None
    need = mine.setup.thresholds[MISSIONS.index(kind)]
    assert own.mission.text == mission_text(kind, need)

    # Another seat's window: what its own machine shows that seat.
    other_state = game._seats[1].machine.engine.state
    theirs = other_state.observation(1)
    assert theirs.known == () and theirs.mission not in (None, kind)
    other = scene_of(theirs, NAMES)
    words = texts_of(other)
    assert mission_text(kind, need) not in words
    assert "Your lantern showed" not in words
    assert all(token.peeked == "" for token in other.hill_tokens)
    assert other.mission.text == mission_text(theirs.mission, theirs.setup.thresholds[
        MISSIONS.index(theirs.mission)])  # fmt: skip
    # … and the player's own window never shows the other seat's mission.
    their_need = theirs.setup.thresholds[MISSIONS.index(theirs.mission)]
    assert mission_text(theirs.mission, their_need) not in texts_of(own)

    # A spectator's: the public view holds no mission and no peek at all.
    public = scene_of(other_state.observation(None), NAMES)
    assert not public.mission.isVisible()
    words = texts_of(public)
    assert mission_text(kind, need) not in words and "Your lantern showed" not in words
    assert all(token.peeked == "" for token in public.hill_tokens)
    # the turn log says that a token was looked at, never what it is
    log = [table.log.item(i).text() for i in range(table.log.count())]
    assert any("with the lantern" in line for line in log)
    from ui.golden_city.words import token_name

    assert not any(token_name(value) in line for line in log if "lantern" in line)

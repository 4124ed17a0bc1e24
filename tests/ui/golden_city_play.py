"""Helpers of the Golden City table's tests: a game against bots that plays the same way every
time, a player's policy, and real mouse clicks on the board for an action.

A game is made reproducible by its entropy (every beacon seed and the dealer's) and by the bots'
identities (their seeds are their fingerprints): :func:`seeded_game` derives both from a seed.
The player's choices come from :func:`policy` — the same choices in the same order give the same
game, whether played through the window's clicks or straight on the game.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from PySide6.QtCore import QPointF, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QGraphicsItem, QGraphicsView

from goldnet import botgame
from goldnet.botgame import BotGame
from goldnet.engine import Action
from protocol.identity import Identity

NAMES = ("Ada", "Easy bot", "Easy bot 2")


def entropy_of(seed: int) -> Callable[[int], bytes]:
    """Bytes that are the same for the same seed and call count."""
    count = [0]

    def entropy(n: int) -> bytes:
        count[0] += 1
        return hashlib.sha256(f"entropy/{seed}/{count[0]}".encode()).digest()[:n]

    return entropy


@contextmanager
def seeded_identities(seed: int) -> Iterator[None]:
    """While inside, every identity a game generates comes from ``seed`` (in order)."""
    keys = (hashlib.sha256(f"identity/{seed}/{k}".encode()).digest() for k in range(10_000))
    real = botgame.Identity.generate
    botgame.Identity.generate = classmethod(lambda cls: cls(next(keys)))  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        botgame.Identity.generate = real  # type: ignore[method-assign]


def seeded_game(
    seed: int, names: Sequence[str] = NAMES, levels: Sequence[str] = ("", "random", "random")
) -> BotGame:
    """A game of Golden City against bots (not journalled) that plays alike for one seed."""
    me = Identity(hashlib.sha256(f"player/{seed}".encode()).digest())
    with seeded_identities(seed):
        return BotGame.new(
            "golden-city", (), list(names), 0, list(levels), me, folder=None,
            entropy=entropy_of(seed),
        )  # fmt: skip


def policy(obs: Any, legal: Sequence[Action], lantern: bool = False) -> Action:
    """The player's choice: at the store a pickaxe (then a lantern, a revolver); roll; go
    down into the mine whenever possible; on the surface a hill with something on it while the
    sack is light, home once it is full, else the last destination. ``lantern``: buy the lantern
    first and peek with it at the first chance."""
    legal = sorted(legal, key=repr)
    head = obs.awaiting[0]
    seat = obs.seat
    if head == "store":
        wanted = ("lantern", "pickaxe") if lantern else ("pickaxe", "lantern", "revolver")
        for tool in wanted:
            if ("buy", tool) in legal:
                return ("buy", tool)
        return ("done",)
    if head == "before":
        peeks = [a for a in legal if a[0] == "lantern"]
        return peeks[0] if lantern and peeks else ("roll",)
    descents = [a for a in legal if a[0] == "descend"]
    if descents:
        return descents[0]
    board = obs.board
    if obs.where[seat][0] != "mine":

        def hill(a: Action) -> int:
            f = board.surface.index[a[1]]
            return board.hill_of[f] if a[0] == "move" else -1

        hills = [a for a in legal if hill(a) >= 0 and obs.hills[hill(a)] != 0]
        if hills and sum(obs.sacks[seat][:2]) < 6:
            return hills[0]
        house = board.houses[board.seat_houses[obs.seats][seat]]
        home = [a for a in legal if a[0] == "move" and board.surface.index[a[1]] == house]
        if home and sum(obs.sacks[seat]) >= 4:
            return home[0]
    return legal[-1]


def click_scene(view: QGraphicsView, point: QPointF) -> None:
    """A real mouse click (move, press, release) at scene point ``point``."""
    pos = view.mapFromScene(point)
    QTest.mouseMove(view.viewport(), pos)
    QTest.mouseClick(
        view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, pos
    )


def click_item(view: QGraphicsView, item: QGraphicsItem) -> None:
    """A click in the middle of ``item`` (a button, a field)."""
    click_scene(view, item.mapToScene(item.boundingRect().center()))


def click_action(view: QGraphicsView, controller: Any, action: Action) -> None:
    """Click what the board shows for ``action``: a store's button, the die tray's, a field (and
    the bubble's choice when the field ends a move in several ways)."""
    scene = view.scene()
    verb = action[0]
    if verb == "buy":
        click_item(view, scene.store.buttons[action[1]])
    elif verb == "done":
        click_item(view, scene.store.leave)
    elif verb == "roll":
        click_item(view, scene.roll_button)
    elif verb == "pony":
        click_item(view, scene.pony_button)
    else:
        obs = controller.observation()
        below = obs.where[controller.human][0] == "mine" and verb == "move"
        grid = obs.board.mine if below else obs.board.surface
        f = grid.index[action[1]]
        item = (scene.mine_fields if below else scene.fields)[f]
        click_scene(view, item.centre)
        bubble = controller.moves.bubble
        if bubble is not None:
            choices = [a for _, a in bubble[2]]
            click_item(view, scene.bubble.buttons[choices.index(action)])


def play_by_clicks(
    qtbot: Any,
    table: Any,
    choose: Callable[[Any, Sequence[Action]], Action],
    actions: int = 2000,
    until: Callable[[], bool] | None = None,
    on_turn: Callable[[], None] | None = None,
) -> int:
    """Play the player's turns by clicks until the game is over (or ``until()``): each choice
    clicked on the board, Confirm clicked once no more choice may follow. Returns how many
    actions were clicked. ``on_turn()`` is called at each of the player's choices (before it)."""
    c = table.controller
    view = table.view
    for clicked in range(actions):
        qtbot.waitUntil(lambda: c.phase in ("human", "over") or c.chaining(), timeout=30_000)
        if c.phase == "over" or (until is not None and until()):
            return clicked
        if on_turn is not None:
            on_turn()
        action = choose(c.observation(), sorted(c.legal_now(), key=repr))
        chain = len(c.chain)
        click_action(view, c, action)
        assert c.phase == "confirm" and len(c.chain) == chain + 1, (action, c.phase)
        assert c.chain[-1][0] == tuple(action)
        if not c.chaining():
            qtbot.mouseClick(table.confirm_button, Qt.MouseButton.LeftButton)
    raise AssertionError(f"the game did not end within {actions} actions")

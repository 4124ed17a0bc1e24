"""A game against bots on this computer (:class:`~goldnet.botgame.BotGame`) played to its end
for a test: the bots' turns as they fall due, the player's seat by the test's own move.

Invariant: bounded — at most ``moves`` actions, then the game must have finished (an assertion
otherwise); nothing but ``BotGame.play`` touches the game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from goldnet import games
from goldnet.botgame import BotGame
from goldnet.view import View, bot_action, view_of


def finish_bot_game(
    game: BotGame, move: Callable[[View], Any] | None = None, moves: int = 500
) -> None:
    """Play ``game`` to its end, at most ``moves`` actions: each bot's turn as it falls due, the
    player's by ``move(view)`` (its view on turn → an action; default: a random bot's)."""
    if move is None:
        mine = games.get(game.game).make_bot("random", "me")
        move = lambda view: bot_action(mine, view)  # noqa: E731
    for _ in range(moves):
        if game.finished:
            break
        due = game.bot_turn()
        if due is not None:
            game.play(due[0], bot_action(game.bot(due[0]), due[1]))
        else:
            game.play(game.human, move(view_of(game.state, game.human)))
    assert game.finished

"""Mountains & Rivers in the game registry (:mod:`goldnet.games`).

Invariants: the table options are ``(board,)`` with a board number 1 to 11; the game is played
by 2 seats, seat 0 the mountains and seat 1 the rivers. Heavy modules (rules, bots, scenario)
are imported when first used, so listing the games stays cheap.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import Bot, GameState, Terminal, Wire
from .. import GameInfo, LazyScenario, Option
from .boards import BOARD_NUMBERS

NAME = "mountains-rivers"
ROLES = ("mountains", "rivers")


def _new_state(options: tuple[Wire, ...], seats: int) -> GameState:
    from .boards import load_board
    from .rules import State

    board = options[0]
    assert isinstance(board, int)
    return State(load_board(board))


def _make_bot(level: str, seed: int | str) -> Bot:
    from .bots import make_bot

    return make_bot(level, seed)


def format_result(
    options: tuple[Wire, ...], names: Sequence[str], result: Terminal, turns: int
) -> str:
    """One result line, e.g. ``board  3  Ada (mountains) 9 - 7 Bea (rivers)  winner: Ada
    turns: 31``."""
    board = options[0]
    assert isinstance(board, int)
    scores, winner = result.scores, result.winners[0]
    return (
        f"board {board:2d}  {names[0]} (mountains) {scores[0]:2d} - {scores[1]:2d} "
        f"{names[1]} (rivers)  winner: {names[winner]}  turns: {turns}"
    )


GAME_INFO = GameInfo(
    name=NAME,
    title="Mountains & Rivers",
    seats=range(2, 3),
    options=(Option("board", BOARD_NUMBERS, "board 1-11 (default: drawn at random)"),),
    new_state=_new_state,
    bot_levels=("random", "greedy", "strong"),
    make_bot=_make_bot,
    format_result=format_result,
    seat_roles=lambda seats: ROLES,
    scenario=LazyScenario("goldnet.games.mountains_rivers.scenario"),
    bench_targets={
        "random game": "<= 10 ms",
        "legal actions": "<= 0.2 ms",
        "best move": "p95 <= 0.2 s, max <= 0.5 s",
    },
)

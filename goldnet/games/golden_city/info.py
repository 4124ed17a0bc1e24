"""Golden City in the game registry (:mod:`goldnet.games`).

Invariants: no table options; played by 2 to 6 seats on the designed map
(``resources/golden_city/map.json``, docs/rules/golden-city-map.md). Heavy modules (rules,
bots) are imported when first used, so listing the games stays cheap.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from ...engine import Bot, GameState, Terminal, Wire
from .. import GameInfo, LazyScenario, SelfplayReport

if TYPE_CHECKING:
    from .board import Board

NAME = "golden-city"


@lru_cache(maxsize=1)
def designed_map() -> Board:
    """The map Golden City is played on.

    Raises:
        goldnet.data.DataError: the map file is missing or not JSON.
        MapError: the map breaks a rule of its format.
    """
    from ...data import load_json
    from .board import load_map

    return load_map(load_json("golden_city", "map.json"))


def _new_state(options: tuple[Wire, ...], seats: int) -> GameState:
    from .rules import State

    return State(designed_map(), seats)


def _make_bot(level: str, seed: int | str) -> Bot:
    from .bots import make_bot

    return make_bot(level, seed)


def _report() -> SelfplayReport:
    from .report import Report

    return Report()


def _bench_position(seed: int) -> tuple[GameState, int]:
    from .report import bench_position

    return bench_position(seed)


def format_result(
    options: tuple[Wire, ...], names: Sequence[str], result: Terminal, turns: int
) -> str:
    """One result line, e.g. ``banks: Ada 23, Bea 17, Cy 9  winner: Ada  turns: 140``."""
    banks = ", ".join(f"{n} {s}" for n, s in zip(names, result.scores, strict=True))
    winners = " and ".join(names[w] for w in result.winners)
    return f"banks: {banks}  winner: {winners}  turns: {turns}"


GAME_INFO = GameInfo(
    name=NAME,
    title="Golden City",
    seats=range(2, 7),
    options=(),
    new_state=_new_state,
    bot_levels=("random", "heuristic", "strong"),
    make_bot=_make_bot,
    format_result=format_result,
    scenario=LazyScenario("goldnet.games.golden_city.scenario"),
    score_name="banks",
    bench_targets={
        "random game": "<= 20 ms",
        "legal actions": "<= 0.5 ms",
        "best move": "median <= 0.2 s, p95 <= 0.5 s",
    },
    bench_seats=4,
    bench_position=_bench_position,
    selfplay_report=_report,
)

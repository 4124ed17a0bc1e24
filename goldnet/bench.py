"""``goldnet bench``: the speed figures that exist so far, each a median, and the
relay's figures under 2,000 idle connections (:mod:`goldnet.bench_relay`).

Timing uses the clock, so it lives here and never in the rules or in tests.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from .engine import ChanceOf, Terminal, TurnOf
from .games.mountains_rivers.boards import load_board
from .games.mountains_rivers.bots import RandomBot, make_bot
from .games.mountains_rivers.rules import State
from .rng import Stream
from .selfplay import play

Figure = dict[str, Any]


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000.0


def _time(fn: Callable[[], object], inner: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(inner):
        fn()
    return (time.perf_counter() - start) / inner


def _random_game(seed: int) -> None:
    bots = [RandomBot(f"bench/{seed}/0"), RandomBot(f"bench/{seed}/1")]
    play(State(load_board(1 + seed % 11)), bots, Stream("bench", seed))


def _mid_game(seed: int, turns: int = 20) -> State:
    """A position after ``turns`` random turns, with the roll thrown."""
    state = State(load_board(1 + seed % 11))
    rng = Stream("bench-mid", seed)
    while state.turn < turns:
        request = state.awaiting()
        if isinstance(request, ChanceOf):
            state.apply_chance(rng.chance(request))
        elif isinstance(request, TurnOf):
            state.apply(rng.choice(state.legal_actions(request.seat)))
        else:
            break
    request = state.awaiting()
    if isinstance(request, ChanceOf):
        state.apply_chance(rng.chance(request))
    return state


def _strong_moves(games: int) -> list[float]:
    samples: list[float] = []
    for g in range(games):
        strong = make_bot("strong", f"bench/{g}")
        state = State(load_board(1 + g % 11))
        rng = Stream("bench-strong", g)
        opponent = RandomBot(f"bench-strong/{g}")
        while True:
            request = state.awaiting()
            if isinstance(request, Terminal):
                break
            if isinstance(request, ChanceOf):
                state.apply_chance(rng.chance(request))
                continue
            assert isinstance(request, TurnOf)
            legal = state.legal_actions(request.seat)
            obs = state.observation(request.seat)
            if request.seat == g % 2:
                start = time.perf_counter()
                action = strong.choose(obs, legal)
                samples.append(time.perf_counter() - start)
            else:
                action = opponent.choose(obs, legal)
            state.apply(action)
    return samples


def run_bench(repeat: int = 50) -> dict[str, Figure]:
    """Measure every figure; ``repeat`` runs per figure (fewer for the slow bot figure).

    Returns ``{name: {"median": value, "unit": "ms" | "s", "runs": n, "target": text}}``.
    """
    game = [_time(lambda s=s: _random_game(s)) for s in range(repeat)]  # type: ignore[misc]
    mids = [_mid_game(s) for s in range(repeat)]
    legal = [_time(lambda st=st: st.legal_actions(st.active or 0), 200) for st in mids]  # type: ignore[misc]
    strong = _strong_moves(max(1, repeat // 25))
    from .bench_protocol import run_protocol_bench
    from .bench_relay import run_relay_bench

    return {
        "mountains-rivers random game": {
            "median": _median_ms(game),
            "unit": "ms",
            "runs": len(game),
            "target": "<= 10 ms",
        },
        "mountains-rivers legal actions": {
            "median": _median_ms(legal),
            "unit": "ms",
            "runs": len(legal),
            "target": "<= 0.2 ms",
        },
        "mountains-rivers strong move": {
            "median": statistics.median(strong),
            "unit": "s",
            "runs": len(strong),
            "target": "<= 0.2 s",
        },
        **run_protocol_bench(repeat),
        **run_relay_bench(),
    }

"""``goldnet bench``: the speed figures that exist so far, each a median — per registered game
(with its ``bench_seats``) a random game, legal actions in a mid-game position (its
``bench_position`` when it has one) and its strongest bot's move (with its 95th
percentile and maximum: a player waits for the slow moves); the protocol's figures
(:mod:`goldnet.bench_protocol`); a roll through a relay from the move that makes it due,
journals on, against a TLS echo through the same relay in the same run (median and 95th
percentile, :mod:`goldnet.bench_roll`); the mental-poker deck's setup and audit
(:mod:`goldnet.bench_deck`); a 6-process Golden City deal's wall time, and a public reveal's
and a die's latency with 6 peers against a six-party TLS echo — a die's frames without the
protocol — and the two-party one (:mod:`goldnet.bench_table`); the lobby's first paint
(:mod:`goldnet.bench_ui`); the relay under 2,000 idle connections (:mod:`goldnet.bench_relay`).

Timing uses the clock, so it lives here and never in the rules or in tests.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

from . import games
from .engine import ChanceOf, GameState, RevealOf, Terminal, TurnOf, Wire
from .local_deck import LocalDeck
from .rng import Stream
from .selfplay import play
from .view import bot_claim

Figure = dict[str, Any]


def _median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000.0


def _time(fn: Callable[[], object], inner: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(inner):
        fn()
    return (time.perf_counter() - start) / inner


def _clocks(fn: Callable[[], object]) -> tuple[float, float]:
    """Wall and CPU seconds of one call of ``fn``. The CPU time is this process's own: on a
    machine other programs keep busy the wall time also counts their turns, so the CPU time is
    the figure comparable to a target set for an idle machine."""
    wall, cpu = time.perf_counter(), time.process_time()
    fn()
    return time.perf_counter() - wall, time.process_time() - cpu


def _seats(info: games.GameInfo) -> int:
    """The seat count the bench plays ``info`` with (its ``bench_seats``, else the fewest)."""
    return info.bench_seats or info.seats[0]


def _new_game(info: games.GameInfo, label: str, seed: int) -> GameState:
    """A new game of ``info`` with its bench seats and options drawn from ``seed``."""
    options = info.draw_options(lambda name, n: Stream(label, name, seed).below(n))
    return info.make(options, _seats(info))


def _random_game(info: games.GameInfo, seed: int) -> None:
    bots = [info.make_bot(info.bot_levels[0], f"bench/{seed}/{s}") for s in range(_seats(info))]
    play(_new_game(info, "bench", seed), bots, Stream("bench", seed))


def _mid_game(info: games.GameInfo, seed: int, turns: int = 20) -> tuple[GameState, int]:
    """The game's bench position (``bench_position``), else a position after ``turns`` random
    actions, its pending chance drawn and cards dealt: ``(state, seat on turn)``."""
    if info.bench_position is not None:
        return info.bench_position(seed)
    state = _new_game(info, "bench-mid", seed)
    rng = Stream("bench-mid", seed)
    deck = LocalDeck(state.decks(), rng)
    played = 0
    while True:
        request = state.awaiting()
        if isinstance(request, ChanceOf):
            state.apply_chance(rng.chance(request))
        elif isinstance(request, RevealOf):
            state.apply_reveal(*_reveal(deck, request))
        elif isinstance(request, TurnOf) and played < turns:
            state.apply(rng.choice(state.legal_actions(request.seat)))
            played += 1
        else:
            return state, request.seat if isinstance(request, TurnOf) else 0


def _best_moves(info: games.GameInfo, games_played: int) -> list[float]:
    """Seconds the game's strongest bot takes per move, over every move of ``games_played``
    seeded games between as many of them as the game has seats: a fixed set of positions (the
    bot is deterministic given its seed), the contested ones a strong opponent leads to."""
    samples: list[float] = []
    level = info.bot_levels[-1]
    for g in range(games_played):
        bots = [info.make_bot(level, f"bench/{g}/{s}") for s in range(_seats(info))]
        state = _new_game(info, "bench-strong", g)
        rng = Stream("bench-strong", g)
        deck = LocalDeck(state.decks(), rng)
        while True:
            request = state.awaiting()
            if isinstance(request, Terminal):
                break
            if isinstance(request, ChanceOf):
                for seat, bot in enumerate(bots):
                    claim = bot_claim(bot, state.observation(seat), state.claims(seat))
                    if claim is not None:
                        state.apply_claim(seat, claim)
                state.apply_chance(rng.chance(request))
                continue
            if isinstance(request, RevealOf):
                state.apply_reveal(*_reveal(deck, request))
                continue
            legal = state.legal_actions(request.seat)
            obs = state.observation(request.seat)
            start = time.perf_counter()
            action = bots[request.seat].choose(obs, legal)
            samples.append(time.perf_counter() - start)
            state.apply(action)
    return samples


def _reveal(deck: LocalDeck, request: RevealOf) -> tuple[str, int, int | None, Wire]:
    """The arguments of ``apply_reveal`` that fulfil ``request`` from a trusted local deck."""
    return (request.deck, request.card, request.to, deck.value(request.deck, request.card))


def _p95(samples: list[float]) -> float:
    """The 95th percentile of ``samples`` (nearest rank: a value measured)."""
    ordered = sorted(samples)
    return ordered[max(0, -(-len(ordered) * 95 // 100) - 1)]


def _game_figures(info: games.GameInfo, repeat: int) -> dict[str, Figure]:
    """The figures of one registered game; targets come from ``info.bench_targets``."""
    clocks = [_clocks(lambda s=s: _random_game(info, s)) for s in range(repeat)]  # type: ignore[misc]
    game, cpu = [wall for wall, _ in clocks], [cpu for _, cpu in clocks]
    mids = [_mid_game(info, s) for s in range(repeat)]
    legal = [_time(lambda m=m: m[0].legal_actions(m[1]), 200) for m in mids]  # type: ignore[misc]
    best = _best_moves(info, max(1, repeat // 5))
    targets = info.bench_targets
    return {
        f"{info.name} random game": {
            "median": _median_ms(game),
            "cpu": _median_ms(cpu),
            "unit": "ms",
            "runs": len(game),
            "target": targets.get("random game", ""),
        },
        f"{info.name} legal actions": {
            "median": _median_ms(legal),
            "unit": "ms",
            "runs": len(legal),
            "target": targets.get("legal actions", ""),
        },
        f"{info.name} {info.bot_levels[-1]} move": {
            "median": statistics.median(best) if best else 0.0,
            "p95": _p95(best) if best else 0.0,
            "max": max(best, default=0.0),
            "unit": "s",
            "runs": len(best),
            "target": targets.get("best move", ""),
        },
    }


GROUPS = ("games", "protocol", "deck", "roll", "table", "relay", "ui")
"""The figures' groups, in the order they are measured (``goldnet bench --only``)."""


def run_bench(repeat: int = 50, only: tuple[str, ...] = GROUPS) -> dict[str, Figure]:
    """Measure every figure of the groups ``only`` (:data:`GROUPS`); ``repeat`` runs per
    figure (fewer for the slow bot figure).

    Returns ``{name: {"median": value, "unit": "ms" | "s", "runs": n, "target": text}}``; the
    strongest bot's move adds ``"p95"`` and ``"max"`` (same unit), which its target names; a
    random game adds ``"cpu"``, the median CPU time of the same runs (same unit).

    Raises:
        ValueError: a group that is not one of :data:`GROUPS`.
    """
    from .bench_deck import run_deck_bench
    from .bench_protocol import run_protocol_bench
    from .bench_relay import run_relay_bench
    from .bench_roll import run_roll_bench
    from .bench_table import run_table_bench
    from .bench_ui import run_ui_bench

    unknown = [g for g in only if g not in GROUPS]
    if unknown:
        raise ValueError(f"no figures named {unknown[0]!r} (groups: {', '.join(GROUPS)})")
    measures: dict[str, Callable[[], dict[str, Figure]]] = {
        "games": lambda: {
            k: v for info in games.games() for k, v in _game_figures(info, repeat).items()
        },
        "protocol": lambda: run_protocol_bench(repeat),
        "deck": lambda: run_deck_bench(repeat),
        "roll": lambda: run_roll_bench(repeat),
        "table": lambda: run_table_bench(repeat),
        "relay": run_relay_bench,
        "ui": lambda: run_ui_bench(min(repeat, 10)),
    }
    figures: dict[str, Figure] = {}
    for group in GROUPS:
        if group in only:
            figures.update(measures[group]())
    return figures

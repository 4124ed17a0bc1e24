"""The offline sub-commands of ``goldnet``: ``scenario``, ``selfplay``, ``verify``, ``bench``.

Each ``*_command`` takes parsed arguments and returns the exit status; a problem the user can
fix raises :class:`~goldnet.errors.UsageError` (one line, status 2). Every game-specific
word comes from the game registry (:mod:`goldnet.games`): nothing here names a game.

Invariants: no clock and no ``random`` — a seed reproduces every self-play game and its record
byte for byte; options a run does not give are drawn from seeded streams named by the option.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from . import games
from .engine import GameState, Terminal
from .errors import UsageError


def read_json(path: Path, command: str) -> Any:
    """The JSON document in ``path``.

    Raises:
        UsageError: unreadable, not UTF-8 or not JSON (the message names the file).
    """
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"goldnet {command}: cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise UsageError(f"goldnet {command}: {path} is not UTF-8 text") from None
    try:
        return json.loads(text)
    except ValueError as exc:
        raise UsageError(f"goldnet {command}: {path} is not valid JSON: {exc}") from None


def game_of(name: str, command: str) -> games.GameInfo:
    """The registered game ``name``.

    Raises:
        UsageError: no such game.
    """
    try:
        return games.get(name)
    except games.UnknownGame as exc:
        raise UsageError(f"goldnet {command}: {exc}") from None


# --- scenario ---------------------------------------------------------------------------


def _scenario_game(args: argparse.Namespace, case: Any, path: Path) -> games.GameInfo:
    """The game a case is for: ``--game``, else the case's ``game``, else the folder it lies
    in when that folder is named after a game, else the first game with scenario cases."""
    if args.game:
        return game_of(args.game, "scenario")
    if isinstance(case, dict) and isinstance(case.get("game"), str):
        return game_of(case["game"], "scenario")
    if path.parent.name in games.names():
        return games.get(path.parent.name)
    return next(info for info in games.games() if info.scenario is not None)


def scenario_command(args: argparse.Namespace) -> int:
    """``goldnet scenario [--check] [--game G] FILE...``: print each step's outcome."""
    for path in args.files:
        case = read_json(path, "scenario")
        name = case.get("name", path.name) if isinstance(case, dict) else path.name
        runner = _scenario_game(args, case, path).scenario
        if runner is None:
            raise UsageError(f"goldnet scenario: {path}: that game has no scenario cases")
        try:
            for number, (step, printed) in enumerate(runner.run(case), 1):
                print(json.dumps(printed), flush=True)
                if args.check:
                    bad = runner.mismatches(step.get("expect", {}), printed)
                    if bad:
                        for key, want, got in bad:
                            print(
                                f"goldnet scenario: {path} ({name}): step {number}: {key}: "
                                f"expected {json.dumps(want)}, got {json.dumps(got)}",
                                file=sys.stderr,
                            )
                        return 1
        except runner.ScenarioError as exc:
            raise UsageError(f"goldnet scenario: {path} is malformed: {exc}") from None
        if args.check:
            print(f"goldnet scenario: {path} ({name}): ok", file=sys.stderr)
    return 0


# --- selfplay ---------------------------------------------------------------------------


def _bot_names(text: str, info: games.GameInfo, seats: int) -> list[str]:
    names = [n.strip() for n in text.split(",")]
    if len(names) != seats or not all(names):
        example = ",".join((info.bot_levels * seats)[-seats:])
        raise UsageError(
            f"goldnet selfplay: --bots takes {seats} bot names, one per seat, e.g. {example}"
        )
    for n in names:
        if n not in info.bot_levels:
            raise UsageError(
                f"goldnet selfplay: unknown bot {n!r}: one of {', '.join(info.bot_levels)}"
            )
    return names


def _labels(names: list[str]) -> list[str]:
    """Bot names told apart: a name played by several seats gets ``#1``, ``#2``…"""
    return [f"{n}#{i + 1}" if names.count(n) > 1 else n for i, n in enumerate(names)]


def given_options(args: argparse.Namespace, info: games.GameInfo) -> dict[str, str | None]:
    """The ``--NAME`` texts the command line gave for ``info``'s options."""
    return {o.name: getattr(args, o.name, None) for o in info.options}


def _seeded(seed: int, game: int) -> Callable[[str, int], int]:
    """Option draws of self-play game ``game``: one seeded stream per option name."""
    from .rng import Stream

    return lambda name, n: Stream(seed, name, game).below(n)


def selfplay_command(args: argparse.Namespace) -> int:
    """``goldnet selfplay GAME``: bots play each other headless; seats rotate game by game."""
    from .rng import Stream
    from .selfplay import play

    info = game_of(args.game, "selfplay")
    seats = args.seats or info.seats[0]
    if seats not in info.seats:
        raise UsageError(f"goldnet selfplay: {info.title} is not played by {seats}")
    names = _bot_names(args.bots or ",".join(info.bot_levels[-1:] * seats), info, seats)
    labels = _labels(names)
    if args.record is not None:
        try:
            args.record.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise UsageError(
                f"goldnet selfplay: cannot use {args.record}: {exc.strerror}"
            ) from None
    wins = dict.fromkeys(labels, 0)
    seat_wins = [0] * seats
    report = info.selfplay_report() if info.selfplay_report is not None else None
    progress = _Progress(args.games) if sys.stderr.isatty() and args.games > 1 else None
    for i in range(args.games):
        try:
            options = info.parse_options(given_options(args, info), _seeded(args.seed, i))
        except ValueError as exc:
            raise UsageError(f"goldnet selfplay: {exc}") from None
        order = [(seat + i) % seats for seat in range(seats)]  # order[seat] = index into names
        bots = [info.make_bot(names[k], f"{args.seed}/{i}/{seat}") for seat, k in enumerate(order)]
        record_path = None
        if args.record is None:
            state = info.make(options, seats)
            result = play(state, bots, Stream(args.seed, "chance", i))
            scores, winners, turns = result.scores, result.winners, result.turns
        else:
            record_path = args.record / f"game-{i:04d}.goldnet"
            state, (scores, winners, turns) = _play_recorded(
                info, options, bots, f"{args.seed}/{i}", record_path
            )
        winner = winners[0]
        for w in winners:
            wins[labels[order[w]]] += 1
            seat_wins[w] += 1
        seat_names = [names[k] for k in order]
        own = report.game(options, seat_names, state, Terminal(scores, winners)) if report else None
        if args.json:
            line: dict[str, Any] = {"game": i}
            if own is not None:
                line.update(own[0])
            else:
                line.update((o.name, v) for o, v in zip(info.options, options, strict=True))
                line.update(bots=seat_names, scores=list(scores), winner=winner, turns=turns)
            if record_path is not None:
                line["record"] = str(record_path)
            print(json.dumps(line), flush=True)
        else:
            if own is not None:
                text = own[1]
            else:
                text = info.format_result(options, seat_names, Terminal(scores, winners), turns)
            where = f"  record: {record_path}" if record_path else ""
            print(f"game {i:3d}  {text}{where}", flush=True)
        if progress:
            progress.step()
    if progress:
        progress.done()
    n = args.games
    extra, lines = report.summary() if report else ({}, [])
    if args.json:
        summary: dict[str, Any] = {"games": n, "wins": wins, "seat_wins": seat_wins}
        summary["win_rates"] = {label: round(w / n, 4) for label, w in wins.items()}
        summary["seat_win_rates"] = [round(w / n, 4) for w in seat_wins]
        summary.update(extra)
        print(json.dumps({"summary": summary}))
    else:
        print(f"\n{n} games, seed {args.seed}")
        for label, w in wins.items():
            print(f"  {label:10s} won {w:4d}  ({100 * w / n:5.1f} %)")
        for seat, w in enumerate(seat_wins):
            print(f"  {info.seat_label(seat, seats):18s} won {w:4d}  ({100 * w / n:5.1f} %)")
        for text in lines:
            print(f"  {text}")
    return 0


def _play_recorded(
    info: games.GameInfo, options: tuple[int, ...], bots: list[Any], label: str, path: Path
) -> tuple[GameState, tuple[tuple[int, ...], tuple[int, ...], int]]:
    """One game through the whole protocol stack in memory, its record saved at ``path``:
    the first peer's final state and ``(scores, winners, turns)``."""
    from .harness import Harness, deterministic_peer
    from .records import verify, write

    peers = [deterministic_peer(f"selfplay/{label}/{seat}", bot) for seat, bot in enumerate(bots)]
    harness = Harness(peers)
    harness.start(info.name, options, f"selfplay/{label}".encode().ljust(16, b"."))
    harness.run()
    record = peers[0].machine.record
    if all(not peer.errors and peer.result is None for peer in peers):
        waits = peers[0].engine.state.awaiting()
        raise UsageError(
            f"goldnet selfplay: --record: {info.title} cannot be played through the protocol "
            f"yet: it stopped at {waits} (the network deck for private cards is not there)"
        )
    for peer in peers:
        if peer.errors or peer.result is None or peer.machine.record != record:
            raise RuntimeError(f"protocol self-play failed: {peer.errors}")  # a bug, not input
    try:
        write(path, record)
    except OSError as exc:
        raise UsageError(f"goldnet selfplay: cannot write {path}: {exc.strerror}") from None
    checked = verify(record)
    assert checked.result is not None, "an honest self-play game ends with a result"
    final = peers[0].engine.state
    return final, (checked.result.scores, checked.result.winners, checked.turns)


# --- verify -----------------------------------------------------------------------------


def verify_command(args: argparse.Namespace) -> int:
    """``goldnet verify FILE...``: check records offline; status 1 when one is invalid, 2 when
    one is unreadable."""
    from protocol.identity import fingerprint

    from .records import InvalidRecord, RecordError, read, verify

    status = 0
    for path in args.files:
        try:
            envelopes = read(path)
        except RecordError as exc:
            print(f"goldnet verify: {path}: unreadable record: {exc}", file=sys.stderr)
            status = 2
            continue
        try:
            checked = verify(envelopes)
        except InvalidRecord as exc:
            if args.json:
                bad = {"file": str(path), "valid": False, "error": str(exc), "index": exc.index}
                print(json.dumps(bad))
            print(f"goldnet verify: {path}: INVALID: {exc}", file=sys.stderr)
            status = max(status, 1)
            continue
        summary = checked.summary()
        for warning in checked.warnings:
            print(f"goldnet verify: {path}: warning: {warning}", file=sys.stderr)
        if args.json:
            print(json.dumps({"file": str(path), "valid": True, **summary}))
        elif checked.ending == "abandoned":
            by = checked.table.names[checked.by] if checked.by is not None else "a member"
            print(f"{path}: valid  abandoned (adjudicated by {by}): no result, nobody at fault")
        elif checked.ending == "halted":
            culprit = fingerprint(checked.culprit) if checked.culprit else "nobody"
            print(f"{path}: valid  halted: {culprit} is proven to have cheated: {checked.reason}")
            for line in checked.evidence:
                print(f"  proof: {line}")
        elif checked.result is not None and checked.table.game in games.names():
            info = games.get(checked.table.game)
            text = info.format_result(
                checked.table.options, checked.table.names, checked.result, checked.turns
            )
            tail = "  protocol: 1 (dice not proven fair)" if checked.protocol == 1 else ""
            print(f"{path}: valid  {text}{tail}")
        else:
            print(f"{path}: valid  {summary}")
    return status


class _Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.count = 0

    def step(self) -> None:
        self.count += 1
        filled = 30 * self.count // self.total
        sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self.count}/{self.total}")
        sys.stderr.flush()

    def done(self) -> None:
        sys.stderr.write("\n")


# --- bench ------------------------------------------------------------------------------


def bench_command(args: argparse.Namespace) -> int:
    """``goldnet bench``: speed figures, medians against their targets."""
    from .bench import GROUPS, run_bench

    figures = run_bench(args.repeat, tuple(args.only or GROUPS))
    if args.json:
        print(json.dumps(figures))
    else:
        for name, fig in figures.items():
            target = f"  (target {fig['target']})" if fig.get("target") else ""
            tail = "".join(f"  {k} {fig[k]:.3f}" for k in ("cpu", "p95", "max") if k in fig)
            print(f"{name:34s} {fig['median']:10.3f} {fig['unit']}{tail}{target}")
    return 0

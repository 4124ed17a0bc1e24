"""Golden City's balance, measured from bot self-play (a maintainer tool, not shipped).

    python tools/balance_golden_city.py [--players 2,3,4,5,6] [--games 500] [--seed 1]
        [--bots heuristic] [--jobs 2] [--max-seconds 3600] [--override JSON] [--json]
        [--no-forced]

For each table size it plays ``--games`` offline games between the bots named (one name for every
seat, or one per seat; seats rotate game by game as in ``goldnet selfplay``), seeded exactly as
``goldnet selfplay golden-city --players N --seed S`` seeds them (bot ``i``'s stream
``"S/game/seat"``, chance ``Stream(S, "chance", game)``, a LocalDeck shuffled by that stream), so
a run reproduces game by game. It drives the loop itself to see every event, and reports per
table size: turns per game and per player, station vs exhaustion, win rate by seat, each mission
kind's fulfilment when dealt, each Gazette issue's frequency, each tool's purchase rate and
payback, with 95 % confidence intervals (Wilson for rates, normal for means). Output: Markdown
tables, or one JSON object with ``--json``.

Payback — gold a tool brings against its price — is attributed per purchase, event by event. A
sack's worth is its nuggets, its gold found below and the normal bounty of its captured thieves;
a turn's gain is the gold entering the seat's sack or bank from outside it (tokens, veins, loot
and thieves, taken sacks, the chest, the reward) less what it loses (sacks lost or taken, the
company's share); the run's *turn gain* is the mean of that over every seat turn.

- revolver: in a duel a seat won with its +2, the stake (its own sack, plus the loser's sack, the
  thief's loot and bounty, or the train's chest) when the +2 turned the duel: fully when the roll
  without it lost, at the chance of losing the reroll without it when it would have tied.
- sieve: its dice (the gold they add).
- horse: for each move whose destination needs the +1 (or the step the sandstorm takes), that
  turn's gain less the best expected gain of the moves the die alone allowed (the move not
  taken: a face-down token at the mean of the tokens left, a duel at its odds; at least 0).
- lantern: a peek at a nugget, that nugget when the peeker takes it later; a peek at a thief,
  the expected loss of brawling it with the sack carried (``P(lose)·sack − P(win)·bounty``, if
  positive) when the next move could have stopped on it and did not; a lantern lighting the
  mine, its Shapley share of the lit visit (below).
- pony: the sack it banks times the run's exposure — the share of all sack worth that was lost
  (brawls, fights, the locomotive, ghosts, the guard) rather than banked.
- pickaxe: the net gain of the seat's mine visits, from descent to the surface or the end (veins,
  fights below, less the company's share and sacks lost below, less the turn gain for each turn
  begun below), less the lantern's share of lit ones.

A lit visit needs both tools, so its gold is split between them by their Shapley values (each
tool's marginal worth averaged over the two orders of adding it): with ``D`` and ``L`` the run's
mean net gains of a dark and a lit visit and ``P`` the mean gold of a lantern not used to light
(its peeks, its share of an ``outfitter`` bonus: a lantern's worth without a pickaxe), the
lantern's share of a lit visit is ``(P + (L − D)) / 2`` and the pickaxe keeps the rest,
``(D + (L − P)) / 2``. (Crediting the lantern with the whole ``L − D`` would leave the pickaxe
only a dark visit's worth on visits it made possible.)

The first purchases of a seat whose ``outfitter`` mission was fulfilled share its bonus (the
purchases are that mission); no other mission, nor tempo or safety besides the pony's, counts.
A payback counts only purchases made at a price (a lantern free in *Soldes* brings gold against
nothing), and needs at least ``MIN_PRICED`` of them: a tool the bots bought more seldom has no
figure of its own. Such a tool is then measured by a **forced run** (unless ``--no-forced``):
the same games again, one seat a game buying the tool whenever it would leave a store that
offers it (``Forced``); its figure is the forced seat's attributed payback, checked without
attribution against the banks — ``1 + (forced seat's bank − the others' mean bank) / what it
spent on the tool`` — and when the banks' 95 % interval lies below 1 the banks' figure stands.
A tool with no figure at all fails the payback target.

``--override`` replaces setup fields for trials, e.g. ``'{"starting_bank": 8, "prices":
[6,5,4,2,3,4], "3": {"mission_bonus": 7}, "locomotive": {"2": 12}}'``. Bounded: ``--games`` at
most 20000 per size, 20000 actions per game, and ``--max-seconds`` of wall time (games not
played by then are left out and the count says so).

The tool is four modules in ``tools/``: this one (the command, its arguments and the Markdown
report), ``balance_play.py`` (one seeded game), ``balance_attribution.py`` (the gold each
purchase brought) and ``balance_figures.py`` (the figures, their intervals and the targets).

Invariants: a run is a function of its arguments (the games are seeded, their records kept in
the order of the tasks whatever ``--jobs``); a bad argument is one line from argparse (exit 2).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:  # loaded by its path (the tests) rather than run as a script
    sys.path.insert(0, str(HERE))

from balance_figures import MIN_PRICED, figures, payback, targets, tool_payback  # noqa: E402
from balance_play import board_for, play_game, setup_for  # noqa: E402

from goldnet.games.golden_city.bots import BOT_NAMES  # noqa: E402
from goldnet.games.golden_city.gazette import ISSUES  # noqa: E402
from goldnet.games.golden_city.setup import MISSIONS, TOOLS  # noqa: E402

__all__ = ["MIN_PRICED", "figures", "main", "markdown", "payback", "play_game", "targets"]

MAX_GAMES = 20000


# --- the report ------------------------------------------------------------------------------


def payback_cell(t: dict[str, Any]) -> str:
    """A tool's payback in the Markdown table: the run's own, or its forced run's (attributed,
    then from the banks), or why there is none."""
    if t["payback"] is not None:
        g = t["gold_per_purchase"]
        return f"{g[0]:.1f} ({g[1]:.1f}–{g[2]:.1f}) / {t['mean_price']:.1f} = {t['payback']:.2f}"
    f = t.get("forced")
    if f is None or f["payback"] is None:
        return f"no figure ({t['priced_purchases']} bought at a price)"
    g, b = f["gold_per_purchase"], f["bank_payback"]
    return (
        f"forced: {g[0]:.1f} ({g[1]:.1f}–{g[2]:.1f}) / {f['mean_price']:.1f} = "
        f"{f['payback']:.2f}; banks {b[0]:.2f} ({b[1]:.2f}–{b[2]:.2f})"
    )


def pct(r: Sequence[float], ci: bool = True) -> str:
    text = f"{100 * r[0]:.1f} %"
    return f"{text} ({100 * r[1]:.1f}–{100 * r[2]:.1f})" if ci else text


def markdown(result: dict[str, Any]) -> str:
    """The Markdown tables of a run."""
    sizes = result["sizes"]
    cols = [str(f["seats"]) for f in sizes]

    def table(title: str, rows: list[tuple[str, list[str]]]) -> list[str]:
        out = [f"| {title} | " + " | ".join(f"{c} players" for c in cols) + " |"]
        out.append("| --- |" + " --- |" * len(cols))
        out += [f"| {name} | " + " | ".join(cells) + " |" for name, cells in rows]
        return [*out, ""]

    lines = [
        f"Bots: {', '.join(result['bots'])}; seed {result['seed']}; "
        f"{result['seconds']:.0f} s on {result['jobs']} processes. "
        "95 % intervals in parentheses.",
        "",
    ]
    rows = [
        ("games", [str(f["games"]) for f in sizes]),
        ("turns per game", [f"{f['turns'][0]:.1f}" for f in sizes]),
        ("turns per player", [f"{f['turns_per_player'][0]:.1f}" for f in sizes]),
        ("games within 15–35 per player", [pct(f["within_target"], False) for f in sizes]),
        ("ends at the station", [pct(f["station"]) for f in sizes]),
        ("ends by exhaustion", [pct(f["exhausted"]) for f in sizes]),
        ("Gazette issues per game", [f"{f['issues_per_game'][0]:.1f}" for f in sizes]),
        ("winning bank", [f"{f['winning_bank'][0]:.1f}" for f in sizes]),
    ]
    lines += table("figure", rows)
    most = max(len(f["seat_wins"]) for f in sizes)
    rows = [
        (f"seat {s}", [pct(f["seat_wins"][s]) if s < len(f["seat_wins"]) else "" for f in sizes])
        for s in range(most)
    ]
    rows.append(("limit 1/n + 10", [f"{100 / f['seats'] + 10:.1f} %" for f in sizes]))
    lines += table("wins by seat", rows)
    rows = [
        (kind, [pct(f["missions"][kind]["fulfilled"]) + f" of {f['missions'][kind]['dealt']}"
                for f in sizes])
        for kind in MISSIONS
    ]  # fmt: skip
    lines += table("mission fulfilled", rows)
    lines += table(
        "Gazette issue (games)", [(i, [pct(f["gazette"][i], False) for f in sizes]) for i in ISSUES]
    )
    rows = []
    for tool in TOOLS:
        rows.append((f"{tool}: bought in", [pct(f["tools"][tool]["bought_in"]) for f in sizes]))
        cells = [payback_cell(f["tools"][tool]) for f in sizes]
        rows.append((f"{tool}: gold / price = payback", cells))
    rows.append(("exposure (pony)", [pct((f["exposure"],) * 3, False) for f in sizes]))
    rows.append(("turn gain (gold)", [f"{f['turn_gain']:.2f}" for f in sizes]))
    lines += table("tool (per seat and game)", rows)
    rows = [
        (name, ["yes" if f["targets"][name] else "**no**" for f in sizes])
        for name in sizes[0]["targets"]
    ]
    lines += table("target met", rows)
    for f in sizes:
        short = {
            tool: tool_payback(t) for tool, t in f["tools"].items() if (tool_payback(t) or 0) < 1
        }
        if short:
            text = ", ".join(
                f"{k} {'no figure' if v is None else f'{v:.3f}'}" for k, v in short.items()
            )
            lines.append(f"- {f['seats']} players, tools short of paying back: {text}")
    return "\n".join(lines)


# --- the command -----------------------------------------------------------------------------


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--players", default="2,3,4,5,6", help="table sizes, e.g. 2,4")
    p.add_argument("--games", type=int, default=500, help="games per table size")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bots", default="heuristic", help="one bot name, or one per seat")
    p.add_argument("--jobs", type=int, default=2, help="worker processes")
    p.add_argument("--max-seconds", type=float, default=3600.0, help="wall-time budget")
    p.add_argument("--override", default="{}", help="setup/map fields as JSON, for trials")
    p.add_argument("--json", action="store_true", help="one JSON object instead of Markdown")
    p.add_argument(
        "--no-forced",
        dest="force_lacking",
        action="store_false",
        help="no forced run for a tool bought too seldom at a price to have a payback figure",
    )
    args = p.parse_args(argv)
    try:
        args.sizes = [int(x) for x in args.players.split(",")]
        args.override_data = json.loads(args.override)
    except ValueError as exc:
        p.error(f"bad --players or --override: {exc}")
    if not all(2 <= s <= 6 for s in args.sizes):
        p.error("--players: table sizes are 2 to 6")
    if not 1 <= args.games <= MAX_GAMES:
        p.error(f"--games: 1 to {MAX_GAMES}")
    if not 1 <= args.jobs <= 16:
        p.error("--jobs: 1 to 16")
    if not isinstance(args.override_data, dict):
        p.error("--override: a JSON object")
    args.names = args.bots.split(",")
    for name in args.names:
        if name not in BOT_NAMES:
            p.error(f"--bots: unknown bot {name!r}: one of {', '.join(BOT_NAMES)}")
    for s in args.sizes:
        if len(args.names) not in (1, s):
            p.error(f"--bots: one name, or one per seat ({s})")
        try:
            setup_for(s, args.override_data)
            board_for(args.override_data)
        except (TypeError, ValueError) as exc:
            p.error(f"--override: {exc}")
    return args


def play_all(
    tasks: list[tuple[Any, ...]], jobs: int, deadline: float
) -> tuple[list[dict[str, Any]], bool]:
    """The records of ``tasks`` (in order) played on ``jobs`` processes, and whether the
    ``deadline`` (``time.monotonic()``) cut them short."""
    records: list[dict[str, Any]] = []
    timed_out = False
    pool = multiprocessing.Pool(jobs) if jobs > 1 else None
    played = pool.imap(play_game, tasks, chunksize=4) if pool else map(play_game, tasks)
    for k, record in enumerate(played):
        records.append(record)
        if k % 100 == 99:
            print(f"{k + 1}/{len(tasks)} games", file=sys.stderr, flush=True)
        if time.monotonic() > deadline:
            timed_out = True
            break
    if pool:
        pool.terminate()
        pool.join()
    return records, timed_out


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    start = time.monotonic()
    deadline = start + args.max_seconds
    override = args.override_data

    def tasks(sizes: Sequence[int], extra: dict[str, Any]) -> list[tuple[Any, ...]]:
        return [
            (s, i, args.seed, tuple(args.names * s if len(args.names) == 1 else args.names),
             {**override, **extra})
            for i in range(args.games)
            for s in sizes
        ]  # fmt: skip

    played, timed_out = play_all(tasks(args.sizes, {}), args.jobs, deadline)
    sizes = {s: figures(s, [r for r in played if r["seats"] == s]) for s in args.sizes}
    # a tool without a payback figure (too few purchases at a price): measured by a forced run
    lacking = [
        (s, tool)
        for s in args.sizes
        for tool in TOOLS
        if sizes[s]["tools"][tool]["payback"] is None and args.force_lacking
    ]
    if lacking and not {"force", "forbid"} & set(override) and not timed_out:
        print(f"forced runs: {lacking}", file=sys.stderr, flush=True)
        for tool in TOOLS:
            tool_sizes = [s for s, t in lacking if t == tool]
            if not tool_sizes or timed_out:
                continue
            played, timed_out = play_all(tasks(tool_sizes, {"force": tool}), args.jobs, deadline)
            for s in tool_sizes:
                run = figures(s, [r for r in played if r["seats"] == s])
                sizes[s]["tools"][tool]["forced"] = {"games": run["games"], **run["forced"]}
                sizes[s]["targets"] = targets(sizes[s])
    seconds = time.monotonic() - start
    result = {
        "seed": args.seed,
        "bots": args.names,
        "jobs": args.jobs,
        "games_asked": args.games,
        "timed_out": timed_out,
        "seconds": round(seconds, 1),
        "override": override,
        "sizes": [sizes[s] for s in args.sizes],
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(markdown(result))
        if timed_out:
            print(f"\nStopped after {args.max_seconds:.0f} s: fewer games than asked.")
    return 0


if __name__ == "__main__":
    sys.exit(main())

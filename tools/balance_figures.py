"""The balance tool's figures: every figure of one table size from its games' records, its
95 % intervals and the balance targets (part of ``tools/balance_golden_city.py``, a maintainer
tool, not shipped).

Invariants: every function here is a pure function of the records it is given (the dicts
:func:`balance_play.play_game` returns); a rate comes with its Wilson interval, a mean with its
normal interval, each ``(point, low, high)`` rounded for the output; a tool's payback needs
:data:`MIN_PRICED` purchases made at a price, else it is ``None`` — and a tool without a figure
fails its target (:func:`targets`, judged on the point estimates).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from goldnet.games.golden_city.gazette import ISSUES
from goldnet.games.golden_city.setup import MISSIONS, TOOLS

TURNS_TARGET = (15, 35)
MIN_PRICED = 30
"""Purchases at a price that a tool's payback figure needs; from fewer it has none."""
Z = 1.96


def wilson(x: float, n: int) -> tuple[float, float, float]:
    """``(rate, low, high)``: a rate ``x / n`` and its 95 % Wilson interval."""
    if n == 0:
        return (0.0, 0.0, 0.0)
    p = x / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return (round(p, 4), round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4))


def mean_ci(xs: Sequence[float]) -> tuple[float, float, float]:
    """``(mean, low, high)``: a mean and its 95 % normal interval."""
    n = len(xs)
    if n == 0:
        return (0.0, 0.0, 0.0)
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = Z * sd / math.sqrt(n)
    return (round(m, 2), round(m - half, 2), round(m + half, 2))


def figures(seats: int, games: list[dict[str, Any]]) -> dict[str, Any]:
    """Every figure of one table size from its games' records."""
    done = [g for g in games if not g["too_long"]]
    n = len(done)
    lo, hi = TURNS_TARGET
    per_player = [g["turns"] / seats for g in done]
    wins = [0.0] * seats
    for g in done:
        for w in g["winners"]:
            wins[w] += 1 / len(g["winners"])
    dealt = dict.fromkeys(MISSIONS, 0)
    met = dict.fromkeys(MISSIONS, 0)
    counts: dict[str, dict[int, int]] = {k: {} for k in MISSIONS}  # final counter -> seats
    for g in done:
        for kind, ok, count in g["missions"]:
            dealt[kind] += 1
            met[kind] += ok
            counts[kind][count] = counts[kind].get(count, 0) + 1
    banked = sum(g["banked"] for g in done)
    lost = sum(g["lost"] for g in done)
    exposure = lost / (lost + banked) if lost + banked else 0.0
    rate = sum(g["gained"] for g in done) / max(1, sum(g["turns"] for g in done))
    visits = [(lit, gold - turns * rate) for g in done for lit, gold, turns in g["visits"]]
    lit_visits = [v for lit, v in visits if lit]
    dark_visits = [v for lit, v in visits if not lit]
    light = (
        sum(lit_visits) / len(lit_visits) - sum(dark_visits) / len(dark_visits)
        if lit_visits and dark_visits
        else 0.0
    )
    peeks = [
        b["credit"] for g in done for b in g["buys"] if b["tool"] == "lantern" and not b["lit"]
    ]
    peek = sum(peeks) / len(peeks) if peeks else 0.0
    share = (peek + light) / 2  # the lantern's Shapley share of a lit visit
    tools: dict[str, Any] = {}
    seat_games = n * seats

    def credit(b: dict[str, Any]) -> float:
        """The gold attributed to purchase ``b`` (a lit visit's gold split between the pickaxe
        and the lantern by their Shapley values: the lantern's share is ``share``)."""
        lit = -share if b["tool"] == "pickaxe" else share
        return b["credit"] + b["ride"] * exposure - b["turns"] * rate + b["lit"] * lit

    for tool in TOOLS:
        buys = [b for g in done for b in g["buys"] if b["tool"] == tool]
        owners = {(g["game"], b["seat"]) for g in done for b in g["buys"] if b["tool"] == tool}
        tools[tool] = {
            "bought_in": wilson(len(owners), seat_games),
            "purchases_per_seat_game": round(len(buys) / max(1, seat_games), 3),
            **payback(buys, credit),
        }
    out = {
        "seats": seats,
        "games": n,
        "too_long": len(games) - n,
        "bots": sorted({name for g in done for name in g["bots"]}),
        "turns": mean_ci([g["turns"] for g in done]),
        "turns_per_player": mean_ci(per_player),
        "within_target": wilson(sum(lo <= t <= hi for t in per_player), n),
        "station": wilson(sum(g["end"] == "station" for g in done), n),
        "exhausted": wilson(sum(g["end"] == "exhausted" for g in done), n),
        "seat_wins": [wilson(w, n) for w in wins],
        "winning_bank": mean_ci([max(g["banks"]) for g in done]),
        "missions": {
            k: {
                "dealt": dealt[k],
                "fulfilled": wilson(met[k], dealt[k]),
                "counters": dict(sorted(counts[k].items())),
            }
            for k in MISSIONS
        },
        "gazette": {i: wilson(sum(i in g["issues"] for g in done), n) for i in ISSUES},
        "issues_per_game": mean_ci([len(g["issues"]) for g in done]),
        "exposure": round(exposure, 4),
        "turn_gain": round(rate, 3),
        "mine_visits": {"lit": mean_ci(lit_visits), "dark": mean_ci(dark_visits)},
        "lit_share": {"peek": round(peek, 3), "light": round(light, 3), "lantern": round(share, 3)},
        "forced": forced(done, credit),
        "tools": tools,
    }
    out["targets"] = targets(out)
    return out


def payback(buys: list[dict[str, Any]], credit: Any) -> dict[str, Any]:
    """A tool's payback from its purchases ``buys``, ``credit`` giving each one's gold: over the
    purchases made at a price only (one free in *Soldes* brings gold against no price), and
    none (``None``) from fewer than :data:`MIN_PRICED` of them — a figure the targets refuse."""
    priced = [credit(b) for b in buys if b["price"] > 0]
    price = sum(b["price"] for b in buys if b["price"] > 0)
    out = {
        "priced_purchases": len(priced),
        "free_purchases": len(buys) - len(priced),
        "mean_price": round(price / len(priced), 2) if priced else None,
        "gold_per_purchase": mean_ci(priced),
        "payback": round(sum(priced) / price, 3) if len(priced) >= MIN_PRICED else None,
    }
    if buys and buys[0]["tool"] == "lantern":  # the lantern's two uses, apart
        lit = [credit(b) for b in buys if b["price"] > 0 and b["lit"]]
        peek = [credit(b) for b in buys if b["price"] > 0 and not b["lit"]]
        out["lighting"] = {"purchases": len(lit), "gold_per_purchase": mean_ci(lit)}
        out["peeking"] = {"purchases": len(peek), "gold_per_purchase": mean_ci(peek)}
    return out


def forced(games: list[dict[str, Any]], credit: Any) -> dict[str, Any] | None:
    """With ``force`` (or ``forbid``): the forced seat's share of wins and mean bank, and the
    others' mean bank (a check that needs no attribution: does holding the tool raise the
    bank?); with ``force``, the tool's payback from the forced seat's purchases, attributed
    (``payback``) and from the banks alone (``bank_payback``: ``1 + difference / spent``, the
    seat's gold spent on the tool a game; its interval from the difference's)."""
    if not games or games[0]["forced"] is None:
        return None
    n = len(games[0]["banks"])
    wins = sum(g["forced"] in g["winners"] and 1 / len(g["winners"]) for g in games)
    mine = [g["banks"][g["forced"]] for g in games]
    others = [sum(g["banks"]) / (n - 1) - g["banks"][g["forced"]] / (n - 1) for g in games]
    difference = mean_ci([a - b for a, b in zip(mine, others, strict=True)])
    out: dict[str, Any] = {
        "tool": games[0]["forced_tool"],
        "wins": wilson(wins, len(games)),
        "bank": mean_ci(mine),
        "others_bank": mean_ci(others),
        "difference": difference,
    }
    if games[0]["forbidden"]:
        return out
    buys = [
        b for g in games for b in g["buys"] if b["tool"] == out["tool"] and b["seat"] == g["forced"]
    ]
    spent = sum(b["price"] for b in buys) / len(games)
    out.update(
        purchases_per_game=round(len(buys) / len(games), 3),
        spent_per_game=round(spent, 2),
        **payback(buys, credit),
        bank_payback=tuple(round(1 + d / spent, 3) for d in difference) if spent else None,
    )
    return out


def tool_payback(t: dict[str, Any]) -> float | None:
    """A tool's payback for the targets: the run's own figure; for a tool without one, its
    forced run's attributed figure, unless the forced seat's bank shows with 95 % confidence
    that the tool does not pay back (the banks' interval below 1: then the banks' figure);
    else None — a tool without a figure fails its target."""
    if t["payback"] is not None:
        return float(t["payback"])
    f = t.get("forced")
    if f is None or f["payback"] is None or f["bank_payback"] is None:
        return None
    banks = f["bank_payback"]
    return float(banks[0] if banks[2] < 1 else f["payback"])


def targets(f: dict[str, Any]) -> dict[str, bool]:
    """The balance targets of one table size, each met or not (on the point estimates); a
    tool without a payback figure (:func:`tool_payback`) fails its target."""
    lo, hi = TURNS_TARGET
    limit = 1 / f["seats"] + 0.10
    dealt = [m for m in f["missions"].values() if m["dealt"]]
    paid = [tool_payback(t) for t in f["tools"].values()]
    return {
        "turns per player 15-35": lo <= f["turns_per_player"][0] <= hi,
        "no seat above 1/n + 10 points": all(w[0] <= limit for w in f["seat_wins"]),
        "each mission 30-80 %": all(0.30 <= m["fulfilled"][0] <= 0.80 for m in dealt),
        "each tool pays back": all(p is not None and p >= 1 for p in paid),
        "no tool bought in > 90 % of games": all(
            t["bought_in"][0] <= 0.90 for t in f["tools"].values()
        ),
    }

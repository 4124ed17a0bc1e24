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
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from typing import Any

from goldnet.data import load_json
from goldnet.engine import ChanceOf, RevealOf, Terminal, TurnOf
from goldnet.games.golden_city.board import Board, load_map
from goldnet.games.golden_city.bots import BOT_NAMES, make_bot
from goldnet.games.golden_city.gazette import ISSUES, WANTED
from goldnet.games.golden_city.report import fulfilled
from goldnet.games.golden_city.resolve import duel_bonus
from goldnet.games.golden_city.rules import State
from goldnet.games.golden_city.setup import GHOST, MISSIONS, SETUPS, THIEF, TOOLS, Setup
from goldnet.games.golden_city.state import DOWN
from goldnet.local_deck import LocalDeck
from goldnet.rng import Stream
from goldnet.view import bot_action, bot_claim, view_of

MAX_GAMES = 20000
MAX_ACTIONS = 20000
TURNS_TARGET = (15, 35)
MIN_PRICED = 30
"""Purchases at a price that a tool's payback figure needs; from fewer it has none."""
Z = 1.96


# --- one game ------------------------------------------------------------------------------


def sack(st: State, seat: int) -> int:
    """A sack's worth: nuggets, gold found below, the normal bounty of its thieves."""
    return st.nuggets[seat] + st.below[seat] + st.setup.bounty * st.thieves[seat]


def gains(events: Sequence[Any], bounty: int) -> Iterator[tuple[int, int]]:
    """``(seat, gold)`` of every event that brings gold to a seat's sack or bank from outside
    it, or takes gold from it (banking moves none); sieve dice are the sieve's own."""
    for e in events:
        d = dict(e.data)
        k = e.kind
        if k in ("nugget", "vein", "chest", "reward"):
            yield e.seat, d["gold"]
        elif k == "brawl-won":
            yield e.seat, d["gold"] + bounty * (d["thieves"] + 1)
        elif k in ("brawl-lost", "sack-lost"):
            yield e.seat, -d["gold"] - bounty * d["thieves"]
        elif k == "fight-won":
            yield e.seat, d["gold"] + bounty * d["thieves"]
            yield d["loser"], -d["gold"] - bounty * d["thieves"]
        elif k == "hit":
            yield d["by"], d["gold"] + bounty * d["thieves"]
            yield e.seat, -d["gold"] - bounty * d["thieves"]
        elif k == "wagon":
            yield e.seat, -d["company"]


def duel_odds(mine: int, theirs: int) -> tuple[float, float]:
    """``(P(win), P(lose))`` of a fight or ghost's duel (ties rerolled), bonuses given."""
    win = sum(x + mine > y + theirs for x in range(1, 7) for y in range(1, 7))
    lose = sum(x + mine < y + theirs for x in range(1, 7) for y in range(1, 7))
    return win / (win + lose), lose / (win + lose)


def brawl_odds(strength: int, bonus: int) -> tuple[float, float]:
    """``(P(win), P(lose))`` of a brawl (ties rerolled) against ``strength`` with ``bonus``."""
    win = sum(1 for d in range(1, 7) if d + bonus > strength)
    lose = sum(1 for d in range(1, 7) if d + bonus < strength)
    return win / (win + lose), lose / (win + lose)


def expected(st: State, seat: int, where: int) -> float:
    """The expected gain of stopping on ``where`` (a surface field, or ``NS + m``) now, from the
    public position: the worth of a move not taken (a face-down token: the mean over the tokens
    left; a duel: its odds times the sacks at stake)."""
    b, mine = st.setup.bounty, sack(st, seat)
    other = st.occupant(where, seat)
    if other >= 0:
        win, lose = duel_odds(duel_bonus(st, seat, "fight"), duel_bonus(st, other, "fight"))
        return win * sack(st, other) - lose * mine
    if where >= st.ns:
        code, left = st.gal[where - st.ns], st.left_gallery
        if code == DOWN:
            gold = sum(c * left[c] for c in range(1, GHOST)) - left[GHOST] * mine / 2
            return gold / max(1, sum(left))
        return code if 0 < code < GHOST else -mine / 2 if code == GHOST else 0
    h = st.board.hill_of[where]
    if h < 0:
        return 0
    bonus = duel_bonus(st, seat, "brawl")

    def thief(strength: int, loot: int) -> float:
        win, lose = brawl_odds(strength, bonus)
        return win * (loot + b) - lose * mine

    code, left = st.hill[h], st.left_hill
    if code == DOWN:
        gold = sum(n * (c if c < THIEF else thief(c - THIEF, 0)) for c, n in enumerate(left) if n)
        return gold / max(1, sum(left))
    if code > THIEF:
        return thief(code - THIEF, st.loot_nuggets[h] + b * st.loot_thieves[h])
    return code


class Tracker:
    """Every purchase of a game and the gold attributed to it (see the module's description)."""

    def __init__(self, st: State) -> None:
        n = st.n_seats
        self.bounty = st.setup.bounty
        # purchases {"tool", "seat", "price", "credit", "ride"}; per seat, tool -> its current
        # purchase; the lantern lighting a seat's mine visit; (seat, purchases) credited with
        # the rest of a move's turn; seat -> its pickaxe while below; (seat, hill) -> (code,
        # purchase) of a peek; seat -> (hill field, strength, purchase) of a peeked thief
        self.buys: list[dict[str, Any]] = []
        self.current: list[dict[str, int]] = [{} for _ in range(n)]
        self.windows: list[tuple[int, int]] = []
        self.visits: dict[int, list[Any]] = {}  # seat -> [pickaxe, lantern, gain, turns]
        self.visit_log: list[tuple[bool, int, int]] = []  # (lit, gain, turns)
        self.peeks: dict[tuple[int, int], tuple[int, int | None]] = {}
        self.thief_peek: dict[int, tuple[int, int, int | None]] = {}
        self.banked = 0.0
        self.lost = 0.0
        self.gained = 0

    def credit(self, index: int | None, gold: float) -> None:
        if index is not None:
            self.buys[index]["credit"] += gold

    def before_action(self, st: State, seat: int, action: Any) -> None:
        head = st.todo[0]
        verb = action[0]
        if verb == "lantern":
            f = st.board.surface.index[action[1]]
            self.peeks[(seat, st.board.hill_of[f])] = (0, self.current[seat].pop("lantern", None))
        elif verb == "pony":
            index = self.current[seat].pop("pony", None)
            if index is not None:
                self.buys[index]["ride"] += sack(st, seat)
        elif head[0] == "move":
            self._move(st, seat, head[1], action)

    def _move(self, st: State, seat: int, steps: tuple[int, ...], action: Any) -> None:
        below = st.in_mine(seat)
        grid = st.board.mine if below else st.board.surface
        f = grid.index[action[1]]
        k = 1 if action[0] == "descend" else 0

        def reaches(trial: tuple[int, ...]) -> bool:
            return f in st._destinations(seat, trial)[k]

        def best(trial: tuple[int, ...]) -> float:
            """The best expected gain of the moves ``trial`` allows (the move not taken)."""
            stops = st._destinations(seat, trial)[0]
            return max([0.0, *(expected(st, seat, t + st.ns * below) for t in stops)])

        index = self.current[seat].get("horse")
        if index is not None and len(steps) == 2 and not reaches(steps[:1]):
            self.credit(index, -best(steps[:1]))
            self.windows.append((seat, index))
        peek = self.thief_peek.pop(seat, None)
        if peek is not None and not below:
            field, strength, index = peek
            if field != f and any(field in st._destinations(seat, (s,))[0] for s in steps):
                win, lose = brawl_odds(strength, duel_bonus(st, seat, "brawl"))
                self.credit(index, max(0.0, lose * sack(st, seat) - win * self.bounty))

    def before_chance(self, st: State, outcome: Any) -> None:
        """The revolver's share of a duel the roll ``outcome`` decides."""
        head = st.todo[0]
        if head[0] != "duel":
            return
        _, kind, seat, target, first, _then = head
        if kind == "ghost" or (kind == "fight" and first < 0):
            return
        if kind == "fight":
            a, d = first, outcome
            ba, bd = duel_bonus(st, seat, kind), duel_bonus(st, target, kind)
            if a + ba == d + bd:
                return
            win, lose, mine, other, bonus, theirs = (
                (seat, target, a, d + bd, ba, bd)
                if a + ba > d + bd
                else (target, seat, d, a + ba, bd, ba)
            )
            if not bonus:
                return
            share = 1.0 if mine < other else duel_odds(0, theirs)[1] if mine == other else 0.0
            stake = sack(st, win) + sack(st, lose)
            if st.wanted == lose and st.issue == WANTED:
                stake += st.setup.wanted
            self.credit(self.current[win].get("revolver"), share * stake)
            return
        bonus = duel_bonus(st, seat, kind)
        if kind == "brawl":
            strength = st.hill[target] - THIEF
            stake = st.loot_nuggets[target] + self.bounty * (st.loot_thieves[target] + 1)
        else:
            strength, stake = target, st.setup.chest
        if not bonus or outcome + bonus <= strength or outcome > strength:
            return
        share = 1.0 if outcome < strength else (strength - 1) / 5
        self.credit(self.current[seat].get("revolver"), share * (stake + sack(st, seat)))

    def events(self, st: State, events: Sequence[Any], deck: LocalDeck) -> None:
        for e in events:
            k, d = e.kind, dict(e.data)
            if k == "buy":
                self.buys.append(
                    {"tool": d["tool"], "seat": e.seat, "price": d["price"], "credit": 0.0,
                     "ride": 0, "turns": 0, "lit": 0}
                )  # fmt: skip
                self.current[e.seat][d["tool"]] = len(self.buys) - 1
            elif k == "sieve":
                self.credit(self.current[e.seat].get("sieve"), d["gold"])
            elif k == "peeked":
                f = st.board.surface.index[d["field"]]
                h = st.board.hill_of[f]
                code = deck_code(deck, h)
                index = self.peeks[(e.seat, h)][1]
                if code > THIEF:
                    self.thief_peek[e.seat] = (f, code - THIEF, index)
                    del self.peeks[(e.seat, h)]
                else:
                    self.peeks[(e.seat, h)] = (code, index)
            elif k == "token" and not d.get("below"):
                h = st.board.hill_of[st.board.surface.index[d["field"]]]
                for (seat, hill), (code, index) in list(self.peeks.items()):
                    if hill == h:
                        del self.peeks[(seat, hill)]
                        if seat == e.seat:
                            self.credit(index, code)
            elif k == "descend":
                self.visits[e.seat] = [self.current[e.seat].get("pickaxe"), None, 0, 0]
            elif k == "lantern-lit":
                self.visits[e.seat][1] = self.current[e.seat].pop("lantern", None)
            elif k in ("turn", "end"):
                self.windows.clear()
                if e.seat in self.visits:
                    self.visits[e.seat][3] += 1
            elif k == "home":
                self.banked += d["nuggets"] + self.bounty * d["thieves"]
            elif k == "wagon":
                self.banked += d["gold"]
            elif k in ("brawl-lost", "sack-lost", "hit", "fight-won"):
                self.lost += d["gold"] + self.bounty * d["thieves"]
            for seat, gold in gains((e,), self.bounty):
                self.gained += gold
                for owner, index in self.windows:
                    if owner == seat:
                        self.credit(index, gold)
                if seat in self.visits:
                    self.visits[seat][2] += gold
        self.close([s for s in self.visits if not st.in_mine(s)])

    def close(self, seats: list[int]) -> None:
        """The mine visits of ``seats`` are over (back on the surface, or the game ended)."""
        for seat in seats:
            pickaxe, lantern, gold, turns = self.visits.pop(seat)
            self.visit_log.append((lantern is not None, gold, turns))
            if pickaxe is not None:
                self.credit(pickaxe, gold)
                self.buys[pickaxe]["turns"] += turns
                self.buys[pickaxe]["lit"] += lantern is not None
            if lantern is not None:
                self.buys[lantern]["lit"] += 1


def deck_code(deck: LocalDeck, hill: int) -> int:
    """The code of hill token ``hill`` (nugget value, or 10 + a thief's strength)."""
    kind, n = str(deck.value("hill", hill)).split("-")
    return int(n) + (THIEF if kind == "thief" else 0)


_BOARD: dict[str, Board] = {}


def board_for(override: dict[str, Any]) -> Board:
    """The designed map with the override's ``locomotive`` and ``houses`` (cached)."""
    key = json.dumps(override, sort_keys=True)
    if key not in _BOARD:
        data = load_json("golden_city", "map.json")
        for name in ("locomotive", "houses"):
            data[name] = {**data[name], **override.get(name, {})}
        _BOARD[key] = load_map(data)
    return _BOARD[key]


def setup_for(seats: int, override: dict[str, Any]) -> Setup:
    """``SETUPS[seats]`` with the override's fields (all sizes, then ``override[str(seats)]``)."""
    names = {f.name for f in dataclasses.fields(Setup)}
    fields = {k: v for k, v in override.items() if k in names}
    fields.update(override.get(str(seats), {}))
    fields = {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}
    return dataclasses.replace(SETUPS[seats], **fields)


class Forced:
    """A bot that buys ``tool`` whenever it would leave a store that offers it (``forbid``:
    never buys it), and otherwise plays as ``bot``: the tool comes on top of what the bot buys
    of its own accord, with the nuggets it would have kept, so the measure is the tool's own
    worth, not that of the purchases it would crowd out. With ``--override '{"force":
    "sieve"}'`` (or ``"forbid"``) one seat a game, seat ``game % n``, plays so: a check of a
    tool's worth that needs no attribution (the figures' ``forced``: that seat's wins and bank
    against the others')."""

    def __init__(self, bot: Any, tool: str, forbid: bool) -> None:
        self.bot, self.buy, self.forbid = bot, ("buy", tool), forbid

    def choose(self, observation: Any, legal: Sequence[Any]) -> Any:
        if self.forbid:
            return self.bot.choose(observation, [a for a in legal if a != self.buy])
        action = self.bot.choose(observation, legal)
        return self.buy if action == ("done",) and self.buy in legal else action

    def claim(self, observation: Any, claims: Sequence[Any]) -> Any:
        return self.bot.claim(observation, claims)


def play_game(task: tuple[int, int, int, tuple[str, ...], dict[str, Any]]) -> dict[str, Any]:
    """One game: ``(seats, game, seed, bot names, override)`` -> its figures."""
    seats, game, seed, names, override = task
    order = [(seat + game) % seats for seat in range(seats)]
    bots = [make_bot(names[k], f"{seed}/{game}/{seat}") for seat, k in enumerate(order)]
    for key in ("force", "forbid"):
        if key in override:  # one seat, in turn
            k = game % seats
            bots[k] = Forced(bots[k], override[key], key == "forbid")
    chance = Stream(seed, "chance", game)
    st = State(board_for(override), seats, setup_for(seats, override))
    deck = LocalDeck(st.decks(), chance)
    track = Tracker(st)
    actions = 0
    while True:
        request = st.awaiting()
        if isinstance(request, Terminal):
            break
        if isinstance(request, ChanceOf):
            for seat, bot in enumerate(bots):
                claims = st.claims(seat)
                if claims:
                    claim = bot_claim(bot, st.observation(seat), claims)
                    if claim is not None:
                        st.apply_claim(seat, claim)
            outcome = chance.chance(request)
            track.before_chance(st, outcome)
            events = st.apply_chance(outcome)
        elif isinstance(request, TurnOf):
            action = bot_action(bots[request.seat], view_of(st, request.seat))
            track.before_action(st, request.seat, action)
            events = st.apply(action)
            actions += 1
            if actions > MAX_ACTIONS:
                return {"seats": seats, "game": game, "too_long": True}
        else:
            assert isinstance(request, RevealOf)
            value = deck.value(request.deck, request.card)
            events = st.apply_reveal(request.deck, request.card, request.to, value)
        track.events(st, events, deck)
    track.close(list(track.visits))
    need = st.setup.threshold("outfitter")
    for seat, (kind, done) in enumerate(zip(st.shown, fulfilled(st), strict=True)):
        if kind == "outfitter" and done:  # the purchases that fulfilled it share its bonus
            for buy in [b for b in track.buys if b["seat"] == seat][:need]:
                buy["credit"] += st.setup.mission_bonus / need
    return {
        "seats": seats,
        "game": game,
        "too_long": False,
        "forced": game % seats if {"force", "forbid"} & set(override) else None,
        "forced_tool": override.get("force", override.get("forbid")),
        "forbidden": "forbid" in override,
        "bots": [names[k] for k in order],
        "end": st.end,
        "turns": st.turn,
        "banks": list(request.scores),
        "winners": list(request.winners),
        "missions": [
            [kind, done, st.counters[seat][MISSIONS.index(kind)]]
            for seat, (kind, done) in enumerate(zip(st.shown, fulfilled(st), strict=True))
        ],
        "issues": [name for i, name in enumerate(ISSUES) if st.published >> i & 1],
        "buys": track.buys,
        "banked": track.banked,
        "gained": track.gained,
        "visits": track.visit_log,
        "lost": track.lost,
    }


# --- figures ---------------------------------------------------------------------------------


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

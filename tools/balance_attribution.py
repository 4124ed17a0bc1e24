"""The balance tool's attribution: which gold each tool purchase of one game brought, event by
event (part of ``tools/balance_golden_city.py``, a maintainer tool, not shipped).

How each tool's payback is attributed — the revolver's turned duels, the sieve's dice, the
horse's extra step, the lantern's peeks and lit visits, the pony's ride, the pickaxe's mine
visits — is described in the header of ``tools/balance_golden_city.py``; this module implements
it: :class:`Tracker` records every purchase and credits it, and the helpers value a sack, a
turn's gains, a duel's or a brawl's odds and the expected gain of a move not taken.

Invariants: nothing here changes a game's state; :class:`Tracker` sees each action and chance
outcome before it is applied (:meth:`Tracker.before_action`, :meth:`Tracker.before_chance` read
the position it is chosen on) and every event after, in order (:meth:`Tracker.events`); a
purchase is credited only while it is its seat's current one of that tool, and a mine visit is
closed exactly once (:meth:`Tracker.close`). Gold figures are floats: attribution is an estimate,
never a rule.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

from goldnet.games.golden_city.gazette import WANTED
from goldnet.games.golden_city.resolve import duel_bonus
from goldnet.games.golden_city.rules import State
from goldnet.games.golden_city.setup import GHOST, THIEF
from goldnet.games.golden_city.state import DOWN
from goldnet.local_deck import LocalDeck


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
                     "ride": 0, "turns": 0, "lit": 0, "turn": st.turn}
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

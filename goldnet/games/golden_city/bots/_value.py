"""How a Golden City bot values a position: the gain of stopping on a field, the share of a
carried sack that should reach the bank, the next turn's prospects — in integer units of
:data:`U` per nugget.

A seat's value is ``bank + keep * sack + potential + mission`` (:meth:`Valuer.value`):

- the **bank** counts in full ("seule votre banque compte");
- the **sack** (nuggets, the bounty its captured thieves will fetch, gold found below less the
  company's share) counts for the share :meth:`Valuer.keep` expects to bring home: all of it at
  home; less on the locomotive's next field, within an opponent's reach, far from home, and when
  the game may end before the seat is home (a sack is lost when it ends);
- the **potential** is a share of the best gain the seat's next roll can bring from where it
  stands (averaged over the die);
- the **mission** counts the seat's progress, for the seat whose mission the valuer knows.

The gain of stopping on a field (:meth:`Valuer.gain`) follows the rules' resolution: a
prospector there is fought first (the field's effect follows a win), a face-down token is
averaged over :func:`~._view.hill_odds` / :func:`~._view.gallery_odds`, duels by their exact
odds (:mod:`._view`).

Invariants: integer arithmetic only; every loop runs over tuples, lists or ranges in a fixed
order; the memos (reach per seat and position) hold pure functions of the board and the
position, so they change the speed, never a value.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from ..gazette import CHEST, DOUBLE_BOUNTY, SANDSTORM, STORM, STRIKE
from ..missions import mission_kinds
from ..moves import mine_destinations, surface_destinations
from ..rules import State
from ..setup import (
    GHOST,
    HAUL,
    HORSE,
    LANTERN,
    MINE,
    MISSIONS,
    PICKAXE,
    PONY,
    RAFT,
    REVOLVER,
    SHERIFF,
    SIEVE,
    THIEF,
)
from ..state import DOWN, Core
from ._view import brawl_odds, fight_odds, gallery_odds, hill_odds, hill_pool, known_codes, walls

U = 100
"""Value units per nugget."""
FACES = (2, 3, 4, 5, 6)
"""The die's number faces (the sixth face is the locomotive)."""


@dataclass(frozen=True, slots=True)
class Weights:
    """A valuer's settings, per 100 unless said (chosen by self-play; see the bots' docs).

    Attributes:
        potential: share of the next roll's expected best gain counted in a position's value.
        exposure: share of a carried sack counted as lost when no face of the die reaches home
            (scaled down by the faces that do).
        mine_exposure: the same below, for the faces that land exactly on a door.
        mission: share of the mission bonus a step of progress counts (per step, of the
            bonus over the threshold).
        attack_margin: an opponent is expected to attack when its expected gain is above this
            (units of :data:`U`).
        late: per 100, how much of the chance that the game ends before the sack is home
            counts as lost.
    """

    potential: int = 60
    exposure: int = 20
    mine_exposure: int = 30
    mission: int = 60
    attack_margin: int = 50
    late: int = 100


def bounty(st: Core) -> int:
    """The sheriff's bounty per thief now (doubled during *La prime doublée*)."""
    return st.setup.doubled_bounty if st.issue == DOUBLE_BOUNTY else st.setup.bounty


def net_below(st: Core, below: int) -> int:
    """What the wagon banks of ``below`` gold found below (the company's share taken)."""
    return below if st.issue == STRIKE else below - min(st.setup.company, below)


def sack_value(st: Core, s: int, taken: bool = False) -> int:
    """Seat ``s``'s sack in units: nuggets, its thieves' bounty, and the gold found below (net
    of the company's share, or whole when ``taken`` by another in a fight)."""
    below = st.below[s] if taken else net_below(st, st.below[s])
    return U * (st.nuggets[s] + st.thieves[s] * bounty(st) + below)


def duel_bonus(st: Core, s: int) -> int:
    """Seat ``s``'s revolver bonus in brawls, fights and the guard's duel now."""
    if st.issue == STORM or not st.tools[s] & REVOLVER:
        return 0
    return st.setup.revolver


def steps(st: Core, s: int, face: int) -> tuple[int, ...]:
    """The step counts a number ``face`` gives seat ``s`` where it stands (horse, sandstorm,
    the mine's light), as the rules compute them."""
    horse = bool(st.tools[s] & HORSE)
    if st.pos[s] >= st.ns:
        if st.light[s] <= 0:
            return (max(1, face // 2),)
        return (face, face + 1) if horse else (face,)
    if st.issue == SANDSTORM:
        return (max(1, face - 1), face) if horse else (max(1, face - 1),)
    return (face, face + 1) if horse else (face,)


_STOPS: dict[tuple[object, ...], tuple[tuple[int, ...], tuple[int, ...]]] = {}
"""Memo of :func:`stops` (pure: keyed by the movement tables and everything the move reads)."""


def stops(st: Core, s: int, face: int, wall: int = -1) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """``(positions, caves)``: where seat ``s`` may end a move of ``face`` (positions, mine
    fields as ``ns + m``), and the caves it may descend at."""
    p = st.pos[s]
    counts = steps(st, s, face)
    if p >= st.ns:
        mask = walls(st) if wall < 0 else wall
        key: tuple[object, ...] = (st.tab, -1, p, counts, mask)
        found = _STOPS.get(key)
        if found is None:
            ends = mine_destinations(st.tab, p - st.ns, counts, mask)
            found = (tuple(st.ns + m for m in ends), ())
            if len(_STOPS) < 500_000:
                _STOPS[key] = found
        return found
    pickaxe = bool(st.tools[s] & PICKAXE)
    key = (st.tab, s, p, counts, pickaxe)
    found = _STOPS.get(key)
    if found is None:
        found = surface_destinations(st.tab, s, p, counts, pickaxe)
        if len(_STOPS) < 500_000:
            _STOPS[key] = found
    return found


@lru_cache(maxsize=4096)
def end_chance(advances_left: int, rolls: int) -> int:
    """Per 100, the chance that ``rolls`` rolls of the die bring ``advances_left`` or more
    locomotive faces (the game's end at the station)."""
    if advances_left <= 0:
        return 100
    p = Fraction(1, 6)
    total = Fraction(0)
    for k in range(advances_left, rolls + 1):
        total += _binomial(rolls, k) * p**k * (1 - p) ** (rolls - k)
    return int(total * 100)


def _binomial(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out = out * (n - i) // (i + 1)
    return out


def rounds_left(st: Core) -> int:
    """The expected number of turns each seat still plays (at least 1): six rolls per
    locomotive advance still needed to reach the station, shared by the seats."""
    advances = len(st.board.track) - 1 - st.loco + (1 if st.cow else 0)
    return max(1, 6 * advances // st.n_seats)


class Valuer:
    """Values of the positions of one game from seat ``me``'s knowledge (its own peeks and
    mission); see the module's description.

    Args:
        st: the position (read, never changed; the caller may change it between calls and
            must call :meth:`reset` when tokens were revealed).
        me: the seat whose knowledge is used.
        weights: the settings.
    """

    def __init__(self, st: State, me: int, weights: Weights, first: int = -1) -> None:
        self.st, self.me, self.w = st, me, weights
        self.first = (st.active + 1) % st.n_seats if first < 0 else first
        self.reset()

    def before(self, s: int) -> list[int]:
        """The seats that play before seat ``s`` plays again, in turn order, from
        :attr:`first` (the next seat to play: by default the one after the active seat)."""
        n = self.st.n_seats
        out = []
        o = self.first
        while o != s:
            out.append(o)
            o = (o + 1) % n
        return out

    def reset(self) -> None:
        """Read the hidden tokens' odds again (after a reveal)."""
        st = self.st
        self.known = known_codes(st, self.me)
        self.pool = hill_pool(st, self.me, self.known)
        self.gallery = gallery_odds(st)
        self.walls = walls(st)
        self.rounds = rounds_left(st)
        self._reach: dict[tuple[int, int, int, int, int, int], dict[int, int]] = {}
        self._down: dict[tuple[int, int, int, int], int] = {}

    # --- gains -----------------------------------------------------------------------

    def mission_step(self, s: int, kind: int) -> int:
        """What one more count of mission counter ``kind`` is worth to seat ``s`` (only the
        seat whose mission is known, below its threshold)."""
        mission = self.st.mission[s]
        if s != self.me or mission is None or MISSIONS[kind] != mission:
            return 0
        need = self.st.setup.thresholds[kind]
        if self.st.counters[s][kind] >= need:
            return 0
        return U * self.st.setup.mission_bonus * self.w.mission // (100 * need)

    def gain(self, s: int, where: int) -> int:
        """The expected change of seat ``s``'s bank and sack (units) when it stops on
        ``where`` (a position) now: a prospector there is fought first, then the field acts."""
        st = self.st
        other = st.occupant(where, s)
        if other < 0:
            return self.effects(s, where, sack_value(st, s))
        wins, decided = fight_odds(duel_bonus(st, s), duel_bonus(st, other))
        prize = sack_value(st, other, taken=True)
        if st.wanted == other:
            prize += U * st.setup.wanted
        mine = sack_value(st, s)
        after = self.effects(s, where, mine + prize)
        won = prize + after + self.mission_step(s, 2)
        return (wins * won - (decided - wins) * mine) // decided

    def effects(self, s: int, where: int, sack: int) -> int:
        """The expected change when the field ``where`` acts on seat ``s`` carrying ``sack``
        units (no prospector there)."""
        st = self.st
        if where >= st.ns:
            return self._mine_effects(s, where - st.ns, sack)
        h = st.board.hill_of[where]
        if h >= 0:
            code = st.hill[h]
            if code == DOWN:
                if h in self.known:
                    return self._token(s, self.known[h], sack)
                key = (s, sack, st.tools[s], st.issue)
                found = self._down.get(key)
                if found is None:
                    total = found = 0
                    for c, weight in hill_odds(st, h, self.pool, self.known):
                        found += weight * self._token(s, c, sack)
                        total += weight
                    found = found // total if total else 0
                    self._down[key] = found
                return found
            if code == 0:
                return 0
            if code < THIEF:
                return self._token(s, code, sack)
            loot = U * (st.loot_nuggets[h] + (st.loot_thieves[h] + 1) * bounty(st))
            return self._brawl(s, code - THIEF, sack, loot)
        if st.issue == CHEST and st.chest and st.board.track_index[where] == st.loco:
            wins, decided = brawl_odds(duel_bonus(st, s), st.setup.guard)
            return (wins * U * st.setup.chest - (decided - wins) * sack) // decided
        return 0

    def _token(self, s: int, code: int, sack: int) -> int:
        st = self.st
        if code < THIEF:
            sieve = U if st.tools[s] & SIEVE else 0
            return U * code + sieve + self.mission_step(s, 6)
        return self._brawl(s, code - THIEF, sack, U * bounty(self.st))

    def _brawl(self, s: int, strength: int, sack: int, prize: int) -> int:
        wins, decided = brawl_odds(duel_bonus(self.st, s), strength)
        won = prize + self.mission_step(s, 1)
        return (wins * won - (decided - wins) * sack) // decided

    def _mine_effects(self, s: int, m: int, sack: int) -> int:
        st = self.st
        if st.board.door_cave[m] >= 0:
            return 0  # the way up: the wagon's gold was counted below (net of the company)
        code = st.gal[m]
        if code == DOWN:
            total = value = 0
            for c, weight in self.gallery:
                value += weight * self._gallery(s, c, sack)
                total += weight
            return value // total if total else 0
        return self._gallery(s, code, sack) if 0 < code <= GHOST else 0

    def _gallery(self, s: int, code: int, sack: int) -> int:
        st = self.st
        if code < GHOST:
            below = st.below[s]
            return U * (net_below(st, below + code) - net_below(st, below))
        if code == GHOST:
            return (U * 0 + self.mission_step(s, 5) - sack) // 2
        return -U * 2  # a cave-in: a lost turn

    # --- the sack's safety -------------------------------------------------------------

    def reach(self, o: int) -> dict[int, int]:
        """Per position, how many of the die's faces let seat ``o`` stop there from where it
        stands now."""
        st = self.st
        key = (o, st.pos[o], st.tools[o], st.issue, st.light[o], self.walls)
        counts = self._reach.get(key)
        if counts is not None:
            return counts
        counts = {}
        self._reach[key] = counts
        for face in FACES:
            ends, _ = stops(st, o, face, self.walls)
            for f in ends:
                counts[f] = counts.get(f, 0) + 1
        return counts

    def keep(self, s: int) -> int:
        """Per 100, the share of seat ``s``'s sack expected to reach the bank from where it
        stands (100 at home)."""
        st = self.st
        p = st.pos[s]
        if p == st.tab.house[s]:
            return 100
        if st.end is not None:
            return 0
        n = st.n_seats
        danger = 0
        movers = self.before(s)
        if p < st.ns and st.board.track_index[p] == st.loco + 1:
            danger += end_chance(2 if st.cow else 1, len(movers) + 1)
        mine = sack_value(st, s)
        if mine > 0:
            for o in movers:
                if st.lost[o] or (st.pos[o] >= st.ns) != (p >= st.ns):
                    continue
                faces = self.reach(o).get(p, 0)
                if not faces:
                    continue
                wins, decided = fight_odds(duel_bonus(st, o), duel_bonus(st, s))
                theirs = sack_value(st, o)
                if wins * mine - (decided - wins) * theirs > self.w.attack_margin * decided:
                    danger += 100 * faces * wins // (6 * decided)
        if p >= st.ns:
            home = self._door_faces(s)
            exposure = self.w.mine_exposure * (6 - home) // 6
        else:
            home = 6 if st.tools[s] & PONY else self._home_faces(s)
            exposure = self.w.exposure * (6 - home) // 6
        turns_home = 6 // max(1, home) + (1 if p >= st.ns else 0)
        advances = len(st.board.track) - 1 - st.loco + (1 if st.cow else 0)
        late = end_chance(advances, n * turns_home)
        if st.hidden_gold <= 1:
            late = max(late, 50)
        late = min(100, late * self.w.late // 100)
        return max(0, 100 - danger - exposure - late)

    def _home_faces(self, s: int) -> int:
        st = self.st
        home = st.tab.house[s]
        return sum(1 for face in FACES if home in stops(st, s, face, self.walls)[0])

    def _door_faces(self, s: int) -> int:
        st = self.st
        door_cave = st.board.door_cave
        count = 0
        for face in FACES:
            ends, _ = stops(st, s, face, self.walls)
            if any(door_cave[f - st.ns] >= 0 for f in ends):
                count += 1
        return count

    # --- prospects and the whole value ---------------------------------------------------

    def potential(self, s: int) -> int:
        """The expected best gain of seat ``s``'s next roll from where it stands (units; a
        face whose every move loses counts 0; the locomotive face counts the sack it would
        hit)."""
        st = self.st
        if st.pos[s] >= st.ns:
            return max(self._roll_gain(s), self.mine_prospect(s))
        return self._roll_gain(s)

    def _roll_gain(self, s: int) -> int:
        st = self.st
        total = 0
        for face in FACES:
            ends, caves = stops(st, s, face, self.walls)
            best = 0
            home = st.tab.house[s]
            for f in ends:
                if f != home:
                    best = max(best, self.gain(s, f))
            if caves:
                best = max(best, self.w.potential * self.mine_prospect(s) // 100)
            total += best
        if st.loco + 1 < len(st.board.track):
            victim = st.occupant(st.board.track[st.loco + 1], -1)
            if victim >= 0 and victim != s:
                total += sack_value(st, victim, taken=True)
        p = st.pos[s]
        if p < st.ns and st.board.lake_of[p] >= 0 and p in st.rafts:
            return max(total // 6, self.mission_step(s, RAFT))
        return total // 6

    def mine_prospect(self, s: int) -> int:
        """A rough worth of a visit to the mine from now (units): the face-down galleries'
        average token on each roll left of the visit (at most four, half of it in the dark),
        less the company's share, plus the progress it brings a mine or ghost mission."""
        st = self.st
        total = value = ghosts = 0
        for c, weight in self.gallery:
            value += weight * (U * c if c < GHOST else (-U * 2 if c > GHOST else -U))
            ghosts += weight if c == GHOST else 0
            total += weight
        if not total:
            return 0
        rolls = max(0, min(4, self.rounds - 1))
        lit = st.light[s] > 0 or (st.pos[s] < st.ns and st.tools[s] & LANTERN)
        found = value * rolls // (total if lit else 2 * total)
        worth = found - U * st.setup.company
        mission = st.mission[s]
        if s == self.me and mission in ("mine", "ghosts") and rolls:
            kind = MISSIONS.index(mission)
            need = st.setup.thresholds[kind]
            done = st.counters[s][kind]
            if mission == "mine":
                more = max(0, found) // U
                gain = min(need, done + st.below[s] + more) - min(need, done + st.below[s])
            else:
                gain = 1 if ghosts * rolls * 2 >= total else 0
            worth += self.mission_step(s, kind) * gain
        return max(0, worth)

    def mission_value(self, s: int) -> int:
        """Seat ``s``'s mission progress (units), for the seat whose mission is known: the
        bonus once its counter reached the threshold, else a share (:attr:`Weights.mission`)
        of it per step — counting what its sack holds toward the missions a homecoming or the
        wagon fulfils (thieves to deliver, gold found below, a haul: only a sack can make one).
        """
        st = self.st
        mission = st.mission[s]
        if s != self.me or mission is None:
            return 0
        return self._credit(s, MISSIONS.index(mission))

    def _credit(self, s: int, kind: int) -> int:
        st = self.st
        need = st.setup.thresholds[kind]
        done = st.counters[s][kind]
        bonus = U * st.setup.mission_bonus
        if done >= need:
            return bonus
        if kind == HAUL:
            done = st.nuggets[s] + st.thieves[s] * bounty(st)
        elif kind == SHERIFF:
            done += st.thieves[s]
        elif kind == MINE:
            done += st.below[s]
        return bonus * self.w.mission * min(need, done) // (100 * need)

    def mission_guess(self, s: int) -> int:
        """What another seat's secret mission is expected to pay it (units): the whole bonus
        once it announced its mission fulfilled, else its progress averaged over the kinds it
        may hold (every kind of the deck but the valuer's own)."""
        st = self.st
        if st.claimed[s] is not None:
            return U * st.setup.mission_bonus
        mine = st.mission[self.me]
        kinds = [MISSIONS.index(k) for k in mission_kinds(st.board) if k != mine]
        if not kinds:
            return 0
        return sum(self._credit(s, k) for k in kinds) // len(kinds)

    def holding(self, s: int) -> int:
        """Seat ``s``'s bank and the share of its sack expected to reach it (units)."""
        sack = sack_value(self.st, s)
        return U * self.st.bank[s] + (sack * self.keep(s) // 100 if sack else 0)

    def value(self, s: int) -> int:
        """Seat ``s``'s value now (units): bank, kept sack, potential, mission."""
        st = self.st
        sack = sack_value(st, s)
        kept = sack * self.keep(s) // 100 if sack else 0
        pot = self.w.potential * self.potential(s) // 100 if st.pos[s] != -1 else 0
        return U * st.bank[s] + kept + pot + self.mission_value(s)

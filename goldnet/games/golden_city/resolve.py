"""The resolution of a move in Golden City: arriving, tokens, duels, home, the mine's doors, the
locomotive (docs/rules/golden-city.md, "Where you stop" to "The locomotive face").

Each function works on a :class:`~.state.Core`, returns the events it caused, and puts what must
wait for a chance outcome or a reveal at the front of the turn's queue (``st.todo``) as a task:

- ``("duel", kind, seat, target, first, then)``: a duel die for ``kind`` ``"fight"`` (target: the
  defender; ``first`` the attacker's roll or -1), ``"brawl"`` (target: the hill), ``"ghost"``
  (target: the mine field; ``first`` the seat's roll or -1) or ``"guard"`` (target: its
  strength); ``then``: the tasks that follow only if the attacker (the seat) wins a fight;
- ``("sieve", seat)``: the sieve's die after a nugget token;
- ``("reveal", deck, card, -1)``: a public reveal of a hill or gallery token;
- ``("effects", seat, where)``: what the field does to a seat that stopped there (after a fight
  the attacker won).

Invariants: every nugget that enters play or leaves it is an event carrying ``enter`` or
``leave`` (the gold ledger of the tests); a sack moves whole (nuggets, captured thieves and the
gold found below, which becomes plain nuggets in another's sack); a seat sent home from the mine
leaves its light behind and walls the cave-in it stood on (once nobody else stands on it).
"""

from __future__ import annotations

from typing import Any

from ...engine import Event
from .gazette import CHEST, DOUBLE_BOUNTY, STORM, STRIKE, WANTED, after_advance
from .moves import nearest_door
from .setup import (
    BRAWLS,
    CAVE_IN,
    FIGHTS,
    GHOST,
    GHOSTS,
    HAUL,
    LANTERN,
    LOCOMOTIVE,
    MINE,
    PROSPECTOR,
    REVOLVER,
    SHERIFF,
    SIEVE,
    THIEF,
)
from .state import DOWN, EMPTY, WALL, Core, ev, push


def duel_bonus(st: Core, seat: int, kind: str) -> int:
    """The revolver's +2, in every duel but the ghost's, except during *L'orage*."""
    if kind == "ghost" or st.issue == STORM or not st.tools[seat] & REVOLVER:
        return 0
    return st.setup.revolver


def leave_field(st: Core, seat: int) -> None:
    """``seat`` leaves where it stands: a cave-in it stood on is walled, unless another
    prospector still stands there (a fight's winner): the field is walled once nobody does."""
    p = st.pos[seat]
    if p >= st.ns and st.gal[p - st.ns] == CAVE_IN and st.occupant(p, seat) < 0:
        st.gal[p - st.ns] = WALL


def send_home(st: Core, seat: int) -> None:
    """``seat`` goes home banking nothing (its sack was taken or lost first)."""
    leave_field(st, seat)
    st.pos[seat] = st.tab.house[seat]
    st.light[seat] = 0


def gold_of(st: Core, seat: int) -> int:
    """The gold in ``seat``'s sack (nuggets and gold found below)."""
    return st.nuggets[seat] + st.below[seat]


def take_sack(st: Core, loser: int, winner: int) -> None:
    """``winner`` takes ``loser``'s whole sack; gold found below becomes plain nuggets."""
    st.nuggets[winner] += st.nuggets[loser] + st.below[loser]
    st.thieves[winner] += st.thieves[loser]
    st.nuggets[loser] = st.thieves[loser] = st.below[loser] = 0


def lose_sack(st: Core, seat: int, why: str) -> Event:
    """``seat``'s sack leaves the game (a ghost, its own locomotive, the guard)."""
    gold = gold_of(st, seat)
    thieves = st.thieves[seat]
    st.nuggets[seat] = st.thieves[seat] = st.below[seat] = 0
    return ev("sack-lost", seat, why=why, gold=gold, thieves=thieves, leave=gold)


def bank_home(st: Core, seat: int) -> list[Event]:
    """``seat`` arrives home by its own move: its nuggets go to the bank and the sheriff pays
    the bounty per captured thief ("le shérif verse une prime de 2 pépites par voleur
    capturé"; 4 during *La prime doublée*)."""
    st.pos[seat] = st.tab.house[seat]
    st.light[seat] = 0
    per = st.setup.doubled_bounty if st.issue == DOUBLE_BOUNTY else st.setup.bounty
    nuggets, thieves = st.nuggets[seat], st.thieves[seat]
    bounty = per * thieves
    st.bank[seat] += nuggets + bounty
    st.nuggets[seat] = st.thieves[seat] = 0
    row = st.counters[seat]
    row[SHERIFF] += thieves
    row[HAUL] = max(row[HAUL], nuggets + bounty)
    return [ev("home", seat, nuggets=nuggets, thieves=thieves, bounty=bounty, enter=bounty)]


def fight(st: Core, attacker: int, defender: int, then: tuple[Any, ...]) -> list[Event]:
    """A fight starts: ``attacker`` stopped on ``defender``'s field ("s'arrêter sur leur case,
    c'est les attaquer")."""
    push(st, ("duel", "fight", attacker, defender, -1, then))
    return [ev("fight", attacker, defender=defender)]


def arrive(st: Core, seat: int, where: int) -> list[Event]:
    """``seat`` stops on ``where`` (a surface field, or ``NS + m``) by a move, a raft, a descent
    or a way up: a prospector there is fought first; the field's own effects follow only if the
    attacker wins."""
    st.pos[seat] = where
    other = st.occupant(where, seat)
    if other >= 0:
        return fight(st, seat, other, (("effects", seat, where),))
    return effects(st, seat, where)


def effects(st: Core, seat: int, where: int) -> list[Event]:
    """What the field ``where`` does to ``seat``, who stands on it now."""
    if where >= st.ns:
        return _mine_effects(st, seat, where - st.ns)
    board = st.board
    h = board.hill_of[where]
    if h >= 0:
        code = st.hill[h]
        if code == DOWN:
            push(st, ("reveal", "hill", h, -1))
        elif 0 < code < THIEF:
            st.hill[h] = EMPTY
            return take_nugget(st, seat, code, "gold-rush")
        elif code > THIEF:
            push(st, ("duel", "brawl", seat, h, -1, ()))
            return [ev("brawl", seat, field=board.surface.names[where], strength=code - THIEF)]
        return []
    if st.issue == CHEST and st.chest and board.track_index[where] == st.loco:
        push(st, ("duel", "guard", seat, st.setup.guard, -1, ()))
        return [ev("guard", seat, strength=st.setup.guard)]
    return []


def _mine_effects(st: Core, seat: int, m: int) -> list[Event]:
    board = st.board
    if board.door_cave[m] >= 0:
        return exit_mine(st, seat, m)
    code = st.gal[m]
    if code == DOWN:
        push(st, ("reveal", "gallery", board.gallery_of[m], -1))
    elif 0 < code < GHOST:
        st.gal[m] = EMPTY
        st.below[seat] += code
        return [ev("vein", seat, field=board.mine.names[m], gold=code, enter=code)]
    elif code == GHOST:
        push(st, ("duel", "ghost", seat, m, -1, ()))
        return [ev("ghost", seat, field=board.mine.names[m])]
    return []


def take_nugget(st: Core, seat: int, value: int, source: str) -> list[Event]:
    """A nugget token goes into ``seat``'s sack ("Une pépite, vous l'emportez"); with a sieve,
    one sieve die follows (designer's choice: one die per nugget token)."""
    st.nuggets[seat] += value
    st.counters[seat][PROSPECTOR] += 1
    if st.tools[seat] & SIEVE:
        push(st, ("sieve", seat))
    return [ev("nugget", seat, source=source, gold=value, enter=value)]


def reveal_token(st: Core, deck: str, card: int, code: int) -> list[Event]:
    """A hill or gallery token turns face up where the active seat stopped."""
    seat = st.active
    board = st.board
    if deck == "hill":
        st.left_hill[code] -= 1
        f = board.hills[card]
        name = board.surface.names[f]
        if code < THIEF:
            st.hidden_gold -= 1
            st.hill[card] = EMPTY
            return [ev("token", seat, field=name, token=code), *take_nugget(st, seat, code, "hill")]
        st.hill[card] = code
        push(st, ("duel", "brawl", seat, card, -1, ()))
        return [ev("token", seat, field=name, token=code)]
    st.left_gallery[code] -= 1
    m = board.galleries[card]
    name = board.mine.names[m]
    events = [ev("token", seat, field=name, token=code, below=True)]
    if code < GHOST:
        st.hidden_gold -= 1
        st.gal[m] = EMPTY
        st.below[seat] += code
        events.append(ev("vein", seat, field=name, gold=code, enter=code))
    elif code == CAVE_IN:
        st.gal[m] = CAVE_IN
        st.lost[seat] = 1
        events.append(ev("cave-in", seat, field=name))
    else:
        st.gal[m] = GHOST
        push(st, ("duel", "ghost", seat, m, -1, ()))
        events.append(ev("ghost", seat, field=name))
    return events


def descend(st: Core, seat: int, cave: int) -> list[Event]:
    """With a pickaxe, ``seat`` stops on ``cave`` and goes down onto its door; a lantern it
    holds lights the mine ("une lanterne s'allume en descendant et éclaire cinq lancers")."""
    leave_field(st, seat)
    door = st.board.cave_door[cave]
    events = [ev("descend", seat, cave=st.board.surface.names[cave])]
    if st.tools[seat] & LANTERN:
        st.tools[seat] &= ~LANTERN
        st.light[seat] = st.setup.lantern_rolls
        events.append(ev("lantern-lit", seat, rolls=st.light[seat]))
    else:
        st.light[seat] = 0
    st.pos[seat] = st.ns + door
    other = st.occupant(st.ns + door, seat)
    if other >= 0:
        events += fight(st, seat, other, ())
    return events


def exit_mine(st: Core, seat: int, door: int) -> list[Event]:
    """Landing exactly on a door takes ``seat`` up to its cave; the wagon banks the gold found
    below less the company's 3 (none during *Grève*; never below zero)."""
    cave = st.board.door_cave[door]
    found = st.below[seat]
    cut = 0 if st.issue == STRIKE else min(st.setup.company, found)
    st.bank[seat] += found - cut
    st.below[seat] = 0
    st.light[seat] = 0
    st.counters[seat][MINE] += found
    st.pos[seat] = cave
    events = [ev("wagon", seat, cave=st.board.surface.names[cave], gold=found, company=cut,
                 leave=cut)]  # fmt: skip
    other = st.occupant(cave, seat)
    if other >= 0:
        events += fight(st, seat, other, ())
    return events


def rescue(st: Core, seat: int) -> list[Event]:
    """``seat`` is cut off below (no door within reach around the walls): instead of rolling,
    the company brings it up through the nearest door, as if it had landed there — the wagon,
    the light's end, a fight on the cave (designer's choice, docs/rules/golden-city.md)."""
    door = nearest_door(st.board, st.pos[seat] - st.ns)
    leave_field(st, seat)
    return [ev("rescue", seat, door=st.board.mine.names[door]), *exit_mine(st, seat, door)]


def duel_roll(st: Core, task: tuple[Any, ...], roll: int) -> list[Event]:
    """Apply one duel die ``roll`` to the duel ``task`` (the queue's head, already popped).

    A fight: the attacker rolls, then the defender, each plus its revolver. A ghost: the seat
    rolls, then the ghost, no revolver. A brawl or the guard: the seat rolls plus its revolver
    against the strength. Equal scores roll again; the higher wins."""
    _, kind, seat, target, first, then = task
    if kind in ("fight", "ghost") and first < 0:
        push(st, ("duel", kind, seat, target, roll, then))
        return [ev("duel-roll", seat, duel=kind, roll=roll)]
    who: int | None = seat
    if kind == "fight":
        mine = first + duel_bonus(st, seat, kind)
        theirs = roll + duel_bonus(st, target, kind)
        who = target
    elif kind == "ghost":
        mine, theirs, who = first, roll, None
    else:
        mine = roll + duel_bonus(st, seat, kind)
        theirs = st.hill[target] - THIEF if kind == "brawl" else target
    events = [ev("duel-roll", who, duel=kind, roll=roll)]
    if mine == theirs:
        push(st, ("duel", kind, seat, target, -1, then))
        return [*events, ev("duel-tie", seat, duel=kind, score=mine)]
    return events + _DUEL_ENDS[kind](st, seat, target, mine > theirs, then)


def _fight_end(st: Core, seat: int, defender: int, won: bool, then: tuple[Any, ...]) -> list[Event]:
    winner, loser = (seat, defender) if won else (defender, seat)
    gold, thieves = gold_of(st, loser), st.thieves[loser]
    take_sack(st, loser, winner)
    send_home(st, loser)
    st.counters[winner][FIGHTS] += 1
    events = [ev("fight-won", winner, loser=loser, gold=gold, thieves=thieves)]
    if st.issue == WANTED and st.wanted == loser:
        reward = st.setup.wanted
        st.bank[winner] += reward
        st.wanted = -1
        events.append(ev("reward", winner, wanted=loser, gold=reward, enter=reward))
    if won:
        push(st, *then)
    return events


def _brawl_end(st: Core, seat: int, h: int, won: bool, then: tuple[Any, ...]) -> list[Event]:
    name = st.board.surface.names[st.board.hills[h]]
    if won:
        gold, thieves = st.loot_nuggets[h], st.loot_thieves[h]
        st.nuggets[seat] += gold
        st.thieves[seat] += thieves + 1
        st.loot_nuggets[h] = st.loot_thieves[h] = 0
        st.hill[h] = EMPTY
        st.counters[seat][BRAWLS] += 1
        return [ev("brawl-won", seat, field=name, gold=gold, thieves=thieves)]
    gold, thieves = gold_of(st, seat), st.thieves[seat]
    st.loot_nuggets[h] += gold
    st.loot_thieves[h] += thieves
    st.nuggets[seat] = st.thieves[seat] = st.below[seat] = 0
    return [ev("brawl-lost", seat, field=name, gold=gold, thieves=thieves)]


def _ghost_end(st: Core, seat: int, m: int, won: bool, then: tuple[Any, ...]) -> list[Event]:
    name = st.board.mine.names[m]
    if won:
        st.gal[m] = EMPTY
        st.counters[seat][GHOSTS] += 1
        return [ev("ghost-beaten", seat, field=name)]
    return [ev("ghost-won", seat, field=name), lose_sack(st, seat, "ghost")]


def _guard_end(st: Core, seat: int, strength: int, won: bool, then: tuple[Any, ...]) -> list[Event]:
    st.chest = False
    if won:
        chest = st.setup.chest
        st.nuggets[seat] += chest
        return [ev("chest", seat, gold=chest, enter=chest)]
    events = [ev("guard-won", seat), lose_sack(st, seat, "guard")]
    send_home(st, seat)
    return events


_DUEL_ENDS = {"fight": _fight_end, "brawl": _brawl_end, "ghost": _ghost_end, "guard": _guard_end}


def advance_locomotive(st: Core, roller: int) -> list[Event]:
    """The locomotive face: the locomotive advances one field toward the station, hitting
    whoever stands there ("il rentre chez lui, et celui qui l'a lancée prend tout ce qu'il
    portait"; one's own locomotive "fait tout perdre"); the station ends the game once the turn
    is resolved; every third advance but the arrival publishes a Gazette issue."""
    st.counters[roller][LOCOMOTIVE] += 1
    if st.cow:
        st.cow = False
        return [ev("cow", roller)]
    st.loco += 1
    st.advances += 1
    f = st.board.track[st.loco]
    events = [ev("locomotive", roller, field=st.board.surface.names[f], advances=st.advances)]
    victim = st.occupant(f, -1)
    if victim >= 0:
        if victim == roller:
            events.append(lose_sack(st, victim, "locomotive"))
        else:
            gold, thieves = gold_of(st, victim), st.thieves[victim]
            take_sack(st, victim, roller)
            events.append(ev("hit", victim, by=roller, gold=gold, thieves=thieves))
        send_home(st, victim)
        events.append(ev("sent-home", victim))
    if st.loco == len(st.board.track) - 1:
        st.end = "station"
        events.append(ev("station", roller))
    elif st.advances % 3 == 0:
        events += after_advance(st)
    return events

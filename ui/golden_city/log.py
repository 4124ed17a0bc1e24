"""The turn log of the Golden City table: one line per event worth telling — every roll (the
die, the duel dice, the sieve), move, token, duel, purchase, the locomotive, the Gazette, the
mine, the missions and the end — in the player's language.

Fields are named as the board shows them (:mod:`.places`): a surface field by the coordinates
printed along the board's edges (``D7``), a seat's house by its owner, a cave by its compass
letter; below, a door by its letter and a gallery by the number printed on it.
Private cards are worded for their own seat only: the log is given the observation of whoever
reads it (``seen``: a seat's, or None for a spectator and a replay's public view), and a
mission dealt or a token peeked is worded with its value only when that observation is the
seat's that got it (it then holds the value: :attr:`Observation.mission`, ``known``); for
anyone else a peek is "saw the token on D7" and a mission dealt is not logged. The missions
shown at the end are public, and worded with their thresholds.

Invariant: no line is made from anything but the events and ``seen``; an event never carries a
private card's value (the rules' events are the same for every machine), so another seat's
mission or a face-down token's value cannot reach a line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from goldnet.engine import Event
from goldnet.games.golden_city.setup import MISSIONS

from ..texts import arg
from .places import Places
from .words import issue_page, mission_text, mission_title, token_name, tool_name, tr


def _token(e: Event) -> str:
    code = int(e.get("token", 0) or 0)
    if e.get("below"):
        if code < 20:
            return tr("a vein of %n nugget(s)", code)
        return tr("a ghost") if code == 20 else tr("a cave-in")
    if code < 10:
        return tr("a nugget of %n", code)
    return arg(tr("a thief of strength %1"), code - 10)


def _duel_name(kind: str) -> str:
    return {
        "fight": tr("fight"),
        "brawl": tr("brawl"),
        "ghost": tr("duel with the ghost"),
        "guard": tr("duel with the guard"),
    }.get(kind, kind)


def _mission(kind: str, seen: Any) -> str:
    """A mission's words with its threshold (``seen``'s table), or its name without one."""
    thresholds = getattr(getattr(seen, "setup", None), "thresholds", None)
    if thresholds is not None and kind in MISSIONS:
        return mission_text(kind, int(thresholds[MISSIONS.index(kind)]))
    return mission_title(kind)


def _peeked(e: Event, who: str, field: str, seen: Any) -> str:
    """A lantern's peek: its value for the peeker's own eyes only."""
    if seen is not None and seen.seat == e.seat:
        board = seen.board
        names = board.surface.names
        f = names.index(e.get("field")) if e.get("field") in names else -1
        value = dict(seen.known).get(board.hill_of[f], "") if f >= 0 else ""
        if value:
            return arg(tr("%1 saw the token on %2: %3."), who, field, token_name(value))
    return arg(tr("%1 saw the token on %2."), who, field)


def _line(e: Event, names: Sequence[str], where: Places | None, seen: Any) -> str | None:
    """The line of one event, or None for an event not worth a line; ``where`` names its
    fields (None: as the rules name them); ``seen``: the reader's observation (private cards
    worded for their own seat only)."""

    def name(seat: object) -> str:
        return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else "?"

    def up(key: str) -> str:  # a surface field of the event
        return str(get(key)) if where is None else where.named(get(key), False, names)

    def down(key: str) -> str:  # a mine field of the event
        return str(get(key)) if where is None else where.named(get(key), True, names)

    def at(key: str) -> str:  # below when the event says so
        return down(key) if get("below") else up(key)

    who = name(e.seat)
    get = e.get
    kind = e.kind
    lines: dict[str, Callable[[], str | None]] = {
        "turn": lambda: arg(tr("— Turn %1: %2 —"), get("turn"), who),
        "lost-turn": lambda: arg(tr("%1 loses this turn (the cave-in)."), who),
        "roll": lambda: (
            arg(tr("%1 rolls the locomotive."), who)
            if get("face") == "loco"
            else arg(tr("%1 rolls %2."), who, get("face"))
        ),
        "lost-roll": lambda: arg(tr("%1 cannot move %2: the roll is lost."), who, get("face")),
        "move": lambda: (
            arg(tr("%1 moves below from %2 to %3."), who, down("start"), down("field"))
            if get("below")
            else arg(tr("%1 moves from %2 to %3."), who, up("start"), up("field"))
        ),
        "raft": lambda: arg(
            tr("%1 crosses the lake by raft from %2 to %3."), who, up("start"), up("field")
        ),
        "pony": lambda: arg(tr("%1 rides the Pony Express home."), who),
        "home": lambda: _home(e, who),
        "buy": lambda: arg(
            tr("%1 buys: %2 (price: %3)."), who, tool_name(str(get("tool"))), get("price")
        ),
        "lantern": lambda: arg(
            tr("%1 looks at the token on %2 with the lantern."), who, up("field")
        ),
        "token": lambda: arg(tr("On %1: %2."), at("field"), _token(e)),
        "nugget": lambda: arg(tr("%1 takes a nugget of %2."), who, get("gold")),
        "sieve": lambda: arg(tr("%1's sieve rolls %2: that many nuggets more."), who, get("gold")),
        "brawl": lambda: arg(
            tr("%1 brawls with a thief of strength %2 on %3."), who, get("strength"), up("field")
        ),
        "fight": lambda: arg(tr("%1 attacks %2: a fight!"), who, name(get("defender"))),
        "ghost": lambda: arg(tr("%1 meets a ghost on %2."), who, down("field")),
        "guard": lambda: arg(
            tr("%1 tries to rob the train: the guard (strength %2) fights."), who, get("strength")
        ),
        "duel-roll": lambda: arg(
            tr("Duel die (%1): %2 rolls %3."),
            _duel_name(str(get("duel"))),
            who if e.seat is not None else tr("the ghost"),
            get("roll"),
        ),
        "duel-tie": lambda: arg(tr("A tie at %1: roll again."), get("score")),
        "fight-won": lambda: arg(
            tr("%1 wins the fight and takes the sack (nuggets: %2, thieves: %3); %4 goes home."),
            who,
            get("gold"),
            get("thieves"),
            name(get("loser")),
        ),
        "brawl-won": lambda: (
            arg(
                tr("%1 captures the thief and its loot (nuggets: %2, thieves: %3)."),
                who,
                get("gold"),
                get("thieves"),
            )
            if get("gold") or get("thieves")
            else arg(tr("%1 captures the thief."), who)
        ),
        "brawl-lost": lambda: arg(
            tr("The thief beats %1 and keeps the sack under it (nuggets: %2, thieves: %3)."),
            who,
            get("gold"),
            get("thieves"),
        ),
        "ghost-beaten": lambda: arg(tr("%1 chases the ghost from %2."), who, down("field")),
        "ghost-won": lambda: arg(tr("The ghost beats %1 on %2."), who, down("field")),
        "sack-lost": lambda: arg(
            tr("%1's sack is lost (nuggets: %2, thieves: %3)."), who, get("gold"), get("thieves")
        ),
        "guard-won": lambda: arg(tr("The guard beats %1, who goes home."), who),
        "chest": lambda: arg(tr("%1 robs the train's chest: %2 nuggets!"), who, get("gold")),
        "reward": lambda: arg(
            tr("%1 beat the wanted %2: the sheriff pays %3."), who, name(get("wanted")), get("gold")
        ),
        "descend": lambda: arg(tr("%1 goes down into the mine at %2."), who, up("cave")),
        "lantern-lit": lambda: tr(
            "The lantern lights the mine for %n roll(s).", int(get("rolls", 0) or 0)
        ),
        "vein": lambda: arg(
            tr("%1 finds a vein of %2 nuggets on %3."), who, get("gold"), down("field")
        ),
        "cave-in": lambda: arg(tr("A cave-in on %1: %2 loses the next turn."), down("field"), who),
        "wagon": lambda: arg(
            tr("%1 comes up at %2: the wagon banks %3 (the company keeps %4)."),
            who,
            up("cave"),
            int(get("gold", 0) or 0) - int(get("company", 0) or 0),
            get("company"),
        ),
        "rescue": lambda: arg(tr("%1 is cut off below: the company digs them out."), who),
        "locomotive": lambda: arg(
            tr("The locomotive advances to %1 (advance %2)."), up("field"), get("advances")
        ),
        "cow": lambda: tr("A cow on the track: the locomotive does not advance."),
        "hit": lambda: arg(
            tr("The locomotive hits %1: %2 takes the sack (nuggets: %3, thieves: %4)."),
            who,
            name(get("by")),
            get("gold"),
            get("thieves"),
        ),
        "sent-home": lambda: arg(tr("%1 goes home."), who),
        "station": lambda: tr("The locomotive enters Golden City station!"),
        "gazette": lambda: arg(
            tr("La Gazette de Golden City: %1."), issue_page(str(get("issue")))[0]
        ),
        "no-gazette": lambda: tr("No issue of the Gazette can appear."),
        "placed": lambda: arg(
            tr("The Gazette places %1 on %2."),
            _placed(e),
            down("field") if get("issue") == "new-vein" else up("field"),
        ),
        "mayor": lambda: arg(tr("The mayor pays %1 nuggets to %2."), get("gold"), who),
        "wanted": lambda: arg(tr("Wanted: %1."), who),
        "claim": lambda: arg(tr("%1 announces: mission fulfilled!"), who),
        "end": lambda: (
            tr("The game ends: the locomotive reached the station.")
            if get("reason") == "station"
            else tr("The game ends: no nugget is left to discover.")
        ),
        "mission-shown": lambda: arg(tr("%1's mission: %2."), who, _mission(get("mission"), seen)),
        "mission-dealt": lambda: (
            arg(tr("%1's secret mission: %2."), who, _mission(seen.mission, seen))
            if seen is not None and seen.seat == e.seat and seen.mission
            else None
        ),
        "bonus": lambda: arg(tr("%1's mission is fulfilled: bonus %2."), who, get("gold")),
        "false-claim": lambda: arg(tr("%1 announced a mission that was not fulfilled."), who),
        "unannounced": lambda: arg(tr("%1 fulfilled the mission but never announced it."), who),
        "peeked": lambda: _peeked(e, who, up("field"), seen),
    }
    make = lines.get(kind)
    return make() if make is not None else None


def _home(e: Event, who: str) -> str:
    """A homecoming: what went into the bank."""
    nuggets, bounty = int(e.get("nuggets", 0) or 0), int(e.get("bounty", 0) or 0)
    if bounty:
        return arg(
            tr("%1 is home and banks %2 (nuggets: %3, the sheriff's bounty: %4)."),
            who,
            nuggets + bounty,
            nuggets,
            bounty,
        )
    if nuggets:
        return arg(tr("%1 is home and banks %2."), who, nuggets)
    return arg(tr("%1 is home, with an empty sack."), who)


def _placed(e: Event) -> str:
    issue, value = str(e.get("issue")), int(e.get("value", 0) or 0)
    if issue == "new-vein":
        return tr("a vein of %n nugget(s)", value)
    if issue == "bandits":
        return arg(tr("a thief of strength %1"), value)
    return tr("a nugget of %n", value)


def log_lines(
    events: Sequence[Event], names: Sequence[str], where: Places | None = None, seen: Any = None
) -> list[str]:
    """One line per event worth telling, in order; ``where`` names the fields (the
    :class:`~.places.Places` of the table's board; None: as the rules name them); ``seen``:
    the observation of whoever reads the log after these events (a seat's: its own mission and
    peeks worded with their values; None: nothing private)."""
    return [line for line in (_line(e, names, where, seen) for e in events) if line]

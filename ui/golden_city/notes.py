"""Short texts the Golden City board writes on itself: the die tray's caption and the
locomotive's way, the duel scene's title and outcome, the mission card, the Gazette's effect in
force, and each panel's mission at the end.

Invariants: every text in the player's language (:func:`.words.tr`); a seat's mission is read
from the observation only where that observation holds it (the seat's own, or every seat's once
the missions are shown at the end).
"""

from __future__ import annotations

from collections.abc import Sequence

from goldnet.engine import Event
from goldnet.games.golden_city.setup import MISSIONS
from goldnet.games.golden_city.state import Observation

from ..texts import arg
from .words import mission_text, tool_name, tr


def roll_caption(name: str, face: object, steps: object, obs: Observation) -> str:
    """The die tray's caption for a roll of ``name``."""
    if face == "loco":
        return arg(tr("%1 rolled the locomotive: it advances one field."), name)
    numbers = sorted({int(s) for s in steps}) if isinstance(steps, tuple) else []
    line = arg(tr("%1 rolled %2."), name, face)
    if len(numbers) == 2:
        line += " " + arg(tr("Move %1 or %2."), *numbers)
    elif numbers and numbers[0] != face:
        line += " " + arg(tr("Move %1."), numbers[0])
    if obs.issue == "sandstorm":
        line += " " + tr("(Sandstorm: one step less on the surface.)")
    return line


def track_caption(obs: Observation) -> str:
    """How far the locomotive is from the station, and when the next Gazette appears."""
    left = len(obs.board.track) - 1 - obs.locomotive
    if left <= 0:
        line = tr("The locomotive is in Golden City station.")
    else:
        line = tr("The locomotive is %n field(s) from the station.", left)
    if left > 1:
        gazette = 3 - obs.advances % 3
        line += " " + tr("Next Gazette after %n more advance(s).", gazette)
    if obs.cow:
        line += " " + tr("A cow is on the track.")
    return line


def duel_title(kind: str, name: str, other: str) -> str:
    if kind == "fight":
        return arg(tr("Fight: %1 against %2"), name, other)
    if kind == "brawl":
        return arg(tr("Brawl: %1 against a thief"), name)
    if kind == "ghost":
        return arg(tr("Ghost: %1 in the dark"), name)
    return arg(tr("The train's chest: %1 against the guard"), name)


def side_name(kind: str) -> str:
    """The other side of a duel that is no prospector."""
    return {"thief": tr("Thief"), "ghost": tr("Ghost"), "guard": tr("Guard")}.get(kind, kind)


def tie_line(score: int) -> str:
    return arg(tr("Tie at %1: both roll again."), score)


def duel_result(e: Event, names: Sequence[str]) -> str:
    """What a duel's end changed, in one sentence."""
    seat = e.seat if e.seat is not None else 0
    name = names[seat] if 0 <= seat < len(names) else ""
    gold, thieves = int(e.get("gold", 0) or 0), int(e.get("thieves", 0) or 0)
    kind = e.kind
    if kind == "fight-won":
        loser = int(e.get("loser", 0) or 0)
        return arg(
            tr("%1 wins, takes the sack (nuggets: %2, thieves: %3) and sends %4 home."),
            name,
            gold,
            thieves,
            names[loser] if 0 <= loser < len(names) else "",
        )
    if kind == "brawl-won" and not gold and not thieves:
        return arg(tr("%1 captures the thief."), name)
    if kind == "brawl-won":
        return arg(
            tr("%1 captures the thief and its loot (nuggets: %2, thieves: %3)."),
            name,
            gold,
            thieves,
        )
    if kind == "brawl-lost":
        return arg(
            tr("The thief wins and keeps %1's sack (nuggets: %2, thieves: %3)."),
            name,
            gold,
            thieves,
        )
    if kind == "ghost-beaten":
        return arg(tr("%1 chases the ghost away."), name)
    if kind == "ghost-won":
        return arg(tr("The ghost wins: everything %1 carried vanishes."), name)
    if kind == "guard-won":
        return arg(tr("The guard wins: %1 goes home and loses the sack."), name)
    return arg(tr("%1 robs the train's chest: %2 nuggets!"), name, gold)


def mission_card(obs: Observation) -> tuple[str, str, tuple[int, int], str, bool] | None:
    """The glass card of the observing seat's own mission — (heading, text, (have, need),
    state, fulfilled) — or None when the observation holds no mission of its own."""
    if obs.seat is None or obs.mission is None:
        return None
    kind = obs.mission
    index = MISSIONS.index(kind)
    need = obs.setup.thresholds[index]
    have = obs.counters[obs.seat][index]
    done = have >= need
    if obs.claimed[obs.seat]:
        state = tr("Announced: the others know it is fulfilled, not which it is.")
    elif done:
        state = tr("Fulfilled! It is announced at the start of your next turn.")
    else:
        state = arg(tr("Bonus at the end if fulfilled: %1 nuggets."), obs.setup.mission_bonus)
    return (tr("Your secret mission"), mission_text(kind, need), (have, need), state, done)


def mission_outcome(obs: Observation, seat: int) -> str:
    """At the end, ``seat``'s mission shown and what it paid ("" before the end)."""
    kind = obs.shown[seat] if seat < len(obs.shown) else None
    if kind is None:
        return ""
    index = MISSIONS.index(kind)
    need = obs.setup.thresholds[index]
    text = mission_text(kind, need)
    claim = obs.claims[seat]
    if claim is not None:
        paid = claim[index] >= need
    else:
        paid = obs.counters[seat][index] >= need and obs.windows[seat][index] < need
    if paid:
        return arg(tr("%1 — +%2"), text, obs.setup.mission_bonus)
    return arg(tr("%1 — no bonus"), text)


def gazette_effect(obs: Observation) -> str:
    """The effect of the issue in force, in one line (what holds until the next issue)."""
    issue = obs.issue
    if issue is None:
        return tr("No issue in force.")
    lasting = {
        "wanted": tr("In force: beat the leader in a fight for the sheriff's reward."),
        "chest": tr("In force: the train's chest waits on the locomotive's field.")
        if obs.chest
        else tr("The train's chest has been tried: no more robbery."),
        "cow": tr("In force: the next locomotive rolled does not advance.")
        if obs.cow
        else tr("The cow has left the track."),
        "sandstorm": tr("In force: every roll on the surface is one step shorter."),
        "storm": tr("In force: the revolver counts in no duel."),
        "sale": tr("In force: every tool costs one nugget less."),
        "strike": tr("In force: the company keeps nothing from the wagon."),
        "double-bounty": tr("In force: 4 nuggets per thief delivered to the sheriff."),
    }
    return lasting.get(issue, tr("Published: its effect has applied."))


def wanted_line(obs: Observation, names: Sequence[str]) -> str:
    if obs.issue == "wanted" and obs.wanted is not None:
        return arg(tr("Wanted: %1."), names[obs.wanted])
    return ""


def tool_list(tools: Sequence[str]) -> str:
    return ", ".join(tool_name(t) for t in tools)

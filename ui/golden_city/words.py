"""The words of the Golden City table: the game's and its bots' names, tools, missions, the
Gazette, terrain, refusals worded from their codes, and what to do in each phase of a turn.

Every string goes through :func:`tr` (Qt's translation, context ``GoldenCity``) with a literal
source text, so the translation files keep it (``python -m ui.i18n update`` keeps every message
whose text is a string literal of the sources); the turn log's lines are in :mod:`.log`. The
refusal codes are the rules' (``docs/rules/golden-city.md``, "Refusals"); the engine's English
message is never shown. The Gazette's front pages are the game's data
(:func:`goldnet.games.golden_city.gazette.front_page`), read in the player's language.

Invariants: nothing here reads a position beyond what it is given; every function returns text
in the language installed now.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication

from goldnet.engine import Refusal, Terminal

from .. import texts
from ..texts import arg, game_over, unreadable_move

CONTEXT = "GoldenCity"


def tr(source: str, n: int = -1) -> str:
    """``source`` in the player's language (``n``: a plural's number, ``%n`` in the text)."""
    return QCoreApplication.translate(CONTEXT, source, None, n)


def language() -> str:
    """The language the table speaks now: ``"en"`` or ``"fr"`` (for data in both, e.g. the
    Gazette's front pages)."""
    code = tr("en")  # the French translation says "fr"
    return code if code in ("en", "fr") else "en"


# --- names -------------------------------------------------------------------------------


def title() -> str:
    return tr("Golden City")


def tagline() -> str:
    return tr(
        "Prospect the hills, brave the thieves and the haunted mine, and bank more gold than "
        "the others before the locomotive reaches Golden City."
    )


def bot_level(level: str) -> str:
    return {"random": tr("Easy"), "heuristic": tr("Medium"), "strong": tr("Hard")}.get(level, level)


def bot_name(level: str) -> str:
    return {"random": tr("Easy bot"), "heuristic": tr("Medium bot"), "strong": tr("Hard bot")}.get(
        level, level
    )


def seat_choice(seat: int) -> str:
    if seat == 0:
        return tr("Seat 1 (plays first)")
    return arg(tr("Seat %1"), seat + 1)


def host_seat_note() -> str:
    return tr("The host plays seat 1 and moves first.")


def table_line(names: Sequence[str]) -> str:
    return arg(tr("Golden City, %1 prospectors: %2"), len(names), texts.name_list(list(names)))


def replay_title(names: Sequence[str]) -> str:
    return arg(tr("Golden City — %1"), " · ".join(names))


def score_line(names: Sequence[str], result: Terminal) -> str:
    banks = ", ".join(f"{n} {s}" for n, s in zip(names, result.scores, strict=False))
    return arg(tr("Banks: %1"), banks)


def seat_label(seat: int) -> str:
    """A seat without a name (still pictures)."""
    return arg(tr("Prospector %1"), seat + 1)


# --- tools, missions, the Gazette ----------------------------------------------------------


def tool_name(tool: str) -> str:
    return {
        "revolver": tr("Revolver"),
        "sieve": tr("Sieve"),
        "horse": tr("Horse"),
        "lantern": tr("Lantern"),
        "pony": tr("Pony Express"),
        "pickaxe": tr("Pickaxe"),
    }.get(tool, tool)


def tool_text(tool: str) -> str:
    """What ``tool`` does, in one or two sentences (the seed's words)."""
    return {
        "revolver": tr("+2 in brawls, fights and against the train guard — never against ghosts."),
        "sieve": tr("On each nugget token you take, a three-sided die adds 0 to 2 nuggets more."),
        "horse": tr("Move the number rolled, or one more (on the surface and in a lit mine)."),
        "lantern": tr(
            "Before your roll, look at a face-down token within 3 fields; if you still hold "
            "it when you descend, it lights the mine for five rolls. Used up."
        ),
        "pony": tr("Instead of rolling, gallop home and bank your sack. Used up."),
        "pickaxe": tr("Lets you go down into the mine from a cave."),
    }.get(tool, "")


def tool_kept(tool: str) -> str:
    return tr("Kept.") if tool in ("revolver", "sieve", "horse", "pickaxe") else tr("Used up.")


def mission_text(kind: str, n: int) -> str:
    """What mission ``kind`` asks, with its threshold ``n``."""
    words: dict[str, Callable[[], str]] = {
        "sheriff": lambda: tr("Deliver %n thief(s) to the sheriff", n),
        "brawls": lambda: tr("Win %n brawl(s) against thieves", n),
        "fights": lambda: tr("Win %n fight(s) against prospectors", n),
        "mine": lambda: tr("Bring %n nugget(s) up from the mine with the wagon", n),
        "raft": lambda: tr("Cross a lake by raft %n time(s)", n),
        "ghosts": lambda: tr("Beat %n ghost(s) in the mine", n),
        "prospector": lambda: tr("Take %n nugget token(s) from the hills", n),
        "haul": lambda: tr("Bank %n nugget(s) or more in a single homecoming", n),
        "outfitter": lambda: tr("Buy %n tool(s) at the general store", n),
        "locomotive": lambda: tr("Launch the locomotive %n time(s)", n),
    }
    make = words.get(kind)
    return make() if make is not None else kind


def mission_title(kind: str) -> str:
    """A mission's name, without its threshold."""
    return {
        "sheriff": tr("deliver thieves to the sheriff"),
        "brawls": tr("win brawls against thieves"),
        "fights": tr("win fights against prospectors"),
        "mine": tr("bring gold up from the mine"),
        "raft": tr("cross lakes by raft"),
        "ghosts": tr("beat ghosts in the mine"),
        "prospector": tr("take nugget tokens from the hills"),
        "haul": tr("bank a big haul in one homecoming"),
        "outfitter": tr("buy tools at the general store"),
        "locomotive": tr("launch the locomotive"),
    }.get(kind, kind)


def issue_page(issue: str) -> tuple[str, str]:
    """The Gazette's front page of ``issue`` in the player's language: (title, text)."""
    from goldnet.games.golden_city.gazette import front_page  # data, read when first shown

    try:
        return front_page(issue, language())
    except KeyError:
        return (issue, "")


def gazette_name() -> str:
    return tr("La Gazette de Golden City")


def compass(letter: str) -> str:
    """A cave's letter (``N``, ``E``, ``S``, ``W``) in the player's language."""
    return {"N": tr("N"), "E": tr("E"), "S": tr("S"), "W": tr("W")}.get(letter, letter)


# --- the board -------------------------------------------------------------------------------


def terrain_name(kind: str) -> str:
    return {
        "plain": tr("Plain"),
        "hill": tr("Hill"),
        "lake": tr("Lake"),
        "landing": tr("Landing"),
        "railway": tr("Railway"),
        "station": tr("Golden City station"),
        "cave": tr("Cave"),
        "house": tr("House"),
        "gallery": tr("Gallery"),
        "door": tr("Door"),
    }.get(kind, kind)


def token_name(value: str) -> str:
    """A token's value as the deck names it (``nugget-3``, ``thief-4``, ``vein-6``,
    ``ghost``, ``cave-in``)."""
    kind, _, number = value.partition("-")
    if kind == "nugget" and number:
        return tr("a nugget of %n", int(number))
    if kind == "thief" and number:
        return arg(tr("a thief of strength %1"), number)
    if kind == "vein" and number:
        return tr("a vein of %n nugget(s)", int(number))
    if value == "ghost":
        return tr("a ghost")
    if value == "cave-in":
        return tr("a cave-in")
    return value


def station_label() -> str:
    return tr("Golden City")


def mine_title() -> str:
    return tr("The mine")


# --- refusals ----------------------------------------------------------------------------

_REFUSALS: dict[str, Callable[[Refusal], str]] = {
    "game-over": lambda r: game_over(),
    "not-awaited": lambda r: tr("Wait: the dice are on their way."),
    "malformed-action": lambda r: unreadable_move(),
    "unknown-action": lambda r: unreadable_move(),
    "wrong-phase": lambda r: tr("That is not possible at this point of the turn."),
    "field-syntax": lambda r: unreadable_move(),
    "no-such-field": lambda r: arg(tr("There is no field %1 here."), r.get("field", "")),
    "unknown-tool": lambda r: unreadable_move(),
    "tool-owned": lambda r: arg(
        tr("You already have this tool: %1."), tool_name(str(r.get("tool", "")))
    ),
    "too-expensive": lambda r: arg(
        tr("The %1 costs %2 and your bank holds %3."),
        tool_name(str(r.get("tool", ""))),
        r.get("price", ""),
        r.get("bank", ""),
    ),
    "no-tool": lambda r: arg(tr("You have no %1."), tool_name(str(r.get("tool", "")))),
    "peek-target": lambda r: arg(
        tr("The lantern shows only a face-down token within %1 fields."), r.get("reach", 3)
    ),
    "already-peeked": lambda r: tr("You have already seen that token."),
    "no-raft": lambda r: tr("There is no raft on your landing."),
    "raft-target": lambda r: tr("The raft crosses only to another landing of the same lake."),
    "pony-where": lambda r: tr("The Pony Express does not ride from home nor from the mine."),
    "not-a-destination": lambda r: tr(
        "The roll does not take you there: click a highlighted field."
    ),
    "not-a-cave": lambda r: tr("You cannot go down there."),
    "bad-outcome": lambda r: unreadable_move(),
    "bad-reveal": lambda r: unreadable_move(),
    "bad-card-value": lambda r: unreadable_move(),
    "no-claim": lambda r: tr("Your mission can be announced only at the start of your turn."),
    "malformed-claim": lambda r: unreadable_move(),
}

REFUSAL_CODES = frozenset(_REFUSALS)


def refusal(why: Refusal) -> str:
    """A refusal of the rules in the player's language, from its code."""
    return texts.refusal(why, _REFUSALS)


# --- what to do now ----------------------------------------------------------------------


def steps_text(steps: Sequence[int], below: bool) -> str:
    """How far the roll takes the player: ``4``, or ``4 or 5`` with the horse."""
    numbers = sorted(set(steps))
    if len(numbers) == 1:
        if below:
            return tr(
                "Move %n step(s) along the galleries: click a highlighted gallery.", numbers[0]
            )
        return tr("Move %n field(s) in a straight line: click a highlighted field.", numbers[0])
    if below:
        return arg(
            tr("Move %1 or %2 steps along the galleries: click a highlighted gallery."), *numbers
        )
    return arg(tr("Move %1 or %2 fields in a straight line: click a highlighted field."), *numbers)


def turn_status(phase: str, awaiting: tuple[object, ...], below: bool) -> str:
    """The status line when it is the player's turn (``phase`` ``"human"``, or ``"chain"``:
    choices wait for Confirm and more may follow) or chance is awaited."""
    head = awaiting[0] if awaiting else ""
    if phase == "waiting" or head in ("roll", "duel", "sieve", "gazette", "place", "reveal"):
        return tr("The dice are rolling…")
    if head == "store":
        line = tr("The general store is open: buy tools with your bank, or leave the store.")
    elif head == "before":
        line = tr(
            "Before the roll: roll the die — or peek with the lantern, cross on the raft or "
            "ride the Pony Express."
        )
    elif head == "move":
        steps = awaiting[1] if len(awaiting) > 1 else ()
        line = steps_text(tuple(int(s) for s in steps), below)  # type: ignore[union-attr]
    else:
        line = tr("Your turn.")
    if phase == "chain":
        return arg(tr("%1 Or Confirm what you chose (Undo takes it back)."), line)
    return line


def choose_one() -> str:
    return tr("Choose:")


def descend_choice() -> str:
    return tr("Go down into the mine")


def stay_choice() -> str:
    return tr("Stay on the cave")


def nothing_here() -> str:
    return tr("Nothing to do there now: use the highlighted fields or the buttons.")

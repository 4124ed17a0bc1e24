"""The words of the Mountains & Rivers table: refusals worded from their codes, turn-log lines,
what to do in a turn, and the names of the board, the seats and the game.

Every string goes through Qt's translation (context ``Texts``, literal sources, like
:mod:`ui.texts`, whose helpers it uses) so ``pyside6-lupdate`` finds it. The codes are the rules'
(``docs/rules/mountains-rivers.md``, "Refusals"); the engine's English message is never shown.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QCoreApplication

from goldnet.engine import Event, Refusal

from .. import texts
from ..texts import arg, game_over, unreadable_move

_REFUSALS: dict[str, Callable[[Refusal], str]] = {
    "game-over": lambda r: game_over(),
    "not-thrown": lambda r: QCoreApplication.translate(
        "Texts", "Wait: the tiles have not been thrown yet."
    ),
    "already-thrown": lambda r: QCoreApplication.translate(
        "Texts", "The tiles have already been thrown this turn."
    ),
    "free-choice-roll": lambda r: QCoreApplication.translate(
        "Texts", "Free choice: no tiles are thrown."
    ),
    "roll-outside-range": lambda r: arg(
        QCoreApplication.translate("Texts", "A roll of %1 cannot be thrown in range %2."),
        r.get("roll", ""),
        r.get("range", ""),
    ),
    "malformed-action": lambda r: unreadable_move(),
    "unknown-action": lambda r: unreadable_move(),
    "reveal-fields": lambda r: unreadable_move(),
    "reveal-order": lambda r: unreadable_move(),
    "not-a-line": lambda r: QCoreApplication.translate(
        "Texts", "These two markers are not on one straight line: click both ends of a line."
    ),
    "free-choice-line": lambda r: QCoreApplication.translate(
        "Texts", "Free choice: reveal one marker (click it twice) or two neighbouring markers."
    ),
    "line-length": lambda r: arg(
        QCoreApplication.translate(
            "Texts", "The roll is %1: the line must hold exactly %1 markers, not %2."
        ),
        r.get("roll", ""),
        r.get("n", ""),
    ),
    "line-crosses-gold": lambda r: QCoreApplication.translate(
        "Texts", "Exposed gold interrupts this line: every marker in it must be face down."
    ),
    "line-crosses-empty": lambda r: QCoreApplication.translate(
        "Texts", "A collected field interrupts this line: every marker in it must be face down."
    ),
    "bury-fields": lambda r: unreadable_move(),
    "free-choice-bury": lambda r: QCoreApplication.translate(
        "Texts", "Free choice: burying gold is no longer allowed."
    ),
    "no-shovel": lambda r: QCoreApplication.translate(
        "Texts", "You have no shovel: you cannot bury gold."
    ),
    "bury-needs-gold": lambda r: QCoreApplication.translate(
        "Texts", "There is no exposed gold there to bury."
    ),
    "field-syntax": lambda r: unreadable_move(),
    "field-off-board": lambda r: arg(
        QCoreApplication.translate("Texts", "Field %1 is not on the board."), r.get("field", "")
    ),
    "field-not-canonical": lambda r: unreadable_move(),
}
"""The words of each refusal code of the rules (``docs/rules/mountains-rivers.md``)."""

REFUSAL_CODES = frozenset(_REFUSALS)
"""The refusal codes this module words (any other gets :func:`not_allowed`)."""


def refusal(why: Refusal) -> str:
    """A refusal of the rules (``IllegalAction.refusal``) in the player's language, from its
    code and arguments; a code not in :data:`REFUSAL_CODES` gets
    :func:`ui.texts.not_allowed` — never the engine's English."""
    return texts.refusal(why, _REFUSALS)


def collected_field() -> str:
    return QCoreApplication.translate(
        "Texts", "This field has already been collected: choose a face-down marker."
    )


def family(seat: int) -> str:
    return (
        QCoreApplication.translate("Texts", "mountains")
        if seat == 0
        else QCoreApplication.translate("Texts", "rivers")
    )


def territory(family_name: str, index: int) -> str:
    if family_name == "mountain":
        return arg(QCoreApplication.translate("Texts", "Mountain %1"), index + 1)
    return arg(QCoreApplication.translate("Texts", "River %1"), index + 1)


def fields_text(fields: Sequence[str]) -> str:
    """The fields of a move as the turn log names them (the rules' ``q,r`` names, which each
    field's tooltip gives too): ``0,0`` for one, ``-2,1 → 1,1`` for a line (its ends; the
    spaces around the arrow do not break, so a wrapped log line keeps the line whole)."""
    names = [str(f) for f in fields]
    if not names:
        return ""
    return names[0] if len(names) == 1 else f"{names[0]}\u00a0→\u00a0{names[-1]}"


def log_lines(events: Sequence[Event], names: Sequence[str], roll: int | None = None) -> list[str]:
    """One turn-log line per event worth telling; ``roll`` is the roll the turn's action used
    (None in free choice). Throws alone are not logged: the action's line names its roll. A
    move's line names its fields (:func:`fields_text`)."""
    out: list[str] = []
    for e in events:
        who = names[e.seat] if e.seat is not None else ""
        if roll is None:
            head = arg(QCoreApplication.translate("Texts", "%1 · free choice"), who)
        else:
            head = arg(QCoreApplication.translate("Texts", "%1 · roll %2"), who, roll)
        if e.kind == "reveal":
            fields = tuple(e.get("fields", ()))
            out.append(
                arg(
                    QCoreApplication.translate(
                        "Texts", "%1: %n marker(s) revealed (%2)", None, len(fields)
                    ),
                    head,
                    fields_text(fields),
                )
            )
        elif e.kind == "bury":
            other = names[e.get("shovel_to", 0)]
            out.append(
                arg(
                    QCoreApplication.translate(
                        "Texts", "%1: a nugget buried on %2, a shovel to %3"
                    ),
                    head,
                    fields_text((e.get("field", ""),)),
                    other,
                )
            )
        elif e.kind == "collect":
            n = e.get("gold", 0)
            out.append(
                arg(
                    QCoreApplication.translate("Texts", "   %1: +%n gold from %2", None, n),
                    who,
                    territory(e.get("family", ""), e.get("territory", 0)),
                )
            )
        elif e.kind == "end":
            a, b = e.get("scores", (0, 0))
            out.append(
                arg(
                    QCoreApplication.translate("Texts", "%1 wins, %2 to %3"),
                    who,
                    max(a, b),
                    min(a, b),
                )
            )
    return out


def turn_status(
    phase: str, roll: int | None, free: bool, selected: bool, can_bury: bool = False
) -> str:
    """What the player should do in the phases the shell leaves to the game
    (:func:`ui.texts.status_line`): ``"waiting"`` (for the tiles) and ``"human"`` (a turn:
    ``roll`` thrown, or ``free`` choice; ``selected``: a first marker is chosen). It offers only
    what is possible now: burying only when ``can_bury`` (exposed gold, a shovel, a roll)."""
    if phase == "waiting":
        return QCoreApplication.translate("Texts", "Waiting for the tiles to be thrown…")
    if free:
        if selected:
            return QCoreApplication.translate(
                "Texts",
                "Free choice: click the same marker again, or a neighbouring marker "
                "(right-click to cancel).",
            )
        return QCoreApplication.translate(
            "Texts", "Your turn, free choice: click a marker twice, or two neighbouring markers."
        )
    if selected:
        return arg(
            QCoreApplication.translate(
                "Texts", "Now click the last marker of the line of %1 (right-click to cancel)."
            ),
            roll,
        )
    if roll == 1:
        if not can_bury:
            return QCoreApplication.translate(
                "Texts", "Your turn, roll 1: click one face-down marker."
            )
        return QCoreApplication.translate(
            "Texts", "Your turn, roll 1: click one face-down marker, or exposed gold to bury it."
        )
    if not can_bury:
        return arg(
            QCoreApplication.translate(
                "Texts",
                "Your turn, roll %1: click the first and last marker of a straight line of %1 "
                "face-down markers.",
            ),
            roll,
        )
    return arg(
        QCoreApplication.translate(
            "Texts",
            "Your turn, roll %1: click the first and last marker of a straight line of %1 "
            "face-down markers, or exposed gold to bury it.",
        ),
        roll,
    )


# --- the game, its board and its seats, as the shell names them -----------------------------


def title() -> str:
    """The game's name."""
    return QCoreApplication.translate("Texts", "Mountains & Rivers")


def tagline() -> str:
    """One line under the start screen's title."""
    return QCoreApplication.translate(
        "Texts", "Mountains & Rivers — a gold-prospecting game for two"
    )


def option_title(name: str) -> str:
    """The label of a table option (the board)."""
    return QCoreApplication.translate("Texts", "Board")


def option_value(name: str, value: int | None) -> str:
    """One choice of a table option: ``Board 4``, or ``Random board`` for None."""
    if value is None:
        return QCoreApplication.translate("Texts", "Random board")
    return arg(QCoreApplication.translate("Texts", "Board %1"), value)


def seat_choice(seat: int) -> str:
    """A seat as the start screen offers it."""
    if seat == 0:
        return QCoreApplication.translate("Texts", "The mountains (you move first)")
    return QCoreApplication.translate("Texts", "The rivers")


def bot_level(level: str) -> str:
    """A bot level of the registry (``random``, ``greedy``, ``strong``) in words."""
    words = {
        "random": QCoreApplication.translate("Texts", "Easy"),
        "greedy": QCoreApplication.translate("Texts", "Medium"),
        "strong": QCoreApplication.translate("Texts", "Hard"),
    }
    return words.get(level, level)


def bot_name(level: str) -> str:
    """The name a bot of ``level`` plays under."""
    words = {
        "random": QCoreApplication.translate("Texts", "Easy bot"),
        "greedy": QCoreApplication.translate("Texts", "Medium bot"),
        "strong": QCoreApplication.translate("Texts", "Hard bot"),
    }
    return words.get(level, level)


def host_seat_note() -> str:
    """Why a host cannot choose a seat against a player on the network."""
    return QCoreApplication.translate(
        "Texts", "Against a player on the network, the host plays the mountains."
    )


def table_line(board: int, names: Sequence[str]) -> str:
    """The turn log's first line: the board and who plays which family."""
    return arg(
        QCoreApplication.translate("Texts", "Board %1 — mountains: %2; rivers: %3"),
        board,
        names[0],
        names[1],
    )


def score_line(names: Sequence[str], scores: Sequence[int]) -> str:
    """The end screen's score."""
    return arg(
        QCoreApplication.translate("Texts", "%1 (mountains) %2 – %3 %4 (rivers)"),
        names[0],
        scores[0],
        scores[1],
        names[1],
    )


def replay_title(board: int, names: Sequence[str]) -> str:
    """Above a replay: the board and who played which family."""
    return arg(
        QCoreApplication.translate(
            "Texts", "Replay of board %1: %2 (mountains) against %3 (rivers)"
        ),
        board,
        names[0],
        names[1],
    )

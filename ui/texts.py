"""Words the table shows in any game: hints for clicks at the wrong time, the status line of
the phases every game has, what a network game waits for and how it ended.

What only one game says — its refusals, turn-log lines, the instructions of a turn — is in that
game's kit (:mod:`ui.kits`). The rules refuse an action with a code and named arguments
(:class:`goldnet.engine.Refusal`, carried by :class:`~goldnet.engine.IllegalAction`);
:func:`refusal` words it with the kit's words for each code, and a code the kit does not know
gets a generic sentence — the engine's English message is never shown. Every string here goes
through Qt's translation (context ``Texts``, literal sources) so ``pyside6-lupdate`` finds it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication

from goldnet.engine import Refusal

if TYPE_CHECKING:
    from goldnet.net.reports import Problem


def arg(text: str, *values: object) -> str:
    """Qt-style ``%1``, ``%2``… substitution (highest number first, so %1 never eats %10)."""
    for i in range(len(values), 0, -1):
        text = text.replace(f"%{i}", str(values[i - 1]))
    return text


def cannot_show(title: str) -> str:
    """A table of a game this program has no kit for."""
    return arg(QCoreApplication.translate("Texts", "This program cannot show a game of %1."), title)


def game_over() -> str:
    return QCoreApplication.translate("Texts", "The game is over.")


def dealing() -> str:
    """The status line while a new game against bots is dealt (:mod:`ui.dealing`)."""
    return QCoreApplication.translate("Texts", "Dealing… the game starts in a moment.")


def goes_on_from(turn: int) -> str:
    """The turn log's line where a resumed game (or one joined mid-way) goes on."""
    return arg(QCoreApplication.translate("Texts", "The game goes on from turn %1."), turn)


def not_allowed() -> str:
    """A refusal whose code this table does not know."""
    return QCoreApplication.translate("Texts", "This move is not allowed.")


def unreadable_move() -> str:
    """A move the rules cannot read (malformed; clicks never make one)."""
    return QCoreApplication.translate(
        "Texts", "The rules cannot read this move: it is not written the way they expect."
    )


def move_not_taken() -> str:
    """The network refused a move the local rules accepted (the game had moved on)."""
    return QCoreApplication.translate(
        "Texts", "The table did not take your move — choose again if it is still your turn."
    )


GENERIC_REFUSALS: dict[str, Callable[[Refusal], str]] = {
    "illegal": lambda r: not_allowed(),
    "not-your-turn": lambda r: QCoreApplication.translate("Texts", "Wait: it is not your turn."),
    "no-claim": lambda r: QCoreApplication.translate(
        "Texts", "There is nothing to claim in this game."
    ),
    "no-reveal": lambda r: QCoreApplication.translate(
        "Texts", "There are no cards to reveal in this game."
    ),
}
"""The words of the refusal codes the engine contract gives every game (``goldnet.engine``):
``illegal`` (a refusal without a code), ``not-your-turn``, ``no-claim`` (a game without claims),
``no-reveal`` (a game without cards). A kit's words for a code come first."""


def refusal(why: Refusal, words: Mapping[str, Callable[[Refusal], str]]) -> str:
    """A refusal of the rules (``IllegalAction.refusal``) in the player's language, from its
    code and arguments with ``words`` (a game kit's: code -> wording), else the engine
    contract's generic codes (:data:`GENERIC_REFUSALS`); any other code gets
    :func:`not_allowed` — never the engine's English."""
    make = words.get(why.code) or GENERIC_REFUSALS.get(why.code)
    return not_allowed() if make is None else make(why)


def not_your_turn(name: str) -> str:
    return arg(QCoreApplication.translate("Texts", "Wait: it is %1's turn."), name)


def wait_a_moment() -> str:
    return QCoreApplication.translate("Texts", "Wait a moment: the game is on its way.")


def confirm_first() -> str:
    return QCoreApplication.translate("Texts", "Confirm your turn first, or Undo to change it.")


def only_watching() -> str:
    """A click of a spectator on the board."""
    return QCoreApplication.translate("Texts", "You are watching this game: you cannot play in it.")


def watching(line: str) -> str:
    """The status line of a spectator: ``line`` is what the players do now."""
    if not line:
        return QCoreApplication.translate("Texts", "You are watching.")
    return arg(QCoreApplication.translate("Texts", "You are watching — %1"), line)


def status_line(phase: str, other: str) -> str:
    """What the player should do now, in the phases every game has (``other``: the name of the
    seat that plays in the ``"bot"`` phase); "" for a phase the game's kit words (``"human"``,
    ``"waiting"``)."""
    if phase == "over":
        return game_over()
    if phase == "bot":
        return arg(QCoreApplication.translate("Texts", "%1 is playing…"), other)
    if phase == "confirm":
        return QCoreApplication.translate(
            "Texts", "Confirm your turn, or Undo to change your choice."
        )
    if phase == "sending":
        return QCoreApplication.translate("Texts", "Sending your move…")
    if phase == "replay":
        return QCoreApplication.translate("Texts", "Replay: step through the record.")
    return ""


# --- the network, in plain words ------------------------------------------------------------


def problem_text(problem: Problem) -> str:
    """Why a network game could not start or go on, and what to try."""
    where = f"{problem.host}:{problem.port}" if problem.host else ""
    kind, detail = problem.kind, problem.detail

    if kind == "unreachable":
        return arg(
            QCoreApplication.translate(
                "Texts",
                "Could not reach %1 — check the address and that the host is still running.",
            ),
            where,
        )
    if kind == "wrong-key":
        return arg(
            QCoreApplication.translate(
                "Texts",
                "The table at %1 is not the one of this invite code (its key differs) — ask "
                "the host for a fresh invite code.",
            ),
            where,
        )
    if kind == "refused":
        if "full" in detail:
            return QCoreApplication.translate(
                "Texts", "This table is full — choose another table, or host your own."
            )
        return arg(
            QCoreApplication.translate(
                "Texts", "The table at %1 did not let you in (%2) — try another table."
            ),
            where,
            detail,
        )
    if kind == "lost":
        return arg(
            QCoreApplication.translate(
                "Texts",
                "The connection to %1 was lost and could not be restored — check your network "
                "and that the host is still running; you can resume this game later from the "
                "start screen.",
            ),
            where,
        )
    if kind == "port":
        return arg(
            QCoreApplication.translate(
                "Texts", "Could not open a port for your table (%1) — try again."
            ),
            detail,
        )
    if kind == "journal":
        return arg(
            QCoreApplication.translate("Texts", "The interrupted game cannot be read (%1)."), detail
        )
    if kind == "profile":
        return arg(QCoreApplication.translate("Texts", "Your profile cannot be used (%1)."), detail)
    if kind == "play":
        return move_not_taken()
    return arg(
        QCoreApplication.translate("Texts", "Something went wrong (%1) — try again."), detail
    )


def invite_problem(message: str) -> str:
    """A code that is not an invite code (from :class:`goldnet.net.invite.InviteError`)."""

    example = "goldnet://192.0.2.5:47001/abcd-efgh-ijkl-mnop-qrst-uvwx"
    if not message.strip():
        return QCoreApplication.translate(
            "Texts", "Paste the invite code the host gave you, then click Join."
        )
    if "starts with" in message:
        return arg(
            QCoreApplication.translate(
                "Texts",
                "This is not an invite code: an invite code looks like %1. Paste the whole code.",
            ),
            example,
        )
    if "fingerprint" in message:
        return QCoreApplication.translate(
            "Texts",
            "The end of this invite code (the table's key) is missing or mistyped — copy the "
            "whole code again.",
        )
    if "IPv6" in message:
        return QCoreApplication.translate(
            "Texts", "In an invite code an IPv6 address is written in brackets: [address]:port."
        )
    if "port" in message:
        return QCoreApplication.translate(
            "Texts",
            "The port in this invite code is missing or is not a number from 1 to 65535 — "
            "copy the whole code again.",
        )
    if "host" in message:
        return QCoreApplication.translate(
            "Texts", "This invite code has no address — copy the whole code again."
        )
    return arg(
        QCoreApplication.translate("Texts", "This invite code cannot be read (%1)."), message
    )


# --- a network game that waits, and how it ended ----------------------------------------------


def duration(seconds: int) -> str:
    """``m:ss`` (``h:mm:ss`` from an hour on): the time left before a game may be abandoned."""
    seconds = max(0, seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def name_list(names: Sequence[str]) -> str:
    """``Bea``, ``Bea and Carl``, ``Bea, Carl and Dan``."""
    if len(names) <= 1:
        return "".join(names)
    return arg(QCoreApplication.translate("Texts", "%1 and %2"), ", ".join(names[:-1]), names[-1])


def waiting_text(kind: str, names: Sequence[str], left: int) -> str:
    """What a paused game waits for (:class:`protocol.events.Waiting` ``kind``) from the
    players ``names`` (the other seats it waits for), with the time left before it may be
    adjudicated abandoned. Nobody is accused: a relay could cause any of these."""
    who, n, time_left = name_list(names), max(1, len(names)), duration(left)
    if kind == "reveal":
        text = QCoreApplication.translate(
            "Texts",
            "No reveal from %1 yet — %1 may be away, or the relay is not passing it on (%2 left).",
            None,
            n,
        )
    elif kind == "action":
        text = QCoreApplication.translate("Texts", "Waiting for %1's move (%2 left).")
    elif kind == "envelope":
        text = QCoreApplication.translate(
            "Texts",
            "A message from %1 is missing while later ones have arrived — the relay may be "
            "holding it back (%2 left).",
            None,
            n,
        )
    elif kind == "commit":
        text = QCoreApplication.translate(
            "Texts", "Waiting for %1 to join the game (%2 left).", None, n
        )
    elif kind in DECK_WAITS:
        text = _deck_wait(kind, n)
    elif kind == "proof":
        return arg(
            QCoreApplication.translate(
                "Texts", "Two players' histories disagree — waiting for the proof (%1 left)."
            ),
            time_left,
        )
    else:
        return arg(
            QCoreApplication.translate("Texts", "Waiting for the table to be set (%1 left)."),
            time_left,
        )
    return arg(text, who, time_left)


DECK_WAITS = (
    "deck-key",
    "shuffle",
    "shuffle-answer",
    "lock",
    "card-share",
    "sealed-share",
    "deck-audit",
)
"""The deck's messages a game may wait for (docs/deck.md §11): each is sent by its member's
program without anyone's move, like a reveal."""


def _deck_wait(kind: str, n: int) -> str:
    """The words for a deck message missing from ``n`` players (``%1`` them, ``%2`` the time
    left). The deal's shuffle, its answer and its lock come from one player at a time."""
    if kind == "deck-key":
        return QCoreApplication.translate(
            "Texts",
            "Dealing: no deck key from %1 yet — %1 may be away, or the relay is not passing "
            "it on (%2 left).",
            None,
            n,
        )
    if kind == "shuffle":
        return QCoreApplication.translate(
            "Texts",
            "Dealing: %1 has not shuffled yet — %1 may be away, or the relay is not passing "
            "the shuffle on (%2 left).",
        )
    if kind == "shuffle-answer":
        return QCoreApplication.translate(
            "Texts",
            "Dealing: no proof of %1's shuffle yet — %1 may be away, or the relay is not "
            "passing it on (%2 left).",
        )
    if kind == "lock":
        return QCoreApplication.translate(
            "Texts",
            "Dealing: %1 has not locked the cards yet — %1 may be away, or the relay is not "
            "passing the lock on (%2 left).",
        )
    if kind == "card-share":
        return QCoreApplication.translate(
            "Texts",
            "A hidden card is turned face up: no share from %1 yet — %1 may be away, or the "
            "relay is not passing it on (%2 left).",
            None,
            n,
        )
    if kind == "sealed-share":
        return QCoreApplication.translate(
            "Texts",
            "A card is shown to one player: no sealed share from %1 yet — %1 may be away, or "
            "the relay is not passing it on (%2 left).",
            None,
            n,
        )
    return QCoreApplication.translate(
        "Texts",
        "Checking the deal: no deck secrets from %1 yet — %1 may be away, or the relay is not "
        "passing them on (%2 left).",
        None,
        n,
    )


def lost_connection(names: Sequence[str], left: int) -> str:
    """The relay said these players' connections dropped; the game waits for them."""
    return arg(
        QCoreApplication.translate(
            "Texts",
            "%1 lost the connection — waiting for %1 to come back (%2 left).",
            None,
            max(1, len(names)),
        ),
        name_list(names),
        duration(left),
    )


def offline(left: int) -> str:
    """This player's own connection to the relay is down (the client keeps trying)."""
    return arg(
        QCoreApplication.translate(
            "Texts", "Your connection to the table is lost — trying to reconnect (%1 left)."
        ),
        duration(left),
    )


def paused() -> str:
    """The status line while the game is paused."""
    return QCoreApplication.translate(
        "Texts", "Paused — the game goes on by itself as soon as it can."
    )


def pause_note() -> str:
    return QCoreApplication.translate(
        "Texts",
        "If the time runs out, the game ends abandoned: no winner, no score, nobody blamed.",
    )


def went_away(name: str) -> str:
    """A turn-log line: the relay said ``name``'s connection dropped."""
    return arg(QCoreApplication.translate("Texts", "%1 lost the connection."), name)


def came_back(name: str) -> str:
    return arg(QCoreApplication.translate("Texts", "%1 is back."), name)


def connection_lost() -> str:
    """A seat's panel while its connection is down."""
    return QCoreApplication.translate("Texts", "Connection lost")


def presence(connected: bool | None) -> str:
    """A seat's connection in the table's list of players (``None``: not known yet)."""
    if connected is None:
        return ""
    if connected:
        return QCoreApplication.translate("Texts", "connected")
    return QCoreApplication.translate("Texts", "connection lost")


def you(name: str) -> str:
    """My own seat in the table's list of players."""
    return arg(QCoreApplication.translate("Texts", "%1 (you)"), name)


# --- re-hosting a table whose relay is gone ---------------------------------------------------


def rehost_button() -> str:
    return QCoreApplication.translate("Texts", "Host this table myself")


def rehost_offer() -> str:
    """Under the pause, when the table's relay seems gone or stuck."""
    return QCoreApplication.translate(
        "Texts",
        "If the table's relay is gone, you can host the table yourself, from your own copy of "
        "the game: the others' programs find it on your network by themselves.",
    )


def rehosting() -> str:
    return QCoreApplication.translate("Texts", "Hosting the table on this computer…")


def rehosted(invite: str) -> str:
    """The table is re-hosted here: the invite code for players the LAN does not reach."""
    return arg(
        QCoreApplication.translate(
            "Texts",
            "You host this table now. Players on your network find it by themselves; give "
            "the others this invite code if they play from elsewhere: %1",
        ),
        invite,
    )


def abandoned_title() -> str:
    return QCoreApplication.translate("Texts", "The game was abandoned")


def abandoned_text() -> str:
    """The end of an abandoned game: nobody won, nobody is blamed."""
    return QCoreApplication.translate("Texts", "No winner, no score. Nobody is blamed.")


def abandoned_by(by: str, abandon_after: int) -> str:
    """Who adjudicated the game abandoned, after the table's abandonment time (seconds)."""
    if abandon_after % 60 == 0:
        span = QCoreApplication.translate("Texts", "%n minute(s)", None, abandon_after // 60)
    else:
        span = QCoreApplication.translate("Texts", "%n second(s)", None, abandon_after)
    return arg(
        QCoreApplication.translate("Texts", "%1 declared it abandoned after %2 without progress."),
        by,
        span,
    )


def halted_title() -> str:
    return QCoreApplication.translate("Texts", "The game was stopped")


def halted_text(culprit: str | None, reason: str) -> str:
    """The end of a game halted on a member's proven fault (``reason``: what it signed)."""
    if culprit is None:
        return arg(
            QCoreApplication.translate(
                "Texts", "A rule was broken (%1). The record keeps the proof."
            ),
            reason,
        )
    return arg(
        QCoreApplication.translate("Texts", "%1 broke the rules (%2). The record keeps the proof."),
        culprit,
        reason,
    )

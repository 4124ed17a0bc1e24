"""What the table says (:class:`ui.table.TableWidget`): the status line over the board, each
seat's panel status, the end panel's title and scores for a result or for a network game that
ended without one, and the line of the saved record.

Pure functions of a controller's state (:class:`~ui.controller.PlayController`, a game against
bots or over the network) and of how the game ended; the widget shows what they return.

Invariants: nothing here changes the controller, a widget or a scene; every text is worded in
the language in use when called (a language change words it again by calling again); every
string goes through Qt's translation in the table's own context (``TableWidget``, literal
sources, so ``pyside6-lupdate`` finds them and the .ts files keep them where they were); a
spectator's status line says it is watching; an away seat is shown as such until the game is
over or stopped, whoever's turn it is; only a result's winners are called winners.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication

from goldnet.engine import Terminal

from . import texts
from .controller import PlayController


def status_line(c: PlayController) -> str:
    """The line over the board: what the game is at now (paused, the playing seat's turn, a
    choice that chains), worded by the shell or by the game's kit."""
    if getattr(c, "pause", "") and c.phase not in ("over", "stopped"):
        return texts.paused()
    if c.chaining():  # more choices may follow before Confirm: the kit words them
        line = c.kit.turn_status("chain", c.observation(), False)
    elif c.phase == "bot" and c.human is not None and c.playing_seat() == c.human:
        line = c.kit.turn_status("waiting", c.obs, False)  # my own dice: no one "plays"
    else:
        line = texts.status_line(c.phase, c.playing_name()) or c.kit.turn_status(
            c.phase, c.obs, c.selection is not None
        )
    return texts.watching(line) if c.spectating else line


def panel_status(
    c: PlayController, seat: int, active: int | None, result: Terminal | None
) -> tuple[bool, str, bool, bool]:
    """Seat ``seat``'s panel as ``(active, text, winner, away)`` (the arguments of a kit
    scene's ``set_panel_status`` after the seat), ``active`` being the seat on turn and
    ``result`` how the game ended, if it did."""
    away: frozenset[int] = getattr(c, "away", frozenset())
    if seat in away and c.phase not in ("over", "stopped"):
        return False, texts.connection_lost(), False, True
    if c.phase == "stopped":
        return False, "", False, False
    if c.phase == "over":
        won = result is not None and seat in result.winners
        winner = QCoreApplication.translate("TableWidget", "Winner!")
        return False, winner if won else "", won, False
    if seat != active:
        return False, "", False, False
    if seat == c.human:
        if c.phase == "confirm":
            text = QCoreApplication.translate("TableWidget", "Confirm your turn")
        elif c.phase == "sending":
            text = QCoreApplication.translate("TableWidget", "Sending…")
        else:
            text = QCoreApplication.translate("TableWidget", "Your turn")
    elif c.is_bot(seat):
        text = QCoreApplication.translate("TableWidget", "Thinking…")
    else:  # a person: nobody is "thinking" on screen, it is their turn
        text = QCoreApplication.translate("TableWidget", "Their turn")
    return True, text, False, False


def result_words(c: PlayController, result: Terminal) -> tuple[str, str]:
    """The end panel's ``(title, scores)`` for ``result``: who won (shared, this player, another
    seat, or nobody) and the kit's scores — its fuller end summary when it has one."""
    winners = result.winners
    if len(winners) > 1:
        title = texts.arg(
            QCoreApplication.translate("TableWidget", "%1 share the win"),
            texts.name_list([c.names[w] for w in winners]),
        )
    elif winners and winners[0] == c.human:
        title = QCoreApplication.translate("TableWidget", "You win!")
    elif winners:
        title = texts.arg(QCoreApplication.translate("TableWidget", "%1 wins"), c.names[winners[0]])
    else:
        title = texts.game_over()
    summary = getattr(c.kit, "end_summary", None)  # optional: a kit's fuller end screen
    if summary is not None:
        return title, summary(c.names, result, c.obs)
    return title, c.kit.score_line(c.names, result)


def ending_words(c: PlayController, outcome: Any) -> tuple[str, str, str | None]:
    """The end panel's ``(title, text, detail)`` for a network game that ended without a result
    (``outcome``, a ``goldnet.net.client.Outcome``): abandoned (no winner, nobody blamed; the
    detail names who was away, ``""`` when nobody is named) or halted (the member proven at
    fault named; detail ``None``: none shown)."""
    names = c.names
    if outcome.ending == "abandoned":
        by = names[outcome.by] if outcome.by is not None and outcome.by < len(names) else None
        abandon_after = getattr(getattr(c, "table", None), "abandon_after", 600)
        detail = "" if by is None else texts.abandoned_by(by, abandon_after)
        return texts.abandoned_title(), texts.abandoned_text(), detail
    culprit = c.culprit_name(outcome) if hasattr(c, "culprit_name") else None
    return texts.halted_title(), texts.halted_text(culprit, outcome.reason), None


def record_line(path: str | None) -> str:
    """Where the game's record was saved, or that it is being saved (``path`` None)."""
    if path is not None:
        return texts.arg(QCoreApplication.translate("TableWidget", "Record saved: %1"), path)
    return QCoreApplication.translate("TableWidget", "Saving the record…")

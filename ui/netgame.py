"""The controller of a network game: the same signals as the bot game's, moves from the network.

:class:`NetworkController` is a :class:`~ui.controller.PlayController`: clicks, the tentative
action and Undo are local and identical to a game against a bot. What differs:

- the position comes from the network: after every step of the game (the tiles thrown, an
  action applied, the end) the table service sends this seat's :class:`goldnet.view.View` —
  its observation, legal actions and the rules' events since the previous view, never a game
  state — through :class:`ui.network.TableLink`; a view on turn comes with ``trial``, a clone
  of the peer's own rules state to try moves on;
- Confirm sends the tentative actions to the network thread (``TableLink.play``), where the
  lockstep machine signs and broadcasts each in its own envelope, in order (an envelope holds
  one action: a Golden City turn of several choices — the store's purchases, the choice before
  the roll, the roll — chained before one Confirm, as against bots, is several envelopes sent
  together); the table shows the tentative position ("sending") until the view after the last
  of them arrives, each view of one of them ending that one (never animated again);
- views are shown one by one through the same pacer as the bot game's (:mod:`ui.pacer`,
  :meth:`~ui.controller.PlayController._present`): another seat's view as the kit's steps (the
  roll, the line, the collection), each held on screen for the table's pace, its move no sooner
  than the pace's think time after what was shown before it (a bot in this process answers at
  once); the player's own views at once. The end and the network's problems wait their turn
  behind the views before them.

A spectator's controller (``human`` None; :meth:`goldnet.net.service.TableService.join` with
``spectate``) shows the public views its peer makes as it checks every envelope with its own
lockstep machine; it never tries nor sends anything.

Seats are named as the player sees them (:attr:`NetworkController.names`: a bot's name in the
player's language, :func:`ui.kits.seat_name`; the names signed are the table's). A seat played
by a bot of this process (``TableStart.bots``, the table service's word) is a bot on its panel
("Thinking…"); any other is a person's ("Their turn").

A game resumed from its journal shows its earlier turns in the log (the views its peer rebuilt
from the journal, :attr:`goldnet.net.reports.TableStart.past`), then "The game goes on from turn
N."

A move the network refuses (not this seat's turn any more, say) becomes a hint and the
position goes back to the committed one. The rules have already accepted that move on a clone
of the committed position (a rule's refusal is worded from its code there, as against a bot),
and the network's refusal names no code: the hint says, in the player's language, that the
table did not take the move, never the network's English words. A problem that stops the
game (the relay could not be reached) ends it with ``stopped(str)``; once the record is saved,
``recordSaved(str)`` gives its path.

Absence is not cheating. The network thread reports what the game waits for and who is
connected (:class:`goldnet.net.reports.WaitReport`); when the game is paused — a player the game
waits for lost the connection (at once), an automatic message is :data:`PAUSE_AFTER` seconds
late, a move :data:`SLOW_MOVE` seconds — ``pauseChanged(str)`` says so in plain words, with
the time left before the game may be adjudicated abandoned ("" when it goes on). A player who
drops or comes back is logged (and "is back" hinted). How a game ended comes from the
:class:`~goldnet.net.reports.Outcome`'s ``ending``, never from words: over (the result, as
against a bot), abandoned (nobody won, nobody is blamed) or halted (the member proven at
fault is named) — the last two through ``ended(Outcome)``.

Every seat's connection is kept in ``connected`` (``presenceChanged()``; the table lists it).
When the table's relay seems gone — this peer lost its connection to it for a second report in
a row — or stuck — connected, but a reveal, a deck message (:data:`AUTOMATIC`) or a held
message of connected players missing for :data:`RELAY_STUCK` seconds — a member whose relay is
someone else's is offered to host the table itself (``rehostOffered(bool)``;
:meth:`ui.network.TableLink.rehost`, the same as ``goldnet resume --host``); once it does,
``rehosted(str)`` gives the new invite code.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from PySide6.QtCore import QObject, Signal

from goldnet.engine import ChanceOf, GameState, Terminal, TurnOf
from goldnet.net.reports import Outcome, Problem, TableStart, WaitReport
from goldnet.view import View
from protocol.identity import fingerprint

from . import kits, texts
from .controller import PlayController
from .network import TableLink
from .pacer import DEFAULT_SPEED, Pace

PAUSE_AFTER = 5
"""Game-clock seconds without progress before a missing automatic message (a reveal, a held
envelope, the proof) is shown as a pause."""
SLOW_MOVE = 30
"""Game-clock seconds a connected player's move may take before the wait is shown."""
RELAY_STUCK = 15
"""Game-clock seconds a reveal or message of connected players may be missing before the
relay is taken for stuck (and hosting the table here is offered)."""


AUTOMATIC = ("reveal", "envelope", *texts.DECK_WAITS)
"""What a game waits for that a member's program sends without anyone's move: missing from
connected players for long, the relay is taken for stuck."""


class NetworkController(PlayController):
    """One network game at the table (see the module docstring).

    Signals (besides :class:`~ui.controller.PlayController`'s):
        stopped(str): the game cannot go on (the message, in plain words).
        recordSaved(str): the finished game's record was saved at this path.
        pauseChanged(str): why the game is paused, in plain words ("": it is not).
        presenceChanged(): a seat's connection dropped or came back (see ``away``).
        ended(Outcome): the game ended abandoned or halted (no result).
        rehostOffered(bool): whether to offer hosting the table here (module docstring).
        rehosted(str): this player hosts the table now, at this invite code.
        rematchChanged(str, object): a ``rematch-…`` status of the finished table
            (:mod:`ui.rematch`, :meth:`offer_rematch`).
    """

    stopped = Signal(str)
    recordSaved = Signal(str)
    pauseChanged = Signal(str)
    presenceChanged = Signal()
    ended = Signal(object)
    rehostOffered = Signal(bool)
    rehosted = Signal(str)
    rematchChanged = Signal(str, object)

    can_chain = True
    over_network = True

    def __init__(
        self,
        link: TableLink,
        table: TableStart,
        first: View,
        trial: GameState | None,
        colours: tuple[str, ...],
        parent: QObject | None = None,
        bot_delay: int = 700,
    ) -> None:
        """``first``: the game's first view (``trial`` with it when it is on turn); ``table``'s
        seat is None for a spectator; ``colours``: one per seat; ``bot_delay``: the think time
        of the normal pace (ms, 0: nothing held) until the table sets its own
        (:mod:`ui.pacer`)."""
        super().__init__(table.seat, table.game, first, parent)
        self.link = link
        self.table = table
        self.trial = trial
        self.colours = colours
        self.pacer.pace = Pace.of(DEFAULT_SPEED, bot_delay)
        self.result: Terminal | None = None
        self.record: str | None = None
        self.outcome: Outcome | None = None
        self.wait: WaitReport | None = None
        """The network thread's last report."""
        self.pause = ""
        """Why the game is paused, in plain words ("" when it is not)."""
        self.away: frozenset[int] = frozenset()
        """Other seats whose connection the relay last said is down."""
        self.connected: tuple[bool | None, ...] = (None,) * len(table.names)
        """Every seat's connection as last reported (mine: whether I am online; ``None``: not
        known)."""
        self.rehost_offered = False
        """Whether hosting the table here is offered now."""
        self.relay_invite = ""
        """The invite code of the table once this player re-hosted it ("" before)."""
        self._presence: dict[int, bool] = {}
        """The relay's last word on each other seat's connection."""
        self._offline = 0
        """Reports in a row while this peer was not connected to the relay."""
        self._active = True
        self.rematch_offered = False
        """This player offered a rematch (:meth:`offer_rematch`) — or was offered one."""
        link.viewed.connect(self._on_view)
        link.finished.connect(self._on_finished)
        link.failed.connect(self._on_problem)
        link.waited.connect(self._on_wait)
        link.statusChanged.connect(self._on_status)

    @property
    def names(self) -> tuple[str, ...]:
        """Every seat's name as shown: the bots' in the player's language
        (:func:`ui.kits.seat_name`; the names signed are ``table.names``)."""
        return kits.seat_names(self.table.game, self.table.names)

    @property
    def can_rematch(self) -> bool:  # type: ignore[override]
        """Whether the end screen offers Rematch: the game reached its result, and either
        every other seat is a bot of this process (they accept: the same seats get a new table,
        :meth:`rematch_choices`) or this player hosts the table — its relay runs in this
        process and carries the offer to the others (:meth:`offer_rematch`, docs/rematch.md),
        once."""
        human = self.human
        if human is None or self.result is None:
            return False
        if self.bots_only:
            return True
        return self.hosts_relay and not self.rematch_offered

    @property
    def bots_only(self) -> bool:
        """Every seat but this player's is a bot of this process."""
        return all(self.is_bot(s) for s in range(len(self.table.names)) if s != self.human)

    @property
    def hosts_relay(self) -> bool:
        """This player's process runs the table's relay (its key is the relay's)."""
        human = self.human
        if human is None or not self.table.members:
            return False
        return self.table.invite.fingerprint == fingerprint(self.table.members[human])

    def offer_rematch(self) -> None:
        """Offer the other members a rematch (the host of a finished table with people)."""
        if self.can_rematch and not self.bots_only:
            self.rematch_offered = True
            self.link.offer_rematch()

    def answer_rematch(self, accepted: bool) -> None:
        """This member's answer to the host's offer (signed and sent by the network thread)."""
        self.link.answer_rematch(accepted)

    def rematch_choices(self) -> dict[str, Any]:
        """The table to host for a rematch (:meth:`ui.lobby.Lobby.host`'s choices): the
        same game, options, seat count, seat and bots' level."""
        from goldnet import games

        table = self.table
        info = games.get(table.game)
        out: dict[str, Any] = {o.name: v for o, v in zip(info.options, table.options, strict=True)}
        levels = [level for level in table.bots if level]
        out.update(
            game=table.game,
            seats=len(table.names),
            opponent=levels[0] if levels else None,
            seat=self.human if self.human is not None else 0,
        )
        return out

    def is_bot(self, seat: int) -> bool:
        """Whether a bot of this process plays ``seat`` (the table service says so:
        ``TableStart.bots``); a seat of another process is a person's, as far as this
        window knows."""
        bots = self.table.bots
        return seat != self.human and 0 <= seat < len(bots) and bool(bots[seat])

    def start(self) -> None:
        """Show the position the game starts (or resumes) from."""
        self.shown.emit(self.obs, [])
        self.show_past(self.table.past)  # resumed from the journal: the earlier turns
        turn = self.kit.turn_number(self.obs)
        if turn > 0:  # resumed mid-game, or joined mid-game as a spectator
            self.logged.emit(texts.goes_on_from(turn))
        self._settle()
        if self.view.result is not None:
            self._end(self.view.result)

    def shutdown(self) -> None:
        """Stop showing this game (the lobby closes its link, or hosts a rematch through it);
        idempotent."""
        if not self._active:
            return
        self._active = False
        self.pacer.clear()
        for signal, slot in (
            (self.link.viewed, self._on_view),
            (self.link.finished, self._on_finished),
            (self.link.failed, self._on_problem),
            (self.link.waited, self._on_wait),
            (self.link.statusChanged, self._on_status),
        ):
            signal.disconnect(slot)

    # --- from the network ------------------------------------------------------------------

    def _on_view(self, view: View, trial: GameState | None) -> None:
        if self._active:
            self._present(view, trial)

    def _on_finished(self, outcome: Outcome) -> None:
        if self._active:
            self.pacer.add(partial(self._finished, outcome), name="finished")

    def _on_problem(self, problem: Problem) -> None:
        if self._active:
            self.pacer.add(partial(self._problem, problem), name="problem")

    def _on_status(self, kind: str, value: Any) -> None:
        """The table's relay moved here (this player re-hosted it); a rematch's news."""
        if not self._active:
            return
        if kind.startswith("rematch-"):
            self.rematch_offered = True
            self.rematchChanged.emit(kind, value)
            return
        if kind != "rehosted":
            return
        invite, _where = value
        self.relay_invite = str(invite)
        self._offer_rehost(False)
        self.logged.emit(texts.rehosted(self.relay_invite))
        self.rehosted.emit(self.relay_invite)

    def _commit(self, view: View, trial: GameState | None) -> bool:
        """The view after a step becomes this controller's (with ``trial`` when on turn). The
        view of the oldest tentative action ends that one (the others are still on their way);
        the view of any other move, or of the end, ends them all. False: the view is this
        player's own move, shown already while it waited."""
        first = self.chain[0][0] if self.chain else None
        shown_already = first is not None and (self.human, first) in view.moves
        if shown_already:
            self.chain.pop(0)
        elif view.moves or view.result is not None:
            self.tentative = None
        self.view, self.trial = view, trial
        return not shown_already

    def _after_view(self, view: View) -> None:
        """The view is shown: the end it reached, or the phase it asks for."""
        if view.result is not None:
            self._end(view.result)
        else:
            self._settle()

    def _settle(self) -> None:
        """The phase the last view asks for."""
        if self.phase in ("over", "stopped") or self.view.result is not None:
            return  # the end is shown by the view that reached it
        awaiting = self.view.awaiting
        if self.view.on_turn:
            # a move on its way, or one waiting for Confirm — but once the network applied the
            # move (its view ended the tentative one), a turn of several choices goes on
            if self.phase == "confirm" or (self.phase == "sending" and self.tentative is not None):
                return
            self._legal = set(self.view.legal)
            self._set_phase("human")
        elif isinstance(awaiting, TurnOf):
            self._set_phase("bot")
        elif isinstance(awaiting, ChanceOf):  # the tiles of the next turn: whose is it?
            mine = self.human is not None and self.kit.active_seat(self.obs) == self.human
            self._set_phase("waiting" if mine else "bot")
        else:  # a reveal
            self._set_phase("waiting")

    def _end(self, result: Terminal) -> None:
        if self.phase == "over":
            return
        self.result = result
        self.selection = None
        self.selectionChanged.emit(None)
        self.previewChanged.emit(None, True)
        self._set_phase("over")
        self.finished.emit(result)

    def _finished(self, outcome: Outcome) -> None:
        """The game ended: over (its ``over`` step showed the result), abandoned or halted."""
        self.outcome = outcome
        self.record = str(outcome.record)
        if outcome.ending != "over" and self.phase != "over":
            self._set_pause("")
            abandoned = outcome.ending == "abandoned"
            self.logged.emit(texts.abandoned_title() if abandoned else texts.halted_title())
            self.tentative = None
            self.selection = None
            self.shown.emit(self.observation(), [])
            self.selectionChanged.emit(None)
            self.previewChanged.emit(None, True)
            self._set_phase("over")
            self.ended.emit(outcome)
        self._offer_rehost(False)
        self.recordSaved.emit(self.record)

    def culprit_name(self, outcome: Outcome) -> str | None:
        """The name of the member a halted game names (``None``: not a member of this table)."""
        seat = self.table.seat_of(outcome.culprit)
        return None if seat is None else self.names[seat]

    # --- who is away, what the game waits for -----------------------------------------------

    def _on_wait(self, report: WaitReport) -> None:
        """A report of the network thread (at once, not at the pace of the moves shown)."""
        if not self._active or self.phase in ("over", "stopped"):
            return
        self.wait = report
        for seat, connected in enumerate(report.connected):
            before = self._presence.get(seat)
            if seat == self.human or connected is None or connected == before:
                continue
            self._presence[seat] = connected
            name = self.names[seat]
            if not connected:
                self.logged.emit(texts.went_away(name))
            elif before is False:
                self.logged.emit(texts.came_back(name))
                self.hintChanged.emit(texts.came_back(name))
        away = frozenset(s for s, up in self._presence.items() if not up)
        now = tuple(  # others: unknown while I am offline myself
            report.online
            if seat == self.human
            else self._presence.get(seat)
            if report.online
            else None
            for seat in range(len(self.table.names))
        )
        if away != self.away or now != self.connected:
            self.away, self.connected = away, now
            self.presenceChanged.emit()
        self._set_pause(self._pause_text(report))
        self._offer_rehost(self._relay_gone(report))

    def _relay_gone(self, report: WaitReport) -> bool:
        """Whether the table's relay seems gone or stuck (module docstring) — for a member
        whose relay is another's."""
        if self.human is None or self.relay_invite or report.waiting is None:
            return False
        mine = fingerprint(self.table.members[self.human]) if self.table.members else ""
        if self.table.invite.fingerprint == mine:
            return False  # the relay is this process's own
        if not report.online:
            return self._offline >= 2
        waiting = report.waiting
        others = [s for s in waiting.seats if s != self.human]
        return (
            waiting.kind in AUTOMATIC
            and bool(others)
            and not any(s in self.away for s in others)
            and report.idle >= RELAY_STUCK
        )

    def _offer_rehost(self, offered: bool) -> None:
        if offered != self.rehost_offered:
            self.rehost_offered = offered
            self.rehostOffered.emit(offered)

    def _set_pause(self, text: str) -> None:
        if text != self.pause:
            self.pause = text
            self.pauseChanged.emit(text)

    def _pause_text(self, report: WaitReport) -> str:
        """Why the game is paused now, or "" (module docstring)."""
        waiting = report.waiting
        if waiting is None:
            return ""
        if not report.online:  # the client reconnects by itself: a blip is not worth a word
            self._offline += 1
            if self._offline >= 2 or report.idle >= PAUSE_AFTER:
                return texts.offline(report.left)
            return self.pause
        self._offline = 0
        if waiting.kind == "proof":
            return (
                texts.waiting_text("proof", (), report.left) if report.idle >= PAUSE_AFTER else ""
            )
        others = [s for s in waiting.seats if s != self.human]
        gone = [s for s in others if s in self.away]
        if gone:
            return texts.lost_connection([self.names[s] for s in gone], report.left)
        patience = SLOW_MOVE if waiting.kind == "action" else PAUSE_AFTER
        if not others or report.idle < patience:
            return ""
        return texts.waiting_text(waiting.kind, [self.names[s] for s in others], report.left)

    def _problem(self, problem: Problem) -> None:
        if problem.kind == "play":  # the move was refused: take it back
            self.tentative = None
            self.lastMoveChanged.emit(self.last_move)
            self.shown.emit(self.observation(), [])
            self.hintChanged.emit(texts.move_not_taken())
            self.phase = "bot"  # so that _settle recomputes it
            self._settle()
            return
        if self.phase == "over":
            return
        self.tentative = None
        self._set_phase("stopped")
        self.stopped.emit(texts.problem_text(problem))

    # --- the local player --------------------------------------------------------------------

    def confirm(self) -> None:
        """Send the tentative actions, in order; each is committed when the network applies
        it (the table shows the tentative position until the last one is)."""
        if self.phase != "confirm" or self.tentative is None:
            return
        self._set_phase("sending")
        self.link.play(*(action for action, _, _ in self.chain))

"""The pace of the table: the other seats' turns shown step by step, each step long enough to see.

A game moves faster than a person follows it: against a bot, the bot's roll, its line and what it
collected would all be on screen within half a second. So the table shows a game through one
:class:`Pacer`, whatever drives it (:class:`ui.game_controller.GameController` against bots,
:class:`ui.netgame.NetworkController` over the network). A controller *adds* entries in the
order things happened; the pacer runs each entry when its turn comes and keeps what it showed on
screen for the entry's *hold* before it runs the next one.

Who decides what:

- the **shell** owns the pace (:class:`Pace`): how long another seat's step stays on screen
  (``step_ms``) and how long another seat's move waits after what was shown before it
  (``think_ms``: a bot in this process answers at once, a person may too). The player picks
  the speed at the table (:data:`SPEEDS`: slow, normal, fast; :data:`DEFAULT_SPEED`), and the
  window keeps the choice in the profile's settings (``"pace"``);
- the game's **kit** says which steps of its game a view is shown as
  (:meth:`ui.kits.Kit.pace_steps`; Mountains & Rivers: the roll, then the line, then the
  collection, then the turn passing), and which of them are worth holding;
- the **controller** adds the steps of each view (:meth:`ui.controller.PlayController._present`)
  and the game's moves between them (a bot's move is played when the display reaches it).

The player's own steps are never held: only another seat's (a bot's, another player's, every
seat's for a spectator).

Invariants: entries run in the order they were added, each once (:meth:`Pacer.clear` drops those
not run yet); a *step* entry runs no sooner than the hold of the step before it, and no sooner
than its own lead after that step ran; a *quiet* entry (it shows nothing: a phase, a move played)
waits for the hold but leaves the clock alone; timers are precise (a Qt precise timer never
fires early), so a step is on screen for at least its hold — and, when the table gives the
pacer its board's ``busy`` (the scene's ``animating``), a held step stays until its animations
have ended too (at most :data:`ANIMATION_WAIT_MS` more). With the instant pace (holds and
leads 0, what tests use) an entry added to an idle pacer runs at once, inside :meth:`Pacer.add`.
An entry added while another runs is queued behind it, never run inside it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QElapsedTimer, QObject, Qt, QTimer

SPEEDS: tuple[str, ...] = ("slow", "normal", "fast")
"""The speeds a player may choose, slowest first."""
DEFAULT_SPEED = "normal"
THINK_MS = 700
"""At the normal speed: how long another seat's move waits after what was shown before it."""
STEP_MS = 1000
"""At the normal speed: how long each step of another seat's turn stays on screen."""
_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.5}
ANIMATION_WAIT_MS = 3000
"""The longest a held step waits, past its hold, for the board's animations to end."""
POLL_MS = 25
"""How often a held step past its hold looks whether the board's animations ended."""
SCHEDULE_KEPT = 400
"""How many of the last entries run :attr:`Pacer.schedule` keeps."""


@dataclass(frozen=True)
class Pace:
    """How long the table shows the other seats' steps (milliseconds, ≥ 0).

    Attributes:
        think_ms: another seat's move is shown no sooner than this after the step before it.
        step_ms: each held step of another seat's turn stays on screen at least this long.
    """

    think_ms: int
    step_ms: int

    @classmethod
    def of(cls, speed: str, scale_ms: int = THINK_MS) -> Pace:
        """The pace of ``speed`` (one of :data:`SPEEDS`; anything else: the default).

        ``scale_ms`` is the think time of the normal speed (the window's ``bot_delay``): 0 gives
        the instant pace, which tests use."""
        factor = _FACTORS.get(speed, 1.0) * max(0, scale_ms) / THINK_MS
        return cls(round(THINK_MS * factor), round(STEP_MS * factor))


INSTANT = Pace(0, 0)
"""Nothing held: every entry runs as soon as the one before it."""


def speed_of(value: object) -> str:
    """A saved speed setting, or :data:`DEFAULT_SPEED` when it is not one of :data:`SPEEDS`."""
    return value if isinstance(value, str) and value in SPEEDS else DEFAULT_SPEED


@dataclass(frozen=True)
class Shown:
    """One entry the pacer ran: its name, when (ms on the pacer's own clock, which starts when
    the pacer is made), whether it was a step, and how long it was held (ms)."""

    name: str
    at: int
    step: bool
    hold: int


@dataclass(frozen=True)
class _Entry:
    run: Callable[[], None]
    name: str
    step: bool
    hold: int
    lead: int


class Pacer(QObject):
    """A queue of what to show, run in order at a :class:`Pace` (see the module docstring)."""

    def __init__(self, pace: Pace = INSTANT, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.pace = pace
        """The pace the controllers read when they add steps."""
        self.schedule: deque[Shown] = deque(maxlen=SCHEDULE_KEPT)
        """The entries run so far (the last :data:`SCHEDULE_KEPT`), oldest first."""
        self._queue: deque[_Entry] = deque()
        self._clock = QElapsedTimer()
        self._clock.start()
        self._last = -(10**9)
        """When the last step ran (ms on ``_clock``)."""
        self._hold = 0
        """The last step's hold (ms)."""
        self._running = False
        self.busy: Callable[[], bool] | None = None
        """Whether the board is still animating (set by the table; None: never waits)."""
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setTimerType(Qt.TimerType.PreciseTimer)
        self._timer.timeout.connect(self._pump)

    def add(
        self,
        run: Callable[[], None],
        *,
        name: str = "",
        step: bool = False,
        hold: int = 0,
        lead: int = 0,
    ) -> None:
        """Run ``run`` after every entry added before it.

        ``step``: ``run`` shows something (a step of the game): it waits ``lead`` ms after the
        step before it (and that step's hold), and the entries after it wait ``hold`` ms after it
        ran. A quiet entry (``step`` False) waits for the last step's hold only."""
        self._queue.append(_Entry(run, name, step, max(0, hold), max(0, lead)))
        if not self._running and not self._timer.isActive():
            self._pump()

    def clear(self) -> None:
        """Drop every entry not run yet (the game is no longer shown)."""
        self._queue.clear()
        self._timer.stop()

    def idle(self) -> bool:
        """Nothing waits to run (the last step may still be on its hold)."""
        return not self._queue

    def now(self) -> int:
        """The pacer's clock (ms since it was made)."""
        return int(self._clock.elapsed())

    def _animating(self, now: int) -> bool:
        """A held step's animations still run (and have not run too long)."""
        return (
            self._hold > 0
            and self.busy is not None
            and now < self._last + self._hold + ANIMATION_WAIT_MS
            and self.busy()
        )

    def _pump(self) -> None:
        while self._queue and not self._running:
            entry = self._queue[0]
            wait = max(self._hold, entry.lead) if entry.step else self._hold
            due = self._last + wait
            now = self.now()
            if now < due:
                self._timer.start(due - now)
                return
            if self._animating(now):
                self._timer.start(POLL_MS)
                return
            self._queue.popleft()
            if entry.step:
                self._last, self._hold = now, entry.hold
            self.schedule.append(Shown(entry.name, now, entry.step, entry.hold))
            self._running = True
            try:
                entry.run()
            finally:
                self._running = False

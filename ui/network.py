"""The bridge between the GUI thread and the network thread.

:class:`NetBridge` starts one long-lived asyncio thread
(:class:`goldnet.net.loop.LoopThread`) with the window and joins it on quit. It browses the
LAN for tables (``tableSeen``) and makes :class:`TableLink` objects, one per network game:
the GUI's link to a :class:`goldnet.net.service.TableService` — the same table service the
command line uses — living in the loop thread.

Threads: the loop thread never touches a widget. What it reports goes through one signal per
object (``_posted``), connected with ``Qt.QueuedConnection`` to a slot of that object, which
lives in the GUI thread; the slot re-emits it as a plain GUI-thread signal, in the order it was
posted. The GUI calls into the loop with ``run_coroutine_threadsafe`` / ``call_soon_threadsafe``
(:meth:`LoopThread.submit` / :meth:`LoopThread.call`) and never waits for an answer — except
:meth:`NetBridge.shutdown` at quit, bounded by a timeout.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt, Signal, Slot

from goldnet.engine import Claimer, GameState
from goldnet.net.discovery import interfaces_from_env
from goldnet.net.invite import Invite
from goldnet.profile import Profile
from goldnet.view import View

from . import kits

if TYPE_CHECKING:  # imported in the network thread when it starts, not at launch
    from goldnet.net.discovery import Browser
    from goldnet.net.loop import LoopThread
    from goldnet.net.reports import Outcome, Problem, TableStart, WaitReport
    from goldnet.net.service import TableService

log = logging.getLogger("goldnet.ui.network")

SHUTDOWN_TIMEOUT = 8.0


def kit_claimer(game: str) -> Claimer | None:
    """The claims of the player's seat at a network table, as against bots: the game's kit's
    ``claimer()`` (Golden City: the mission announced as soon as it is fulfilled), or None.
    Called in the network thread, as a reveal is signed."""
    make = getattr(kits.get(game), "claimer", None)
    return None if make is None else make()


class TableLink(QObject):
    """The GUI's handle on one network game: a :class:`goldnet.net.service.TableService`
    living in the loop thread, whose listener this is. Its signals are emitted in the GUI
    thread, in order.

    Signals:
        statusChanged(str, object): ``hosting`` (Invite), ``announced`` (bool),
            ``connecting`` (Invite), ``seated`` (Invite), ``resuming`` ((Path, int)),
            ``rehosted`` ((Invite, str)); a rematch's (:mod:`goldnet.net.rematch`):
            ``rematch-offered`` (seconds), ``rematch-answer`` ((seat, accepted)),
            ``rematch-silent`` (seats), ``rematch-none``, ``rematch-hosting`` (the new table
            opens through this link), ``rematch-offer`` ((host seat, seconds)) and
            ``rematch-table`` ((Invite, game, options, member keys)) at a member's.
        started(TableStart): the game started (or a resumed one stands where it was); the
            first view follows.
        viewed(View, object): what the local seat may know after a step, with a clone of the
            peer's rules state to try moves on when the seat is on turn (else None).
        waited(WaitReport): what the game waits for and who is connected (after every step
            and presence notice, and once a second while the game runs).
        finished(Outcome): the game ended — over, abandoned or halted; its record is saved.
        failed(Problem): the game could not start or go on, or a move was refused.
        closed(): everything of this game stopped (after :meth:`close`).
    """

    statusChanged = Signal(str, object)
    started = Signal(object)
    viewed = Signal(object, object)
    waited = Signal(object)
    finished = Signal(object)
    failed = Signal(object)
    closed = Signal()
    _posted = Signal(str, object)

    def __init__(
        self,
        bridge: NetBridge,
        profile: Profile,
        name: str,
        interfaces: list[str] | None,
        probe_timeout: float | None = None,
    ) -> None:
        super().__init__()
        self._bridge = bridge
        self._posted.connect(self._deliver, Qt.ConnectionType.QueuedConnection)
        self._profile, self._name, self._interfaces = profile, name, interfaces
        self._probe_timeout = probe_timeout
        self.service = self._new_service()
        self.invite: Invite | None = None
        self.outcome: Outcome | None = None
        self.is_closed = False
        self._closing = False

    def closing(self) -> bool:
        """Whether :meth:`close` was called."""
        return self._closing

    def _new_service(self) -> TableService:
        from goldnet.net.connection import PROBE_TIMEOUT
        from goldnet.net.service import TableService

        return TableService(
            self._profile,
            self,
            self._name,
            interfaces=self._interfaces,
            probe_timeout=PROBE_TIMEOUT if self._probe_timeout is None else self._probe_timeout,
            claimer_for=kit_claimer,
        )

    # --- the service's listener (goldnet.net.reports.Listener), in the loop thread: post ----

    def on_status(self, kind: str, value: Any) -> None:
        self._posted.emit("status", (kind, value))

    def on_started(self, table: TableStart) -> None:
        self._posted.emit("started", table)

    def on_view(self, view: View, trial: GameState | None) -> None:
        self._posted.emit("view", (view, trial))

    def on_wait(self, report: WaitReport) -> None:
        self._posted.emit("wait", report)

    def on_finished(self, outcome: Outcome) -> None:
        self._posted.emit("finished", outcome)

    def on_problem(self, problem: Problem) -> None:
        self._posted.emit("problem", problem)

    @Slot(str, object)
    def _deliver(self, kind: str, value: Any) -> None:
        """In the GUI thread: re-emit what the loop posted."""
        if kind == "closed":
            self.is_closed = True
            self.closed.emit()
            return
        if self.is_closed:
            return
        if kind == "status":
            status, detail = value
            if isinstance(detail, Invite):
                self.invite = detail
            self.statusChanged.emit(status, detail)
        elif kind == "started":
            self.started.emit(value)
        elif kind == "view":
            self.viewed.emit(*value)
        elif kind == "wait":
            self.waited.emit(value)
        elif kind == "finished":
            self.outcome = value
            self.finished.emit(value)
        elif kind == "problem":
            self.failed.emit(value)

    # --- the GUI's calls into the loop: they return at once -------------------------------

    def host(self, game: str, **options: Any) -> None:
        """See :meth:`goldnet.net.service.TableService.host` (the port is the bridge's)."""
        options.setdefault("port", self._bridge.port)
        self._submit(self.service.host(game, **options))

    def join(self, invite: Invite, *, spectate: bool = False, rematch: Any = None) -> None:
        """See :meth:`goldnet.net.service.TableService.join` (``rematch``: the finished
        table's game, options and members, for a rematch this member accepted)."""
        self._submit(self.service.join(invite, spectate=spectate, rematch=rematch))

    def offer_rematch(self, seconds: int | None = None) -> None:
        """The host of the finished table offers a rematch (:func:`goldnet.net.rematch.offer`);
        once the answers are in, the new table is hosted through this same link (its
        finished table's relay is kept open for the note that tells the members where)."""
        self._bridge.loop_thread.submit(self._rematch(seconds))

    async def _rematch(self, seconds: int | None) -> None:
        from goldnet import games
        from goldnet.net import rematch
        from goldnet.net.reports import Problem

        old = self.service
        try:
            plan = await rematch.offer(old, seconds or rematch.OFFER_SECONDS)
        except rematch.RematchError as exc:
            self.on_problem(Problem("failed", detail=str(exc)))
            return
        if plan is None or self.closing():
            return
        self.on_status("rematch-hosting", None)
        old.relay = None  # kept open by the new service, for the table's note
        await old.close()
        service = self._new_service()
        self.service = service
        info = games.get(plan.game)
        await service.guard(
            service.host(
                plan.game,
                seats=len(plan.seats),
                options={o.name: v for o, v in zip(info.options, plan.options, strict=True)},
                bots=list(plan.bots),
                port=0,  # the finished table's relay holds its port until the members know
                abandon_after=plan.abandon_after,
                rematch=plan,
            )
        )

    def answer_rematch(self, accepted: bool) -> None:
        """This member's answer to the host's rematch offer."""
        self._bridge.loop_thread.call(self.service.answer_rematch, accepted)

    def resume(self, path: Path) -> None:
        """Go on with the interrupted game of journal ``path``, played by hand here."""
        self._submit(self.service.resume(path, by_hand=True))

    def rehost(self) -> None:
        """Host this table here, from this member's journal: the running game's peer stops
        (its journal stays), and a new service resumes it through a relay of this member's,
        announced on the LAN with the game id — what ``goldnet resume --host`` does. The same
        signals follow: ``rehosted`` with the new invite code, then the views of the game going
        on; a problem (a game not started, a port) comes as ``failed``."""
        self._bridge.loop_thread.submit(self._rehost())

    async def _rehost(self) -> None:
        old = self.service
        peer = old.peer
        journal = peer.journal if peer is not None else None
        if journal is None or self.closing():
            from goldnet.net.reports import Problem

            self.on_problem(Problem("journal", detail="this game has no journal to host it from"))
            return
        path = journal.path
        await old.close()  # its peer stops, its journal closes (the game is not over)
        if self.closing():
            return
        service = self._new_service()
        self.service = service
        await service.guard(service.resume(path, by_hand=True, rehost=True))

    def _submit(self, coro: Any) -> None:
        # Only once the window's previous games have closed: a game resumed at once after
        # leaving would find the profile's lock (and its relay's port) still held by the game
        # that is closing — "in use by another goldnet process".
        before = [f for f in self._bridge.closing if not f.done()]
        self._bridge.loop_thread.submit(_after(before, self.service.guard(coro)))

    def play(self, *actions: tuple[Any, ...]) -> None:
        """Send the local player's confirmed moves, in order, each in its own envelope; the
        first one refused (reported as a ``play`` problem) drops those after it."""
        self._bridge.loop_thread.call(self._play_in_order, actions)

    def _play_in_order(self, actions: tuple[tuple[Any, ...], ...]) -> None:
        """On the loop: each action, as long as the ones before were taken."""
        for action in actions:
            if not self.service.play(action):
                return

    def close(self) -> None:
        """Stop this game in the loop thread; ``closed`` follows (idempotent)."""
        bridge = self._bridge
        self._closing = True
        if self in bridge.links:
            bridge.links.remove(self)
            bridge.closing = [f for f in bridge.closing if not f.done()]
            bridge.closing.append(bridge.loop_thread.submit(self._close()))

    async def _close(self) -> None:
        try:
            await self.service.close()
        finally:
            self._posted.emit("closed", None)


async def _after(before: list[Any], coro: Any) -> None:
    """Run ``coro`` once the futures ``before`` are done (whatever their outcome: a game that
    failed to close cleanly still let go of what it held, or never will)."""
    import asyncio  # here: the lobby's first paint needs no asyncio
    import contextlib

    try:
        for future in before:
            with contextlib.suppress(Exception):
                await asyncio.wrap_future(future)
    except BaseException:
        coro.close()  # cancelled while waiting: never started
        raise
    await coro


class NetBridge(QObject):
    """The network thread of the window: LAN browsing and network games (module docstring).

    Args:
        interfaces: mDNS interfaces (``None``: from ``GOLDNET_MDNS_INTERFACES``, else all).
        port: the TCP port a hosted table listens on (``None``: the usual one, or another
            free one if it is taken; 0: any free port).

    Signals:
        tableSeen(str, TableInfo): ``added`` / ``updated`` / ``removed``.
        browseFailed(str): LAN discovery could not start (the reason).
    """

    tableSeen = Signal(str, object)
    browseFailed = Signal(str)
    _posted = Signal(str, object)

    def __init__(
        self,
        profile: Profile,
        interfaces: list[str] | None = None,
        port: int | None = None,
        probe_timeout: float | None = None,
    ) -> None:
        super().__init__()
        self.profile = profile
        self.interfaces = interfaces
        self.port = port
        self.probe_timeout = probe_timeout
        self._loop_thread: LoopThread | None = None
        self.links: list[TableLink] = []
        self.closing: list[Any] = []
        self._browser: Browser | None = None
        self._posted.connect(self._deliver, Qt.ConnectionType.QueuedConnection)

    @property
    def loop_thread(self) -> LoopThread:
        """The network thread (made on first use: asyncio is not what the lobby's first paint
        needs)."""
        if self._loop_thread is None:
            from goldnet.net.loop import LoopThread

            self._loop_thread = LoopThread()
        return self._loop_thread

    @classmethod
    def from_environment(cls, profile: Profile, **kwargs: Any) -> NetBridge:
        """Interfaces from ``GOLDNET_MDNS_INTERFACES`` (a bad value: every interface)."""
        try:
            interfaces = interfaces_from_env()
        except ValueError as exc:
            log.warning("%s", exc)
            interfaces = None
        return cls(profile, interfaces, **kwargs)

    def start(self) -> None:
        """Start the thread and LAN browsing (idempotent; returns at once)."""
        if self.loop_thread.running:
            return
        self.loop_thread.start()
        self.loop_thread.submit(self._browse())

    async def _browse(self) -> None:
        from goldnet.net.discovery import Browser

        browser = Browser(
            self.interfaces, on_event=lambda kind, table: self._posted.emit(kind, table)
        )
        self._browser = browser
        try:
            await browser.start()
        except Exception as exc:  # DiscoveryError, OSError: no LAN list, the rest works
            log.warning("LAN discovery failed: %s", exc)
            self._posted.emit("failed", str(exc))

    @Slot(str, object)
    def _deliver(self, kind: str, value: Any) -> None:
        if kind == "failed":
            self.browseFailed.emit(value)
        else:
            self.tableSeen.emit(kind, value)

    def link(self, name: str) -> TableLink:
        """A new network game for the local player called ``name``."""
        link = TableLink(self, self.profile, name, self.interfaces, self.probe_timeout)
        self.links.append(link)
        return link

    def shutdown(self, timeout: float = SHUTDOWN_TIMEOUT) -> None:
        """Close every game and the LAN browser, stop the thread and join it (idempotent).

        The only call that waits for the loop, once, at quit.
        """
        if self._loop_thread is None or not self._loop_thread.running:
            return
        if self.loop_thread.in_loop_thread():  # a finalizer in the loop thread: cannot wait
            self.loop_thread.stop()
            return
        for link in list(self.links):
            link.close()
        browser, self._browser = self._browser, None
        if browser is not None:
            self.closing.append(self.loop_thread.submit(browser.close()))
        for future in self.closing:
            try:
                future.result(timeout)
            except Exception as exc:  # a timeout, or a failure while closing: stop anyway
                log.warning("closing the network: %s", exc or type(exc).__name__)
        self.closing.clear()
        self.loop_thread.stop(timeout)

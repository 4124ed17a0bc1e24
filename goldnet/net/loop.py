"""Time and threads of the network layer; no Qt here.

:class:`LoopThread` is the network thread of the desktop client: one asyncio loop in its own
thread. The GUI calls into it with :meth:`LoopThread.submit` (``asyncio.run_coroutine_threadsafe``)
and :meth:`LoopThread.call` (``loop.call_soon_threadsafe``) and never waits for an answer —
except :meth:`LoopThread.stop` at quit (bounded). What the loop's tasks and callbacks let
escape goes to :func:`unhandled`: a network error is one warning line in goldnet's log, any
other exception is a bug — logged with its traceback and reported as a crash report of the run
(:func:`goldnet.diagnostics.report_uncaught`), while the loop goes on.

:class:`GameClock` is a network peer's game clock: integer milliseconds for the lockstep
machine, advanced once a second by the peer.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import logging
import os
import threading
from collections.abc import Callable, Coroutine
from typing import Any

from .. import diagnostics

log = logging.getLogger("goldnet.net.loop")


def unhandled(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
    """The network loop's exception handler (module docstring): ``context`` is asyncio's
    (``message``, ``exception``, ``task`` …)."""
    error = context.get("exception")
    message = str(context.get("message") or "unhandled error in the network loop")
    if not isinstance(error, Exception) or isinstance(error, OSError):
        log.warning("%s: %s", message, error or context)
        return
    log.error("%s", message, exc_info=error)
    where = f"thread {threading.current_thread().name}: {message}"
    diagnostics.report_uncaught(type(error), error, error.__traceback__, where)


class LoopThread:
    """An asyncio event loop running forever in its own (daemon) thread until :meth:`stop`."""

    def __init__(self, name: str = "goldnet-net") -> None:
        self.name = name
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()

    @property
    def loop(self) -> asyncio.AbstractEventLoop:
        if self._loop is None:
            raise RuntimeError("the network thread is not running")
        return self._loop

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def start(self) -> None:
        """Start the thread and wait until its loop runs (idempotent)."""
        if self.running:
            return
        self._ready.clear()
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()
        self._ready.wait(10)

    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        asyncio.set_event_loop(loop)
        loop.set_exception_handler(unhandled)
        self._loop = loop
        loop.call_soon(self._ready.set)
        try:
            loop.run_forever()
        finally:
            try:
                tasks = asyncio.all_tasks(loop)
                for task in tasks:
                    task.cancel()
                loop.run_until_complete(asyncio.gather(*tasks, return_exceptions=True))
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()

    def submit(self, coro: Coroutine[Any, Any, Any]) -> concurrent.futures.Future[Any]:
        """Run ``coro`` on the loop; returns at once (a future the caller may ignore)."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop)

    def call(self, fn: Callable[..., Any], *args: Any) -> None:
        """Call ``fn(*args)`` on the loop, soon; returns at once."""
        self.loop.call_soon_threadsafe(fn, *args)

    def in_loop_thread(self) -> bool:
        return self._thread is not None and threading.current_thread() is self._thread

    def stop(self, timeout: float = 10.0) -> None:
        """Stop the loop (pending tasks are cancelled and awaited) and join the thread.

        Called from the loop thread itself (a finalizer can run anywhere), it only asks the
        loop to stop.
        """
        thread, loop = self._thread, self._loop
        if thread is None or loop is None:
            return
        if self.in_loop_thread():
            loop.stop()
            return
        if thread.is_alive():
            with contextlib.suppress(RuntimeError):  # the loop already closed
                loop.call_soon_threadsafe(loop.stop)
            thread.join(timeout)
        if not thread.is_alive():
            self._thread = None
            self._loop = None


_SCALE = os.environ.get("GOLDNET_TIME_SCALE", "1")
TIME_SCALE = int(_SCALE) if _SCALE.isdigit() and 1 <= int(_SCALE) <= 3600 else 1
"""Game-clock seconds per real second (tests only: ``GOLDNET_TIME_SCALE=60`` makes the
abandonment time of a table pass 60 times faster; 1 in real play)."""


class GameClock:
    """Milliseconds of game time (integer time for the lockstep machine); :meth:`tick` once
    a real second, :meth:`advance` to move it on by hand (tests)."""

    def __init__(self) -> None:
        self.now = 0

    def __call__(self) -> int:
        return self.now

    def tick(self) -> None:
        """One real second passed: :data:`TIME_SCALE` seconds of game time."""
        self.now += 1000 * TIME_SCALE

    def advance(self, ms: int) -> None:
        self.now += ms

"""When something goes wrong: the log file and the crash report (docs/install.md, "Logs and
crash reports").

- **Logs** (:func:`setup_logging`): goldnet's loggers (``goldnet.*``) write to ``goldnet.log``
  in the platform's user log folder (``platformdirs.user_log_dir``), or in ``logs/`` of the
  profile when the profile is not the default one (``GOLDNET_HOME``, ``--profile``: two
  players on one computer keep two logs), or in ``GOLDNET_LOG_DIR``. The file rotates at
  :data:`LOG_BYTES`, keeping :data:`LOG_BACKUPS` old files. The last :data:`TAIL_LINES` lines
  are also kept in memory for a crash report.
- **Crash reports** (:func:`write_crash_report`): an exception nothing caught is written to
  ``crashes/crash-YYYYMMDD-HHMMSS.txt`` in the profile folder, beside the journal: the
  traceback, the versions (goldnet, Python, Qt, the system), the last log lines. The next start
  lists the reports not yet offered (:func:`unseen_reports`) and marks them offered
  (:func:`mark_seen`).
- **What nothing caught** (:class:`CrashReporter`, installed by the window for its run): the
  main thread's exceptions and those Qt's bindings hand to ``sys.excepthook`` (a slot, a
  virtual method), other threads' (``threading.excepthook``), the network loop's and the
  dealing worker's bugs (:func:`report_uncaught`), and native crashes: ``faulthandler`` writes
  into ``faults-<profile>.log`` in the log folder, emptied at a clean end; a start that finds
  something in it turns it into a report (:func:`collect_native_crash`). One report per run.

Invariant: nothing in a report or in the log's tail is a secret — the traceback is text only
(no local variables), and every line goes through :func:`redact`, which replaces invite codes
and every random-looking run of key-like characters (hex, base32, base64) before it is
written. The profile's key file is never read here.
"""

from __future__ import annotations

import collections
import contextlib
import faulthandler
import hashlib
import logging
import logging.handlers
import os
import platform
import re
import sys
import threading
import time
import traceback
from pathlib import Path
from types import TracebackType
from typing import IO, Any

import platformdirs

from . import __version__

LOG_BYTES = 1_000_000
"""Size (bytes) at which the log file rotates."""
LOG_BACKUPS = 3
"""Rotated log files kept (``goldnet.log.1`` … ``.3``)."""
TAIL_LINES = 200
"""Log lines kept in memory for a crash report."""
LOG_ENV = "GOLDNET_LOG_DIR"
CRASHES = "crashes"
SEEN_SUFFIX = ".seen"
FAULTS_HEADER = "goldnet run"
"""The first line of a faults file: the run's versions (its start, not a fault)."""

_INVITE = re.compile(r"goldnet://\S+")
_KEYLIKE = re.compile(r"[A-Za-z0-9+/_-]{16,}")
_PIECE = re.compile(r"[/_-]")
_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def _random_looking(token: str) -> bool:
    """A piece of 16 or more characters mixing letters and digits: a key, token, seed or
    signature in hex, base32 or base64 — not a word, a path or a readable name."""
    return any(
        len(piece) >= 16 and any(c.isdigit() for c in piece) and any(c.isalpha() for c in piece)
        for piece in _PIECE.split(token)
    )


def redact(text: str) -> str:
    """``text`` without what could be a secret: invite codes become ``goldnet://<invite>``;
    a run of key-like characters (``[A-Za-z0-9+/_-]``) holding a random-looking piece (16 or
    more characters mixing letters and digits between ``/``, ``_``, ``-``) becomes
    ``<redacted>``. Words, paths, public fingerprints in groups of four are kept."""
    text = _INVITE.sub("goldnet://<invite>", text)
    return _KEYLIKE.sub(lambda m: "<redacted>" if _random_looking(m.group(0)) else m.group(0), text)


class _Tail(logging.Handler):
    """The last :data:`TAIL_LINES` formatted, redacted log lines, in memory."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: collections.deque[str] = collections.deque(maxlen=TAIL_LINES)
        self.setFormatter(logging.Formatter(_FORMAT))

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.lines.extend(redact(self.format(record)).splitlines())
        except Exception:  # a log line must never crash the program
            self.handleError(record)


class _RedactingFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


_tail = _Tail()
_saved_level: list[int] = []


def log_dir(profile_folder: Path | None = None, *, default_profile: bool = True) -> Path:
    """Where the log file goes (see the module docstring); not created."""
    override = os.environ.get(LOG_ENV)
    if override:
        return Path(override).expanduser()
    if profile_folder is not None and not default_profile:
        return profile_folder / "logs"
    return Path(platformdirs.user_log_dir("goldnet", appauthor=False))


def setup_logging(folder: Path, level: int = logging.INFO) -> Path | None:
    """Send goldnet's log to ``folder/goldnet.log`` (rotating) and to the in-memory tail.

    Returns the log file, or None when it cannot be written (then only the tail is kept; a
    read-only log folder never stops the program). Calling it again replaces the handlers.
    """
    logger = logging.getLogger("goldnet")
    for handler in list(logger.handlers):
        if isinstance(handler, logging.handlers.RotatingFileHandler):
            logger.removeHandler(handler)
            handler.close()
    if _tail not in logger.handlers:
        logger.addHandler(_tail)
        _saved_level.append(logger.level)
    logger.setLevel(min(level, logger.level or level))
    path = folder / "goldnet.log"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(
            path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8", delay=True
        )
    except OSError:
        return None
    handler.setFormatter(_RedactingFormatter(_FORMAT))
    handler.setLevel(level)
    logger.addHandler(handler)
    return path


def stop_logging() -> None:
    """Undo :func:`setup_logging`: its handlers removed, the logger's level as it was."""
    logger = logging.getLogger("goldnet")
    for handler in list(logger.handlers):
        if handler is _tail or isinstance(handler, logging.handlers.RotatingFileHandler):
            logger.removeHandler(handler)
            if handler is not _tail:
                handler.close()
    if _saved_level:
        logger.setLevel(_saved_level.pop())


def log_tail() -> list[str]:
    """The last log lines kept in memory (redacted), oldest first."""
    return list(_tail.lines)


def versions() -> dict[str, str]:
    """goldnet's, Python's, Qt's (when loaded) and the system's versions."""
    found = {
        "goldnet": __version__,
        "python": sys.version.split()[0],
        "system": f"{platform.system()} {platform.release()} {platform.machine()}",
        "frozen": "bundle" if getattr(sys, "frozen", False) else "python",
    }
    pyside = sys.modules.get("PySide6")
    if pyside is not None:
        found["pyside6"] = str(getattr(pyside, "__version__", "?"))
        core = sys.modules.get("PySide6.QtCore")
        if core is not None:
            found["qt"] = str(core.qVersion())
    return found


def report_text(
    kind: type[BaseException],
    error: BaseException,
    trace: TracebackType | None,
    where: str = "",
) -> str:
    """The crash report's text: what happened (``where``: the thread or loop it happened in,
    when not the main thread), the versions, the traceback, the log's tail — every line
    redacted (:func:`redact`)."""
    lines = ["goldnet crash report", time.strftime("%Y-%m-%d %H:%M:%S %z"), ""]
    lines += [f"{name}: {value}" for name, value in versions().items()]
    if where:
        lines += [f"where: {where}"]
    lines += ["", "Traceback:"]
    lines += "".join(traceback.format_exception(kind, error, trace)).rstrip().splitlines()
    lines += ["", f"Last log lines ({len(_tail.lines)}):", *log_tail()]
    return "\n".join(redact(line) for line in lines) + "\n"


def write_crash_report(
    profile_folder: Path,
    kind: type[BaseException],
    error: BaseException,
    trace: TracebackType | None,
    where: str = "",
) -> Path | None:
    """Write a crash report into ``profile_folder/crashes/``; its path, or None if it could
    not be written (a crash while reporting a crash is not raised)."""
    return _write_report(profile_folder, report_text(kind, error, trace, where))


def _write_report(profile_folder: Path, text: str) -> Path | None:
    folder = profile_folder / CRASHES
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{stamp}.txt"
        serial = 1
        while path.exists() and serial < 100:
            path = folder / f"crash-{stamp}-{serial}.txt"
            serial += 1
        path.write_text(text, encoding="utf-8")
    except OSError:
        return None
    logging.getLogger("goldnet.crash").error("crash report written: %s", path)
    return path


# --- native crashes: faulthandler's file in the log folder ---------------------------------


def faults_file(profile_folder: Path, log_folder: Path) -> Path:
    """Where ``faulthandler`` writes for the window of ``profile_folder``: in the log folder,
    named after the profile (one window per profile: one writer per file, even when several
    profiles share a log folder)."""
    digest = hashlib.sha256(str(profile_folder.resolve()).encode()).hexdigest()[:8]
    return log_folder / f"faults-{digest}.log"


def _log_file_tail(log_folder: Path) -> list[str]:
    try:
        with (log_folder / "goldnet.log").open(encoding="utf-8", errors="replace") as file:
            return list(collections.deque(file.read().splitlines(), maxlen=TAIL_LINES))
    except OSError:
        return []


def collect_native_crash(profile_folder: Path, log_folder: Path) -> Path | None:
    """Turn what ``faulthandler`` wrote during the last run into a crash report (the run's
    versions from the file's first line, the fault and the threads' stacks, the last lines of
    the log file), redacted; the faults file is removed. The report's path, or None when the
    last run ended cleanly (no file), was killed (nothing past its first line) or the report
    could not be written. Call it before this run logs anything."""
    path = faults_file(profile_folder, log_folder)
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    first, _, fault = text.partition("\n")
    report = None
    if fault.strip():
        tail = _log_file_tail(log_folder)
        lines = ["goldnet crash report (native)", time.strftime("%Y-%m-%d %H:%M:%S %z"), ""]
        lines += [first if first.startswith(FAULTS_HEADER) else "goldnet run: (unknown)"]
        lines += ["", "Fault (faulthandler):", *fault.rstrip().splitlines()]
        lines += ["", f"Last log lines ({len(tail)}):", *tail]
        report = _write_report(profile_folder, "\n".join(redact(x) for x in lines) + "\n")
    try:
        path.unlink()
    except OSError:
        return None  # kept: it would be reported again, rather than lost
    return report


# --- what nothing caught -------------------------------------------------------------------

_active: list[CrashReporter] = []


def report_uncaught(
    kind: type[BaseException],
    error: BaseException,
    trace: TracebackType | None,
    where: str = "",
) -> Path | None:
    """Report a bug that something caught only to keep running (the network loop's handler,
    the dealing worker) through the installed :class:`CrashReporter`; nothing when none is
    installed (a command-line run, a test). The report's path, or None."""
    return _active[-1].report(kind, error, trace, where) if _active else None


class CrashReporter:
    """The crash reports of one run of one profile's window (module docstring): at most one
    report per run, beside the journal. :meth:`install` sets the hooks, :meth:`uninstall`
    restores them (a clean end: the faults file is removed)."""

    def __init__(self, profile_folder: Path, log_folder: Path | None) -> None:
        self.profile_folder = profile_folder
        self.log_folder = log_folder
        self.written: Path | None = None
        """This run's report, once written."""
        self._lock = threading.Lock()
        self._saved: tuple[Any, Any, bool] | None = None
        self._faults: IO[str] | None = None

    def install(self) -> Path | None:
        """Collect the last run's native crash (:func:`collect_native_crash`), then hook
        ``sys.excepthook``, ``threading.excepthook`` and ``faulthandler``; the collected
        report's path, or None."""
        collected = None
        if self.log_folder is not None:
            collected = collect_native_crash(self.profile_folder, self.log_folder)
        self._saved = (sys.excepthook, threading.excepthook, faulthandler.is_enabled())
        previous, previous_thread = sys.excepthook, threading.excepthook

        def hook(
            kind: type[BaseException], error: BaseException, trace: TracebackType | None
        ) -> None:
            self.report(kind, error, trace)
            previous(kind, error, trace)

        def thread_hook(args: threading.ExceptHookArgs) -> None:
            name = args.thread.name if args.thread is not None else "?"
            if args.exc_value is not None:
                self.report(args.exc_type, args.exc_value, args.exc_traceback, f"thread {name}")
            previous_thread(args)

        sys.excepthook = hook
        threading.excepthook = thread_hook
        self._start_faults()
        _active.append(self)
        return collected

    def _start_faults(self) -> None:
        if self.log_folder is None:
            return
        path = faults_file(self.profile_folder, self.log_folder)
        run = " ".join(f"{name}={value}" for name, value in versions().items())
        try:
            self.log_folder.mkdir(parents=True, exist_ok=True)
            file = path.open("w", encoding="utf-8")
            file.write(f"{FAULTS_HEADER}: {run} started {time.strftime('%Y-%m-%d %H:%M:%S %z')}\n")
            file.flush()
            faulthandler.enable(file, all_threads=True)
        except (OSError, ValueError, RuntimeError):
            return  # no native crash report this run; the rest works
        self._faults = file

    def report(
        self,
        kind: type[BaseException],
        error: BaseException,
        trace: TracebackType | None,
        where: str = "",
    ) -> Path | None:
        """Write the report of this error unless this run wrote one already (or it is the
        player's Ctrl+C, or a thread's ``SystemExit``); the path written, or None."""
        if issubclass(kind, KeyboardInterrupt | SystemExit):
            return None
        with self._lock:
            if self.written is not None:
                return None
            self.written = write_crash_report(self.profile_folder, kind, error, trace, where)
            return self.written

    def uninstall(self) -> None:
        """Restore the hooks and stop ``faulthandler`` (re-enabled on standard error when it
        was before); the faults file is removed: this run ended without a native crash."""
        if self in _active:
            _active.remove(self)
        if self._saved is None:
            return
        hook, thread_hook, faults_were_enabled = self._saved
        self._saved = None
        sys.excepthook = hook
        threading.excepthook = thread_hook
        if self._faults is None:
            return
        faulthandler.disable()
        if faults_were_enabled and sys.__stderr__ is not None:
            with contextlib.suppress(OSError, ValueError, RuntimeError):
                faulthandler.enable(sys.__stderr__, all_threads=True)
        file, self._faults = self._faults, None
        file.close()
        with contextlib.suppress(OSError):
            Path(file.name).unlink()


def unseen_reports(profile_folder: Path) -> list[Path]:
    """The crash reports of ``profile_folder`` not yet offered to the player, oldest first."""
    folder = profile_folder / CRASHES
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob("crash-*.txt") if p.is_file())


def mark_seen(report: Path) -> Path:
    """Mark a report as offered (renamed ``….txt.seen``, kept); the new path."""
    seen = report.with_name(report.name + SEEN_SUFFIX)
    try:
        report.replace(seen)
    except OSError:
        return report
    return seen

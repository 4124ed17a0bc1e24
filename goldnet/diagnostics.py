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

Invariant: nothing in a report or in the log's tail is a secret — the traceback is text only
(no local variables), and every line goes through :func:`redact`, which replaces invite codes
and every random-looking run of key-like characters (hex, base32, base64) before it is
written. The profile's key file is never read here.
"""

from __future__ import annotations

import collections
import logging
import logging.handlers
import os
import platform
import re
import sys
import time
import traceback
from pathlib import Path
from types import TracebackType

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
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> str:
    """The crash report's text: what happened, the versions, the traceback, the log's tail —
    every line redacted (:func:`redact`)."""
    lines = ["goldnet crash report", time.strftime("%Y-%m-%d %H:%M:%S %z"), ""]
    lines += [f"{name}: {value}" for name, value in versions().items()]
    lines += ["", "Traceback:"]
    lines += "".join(traceback.format_exception(kind, error, trace)).rstrip().splitlines()
    lines += ["", f"Last log lines ({len(_tail.lines)}):", *log_tail()]
    return "\n".join(redact(line) for line in lines) + "\n"


def write_crash_report(
    profile_folder: Path,
    kind: type[BaseException],
    error: BaseException,
    trace: TracebackType | None,
) -> Path | None:
    """Write a crash report into ``profile_folder/crashes/``; its path, or None if it could
    not be written (a crash while reporting a crash is not raised)."""
    folder = profile_folder / CRASHES
    stamp = time.strftime("%Y%m%d-%H%M%S")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"crash-{stamp}.txt"
        serial = 1
        while path.exists() and serial < 100:
            path = folder / f"crash-{stamp}-{serial}.txt"
            serial += 1
        path.write_text(report_text(kind, error, trace), encoding="utf-8")
    except OSError:
        return None
    logging.getLogger("goldnet.crash").error("crash report written: %s", path)
    return path


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

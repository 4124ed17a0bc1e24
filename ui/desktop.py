"""The window's manners as a desktop application (docs/install.md): who it is to the desktop,
one window per profile, the log file, crash reports written and offered at the next start.

:func:`start` does it all for :func:`ui.app.run` and returns a :class:`Desktop` (or None when
another window already has the profile: that window was brought forward instead). The pieces
are :mod:`ui.single_instance` and the Qt-free :mod:`goldnet.diagnostics`.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from types import TracebackType

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtGui import QDesktopServices, QIcon
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from goldnet import APP_ID, diagnostics
from goldnet.data import DataError, resource
from goldnet.profile import private_folder

from .single_instance import SingleInstance


def _tr(text: str) -> str:
    return QCoreApplication.translate("Desktop", text)


def identify() -> None:
    """Tell the desktop which application this is: the app id (the ``.desktop`` file it
    matches, on Wayland and X11) and the window icon, drawn from its SVG source."""
    QApplication.setDesktopFileName(APP_ID)
    with contextlib.suppress(DataError):  # an installation without the icon still runs
        QApplication.setWindowIcon(QIcon(str(resource("icons", "goldnet.svg"))))


def bring_forward(window: QWidget) -> None:
    """Show ``window`` in front (un-minimized, raised, asking for the focus)."""
    if window.isMinimized():
        window.showNormal()
    window.show()
    window.raise_()
    window.activateWindow()


class Desktop:
    """What :func:`start` set up for one profile's window; :meth:`close` undoes it."""

    def __init__(self, profile_folder: Path, instance: SingleInstance) -> None:
        self.profile_folder = profile_folder
        self.instance = instance
        self.log_file: Path | None = None
        self.reporter: diagnostics.CrashReporter | None = None

    @property
    def crash_report(self) -> Path | None:
        """This run's crash report, once written."""
        return None if self.reporter is None else self.reporter.written

    def install_crash_reporter(self, log_folder: Path | None = None) -> None:
        """Write a crash report (once per run) for what nothing caught — the main thread's
        exceptions and the Qt slots' and virtuals' (PySide6 hands them to ``sys.excepthook``),
        other threads', native crashes (``faulthandler`` into ``log_folder``, reported at the
        next start): :class:`goldnet.diagnostics.CrashReporter`. The usual hooks still print."""
        self.reporter = diagnostics.CrashReporter(self.profile_folder, log_folder)
        self.reporter.install()

    def report(
        self, kind: type[BaseException], error: BaseException, trace: TracebackType | None
    ) -> None:
        """Write the crash report of this error, unless this run wrote one already (or the
        player pressed Ctrl+C)."""
        if self.reporter is not None:
            self.reporter.report(kind, error, trace)

    def attach(self, window: QWidget) -> None:
        """The window to bring forward when another start asks for it."""
        self.instance.woken.connect(lambda: bring_forward(window))

    def offer_crash_reports(self, window: QWidget) -> QMessageBox | None:
        """If a crash left reports not yet offered, say so (a message that does not block the
        window) and offer to show the latest; every one is marked offered. The box, or None."""
        reports = diagnostics.unseen_reports(self.profile_folder)
        if not reports:
            return None
        latest = diagnostics.mark_seen(reports[-1])
        for report in reports[:-1]:
            diagnostics.mark_seen(report)
        box = QMessageBox(window)
        box.setIcon(QMessageBox.Icon.Information)
        box.setWindowTitle(_tr("goldnet ran into an error"))
        # a crash, or an error the program went on after (a thread, the network loop): one wording
        box.setText(_tr("Something went wrong in goldnet last time. A report was saved."))
        box.setInformativeText(
            _tr(
                "It holds what went wrong and the versions in use, never your key: you can "
                "send it to the developers.\n{path}"
            ).format(path=str(latest))
        )
        show = box.addButton(_tr("Show the report"), QMessageBox.ButtonRole.ActionRole)
        box.addButton(QMessageBox.StandardButton.Close)
        show.clicked.connect(lambda: QDesktopServices.openUrl(QUrl.fromLocalFile(str(latest))))
        box.open()
        return box

    def close(self) -> None:
        """Give the profile back, stop the log file, restore the exception hook."""
        self.instance.release()
        diagnostics.stop_logging()
        if self.reporter is not None:
            self.reporter.uninstall()


def start(profile_folder: Path, *, default_profile: bool) -> Desktop | None:
    """Set up a window's desktop manners for ``profile_folder`` (QApplication made):
    :func:`identify`; claim the profile (None if another window has it: it was woken); the log
    file (:func:`goldnet.diagnostics.setup_logging`; ``default_profile`` False puts it in the
    profile); the crash reporter."""
    identify()
    with contextlib.suppress(OSError):  # the socket lives there; an unwritable one runs too
        private_folder(profile_folder)
    instance = SingleInstance(profile_folder, QApplication.instance())
    if not instance.claim():
        return None
    desktop = Desktop(profile_folder, instance)
    folder = diagnostics.log_dir(profile_folder, default_profile=default_profile)
    desktop.log_file = diagnostics.setup_logging(folder)
    desktop.install_crash_reporter(folder if desktop.log_file is not None else None)
    return desktop

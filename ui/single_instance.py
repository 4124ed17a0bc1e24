"""One goldnet window per profile: a second ``goldnet`` on the same profile brings the first
window forward and exits, instead of both fighting over the profile's journal.

The first window of a profile listens on a local socket (``QLocalServer``) that a later start
connects to (``QLocalSocket``), sending :data:`WAKE`; the first window is raised
(:attr:`SingleInstance.woken`). Where the socket is (:func:`server_name`): on Linux and macOS a
Unix domain socket ``.instance`` inside the profile folder, which is its owner's only (mode
0700), so no other user can reach it or take its place; when that path is too long for a Unix
socket, a name in the temporary folder made of a hash of the profile's resolved path, as on
Windows (a named pipe, whose access Qt restricts to the same user). A start connects before it
listens: Qt replaces an existing socket when it listens, and on Windows two servers may share a
pipe name.

Invariants: a socket left behind by a window that crashed does not lock the profile (when
nobody answers on it, it is removed and taken over); what a client sends other than
:data:`WAKE` is ignored, so the socket offers another local program nothing but raising the
window; different profiles (``GOLDNET_HOME``) never see each other.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

WAKE = b"goldnet-wake\n"
"""What a second start sends to the first window."""
CONNECT_MS = 1000
"""How long a start waits for an answer from a window already open (milliseconds)."""


SOCKET_PATH_MAX = 100
"""The longest Unix socket path used (the systems' limit is 104 to 108 bytes)."""


def server_name(profile_folder: Path) -> str:
    """The local socket's name for ``profile_folder`` (the same for every spelling of it)."""
    resolved = Path(profile_folder).expanduser().resolve()
    inside = str(resolved / ".instance")
    if os.name == "posix" and len(inside.encode("utf-8")) <= SOCKET_PATH_MAX:
        return inside
    return "goldnet-" + hashlib.sha256(str(resolved).encode("utf-8")).hexdigest()[:20]


class SingleInstance(QObject):
    """The claim of one profile by one window.

    ``claim()`` True: this is the first window; :attr:`woken` fires each time another start
    asks for it. False: another window has the profile (and was just asked to come forward).
    """

    woken = Signal()

    def __init__(self, profile_folder: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = server_name(profile_folder)
        self.server: QLocalServer | None = None
        self._clients: list[QLocalSocket] = []

    def claim(self) -> bool:
        """Take the profile, or wake the window that has it. Returns True if taken (also when
        no socket can be had at all: the window then runs without the guard)."""
        if self._wake_other():
            return False
        QLocalServer.removeServer(self.name)  # a socket left behind by a window that crashed
        server = QLocalServer(self)
        server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        if not server.listen(self.name):
            server.deleteLater()
            return True
        server.newConnection.connect(self._accept)
        self.server = server
        return True

    def _wake_other(self) -> bool:
        socket = QLocalSocket()  # Python's: gone with this call
        socket.connectToServer(self.name)
        if not socket.waitForConnected(CONNECT_MS):
            socket.abort()
            return False
        socket.write(WAKE)
        socket.waitForBytesWritten(CONNECT_MS)
        socket.disconnectFromServer()
        return True

    def _accept(self) -> None:
        assert self.server is not None
        while self.server.hasPendingConnections():
            socket = self.server.nextPendingConnection()
            self._clients.append(socket)
            socket.readyRead.connect(self._read)
            socket.disconnected.connect(self._gone)
            self._read_from(socket)

    def _read(self) -> None:
        socket = self.sender()
        if isinstance(socket, QLocalSocket):
            self._read_from(socket)

    def _read_from(self, socket: QLocalSocket) -> None:
        if socket.bytesAvailable() < len(WAKE):
            return  # the rest is on its way
        if bytes(socket.read(len(WAKE)).data()) == WAKE:
            self.woken.emit()
        socket.readAll()  # anything more is ignored; the client hangs up

    def _gone(self) -> None:
        socket = self.sender()
        if isinstance(socket, QLocalSocket) and socket in self._clients:
            self._clients.remove(socket)
            socket.deleteLater()

    def release(self) -> None:
        """Give the profile back (the window closes)."""
        for socket in self._clients:
            socket.disconnected.disconnect(self._gone)
            socket.abort()
            socket.deleteLater()
        self._clients.clear()
        if self.server is not None:
            self.server.close()
            self.server = None

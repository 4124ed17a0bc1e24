"""The listening socket is opened only when hosting (docs/install.md, "The firewall's
question"): a window that starts, browses the lobby and joins a table of another process never
listens; a window that hosts listens once, on the table's port.

The spy is in-process and portable: every ``listen()`` of a Python socket goes through
``socket.socket.listen`` (asyncio's servers and ``socket.create_server`` alike), patched here to
record what listens. The LAN discovery's sockets are UDP (mDNS, port 5353): bound, never
listening.
"""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from goldnet.net.invite import parse_invite
from goldnet.profile import Profile
from ui.netgame import NetworkController

from ..processes import Process
from .conftest import open_window


class Spy:
    """What listened (family, type, port) and which UDP ports were bound, in this process."""

    def __init__(self) -> None:
        self.listening: list[tuple[int, int, int]] = []
        self.udp_ports: set[int] = set()


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Spy:
    seen = Spy()
    listen, bind = socket.socket.listen, socket.socket.bind

    def listening(self: socket.socket, *args: Any) -> None:
        # Windows' socket.socketpair (asyncio's self-pipe) listens on loopback for an instant
        # to connect itself: not a server.
        if sys._getframe(1).f_code.co_name not in ("socketpair", "_fallback_socketpair"):
            seen.listening.append((self.family, self.type, self.getsockname()[1]))
        listen(self, *args)

    def binding(self: socket.socket, address: Any) -> None:
        bind(self, address)
        if self.type == socket.SOCK_DGRAM and self.family in (socket.AF_INET, socket.AF_INET6):
            seen.udp_ports.add(self.getsockname()[1])

    monkeypatch.setattr(socket.socket, "listen", listening)
    monkeypatch.setattr(socket.socket, "bind", binding)
    return seen


def test_browsing_and_joining_never_listen_hosting_does(
    qtbot: Any, tmp_path: Path, processes: list[Process], spy: Spy
) -> None:
    name = f"listen-test-{os.getpid()}"
    host = Process(
        tmp_path,
        "host",
        *("host", "mountains-rivers", "--name", name, "--port", "0", "--bot", "greedy"),
        *("--board", "4", "--json", "--profile", str(tmp_path / "host")),
    )
    processes.append(host)
    invite = parse_invite(host.first_json()["invite"])

    guest = open_window(qtbot, Profile(tmp_path / "guest"))  # starts, browses the LAN
    guest.start.name_edit.setText("Ada")
    qtbot.waitUntil(lambda: name in [t.name for t in guest.start.tables()], timeout=15000)
    row = next(i for i, t in enumerate(guest.start.tables()) if t.name == name)
    guest.start.tables_list.setCurrentItem(guest.start.tables_list.item(row))
    QTest.mouseClick(guest.start.join_table_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: isinstance(guest.table.controller, NetworkController), timeout=15000)
    qtbot.waitUntil(lambda: guest.start.net_state == "playing", timeout=15000)
    assert guest.lobby.link is not None and not guest.lobby.hosted
    assert spy.listening == []  # started, browsed, joined: nothing listens
    assert spy.udp_ports <= {5353}  # only mDNS, which the system's own responder shares
    assert invite.port not in spy.udp_ports

    hosting = open_window(qtbot, Profile(tmp_path / "hosting"))
    assert spy.listening == []
    start = hosting.start
    start.table_name_edit.setText("Listening table")
    start.opponent_combo.setCurrentIndex(start.opponent_combo.findData(""))
    QTest.mouseClick(start.host_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: start.net_state == "hosting", timeout=10000)
    hosted = hosting.lobby.invite
    assert hosted is not None
    assert spy.listening == [(socket.AF_INET, socket.SOCK_STREAM, hosted.port)]

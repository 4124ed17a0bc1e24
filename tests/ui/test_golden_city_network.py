"""The Golden City table over the network in the desktop client (pytest-qt offscreen, real
relay, TCP + TLS and zeroconf on 127.0.0.1, real ``goldnet`` processes).

- Two windows and a bot process at one table by invite code; the players' choices chain before
  one Confirm as against bots; a spectator window watches from the invite code and its scene
  holds only the public view (no mission card, no lantern peek); every record is the same file
  and verifies; a mission fulfilled is announced (never "fulfilled but never announced").
- A GUI peer — the desktop client's window in a process of its own (tests/ui/gui_peer.py),
  playing by clicks — is killed mid-game (SIGKILL: no goodbye, its journal as the kill left
  it); a new window on the same profile resumes the game from the lobby and plays it to the
  end; its record is the host's and verifies.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from goldnet.engine import Action
from goldnet.games.golden_city.setup import MISSIONS
from goldnet.net.journal import read_journal, unfinished
from goldnet.profile import Profile
from goldnet.records import read, verify
from ui import i18n
from ui.app import MainWindow
from ui.golden_city.words import mission_text
from ui.netgame import NetworkController

from ..processes import LOOPBACK, Process, wait_for
from .conftest import Artifacts, network_controller
from .golden_city_play import click_action, policy
from .test_golden_city_secrets import texts_of
from .test_seats import new_window

pytestmark = pytest.mark.skipif(
    sys.platform == "win32", reason="the bot processes are killed with signals in cleanup"
)

Choose = Callable[[Any, Sequence[Action]], Action]
TABLE = 60_000
"""Milliseconds a window may take to open a Golden City network table (the deal runs first)."""


def lines(window: MainWindow) -> list[str]:
    log = window.table.log
    return [log.item(i).text() for i in range(log.count())]


def play_windows(
    qtbot: Any,
    players: Sequence[tuple[MainWindow, Choose]],
    *,
    actions: int = 3000,
    until: Callable[[], bool] | None = None,
    on_choice: Callable[[], None] | None = None,
) -> int:
    """Play every window's seat by clicks until the game is over (or ``until()``): each choice
    clicked on its board, Confirm clicked once no more choice may follow. Returns how many
    actions were clicked; ``on_choice()`` is called before each."""
    for clicked in range(actions):
        cs = [w.table.controller for w, _ in players]
        qtbot.waitUntil(
            lambda cs=cs: any(c.phase in ("human", "over", "stopped") or c.chaining() for c in cs),
            timeout=60_000,  # a bot process's turn, paced, on a loaded machine
        )
        if any(c.phase in ("over", "stopped") for c in cs) or (until is not None and until()):
            return clicked
        if on_choice is not None:
            on_choice()
        window, choose = next(
            p for p, c in zip(players, cs, strict=True) if c.phase == "human" or c.chaining()
        )
        table = window.table
        c = table.controller
        action = choose(c.observation(), sorted(c.legal_now(), key=repr))
        chain = len(c.chain)
        click_action(table.view, c, action)
        assert c.phase == "confirm" and len(c.chain) == chain + 1, (action, table.hint.text())
        if not c.chaining():
            QTest.mouseClick(table.confirm_button, Qt.MouseButton.LeftButton)
            assert c.phase in ("sending", "human", "bot", "waiting", "over")
    raise AssertionError(f"the game did not end within {actions} actions")


def own_secrets(c: NetworkController) -> list[str]:
    """The words of the seat's mission card (its mission and threshold)."""
    obs = c.obs
    assert obs.mission is not None
    return [mission_text(obs.mission, obs.setup.thresholds[MISSIONS.index(obs.mission)])]


def check_record(qtbot: Any, window: MainWindow) -> bytes:
    table = window.table
    c = table.controller
    assert isinstance(c, NetworkController)
    qtbot.waitUntil(lambda: c.phase == "over", timeout=60_000)
    assert table.end.isVisible() and c.result is not None
    qtbot.waitUntil(lambda: table.record_path is not None, timeout=30_000)
    path = Path(str(table.record_path))
    checked = verify(read(path))
    assert checked.ending == "over" and checked.result == c.result
    return path.read_bytes()


def unannounced(obs: Any, seat: int) -> bool:
    """Whether ``seat``'s mission, shown at the end (``obs``), was fulfilled at its last
    claiming moment and never announced (the rules pay it nothing)."""
    kind = obs.shown[seat]
    index = MISSIONS.index(kind)
    need = obs.setup.thresholds[index]
    return obs.claims[seat] is None and obs.windows[seat][index] >= need


PEEK = {"en": "Your lantern showed", "fr": "Votre lanterne a montré"}


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_two_windows_and_a_bot_process_play_by_invite_code_and_a_spectator_watches(
    qtbot: Any,
    windows: list[MainWindow],
    tmp_path: Path,
    processes: list[Process],
    artifacts: Artifacts,
    translations: i18n.Translations,
    lang: str,
) -> None:
    translations.install(lang)
    peek = PEEK[lang]
    host = new_window(qtbot, windows, Profile(tmp_path / "host"), translations)
    guest = new_window(qtbot, windows, Profile(tmp_path / "guest"), translations)
    host.start.name_edit.setText("Hélène")
    guest.start.name_edit.setText("Gus")
    start = host.start
    start.game_combo.setCurrentIndex(start.game_combo.findData("golden-city"))
    start.host_seats_combo.setCurrentIndex(start.host_seats_combo.findData(3))
    start.opponent_combo.setCurrentIndex(start.opponent_combo.findData(""))
    QTest.mouseClick(start.host_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: start.net_state == "hosting", timeout=15_000)
    invite = host.lobby.invite
    assert invite is not None and invite.host == LOOPBACK
    QTest.keyClicks(guest.start.invite_edit, str(invite))
    QTest.keyClick(guest.start.invite_edit, Qt.Key.Key_Return)
    processes.append(
        Process(
            tmp_path,
            "bot",
            *("join", str(invite), "--bot", "random", "--json"),
            *("--profile", str(tmp_path / "bot"), "--player-name", "Robot"),
        )
    )
    hc, gc = network_controller(qtbot, host, TABLE), network_controller(qtbot, guest, TABLE)
    assert None not in (hc.human, gc.human) and hc.human != gc.human
    assert hc.names == gc.names and sorted(hc.names) == ["Gus", "Hélène", "Robot"]
    assert hc.can_chain and gc.can_chain
    # the deck deals the missions once every seat is taken
    qtbot.waitUntil(lambda: None not in (hc.obs.mission, gc.obs.mission), timeout=60_000)
    hs, gs = own_secrets(hc), own_secrets(gc)

    # A spectator by the invite code: the public view only.
    watcher = new_window(qtbot, windows, Profile(tmp_path / "watcher"), translations)
    watcher.lobby.watch_code(str(invite))
    sc = network_controller(qtbot, watcher, TABLE)
    assert sc.human is None and sc.obs.seat is None and sc.obs.mission is None
    spectator = watcher.table

    def nothing_secret_in_the_spectator_s_scene() -> None:
        scene = spectator.scene
        assert not scene.mission.isVisible()
        words = texts_of(scene)
        for secret in (*hs, *gs):
            assert secret not in words
        assert peek not in words
        assert all(token.peeked == "" for token in scene.hill_tokens)

    nothing_secret_in_the_spectator_s_scene()
    # the host looks with the lantern at the first chance: its peek stays in its window
    lantern = partial(policy, lantern=True)
    players = [(host, lantern), (guest, policy)]
    play_windows(qtbot, players, until=lambda: bool(hc.obs.known))
    if hc.obs.known:
        hill, value = hc.obs.known[0]
        assert host.table.scene.hill_tokens[hill].peeked == value
        for other in (guest.table.scene, spectator.scene):
            assert peek in texts_of(host.table.scene) and peek not in texts_of(other)
            assert other.hill_tokens[hill].peeked == ""
    assert not set(gs) & set(texts_of(host.table.scene).split("\n"))
    assert not set(hs) & set(texts_of(guest.table.scene).split("\n"))
    # the game waits for the host's click: the spectator's window catches up with it
    qtbot.waitUntil(lambda: lines(watcher)[-1] == lines(host)[-1], timeout=60_000)
    nothing_secret_in_the_spectator_s_scene()
    artifacts.save(host.grab().toImage(), f"gc-network-host-{lang}.png")
    artifacts.save(guest.grab().toImage(), f"gc-network-guest-{lang}.png")
    artifacts.save(watcher.grab().toImage(), f"gc-network-spectator-{lang}.png")
    if lang == "fr":  # the screens in French; the game to its end is played in English
        assert spectator.status.text().startswith("Vous regardez")
        assert host.table.confirm_button.text() == "Confirmer"
        return

    play_windows(qtbot, players, on_choice=nothing_secret_in_the_spectator_s_scene)
    record = check_record(qtbot, host)
    assert check_record(qtbot, guest) == record
    assert check_record(qtbot, watcher) == record
    assert Path(processes[0].finish(120)["record"]).read_bytes() == record
    assert hc.result == gc.result == sc.result
    # a player's own mission fulfilled is announced (the seat's claimer signs it with its
    # reveal), never left "fulfilled but never announced"
    end = sc.obs
    assert all(end.shown)
    for c in (hc, gc):
        assert c.human is not None and not unannounced(end, c.human)
    artifacts.save(host.grab().toImage(), f"gc-network-host-end-{lang}.png")
    assert not list((tmp_path / "watcher" / "journal").glob("*.journal"))


def test_a_killed_gui_peer_s_game_is_resumed_from_the_lobby_and_finishes(
    qtbot: Any,
    windows: list[MainWindow],
    tmp_path: Path,
    processes: list[Process],
    artifacts: Artifacts,
) -> None:
    name = f"gc-resume-{os.getpid()}"
    host = Process(
        tmp_path,
        "host",
        *("host", "golden-city", "--seats", "3", "--name", name, "--port", "0"),
        *("--bot", "random", "--json", "--profile", str(tmp_path / "host")),
    )
    processes.append(host)
    invite = host.first_json()["invite"]
    mine = Profile(tmp_path / "mine")
    peer = Process(
        tmp_path, "gui-peer", str(mine.folder), str(invite), "3", module="tests.ui.gui_peer"
    )
    processes.append(peer)
    bot = Process(
        tmp_path,
        "bot",
        *("join", invite, "--bot", "random", "--json"),
        *("--profile", str(tmp_path / "bot"), "--player-name", "Robot"),
    )
    processes.append(bot)
    told = peer.first_json(timeout=120)  # its window played by clicks up to turn 3
    seat, names = told["seat"], tuple(told["names"])
    assert isinstance(seat, int) and told["turn"] >= 3
    peer.proc.kill()  # no goodbye, whatever it was writing: its journal as the kill left it
    peer.proc.wait(30)
    journals = unfinished(mine.folder / "journal")
    assert len(journals) == 1
    before = read_journal(journals[0])
    assert before.end is None and before.outgoing

    again = new_window(qtbot, windows, Profile(tmp_path / "mine"))
    start = again.start
    assert start.resume_button.isEnabled()
    assert start.resume_button.toolTip().startswith("Golden City")
    QTest.mouseClick(start.resume_button, Qt.MouseButton.LeftButton)
    resumed = network_controller(qtbot, again, TABLE)
    assert resumed.human == seat and resumed.names == names
    assert resumed.obs.turn >= 3  # where the game stood, with the earlier turns in the log
    assert any(line.startswith("The game goes on from turn ") for line in lines(again))
    artifacts.save(again.grab().toImage(), "gc-network-resumed-en.png")
    play_windows(qtbot, [(again, policy)])
    record = check_record(qtbot, again)
    assert Path(host.finish(120)["record"]).read_bytes() == record
    assert Path(bot.finish(120)["record"]).read_bytes() == record
    after = read_journal(journals[0])
    assert after.end is not None and after.end[0] == "over"
    assert after.incoming[: len(before.incoming)] == before.incoming
    wait_for(lambda: not unfinished(mine.folder / "journal"), 10)


def test_one_confirm_sends_the_chain_in_order_each_view_ends_one_a_refusal_the_rest(
    qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A network controller fed directly (its network thread never started): Confirm hands
    every chained choice to the link at once, in order; the view of the first one applied ends
    that one only (the table still shows the whole chain, sending); the network refusing the
    next one drops the rest and the committed position comes back, with the hint."""
    from goldnet.net.invite import Invite
    from goldnet.net.reports import Problem, TableStart
    from goldnet.view import view_of
    from ui.network import NetBridge

    from .golden_city_play import NAMES, seeded_game

    game = seeded_game(1)
    state = game.state  # seat 0 at the store, turn 1
    link = NetBridge(Profile(tmp_path / "me"), [LOOPBACK]).link("Ada")
    sent: list[tuple[Action, ...]] = []
    monkeypatch.setattr(link, "play", lambda *actions: sent.append(actions))
    members = (b"\x01" * 32, b"\x02" * 32, b"\x03" * 32)
    table = TableStart("golden-city", (), NAMES, 0, Invite(LOOPBACK, 1, "x"), members, 600)
    colours = ("#c0392b", "#2c6fbf", "#27ae60")
    c = NetworkController(link, table, view_of(state, 0), state.clone(), colours)
    c._settle()
    assert c.phase == "human" and c.can_chain
    c._try(("buy", "pickaxe"))
    assert c.chaining()
    c._try(("buy", "lantern"))
    c.undo()
    c._try(("done",))
    chain = [a for a, _, _ in c.chain]
    assert chain == [("buy", "pickaxe"), ("done",)] and not c.chaining()
    bank = c.observation().banks[0]
    c.confirm()
    assert c.phase == "sending" and sent == [(("buy", "pickaxe"), ("done",))]

    after = state.clone()
    events = after.apply(("buy", "pickaxe"))
    first = view_of(after, 0, events, [(0, ("buy", "pickaxe"))])
    c._on_view(first, after.clone())
    qtbot.waitUntil(lambda: c.view is first, timeout=10_000)
    assert [a for a, _, _ in c.chain] == [("done",)] and c.phase == "sending"
    assert c.observation().banks[0] == bank  # the rest of the chain still on show

    hints: list[str] = []
    c.hintChanged.connect(hints.append)
    c._on_problem(Problem("play", detail="it is not this peer's turn"))
    qtbot.waitUntil(lambda: c.phase == "human", timeout=10_000)
    assert not c.chain and c.observation() == first.observation
    assert hints and "did not take your move" in hints[-1]
    c.shutdown()

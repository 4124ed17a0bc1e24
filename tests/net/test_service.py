"""The table service (issue #9): one Qt-free service for the command line and the desktop.

A :class:`~goldnet.net.service.TableService` hosts a table with a bot of this process, over real
TLS on 127.0.0.1, and reports to a plain listener (no Qt): views of its seat — never a game
state —, what the game waits for, who is connected, and the time left before the game may be
adjudicated abandoned — counted on the peer's loop clock, which the test moves forward instead
of waiting minutes. A bot that goes away is information, never a fault: the game ends
*abandoned*, naming nobody. A spectator joins mid-game and verifies as it watches.
"""

from __future__ import annotations

import asyncio
import subprocess
from pathlib import Path
from typing import Any

import pytest

from goldnet.binding import EngineBinding
from goldnet.engine import GameState, TurnOf
from goldnet.games.mountains_rivers.rules import Observation, State
from goldnet.net.discovery import DiscoveryError
from goldnet.net.errors import (
    CannotListen,
    NetError,
    NotResumable,
    PinError,
    ProfileInUse,
    Refused,
    RelayLost,
)
from goldnet.net.invite import Invite
from goldnet.net.reports import Outcome, Problem, TableStart, WaitReport, problem_of
from goldnet.net.service import TableService
from goldnet.profile import Profile
from goldnet.records import read, verify
from goldnet.view import View
from protocol.events import Waiting

from ..processes import ROOT
from .relaykit import HOST, run, until


class Recorder:
    """A :class:`goldnet.net.reports.Listener` that keeps everything it is told."""

    def __init__(self) -> None:
        self.statuses: list[tuple[str, Any]] = []
        self.tables: list[TableStart] = []
        self.views: list[View] = []
        self.trials: list[GameState | None] = []
        self.reports: list[WaitReport] = []
        self.finished: list[Outcome] = []
        self.problems: list[Problem] = []

    def on_status(self, kind: str, value: Any) -> None:
        self.statuses.append((kind, value))

    def on_started(self, table: TableStart) -> None:
        self.tables.append(table)

    def on_view(self, view: View, trial: GameState | None) -> None:
        self.views.append(view)
        self.trials.append(trial)

    def on_wait(self, report: WaitReport) -> None:
        self.reports.append(report)

    def on_finished(self, outcome: Outcome) -> None:
        self.finished.append(outcome)

    def on_problem(self, problem: Problem) -> None:
        self.problems.append(problem)

    @property
    def last(self) -> WaitReport:
        return self.reports[-1]


def test_waits_presence_and_the_time_left_are_reported_then_the_game_ends_abandoned(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        heard = Recorder()
        service = TableService(Profile(tmp_path / "me"), heard, "Ada", interfaces=[HOST])
        hosting = asyncio.create_task(
            service.host(
                "mountains-rivers",
                table_name="t",
                options={"board": 3},
                bots=[("random", "Bea")],
                seat=0,
                port=0,
                abandon_after=120,
            )
        )
        await until(lambda: any(v.on_turn for v in heard.views), timeout=20)  # after a throw
        peer = service.peer
        assert peer is not None and service.bot_tasks
        await until(lambda: heard.last.waiting == Waiting("action", (0,)))
        assert heard.last.online and heard.last.connected == (True, True)
        assert heard.last.left == 120 - heard.last.idle
        assert heard.tables[0].abandon_after == 120 and heard.tables[0].names == ("Ada", "Bea")

        # The bot goes away: the relay's notice is reported at once.
        service.bot_tasks[0].cancel()
        await until(lambda: heard.last.connected == (True, False))
        assert heard.last.waiting == Waiting("action", (0,))  # still my move: no fault, no end
        # While nothing happens a report comes each second, counting down.
        idle = heard.last.idle
        await until(lambda: heard.last.idle >= idle + 2)
        assert heard.last.left == 120 - heard.last.idle
        peer.loop_clock.advance(60_000)  # a minute later (the machine's clock, not the test's)
        await until(lambda: heard.last.idle >= 60)
        assert heard.last.left == 120 - heard.last.idle

        # I play: progress, the countdown starts again; the game waits for the bot's reveal.
        service.play(heard.views[-1].legal[0])
        await until(lambda: heard.last.waiting is not None and heard.last.waiting.kind == "reveal")
        assert heard.last.waiting == Waiting("reveal", (1,), 2)
        assert heard.last.idle < 60 and heard.last.connected == (True, False)

        # Past the table's abandonment time this member adjudicates: abandoned, nobody named.
        peer.loop_clock.advance(120_000)
        await until(lambda: bool(heard.finished), timeout=10)
        await hosting
        (outcome,) = heard.finished
        assert (outcome.ending, outcome.result, outcome.culprit, outcome.by) == (
            "abandoned",
            None,
            None,
            0,
        )
        assert heard.last.waiting is None and not heard.problems
        checked = verify(read(outcome.record))
        assert (checked.ending, checked.result, checked.culprit) == ("abandoned", None, None)
        await service.close()

    run(scenario(), 60)


def test_views_not_states_reach_the_listener_and_a_spectator_verifies_as_it_watches(
    tmp_path: Path,
) -> None:
    """The player's listener gets views of its seat (legal actions only on its turn, a trial
    clone only then, every event of the game exactly once, in order); a spectator that joins
    mid-game gets public views, never legal actions or a trial, and ends with the same record."""

    async def scenario() -> None:
        heard, watched = Recorder(), Recorder()
        service = TableService(Profile(tmp_path / "me"), heard, "Ada", interfaces=[HOST])
        spectator = TableService(Profile(tmp_path / "sp"), watched, "Cy", interfaces=[HOST])
        loop = asyncio.get_running_loop()
        answered: set[int] = set()

        def on_view(view: View, trial: GameState | None) -> None:
            Recorder.on_view(heard, view, trial)
            if view.on_turn and len(heard.views) not in answered:
                answered.add(len(heard.views))
                loop.call_soon(service.play, view.legal[-1])

        heard.on_view = on_view  # type: ignore[method-assign]
        hosting = asyncio.create_task(
            service.host(
                "mountains-rivers", table_name="t", bots=[("greedy", "Bea")], seat=1, port=0
            )
        )
        await until(lambda: len(heard.views) >= 6, timeout=20)
        assert service.invite is not None
        watching = asyncio.create_task(spectator.join(service.invite, spectate=True))
        mine, seen = await asyncio.wait_for(asyncio.gather(hosting, watching), 60)
        assert mine is not None and mine.ending == seen.ending == "over"
        assert seen.record.read_bytes() == mine.record.read_bytes()  # it verified every move
        assert verify(read(seen.record)).result == mine.result

        assert heard.tables[0].seat == 1 and watched.tables[0].seat is None
        peer = service.peer
        assert peer is not None and isinstance(peer.machine.engine, EngineBinding)
        engine_events = peer.machine.engine.events
        assert [e for v in heard.views for e in v.events] == engine_events  # each once, in order
        for view, trial in zip(heard.views, heard.trials, strict=True):
            assert isinstance(view.observation, Observation) and view.seat == 1
            assert not any(isinstance(v, State) for v in vars(view).values())
            assert bool(view.legal) == (trial is not None) == (view.awaiting == TurnOf(1))
            if trial is not None:  # a clone of the seat's own state, for trying a move
                assert trial is not peer.machine.engine.state
                assert set(view.legal) == set(trial.legal_actions(1))
        assert heard.views[-1].result == mine.result
        assert {s for v in heard.views for s, _ in v.moves} == {0, 1}
        assert watched.views and all(
            v.seat is None and not v.legal and t is None
            for v, t in zip(watched.views, watched.trials, strict=True)
        )
        assert watched.views[-1].observation == heard.views[-1].observation
        await asyncio.gather(service.close(), spectator.close())

    run(scenario(), 90)


def test_the_hosts_own_peer_connects_to_its_relay_while_the_table_is_being_announced(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Registering a table on mDNS probes for 1.2-1.6 s; the host's own seat does not wait for
    it: its peer connects to its own relay at once, the announcement goes on beside it. Here
    the announcement never ends until the test says so."""
    from goldnet.net.discovery import Announcer, TableInfo

    entered: list[TableInfo] = []

    async def scenario() -> None:
        release = asyncio.Event()

        async def registering(self: Announcer, info: TableInfo) -> TableInfo:
            entered.append(info)
            await release.wait()  # still probing
            return info

        monkeypatch.setattr(Announcer, "start", registering)
        heard = Recorder()
        service = TableService(Profile(tmp_path / "me"), heard, "Ada", interfaces=[HOST])
        hosting = asyncio.create_task(
            service.guard(service.host("mountains-rivers", port=0, bot="random"))
        )
        await until(lambda: service.relay is not None and service.relay.connected == 1)
        assert service.relay is not None and service.peer is not None
        assert service.relay.members[0][0] == service.peer.identity.public  # seated, seat 0
        assert len(entered) == 1 and not release.is_set()  # the registration still probes
        assert not any(kind == "announced" for kind, _ in heard.statuses)
        release.set()
        await until(lambda: ("announced", True) in heard.statuses)
        hosting.cancel()
        await service.close()

    run(scenario(), 30)


def test_resuming_a_game_that_never_started_is_refused_in_words(tmp_path: Path) -> None:
    async def scenario() -> None:
        heard = Recorder()
        service = TableService(Profile(tmp_path / "me"), heard, "Ada", interfaces=[HOST])
        hosting = asyncio.create_task(service.guard(service.host("mountains-rivers", port=0)))
        await until(lambda: service.peer is not None and service.peer.journal is not None)
        assert service.peer is not None and service.peer.journal is not None
        path = service.peer.journal.path
        service.peer.journal.close()  # as if the process died before anyone joined
        hosting.cancel()
        later = TableService(Profile(tmp_path / "me"), Recorder(), "Ada", interfaces=[HOST])
        with pytest.raises(ProfileInUse, match="in use by another goldnet process"):
            await later.resume(path)  # one key, one player: not while the first one runs
        left = path.read_bytes()
        await service.close()  # (which deletes a journal whose game never started)
        path.write_bytes(left)  # a process that died leaves it
        with pytest.raises(NotResumable, match="only a game that has started"):
            await later.resume(path)
        await later.close()

    run(scenario(), 30)


@pytest.mark.parametrize(
    ("error", "kind", "detail"),
    [
        (Refused("the table is full"), "refused", "the table is full"),
        (RelayLost("lost the relay at 127.0.0.1:1 (EOF)"), "lost", ""),
        (PinError("the relay's key is X, not Y"), "wrong-key", ""),
        (CannotListen("cannot listen on port 1"), "port", ""),
        (DiscoveryError("no interface"), "discovery", ""),
        (NotResumable("only a game that has started can be re-hosted"), "journal", ""),
        (ProfileInUse("the profile /p is in use by another goldnet process"), "profile", ""),
        (NetError("the game is halted: an English sentence"), "failed", ""),
        (ConnectionRefusedError("refused"), "unreachable", ""),
    ],
)
def test_problems_are_classified_by_class_never_by_their_words(
    error: BaseException, kind: str, detail: str
) -> None:
    problem = problem_of(error, Invite(HOST, 1, "aaaa-aaaa-aaaa-aaaa-aaaa-aaaa"))
    assert problem.kind == kind and (not detail or problem.detail == detail)


def test_every_error_of_goldnet_has_one_root_and_a_docstring() -> None:
    import inspect

    import goldnet
    from goldnet.errors import GoldnetError

    names = subprocess.run(
        ["git", "ls-files", "goldnet"], capture_output=True, text=True, cwd=ROOT, check=True
    ).stdout.split()
    modules = [
        n[:-3].replace("/", ".").removesuffix(".__init__") for n in names if n.endswith(".py")
    ]
    found = []
    for name in modules:
        module = __import__(name, fromlist=["_"])
        for value in vars(module).values():
            if (
                inspect.isclass(value)
                and issubclass(value, Exception)
                and value.__module__ == name
                and not value.__name__.startswith("_")
                and value.__module__.startswith(goldnet.__name__)
            ):
                found.append(value)
    assert len(found) >= 15
    for error in found:
        if error.__name__ == "IllegalAction":  # a refusal of the rules: its own root
            continue
        assert issubclass(error, GoldnetError), error
        assert error.__doc__ and error.__doc__.strip(), error


def test_nothing_in_the_network_layer_names_a_game() -> None:
    """Seats, options and bots of a network table, and the command line's choices, come from
    the game registry."""
    found = subprocess.run(
        ["grep", "-rlnE", "mountains|% 11", "goldnet/net", "goldnet/cli.py"],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )
    assert found.stdout == "", found.stdout

"""Attacks on views told after the step's send (issue 10, the roll's path: docs/network.md §10).

A member's views are now built from a copy of the state right after each step and told once
the step's own envelopes are journalled and sent. What must still hold:

- **Each step's view, once, in order**, showing the state right after that step — the same
  positions a verifier of the record goes through — and every event exactly once.
- **Nothing held back**: when a view is told, every envelope the member made has left.
- **No stale turn**: once a frame is handled, the last view told is on turn exactly when the
  game waits for the seat, and shows the live position with a trial clone of it (never the
  peer's own state); a person who answers it — later, or at once from inside ``on_view`` — is
  never refused. (A view on turn followed by another within one frame's handling is a turn the
  journal had already played: a member resumed after sending its move applies it as soon as
  the draw before it completes — as before views were deferred, the views are the same.)
- **Halt**: a member that sends an illegal move is named; the honest member was told a view of
  every step before it, once, and none is left untold.
- **Resume**: a member rebuilt from its journal tells nothing while it replays (the earlier
  steps go to ``past``); ``show()`` then tells one view of where it stands, and the views of the
  rest of the game follow once each, through a real relay.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from goldnet.binding import EngineBinding
from goldnet.engine import GameState
from goldnet.games.mountains_rivers.bots import make_bot
from goldnet.net.client import NetPeer
from goldnet.net.frames import Env, Seats
from goldnet.net.invite import Invite
from goldnet.net.journal import read_journal
from goldnet.net.relay import Relay
from goldnet.records import read, verify
from goldnet.view import View
from protocol.envelope import Envelope
from protocol.identity import Identity
from protocol.messages import Turn
from tests.forge import resign

from .relaykit import GAME, HOST, MEMORY_STEPS, Member, MemoryRelay, check_records, run


class Watching:
    """Every view ``peer`` tells, checked as it is told."""

    def __init__(self, peer: NetPeer, answer: str = "") -> None:
        self.peer = peer
        self.answer = answer
        """"": nobody answers; "later": a person answers once nothing else is in flight;
        "at once": from inside ``on_view``."""
        self.views: list[View] = []
        self.trials: list[GameState | None] = []
        self.problems: list[str] = []
        self.due: list[View] = []
        peer.on_view = self.on_view

    def on_view(self, view: View, trial: GameState | None) -> None:
        peer = self.peer
        self.views.append(view)
        self.trials.append(trial)
        if peer._batch or peer._unsent:
            self.problems.append(f"view {len(self.views)} told before the step's send")
        engine = peer.machine.engine
        assert isinstance(engine, EngineBinding)
        seat = peer.machine.seat_of(peer.identity.public)
        if view.on_turn:
            if peer.by_bot:
                if trial is not None:
                    self.problems.append("a trial for a bot's seat")
            elif trial is None or trial is engine.state:
                self.problems.append(f"view {len(self.views)}: no trial of its own")
            elif trial.public_hash() != engine.state.public_hash() or set(view.legal) != set(
                trial.legal_actions(seat)
            ):
                self.problems.append(f"view {len(self.views)}: the trial is another position")
        elif trial is not None:
            self.problems.append(f"view {len(self.views)}: a trial off turn")
        if view.on_turn and self.answer == "at once":
            peer.play(view.legal[-1])
        elif view.on_turn and self.answer == "later":
            self.due.append(view)

    def settled(self) -> None:
        """A frame (or a person's move) was handled: the last view shows where the game is."""
        peer, view = self.peer, self.views[-1] if self.views else None
        engine = peer.machine.engine
        if peer._views:
            self.problems.append("views left untold after a frame")
        if not isinstance(engine, EngineBinding) or not peer._view_started:
            return  # no game yet
        if view is None:
            self.problems.append("no view of a game that started")
            return
        seat = peer.machine.seat_of(peer.identity.public)
        if view.observation != engine.state.observation(seat):
            self.problems.append(f"view {len(self.views)}: not the live position")
        if peer.outcome is None and view.on_turn != (engine.due() == Turn(seat)):
            self.problems.append(f"view {len(self.views)}: on turn is {view.on_turn}")
        if view.on_turn and not peer.by_bot:
            trial = self.trials[-1]
            assert trial is not None
            if trial.public_hash() != engine.state.public_hash():
                self.problems.append(f"view {len(self.views)}: the trial is another position")


class Settling(NetPeer):
    """A network member whose watcher checks its last view after each frame."""

    watching: Watching | None = None

    def _on_frame(self, frame: Any) -> None:
        super()._on_frame(frame)
        if self.watching is not None and self.machine.table is not None:
            self.watching.settled()


def human(tmp_path: Path, relay: MemoryRelay, name: str) -> Member:
    member = Member(
        Identity.generate(),
        Invite("127.0.0.1", 1, Identity.generate().fingerprint),
        relay=relay,
        name=name,
        folder=tmp_path / name,
        options=(3,),
        game=GAME,
    )
    member.open_journal(tmp_path / name / "journal" / "game.journal")
    return member


def bot(tmp_path: Path, relay: MemoryRelay, name: str) -> Member:
    member = Member(
        Identity.generate(),
        Invite("127.0.0.1", 1, Identity.generate().fingerprint),
        relay=relay,
        name=name,
        folder=tmp_path / name,
        bot=make_bot("greedy", f"views/{name}"),
        options=(3,),
        game=GAME,
    )
    member.open_journal(tmp_path / name / "journal" / "game.journal", "greedy")
    return member


def drive(relay: MemoryRelay, watchers: list[Watching], *, ends: int = 2) -> None:
    """Deliver every frame; when none is in flight, a person answers the view on turn."""
    seats = Seats(tuple(m.identity.public for m in relay.members), ("a", "b"))
    for member in relay.members:
        member._on_frame(seats)
    for _ in range(MEMORY_STEPS):
        if relay.queue:
            member, index = relay.queue.popleft()
            member._on_frame(Env(index, relay.log[index]))
        else:
            due = [w for w in watchers if w.due]
            if not due:
                break
            view = due[0].due.pop()
            assert not due[0].due, "a view on turn told before another was answered"
            due[0].peer.play(view.legal[0])  # raises if the view was stale
        for watching in watchers:
            watching.settled()
    assert sum(m.outcome is not None for m in relay.members) >= ends, "the game did not end"


def steps_seen_by_a_verifier(record: list[bytes], seat: int) -> list[Any]:
    """The seat's observation at the start and after every step, as a verifier replays it."""
    seen: list[Any] = []
    verify(record, on_step=lambda state, _events: seen.append(state.observation(seat)))
    return seen


def check_views(watching: Watching) -> None:
    peer = watching.peer
    assert watching.problems == []
    engine = peer.machine.engine
    assert isinstance(engine, EngineBinding)
    assert [e for v in watching.views for e in v.events] == engine.events  # once, in order
    assert peer.outcome is not None and peer._views == []
    seat = peer.machine.seat_of(peer.identity.public)
    record = read(peer.outcome.record)
    assert [v.observation for v in watching.views] == steps_seen_by_a_verifier(record, seat)
    assert watching.views[-1].result == peer.outcome.result


def test_bots_views_are_each_steps_once_in_order_after_the_send(tmp_path: Path) -> None:
    relay = MemoryRelay(lambda _member, _frames: None)
    relay.members = [bot(tmp_path, relay, "a"), bot(tmp_path, relay, "b")]
    watchers = [Watching(m) for m in relay.members]
    drive(relay, watchers)
    for watching in watchers:
        check_views(watching)
    check_records([m.outcome for m in relay.members])  # type: ignore[misc]


@pytest.mark.parametrize("answer", ["later", "at once"])
def test_a_person_answers_each_view_on_turn_and_is_never_refused(
    tmp_path: Path, answer: str
) -> None:
    relay = MemoryRelay(lambda _member, _frames: None)
    relay.members = [human(tmp_path, relay, "a"), bot(tmp_path, relay, "b")]
    watchers = [Watching(relay.members[0], answer), Watching(relay.members[1])]
    drive(relay, watchers)
    for watching in watchers:
        check_views(watching)
    turns = sum(v.on_turn for v in watchers[0].views)
    assert turns == relay.members[0].machine.actions // 2 + relay.members[0].machine.actions % 2
    check_records([m.outcome for m in relay.members])  # type: ignore[misc]


def test_a_member_resumed_from_its_journal_tells_where_it_stands_then_each_step_once(
    tmp_path: Path,
) -> None:
    journals: list[bytes] = []

    def on_send(member: Member, frames: list[list[Any]]) -> None:
        kinds = [Envelope.decode(d).type for _, d in frames]
        if member is relay.members[0] and kinds[:1] == ["action"] and not journals:
            journals.extend(m.journal.path.read_bytes() for m in relay.members)  # type: ignore[union-attr]

    relay = MemoryRelay(on_send)
    relay.members = [bot(tmp_path / "first", relay, "a"), bot(tmp_path / "first", relay, "b")]
    relay.play()
    assert len(journals) == 2

    async def scenario() -> list[Watching]:
        peers = []
        for i, (member, data) in enumerate(zip(relay.members, journals, strict=True)):
            path = tmp_path / "again" / f"m{i}" / "journal" / "game.journal"
            path.parent.mkdir(parents=True)
            path.write_bytes(data)
            path.chmod(0o600)
            peer = Settling.from_journal(
                member.identity, read_journal(path), path.parent.parent, make_bot("greedy", i)
            )
            assert peer._views == [] and peer.past  # replayed: nothing told, all kept
            peers.append(peer)
        watchers = [Watching(peer) for peer in peers]
        for peer, watching in zip(peers, watchers, strict=True):
            peer.watching = watching
            engine = peer.machine.engine
            assert isinstance(engine, EngineBinding)
            peer.show()
            assert len(watching.views) == 1 and watching.views[0].events == ()
            seat = peer.machine.seat_of(peer.identity.public)
            assert watching.views[0].observation == engine.state.observation(seat)
            watching.start = len(engine.events)  # type: ignore[attr-defined]
        relay_ = Relay(Identity.generate(), table_name="again", game=GAME, seats=2)
        port = await relay_.start(HOST, 0)
        for peer in peers:
            peer.switch_relay(Invite(HOST, port, relay_.fingerprint))
        tasks = [asyncio.create_task(peer.run()) for peer in peers]
        try:
            await asyncio.wait_for(asyncio.gather(*tasks), 30)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await relay_.close()
        return watchers

    watchers = run(scenario(), 60)
    for watching in watchers:
        peer = watching.peer
        engine = peer.machine.engine
        assert isinstance(engine, EngineBinding)
        assert watching.problems == [] and peer._views == []
        start = watching.start  # type: ignore[attr-defined]
        assert [e for v in watching.views for e in v.events] == engine.events[start:]
        assert peer.outcome is not None and watching.views[-1].result == peer.outcome.result
    check_records([w.peer.outcome for w in watchers])  # type: ignore[misc]


def test_views_up_to_a_halt_are_told_once_and_none_is_left(tmp_path: Path) -> None:
    forged: list[bytes] = []

    def on_send(member: Member, frames: list[list[Any]]) -> None:
        if member is not relay.members[1] or forged:
            return
        for frame in frames:
            env = Envelope.decode(frame[1])
            if env.type == "action" and env.seq > 6:
                body = (env.body[0], ("bury", "9,9"))  # no such field: the rules refuse it
                frame[1] = resign(member.identity, frame[1], body=body)
                forged.append(frame[1])

    relay = MemoryRelay(on_send)
    relay.members = [bot(tmp_path, relay, "a"), bot(tmp_path, relay, "b")]
    watching = Watching(relay.members[0])
    drive(relay, [watching], ends=1)
    honest = relay.members[0]
    assert forged and honest.outcome is not None and honest.outcome.ending == "halted"
    assert honest.outcome.culprit == relay.members[1].identity.public
    assert watching.problems == [] and honest._views == []
    engine = honest.machine.engine
    assert isinstance(engine, EngineBinding)
    assert [e for v in watching.views for e in v.events] == engine.events
    assert watching.views[-1].observation == engine.state.observation(0)


@pytest.mark.parametrize("answer", ["on the loop", "at once"])
def test_a_person_and_a_bot_through_a_relay_on_the_same_event_loop(
    tmp_path: Path, answer: str
) -> None:
    """The host's process: the relay and the person's member share one event loop, and the
    member yields to it after each frame whose handling sent something (docs/network.md §10).
    The person answers each view on turn from a callback on the loop — which may run during
    that yield, between two frames already read — or at once from inside ``on_view``. The game
    ends for both, one record, every view in order, the last one after each frame live."""

    async def scenario() -> list[Settling]:
        relay = Relay(Identity.generate(), table_name="t", game=GAME, seats=2)
        port = await relay.start(HOST, 0)
        invite = Invite(HOST, port, relay.fingerprint)
        peers = [
            Settling(
                Identity.generate(),
                invite,
                name=name,
                folder=tmp_path / name,
                bot=None if name == "person" else make_bot("greedy", "loop"),
                options=(3,),
                game=GAME,
            )
            for name in ("person", "bot")
        ]
        for peer in peers:
            peer.open_journal(tmp_path / peer.name / "journal" / "game.journal")
            at_once = answer == "at once" and peer.bot is None
            peer.watching = Watching(peer, "at once" if at_once else "")
        person = peers[0]
        loop = asyncio.get_running_loop()
        watching = person.watching
        assert watching is not None
        told = watching.on_view

        def on_view(view: View, trial: GameState | None) -> None:
            told(view, trial)
            if view.on_turn and answer == "on the loop":
                loop.call_soon(person.play, view.legal[0])

        person.on_view = on_view
        tasks = []
        for seat, peer in enumerate(peers):
            tasks.append(asyncio.create_task(peer.run()))
            deadline = loop.time() + 10
            while len(relay.members) <= seat and loop.time() < deadline:
                await asyncio.sleep(0.01)
        try:
            await asyncio.wait_for(asyncio.gather(*tasks), 30)
        finally:
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            await relay.close()
        return peers

    peers = run(scenario(), 60)
    for peer in peers:
        assert peer.watching is not None
        check_views(peer.watching)
    assert peers[0]._writes > 0 and sum(v.on_turn for v in peers[0].watching.views) > 5  # type: ignore[union-attr]
    check_records([p.outcome for p in peers])  # type: ignore[misc]


def test_a_bot_seat_watched_through_on_view_sends_its_move_before_any_view_of_its_turn(
    tmp_path: Path,
) -> None:
    """A seat a bot plays for a watched member (``goldnet host --bot``, whose table service sets
    ``on_view``): its turn's view is built and told after its move left, not before — no view
    on a move's path."""
    at_send: list[bool] = []

    def on_send(member: Member, frames: list[list[Any]]) -> None:
        kinds = [Envelope.decode(d).type for _, d in frames]
        if member is relay.members[0] and "action" in kinds and watching.views:
            at_send.append(watching.views[-1].on_turn)

    relay = MemoryRelay(on_send)
    relay.members = [bot(tmp_path, relay, "a"), bot(tmp_path, relay, "b")]
    watching = Watching(relay.members[0])
    drive(relay, [watching, Watching(relay.members[1])])
    check_views(watching)
    assert len(at_send) > 5 and not any(at_send)  # the last view told was never of its turn

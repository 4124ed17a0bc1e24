"""``goldnet bench`` figures of a roll through a relay, against a TLS echo through the same relay
in the same run (issue 10).

Two members play whole games on 127.0.0.1, each a :class:`~goldnet.net.client.NetPeer` with
its journal on — a real file in the system's temporary folder, synced as in play — and a random
bot, in the two places a table's relay can be:

- **the host's relay** (a LAN table, ``goldnet host``): the relay runs in this process with
  member 0 and the echo's client, as in the host's process; member 1 and the echo's answerer are
  processes of their own (``python -m goldnet.bench_roll member SPEC`` / ``answer SPEC``);
- **a standalone relay** (an online table, ``goldnet relay``): the relay in a process of its own
  (:class:`~goldnet.bench_relay.RelayProcess`), both members too.

One table per game and one for the echo, all at the same relay.

- **Roll latency**: from the move that makes a roll due — the mover's bot has chosen, after
  thinking :data:`THINK` seconds as a player would; the move is then signed, journalled and
  sent with the reveal it makes due — until the roll's outcome is known at both members (the
  later of the two). The members' clocks are
  ``time.perf_counter``, which CPython takes from a system-wide clock (Linux and macOS: the
  monotonic clock; Windows: the performance counter), so the processes' times compare.
- **TLS echo** (the reference), between games, each after :data:`THINK` seconds idle as a move
  is: a frame from this process through the relay to an answering process, which sends its own
  frame back at once through the relay. That is the
  path a roll's messages must travel (the move out, the other member's reveal back), without
  the protocol's work: no signature is made or checked by the clients (the envelopes are signed
  beforehand), no rules, no journal. Same relay, same TLS connection code
  (:class:`~goldnet.net.connection.RelayConnection`); the echo's clients take each frame
  through ``next_frame`` (a task woken per read, as a plain asyncio client does), the members in
  the read's own callback (:meth:`~goldnet.net.connection.RelayConnection.dispatch`).
- **Ping**, for comparison: a frame to the relay, answered by the relay (half an echo's legs,
  the relay's own answer instead of a forwarded envelope).
- **Journal write-ahead**: each member's write and sync of the envelopes of one step, before
  they leave — two of them lie on every roll's path (the mover's move and reveal, the other
  member's reveal), so the disk's flush time counts twice in a roll.
- **Envelopes down per envelope up**: n − 1 with n members (the relay sends no member its own
  envelopes back).

Median and 95th percentile (nearest rank) of each; the ratio compares the medians (and the
95th percentiles). Loopback only; every wait is bounded.
"""

from __future__ import annotations

import asyncio
import json
import math
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from protocol.envelope import ZERO_HASH, Envelope
from protocol.events import CardRevealed, Dealt, Drawn, GameStarted
from protocol.identity import Identity
from protocol.messages import Turn

from .bench_relay import GAME, GAME_ID, HOST, Figure, RelayProcess
from .binding import EngineBinding
from .engine import Action, ChanceOf, RevealOf
from .launch import module_command

if TYPE_CHECKING:
    from .net.peer import TablePeer

TIMEOUT = 60.0
"""Seconds one game, or one series of echoes, may take before the bench gives up."""
ECHOES = 60
"""Echoes measured after each game."""
THINK = 0.01
"""Seconds a member's bot thinks before it moves, and the echo's client waits before each
echo. A bot that moved at once would start a roll while the other member still takes the one
before (a person's move never does), and the two would be timed overlapping. And what follows
idleness is slower — a processor that slept wakes (on this development machine, a virtual
one: an echo after 10 ms idle took 1.5 ms, back to back 0.6 ms) — so the reference waits as the
move does."""


def p95(samples: Sequence[float]) -> float:
    """The 95th percentile of ``samples`` (nearest rank; non-empty)."""
    ordered = sorted(samples)
    return ordered[max(0, math.ceil(0.95 * len(ordered)) - 1)]


def ratio(samples: Sequence[float], references: Sequence[float], target: str = "") -> Figure:
    """The figure of ``samples`` against ``references`` (both non-empty, one unit): the ratio
    of their medians, and of their 95th percentiles, in times; with ``target`` if given."""
    figure: Figure = {
        "median": statistics.median(samples) / statistics.median(references),
        "p95": p95(samples) / p95(references),
        "unit": "x",
        "runs": len(samples),
    }
    if target:
        figure["target"] = target
    return figure


def roll_latencies(members: Sequence[dict[str, Any]]) -> list[float]:
    """Each roll's latency (s) from what the members of one game report: ``moves`` (the draw a
    move made due, when the bot chose it) and ``drawn`` (draw, when its outcome was known). The
    last move before a draw is the one that made it due; a draw with no move before it (the
    game's first) is left out."""
    moved: dict[int, float] = {}
    for member in members:
        for draw, at in member["moves"]:
            moved[draw] = max(moved.get(draw, at), at)
    known = [dict(member["drawn"]) for member in members]
    return [
        max(k[draw] for k in known) - at
        for draw, at in sorted(moved.items())
        if all(draw in k for k in known)
    ]


def spawn(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        module_command("goldnet.bench_roll", *args),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(proc: subprocess.Popen[str], timeout: float = TIMEOUT) -> dict[str, Any]:
    """The last line a bench process printed (JSON), once it exited.

    Raises:
        RuntimeError: it failed or took longer than ``timeout`` seconds.
    """
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.communicate()
        raise RuntimeError("a bench member did not finish in time") from None
    if proc.returncode != 0 or not out.strip():
        last = (err.strip().splitlines() or ["(no message)"])[-1]
        raise RuntimeError(f"a bench member failed: {last}")
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


class Tables:
    """Where the bench's tables are: in this process, beside member 0 and the echo's client —
    the relay of a member who hosts, as ``goldnet host`` runs it — or (``hosted`` False) in a
    relay process of their own, a standalone relay, with every member in a process of its
    own."""

    def __init__(self, hosted: bool) -> None:
        self.hosted = hosted
        self._relays: list[Any] = []
        self._process: RelayProcess | None = None

    async def table(self, game: str = GAME, seats: int = 2) -> tuple[int, str]:
        """A new table of ``seats`` for ``game``: its port and fingerprint."""
        if not self.hosted:
            options = {"game": game, "seats": seats}
            if self._process is None:
                self._process = RelayProcess(options)
                return self._process.port, self._process.fingerprint
            return self._process.table(options)
        from .net.relay import Relay

        relay = Relay(Identity.generate(), table_name="bench", game=game, seats=seats)
        self._relays.append(relay)
        return await relay.start(HOST, 0), relay.fingerprint

    async def close(self) -> None:
        for relay in self._relays:
            await relay.close()
        if self._process is not None:
            self._process.stop()


async def _game(tables: Tables, folder: Path, number: int) -> list[dict[str, Any]]:
    """One whole game of two members through a new table: member 0 in this process if the
    table is hosted here, else in a process of its own; member 1 always in its own."""
    port, fingerprint = await tables.table()
    specs = [
        {
            "port": port,
            "fingerprint": fingerprint,
            "folder": str(folder / f"{number}-{i}"),
            "board": 1 + number % 11,
            "seed": f"bench/{number}/{i}",
        }
        for i in range(2)
    ]
    loop = asyncio.get_running_loop()
    procs = [spawn("member", json.dumps(spec)) for spec in specs[int(tables.hosted) :]]
    try:
        here = [await _member(specs[0])] if tables.hosted else []
        there = [await loop.run_in_executor(None, finish, proc) for proc in procs]
        return here + there
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()


class Echo:
    """This process's end of the echo, and the answering process."""

    def __init__(self, link: Any, identity: Identity, answerer: subprocess.Popen[str]) -> None:
        self.link = link
        self.identity = identity
        self.answerer = answerer
        self.seq = 0
        self.prev = ZERO_HASH

    @classmethod
    async def open(cls, tables: Tables, count: int) -> Echo:
        """Connect to a new table, with an answering process that answers ``count``
        envelopes."""
        from .net.connection import RelayConnection
        from .net.invite import Invite

        port, fingerprint = await tables.table()
        spec = {"port": port, "fingerprint": fingerprint, "count": count}
        answerer = spawn("answer", json.dumps(spec))
        assert answerer.stdout is not None
        ready = await asyncio.get_running_loop().run_in_executor(None, answerer.stdout.readline)
        if ready.strip() != "ready":
            answerer.kill()
            answerer.wait()
            raise RuntimeError("the echo's answering process did not start")
        identity = Identity.generate()
        link = await RelayConnection.open(Invite(HOST, port, fingerprint))
        await link.greet(identity, "player", "echo")
        return cls(link, identity, answerer)

    async def run(self, count: int) -> tuple[list[float], list[float]]:
        """``count`` echoes and as many pings, in seconds (this side's envelopes are signed
        beforehand)."""
        from .net.frames import Env, Pong

        envelopes = []
        for _ in range(count):
            envelope = Envelope.seal(self.identity, "commit", GAME_ID, self.seq, self.prev, ())
            self.seq, self.prev = self.seq + 1, envelope.hash
            envelopes.append(envelope.raw)
        echoes, pings = [], []
        for data in envelopes:
            await asyncio.sleep(THINK)  # idle first, as before a move
            start = time.perf_counter()
            self.link.send(["env", data])
            while True:  # the answer (a relay that echoes would send this one back first)
                frame = await self.link.next_frame()
                if isinstance(frame, Env) and frame.data != data:
                    break
            echoes.append(time.perf_counter() - start)
            await asyncio.sleep(THINK)
            start = time.perf_counter()
            self.link.send(["ping"])
            while not isinstance(await self.link.next_frame(), Pong):
                pass
            pings.append(time.perf_counter() - start)
        return echoes, pings

    async def close(self) -> None:
        await self.link.close()
        try:
            self.answerer.wait(10)
        except subprocess.TimeoutExpired:
            self.answerer.kill()
            self.answerer.wait()
        for stream in (self.answerer.stdout, self.answerer.stderr):
            if stream is not None:
                stream.close()


async def _rolls(games: int, hosted: bool) -> dict[str, Any]:
    tables = Tables(hosted)
    rolls: list[float] = []
    echoes: list[float] = []
    pings: list[float] = []
    syncs: list[float] = []
    up = down = draws = 0
    try:
        warm = 20
        echo = await Echo.open(tables, warm + games * ECHOES)
        try:
            await asyncio.wait_for(echo.run(warm), TIMEOUT)  # warm-up
            with tempfile.TemporaryDirectory(prefix="goldnet-bench-") as folder:
                for number in range(games):
                    members = await asyncio.wait_for(_game(tables, Path(folder), number), TIMEOUT)
                    rolls += roll_latencies(members)
                    syncs += [t for m in members for t in m["syncs"]]
                    draws += len(members[0]["drawn"])
                    up += sum(m["up"] for m in members)
                    down += sum(m["down"] for m in members)
                    echoed, pinged = await asyncio.wait_for(echo.run(ECHOES), TIMEOUT)
                    echoes += echoed
                    pings += pinged
        finally:
            await echo.close()
    finally:
        await tables.close()
    return dict(rolls=rolls, echoes=echoes, pings=pings, syncs=syncs, up=up, down=down, draws=draws)


def _figures(run: dict[str, Any], where: str) -> dict[str, Figure]:
    rolls, echoes, pings = run["rolls"], run["echoes"], run["pings"]
    roll, echo = statistics.median(rolls), statistics.median(echoes)
    return {
        f"relay roll from the move, {where} (2 peers, journals on)": {
            "median": roll * 1000,
            "p95": p95(rolls) * 1000,
            "unit": "ms",
            "runs": len(rolls),
            "target": "<= 3x the TLS echo",
        },
        f"relay TLS echo, {where} (reference, same run)": {
            "median": echo * 1000,
            "p95": p95(echoes) * 1000,
            "unit": "ms",
            "runs": len(echoes),
        },
        f"relay ping, {where}, client to relay and back": {
            "median": statistics.median(pings) * 1000,
            "p95": p95(pings) * 1000,
            "unit": "ms",
            "runs": len(pings),
        },
        f"relay roll / TLS echo, {where}": ratio(rolls, echoes, "<= 3x"),
    }


def run_roll_bench(repeat: int = 50) -> dict[str, Figure]:
    """The roll through a relay against the TLS echo through it (module docstring), through
    the host's relay and through a standalone one; ``repeat`` scales the number of games (at
    least 2 each).

    Returns ``{name: {"median": value, "p95": value, "unit": …, "runs": n, "target": text}}``
    like :func:`goldnet.bench.run_bench`.
    """
    games = max(2, repeat // 15)
    hosted = asyncio.run(_rolls(games, hosted=True))
    alone = asyncio.run(_rolls(games, hosted=False))
    syncs = hosted["syncs"] + alone["syncs"]
    draws = hosted["draws"] + alone["draws"]
    up, down = hosted["up"] + alone["up"], hosted["down"] + alone["down"]
    return {
        **_figures(hosted, "host's relay"),
        **_figures(alone, "standalone relay"),
        "journal write-ahead per batch, same runs (2 on a roll's path)": {
            "median": statistics.median(syncs) * 1000,
            "p95": p95(syncs) * 1000,
            "unit": "ms",
            "runs": len(syncs),
        },
        "journal syncs per roll, both members (2 peers)": {
            "median": len(syncs) / draws if draws else 0.0,
            "unit": "syncs",
            "runs": draws,
            "target": "2: the mover's move and reveal together, the other's reveal",
        },
        "relay envelopes down per envelope up (2 peers)": {
            "median": down / up if up else 0.0,
            "unit": "envelopes",
            "runs": up,
            "target": "n - 1 = 1 (none echoed to its sender)",
        },
    }


# --- the bench's processes ------------------------------------------------------------------


def made_due(member: TablePeer, action: Action) -> tuple[str, int] | tuple[str, str, int] | None:
    """What ``member``'s ``action`` makes due at once, judged on a copy of its rules state: a
    die (``("draw", d)``, the next draw), a public card (``("card", deck, card)``), or None."""
    engine = member.machine.engine
    assert isinstance(engine, EngineBinding)
    state = engine.state.clone()
    state.apply(tuple(action))
    awaiting = state.awaiting()
    if isinstance(awaiting, ChanceOf):
        return ("draw", member.machine.draw + 1)
    if isinstance(awaiting, RevealOf) and awaiting.to is None:
        return ("card", awaiting.deck, awaiting.card)
    return None


async def _member(spec: dict[str, Any], profiler: Any = None) -> dict[str, Any]:
    """Play one game as a member with a random bot, journal on; what it saw, timed: each
    move's time and the draw it came before (``moves``), what it made due at once (``due``,
    :func:`made_due`, with the time), each draw's and each public card's time here, and the
    times every commitment was in (``started``) and the deal done (``dealt``). ``spec``: the
    table's port and fingerprint, the journal's folder, the bot's seed, ``game`` (by default
    Mountains & Rivers) and its ``options`` (or a ``board``), a ``timeout`` in seconds, and
    ``think``, the seconds the bot thinks before each move (default :data:`THINK`)."""
    from . import games
    from .net.client import NetPeer
    from .net.frames import Env
    from .net.invite import Invite
    from .net.journal import journal_path

    game = spec.get("game", GAME)
    think = float(spec.get("think", THINK))
    info = games.get(game)
    moves: list[tuple[int, float]] = []
    drawn: list[tuple[int, float]] = []
    due: list[list[Any]] = []
    cards: list[tuple[str, int, float]] = []
    marks: dict[str, float] = {}

    # This process's CPU (time.process_time) on the way of each die or public card: from the
    # start of the step that sent this member's envelopes for it (the mover's choice, or the
    # handling of the frame that brought the move) until they left, less the journal's
    # write-ahead (timed apart, as wall time: the disk's); then until it was known here.
    cpu = time.process_time
    step = {"from": 0.0, "sync": 0.0, "sync_cpu": 0.0}
    sent: list[float] = []  # [react CPU, write-ahead wall, CPU when sent] of the last send
    paths: list[list[Any]] = []  # [*key, react, write-ahead, finish]

    def trigger() -> None:
        step.update({"from": cpu(), "sync": 0.0, "sync_cpu": 0.0})

    def known(key: list[Any]) -> None:
        if sent:
            react, sync, at = sent
            paths.append([*key, react, sync, cpu() - at])
            sent.clear()

    class Member(NetPeer):
        up = 0
        down = 0

        def _send(self, frames: list[list[Any]]) -> None:
            envelopes = sum(frame[0] == "env" for frame in frames)
            self.up += envelopes
            super()._send(frames)
            if envelopes:
                now = cpu()
                sent[:] = [now - step["from"] - step["sync_cpu"], step["sync"], now]

        def _on_frame(self, frame: Any) -> None:
            self.down += isinstance(frame, Env)
            trigger()
            super()._on_frame(frame)

        thinking: asyncio.TimerHandle | None = None

        def _turn(self, seat: int) -> None:
            """Move after :data:`THINK` seconds, as a player does, without holding the event
            loop meanwhile."""
            if self._replaying or self.thinking is not None:
                return

            def move() -> None:
                self.thinking = None
                engine = self.machine.engine
                if self.outcome is None and engine is not None and engine.due() == Turn(seat):
                    NetPeer._turn(self, seat)

            self.thinking = asyncio.get_running_loop().call_later(think, move)

    class Timed:
        """The random bot, telling when it has chosen (before the move is signed)."""

        def __init__(self) -> None:
            self.bot = info.make_bot(info.bot_levels[0], spec["seed"])
            self.name = self.bot.name

        def choose(self, observation: Any, legal: Sequence[Any]) -> Any:
            action = self.bot.choose(observation, legal)
            made = made_due(member, action)
            now = time.perf_counter()
            moves.append((member.machine.draw + 1, now))
            if made is not None:
                due.append([*made, now])
            trigger()
            return action

    def on_event(event: Any) -> None:
        now = time.perf_counter()
        if isinstance(event, Drawn):
            drawn.append((event.draw, now))
            known(["draw", event.draw])
        elif isinstance(event, CardRevealed) and event.to is None:
            cards.append((event.deck, event.card, now))
            known(["card", event.deck, event.card])
        elif isinstance(event, GameStarted):
            marks["started"] = now
            engine = member.machine.engine
            if profiler is not None and engine is not None and not engine.decks():
                profiler.enable()  # no deal: play starts here
        elif isinstance(event, Dealt) and event.step == "dealt":
            marks["dealt"] = now
            if profiler is not None:
                profiler.enable()

    folder = Path(spec["folder"])
    member = Member(
        Identity.generate(),
        Invite(HOST, spec["port"], spec["fingerprint"]),
        name="bench",
        folder=folder,
        bot=Timed(),
        options=tuple(spec["options"]) if "options" in spec else (spec["board"],),
        game=game,
        on_event=on_event,
    )
    member.open_journal(journal_path(folder, "bench"), "bench")
    journal = member.journal
    assert journal is not None
    syncs: list[float] = []
    write_ahead = journal.outgoing

    def outgoing(*envelopes: bytes) -> None:  # timed: one write and one sync per batch
        start, start_cpu = time.perf_counter(), cpu()
        write_ahead(*envelopes)
        syncs.append(time.perf_counter() - start)
        step["sync"] += syncs[-1]
        step["sync_cpu"] += cpu() - start_cpu

    journal.outgoing = outgoing  # type: ignore[method-assign]
    outcome = await asyncio.wait_for(member.run(), spec.get("timeout", TIMEOUT))
    return {
        "moves": moves,
        "drawn": drawn,
        "due": due,
        "cards": cards,
        **marks,
        "syncs": syncs,
        "paths": paths,
        "up": member.up,
        "down": member.down,
        "ending": outcome.ending,
    }


async def _answer(spec: dict[str, Any]) -> None:
    """Answer each envelope that comes with one of this process's own, ``count`` times."""
    from .net.connection import RelayConnection
    from .net.frames import Env
    from .net.invite import Invite

    identity = Identity.generate()
    answers, prev = [], ZERO_HASH
    for seq in range(spec["count"]):
        envelope = Envelope.seal(identity, "commit", GAME_ID, seq, prev, ())
        answers.append(envelope.raw)
        prev = envelope.hash
    link = await RelayConnection.open(Invite(HOST, spec["port"], spec["fingerprint"]))
    await link.greet(identity, "player", "answer")
    print("ready", flush=True)
    mine = set(answers)
    try:
        for data in answers:
            while True:  # the other side's envelope, not an echo of an answer
                frame = await asyncio.wait_for(link.next_frame(), TIMEOUT)
                if isinstance(frame, Env) and frame.data not in mine:
                    break
            link.send(["env", data])
        await link.writer.drain()
    finally:
        await link.close()


if __name__ == "__main__":
    # python -m goldnet.bench_roll [REPEAT]: these figures alone (as goldnet bench --repeat);
    # python -m goldnet.bench_roll member|answer SPEC: a process of the bench (internal).
    if len(sys.argv) < 3:
        repeat = int(sys.argv[1]) if len(sys.argv) == 2 and sys.argv[1].isdigit() else 50
        print(json.dumps(run_roll_bench(repeat), indent=1))
        sys.exit(0)
    role, given = sys.argv[1], json.loads(sys.argv[2])
    if role == "member":
        profile = os.environ.get("GOLDNET_BENCH_PROFILE")  # a folder: each member's profile
        if profile:
            import cProfile

            profiler = cProfile.Profile(time.process_time)  # CPU, from the deal done: play only
            result = asyncio.run(_member(given, profiler))
            profiler.disable()
            profiler.dump_stats(Path(profile) / f"member-{os.getpid()}.prof")
        else:
            result = asyncio.run(_member(given))
        print(json.dumps(result), flush=True)
    else:
        asyncio.run(_answer(given))

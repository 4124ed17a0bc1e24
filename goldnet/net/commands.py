"""The headless network commands: host, join, tables, relay, resume, demo.

Each ``*_main`` function takes parsed arguments, runs asyncio in this thread (no GUI here) and
returns ``(exit status, result)``; :mod:`goldnet.cli` prints. Problems a user can fix come out
as :class:`CommandError` with the message to print.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from ..profile import Profile, ProfileError
from .client import NetError, NetPeer, Outcome
from .invite import Invite, InviteError, parse_invite
from .journal import JournalError, read_journal, unfinished
from .relay import Relay

GAME_SEATS = {"mountains-rivers": 2}


class CommandError(Exception):
    """A failure to report in one line (exit status 2 for usage, 1 otherwise)."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


def _profile(folder: str | None) -> Profile:
    profile = Profile(folder)
    try:
        profile.ensure()
        profile.identity  # noqa: B018 - creates the key on first use
    except ProfileError as exc:
        raise CommandError(str(exc)) from None
    return profile


def _bot(level: str | None, seed: str) -> Any:
    if level is None:
        return None
    from ..games.mountains_rivers.bots import make_bot

    try:
        return make_bot(level, seed)
    except ValueError as exc:
        raise CommandError(str(exc), 2) from None


def _interfaces(value: str | None) -> list[str] | None:
    from .discovery import interfaces_from_env

    try:
        return interfaces_from_env(value)
    except ValueError as exc:
        raise CommandError(str(exc), 2) from None


def _advertised_address(interfaces: list[str] | None) -> str:
    """The address others should connect to: the first mDNS interface, else a LAN address."""
    if interfaces:
        return interfaces[0]
    from .discovery import all_ipv4_addresses

    addresses = [a for a in all_ipv4_addresses() if not a.startswith("127.")]
    return addresses[0] if addresses else "127.0.0.1"


def outcome_summary(outcome: Outcome) -> dict[str, Any]:
    """A finished game as plain values (printed as JSON)."""
    return {
        "winner": outcome.result.winners[0],
        "winners": list(outcome.result.winners),
        "scores": list(outcome.result.scores),
        "names": list(outcome.names),
        "turns": outcome.turns,
        "record": str(outcome.record),
        "options": list(outcome.options),
    }


async def _wait_for_clients(relay: Relay, grace: float) -> None:
    """Let the other peers receive the end of the log before the relay goes away."""
    deadline = time.monotonic() + grace
    while time.monotonic() < deadline and relay.connected > 0:
        await asyncio.sleep(0.05)


async def host(args: Any, emit: Any) -> dict[str, Any] | None:
    """``goldnet host``: a relay in this process, announced on the LAN; plays if ``--bot``."""
    from .discovery import Announcer, TableInfo

    game = args.game
    seats = GAME_SEATS[game]
    profile = _profile(args.profile)
    identity = profile.identity
    interfaces = _interfaces(args.interface)
    name = (
        args.name or f"{os.environ.get('USER') or os.environ.get('USERNAME') or 'goldnet'}'s table"
    )
    player_name = args.player_name or (f"{args.bot} bot" if args.bot else "host")
    # The host's own seat is reserved: it is seat 0 and proposes the table, whoever connects first.
    reserved = [(identity.public, player_name)] if args.bot else []
    relay = Relay(
        identity,
        table_name=name,
        game=game,
        seats=seats,
        members=reserved,
        max_spectators=args.max_spectators,
        max_pending=args.max_pending,
    )
    bind = "0.0.0.0" if interfaces is None else interfaces[0]
    try:
        port = await relay.start(bind, args.port)
    except OSError as exc:
        raise CommandError(
            f"cannot listen on port {args.port}: {exc.strerror}; try --port 0"
        ) from None
    address = _advertised_address(interfaces)
    invite = Invite(address, port, identity.fingerprint)
    emit({"invite": str(invite), "name": name, "port": port})
    announcer = Announcer(interfaces)
    info = TableInfo(name, game, relay.free_seats, identity.fingerprint, address, port, 1)
    await announcer.start(info)
    loop = asyncio.get_running_loop()
    updates: set[asyncio.Task[None]] = set()

    def on_seats(members: list[tuple[bytes, str]]) -> None:
        free = seats - len(members)
        coro = announcer.withdraw() if free <= 0 else announcer.update(free)
        updates.add(task := loop.create_task(coro))
        task.add_done_callback(updates.discard)

    relay.on_seats = on_seats
    try:
        if args.bot is None:
            await asyncio.Event().wait()  # relay only, until interrupted
            return None
        board = args.board or 1 + int.from_bytes(os.urandom(2), "big") % 11
        peer = NetPeer(
            identity,
            Invite("127.0.0.1", port, identity.fingerprint),
            name=player_name,
            folder=profile.folder,
            bot=_bot(args.bot, os.urandom(8).hex()),
            options=(board,),
        )
        peer.open_journal(_journal_path(profile, name), args.bot)
        assert peer.journal is not None
        peer.journal.relay(bind)  # `resume` listens there again
        outcome = await peer.run()
        await _wait_for_clients(relay, 10.0)
        return outcome_summary(outcome)
    finally:
        with contextlib.suppress(Exception):
            await announcer.close()
        await relay.close()


def _journal_path(profile: Profile, name: str) -> Path:
    safe = "".join(c if c.isalnum() or c in "-_" else "-" for c in name)[:40]
    return profile.folder / "journal" / f"{safe}-{os.urandom(4).hex()}.journal"


async def join(args: Any, emit: Any) -> dict[str, Any]:
    """``goldnet join``: by invite code or by table name on the LAN; a bot plays the seat."""
    profile = _profile(args.profile)
    if args.lan:
        from .discovery import find_table

        info = await find_table(args.lan, args.timeout, _interfaces(args.interface))
        if info is None:
            raise CommandError(
                f"no table named {args.lan!r} found on the LAN within {args.timeout:g} s; "
                "check the name with `goldnet tables`, or join by invite code"
            )
        invite = Invite(info.host, info.port, info.fingerprint)
    else:
        try:
            invite = parse_invite(args.invite)
        except InviteError as exc:
            raise CommandError(f"bad invite code: {exc}", 2) from None
    emit({"joining": str(invite)})
    peer = NetPeer(
        profile.identity,
        invite,
        name=args.player_name or f"{args.bot} bot",
        folder=profile.folder,
        bot=_bot(args.bot, os.urandom(8).hex()),
        # proposed only if this peer gets seat 0 (first at a standalone relay): a random board
        options=(1 + int.from_bytes(os.urandom(2), "big") % 11,),
    )
    peer.open_journal(_journal_path(profile, args.lan or invite.host), args.bot)
    return outcome_summary(await peer.run())


async def resume(args: Any, emit: Any) -> dict[str, Any]:
    """``goldnet resume``: rejoin the newest unfinished game of this profile."""
    profile = _profile(args.profile)
    journals = unfinished(profile.folder / "journal")
    if not journals:
        raise CommandError(f"no interrupted game in the profile {profile.folder}")
    try:
        state = read_journal(journals[0])
    except JournalError as exc:
        raise CommandError(str(exc)) from None
    bot_level = state.meta[5] or None
    peer = NetPeer.from_journal(
        profile.identity, state, profile.folder, _bot(bot_level, os.urandom(8).hex())
    )
    emit({"resuming": str(journals[0]), "received": peer.received})
    if peer.outcome is not None:
        return outcome_summary(peer.outcome)
    table = peer.machine.table
    if peer.invite.fingerprint != profile.identity.fingerprint or table is None:
        return outcome_summary(await peer.run())
    # This profile hosted the table: its relay died with it. Reopen it on the same port with
    # the log as far as the journal has it; the others reconnect and resend what it lacks.
    relay = Relay(
        profile.identity,
        table_name=f"{table.names[0]}'s table",
        game=table.game,
        seats=len(table.members),
        log=[data for _, data in state.incoming],
        members=list(zip(table.members, table.names, strict=True)),
    )
    bind = state.relay or "0.0.0.0"  # a journal older than its relay entry: every interface
    try:
        await relay.start(bind, peer.invite.port)
    except OSError as exc:
        raise CommandError(
            f"cannot reopen the table's relay on {bind} port {peer.invite.port}: {exc.strerror}"
        ) from None
    emit({"relay": f"[{bind}]:{peer.invite.port}" if ":" in bind else f"{bind}:{peer.invite.port}"})
    try:
        outcome = await peer.run()
        await _wait_for_clients(relay, 10.0)
    finally:
        await relay.close()
    return outcome_summary(outcome)


async def tables(args: Any, emit: Any) -> list[dict[str, Any]]:
    """``goldnet tables``: the tables announced on the LAN."""
    from .discovery import find_tables

    found = await find_tables(args.timeout, _interfaces(args.interface))
    return [
        {
            "name": t.name,
            "game": t.game,
            "free_seats": t.free_seats,
            "invite": str(Invite(t.host, t.port, t.fingerprint)),
        }
        for t in found
    ]


async def relay_main(args: Any, emit: Any) -> None:
    """``goldnet relay``: a standalone relay for online tables."""
    profile = _profile(args.profile)
    relay = Relay(
        profile.identity,
        table_name=args.name or "goldnet table",
        game=args.game,
        seats=GAME_SEATS[args.game],
        max_spectators=args.max_spectators,
        max_pending=args.max_pending,
    )
    try:
        port = await relay.start(args.bind, args.port)
    except OSError as exc:
        raise CommandError(
            f"cannot listen on port {args.port}: {exc.strerror}; try --port 0"
        ) from None
    emit({"invite": str(Invite(args.advertise or args.bind, port, profile.identity.fingerprint))})
    try:
        await asyncio.Event().wait()  # until interrupted
    finally:
        await relay.close()


def run(coro_fn: Any, args: Any, emit: Any) -> Any:
    """Run one command's coroutine; network failures become :class:`CommandError`."""
    try:
        return asyncio.run(coro_fn(args, emit))
    except (NetError, JournalError) as exc:
        raise CommandError(str(exc)) from None
    except Exception as exc:
        from .discovery import DiscoveryError

        if isinstance(exc, DiscoveryError):
            raise CommandError(f"LAN discovery failed: {exc}") from None
        raise


# --- demo --------------------------------------------------------------------------------


def demo(args: Any, emit: Any) -> dict[str, Any]:
    """``goldnet demo``: N bot peers as separate processes, each with its own profile, find the
    table by zeroconf (on loopback), play through the relay, save and verify their records."""
    from ..records import read, verify

    game = args.game
    seats = GAME_SEATS[game]
    if args.players != seats:
        raise CommandError(f"{game} is played by {seats}, not {args.players}", 2)
    base = Path(tempfile.mkdtemp(prefix="goldnet-demo-"))
    name = f"demo-{os.getpid()}-{os.urandom(2).hex()}"
    env = {
        **os.environ,
        "GOLDNET_MDNS_INTERFACES": os.environ.get("GOLDNET_MDNS_INTERFACES", "127.0.0.1"),
    }
    env.pop("GOLDNET_HOME", None)
    common = [sys.executable, "-m", "goldnet"]
    host_cmd = [
        *common,
        "host",
        game,
        "--name",
        name,
        "--bot",
        args.bot,
        "--port",
        "0",
        "--json",
        "--profile",
        str(base / "peer-0"),
    ]
    if args.board:
        host_cmd += ["--board", str(args.board)]
    procs = [
        subprocess.Popen(
            host_cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
        )
    ]
    for i in range(1, args.players):
        cmd = [
            *common,
            "join",
            "--lan",
            name,
            "--bot",
            args.bot,
            "--json",
            "--timeout",
            "20",
            "--profile",
            str(base / f"peer-{i}"),
        ]
        procs.append(
            subprocess.Popen(
                cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
            )
        )
    results = []
    try:
        for i, proc in enumerate(procs):
            out, err = proc.communicate(timeout=args.timeout)
            if proc.returncode != 0:
                last = (err.strip().splitlines() or ["(no message)"])[-1]
                raise CommandError(f"demo peer {i} failed (exit {proc.returncode}): {last}")
            results.append(json.loads(out.strip().splitlines()[-1]))
    except subprocess.TimeoutExpired:
        raise CommandError(f"the demo did not finish within {args.timeout:g} s") from None
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    records = [r["record"] for r in results]
    verified = [verify(read(Path(p))) for p in records]
    summaries = {json.dumps(v.summary(), sort_keys=True) for v in verified}
    if len(summaries) != 1:
        raise CommandError("the peers' records disagree")
    first = verified[0]
    return {
        "winner": first.result.winners[0],
        "scores": list(first.result.scores),
        "names": list(first.table.names),
        "turns": first.turns,
        "records": records,
    }

"""The headless network commands: host, join, tables, relay, resume, demo.

Each ``*_main`` function takes parsed arguments, runs asyncio in this thread (no GUI here) and
returns ``(exit status, result)``; :mod:`goldnet.cli` prints. Problems a user can fix come out
as :class:`CommandError` with the message to print.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import json
import logging
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from protocol.identity import fingerprint

from ..profile import Profile, ProfileError
from .client import NetError, NetPeer, Outcome
from .invite import GAME_PREFIX, Invite, InviteError, parse_invite
from .journal import JournalError, JournalState, read_journal, unfinished
from .relay import Relay

GAME_SEATS = {"mountains-rivers": 2}
log = logging.getLogger("goldnet.net.commands")


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


ENDING_STATUS = {"over": 0, "abandoned": 3, "halted": 4}
"""Exit status of ``host``, ``join`` and ``resume`` by how the game ended (docs/network.md)."""


def outcome_summary(outcome: Outcome) -> dict[str, Any]:
    """How a game ended, as plain values (printed as JSON); ``ending`` is ``over``,
    ``abandoned`` or ``halted``."""
    summary: dict[str, Any] = {
        "ending": outcome.ending,
        "names": list(outcome.names),
        "turns": outcome.turns,
        "record": str(outcome.record),
        "options": list(outcome.options),
    }
    if outcome.result is not None:
        summary["winner"] = outcome.result.winners[0]
        summary["winners"] = list(outcome.result.winners)
        summary["scores"] = list(outcome.result.scores)
    if outcome.ending != "over":
        summary["reason"] = outcome.reason
    if outcome.culprit is not None:
        from protocol.identity import fingerprint

        summary["culprit"] = fingerprint(outcome.culprit)
    if outcome.by is not None:
        summary["by"] = outcome.names[outcome.by]
    return summary


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
    info = TableInfo(name, game, relay.free_seats, identity.fingerprint, address, port)
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
            abandon_after=args.abandon_after,
        )
        peer.find_relay = _rehost_finder(interfaces, peer)
        peer.open_journal(_journal_path(profile, name), args.bot)
        assert peer.journal is not None
        peer.journal.bind(bind)  # `resume` listens there again
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
    peer.find_relay = _rehost_finder(_interfaces(args.interface), peer)
    peer.open_journal(_journal_path(profile, args.lan or invite.host), args.bot)
    return outcome_summary(await peer.run())


def _rehost_finder(
    interfaces: list[str] | None, peer: NetPeer | None = None
) -> Callable[[], Awaitable[Invite | None]]:
    """What a peer calls when its relay stays gone: a member's re-hosted relay of its game on
    the LAN (the lowest seat's), or ``None``."""

    async def find() -> Invite | None:
        from .discovery import DiscoveryError, find_rehost

        table = peer.machine.table if peer is not None else None
        if peer is None or table is None:
            return None
        game = peer.machine.game_id[:GAME_PREFIX].hex()
        members = [fingerprint(k) for k in table.members]
        try:
            info = await find_rehost(game, members, REHOST_BROWSE, interfaces)
        except DiscoveryError as exc:
            log.info("cannot look for a re-hosted table: %s", exc)
            return None
        return None if info is None else Invite(info.host, info.port, info.fingerprint, game)

    return find


REHOST_BROWSE = 3.0
"""Seconds a peer listens on the LAN for a re-hosted relay of its game."""


def _ended(profile: Profile) -> dict[str, Any] | None:
    """How the newest game of ``profile`` ended, if its journal says it did.

    Raises:
        CommandError: that journal is damaged (it is not offered for resuming either).
    """
    folder = profile.folder / "journal"
    journals = sorted(folder.glob("*.journal"), key=lambda p: p.stat().st_mtime, reverse=True)
    for path in journals[:1]:
        with contextlib.suppress(JournalError):
            try:
                state = read_journal(path)
            except JournalError as exc:
                if "damaged" in str(exc):
                    raise CommandError(str(exc)) from None
                raise
            if state.end is not None:
                how, record, reason = state.end
                ended = {"ending": how, "record": record, "reason": reason, "ended": True}
                return ended | _record_summary(Path(record))
    return None


def _record_summary(path: Path) -> dict[str, Any]:
    """What the record at ``path`` says of its game (names, scores, culprit, ...) in the shape
    of :func:`outcome_summary`; empty when the record is gone or does not verify."""
    from ..records import InvalidRecord, RecordError, read, verify

    try:
        checked = verify(read(path))
    except (RecordError, InvalidRecord):
        return {}
    summary = checked.summary()
    found: dict[str, Any] = {"names": summary["names"], "turns": checked.turns}
    found["options"] = summary["options"]
    if checked.result is not None:
        found["winner"] = checked.result.winners[0]
        found["winners"] = list(checked.result.winners)
        found["scores"] = list(checked.result.scores)
    for name in ("culprit", "by"):
        if name in summary:
            found[name] = summary[name]
    return found


async def resume(args: Any, emit: Any) -> dict[str, Any]:
    """``goldnet resume``: go on with the newest unfinished game of this profile — through its
    relay, a relay a member re-hosted (``--invite``, or found on the LAN), or a relay this
    member re-hosts (``--host``). The host of a table reopens its relay where it was."""
    profile = _profile(args.profile)
    journals = unfinished(profile.folder / "journal")
    if not journals:
        ended = _ended(profile)
        if ended is not None:
            return ended
        raise CommandError(f"no interrupted game in the profile {profile.folder}")
    try:
        state = read_journal(journals[0])
    except JournalError as exc:
        raise CommandError(str(exc)) from None
    bot_level = state.meta[5] or None
    interfaces = _interfaces(args.interface)
    peer = NetPeer.from_journal(
        profile.identity, state, profile.folder, _bot(bot_level, os.urandom(8).hex())
    )
    peer.find_relay = _rehost_finder(interfaces, peer)
    emit({"resuming": str(journals[0]), "received": peer.received})
    if peer.outcome is not None:
        return outcome_summary(peer.outcome)
    table = peer.machine.table
    if args.invite:
        try:
            invite = parse_invite(args.invite)
        except InviteError as exc:
            raise CommandError(f"bad invite code: {exc}", 2) from None
        if table is not None and not invite.game:
            raise CommandError("a re-hosted table's invite code ends with its game id", 2)
        peer.switch_relay(invite)
    hosted = peer.invite.fingerprint == profile.identity.fingerprint and not state.moved
    if table is not None and (args.host or hosted):
        if peer.role != "player":
            raise CommandError("only a player of the game can re-host it")
        # The host of the table reopens its relay on the same port; any member may re-host on
        # its own machine (--host). Either way the relay is announced with the game id.
        port = args.port or (peer.invite.port if hosted else 0)
        bind = (state.bind or "0.0.0.0") if hosted and not args.host else None
        return await _rehost(peer, profile, state, interfaces, port, emit, bind)
    if args.host:
        raise CommandError("only a game that has started can be re-hosted")
    return outcome_summary(await peer.run())


def _relay_from_journal(profile: Profile, peer: NetPeer, state: JournalState) -> Relay:
    """A relay for the table of ``peer``'s game holding every envelope the journal has."""
    table = peer.machine.table
    assert table is not None
    # The game's own order first (each envelope after what it answers), then the rest: a peer
    # that reads the log from 0 never holds a long queue.
    log = list(dict.fromkeys([*peer.machine.full_record(), *state.outgoing]))
    return Relay(
        profile.identity,
        table_name=f"{table.names[0]}'s table",
        game=table.game,
        seats=len(table.members),
        log=log,
        members=list(zip(table.members, table.names, strict=True)),
    )


async def _rehost(
    peer: NetPeer,
    profile: Profile,
    state: JournalState,
    interfaces: list[str] | None,
    port: int,
    emit: Any,
    bind: str | None = None,
) -> dict[str, Any]:
    """Re-host ``peer``'s table here: a relay from the journal, announced on the LAN with the
    game id, a new invite code; this peer plays through it. When a lower seat re-hosts too,
    that relay wins: this one closes and the peer moves there."""
    from .discovery import Announcer, TableInfo

    table = peer.machine.table
    assert table is not None
    game = peer.machine.game_id[:GAME_PREFIX].hex()
    relay = _relay_from_journal(profile, peer, state)
    bind = bind or ("0.0.0.0" if interfaces is None else interfaces[0])
    try:
        port = await relay.start(bind, port)
    except OSError as exc:
        raise CommandError(
            f"cannot listen on {bind} port {port}: {exc.strerror}; try --port 0"
        ) from None
    if peer.journal is not None:
        peer.journal.bind(bind)  # a later `resume` listens there again
    address = _advertised_address(interfaces)
    invite = Invite(address, port, profile.identity.fingerprint, game)
    emit({"rehosted": str(invite), "port": port, "relay": f"{bind}:{port}"})
    announcer = Announcer(interfaces)
    name = f"{table.names[0]}'s table"[:60]
    info = TableInfo(name, table.game, 0, profile.identity.fingerprint, address, port, game_id=game)
    await announcer.start(info)
    peer.switch_relay(Invite("127.0.0.1", port, profile.identity.fingerprint, game))
    watcher = asyncio.create_task(_yield_to_lower_seat(peer, relay, interfaces))
    try:
        outcome = await peer.run()
        await _wait_for_clients(relay, 10.0)
    finally:
        watcher.cancel()
        with contextlib.suppress(Exception):
            await announcer.close()
        await relay.close()
    return outcome_summary(outcome)


async def _yield_to_lower_seat(peer: NetPeer, relay: Relay, interfaces: list[str] | None) -> None:
    """While this member re-hosts, watch for a lower seat's re-host of the same game; if one
    appears, move there and close this relay (the others follow the lowest seat too)."""
    from .discovery import find_rehost

    table = peer.machine.table
    assert table is not None
    me = peer.machine.seat_of(peer.identity.public)
    members = [fingerprint(k) for k in table.members]
    game = peer.machine.game_id[:GAME_PREFIX].hex()
    while peer.outcome is None:
        with contextlib.suppress(Exception):
            info = await find_rehost(game, members[: me or 0], REHOST_BROWSE, interfaces)
            if info is not None and await _shows_key(info.host, info.port, info.fingerprint):
                log.info("seat %s re-hosted this table too: moving there", info.fingerprint)
                peer.switch_relay(Invite(info.host, info.port, info.fingerprint, game))
                await relay.close()
                return
        await asyncio.sleep(1.0)


async def _shows_key(host: str, port: int, expected: str) -> bool:
    """Whether the relay at ``host:port`` shows the key of fingerprint ``expected`` (TLS): an
    announcement alone proves nothing, anyone on the LAN can copy a member's fingerprint."""
    from .tls import PinError, check_pin, client_context

    try:
        opened = asyncio.open_connection(host, port, ssl=client_context())
        _, writer = await asyncio.wait_for(opened, 5.0)
    except (OSError, TimeoutError):
        return False
    try:
        check_pin(writer.get_extra_info("ssl_object"), expected)
        return True
    except PinError:
        return False
    finally:
        writer.close()


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
        hint = "try --port 0" if exc.errno == errno.EADDRINUSE else f"check --bind {args.bind}"
        raise CommandError(f"cannot listen on port {args.port}: {exc.strerror}; {hint}") from None
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
    if first.result is None:
        raise CommandError(f"the demo game ended without a result: {first.ending}, {first.reason}")
    return {
        "winner": first.result.winners[0],
        "scores": list(first.result.scores),
        "names": list(first.table.names),
        "turns": first.turns,
        "records": records,
    }

"""The headless network commands: host, join, tables, relay, resume, demo.

Argument handling and printing only: every game goes through the table service
(:class:`~goldnet.net.service.TableService`), the same as the desktop client's, and seats,
options and bots come from the game registry. Each command's coroutine takes parsed arguments
and an ``emit`` function (one line per call: what the table is doing) and returns the result
to print; :func:`run` runs it with asyncio in this thread (no GUI here). Problems a user can fix
come out as :class:`CommandError` with the message to print.
"""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import os
import shutil
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .. import games
from ..engine import GameState
from ..errors import GoldnetError
from ..launch import goldnet_command
from ..profile import Profile, ProfileError
from ..view import View
from .discovery import DiscoveryError
from .invite import Invite, InviteError, parse_invite
from .journal import JournalError, read_journal, unfinished
from .relay import Relay
from .reports import Outcome, Problem, TableStart, WaitReport
from .service import TableService

log = logging.getLogger("goldnet.net.commands")

Emit = Callable[[dict[str, Any]], None]


class CommandError(GoldnetError):
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


def _interfaces(value: str | None) -> list[str] | None:
    from .discovery import interfaces_from_env

    try:
        return interfaces_from_env(value)
    except ValueError as exc:
        raise CommandError(str(exc), 2) from None


def _invite(text: str) -> Invite:
    try:
        return parse_invite(text)
    except InviteError as exc:
        raise CommandError(f"bad invite code: {exc}", 2) from None


class _Printer:
    """The table service's listener of a command: one line per status worth telling (the
    views, waits and problems of a headless game are not printed; problems raise)."""

    def __init__(self, emit: Emit, table_name: str = "") -> None:
        self.emit = emit
        self.table_name = table_name

    def on_status(self, kind: str, value: Any) -> None:
        if kind == "hosting":
            self.emit({"invite": str(value), "name": self.table_name, "port": value.port})
        elif kind == "announced" and value is False:
            self.emit({"announced": False})
        elif kind == "connecting":
            self.emit({"joining": str(value)})
        elif kind == "resuming":
            path, received = value
            self.emit({"resuming": str(path), "received": received})
        elif kind == "rehosted":
            invite, relay = value
            self.emit({"rehosted": str(invite), "port": invite.port, "relay": relay})

    def on_started(self, table: TableStart) -> None:
        pass

    def on_view(self, view: View, trial: GameState | None) -> None:
        pass

    def on_wait(self, report: WaitReport) -> None:
        pass

    def on_finished(self, outcome: Outcome) -> None:
        pass

    def on_problem(self, problem: Problem) -> None:
        pass


def _service(args: Any, profile: Profile, listener: _Printer, name: str) -> TableService:
    return TableService(
        profile,
        listener,
        name,
        interfaces=_interfaces(getattr(args, "interface", None)),
        max_spectators=getattr(args, "max_spectators", 8),
        max_pending=getattr(args, "max_pending", 16),
    )


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


async def host(args: Any, emit: Emit) -> dict[str, Any] | None:
    """``goldnet host``: a relay in this process, announced on the LAN; plays seat 0 with a bot
    if ``--bot``, else only relays until interrupted."""
    info = _game(args.game)
    profile = _profile(args.profile)
    user = os.environ.get("USER") or os.environ.get("USERNAME") or "goldnet"
    name = args.name or f"{user}'s table"
    player_name = args.player_name or (f"{args.bot} bot" if args.bot else "host")
    service = _service(args, profile, _Printer(emit, name), player_name)
    options = {o.name: getattr(args, o.name, None) for o in info.options}
    try:
        outcome = await service.host(
            info.name,
            table_name=name,
            seats=args.seats,
            options=options,
            plays=args.bot is not None,
            bot=args.bot or "",
            port=args.port,
            abandon_after=args.abandon_after,
            shadows=args.shadows,
        )
    except ValueError as exc:
        raise CommandError(str(exc), 2) from None
    finally:
        await service.close()
    return None if outcome is None else outcome_summary(outcome)


def _game(name: str) -> games.GameInfo:
    try:
        return games.get(name)
    except games.UnknownGame as exc:
        raise CommandError(str(exc), 2) from None


async def join(args: Any, emit: Emit) -> dict[str, Any]:
    """``goldnet join``: by invite code or by table name on the LAN; a bot plays the seat, or
    (``--spectate``) this peer watches, verifying every envelope, until the game ends."""
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
        invite = _invite(args.invite)
    default = "spectator" if args.spectate else f"{args.bot} bot"
    service = _service(args, profile, _Printer(emit), args.player_name or default)
    try:
        outcome = await service.join(invite, spectate=args.spectate, bot=args.bot or "")
    except (OSError, TimeoutError) as exc:
        why = (
            "nothing listens there"
            if isinstance(exc, ConnectionRefusedError)
            else "no answer"
            if isinstance(exc, TimeoutError)
            else exc.strerror or str(exc)
        )
        raise CommandError(
            f"cannot reach {invite.host}:{invite.port} ({why}); check the address and that the "
            "table is still open"
        ) from None
    finally:
        await service.close()
    return outcome_summary(outcome)


def _ended(profile: Profile) -> dict[str, Any] | None:
    """How the newest game of ``profile`` ended, if its journal says it did.

    Raises:
        CommandError: that journal is damaged (it is not offered for resuming either).
    """
    folder = profile.folder / "journal"
    journals = sorted(folder.glob("*.journal"), key=lambda p: p.stat().st_mtime, reverse=True)
    for path in journals[:1]:
        try:
            state = read_journal(path)
        except JournalError as exc:
            if "damaged" in str(exc):
                raise CommandError(str(exc)) from None
            continue
        if state.end is not None:
            how, record, reason = state.end
            found = {"ending": how, "record": record, "reason": reason, "ended": True}
            return found | _record_summary(Path(record))
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


async def resume(args: Any, emit: Emit) -> dict[str, Any]:
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
    invite = _invite(args.invite) if args.invite else None
    if state.meta[1] == "player" and not state.meta[5]:
        raise CommandError(
            "this seat was played by hand: resume it in the desktop client (`goldnet`)"
        )
    service = _service(args, profile, _Printer(emit), str(state.meta[2]))
    try:
        outcome = await service.resume(
            journals[0], rehost=args.host, invite=invite, port=args.port or None
        )
    finally:
        await service.close()
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


async def relay_main(args: Any, emit: Emit) -> None:
    """``goldnet relay``: a standalone relay for online tables (the first player to arrive
    proposes the table)."""
    info = _game(args.game)
    seats = args.seats or info.seats[0]
    try:
        info.check(info.draw_options(lambda _name, n: 0), seats)
    except ValueError as exc:
        raise CommandError(str(exc), 2) from None
    profile = _profile(args.profile)
    relay = Relay(
        profile.identity,
        table_name=args.name or "goldnet table",
        game=info.name,
        seats=seats,
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


def run(coro_fn: Any, args: Any, emit: Emit) -> Any:
    """Run one command's coroutine; goldnet's own failures become :class:`CommandError`."""
    try:
        return asyncio.run(coro_fn(args, emit))
    except CommandError:
        raise
    except DiscoveryError as exc:
        raise CommandError(f"LAN discovery failed: {exc}") from None
    except GoldnetError as exc:
        raise CommandError(str(exc)) from None


# --- demo --------------------------------------------------------------------------------


def demo(args: Any, emit: Emit) -> dict[str, Any]:
    """``goldnet demo``: N bot peers as separate processes, each with its own profile in a
    temporary folder, find the table by zeroconf (on loopback), play through the relay, save and
    verify their records. The temporary folder is removed however the demo ends (done, failed,
    interrupted); the game's record — the peers' records are one file, checked equal — is kept
    in the records folder of the user's profile (``--profile``, else as for every command),
    under the name every record of that game gets."""
    info = _game(args.game)
    players = args.players or info.seats[0]
    try:
        info.check(info.draw_options(lambda _name, n: 0), players)
    except ValueError as exc:
        raise CommandError(str(exc), 2) from None
    if args.bot is None:  # the middle level: "greedy" in Mountains & Rivers
        args.bot = info.bot_levels[len(info.bot_levels) // 2]
    elif args.bot not in info.bot_levels:
        levels = ", ".join(info.bot_levels)
        raise CommandError(f"{info.title} has no bot {args.bot!r}: {levels}", 2)
    profile = Profile(args.profile)  # where the record is kept; no key is made for it
    try:
        profile.ensure()
    except ProfileError as exc:
        raise CommandError(str(exc)) from None
    base = Path(tempfile.mkdtemp(prefix="goldnet-demo-"))
    try:
        result, record = _demo_game(args, info, players, base)
        kept = profile.folder / "records" / record.name
        try:
            kept.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(record, kept)
        except OSError as exc:
            raise CommandError(f"cannot keep the demo's record in {kept.parent}: {exc}") from None
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return {**result, "record": str(kept)}


def _demo_game(
    args: Any, info: games.GameInfo, players: int, base: Path
) -> tuple[dict[str, Any], Path]:
    """Play the demo's game with profiles under ``base``: its summary and the record (checked:
    every peer's is the same file, and it verifies to a result)."""
    from ..records import read, verify

    game = info.name
    name = f"demo-{os.getpid()}-{os.urandom(2).hex()}"
    env = {
        **os.environ,
        "GOLDNET_MDNS_INTERFACES": os.environ.get("GOLDNET_MDNS_INTERFACES", "127.0.0.1"),
    }
    env.pop("GOLDNET_HOME", None)
    common = goldnet_command()
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
        "--seats",
        str(players),
    ]
    for option in info.options:
        if getattr(args, option.name, None) is not None:
            host_cmd += [f"--{option.name}", str(getattr(args, option.name))]
    commands = [host_cmd]
    for i in range(1, players):
        commands.append(
            [
                *common,
                *("join", "--lan", name, "--bot", args.bot, "--json", "--timeout", "20"),
                *("--profile", str(base / f"peer-{i}")),
            ]
        )
    procs: list[subprocess.Popen[str]] = []
    results = []
    try:
        for command in commands:
            procs.append(
                subprocess.Popen(
                    command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
                )
            )
        for i, proc in enumerate(procs):
            out, err = proc.communicate(timeout=args.timeout)
            if proc.returncode != 0:
                last = (err.strip().splitlines() or ["(no message)"])[-1]
                raise CommandError(f"demo peer {i} failed (exit {proc.returncode}): {last}")
            results.append(json.loads(out.strip().splitlines()[-1]))
    except subprocess.TimeoutExpired:
        raise CommandError(f"the demo did not finish within {args.timeout:g} s") from None
    finally:  # before the folder goes: a peer still running holds files in it
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
            proc.wait()
    records = [Path(r["record"]) for r in results]
    if any(r.read_bytes() != records[0].read_bytes() for r in records):
        raise CommandError("the peers' records disagree")
    checked = verify(read(records[0]))
    if checked.result is None:
        raise CommandError(
            f"the demo game ended without a result: {checked.ending}, {checked.reason}"
        )
    summary = {
        "winner": checked.result.winners[0],
        "scores": list(checked.result.scores),
        "names": list(checked.table.names),
        "turns": checked.turns,
    }
    if info.score_name != "scores":  # e.g. Golden City's banks
        summary[info.score_name] = list(checked.result.scores)
    return summary, records[0]

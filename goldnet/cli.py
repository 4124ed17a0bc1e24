"""``goldnet …``: the command line (argparse).

Exit statuses: 0 success; 1 a check that failed (``scenario --check``, ``verify``) or a
network game that could not go on; 2 bad usage, an unreadable or malformed file, or an
impossible argument — always a one-line message on stderr, never a traceback. A network game
(``host``, ``join``, ``resume``) that ended without a result exits 3 when it was abandoned and
4 when it was halted on a member's proven fault.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NoReturn

from . import __version__, games, offline
from .bench import GROUPS as BENCH_GROUPS
from .errors import UsageError

GAMES = games.names()


class _Parser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{self.prog}: {message} (see {self.prog} --help)")


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be at least 1")
    return value


def _count(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text!r} must be 0 or more")
    return value


def _option_arguments(p: argparse.ArgumentParser) -> None:
    """One ``--NAME`` per table option of the registered games (e.g. ``--board``), checked
    against that option's values; a game without the option ignores it."""
    for option in games.all_options():

        def parse(text: str, option: games.Option = option) -> int:
            try:
                return option.parse(text)
            except ValueError as exc:
                raise argparse.ArgumentTypeError(str(exc)) from None

        p.add_argument(f"--{option.name}", type=parse, help=option.help)


def build_parser() -> argparse.ArgumentParser:
    """The parser of every sub-command."""
    parser = _Parser(prog="goldnet", description="Gold-prospecting board games over the LAN.")
    parser.add_argument("--version", action="version", version=f"goldnet {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    p = sub.add_parser("scenario", help="run scenario cases (docs/scenarios.md format)")
    p.add_argument("--check", action="store_true", help="compare with each step's expect")
    p.add_argument("--game", choices=GAMES, help="the cases' game (default: told by the case)")
    p.add_argument("files", nargs="+", metavar="FILE", type=Path)

    p = sub.add_parser("selfplay", help="bots play each other headless")
    p.add_argument("game", choices=GAMES)
    p.add_argument("--games", type=_positive, default=10, help="number of games (default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    p.add_argument(
        "--seats",
        "--players",
        dest="seats",
        type=_positive,
        help="seats (default: the fewest the game has)",
    )
    p.add_argument("--bots", help="one bot name per seat, e.g. strong,random (seats rotate)")
    _option_arguments(p)
    p.add_argument("--json", action="store_true", help="one JSON object per line on stdout")
    p.add_argument(
        "--record",
        type=Path,
        metavar="DIR",
        help="play through the full protocol in memory and save one record per game in DIR",
    )

    p = sub.add_parser("verify", help="verify game records offline")
    p.add_argument("files", nargs="+", metavar="FILE", type=Path)
    p.add_argument("--json", action="store_true", help="one JSON object per record")

    _network_parsers(sub)
    _client_parsers(sub)

    p = sub.add_parser("bench", help="speed figures against their targets (docs/development.md)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--repeat", type=_positive, default=50, help="runs per figure (default 50)")
    p.add_argument(
        "--only",
        action="append",
        choices=BENCH_GROUPS,
        metavar="GROUP",
        help=f"measure only this group of figures (repeatable; one of {', '.join(BENCH_GROUPS)})",
    )
    return parser


def _timeout(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 < value <= 3600:
        raise argparse.ArgumentTypeError(f"{text!r} must be between 0 and 3600 seconds")
    return value


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 0 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"port {value} is outside 0-65535")
    return value


def _abandon_after(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of seconds") from None
    if not 30 <= value <= 86_400:
        raise argparse.ArgumentTypeError(f"{value} s is outside 30-86400 seconds")
    return value


def _shadows(text: str) -> int:
    from protocol.deck_messages import MAX_SHADOWS, MIN_SHADOWS

    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not MIN_SHADOWS <= value <= MAX_SHADOWS:
        raise argparse.ArgumentTypeError(
            f"{value} shadow shuffles is outside {MIN_SHADOWS}-{MAX_SHADOWS}"
        )
    return value


def _bot_levels() -> tuple[str, ...]:
    """Every bot level of every registered game, first occurrence first (``--bot``'s choices;
    the game checks its own)."""
    return tuple(dict.fromkeys(level for info in games.games() for level in info.bot_levels))


def _network_parsers(sub: Any) -> None:
    bots = _bot_levels()
    seats_help = "seats at the table (default: the fewest the game has)"

    def common(p: argparse.ArgumentParser, json_help: str = "print JSON lines") -> None:
        p.add_argument(
            "--profile",
            metavar="DIR",
            help="profile folder (default: GOLDNET_HOME or the user data folder)",
        )
        p.add_argument("--json", action="store_true", help=json_help)

    def caps(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--max-spectators",
            type=_count,
            default=8,
            metavar="N",
            help="spectators the relay admits at once (default 8)",
        )
        p.add_argument(
            "--max-pending",
            type=_positive,
            default=16,
            metavar="N",
            help="connections still authenticating; more are closed at once (default 16)",
        )

    def mdns(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "--interface",
            metavar="IP[,IP]",
            help="mDNS interfaces (default: GOLDNET_MDNS_INTERFACES, else all)",
        )

    p = sub.add_parser("host", help="host a table on this machine (relay + LAN announcement)")
    p.add_argument("game", choices=GAMES)
    p.add_argument("--name", help="table name shown on the LAN")
    p.add_argument(
        "--port",
        type=_port,
        help="TCP port (default 47001, or any free port if it is taken; 0: any free port)",
    )
    p.add_argument("--seats", type=_positive, metavar="N", help=seats_help)
    p.add_argument("--bot", choices=bots, help="a bot plays this peer's seat (seat 0)")
    _option_arguments(p)
    p.add_argument("--player-name", help="this player's name at the table")
    p.add_argument(
        "--abandon-after",
        type=_abandon_after,
        default=600,
        metavar="SECONDS",
        help="seconds without progress before the game may be adjudicated abandoned "
        "(30-86400, default 600)",
    )
    p.add_argument(
        "--shadows",
        type=_shadows,
        metavar="K",
        help="for a game whose cards the deck deals: the shadow shuffles of every shuffle "
        "proof, recorded in the table; a shuffle cheat survives with probability 2^-K "
        "(20-64, default 20)",
    )
    caps(p)
    mdns(p)
    common(p)

    p = sub.add_parser("join", help="join a table by invite code or by name on the LAN")
    p.add_argument("invite", nargs="?", help="invite code goldnet://HOST:PORT/FINGERPRINT")
    p.add_argument("--lan", metavar="NAME", help="find the table by name on the LAN")
    p.add_argument("--bot", choices=bots, help="a bot plays this peer's seat (required headless)")
    p.add_argument(
        "--spectate",
        action="store_true",
        help="watch read-only, verifying every move, until the game ends",
    )
    p.add_argument("--timeout", type=_timeout, default=10.0, help="seconds to look for --lan")
    p.add_argument("--player-name", help="this player's name at the table")
    mdns(p)
    common(p)

    p = sub.add_parser("tables", help="list the tables announced on the LAN")
    p.add_argument("--timeout", type=_timeout, default=2.0, help="seconds to listen (default 2)")
    mdns(p)
    common(p)

    p = sub.add_parser("relay", help="a standalone relay for online tables")
    p.add_argument("--port", type=_port, default=47001)
    p.add_argument("--game", choices=GAMES, default=GAMES[0])
    p.add_argument("--seats", type=_positive, metavar="N", help=seats_help)
    p.add_argument("--name", help="table name")
    p.add_argument("--bind", default="0.0.0.0", help="address to listen on")
    p.add_argument("--advertise", help="host name or address written in the invite code")
    caps(p)
    common(p)

    p = sub.add_parser("resume", help="rejoin the newest interrupted game of this profile")
    p.add_argument(
        "--host",
        action="store_true",
        help="re-host the table on this machine (its relay died or misbehaves)",
    )
    p.add_argument("--port", type=_port, default=0, help="TCP port for --host (0: any free)")
    p.add_argument("--invite", metavar="CODE", help="go on through the relay a member re-hosted")
    mdns(p)
    common(p)

    p = sub.add_parser("demo", help="bots in separate processes play a whole LAN game")
    p.add_argument("game", choices=GAMES)
    p.add_argument("--players", type=_positive, help=seats_help)
    p.add_argument(
        "--bot", choices=bots, help="every seat's bot (default: the game's middle level)"
    )
    _option_arguments(p)
    p.add_argument("--timeout", type=_timeout, default=120.0)
    common(p, json_help="last line: one JSON object")


def _network(args: argparse.Namespace) -> int:
    from .net import commands

    def emit(info: dict[str, Any]) -> None:
        if args.json:
            print(json.dumps(info), flush=True)
        else:
            print("  ".join(f"{k}: {v}" for k, v in info.items()), flush=True)

    try:
        if args.command == "join":
            if bool(args.invite) == bool(args.lan):
                raise UsageError("goldnet join: give an invite code or --lan NAME (one of them)")
            if args.spectate and args.bot is not None:
                raise UsageError("goldnet join: a spectator has no seat for --bot")
            if args.bot is None and not args.spectate:
                raise UsageError(
                    "goldnet join: headless play needs --bot LEVEL, or --spectate to watch "
                    "(to play yourself, open `goldnet`)"
                )
            result: Any = commands.run(commands.join, args, emit)
        elif args.command == "host":
            result = commands.run(commands.host, args, emit)
        elif args.command == "tables":
            result = commands.run(commands.tables, args, emit)
            if not args.json:
                if not result:
                    print("no tables found")
                for t in result:
                    print(f"{t['name']}  {t['game']}  free seats: {t['free_seats']}  {t['invite']}")
                return 0
        elif args.command == "relay":
            result = commands.run(commands.relay_main, args, emit)
        elif args.command == "resume":
            result = commands.run(commands.resume, args, emit)
        else:
            result = commands.demo(args, emit)
    except commands.CommandError as exc:
        if exc.status == 2:
            raise UsageError(f"goldnet {args.command}: {exc}") from None
        print(f"goldnet {args.command}: {exc}", file=sys.stderr)
        return 1
    if result is not None:
        if args.json:
            print(json.dumps(result), flush=True)
        else:
            _print_outcome(result)
    if isinstance(result, dict):
        return commands.ENDING_STATUS.get(result.get("ending", "over"), 0)
    return 0


def _print_outcome(result: Any) -> None:
    if isinstance(result, list):
        for item in result:
            print(item)
        return
    names = result.get("names", ["seat 0", "seat 1"])
    ending = result.get("ending", "over")
    if ending == "abandoned":
        print(f"the game was abandoned (no result): {result.get('reason', '')}")
    elif ending == "halted" and "culprit" in result:
        print(f"the game was halted: {result['culprit']} broke the rules: {result['reason']}")
    elif ending == "halted":
        print(f"the game was halted: {result.get('reason', '')}")
    elif "scores" not in result:  # its record is gone: the journal says only that it ended
        print("the game is over")
    else:
        scores = " - ".join(str(s) for s in result["scores"])
        winner = result["winner"]
        name = names[winner]  # seats of one name (two bots of a level) are told by number
        label = name if list(names).count(name) == 1 else f"{name} (seat {winner + 1})"
        print(f"winner: {label}  scores: {scores}")
    for path in result.get("records", [result.get("record")]):
        print(f"record: {path}")


OFFLINE = {
    "scenario": offline.scenario_command,
    "selfplay": offline.selfplay_command,
    "verify": offline.verify_command,
    "bench": offline.bench_command,
}
"""The offline sub-commands (:mod:`goldnet.offline`) by name."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``goldnet`` with ``argv`` (default ``sys.argv[1:]``); returns the exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    try:
        if not argv:  # the desktop window: no parser to build (its first paint does not wait)
            return _window()
        args = build_parser().parse_args(argv)
        if args.command is None:
            return _window()
        if args.command == "render":
            return _render(args)
        if args.command in OFFLINE:
            return OFFLINE[args.command](args)
        if args.command in ("host", "join", "tables", "relay", "resume", "demo"):
            return _network(args)
        raise UsageError(f"goldnet: unknown command {args.command}")  # pragma: no cover
    except UsageError as exc:
        print(exc, file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("goldnet: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


# --- desktop client (ui/ is imported lazily, only here: the core never needs Qt) --------------


def _client_parsers(sub: Any) -> None:
    p = sub.add_parser("render", help="draw a board offscreen into a PNG file")
    p.add_argument("game", choices=GAMES)
    _option_arguments(p)
    p.add_argument(
        "--scenario", type=Path, metavar="FILE", help="draw the position a scenario case reaches"
    )
    p.add_argument(
        "--seats", type=_positive, metavar="N", help="seats at the table (default: the fewest)"
    )
    p.add_argument(
        "--seat",
        type=_positive,
        metavar="S",
        help="draw what seat S sees (1 plays first; default: the public view)",
    )
    p.add_argument(
        "--language", choices=("en", "fr"), help="the picture's words (default: the system's)"
    )
    p.add_argument("--turns", type=int, default=0, help="first let bots play N turns")
    p.add_argument("--seed", type=int, default=0, help="seed of those turns (default 0)")
    p.add_argument("--width", type=_positive, default=1400, help="picture width in pixels")
    p.add_argument("--out", type=Path, required=True, metavar="FILE.png", help="file to write")


def _window() -> int:
    """``goldnet`` with no sub-command: the desktop window."""
    from ui.app import run as run_window

    return run_window()


def _render(args: argparse.Namespace) -> int:
    from ui import kits
    from ui.render import render_state

    from . import games
    from .engine import ChanceOf, RevealOf, TurnOf
    from .local_deck import LocalDeck
    from .rng import Stream

    info = games.get(args.game)
    missing = [o.name for o in info.options if getattr(args, o.name, None) is None]
    if missing and args.scenario is None:
        wanted = " ".join(f"--{name} K" for name in missing)
        raise UsageError(f"goldnet render: give {wanted} or --scenario FILE")
    if not 0 <= args.turns <= 1000:
        raise UsageError("goldnet render: --turns must be between 0 and 1000")
    if args.width > 8000:
        raise UsageError("goldnet render: --width must be at most 8000 pixels")
    seats = args.seats if args.seats is not None else info.seats[0]
    if seats not in info.seats:
        raise UsageError(
            f"goldnet render: {info.title} is played by {info.seats[0]} to {info.seats[-1]} seats"
        )
    kit = kits.get(args.game)
    if args.scenario is not None:
        case = offline.read_json(args.scenario, "render")
        if not isinstance(case, dict):
            raise UsageError(f"goldnet render: {args.scenario} is not a scenario case")
        if getattr(args, "board", None) is not None:
            case = {**case, "board": args.board}
        malformed = info.scenario.ScenarioError if info.scenario is not None else ValueError
        try:
            state = kit.position(case)
        except malformed as exc:
            raise UsageError(f"goldnet render: {args.scenario} is malformed: {exc}") from None
    else:
        state = info.make(tuple(getattr(args, o.name) for o in info.options), seats)
    seat = None if args.seat is None else args.seat - 1
    if seat is not None and seat >= state.n_seats:
        raise UsageError(f"goldnet render: --seat must be 1 to {state.n_seats} at this table")
    chance = Stream(args.seed, "render")
    deck = LocalDeck.for_state(state, args.seed, "render", "deck") if state.decks() else None
    # the middle bot level ("greedy" in Mountains & Rivers), one per seat
    level = info.bot_levels[len(info.bot_levels) // 2]
    bots = [info.make_bot(level, f"{args.seed}/{s}") for s in range(state.n_seats)]
    played = 0
    for _ in range(100_000):
        request = state.awaiting()
        if isinstance(request, RevealOf) and deck is not None:
            value = deck.value(request.deck, request.card)
            state.apply_reveal(request.deck, request.card, request.to, value)
        elif isinstance(request, ChanceOf) and args.turns:  # the next roll is thrown too
            state.apply_chance(chance.chance(request))
        elif isinstance(request, TurnOf) and played < args.turns:
            s = request.seat
            state.apply(bots[s].choose(state.observation(s), state.legal_actions(s)))
            played += 1
        else:
            break
    try:
        render_state(state, args.out, args.width, seat, args.language)
    except OSError as exc:
        raise UsageError(f"goldnet render: {exc}") from None
    print(f"wrote {args.out}")
    return 0


def run() -> NoReturn:
    """Console entry point."""
    sys.exit(main())

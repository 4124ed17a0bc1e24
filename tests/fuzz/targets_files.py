"""Fuzz targets for what goldnet reads from files and text: records (``goldnet verify``),
journals, both games' scenario cases, Golden City maps, Mountains & Rivers boards, invite codes,
mDNS TXT records and the settings file. Same contract as :mod:`tests.fuzz.targets`, whose
registry they join.

Invariants: as :mod:`tests.fuzz.targets`; files are written only in one private temporary folder
made per process, each run overwriting the same file.
"""

from __future__ import annotations

import ipaddress
import json
import tempfile
from functools import cache
from pathlib import Path

from .targets import ROOT, _small_record, target


@cache
def _folder() -> Path:
    return Path(tempfile.mkdtemp(prefix="goldnet-fuzz-"))


def _json_seeds(*folders: str) -> list[bytes]:
    out = []
    for folder in folders:
        for path in sorted((ROOT / folder).glob("*.json")):
            out.append(path.read_bytes())
    return out


# --- records and journals -------------------------------------------------------------------


@cache
def _dealt_record() -> tuple[bytes, ...]:
    """A finished 2-seat game of the test card game dealt by the deck, with its audit."""
    from goldnet import games
    from tests.protocol.cards import GAME_INFO, NAME
    from tests.protocol.dealt import dealt_table

    if NAME not in games.names():
        games.register(GAME_INFO)
    harness, peers, _ = dealt_table("fuzz", 2)
    harness.run()
    return tuple(peers[0].machine.record)


def _record_seeds() -> list[bytes]:
    from goldnet import records

    out = [records.encode(_small_record()), records.encode(_dealt_record())]
    out += [p.read_bytes() for p in sorted((ROOT / "tests/data/records-v1").glob("*.goldnet"))]
    return out


@target("record", _record_seeds)
def run_record(data: bytes) -> None:
    """``goldnet verify``'s reading and checking of a record file: RecordError or
    InvalidRecord, or a verdict."""
    from goldnet import records

    _dealt_record()  # the test card game registered, as a verifier that knows it would have it
    try:
        records.verify(records.decode(data))
    except (records.RecordError, records.InvalidRecord):
        return


def _journal_seeds() -> list[bytes]:
    from goldnet.net.journal import Journal

    path = _folder() / "seed.journal"
    path.unlink(missing_ok=True)
    journal = Journal(path)
    record = _small_record()
    journal.meta(
        "goldnet://127.0.0.1:4000/" + "ab" * 16, "player", "Ann", "mountains-rivers", (3,), ""
    )
    journal.seed(0, b"\x01" * 32)
    journal.outgoing(record[0], record[1])
    for index, envelope in enumerate(record[2:8]):
        journal.incoming(index, envelope)
    journal.end("over", "x.goldnet", "")
    journal.close()
    return [path.read_bytes()]


@target("journal", _journal_seeds)
def run_journal(data: bytes) -> None:
    """A journal file as ``goldnet resume`` and the start screen read it: JournalError only."""
    from goldnet.net.journal import JournalError, describe_journal

    path = _folder() / "fuzz.journal"
    path.write_bytes(data)
    try:
        describe_journal(path)
    except JournalError:
        return


# --- scenario cases, maps and boards --------------------------------------------------------


def _scenario(game: str, data: bytes) -> None:
    from goldnet import games

    try:
        case = json.loads(data)
    except ValueError:
        return
    runner = games.get(game).scenario
    assert runner is not None
    try:
        for step, printed in runner.run(case):
            json.dumps(printed)
            runner.mismatches(step.get("expect", {}), printed)
    except runner.ScenarioError:
        return


@target("scenario-mountains-rivers", lambda: _json_seeds("tests/cases/mountains-rivers"))
def run_scenario_mr(data: bytes) -> None:
    """A Mountains & Rivers scenario case as ``goldnet scenario`` runs it: ScenarioError only."""
    _scenario("mountains-rivers", data)


@target("scenario-golden-city", lambda: _json_seeds("tests/cases/golden-city"))
def run_scenario_gc(data: bytes) -> None:
    """A Golden City scenario case (with its own map) as ``goldnet scenario`` runs it:
    ScenarioError only."""
    _scenario("golden-city", data)


@target(
    "map-golden-city", lambda: _json_seeds("goldnet/resources/golden_city", "resources/golden_city")
)
def run_map_gc(data: bytes) -> None:
    """A Golden City map document (docs/rules/golden-city-map.md): MapError only."""
    from goldnet.games.golden_city.board import MapError, parse_map

    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return
    try:
        parse_map(text)
    except MapError:
        return


def _board_seeds() -> list[bytes]:
    out = []
    for case in _json_seeds("tests/cases/mountains-rivers"):
        board = json.loads(case).get("board")
        if board is not None:
            out.append(json.dumps(board).encode())
    return sorted(set(out))


@target("board-mountains-rivers", _board_seeds)
def run_board_mr(data: bytes) -> None:
    """A Mountains & Rivers board as a scenario case gives it: ScenarioError or BoardError."""
    from goldnet.games.mountains_rivers.board import BoardError
    from goldnet.games.mountains_rivers.scenario import ScenarioError, load_board

    try:
        spec = json.loads(data)
    except ValueError:
        return
    try:
        load_board(spec)
    except (ScenarioError, BoardError):
        return


# --- invite codes, mDNS and settings --------------------------------------------------------


def _invite_seeds() -> list[bytes]:
    fp = "ab" * 16
    return [
        f"goldnet://127.0.0.1:4000/{fp}".encode(),
        f"goldnet://[::1]:65535/{fp}/golden-city".encode(),
        f"  goldnet://host.local:1/{fp}/mountains-rivers\n".encode(),
    ]


@target("invite", _invite_seeds)
def run_invite(data: bytes) -> None:
    """An invite code typed or pasted: InviteError, or an invite whose code reads back as
    itself."""
    from goldnet.net.invite import InviteError, parse_invite

    text = data.decode("utf-8", errors="replace")
    try:
        invite = parse_invite(text)
    except InviteError:
        return
    assert parse_invite(str(invite)) == invite, "an invite's code does not read back"


def _txt_seeds() -> list[bytes]:
    def txt(props: dict[str, str]) -> bytes:
        out = b""
        for key, value in props.items():
            item = f"{key}={value}".encode()
            out += bytes([len(item)]) + item
        return out

    base = {"v": "2", "game": "golden-city", "name": "Ann's table", "free": "3", "fp": "ab" * 16}
    return [txt(base), txt({**base, "gid": "cd" * 8}), txt({"v": "1"})]


@target("mdns-txt", _txt_seeds)
def run_txt(data: bytes) -> None:
    """A table's TXT record as the lobby's mDNS browser reads it: a table or None, never an
    exception."""
    from goldnet.net.discovery._txt import parse_service

    networks = [ipaddress.IPv4Network("127.0.0.0/8")]
    parse_service("t._goldnet._tcp.local.", data, 4000, ["127.0.0.1"], networks)


def _settings_seeds() -> list[bytes]:
    return [
        json.dumps(
            {"name": "Ann", "language": "fr", "pace": "fast", "ui": {"game": "golden-city"}}
        ).encode(),
        json.dumps({"lobby": {"table_name": "x", "seats": 4}, "language": "system"}).encode(),
    ]


@target("settings", _settings_seeds)
def run_settings(data: bytes) -> None:
    """The profile's settings file and the values the client takes from it (language, pace):
    any content reads as settings, a damaged file as none."""
    from goldnet.profile import Profile
    from ui.i18n import LANGUAGES, resolve
    from ui.pacer import SPEEDS, speed_of

    folder = _folder() / "profile"
    folder.mkdir(exist_ok=True)
    (folder / "settings.json").write_bytes(data)
    settings = Profile(folder).settings()
    assert isinstance(settings, dict)
    assert resolve(settings.get("language")) in LANGUAGES
    assert speed_of(settings.get("pace")) in SPEEDS

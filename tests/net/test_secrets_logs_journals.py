"""Issue 14, secrets in what a network game leaves on disk and in the log: a real game of
Golden City (its cards dealt by the deck) and one of Mountains & Rivers, bot peers in this
process behind a real relay on 127.0.0.1 (TLS), every logger at DEBUG.

- **Log lines**: no log record (raw, before any redaction — every logger, asyncio's included)
  and no line of the rotating log file holds, in any representation a log could use (hex,
  ``repr`` of bytes, base64, the integer in decimal, the name, its English and French words), a
  member's beacon seed or deck seed at all, a beacon value before the relay has its reveal, a
  member's deck secrets (deck key, lock ratios) before its audit, or the value of a card not
  yet revealed to everyone — a face-down token, a mission.
- **Another peer's journal**: seat A's journal (every entry, in order) holds no other seat's
  beacon seed or deck seed, none of its deck secrets before the entry holding its audit, no
  beacon value of its before its reveal, and no card value before that card is revealed to
  everyone (by the journal's own envelopes so far).
- **Records**: the record each member saves holds no seed; the secrets of a record cut before
  an audit are tests/protocol/test_secrets_envelopes.py's (a record is the envelopes in order).

Which card values are public when is replayed by a spectator's lockstep machine from the
relay's log (or the journal's envelopes) so far. A log record is stamped with the length of the
relay's log when it was made: it may only hold what the relay had by then.
"""

from __future__ import annotations

import asyncio
import base64
import functools
import logging
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgpack
import pytest

from goldnet import diagnostics, games
from goldnet.binding import make_engine
from goldnet.net.client import NetPeer
from goldnet.net.invite import Invite
from goldnet.net.journal import read_journal
from goldnet.net.relay import Relay
from goldnet.records import read
from protocol.deck_messages import DeckAudit
from protocol.envelope import Envelope
from protocol.events import CardRevealed, DeckSecret, Secret
from protocol.identity import Identity
from protocol.lockstep import Lockstep
from protocol.messages import Action, Reveal

from .relaykit import HOST, until

GAMES = {"golden-city": 3, "mountains-rivers": 2}


@functools.cache
def forms(secret: bytes | str) -> frozenset[bytes]:
    """Every way a log line or a file could spell ``secret``: for bytes the raw bytes, hex
    (both cases), ``repr``, base64 (standard and URL-safe, padding dropped), the integer in
    decimal (both byte orders); for a name the name and its ``repr``."""
    if isinstance(secret, str):
        return frozenset({secret.encode(), repr(secret).encode()})
    out = {
        secret,
        secret.hex().encode(),
        secret.hex().upper().encode(),
        repr(secret).encode(),
        base64.b64encode(secret).rstrip(b"="),
        base64.urlsafe_b64encode(secret).rstrip(b"="),
        str(int.from_bytes(secret, "big")).encode(),
        str(int.from_bytes(secret, "little")).encode(),
    }
    if len(secret) > 8:  # a prefix a log may cut it to (a fingerprint's 16 hex digits)
        out.add(secret[:8].hex().encode())
    return frozenset(out)


def card_words(value: Any) -> set[str]:
    """A card value's name and, for Golden City, its words in English and French."""
    words = {str(value)}
    try:
        from goldnet.games.golden_city.setup import MISSION_TEXT

        text = MISSION_TEXT.get(str(value))
        if text is not None:  # its words without the threshold: "thieves to the sheriff"
            words.add(max((p.strip() for p in text.split("{n}")), key=len))
    except ImportError:  # pragma: no cover - the game is part of goldnet
        pass
    return words


class Stamped(logging.Handler):
    """Keeps every record's message (and its traceback), stamped with the relay log's length."""

    def __init__(self, relay: list[Relay]) -> None:
        super().__init__(logging.DEBUG)
        self.relay = relay
        self.lines: list[tuple[int, str]] = []

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + logging.Formatter().formatException(record.exc_info)
        at = len(self.relay[0].log) if self.relay else 0
        self.lines.append((at, f"{record.name} {text}"))


@dataclass
class Seat:
    peer: NetPeer
    seeds: list[bytes] = field(default_factory=list)
    deck_seed: bytes | None = None


@dataclass
class Played:
    game: str
    relay_log: list[bytes]
    seats: list[Seat]
    lines: list[tuple[int, str]]
    log_file: Path
    records: list[Path]


async def _play(game: str, folder: Path, handler: Stamped, holder: list[Relay]) -> Played:
    info = games.get(game)
    count = GAMES[game]
    relay = Relay(Identity.generate(), table_name="secrets", game=game, seats=count)
    holder.append(relay)
    port = await relay.start(HOST, 0)
    invite = Invite(HOST, port, relay.fingerprint)
    seats: list[Seat] = []
    for s in range(count):
        seat = Seat(None)  # type: ignore[arg-type]

        def keep(event: Any, seat: Seat = seat) -> None:
            if isinstance(event, Secret):
                seat.seeds.append(event.seed)
            elif isinstance(event, DeckSecret):
                seat.deck_seed = event.seed

        options = info.draw_options(lambda _name, n: 0) if s == 0 else None
        seat.peer = NetPeer(
            Identity.generate(),
            invite,
            name=f"p{s}",
            folder=folder / f"peer-{s}",
            bot=info.make_bot(info.bot_levels[0], f"secrets/{game}/{s}"),
            options=options,
            game=game,
            on_event=keep,
        )
        seat.peer.open_journal(folder / f"peer-{s}" / "journal" / "game.journal", "random")
        seats.append(seat)
    tasks = []
    try:
        for s, seat in enumerate(seats):  # seat order = arrival order
            tasks.append(asyncio.create_task(seat.peer.run()))
            await until(lambda s=s: len(relay.members) > s)
        outcomes = await asyncio.wait_for(asyncio.gather(*tasks), 100)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await relay.close()
    assert all(o.ending == "over" and o.record is not None for o in outcomes)
    return Played(
        game, list(relay.log), seats, list(handler.lines), Path(), [o.record for o in outcomes]
    )


@pytest.fixture(scope="module", params=sorted(GAMES))
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Played:
    """One whole game, every logger at DEBUG into a :class:`Stamped` handler and the rotating
    log file the program writes."""
    folder = tmp_path_factory.mktemp(request.param)
    holder: list[Relay] = []
    handler = Stamped(holder)
    root = logging.getLogger()
    old = root.level
    root.addHandler(handler)
    root.setLevel(logging.DEBUG)
    log_file = diagnostics.setup_logging(folder / "logs", logging.DEBUG)
    assert log_file is not None
    try:
        result = asyncio.run(_play(request.param, folder, handler, holder), debug=True)
    finally:
        diagnostics.stop_logging()
        root.removeHandler(handler)
        root.setLevel(old)
    result.log_file = log_file
    return result


# --- what is secret, and when it stops being ------------------------------------------------


@dataclass
class Timeline:
    """When each secret stops being one, counted in envelopes of a log (``None``: never)."""

    forever: list[tuple[int, bytes]]
    """(seat, seed): beacon and deck seeds — never sent."""
    until: list[tuple[int, bytes, int]]
    """(seat, secret, n): sent first in envelope ``n`` (its audit, its reveal): absent from
    the first ``n`` envelopes."""
    cards: list[tuple[str, int | None]]
    """(word, n): a card value no card showed to everyone in the first ``n`` envelopes."""


def timeline(played: Played, log: Sequence[bytes]) -> Timeline:
    keys = [s.peer.identity.public for s in played.seats]
    envelopes = [Envelope.decode(d) for d in log]
    forever: list[tuple[int, bytes]] = []
    until_: list[tuple[int, bytes, int]] = []
    for seat, s in enumerate(played.seats):
        assert s.seeds, "every member drew a beacon seed"
        forever += [(seat, seed) for seed in s.seeds]
        if s.deck_seed is not None:
            forever.append((seat, s.deck_seed))
    for i, env in enumerate(envelopes):
        seat = keys.index(env.sender) if env.sender in keys else -1
        if env.type == "deck-audit":
            audit = DeckAudit.from_body(env.body)
            until_ += [(seat, x, i) for x in (audit.key, *(r for d in audit.locks for r in d))]
        elif env.type == "reveal":
            until_.append((seat, Reveal.from_body(env.body).value, i))
    # card values: the first envelope after which a card of that value is public
    spectator = Lockstep(None, make_engine)
    public_at: dict[str, int] = {}
    values: set[str] = set()
    for i, data in enumerate(log):
        spectator.receive(data)
        for event in list(spectator._events):
            if isinstance(event, CardRevealed) and event.to is None:
                public_at.setdefault(str(event.value), i + 1)
        spectator._events.clear()
        if spectator.engine is not None and not values:
            state = spectator.engine.state  # type: ignore[attr-defined]
            values = {str(v) for _, vs in state.decks() for v in vs}
    cards = [(w, public_at.get(v)) for v in sorted(values) for w in card_words(v)]
    return Timeline(forever, until_, cards)


def leaks(text: bytes, at: int, line: Timeline, *, skip_seat: int | None = None) -> list[str]:
    """The secrets of ``line`` that ``text``, made when ``at`` envelopes were out, holds
    (``skip_seat``: that seat's own secrets are allowed)."""
    found = []
    for seat, seed in line.forever:
        if seat != skip_seat and any(f in text for f in forms(seed)):
            found.append(f"seat {seat}'s seed {seed.hex()[:12]}")
    for seat, secret, n in line.until:
        if seat != skip_seat and at <= n and any(f in text for f in forms(secret)):
            found.append(f"seat {seat}'s secret {secret.hex()[:12]} before envelope {n}")
    for word, n in line.cards:
        if (n is None or at < n) and any(f in text for f in forms(word)):
            found.append(f"card {word!r} before it was public ({n})")
    return found


# --- the properties -------------------------------------------------------------------------


def test_no_log_line_holds_a_secret_before_its_time(played: Played) -> None:
    line = timeline(played, played.relay_log)
    assert line.forever and line.until
    if played.game == "golden-city":
        assert len(line.cards) > 20 and any(n is None for _, n in line.cards)
    assert played.lines, "the game logged something at DEBUG"
    for at, text in played.lines:
        assert not leaks(text.encode(), at, line), text
    # the file the program writes: the same, whenever its line was written
    written = played.log_file.read_bytes()
    assert written
    assert not leaks(written, 0, Timeline(line.forever, [], [])), "a seed in goldnet.log"
    last = played.lines[-1][0] if played.lines else 0
    assert not leaks(written, last, Timeline([], line.until, line.cards))


def journal_entries(path: Path) -> list[bytes]:
    """The raw entries of a journal file, in order (4-byte big-endian length + body)."""
    data = path.read_bytes()
    out, i = [], 0
    while i < len(data):
        n = int.from_bytes(data[i : i + 4], "big")
        out.append(data[i + 4 : i + 4 + n])
        i += 4 + n
    assert i == len(data), "a whole number of entries"
    return out


def envelopes_in(entries: Iterable[bytes], journal: Any) -> list[bytes]:
    """Of a journal's entries, the envelopes (``out`` and ``in``), in journal order."""
    known = set(journal.outgoing) | {d for _, d in journal.incoming}
    return [d for entry in entries for d in known if d in entry][: len(known)]


def without_verb(data: bytes) -> bytes:
    """An envelope's bytes, an action's verb (a tool, "raft": a word of the rules that is also
    a mission's name) taken out once."""
    env = Envelope.decode(data)
    if env.type != "action":
        return data
    return data.replace(str(Action.from_body(env.body).action[0]).encode(), b"", 1)


def test_a_peer_s_journal_holds_no_other_seat_s_secret_before_its_time(played: Played) -> None:
    for seat, s in enumerate(played.seats):
        assert s.peer.journal is not None
        path = s.peer.journal.path
        state = read_journal(path)
        assert state.seeds and state.end is not None
        entries = journal_entries(path)
        # the envelopes the journal holds, in its order: what its owner had received or sent
        order: list[bytes] = []
        stamped: list[tuple[int, bytes]] = []
        envs = set(state.outgoing) | {d for _, d in state.incoming}
        for entry in entries:
            fields = msgpack.unpackb(entry, raw=False)
            held = [d for d in fields if isinstance(d, bytes) and d in envs]
            order += [d for d in held if d not in order]
            for d in held:  # an action's verb ("raft") is the rules' word, not a card
                entry = entry.replace(d, without_verb(d))
            stamped.append((len(order), entry))
        line = timeline(played, order)
        own = leaks(b"".join(entries), len(order), Timeline(line.forever, [], []))
        assert all(f"seat {seat}'s" in x for x in own)  # its own seeds, as resume needs
        assert own, "the journal keeps its own seeds"
        for at, entry in stamped:  # ``at``: the envelopes journalled so far, this entry's too
            assert not leaks(entry, at, line, skip_seat=seat), (seat, at)


def test_no_record_holds_a_seed(played: Played) -> None:
    line = timeline(played, played.relay_log)
    datas = {p.read_bytes() for p in played.records}
    assert len(datas) == 1
    record = read(played.records[0])
    assert record and set(record) <= set(played.relay_log)
    (data,) = datas
    assert not leaks(data, len(record), Timeline(line.forever, [], []))


def test_the_check_sees_a_secret_in_every_form_it_names(played: Played) -> None:
    """The search is not vacuous: a line that logs a member's deck seed, a future beacon value
    or a face-down card's value, in any form :func:`forms` names, is caught."""
    line = timeline(played, played.relay_log)
    seat, seed = line.forever[-1]
    secret_seat, secret, n = line.until[-1]
    assert n > 0
    for form in forms(seed):
        assert leaks(b"debug: " + form, 0, line) == [f"seat {seat}'s seed {seed.hex()[:12]}"]
    for form in forms(secret):
        assert leaks(b"x" + form + b"y", n, line)
        assert not leaks(b"x" + form + b"y", n + 1, line)
        assert not leaks(b"x" + form + b"y", 0, line, skip_seat=secret_seat)
    hidden = [word for word, at in line.cards if at is None]
    if played.game == "golden-city":
        assert hidden and leaks(f"peeked at {hidden[0]}".encode(), len(played.relay_log), line)

"""Issue 14, secrets in a record saved before the audit: a Golden City game dealt by the deck,
stopped after any number of envelopes (a game abandoned, halted or crashed mid-deal or
mid-play saves what its peers hold: :meth:`Lockstep.full_record`, written by
:func:`goldnet.records.write`). Whenever it stops, every member's saved record holds

- no member's beacon seed or deck seed;
- none of a member's deck secrets (its deck key, its lock ratios) unless the record holds that
  member's audit — the envelope that publishes them;
- no value of a card that the record's own envelopes do not show to everyone (a face-down
  token, a mission), an action's verb aside (``raft`` is a move as well as a mission).

The game is run once per example, its records kept at each cut, then played to its end, whose
audits publish the deck secrets the kept records are searched for.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from goldnet.binding import make_engine
from goldnet.records import write
from protocol.deck_messages import DeckAudit
from protocol.envelope import Envelope
from protocol.events import CardRevealed
from protocol.lockstep import Lockstep
from protocol.messages import Action

from .dealt import dealt_table

SEATS = 3
LABEL = "secrets/records"
TOTAL = 471
"""Envelopes of the whole game (its label fixes its keys, seeds and so every envelope)."""


def public_in(record: list[bytes]) -> tuple[set[str], set[bytes]]:
    """The card values the record's envelopes show to everyone (a spectator's replay), and the
    members whose audit it holds."""
    spectator = Lockstep(None, make_engine)
    shown: set[str] = set()
    audited: set[bytes] = set()
    for data in record:
        env = Envelope.decode(data)
        if env.type == "deck-audit":
            audited.add(env.sender)
        spectator.receive(data)
        for event in list(spectator._events):
            if isinstance(event, CardRevealed) and event.to is None:
                shown.add(str(event.value))
        spectator._events.clear()
    return shown, audited


def without_verbs(record: list[bytes]) -> bytes:
    out = []
    for data in record:
        env = Envelope.decode(data)
        if env.type == "action":
            data = data.replace(str(Action.from_body(env.body).action[0]).encode(), b"", 1)
        out.append(data)
    return b"".join(out)


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fractions=st.lists(st.floats(0.0, 0.97), min_size=1, max_size=2))
def test_a_record_saved_before_the_audit_holds_no_secret(
    fractions: list[float], tmp_path_factory: Any
) -> None:
    harness, peers, watcher = dealt_table(LABEL, SEATS, game="golden-city", options=())
    # what each member and the spectator would save, were the game stopped at each cut
    saved_at: list[set[tuple[bytes, ...]]] = []
    for fraction in sorted(fractions):
        cut = max(1, int(TOTAL * fraction))
        with contextlib.suppress(RuntimeError):  # stopped with envelopes still to send
            harness.run(max_rounds=cut - len(harness.log))
        assert len(harness.log) == cut
        saved_at.append(
            {
                tuple(r)
                for p in [*peers, watcher]
                for r in (p.machine.record, p.machine.full_record())
            }
        )
    harness.run()  # the whole game: its audits publish every member's deck secrets
    assert len(harness.log) == TOTAL
    assert all(p.machine.finished and not p.errors for p in peers)
    scalars: dict[bytes, list[bytes]] = {}
    for _, data in harness.log:
        env = Envelope.decode(data)
        if env.type == "deck-audit":
            audit = DeckAudit.from_body(env.body)
            scalars[env.sender] = [audit.key, *(r for deck in audit.locks for r in deck)]
    assert len(scalars) == SEATS
    seeds = [s for p in peers for s in (*p.secrets, p.deck_seed) if s is not None]
    assert len(seeds) > SEATS
    values = {str(v) for _, vs in peers[0].engine.state.decks() for v in vs}
    folder: Path = tmp_path_factory.mktemp("records")
    for records in saved_at:
        for i, record in enumerate(sorted(records, key=len)):
            if not record:
                continue
            path = folder / f"{i}.goldnet"
            write(path, record)
            saved = path.read_bytes()
            raw = without_verbs(list(record))
            assert not any(seed in saved for seed in seeds), "a seed in a saved record"
            shown, audited = public_in(list(record))
            for key, secrets in scalars.items():
                if key not in audited:
                    assert not any(x in saved for x in secrets), "a deck secret before its audit"
            for value in values - shown:
                assert value.encode() not in raw, f"{value} in a record that never showed it"

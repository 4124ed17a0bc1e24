"""Issue 12 over real sockets: a hostile relay against the deck (docs/deck.md §6, §11). Two bot
peers play Golden City through a relay on 127.0.0.1 (TCP + TLS, in this process) that, with
every deck envelope it forwards, sends it again and then the same member's envelope of another
game; a spectator watches through it.

- nobody is named, both peers finish with one record, which verifies with its audit;
- what the relay holds of every private reveal (the missions, the lantern's peeks) is
  ciphertext: no sealed share in its log opens under its own key, a spectator's, or any
  member's but the recipient's; no deck envelope carries a value in the clear (its texts are
  deck names only).
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from goldnet import games
from goldnet.net.client import NetPeer
from goldnet.net.frames import encode
from goldnet.net.invite import Invite
from goldnet.net.relay import Relay
from goldnet.net.reports import Outcome
from goldnet.records import read, verify
from protocol.deck_seal import context, identity_scalars, unseal
from protocol.envelope import DECK_TYPES, Envelope
from protocol.identity import Identity

from .relaykit import HOST, Raw, run, until

GAME = "golden-city"
OTHER_GAME = bytes(range(32))


class ReplayingRelay(Relay):
    """Sends every deck envelope it forwards twice, then its signer's envelope of another game
    (same type, body and numbers, signed by the member for another game id)."""

    def __init__(self, *args: Any, signers: dict[bytes, Identity], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.signers = signers
        self.extra = 0

    def _push(self, client: Any) -> None:
        start = client.sent
        super()._push(client)
        for index in range(start, client.sent):
            data = self.log[index]
            env = Envelope.decode(data)
            if env.type not in DECK_TYPES or self._senders[index] == client.seat >= 0:
                continue
            stale = Envelope.seal(
                self.signers[env.sender],
                env.type,
                OTHER_GAME,
                env.seq,
                env.prev,
                env.body,
                env.seen,
            )
            client.send(encode(["env", index, data]) + encode(["env", index, stale.raw]))
            self.extra += 2


def texts(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, tuple):
        return [t for item in value for t in texts(item)]
    return []


def test_a_relay_replaying_deck_envelopes_and_others_of_another_game_changes_nothing(
    tmp_path: Path,
) -> None:
    async def scenario() -> tuple[list[Outcome], ReplayingRelay, list[Identity], Identity]:
        ids = [Identity.generate(), Identity.generate()]
        relay = ReplayingRelay(
            Identity.generate(),
            table_name="attack12",
            game=GAME,
            seats=2,
            signers={i.public: i for i in ids},
        )
        port = await relay.start(HOST, 0)
        invite = Invite(HOST, port, relay.fingerprint)
        info = games.get(GAME)
        peers = [
            NetPeer(
                identity,
                invite,
                name=f"p{i}",
                folder=tmp_path / f"peer-{i}",
                bot=info.make_bot("random", f"attack12/{i}"),
                game=GAME,
                options=(),
            )
            for i, identity in enumerate(ids)
        ]
        watcher_id = Identity.generate()
        tasks = []
        try:
            for seat, peer in enumerate(peers):
                tasks.append(asyncio.create_task(peer.run()))
                await until(lambda seat=seat: len(relay.members) > seat)
            watcher = await Raw.connect(port)
            assert (await watcher.auth(watcher_id, "spectator", name="w"))[0] == "welcome"
            watcher.send(["resume", 0])
            outcomes = await asyncio.wait_for(asyncio.gather(*tasks), 100)
            watcher.close()
            return list(outcomes), relay, ids, watcher_id
        finally:
            for task in tasks:
                task.cancel()
            await relay.close()

    outcomes, relay, ids, watcher_id = run(scenario(), timeout=120)
    assert relay.extra > 20  # it did replay and inject
    for outcome in outcomes:
        assert outcome.ending == "over" and outcome.culprit is None, outcome.reason
    records = [o.record.read_bytes() for o in outcomes]
    assert records[0] == records[1]
    record = read(outcomes[0].record)
    checked = verify(record)
    assert checked.ending == "over" and checked.result == outcomes[0].result

    # What the relay holds: its log.
    table = Envelope.decode(relay.log[0])
    members = list(table.body[2])
    keys = {i.public: i for i in ids} | {relay.identity.public: relay.identity}
    keys[watcher_id.public] = watcher_id
    names = {name for name, _ in games.get(GAME).new_state((), 2).decks()}
    sealed = 0
    for data in relay.log:
        env = Envelope.decode(data)
        if env.type not in DECK_TYPES:
            continue
        assert set(texts(env.body)) <= names, env.type
        if env.type != "sealed-share":
            continue
        sealed += 1
        deck, card, to, ephemeral, _, box = env.body
        info = context(table.game_id, deck, card, members.index(env.sender), to, ephemeral)
        for key, identity in keys.items():
            h, _ = identity_scalars(identity.private_bytes())
            opened = unseal(h, ephemeral, box, info)
            assert (opened is not None) == (key == members[to])
    assert sealed >= 2  # the missions at least

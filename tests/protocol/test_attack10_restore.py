"""Attacks on the issue-10 shortcut "a sent move is checked once" (protocol/lockstep.py): the
member on turn judges its move as it signs it and applies it without judging it again. What a
member's own journal gives back after a restart was judged by no machine of this process, so it
must be judged in full — an illegal move, a wrong state hash, an envelope of the wrong kind or
of another game, a hole in the own chain — and never applied unchecked.

A journal is its owner's: a member who edits its own (with its own key) gains nothing it could
not get by running a modified client, and its signature is on what it edited. The outcome a
restarted member must reach is that of any peer given those envelopes: named on its own
signature, or a clear local error — never a move applied that the rules refuse.
"""

from __future__ import annotations

from typing import Any

import pytest

from protocol import steps as lockstep_module
from protocol.envelope import Envelope
from protocol.errors import LocalProtocolError, RemoteProtocolError
from protocol.events import Transmit
from protocol.lockstep import NEED_DATA, Lockstep
from tests.protocol.toy import (
    Node,
    ToyEngine,
    entropy,
    make_nodes,
    played,
    propose,
    relay,
    toy_engines,
)


def _restart(node: Node, own: list[bytes], rounds: int = 12) -> Lockstep:
    """``node``'s machine rebuilt from ``own`` (its journal of own envelopes) and its seeds."""
    assert node.machine.identity is not None
    machine = Lockstep(
        node.machine.identity,
        toy_engines(rounds),
        seeds=list(node.secrets),
        entropy=entropy(node.label + "/after"),
        chain_length=512,
    )
    machine.restore(own)
    return machine


def _feed(machine: Lockstep, envelopes: list[bytes]) -> list[RemoteProtocolError]:
    errors = []
    for data in envelopes:
        if machine.halted is not None or machine.abandoned is not None:
            break
        try:
            machine.receive(data)
        except RemoteProtocolError as exc:
            errors.append(exc)
    return errors


def _journal_with(node: Node, nth_action: int, **changes: Any) -> tuple[list[bytes], bytes]:
    """``node``'s own envelopes up to its ``nth_action``-th action, that action signed again by
    it with ``changes``: what a restarted member would find in an edited journal."""
    own = list(node.sent)
    actions = [i for i, d in enumerate(own) if Envelope.decode(d).type == "action"]
    at = actions[nth_action]
    identity = node.machine.identity
    assert identity is not None
    env = Envelope.decode(own[at])
    fields = {
        "type_": env.type,
        "game_id": env.game_id,
        "seq": env.seq,
        "prev": env.prev,
        "body": env.body,
        "seen": env.seen,
    }
    fields.update(changes)
    if callable(fields["body"]):
        fields["body"] = fields["body"](env.body)
    edited = Envelope.seal(identity, **fields).raw
    return [*own[:at], edited], edited


def _others(nodes: list[Node], me: int) -> list[bytes]:
    return [d for d in nodes[1 - me].sent]


@pytest.mark.parametrize("nth", [0, 3])
def test_an_illegal_move_in_the_own_journal_is_judged_and_never_applied(nth: int) -> None:
    nodes = played(2, prefix=f"illegal{nth}-")
    own, edited = _journal_with(nodes[1], nth, body=lambda body: (body[0], ("take", 99)))
    machine = _restart(nodes[1], own)
    _feed(machine, _others(nodes, 1))
    halt = machine.halted
    assert halt is not None and halt.culprit == nodes[1].key  # its own signature, judged
    assert "illegal action" in halt.reason
    assert edited not in machine.record
    assert machine.actions == 2 * nth + 1  # every move before it, none after
    engine = machine.engine
    assert engine is not None and isinstance(engine, ToyEngine) and 99 not in engine.scores


def test_a_move_on_another_state_in_the_own_journal_is_judged(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    nodes = played(2, prefix="stale-")
    own, edited = _journal_with(nodes[1], 2, body=(b"\x00" * 32, ("take", 1)))
    machine = _restart(nodes[1], own)
    _feed(machine, _others(nodes, 1))
    halt = machine.halted
    assert halt is not None and halt.culprit == nodes[1].key
    assert "state-hash mismatch" in halt.reason and edited not in machine.record


def test_every_move_a_journal_gives_back_is_judged_once_and_a_sent_one_not_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The shortcut applies to the move :meth:`Lockstep.send` judged in this process only:
    each journalled move goes through the full judgement (state hash, digest, legality)."""
    judged: list[tuple[bytes, int]] = []
    real = lockstep_module.judge_action

    def counted(engine: Any, history: Any, members: Any, actor: Any, env: Envelope, fault: Any):  # type: ignore[no-untyped-def]
        judged.append((env.sender, env.seq))
        return real(engine, history, members, actor, env, fault)

    monkeypatch.setattr(lockstep_module, "judge_action", counted)
    nodes = played(2, prefix="judged-")
    mine = {(n.key, Envelope.decode(d).seq) for n in nodes for d in n.sent}
    sent_actions = {
        (n.key, Envelope.decode(d).seq)
        for n in nodes
        for d in n.sent
        if Envelope.decode(d).type == "action"
    }
    assert len(judged) == len(sent_actions)  # each move judged by the one peer that got it
    assert set(judged) == sent_actions and set(judged) <= mine
    judged.clear()
    own = [d for d in nodes[1].sent]
    machine = _restart(nodes[1], own)
    _feed(machine, _others(nodes, 1))
    assert machine.finished and machine.record == nodes[1].machine.record
    actions = [(nodes[1].key, Envelope.decode(d).seq) for d in own]
    journalled = [a for a in actions if Envelope.decode(own[actions.index(a)]).type == "action"]
    assert sorted(a for a in judged if a[0] == nodes[1].key) == sorted(journalled)
    assert len(judged) == 12  # its six journalled moves and the other's six


@pytest.mark.parametrize(
    ("kind", "body"), [("reveal", (1,)), ("close", (1,)), ("adjudicate", (1, "abandoned"))]
)
def test_an_own_envelope_of_the_wrong_kind_where_a_move_is_due_is_judged(
    kind: str, body: tuple[Any, ...]
) -> None:
    nodes = played(2, prefix=f"kind-{kind}-")
    own, edited = _journal_with(nodes[1], 1, type_=kind, body=body)
    machine = _restart(nodes[1], own)
    _feed(machine, _others(nodes, 1))
    assert machine.actions <= 3  # its second move (the fourth of the game) never applied
    halt, abandoned = machine.halted, machine.abandoned
    if kind == "adjudicate":  # an own adjudication: the game ends abandoned, nobody named
        assert abandoned is not None and halt is None and machine.record[-1] == edited
    else:
        assert halt is not None and halt.culprit == nodes[1].key and edited not in machine.record


def test_an_own_envelope_of_another_game_in_the_journal_is_never_applied() -> None:
    """The member's own key signed an envelope of another game into its journal (only its
    owner can): the table's machine refuses it like any other — never applied, nobody named
    — and waits for this member's move. Whatever it signs at that number then is a second
    envelope under its own key: only it can be named for it (see the module docstring)."""
    nodes = played(2, prefix="foreign-")
    own, edited = _journal_with(nodes[1], 0, game_id=b"\x07" * 32)
    machine = _restart(nodes[1], own)
    errors = _feed(machine, _others(nodes, 1))
    assert [e.reason for e in errors] == ["an envelope of another game"]
    assert errors[0].culprit is None and machine.halted is None
    assert edited not in machine.received and machine.actions == 1
    waiting = machine.waiting()
    assert waiting is not None and waiting.kind == "action" and waiting.seats == (1,)


def test_a_hole_in_the_own_journal_is_never_filled_with_a_move_it_did_not_judge() -> None:
    """An own journal missing one envelope in the middle (edited, or damaged in a way the
    journal did not notice): what follows the hole waits in the machine; the member signs the
    missing number anew only as the game asks, and whatever it reuses there is judged."""
    nodes = played(2, prefix="hole-")
    own = list(nodes[1].sent)
    actions = [i for i, d in enumerate(own) if Envelope.decode(d).type == "action"]
    hole = actions[2] - 1  # the reveal before its third move
    journal = own[:hole] + own[hole + 1 :]
    machine = _restart(nodes[1], journal)
    _feed(machine, _others(nodes, 1))
    assert machine.halted is None or machine.halted.culprit in (None, nodes[1].key)
    engine = machine.engine
    assert engine is not None
    # whatever happened, no move was applied that the rules refuse: replay its record
    spectator = Lockstep(None, toy_engines())
    for data in machine.record:
        spectator.receive(data)
    assert spectator.actions == machine.actions


@pytest.mark.parametrize("damaged", [0, 1])
def test_a_damaged_seed_from_the_journal_signs_no_reveal(damaged: int) -> None:
    """Seeds come back from the journal. One whose bytes changed gives values that do not hash
    to the chain this member committed to (its first, or the next one it committed at draw
    48): every other peer would name it for a reveal made from it. Its machine refuses to make
    one — a local error, nothing sent — and says which seed is wrong."""
    nodes = make_nodes(2, prefix=f"seed{damaged}-", rounds=70, chain_length=64)
    propose(nodes)
    relay(nodes)
    assert nodes[1].result is not None and len(nodes[1].secrets) >= 2
    own = list(nodes[1].sent)
    reveals = [i for i, d in enumerate(own) if Envelope.decode(d).type == "reveal"]
    journal = own[: reveals[55]]  # its reveal of draw 56 onwards lost in the crash
    seeds = list(nodes[1].secrets)
    seeds[damaged] = bytes([seeds[damaged][0] ^ 1]) + seeds[damaged][1:]
    assert nodes[1].machine.identity is not None
    machine = Lockstep(
        nodes[1].machine.identity,
        toy_engines(70),
        seeds=seeds,
        entropy=entropy("seed/after"),
        chain_length=64,
    )
    refusals = []
    try:
        machine.restore(journal)
    except LocalProtocolError as exc:
        refusals.append(exc)
    for data in nodes[0].sent:
        try:
            machine.receive(data)
        except LocalProtocolError as exc:
            refusals.append(exc)
    assert refusals and all("cannot reveal draw" in str(e) for e in refusals)
    assert f"seed {damaged} does not give the chain" in str(refusals[0])
    made = [e.data for e in iter(machine.next_event, NEED_DATA) if isinstance(e, Transmit)]
    assert set(made) <= set(journal)  # nothing signed anew
    assert machine.halted is None and machine.draw <= 55

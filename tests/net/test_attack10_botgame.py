"""Attacks on issue-10 bot games (goldnet/botgame.py): an in-memory lockstep game whose journal
holds the bots' private keys and the dealer's seed, resumed from it, and saved as a record.

A game against bots on this computer has no adversary but its own files: its player holds every
key. What must hold is robustness — a journal edited or damaged (a bot's key swapped, a move
changed and signed again with the bot's key, the dealer's seed changed, a seed or an index
damaged) gives a clear :class:`BotGameError` or :class:`JournalError` naming the file, never a
traceback, a game stuck without a word, or a journal written into; and a record edited and
checked with ``goldnet verify`` is refused, or verifies only as what its signatures say.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from goldnet import games
from goldnet.botgame import BotGame, BotGameError
from goldnet.net.journal import JournalError, read_journal, unfinished
from goldnet.records import decode, encode, read, verify
from goldnet.view import bot_action, view_of
from protocol.codec import pack
from protocol.envelope import Envelope
from protocol.identity import Identity, fingerprint
from tests.forge import resign

from ..botplay import finish_bot_game
from ..processes import goldnet
from .relaykit import entries

GAME = "mountains-rivers"


BOT_CHOICES: list[tuple[tuple[Any, ...], ...]] = []
"""The legal actions of each bot move of the last game :func:`played` played."""


def played(folder: Path, me: Identity, moves: int, *, game: str = GAME, **kw: Any) -> Path:
    """A bot game of ``moves`` actions, closed: its journal."""
    BOT_CHOICES.clear()
    names, levels = ["Ada", "Bot"], ["", kw.get("level", "greedy")]
    options = kw.get("options", (3,))
    bot_game = BotGame.new(game, options, names, 0, levels, me, folder=folder)
    mine = games.get(game).make_bot("random", "me")
    for _ in range(moves):
        due = bot_game.bot_turn()
        if due is not None:
            seat, view = due
            BOT_CHOICES.append(tuple(tuple(a) for a in view.legal))
            bot_game.play(seat, bot_action(bot_game.bot(seat), view))
        else:
            bot_game.play(0, bot_action(mine, view_of(bot_game.state, 0)))
    bot_game.close()
    (path,) = unfinished(folder / "journal")
    return path


def rewrite(path: Path, edit: Callable[[list[tuple[Any, ...]]], list[Any]]) -> bytes:
    """Rewrite the journal at ``path`` with its entries edited; returns the new bytes."""
    payloads = [pack(list(e)) for e in edit(entries(path.read_bytes()))]
    data = b"".join(len(p).to_bytes(4, "big") + p for p in payloads)
    path.write_bytes(data)
    return data


def refused(path: Path, me: Identity, folder: Path, match: str) -> None:
    """Resuming the game of ``path`` is a clear error matching ``match``; the journal is left as
    it was (not written into, not ended: its owner can look into it)."""
    before = path.read_bytes()
    with pytest.raises((BotGameError, JournalError), match=match) as info:
        BotGame.resume(path, me, folder)
    assert str(path) in str(info.value)
    assert path.read_bytes() == before


def bot_key(path: Path) -> Identity:
    local = read_journal(path).local
    assert local is not None
    return Identity(local.bots[0][2])


def test_a_bots_key_swapped_in_the_journal_is_a_clear_error(tmp_path: Path) -> None:
    me = Identity.generate()
    path = played(tmp_path, me, 6)

    def swap(items: list[tuple[Any, ...]]) -> list[Any]:
        return [
            ("local", e[1], ((1, "greedy", Identity.generate().private_bytes()),))
            if e[0] == "local"
            else e
            for e in items
        ]

    rewrite(path, swap)
    refused(path, me, tmp_path, "damaged|no seat|does not list")


def edited_move(path: Path, signer: Identity, nth: int, body: Any, *, cut: bool) -> bytes:
    """Sign ``signer``'s ``nth`` move in the journal again with ``body(old body)``; with
    ``cut``, drop every entry after it (the edit is the journal's last word)."""
    envelopes = [e[-1] for e in entries(path.read_bytes()) if e[0] in ("in", "out")]
    moves = [
        d
        for d in envelopes
        if Envelope.decode(d).type == "action" and Envelope.decode(d).sender == signer.public
    ]
    original = moves[nth]
    changed = resign(signer, original, body=body(Envelope.decode(original).body))

    def edit(items: list[tuple[Any, ...]]) -> list[Any]:
        out: list[Any] = []
        for e in items:
            if e[0] in ("in", "out") and e[-1] == original:
                out.append((*e[:-1], changed))
                if cut:
                    break
            else:
                out.append(e)
        return out

    rewrite(path, edit)
    return changed


@pytest.mark.parametrize("who", ["bot", "player"])
def test_a_move_signed_again_mid_journal_breaks_its_chain_a_clear_error(
    tmp_path: Path, who: str
) -> None:
    """A move changed and signed again (the journal holds the bot's key, the profile the
    player's) with the signer's later envelopes left as they were: they follow the original,
    not the edit — two histories under one key. Resuming is a clear error, nothing written."""
    me = Identity.generate()
    path = played(tmp_path, me, 8)
    signer = bot_key(path) if who == "bot" else me
    edited_move(path, signer, 1, lambda body: (body[0], ("nonsense", 99)), cut=False)
    refused(path, me, tmp_path, "damaged: .*signed two histories")


@pytest.mark.parametrize("who", ["bot", "player"])
def test_an_illegal_last_move_in_the_journal_is_judged_a_clear_error(
    tmp_path: Path, who: str
) -> None:
    """The journal's last word is a move the rules refuse, well signed: judged on resuming like
    any other (the player's own too: no move is applied unchecked), a clear error."""
    me = Identity.generate()
    path = played(tmp_path, me, 8)
    signer = bot_key(path) if who == "bot" else me
    edited_move(path, signer, 2, lambda body: (body[0], ("nonsense", 99)), cut=True)
    refused(path, me, tmp_path, "damaged: illegal action")


def test_another_legal_last_move_signed_by_the_bots_key_is_just_another_game(
    tmp_path: Path,
) -> None:
    """Its player holds the bot's key: a different legal last move for the bot is a game that
    went otherwise. Every machine agrees on it, it plays to its end, and its record verifies."""
    me = Identity.generate()
    path = played(tmp_path, me, 8)
    choices = list(BOT_CHOICES)
    bot = bot_key(path)
    last = len(choices) - 1

    def other(body: Any) -> Any:
        others = [a for a in choices[last] if a != tuple(body[1])]
        assert others, "the bot had one choice"
        return (body[0], others[0])

    changed = edited_move(path, bot, last, other, cut=True)
    game = BotGame.resume(path, me, tmp_path)
    assert game.halted is None and changed in game._seats[0].machine.received
    finish(game)
    assert game.record is not None and verify(read(game.record)).result == game.result


def test_the_dealers_seed_changed_changes_nothing_in_a_game_without_cards(tmp_path: Path) -> None:
    me = Identity.generate()
    path = played(tmp_path, me, 6)
    before = BotGame.resume(path, me, tmp_path)
    board = before.state.observation(0)
    before.close()

    def edit(items: list[tuple[Any, ...]]) -> list[Any]:
        return [("local", bytes(32), e[2]) if e[0] == "local" else e for e in items]

    rewrite(path, edit)
    again = BotGame.resume(path, me, tmp_path)
    try:
        assert again.state.observation(0) == board and again.halted is None
    finally:
        again.close()


def test_the_dealers_seed_changed_in_a_card_game_rebuilds_no_game_or_the_same_one(
    tmp_path: Path, cards_game: games.GameInfo
) -> None:
    """In a game with cards the dealer's seed deals them: changed, the cards dealt before
    differ from those the moves were made on. Resuming gives a clear error — or, where no
    move depended on them yet, a game every machine agrees on — never a traceback."""
    me = Identity.generate()
    path = played(tmp_path, me, 6, game="cards", options=(1,), level="random")

    def edit(items: list[tuple[Any, ...]]) -> list[Any]:
        return [("local", b"\x07" * 32, e[2]) if e[0] == "local" else e for e in items]

    rewrite(path, edit)
    try:
        again = BotGame.resume(path, me, tmp_path)
    except BotGameError as exc:
        assert "damaged" in str(exc) and str(path) in str(exc)
        return
    try:
        assert again.halted is None
    finally:
        again.close()


def test_a_damaged_bot_seed_is_a_clear_error_not_a_halted_game(tmp_path: Path) -> None:
    """A bot's beacon seed whose bytes changed gives a chain the bot never committed to: its
    next reveal would not hash, and the player's machine would halt the game naming the bot.
    Resuming says the journal is damaged instead."""
    me = Identity.generate()
    path = played(tmp_path, me, 6)

    def edit(items: list[tuple[Any, ...]]) -> list[Any]:
        out = []
        for e in items:
            if e[0] == "botseed":
                e = (*e[:3], bytes([e[3][0] ^ 1]) + e[3][1:])
            out.append(e)
        return out

    rewrite(path, edit)
    refused(path, me, tmp_path, "damaged: .*beacon seed")


def test_a_damaged_log_index_in_the_journal_is_no_traceback(tmp_path: Path) -> None:
    me = Identity.generate()
    path = played(tmp_path, me, 6)

    def edit(items: list[tuple[Any, ...]]) -> list[Any]:
        ins = [i for i, e in enumerate(items) if e[0] == "in"]
        return [("in", "seven", e[2]) if i == ins[2] else e for i, e in enumerate(items)]

    rewrite(path, edit)
    try:
        again = BotGame.resume(path, me, tmp_path)
    except (BotGameError, JournalError) as exc:
        assert str(path) in str(exc)
        return
    again.close()


# --- its record -----------------------------------------------------------------------------


def finish(game: BotGame) -> None:
    finish_bot_game(game)
    assert game.halted is None


def finished(folder: Path, me: Identity) -> Path:
    path = played(folder, me, 2)
    game = BotGame.resume(path, me, folder)
    finish(game)
    assert game.record is not None and game.result is not None
    return game.record


def test_a_bot_games_record_edited_is_refused_by_goldnet_verify(tmp_path: Path) -> None:
    me = Identity.generate()
    record = finished(tmp_path / "p", me)
    envelopes = list(read(record))
    data = record.read_bytes()
    actions = [i for i, d in enumerate(envelopes) if Envelope.decode(d).type == "action"]
    edits = {
        "flipped": data[:-70] + bytes([data[-70] ^ 1]) + data[-69:],
        "dropped": encode(envelopes[: actions[-1]] + envelopes[actions[-1] + 1 :]),
        "swapped": encode(
            [
                *envelopes[: actions[3]],
                envelopes[actions[4]],
                *envelopes[actions[3] + 1 : actions[4]],
                envelopes[actions[3]],
                *envelopes[actions[4] + 1 :],
            ]
        ),
        "doubled": encode([*envelopes[: actions[2]], *envelopes[actions[2] :], envelopes[5]]),
        "cut": data[: len(data) * 2 // 3],
    }
    paths = []
    for name, content in edits.items():
        path = tmp_path / f"{name}.goldnet"
        path.write_bytes(content)
        paths.append(path)
    result = goldnet("verify", str(record), *map(str, paths))
    assert result.returncode in (1, 2), result.stdout
    assert result.stdout.count(": valid  ") == 1 and f"{record}: valid" in result.stdout
    assert len(result.stderr.splitlines()) == len(edits)
    assert "Traceback" not in result.stderr
    for path in paths:
        assert str(path) in result.stderr


def test_a_bot_games_record_proves_nothing_against_its_bots(tmp_path: Path) -> None:
    """The player holds its bots' keys (the journal keeps them): it can sign a second move for
    a bot and the record then verifies as a game halted on the bot's proven cheating. A
    record of a game against bots on this computer is its player's word only (said in
    docs/security.md)."""
    me = Identity.generate()
    record = finished(tmp_path / "p", me)
    (journal,) = sorted((tmp_path / "p" / "journal").glob("*.journal"))
    bot = bot_key(journal)
    envelopes = list(read(record))
    first = next(d for d in envelopes if Envelope.decode(d).sender == bot.public)
    env = Envelope.decode(first)
    second = resign(bot, first, body=(bytes(32), *env.body[1:]))
    checked = verify([*envelopes, second])
    assert checked.ending == "halted" and checked.culprit == bot.public
    assert fingerprint(bot.public) in checked.reason or "two histories" in checked.reason
    assert decode(encode([*envelopes, second]))  # a record file like any other

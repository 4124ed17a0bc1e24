"""One game of the balance tool: bot self-play seeded as ``goldnet selfplay`` seeds it, with
every event seen by the attribution's :class:`~balance_attribution.Tracker` (part of
``tools/balance_golden_city.py``, a maintainer tool, not shipped).

Invariants: :func:`play_game` is a function of its task alone — ``(seats, game, seed, bot
names, override)`` gives the same record every time (bot ``i``'s stream ``"S/game/seat"``, chance
``Stream(S, "chance", game)``, a LocalDeck shuffled by that stream), so it runs in any worker
process; a game stops after :data:`MAX_ACTIONS` actions (its record says ``too_long``); the
override changes only the setup's fields (:func:`setup_for`) and the map's ``locomotive`` and
``houses`` (:func:`board_for`, cached per override), never the rules.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Sequence
from typing import Any

from balance_attribution import Tracker

from goldnet.data import load_json
from goldnet.engine import ChanceOf, RevealOf, Terminal, TurnOf
from goldnet.games.golden_city.board import Board, load_map
from goldnet.games.golden_city.bots import make_bot
from goldnet.games.golden_city.gazette import ISSUES
from goldnet.games.golden_city.report import fulfilled
from goldnet.games.golden_city.rules import State
from goldnet.games.golden_city.setup import MISSIONS, SETUPS, Setup
from goldnet.local_deck import LocalDeck
from goldnet.rng import Stream
from goldnet.view import bot_action, bot_claim, view_of

MAX_ACTIONS = 20000
"""Actions after which a game is left out (``too_long``)."""

_BOARD: dict[str, Board] = {}


def board_for(override: dict[str, Any]) -> Board:
    """The designed map with the override's ``locomotive`` and ``houses`` (cached)."""
    key = json.dumps(override, sort_keys=True)
    if key not in _BOARD:
        data = load_json("golden_city", "map.json")
        for name in ("locomotive", "houses"):
            data[name] = {**data[name], **override.get(name, {})}
        _BOARD[key] = load_map(data)
    return _BOARD[key]


def setup_for(seats: int, override: dict[str, Any]) -> Setup:
    """``SETUPS[seats]`` with the override's fields (all sizes, then ``override[str(seats)]``)."""
    names = {f.name for f in dataclasses.fields(Setup)}
    fields = {k: v for k, v in override.items() if k in names}
    fields.update(override.get(str(seats), {}))
    fields = {k: tuple(v) if isinstance(v, list) else v for k, v in fields.items()}
    return dataclasses.replace(SETUPS[seats], **fields)


class Forced:
    """A bot that buys ``tool`` whenever it would leave a store that offers it (``forbid``:
    never buys it), and otherwise plays as ``bot``: the tool comes on top of what the bot buys
    of its own accord, with the nuggets it would have kept, so the measure is the tool's own
    worth, not that of the purchases it would crowd out. With ``--override '{"force":
    "sieve"}'`` (or ``"forbid"``) one seat a game, seat ``game % n``, plays so: a check of a
    tool's worth that needs no attribution (the figures' ``forced``: that seat's wins and bank
    against the others')."""

    def __init__(self, bot: Any, tool: str, forbid: bool) -> None:
        self.bot, self.buy, self.forbid = bot, ("buy", tool), forbid

    def choose(self, observation: Any, legal: Sequence[Any]) -> Any:
        if self.forbid:
            return self.bot.choose(observation, [a for a in legal if a != self.buy])
        action = self.bot.choose(observation, legal)
        return self.buy if action == ("done",) and self.buy in legal else action

    def claim(self, observation: Any, claims: Sequence[Any]) -> Any:
        return self.bot.claim(observation, claims)


def play_game(task: tuple[int, int, int, tuple[str, ...], dict[str, Any]]) -> dict[str, Any]:
    """One game: ``(seats, game, seed, bot names, override)`` -> its figures."""
    seats, game, seed, names, override = task
    order = [(seat + game) % seats for seat in range(seats)]
    bots = [make_bot(names[k], f"{seed}/{game}/{seat}") for seat, k in enumerate(order)]
    for key in ("force", "forbid"):
        if key in override:  # one seat, in turn
            k = game % seats
            bots[k] = Forced(bots[k], override[key], key == "forbid")
    chance = Stream(seed, "chance", game)
    st = State(board_for(override), seats, setup_for(seats, override))
    deck = LocalDeck(st.decks(), chance)
    track = Tracker(st)
    actions = 0
    while True:
        request = st.awaiting()
        if isinstance(request, Terminal):
            break
        if isinstance(request, ChanceOf):
            for seat, bot in enumerate(bots):
                claims = st.claims(seat)
                if claims:
                    claim = bot_claim(bot, st.observation(seat), claims)
                    if claim is not None:
                        st.apply_claim(seat, claim)
            outcome = chance.chance(request)
            track.before_chance(st, outcome)
            events = st.apply_chance(outcome)
        elif isinstance(request, TurnOf):
            action = bot_action(bots[request.seat], view_of(st, request.seat))
            track.before_action(st, request.seat, action)
            events = st.apply(action)
            actions += 1
            if actions > MAX_ACTIONS:
                return {"seats": seats, "game": game, "too_long": True}
        else:
            assert isinstance(request, RevealOf)
            value = deck.value(request.deck, request.card)
            events = st.apply_reveal(request.deck, request.card, request.to, value)
        track.events(st, events, deck)
    track.close(list(track.visits))
    need = st.setup.threshold("outfitter")
    for seat, (kind, done) in enumerate(zip(st.shown, fulfilled(st), strict=True)):
        if kind == "outfitter" and done:  # the purchases that fulfilled it share its bonus
            for buy in [b for b in track.buys if b["seat"] == seat][:need]:
                buy["credit"] += st.setup.mission_bonus / need
    return {
        "seats": seats,
        "game": game,
        "too_long": False,
        "forced": game % seats if {"force", "forbid"} & set(override) else None,
        "forced_tool": override.get("force", override.get("forbid")),
        "forbidden": "forbid" in override,
        "bots": [names[k] for k in order],
        "end": st.end,
        "turns": st.turn,
        "banks": list(request.scores),
        "winners": list(request.winners),
        "missions": [
            [kind, done, st.counters[seat][MISSIONS.index(kind)]]
            for seat, (kind, done) in enumerate(zip(st.shown, fulfilled(st), strict=True))
        ],
        "issues": [name for i, name in enumerate(ISSUES) if st.published >> i & 1],
        "buys": track.buys,
        "banked": track.banked,
        "gained": track.gained,
        "visits": track.visit_log,
        "lost": track.lost,
    }

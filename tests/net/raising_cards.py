"""The test card game (``tests/protocol/cards.py``) with one more bot level, ``raises``: a bot
whose first move raises — a bug in a bot, for the tests of a bot failing inside a network peer.
Registered in a process by ``GOLDNET_GAMES=tests.net.raising_cards`` (the repository root on
``PYTHONPATH``)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from goldnet.engine import Bot
from tests.protocol.cards import GAME_INFO as CARDS
from tests.protocol.cards import RandomBot


class RaisingBot(RandomBot):
    """Raises at its first move."""

    name = "raises"

    def choose(self, observation: Any, legal_actions: Any) -> Any:
        raise RuntimeError("this bot has a bug")


def _make_bot(level: str, seed: int | str) -> Bot:
    return RaisingBot(seed) if level == "raises" else CARDS.make_bot(level, seed)


GAME_INFO = replace(CARDS, bot_levels=(*CARDS.bot_levels, "raises"), make_bot=_make_bot)

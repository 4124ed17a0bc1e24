"""Every word of the Golden City table in English and French: each message of the kit is in
both translation files (French finished), each refusal code of the rules is worded, each event
of a real game gives a turn-log line in both languages."""

from __future__ import annotations

import ast
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

from goldnet.data import resource
from goldnet.engine import ChanceOf, Event, RevealOf, TurnOf
from goldnet.games import get
from goldnet.games.golden_city.refusals import REFUSALS
from goldnet.local_deck import LocalDeck
from goldnet.rng import Stream
from ui.golden_city import words
from ui.golden_city.log import log_lines

ROOT = Path(__file__).resolve().parents[2]


def kit_messages() -> set[str]:
    """The source text of every ``tr(...)`` call in the kit (a string literal)."""
    out: set[str] = set()
    for path in (ROOT / "ui" / "golden_city").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not node.args:
                continue
            f = node.func
            name = f.id if isinstance(f, ast.Name) else getattr(f, "attr", "")
            first = node.args[0]
            if name == "tr" and isinstance(first, ast.Constant) and isinstance(first.value, str):
                out.add(first.value)
    return out


def ts_messages(lang: str) -> dict[str, ET.Element]:
    root = ET.fromstring(resource("translations", f"goldnet_{lang}.ts").read_bytes())
    for context in root.iter("context"):
        if context.findtext("name") == words.CONTEXT:
            return {m.findtext("source") or "": m for m in context.iter("message")}
    return {}


def test_every_message_of_the_kit_is_translated() -> None:
    sources = kit_messages()
    assert len(sources) > 200
    french = ts_messages("fr")
    missing = sorted(sources - set(french))
    assert not missing, missing
    english = ts_messages("en")
    for text in sources:
        message = french[text]
        translation = message.find("translation")
        assert translation is not None and translation.get("type") is None, text
        if "%n" in text:  # a plural: its forms in both languages
            assert message.get("numerus") == "yes", text
            assert len(list(translation.iter("numerusform"))) == 2, text
            assert text in english and len(list(english[text].iter("numerusform"))) == 2, text
        else:
            assert (translation.text or "").strip(), text


def test_every_refusal_code_of_the_rules_is_worded() -> None:
    assert set(REFUSALS) <= words.REFUSAL_CODES


def _game_events(seats: int, seed: int) -> list[Event]:
    """Every event of a whole game of heuristic bots (the engine alone)."""
    info = get("golden-city")
    state = info.make((), seats)
    deck = LocalDeck.for_state(state, seed, "deck")
    chance = Stream(seed, "chance")
    bots = [info.make_bot("heuristic", f"{seed}/{s}") for s in range(seats)]
    events: list[Event] = []
    for _ in range(20_000):
        request = state.awaiting()
        if isinstance(request, ChanceOf):
            events += state.apply_chance(chance.chance(request))
        elif isinstance(request, RevealOf):
            value = deck.value(request.deck, request.card)
            events += state.apply_reveal(request.deck, request.card, request.to, value)
        elif isinstance(request, TurnOf):
            seat = request.seat
            action = bots[seat].choose(state.observation(seat), state.legal_actions(seat))
            events += state.apply(action)
        else:
            return events
    raise AssertionError("the game did not end")


def test_the_turn_log_tells_every_event_in_english_and_french(translations: Any) -> None:
    names = ("Ada", "Bea", "Cy", "Dan")
    events = [e for seed in (1, 2) for e in _game_events(4, seed)]
    quiet = {"mission-dealt"}
    kinds = {e.kind for e in events} - quiet
    assert {"roll", "move", "token", "duel-roll", "locomotive", "gazette", "result"} & kinds
    english = {e.kind: log_lines([e], names) for e in events}
    untold = sorted(k for k in kinds - {"result"} if not english[k])
    assert not untold, untold
    translations.install("fr")
    french = {e.kind: log_lines([e], names) for e in events}
    for kind in kinds - {"result"}:
        assert french[kind], kind
        assert french[kind] != english[kind] or kind == "gazette", kind
    assert words.language() == "fr"
    assert words.issue_page("cow")[0] == "Une vache sur la voie"
    translations.install("en")
    assert words.language() == "en" and words.issue_page("cow")[0] == "A cow on the line"


def test_the_rules_page_in_english_and_french_with_its_map(translations: Any) -> None:
    from ui import kits

    page = kits.get("golden-city").rules()
    assert page.html.count("<h2>") >= 6 and '<img src="map.png">' in page.html
    assert page.images["map.png"].width() > 400  # type: ignore[attr-defined]
    assert "The general store" in page.html and "Pony Express" in page.html
    translations.install("fr")
    french = kits.get("golden-city").rules().html
    assert "Le magasin général" in french and "Missions secrètes" in french
    translations.install("en")

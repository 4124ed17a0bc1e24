"""A refusal of the rules reaches the player in their language, worded from its code and
arguments, never from the engine's English (docs/rules/mountains-rivers.md, "Refusals")."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from goldnet.binding import make_engine
from goldnet.engine import IllegalAction, Refusal
from goldnet.games.mountains_rivers.refusals import REFUSALS
from goldnet.games.mountains_rivers.rules import FIELD_NAMES
from goldnet.net.invite import Invite
from goldnet.net.reports import Problem, TableStart
from goldnet.profile import Profile
from goldnet.view import view_of
from ui import i18n, texts
from ui.mountains_rivers import texts as kit_texts
from ui.netgame import NetworkController
from ui.network import NetBridge

from ..games.mountains_rivers.conftest import grid_board
from ..games.mountains_rivers.test_refusals import CASES

UI = Path(__file__).resolve().parents[2] / "ui"


def raised() -> list[IllegalAction]:
    """One real refusal of the rules per case of the rules' tests (every code, with the
    arguments the rules give it)."""
    grid = grid_board()
    out = []
    for _, position, tried, _ in CASES:
        state = position(grid)
        with pytest.raises(IllegalAction) as caught:
            if isinstance(tried, tuple) and tried[:1] == ("chance",):
                state.apply_chance(tried[1])  # type: ignore[arg-type]
            else:
                state.apply(tried)  # type: ignore[arg-type]
        out.append(caught.value)
    assert {e.code for e in out} == set(REFUSALS)
    return out


def test_the_ui_words_every_code_the_rules_can_raise() -> None:
    assert set(REFUSALS) <= kit_texts.REFUSAL_CODES


def test_every_refusal_has_an_english_and_a_french_text(translations: i18n.Translations) -> None:
    refusals = raised()
    english = [kit_texts.refusal(e.refusal) for e in refusals]
    assert translations.install("fr")
    french = [kit_texts.refusal(e.refusal) for e in refusals]
    generic_fr = texts.not_allowed()
    translations.install("en")
    generic_en = texts.not_allowed()
    for exc, en, fr in zip(refusals, english, french, strict=True):
        why = f"{exc.code}: {en!r} / {fr!r}"
        assert en not in (generic_en, str(exc)) and fr != generic_fr, why
        assert fr != en, why  # translated, not the English source
        assert "%" not in en + fr and en.endswith(".") and fr.endswith("."), why
        for name in ("roll", "n", "range"):  # the numbers a player needs are in both
            value = exc.refusal.get(name)
            if value is not None:
                assert str(value) in en and str(value) in fr, why


def test_an_unknown_code_gets_a_generic_text_never_the_english(
    translations: i18n.Translations,
) -> None:
    uncoded = IllegalAction("it is not seat 1's turn")  # a raiser that gave no code
    future = Refusal("a-rule-of-a-later-version", (("field", "0,0"),))
    assert (
        kit_texts.refusal(uncoded.refusal)
        == kit_texts.refusal(future)
        == "This move is not allowed."
    )
    translations.install("fr")
    assert (
        kit_texts.refusal(uncoded.refusal)
        == kit_texts.refusal(future)
        == "Ce coup n’est pas permis."
    )


def test_no_regular_expression_reads_english_refusals() -> None:
    names = (
        "texts.py",
        "controller.py",
        "game_controller.py",
        "netgame.py",
        "mountains_rivers/texts.py",
    )
    for name in (*names, "mountains_rivers/moves.py"):
        tree = ast.parse((UI / name).read_text(encoding="utf-8"))
        imported = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, (ast.Import, ast.ImportFrom))
            for alias in node.names
        } | {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
        assert "re" not in imported, name
    assert not hasattr(texts, "hint") and not hasattr(kit_texts, "hint")  # the parser is gone


def network_controller(tmp_path: Path) -> tuple[NetworkController, list[str]]:
    """A network game's controller on its turn (a roll of 3 thrown), fed directly (its network
    thread is never started): the view on turn and the trial state the service gives."""
    bridge = NetBridge(Profile(tmp_path / "me"), ["127.0.0.1"])
    link = bridge.link("Ada")
    members = (b"\x01" * 32, b"\x02" * 32)
    invite = Invite("127.0.0.1", 1, "x")
    table = TableStart("mountains-rivers", (1,), ("Ada", "Bea"), 0, invite, members, 600)
    state = make_engine("mountains-rivers", (1,), 2).state
    state.apply_chance(3)
    c = NetworkController(link, table, view_of(state, 0), state.clone(), ("#c0392b", "#2c6fbf"))
    hints: list[str] = []
    c.hintChanged.connect(hints.append)
    return c, hints


def test_a_network_game_words_refusals_in_french(
    qtbot: Any, tmp_path: Path, translations: i18n.Translations
) -> None:
    translations.install("fr")
    c, hints = network_controller(tmp_path)
    c._settle()
    assert c.phase == "human"
    c.click(FIELD_NAMES.index("0,0"))
    c.click(FIELD_NAMES.index("2,1"))  # refused by the rules, on a clone: a code
    assert hints[-1].startswith("Ces deux jetons ne sont pas sur une même ligne droite")
    # The network refuses a move with English words and no code: a French text, not them.
    english = "it is not this peer's turn"
    c._problem(Problem("play", detail=english))
    assert hints[-1] == (
        "La table n’a pas pris votre coup — choisissez de nouveau si c’est encore votre tour."
    )
    assert english not in texts.problem_text(Problem("play", detail=english))
    c.shutdown()


GENERIC = {
    "not-your-turn": ("Wait: it is not your turn.", "Attendez\u00a0: ce n’est pas votre tour."),
    "no-claim": (
        "There is nothing to claim in this game.",
        "Il n’y a rien à réclamer dans ce jeu.",
    ),
    "no-reveal": (
        "There are no cards to reveal in this game.",
        "Il n’y a pas de cartes à révéler dans ce jeu.",
    ),
    "illegal": ("This move is not allowed.", "Ce coup n’est pas permis."),
}
"""The engine contract's generic refusal codes, in English and in French."""


def generic_refusals() -> list[IllegalAction]:
    """Refusals with the engine contract's generic codes: real ones of a game without claims
    and without cards, a move out of turn as the lockstep binding's check raises it, and one
    whose raiser gave no code."""
    state = make_engine("mountains-rivers", (1,), 2).state
    out = []
    for attempt in (
        lambda: state.apply_claim(1, ("pair", 1)),
        lambda: state.apply_reveal("cards", 0, None, 1),
    ):
        with pytest.raises(IllegalAction) as caught:
            attempt()
        out.append(caught.value)
    out.append(IllegalAction("it is not seat 1's turn", code="not-your-turn", seat=1))
    out.append(IllegalAction("no code given"))
    assert sorted(e.code for e in out) == sorted(GENERIC)
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_generic_refusal_codes_are_worded_by_the_shell(
    translations: i18n.Translations, lang: str
) -> None:
    translations.install(lang)
    for exc in generic_refusals():
        wanted = GENERIC[exc.code][lang == "fr"]
        assert texts.refusal(exc.refusal, {}) == wanted, exc.code  # a kit without words
        assert kit_texts.refusal(exc.refusal) == wanted, exc.code  # Mountains & Rivers' kit
        assert str(exc) not in wanted


def test_a_kits_words_come_before_the_generic_ones(translations: i18n.Translations) -> None:
    why = Refusal("not-your-turn", (("seat", 1),))
    assert texts.refusal(why, {"not-your-turn": lambda r: "Bea plays now."}) == "Bea plays now."

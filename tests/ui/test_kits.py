"""The shell and the kits (ui/kits.py): every kit belongs to a registered game and gives all the
shell asks for, and no shell module reaches into a game's rules or a kit's modules."""

from __future__ import annotations

import inspect
import re
from pathlib import Path

import pytest

from goldnet import games
from ui import kits

ROOT = Path(__file__).resolve().parents[2]


def _game_packages() -> set[str]:
    """The package names of the games' rules and of the ui kits (``mountains_rivers``)."""
    rules = {
        p.name for p in (ROOT / "goldnet" / "games").iterdir() if (p / "__init__.py").is_file()
    }
    return rules | {module.split(".")[-1] for module in kits.KITS.values()}


def test_only_the_kit_registry_names_a_game_package() -> None:
    names = _game_packages()
    assert "mountains_rivers" in names
    pattern = re.compile("|".join(sorted(names | {"golden_city"})))
    naming = sorted(
        path.name
        for path in (ROOT / "ui").glob("*.py")
        if pattern.search(path.read_text(encoding="utf-8"))
    )
    assert naming == ["kits.py"]


@pytest.mark.parametrize("game", sorted(kits.KITS))
def test_every_kit_is_a_registered_game_with_all_the_shell_needs(game: str) -> None:
    assert game in games.names()
    kit = kits.get(game)
    assert kit.game == game and kits.get(game) is kit  # loaded once
    wanted = {
        name
        for name, value in vars(kits.Kit).items()
        if inspect.isfunction(value) and not name.startswith("_")
    }
    assert wanted >= {"scene", "moves", "refusal", "log_lines", "still_scene"}
    missing = {name for name in wanted if not callable(getattr(kit, name, None))}
    assert not missing, f"{game}'s kit lacks {sorted(missing)}"


def test_a_game_without_a_kit_is_named_in_one_line() -> None:
    with pytest.raises(KeyError, match="no ui kit for the game 'chess'"):
        kits.get("chess")
    assert kits.title("chess") == "chess"  # a LAN table of a game this client cannot show
    assert kits.default() == kits.names()[0] == games.names()[0]


def test_a_test_kit_is_registered_for_a_test_only(cards_kit: games.GameInfo) -> None:
    assert kits.names() == ("mountains-rivers", "golden-city", "cards")
    assert kits.get("cards").game == "cards" and kits.title("cards") == "Cards"
    assert kits.bot_name("cards", "random") == "Random bot"
    assert "cards" not in kits.KITS  # the shell's own registry never names it
    with pytest.raises(ValueError, match="has a ui kit already"):
        kits.register("mountains-rivers", "tests.ui.cards_kit")


def test_the_test_kit_has_all_the_shell_needs(cards_kit: games.GameInfo) -> None:
    kit = kits.get("cards")
    missing = {
        name
        for name, value in vars(kits.Kit).items()
        if inspect.isfunction(value)
        and not name.startswith("_")
        and not callable(getattr(kit, name, None))
    }
    assert not missing


def test_every_seat_of_a_table_gets_its_own_colour(qapp: object) -> None:
    from ui import style

    assert len(set(style.SEAT_DEFAULTS)) == len(style.SEAT_DEFAULTS) == 6
    assert style.seat_colours(6) == style.SEAT_DEFAULTS  # a spectator: the defaults
    for mine in style.COLOUR_CHOICES:
        for count in range(2, 7):
            for seat in range(count):
                colours = style.seat_colours(count, mine, seat)
                assert len(colours) == count and colours[seat] == mine
                assert len({c.lower() for c in colours}) == count, (mine, count, seat)
    # another seat keeps its own default colour when mine is not it
    assert style.seat_colours(2, "#27ae60", 0) == ("#27ae60", style.SEAT_DEFAULTS[1])

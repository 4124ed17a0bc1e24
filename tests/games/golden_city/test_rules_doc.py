"""docs/rules/golden-city.md states the balance data as it is: no number is left *to be
measured*, and the prices, the mission thresholds and the starting banks it shows per seat
count are those of ``goldnet/games/golden_city/setup.py``."""

from __future__ import annotations

import re
from pathlib import Path

from goldnet.games.golden_city.setup import MISSIONS, SETUPS, STARTING_BANK, THRESHOLDS, TOOLS

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "golden-city.md"
TOOL_NAMES = {"revolver": "revolver", "sieve": "sieve", "horse": "horse", "lantern": "lantern",
              "Pony Express": "pony", "pickaxe": "pickaxe"}  # fmt: skip


def _text() -> str:
    return DOC.read_text(encoding="utf-8")


def _rows(first: str) -> dict[str, list[str]]:
    """The rows of the Markdown table whose header begins with ``| first |``, by first cell."""
    lines = _text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first} |"))
    rows: dict[str, list[str]] = {}
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0].strip("`")] = cells[1:]
    return rows


def test_no_number_is_left_to_be_measured() -> None:
    assert "to be measured" not in _text().lower()


def test_the_prices_shown_are_the_setup_prices() -> None:
    rows = _rows("tool")
    for seats, column in ((2, 0), (3, 0), (4, 0), (5, 0), (6, 1)):
        shown = {TOOL_NAMES[name]: int(cells[column]) for name, cells in rows.items()}
        assert shown == dict(zip(TOOLS, SETUPS[seats].prices, strict=True)), f"{seats} seats"


def test_the_mission_thresholds_shown_are_the_setup_thresholds() -> None:
    rows = _rows("mission")
    assert list(rows) == list(MISSIONS)
    for seats, thresholds in THRESHOLDS.items():
        shown = tuple(int(rows[kind][seats - 1]) for kind in MISSIONS)
        assert shown == thresholds, f"{seats} seats"


def test_the_starting_banks_shown_are_the_setup_banks() -> None:
    found = re.search(r"a bank of \*\*(\d+)\*\* nuggets, \*\*(\d+)\*\* at six\s+seats", _text())
    assert found is not None
    assert {s: int(found[2] if s == 6 else found[1]) for s in STARTING_BANK} == STARTING_BANK

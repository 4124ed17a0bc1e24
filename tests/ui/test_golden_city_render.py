"""``goldnet render golden-city``: the map with the mine inset at 2 and 6 seats, a seat's own view
(its mission card) against the public one, a scenario's position, bad arguments; the pictures are
saved as artifacts."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QColor, QImage

from goldnet import cli, games
from goldnet.games.golden_city.board import LAKE
from ui import style
from ui.golden_city.geometry import layout

from .conftest import Artifacts

ROOT = Path(__file__).resolve().parents[2]
WIDTH = 1200


def _render(tmp_path: Path, name: str, *args: str) -> QImage:
    out = tmp_path / name
    assert cli.main(["render", "golden-city", *args, "--width", str(WIDTH), "--out", str(out)]) == 0
    image = QImage(str(out))
    assert image.width() == WIDTH
    return image


def _at(image: QImage, point: QPointF) -> QColor:
    """The picture's colour at scene ``point`` (the scene rect scaled to the picture)."""
    rect = layout(games.get("golden-city").make((), 2).board).rect  # type: ignore[attr-defined]
    scale = WIDTH / rect.width()
    return image.pixelColor(int((point.x() - rect.left()) * scale),
                            int((point.y() - rect.top()) * scale))  # fmt: skip


def _near(colour: QColor, wanted: str, tolerance: int = 40) -> bool:
    w = QColor(wanted)
    return all(
        abs(a - b) <= tolerance for a, b in zip(colour.getRgb()[:3], w.getRgb()[:3], strict=True)
    )


def _panel_band(rect: QRectF) -> QPointF:
    return QPointF(rect.right() - 0.4 * style.HEX, rect.top() + 0.3 * style.HEX)


def test_the_map_and_its_mine_at_two_and_six_seats(
    qapp: Any, tmp_path: Path, artifacts: Artifacts
) -> None:
    two = _render(tmp_path, "two.png", "--seats", "2")
    six = _render(tmp_path, "six.png", "--seats", "6")
    artifacts.save(two, "golden-city-2-seats.png")
    artifacts.save(six, "golden-city-6-seats.png")
    board = games.get("golden-city").make((), 2).board  # type: ignore[attr-defined]
    lay = layout(board)
    # the lakes are water, the mine's galleries are dug in dark rock
    lake = next(f for f, t in enumerate(board.terrain) if t == LAKE)
    assert _at(two, lay.centres[lake]).blue() > 150
    rock = _at(two, QPointF(lay.mine_rect.left() + 12, lay.mine_rect.bottom() - 12))
    assert rock.value() < 90
    # every seat's panel on its house's side, in the seat's colour: two at 2 seats, six at 6
    colours = style.seat_colours(6)
    for house, seat_colour in zip((0, 1, 2, 3, 4, 5), colours, strict=True):
        assert _near(_at(six, _panel_band(lay.panels[house])), seat_colour), house
    two_colours = style.seat_colours(2)
    for seat, house in enumerate(board.seat_houses[2]):
        assert _near(_at(two, _panel_band(lay.panels[house])), two_colours[seat])
    assert not any(
        _near(_at(two, _panel_band(lay.panels[h])), c) for h in (0, 1, 3, 4) for c in colours
    )
    assert (
        hashlib.sha256(bytes(two.constBits())).digest()
        != hashlib.sha256(bytes(six.constBits())).digest()
    )


def test_a_seat_s_own_view_shows_its_mission_card_the_public_view_none(
    qapp: Any, tmp_path: Path, artifacts: Artifacts
) -> None:
    public = _render(tmp_path, "public.png", "--seats", "4", "--turns", "20", "--seed", "2")
    own = _render(tmp_path, "own.png", "--seats", "4", "--turns", "20", "--seed", "2",
                  "--seat", "1")  # fmt: skip
    artifacts.save(own, "golden-city-seat-1-view.png")
    board = games.get("golden-city").make((), 4).board  # type: ignore[attr-defined]
    card = layout(board).card
    where = QPointF(card.left() + 0.5 * style.HEX, card.top() + card.height() * 0.3)
    assert _at(own, where).blue() > _at(own, where).red() + 20  # the glass card
    assert _at(public, where).value() < 80  # the table's wood: no card


def test_a_scenario_s_position_renders(qapp: Any, tmp_path: Path) -> None:
    case = next((ROOT / "tests/cases/golden-city").glob("a-ghost-duels-*.json"))
    out = tmp_path / "case.png"
    assert cli.main(["render", "golden-city", "--scenario", str(case), "--out", str(out)]) == 0
    assert QImage(str(out)).width() == 1400


def test_bad_arguments_are_one_line_and_status_2(tmp_path: Path, capsys: Any) -> None:
    out = str(tmp_path / "x.png")
    assert cli.main(["render", "golden-city", "--seats", "7", "--out", out]) == 2
    assert (
        capsys.readouterr().err.strip() == "goldnet render: Golden City is played by 2 to 6 seats"
    )
    assert cli.main(["render", "golden-city", "--seat", "3", "--out", out]) == 2
    assert capsys.readouterr().err.strip() == "goldnet render: --seat must be 1 to 2 at this table"
    assert cli.main(["render", "mountains-rivers", "--out", out]) == 2
    assert "give --board K or --scenario FILE" in capsys.readouterr().err


def test_goldnet_render_golden_city_runs_headless_as_a_process(tmp_path: Path) -> None:
    out = tmp_path / "map.png"
    run = subprocess.run(
        [sys.executable, "-m", "goldnet", "render", "golden-city", "--seats", "6", "--out",
         str(out)],
        capture_output=True, text=True, timeout=120, cwd=ROOT,
        env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")

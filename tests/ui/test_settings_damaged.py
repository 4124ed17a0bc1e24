"""A damaged settings file never stops the client (docs/security.md, "Fuzzing": the structured
half of the settings target). Any JSON under any of the keys the client reads — the language,
the pace, the name and colour, the start screen's and the lobby's saved choices — opens the
window on the start screen with usable values; the file is rewritten only by the player."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from goldnet.profile import Profile
from ui.app import MainWindow
from ui.i18n import LANGUAGES
from ui.pacer import SPEEDS

scalars = (
    st.none()
    | st.booleans()
    | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False)
    | st.text(max_size=12)
    | st.sampled_from(["fr", "en", "system", "golden-city", "mountains-rivers", "fast", "#ff0000"])
)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
KEYS = ("language", "pace", "name", "colour", "ui", "lobby")
saved_choices = st.dictionaries(
    st.sampled_from(["game", "seats", "bot", "seat", "board", "table_name", "port", "spectators"]),
    values,
    max_size=4,
)
files = st.fixed_dictionaries(
    {},
    optional={k: (saved_choices | values) if k in ("ui", "lobby") else values for k in KEYS},
)


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(files)
def test_any_settings_file_opens_the_start_screen(qtbot: Any, saved: dict[str, Any]) -> None:
    folder = Path(tempfile.mkdtemp(prefix="goldnet-settings-"))
    text = json.dumps(saved)
    (folder / "settings.json").write_text(text, encoding="utf-8")
    window = MainWindow(Profile(folder), speed=0.0, host_port=0)
    qtbot.addWidget(window)
    try:
        assert window.stack.currentWidget() is window.start
        assert window.table.speed_name in SPEEDS
        assert window.translations.language in LANGUAGES
        assert (folder / "settings.json").read_text(encoding="utf-8") == text
    finally:
        window.shutdown()


def test_a_language_too_big_for_qt_opens_the_start_screen(qtbot: Any, tmp_path: Path) -> None:
    """Found by the test above: a number past 64 bits as the language raised OverflowError in
    Qt's item lookup."""
    (tmp_path / "settings.json").write_text(json.dumps({"language": 2**63}), encoding="utf-8")
    window = MainWindow(Profile(tmp_path), speed=0.0, host_port=0)
    qtbot.addWidget(window)
    assert window.start.language_combo.currentData() == "system"

"""The lobby's first frame waits for nothing it does not draw: in a fresh process, the window is
made without the table, the rules' bindings, the lockstep machine, the deck, asyncio or
python-zeroconf; the table is there once the first frame is painted. (Its speed is measured by
``goldnet bench``, not here.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication(["goldnet"])
from ui.app import MainWindow
window = MainWindow()
window.show()
before = sorted(m for m in sys.modules if m in set(sys.argv[1:]))
for _ in range(200):  # bounded: the first frame is painted within a few passes
    app.processEvents()
    if window.start.painted:
        break
app.processEvents()
print(json.dumps({"before": before, "painted": window.start.painted,
                  "table": window._table is not None}))
window.close()
"""

DEFERRED = (
    "ui.table",
    "ui.controller",
    "goldnet.botgame",
    "protocol.lockstep",
    "protocol.dealing",
    "protocol.deck",
    "goldnet.records",
    "asyncio",
    "zeroconf",
    "ui.mountains_rivers.scene",
    "ui.golden_city.scene",
)


def test_the_window_is_made_without_what_its_first_frame_does_not_draw(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        "GOLDNET_HOME": str(tmp_path / "home"),
        "GOLDNET_MDNS_INTERFACES": "127.0.0.1",
    }
    done = subprocess.run(
        [sys.executable, "-c", CHILD, *DEFERRED],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["before"] == []
    assert seen["painted"] and seen["table"]

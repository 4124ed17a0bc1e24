"""French typography of the translations (docs/ui.md, "French typography"): one apostrophe (’),
« » with no-break spaces inside, a no-break space before ":" and a narrow one before ";", "!"
and "?" — checked over goldnet_fr.ts by the maintainer tool that also fixes it."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

from goldnet.data import resource

ROOT = Path(__file__).resolve().parents[2]


def tool() -> ModuleType:
    """tools/french_typography.py (a maintainer script, not a package module)."""
    path = ROOT / "tools" / "french_typography.py"
    spec = importlib.util.spec_from_file_location("french_typography", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault(spec.name, module)
    spec.loader.exec_module(module)
    return module


def test_every_french_translation_follows_the_typography() -> None:
    typography = tool()
    ts = resource("translations", "goldnet_fr.ts").read_text(encoding="utf-8")
    texts = typography.translations(ts)
    assert len(texts) > 200
    bad = {text: found for text in texts if (found := typography.problems(text))}
    assert not bad, (
        "run: python tools/french_typography.py --fix resources/translations/goldnet_fr.ts\n"
        + "\n".join(f"{text!r}: {found}" for text, found in bad.items())
    )
    assert any("’" in text for text in texts) and any("\u00a0:" in text for text in texts)


def test_the_rules_and_their_fix() -> None:
    typography = tool()
    nb, narrow = "\u00a0", "\u202f"
    cases = {
        "Code d'invitation copié.": "Code d’invitation copié.",
        "Votre table « %1 » est ouverte : %2": f"Votre table «{nb}%1{nb}» est ouverte{nb}: %2",
        "avec votre code :\n%2": f"avec votre code{nb}:\n%2",
        "Gagnant !": f"Gagnant{narrow}!",
        "montagnes : %2 ; rivières : %3": f"montagnes{nb}: %2{narrow}; rivières{nb}: %3",
        "Quitter la partie?": f"Quitter la partie{narrow}?",
        "« Reprendre »": f"«{nb}Reprendre{nb}»",
        "“Reprendre”": f"«{nb}Reprendre{nb}»",
    }
    for text, fixed in cases.items():
        assert typography.problems(text), text
        assert typography.fix(text) == fixed
        assert typography.problems(fixed) == [], fixed
    # not punctuation: an address, a port, a URL, a time
    for fine in ("%1:%2", "goldnet://…", "[adresse]:port", "à 12:30", "Connexion à %1…"):
        assert typography.problems(fine) == [] and typography.fix(fine) == fine


def test_the_fix_leaves_the_rest_of_a_ts_file_alone(tmp_path: Path) -> None:
    typography = tool()
    ts = (
        "<TS>\n<context>\n    <name>Lobby</name>\n    <message>\n"
        "        <source>It&apos;s: “x”</source>\n"
        "        <translation>C&apos;est : « x » &amp; plus</translation>\n"
        "    </message>\n</context>\n</TS>\n"
    )
    nb = "\u00a0"
    fixed = typography.fix_ts(ts)
    assert f"<translation>C’est{nb}: «{nb}x{nb}» &amp; plus</translation>" in fixed
    assert "<source>It&apos;s: “x”</source>" in fixed  # sources are English: untouched
    path = tmp_path / "fr.ts"
    path.write_text(ts, encoding="utf-8")
    assert typography.main([str(path)]) == 1
    assert typography.main(["--fix", str(path)]) == 0
    assert path.read_text(encoding="utf-8") == fixed

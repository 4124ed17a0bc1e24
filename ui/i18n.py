"""Languages of the client: English and French through Qt's translation tools.

Sources: ``resources/translations/goldnet_<lang>.ts`` (Qt Linguist XML), extracted from the
code by ``pyside6-lupdate`` and edited by translators. English has a file too: it holds only
the plural forms ("1 marker", "2 markers").

Qt loads compiled ``.qm`` files, which are build products and not kept in git. :func:`qm_data`
finds one, in order:

1. a ``.qm`` shipped beside the ``.ts`` in the installed data (``python -m ui.i18n release``
   writes them there before a wheel is built);
2. a ``.qm`` compiled earlier into the user cache folder, named after a hash of the ``.ts``;
3. otherwise it compiles the ``.ts`` now with ``lrelease`` — the binary ships inside the
   PySide6-Essentials wheel the client depends on — into that cache (first run after install
   or after an update of the translations);
4. if no ``lrelease`` can run, :class:`TsTranslator` reads the ``.ts`` directly.

This works the same for ``pip install -e .``, an installed wheel and CI. The language is the
system's (``QLocale.system()``) unless the profile's ``language`` setting names one; it can be
switched at run time (:meth:`Translations.install` posts ``LanguageChange`` to every widget).
Qt's own words — standard buttons such as OK, Close, "Show Details…" — come from the
``qtbase_<lang>.qm`` that ships with PySide6, installed beside goldnet's own translations.

``python -m ui.i18n update`` re-extracts the strings into the ``.ts`` files (lupdate, then
:mod:`ui.i18n_update`, which keeps what lupdate cannot read); ``python -m ui.i18n release``
compiles them next to the sources.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from pathlib import Path

import platformdirs
from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QTranslator

from goldnet.data import DataError, resource

LANGUAGES: dict[str, str] = {"en": "English", "fr": "Français"}
"""Language codes offered, with their names in their own language."""

DEFAULT = "en"
_DIR = "translations"


def system_language() -> str:
    """The system locale's language if goldnet speaks it, else English."""
    name = QLocale.system().name()  # e.g. "fr_FR"
    code = name.split("_")[0].lower()
    return code if code in LANGUAGES else DEFAULT


def resolve(setting: object) -> str:
    """The language to use for a profile setting (``None``/``"system"``, or anything a damaged
    settings file may hold that is not a language goldnet speaks: the system's)."""
    return setting if isinstance(setting, str) and setting in LANGUAGES else system_language()


def ts_text(lang: str) -> bytes | None:
    """The ``.ts`` source of ``lang`` from the installed data, or None."""
    try:
        return resource(_DIR, f"goldnet_{lang}.ts").read_bytes()
    except (DataError, OSError):
        return None


def lrelease_command() -> list[str] | None:
    """How to run ``lrelease``: the binary inside PySide6, else one on the PATH."""
    import PySide6

    folder = Path(PySide6.__file__).parent
    for name in ("lrelease", "lrelease.exe"):
        candidate = folder / name
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return [str(candidate)]
    for name in ("pyside6-lrelease", "lrelease", "lrelease-qt6"):
        found = shutil.which(name)
        if found:
            return [found]
    return None


def compile_ts(source: bytes, out: Path) -> bool:
    """Compile ``.ts`` XML ``source`` into ``out`` with lrelease; False if it cannot."""
    command = lrelease_command()
    if command is None:
        return False
    out.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        ts = Path(tmp) / "source.ts"
        ts.write_bytes(source)
        qm = Path(tmp) / "out.qm"
        try:
            result = subprocess.run(
                [*command, "-silent", str(ts), "-qm", str(qm)],
                capture_output=True,
                timeout=60,
            )
        except (OSError, subprocess.SubprocessError):
            return False
        if result.returncode != 0 or not qm.is_file():
            return False
        partial = out.with_suffix(".part")
        shutil.copyfile(qm, partial)
        partial.replace(out)
    return True


def cache_dir() -> Path:
    override = os.environ.get("GOLDNET_CACHE")
    if override:
        return Path(override)
    return Path(platformdirs.user_cache_dir("goldnet", appauthor=False))


def qm_data(lang: str) -> bytes | None:
    """Compiled translations of ``lang`` (see the module docstring), or None."""
    try:
        return resource(_DIR, f"goldnet_{lang}.qm").read_bytes()
    except (DataError, OSError):
        pass
    source = ts_text(lang)
    if source is None:
        return None
    digest = hashlib.sha256(source).hexdigest()[:16]
    cached = cache_dir() / _DIR / f"goldnet_{lang}-{digest}.qm"
    if cached.is_file():
        return cached.read_bytes()
    try:
        if compile_ts(source, cached):
            return cached.read_bytes()
    except OSError:
        pass
    return None


class TsTranslator(QTranslator):
    """A translator reading a ``.ts`` file directly (the last resort when no ``lrelease``)."""

    def __init__(self, source: bytes, lang: str) -> None:
        super().__init__()
        self._lang = lang
        self._table: dict[tuple[str, str], list[str]] = {}
        root = ET.fromstring(source)
        for context in root.iter("context"):
            cname = context.findtext("name") or ""
            for message in context.iter("message"):
                text = message.findtext("source") or ""
                tr = message.find("translation")
                if tr is None or tr.get("type") in ("unfinished", "obsolete", "vanished"):
                    continue
                forms = [n.text or "" for n in tr.iter("numerusform")]
                self._table[(cname, text)] = forms if forms else [tr.text or ""]

    def isEmpty(self) -> bool:
        return not self._table

    def language(self) -> str:
        return self._lang

    def translate(
        self, context: str, source_text: str, disambiguation: str | None = None, n: int = -1
    ) -> str | None:
        forms = self._table.get((context, source_text))
        if not forms:
            return None
        if len(forms) == 1 or n < 0:
            return forms[0]
        # English and French both have two forms; French counts 0 and 1 as singular.
        plural = n > 1 if self._lang == "fr" else n != 1
        return forms[min(1, len(forms) - 1)] if plural else forms[0]


_forms: dict[str, frozenset[str]] | None = None


def every_form(text: str) -> frozenset[str]:
    """``text`` in every language goldnet speaks: ``text`` itself, and the source and finished
    translations of every (singular) message whose source or translation ``text`` is — e.g.
    ``"Medium bot"`` and ``"Robot moyen"`` from either. How a word signed in one language
    (a bot's name at a table) is recognised in another. Read from the ``.ts`` sources once."""
    global _forms
    if _forms is None:
        groups: dict[tuple[str, str, str], set[str]] = {}
        for lang in LANGUAGES:
            source = ts_text(lang)
            if source is None:
                continue
            for context in ET.fromstring(source).iter("context"):
                name = context.findtext("name") or ""
                for message in context.iter("message"):
                    tr = message.find("translation")
                    src = message.findtext("source") or ""
                    key = (name, src, message.findtext("comment") or "")
                    forms = groups.setdefault(key, {src})
                    if tr is not None and tr.get("type") is None and not len(tr) and tr.text:
                        forms.add(tr.text)
        index: dict[str, set[str]] = {}
        for forms in groups.values():
            for form in forms:
                index.setdefault(form, set()).update(forms)
        _forms = {form: frozenset(forms) for form, forms in index.items()}
    return _forms.get(text, frozenset()) | {text}


class Translations:
    """The translator installed in the application, switchable at run time."""

    def __init__(self) -> None:
        self.language = DEFAULT
        self._translator: QTranslator | None = None
        self._qt: QTranslator | None = None
        """Qt's own words (standard buttons: OK, Close, Show Details…), from PySide6's
        ``qtbase_<lang>.qm``."""
        self._data = b""

    def install(self, lang: str) -> bool:
        """Use ``lang``; True when its translations were found."""
        app = QCoreApplication.instance()
        if self._translator is not None and app is not None:
            app.removeTranslator(self._translator)
            self._translator = None
        if self._qt is not None and app is not None:
            app.removeTranslator(self._qt)
            self._qt = None
        self.language = lang if lang in LANGUAGES else DEFAULT
        if self.language != DEFAULT and app is not None:
            qt = QTranslator()
            folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
            if qt.load(f"qtbase_{self.language}", folder):
                self._qt = qt
                app.installTranslator(qt)
        translator: QTranslator | None = None
        data = qm_data(self.language)
        if data is not None:
            translator = QTranslator()
            # QTranslator.load(data) does not copy the bytes: they must outlive the translator.
            self._data = data
            if not translator.load(data):
                translator = None
        if translator is None:
            source = ts_text(self.language)
            if source is not None:
                translator = TsTranslator(source, self.language)
        if translator is None or app is None:
            return False
        self._translator = translator
        app.installTranslator(translator)
        return True


# --- maintenance: python -m ui.i18n update|release ---------------------------------------------


def _source_dir() -> Path:
    return Path(__file__).resolve().parents[1] / "resources" / _DIR


def _tool(name: str) -> list[str]:
    import PySide6

    binary = Path(PySide6.__file__).parent / name
    if binary.is_file():
        return [str(binary)]
    found = shutil.which(f"pyside6-{name}") or shutil.which(name)
    if not found:
        raise SystemExit(f"ui.i18n: {name} not found")
    return [found]


def sources() -> list[Path]:
    """The Python files whose strings are translated: the shell and every kit under ``ui/``."""
    return sorted(Path(__file__).resolve().parent.rglob("*.py"))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ui.i18n", description=__doc__.split("\n")[0])
    parser.add_argument("command", choices=("update", "release"))
    parser.add_argument(
        "--folder",
        type=Path,
        default=_source_dir(),
        help="where the goldnet_<lang>.ts files are (default: the repository's)",
    )
    args = parser.parse_args(argv)
    folder: Path = args.folder
    if args.command == "update":
        from .i18n_update import update

        try:
            update(folder, sources(), _tool("lupdate"), LANGUAGES)
        except (RuntimeError, OSError, SyntaxError, ET.ParseError) as exc:
            print(f"ui.i18n update: {exc}", file=sys.stderr)
            return 1
        return 0
    for lang in LANGUAGES:
        ts = folder / f"goldnet_{lang}.ts"
        subprocess.run([*_tool("lrelease"), str(ts), "-qm", str(ts.with_suffix(".qm"))], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

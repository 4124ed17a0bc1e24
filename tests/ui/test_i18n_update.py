"""``python -m ui.i18n update``: lupdate's findings merged into the .ts files without losing a
plural or a translation the sources still use (ui/i18n_update.py)."""

from __future__ import annotations

import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QTranslator

from goldnet.data import resource
from ui import i18n
from ui.i18n_update import Key, merge, messages, source_strings, update, write_ts

LANGS = tuple(i18n.LANGUAGES)


def _messages(data: bytes) -> dict[Key, ET.Element]:
    return messages(ET.fromstring(data))


def _text(message: ET.Element) -> str:
    """A message as written (its source, comment, plural flag and translation)."""
    return write_ts(_wrap(message)).decode()


def _wrap(message: ET.Element) -> ET.Element:
    root = ET.Element("TS")
    context = ET.SubElement(root, "context")
    ET.SubElement(context, "name").text = "x"
    context.append(message)
    return root


def test_writing_back_the_repository_files_changes_nothing() -> None:
    """The writer is lupdate's layout with characters kept as they are: an update changes
    only what changed."""
    for lang in LANGS:
        data = resource("translations", f"goldnet_{lang}.ts").read_bytes()
        assert write_ts(ET.fromstring(data)) == data, lang


def test_update_keeps_every_plural_and_translation_and_compiles(tmp_path: Path, qapp) -> None:
    """The real lupdate over the real sources, on a copy of the repository's .ts files."""
    for lang in LANGS:
        shutil.copyfile(
            resource("translations", f"goldnet_{lang}.ts"), tmp_path / f"goldnet_{lang}.ts"
        )
    said: list[str] = []
    reports = update(tmp_path, i18n.sources(), i18n._tool("lupdate"), LANGS, said.append)
    assert set(reports) == set(LANGS)
    for lang in LANGS:
        before = _messages(resource("translations", f"goldnet_{lang}.ts").read_bytes())
        after_data = (tmp_path / f"goldnet_{lang}.ts").read_bytes()
        after = _messages(after_data)
        assert before, lang
        for key, message in before.items():  # every message, plural or not, as it was
            assert key in after, (lang, key)
            assert _text(after[key]) == _text(message), (lang, key)
        plurals = [k for k, m in after.items() if m.get("numerus") == "yes"]
        assert ("PlayWithOthers", "%n seat(s) free", "") in plurals
        assert ("Texts", "%n minute(s)", "") in plurals
        if lang == "en":
            assert len(plurals) == len(after)  # English: plurals only
        assert not reports[lang].dropped, reports[lang].dropped  # every message is still used
        # it compiles the way the client compiles it, and loads
        qm = tmp_path / f"goldnet_{lang}.qm"
        assert i18n.compile_ts(after_data, qm)
        data = qm.read_bytes()
        translator = QTranslator()
        assert translator.load(data)
        seats = {"en": "%n seats free", "fr": "%n places libres"}[lang]
        assert translator.translate("PlayWithOthers", "%n seat(s) free", None, 3) == seats
        minutes = {"en": "%n minute", "fr": "%n minute"}[lang]
        assert translator.translate("Texts", "%n minute(s)", None, 1) == minutes
        qapp.installTranslator(translator)
        try:
            words = QCoreApplication.translate("PlayWithOthers", "%n seat(s) free", None, 3)
        finally:
            qapp.removeTranslator(translator)
        assert words == {"en": "3 seats free", "fr": "3 places libres"}[lang]
        if lang == "fr":
            assert translator.translate("TableWidget", "Undo") == "Annuler"
            assert i18n.TsTranslator(after_data, "fr").translate("TableWidget", "Undo") == "Annuler"


SOURCE = """
from PySide6.QtCore import QCoreApplication, QObject


def label(text):
    return QCoreApplication.translate("Words", text)


def words(n, name):
    a = QCoreApplication.translate(
        "Words",
        "%n apple(s)",
        None,
        n,
    )
    b = f"{QCoreApplication.translate('Words', 'Hello %1')} {name}"
    c = label("Wrapped")
    d = QCoreApplication.translate("Words", "Brand new")
    e = QCoreApplication.translate("Words", "%n pear(s)", None, n)
    f = QCoreApplication.translate("Words", "Seen by lupdate")
    return a, b, c, d, e, f
"""

PREVIOUS_FR = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr">
<context>
    <name>Words</name>
    <message numerus="yes">
        <source>%n apple(s)</source>
        <translation>
            <numerusform>%n pomme</numerusform>
            <numerusform>%n pommes</numerusform>
        </translation>
    </message>
    <message>
        <source>Hello %1</source>
        <translation>Bonjour %1</translation>
    </message>
    <message>
        <source>Wrapped</source>
        <translation>Emballé</translation>
    </message>
    <message>
        <source>Gone from the code</source>
        <translation>Disparu du code</translation>
    </message>
    <message>
        <source>Seen by lupdate</source>
        <translation>Vu par lupdate\u00a0: oui</translation>
    </message>
</context>
</TS>
"""

PREVIOUS_EN = """<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Words</name>
    <message numerus="yes">
        <source>%n apple(s)</source>
        <translation>
            <numerusform>%n apple</numerusform>
            <numerusform>%n apples</numerusform>
        </translation>
    </message>
</context>
</TS>
"""


def test_update_keeps_what_lupdate_cannot_read_and_reports_what_it_leaves_out(
    tmp_path: Path,
) -> None:
    """A plural over several lines, a translate call in an f-string with single quotes and one
    through a wrapper are kept with their translations; a message gone from the code is
    reported and left out; new messages are added, a new one with %n as a plural."""
    code = tmp_path / "code"
    code.mkdir()
    (code / "words.py").write_text(SOURCE, encoding="utf-8")
    folder = tmp_path / "ts"
    folder.mkdir()
    (folder / "goldnet_fr.ts").write_text(PREVIOUS_FR, encoding="utf-8")
    (folder / "goldnet_en.ts").write_text(PREVIOUS_EN, encoding="utf-8")
    # what lupdate alone makes of it: the plural made singular, two translations deleted
    alone = tmp_path / "alone.ts"
    alone.write_text(PREVIOUS_FR, encoding="utf-8")
    options = ["-no-obsolete", "-locations", "none", "-target-language", "fr"]
    lupdate = [*i18n._tool("lupdate"), *options, str(code / "words.py"), "-ts", str(alone)]
    subprocess.run(lupdate, check=True, capture_output=True)
    lost = _messages(alone.read_bytes())
    assert ("Words", "Hello %1", "") not in lost and ("Words", "Wrapped", "") not in lost
    assert lost[("Words", "%n apple(s)", "")].get("numerus") is None

    said: list[str] = []
    reports = update(folder, [code / "words.py"], i18n._tool("lupdate"), ("en", "fr"), said.append)
    fr = _messages((folder / "goldnet_fr.ts").read_bytes())
    previous = _messages(PREVIOUS_FR.encode())
    for kept in ("%n apple(s)", "Hello %1", "Wrapped", "Seen by lupdate"):
        key = ("Words", kept, "")
        assert _text(fr[key]) == _text(previous[key]), kept
    gone = ("Words", "Gone from the code", "")
    assert gone not in fr
    assert reports["fr"].dropped == [gone]
    assert any("Gone from the code" in line for line in said)  # reported, not silently dropped
    assert set(reports["fr"].kept) >= {("Words", "Hello %1", ""), ("Words", "Wrapped", "")}
    new = fr[("Words", "Brand new", "")]
    assert new.find("translation").get("type") == "unfinished"  # type: ignore[union-attr]
    pear = fr[("Words", "%n pear(s)", "")]
    assert pear.get("numerus") == "yes"
    assert len(pear.findall("translation/numerusform")) == 2
    assert ("Words", "%n pear(s)", "") in reports["fr"].plurals
    # English: the plurals only, the old one as it was, the new one to fill in
    en = _messages((folder / "goldnet_en.ts").read_bytes())
    assert set(en) == {("Words", "%n apple(s)", ""), ("Words", "%n pear(s)", "")}
    assert "%n apples" in _text(en[("Words", "%n apple(s)", "")])
    # a second update changes nothing
    before = {lang: (folder / f"goldnet_{lang}.ts").read_bytes() for lang in ("en", "fr")}
    update(folder, [code / "words.py"], i18n._tool("lupdate"), ("en", "fr"), said.append)
    assert {lang: (folder / f"goldnet_{lang}.ts").read_bytes() for lang in before} == before


def test_a_message_turned_plural_keeps_its_old_translation_in_its_first_form() -> None:
    previous = PREVIOUS_FR.replace("Hello %1", "Hello %n").encode()
    found = previous.replace(b"Gone from the code", b"Seen by lupdate")  # lupdate: singular
    data, report = merge(previous, found, {"%n apple(s)", "Hello %n", "Wrapped", "Seen by lupdate"})
    message = _messages(data)[("Words", "Hello %n", "")]
    assert message.get("numerus") == "yes"
    forms = [f.text or "" for f in message.findall("translation/numerusform")]
    assert forms == ["Bonjour %1", ""]
    assert message.find("translation").get("type") == "unfinished"  # type: ignore[union-attr]
    assert report.plurals == [("Words", "Hello %n", "")]
    assert report.dropped == [("Words", "Gone from the code", "")]


def test_source_strings_reach_inside_f_strings(tmp_path: Path) -> None:
    path = tmp_path / "a.py"
    path.write_text("x = f\"{tr('Inner')} {y}\"\nz = ('a' 'b')\n", encoding="utf-8")
    assert {"Inner", "ab"} <= source_strings([path])


def test_a_wrapper_s_messages_found_outside_any_context_make_no_context_of_their_own() -> None:
    """lupdate reads ``tr("…")`` of a wrapper of ``translate`` as a message without a context:
    the update keeps the file's own context for a text it holds and reports a new one instead
    of writing a context with no name."""
    previous = PREVIOUS_FR.encode()
    stray = (
        b"<context><name></name>"
        b"<message><source>Wrapped</source><translation>Enrob\xc3\xa9</translation></message>"
        b"<message><source>Only a wrapper says it</source><translation type='unfinished'/>"
        b"</message></context></TS>"
    )
    found = previous.replace(b"</TS>", stray)
    used = {"%n apple(s)", "Hello %1", "Wrapped", "Gone from the code", "Only a wrapper says it"}
    data, report = merge(previous, found, used)
    merged = _messages(data)
    assert all(context for context, _, _ in merged)  # no context without a name
    assert _text(merged[("Words", "Wrapped", "")]) == _text(
        _messages(previous)[("Words", "Wrapped", "")]
    )
    assert report.contextless == [("", "Only a wrapper says it", "")]
    assert any("Only a wrapper says it" in line for line in report.lines("goldnet_fr.ts"))

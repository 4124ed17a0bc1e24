"""Keeping the ``.ts`` translation sources in step with the code: ``python -m ui.i18n update``.

``pyside6-lupdate`` finds the strings to translate, and only that: its reading of Python is
partial (PySide6 6.11). It takes ``QCoreApplication.translate(context, text, "", n)`` for a
singular message (a plural becomes an unfinished singular one, and ``-pluralonly`` then drops
it from the English file), loses some calls altogether (several lines long, inside an
argument list, inside an f-string, through a function that wraps ``translate``), and with
``-no-obsolete`` deletes whatever it did not find — translations included. So lupdate's output
is never written over a ``.ts`` file as it is; :func:`merge` post-processes it:

- every message of the previous file whose text the sources still hold (any string literal of
  the sources, f-strings' inner ones included: :func:`source_strings`) is kept exactly as it
  was — its plural forms and translation with it —, whether lupdate found it or not;
- a message of the previous file the sources no longer hold is left out and *reported*, never
  dropped silently;
- a message lupdate found for the first time is added at the end of its context; one whose text
  holds ``%n`` is a plural (Qt replaces ``%n`` only in a plural), so it gets the language's
  plural forms, unfinished; the English file holds plurals only;
- a message lupdate found outside any context — a call of a function of our own named ``tr``
  that wraps ``translate`` with a context constant — is never added as a context of its own:
  the file's named context holds it already, or it is reported, to add by hand;
- a message turned plural in the code (lupdate says so, or its text now holds ``%n``) gets
  plural forms, its old translation in the first, unfinished.

A plural without ``%n`` in its text (``"No reveal from %1 yet…"``, ``n`` the number of
players) cannot be recognised: give its message ``numerus="yes"`` and its forms by hand once;
updates keep it from then on.

The file is written in lupdate's own layout (:func:`write_ts`; characters such as the no-break
spaces of French typography stay as they are, not as character references), contexts and
messages in the order of the previous file, so that an update changes only what changed:
writing back a file that was read changes nothing (a test checks it on the repository's
files).
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

Key = tuple[str, str, str]
"""A message: its context, its source text and its disambiguation comment ("" for none)."""

PLURAL_FORMS = {"en": 2, "fr": 2}
"""How many plural forms each language has (Qt's rules: English and French two)."""


@dataclass
class UpdateReport:
    """What :func:`merge` did to one file, message by message (keys in file order).

    Attributes:
        new: messages found for the first time (to translate: they are unfinished).
        plurals: messages that became plurals, new or not (their forms are to fill in).
        kept: messages lupdate did not find and the sources still hold: kept as they were.
        dropped: messages the sources no longer hold: left out of the file.
    """

    new: list[Key] = field(default_factory=list)
    plurals: list[Key] = field(default_factory=list)
    kept: list[Key] = field(default_factory=list)
    dropped: list[Key] = field(default_factory=list)
    contextless: list[Key] = field(default_factory=list)
    """messages lupdate found outside any context (a call of a function named ``tr`` that
    wraps ``translate``) and no context of the file holds: not added — add them by hand to
    the wrapper's context."""

    def lines(self, name: str) -> list[str]:
        """The report in words, one line per message (none when nothing happened)."""
        out: list[str] = []
        for title, keys in (
            ("new, to translate", self.new),
            ("plural now, fill in its forms", self.plurals),
            ("not found by lupdate, kept (the sources still use it)", self.kept),
            ("no longer in the sources, left out", self.dropped),
            ("found outside any context, not added (add by hand)", self.contextless),
        ):
            if keys:
                out.append(f"{name}: {len(keys)} message(s) {title}:")
                out.extend(f"    {context}: {source!r}" for context, source, _ in keys)
        return out


# --- reading and writing ----------------------------------------------------------------------


def key_of(context: str, message: ET.Element) -> Key:
    """The key of ``message`` in the context named ``context``."""
    return (context, message.findtext("source") or "", message.findtext("comment") or "")


def messages(root: ET.Element) -> dict[Key, ET.Element]:
    """Every message of a ``.ts`` tree by key, in file order."""
    out: dict[Key, ET.Element] = {}
    for context in root.findall("context"):
        name = context.findtext("name") or ""
        for message in context.findall("message"):
            out[key_of(name, message)] = message
    return out


def is_plural(message: ET.Element) -> bool:
    return message.get("numerus") == "yes"


def _escape(text: str) -> str:
    """Text as lupdate escapes it, except that printable characters stay as they are."""
    text = (
        text.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&apos;")
    )
    return "".join(f"&#x{ord(c):x};" if ord(c) < 0x20 and c not in "\n\t" else c for c in text)


def _attributes(element: ET.Element) -> str:
    return "".join(f' {name}="{_escape(value)}"' for name, value in element.attrib.items())


def _element(element: ET.Element, depth: int, out: list[str]) -> None:
    indent = "    " * depth
    start = f"{indent}<{element.tag}{_attributes(element)}>"
    if len(element) == 0:
        out.append(f"{start}{_escape(element.text or '')}</{element.tag}>")
        return
    out.append(start)
    for child in element:
        _element(child, depth + 1, out)
    out.append(f"{indent}</{element.tag}>")


def write_ts(root: ET.Element) -> bytes:
    """A ``.ts`` tree in lupdate's layout (UTF-8; contexts unindented, four spaces a level)."""
    out = ['<?xml version="1.0" encoding="utf-8"?>', "<!DOCTYPE TS>"]
    out.append(f"<TS{_attributes(root)}>")
    for context in root.findall("context"):
        out.append("<context>")
        for child in context:
            _element(child, 1, out)
        out.append("</context>")
    out.append("</TS>")
    return ("\n".join(out) + "\n").encode("utf-8")


# --- merging lupdate's findings into the previous file ------------------------------------------


def source_strings(paths: Iterable[Path]) -> set[str]:
    """Every string literal of the Python files ``paths`` (f-strings' inner ones included).

    Raises:
        SyntaxError, OSError: a file cannot be read or parsed.
    """
    found: set[str] = set()
    for path in paths:
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    return found


def _as_plural(message: ET.Element, forms: int) -> ET.Element:
    """A copy of ``message`` made a plural with ``forms`` unfinished forms (its old
    translation, if any, in the first)."""
    plural = ET.Element("message", {**message.attrib, "numerus": "yes"})
    for child in message:
        if child.tag != "translation":
            plural.append(child)
    old = message.find("translation")
    first = ""
    if old is not None:
        first = (old[0].text if len(old) else old.text) or ""
    translation = ET.SubElement(plural, "translation", {"type": "unfinished"})
    for i in range(forms):
        ET.SubElement(translation, "numerusform").text = first if i == 0 else ""
    return plural


def merge(
    previous: bytes | None,
    found: bytes,
    used: set[str],
    *,
    plurals_only: bool = False,
    forms: int = 2,
) -> tuple[bytes, UpdateReport]:
    """The updated ``.ts`` file from the ``previous`` one (None: there was none) and lupdate's
    output ``found`` for the same language (see the module docstring); ``used``: the string
    literals of the sources (:func:`source_strings`); ``plurals_only``: keep plurals only (the
    English file); ``forms``: the language's number of plural forms.

    Raises:
        xml.etree.ElementTree.ParseError: either file is not XML.
    """
    report = UpdateReport()
    new_root = ET.fromstring(found)
    old_root = ET.fromstring(previous) if previous is not None else new_root
    old = messages(old_root) if previous is not None else {}
    lupdate = messages(new_root)
    contexts: dict[str, list[ET.Element]] = {}

    def plural_now(key: Key) -> bool:
        at = lupdate.get(key)
        return "%n" in key[1] or (at is not None and is_plural(at))

    for key, message in old.items():
        context, source, _comment = key
        if key not in lupdate and source not in used:
            report.dropped.append(key)
            continue
        if key not in lupdate:
            report.kept.append(key)
        if not is_plural(message) and plural_now(key):
            message = _as_plural(message, forms)
            report.plurals.append(key)
        contexts.setdefault(context, []).append(message)
    held = {source for _context, source, _comment in old}
    for key, message in lupdate.items():
        if key in old:
            continue
        if not key[0]:  # a wrapper's ``tr("…")``: lupdate cannot tell its context
            if key[1] not in held and (is_plural(message) or not plurals_only):
                report.contextless.append(key)
            continue
        if not is_plural(message) and "%n" in key[1]:
            message = _as_plural(message, forms)
        if is_plural(message):
            report.plurals.append(key)
        elif plurals_only:
            continue
        report.new.append(key)
        contexts.setdefault(key[0], []).append(message)
    root = ET.Element("TS", old_root.attrib)
    for name, kept in contexts.items():
        element = ET.SubElement(root, "context")
        ET.SubElement(element, "name").text = name
        element.extend(kept)
    return write_ts(root), report


# --- running lupdate ------------------------------------------------------------------------------


def run_lupdate(lupdate: Sequence[str], ts: Path, lang: str, sources: Sequence[Path]) -> bytes:
    """What lupdate finds in ``sources`` for ``lang``, merged by lupdate into a copy of ``ts``
    (so that a new message may come with a similar old one's translation, unfinished). The
    file ``ts`` itself is not touched.

    Raises:
        RuntimeError: lupdate failed (its own words).
    """
    with tempfile.TemporaryDirectory() as tmp:
        copy = Path(tmp) / f"goldnet_{lang}.ts"
        if ts.is_file():
            shutil.copyfile(ts, copy)
        command = [
            *lupdate,
            "-no-obsolete",
            "-locations",
            "none",
            "-target-language",
            lang,
            *(str(p) for p in sources),
            "-ts",
            str(copy),
        ]
        result = subprocess.run(command, capture_output=True, text=True, timeout=300)
        if result.returncode != 0 or not copy.is_file():
            raise RuntimeError(f"lupdate failed on {ts.name}: {result.stderr.strip()}")
        return copy.read_bytes()


def update(
    folder: Path,
    sources: Sequence[Path],
    lupdate: Sequence[str],
    languages: Iterable[str],
    say: Callable[[str], None] = print,
) -> dict[str, UpdateReport]:
    """Update ``folder``'s ``goldnet_<lang>.ts`` for each of ``languages`` from ``sources``
    (module docstring); ``say`` gets the report, line by line. A file is rewritten only when
    it changes (atomically). English keeps plurals only.

    Raises:
        RuntimeError: lupdate failed; SyntaxError, OSError: a source cannot be read.
    """
    used = source_strings(sources)
    reports: dict[str, UpdateReport] = {}
    for lang in languages:
        ts = folder / f"goldnet_{lang}.ts"
        previous = ts.read_bytes() if ts.is_file() else None
        found = run_lupdate(lupdate, ts, lang, sources)
        data, report = merge(
            previous, found, used, plurals_only=lang == "en", forms=PLURAL_FORMS.get(lang, 2)
        )
        reports[lang] = report
        if data != previous:
            partial = ts.with_suffix(".part")
            partial.write_bytes(data)
            partial.replace(ts)
        for line in report.lines(ts.name):
            say(line)
        say(f"{ts.name}: {'updated' if data != previous else 'unchanged'}")
    return reports

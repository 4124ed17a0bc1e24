"""French typography of the translations (maintainer tool, not shipped): check or fix a .ts file.

The rules (docs/ui.md, "French typography"), for every French translation:

- one apostrophe, the typographic one: ``’`` (U+2019), never ``'``;
- quotations in guillemets with a no-break space (U+00A0) inside: ``« Table »``, never ``“…”``
  or ``"…"``;
- a no-break space (U+00A0) before a colon, a narrow no-break space (U+202F) before ``;``, ``!``
  and ``?`` — where they end a clause (followed by a space, a line break, ``»``, ``)`` or the end
  of the text; ``%1:%2`` and ``goldnet://`` are left alone). So a colon never starts a line of
  its own.

``python tools/french_typography.py FILE.ts`` lists what breaks them (exit status 1 if anything
does); ``--fix`` rewrites the translations in place (the file is edited as text, so everything
else in it stays byte for byte). Run it after ``python -m ui.i18n update`` and translating.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from collections.abc import Sequence
from pathlib import Path

NBSP = "\u00a0"
NNBSP = "\u202f"
APOSTROPHE = "\u2019"

# A punctuation mark that ends a clause: followed by whitespace, », ) or the end of the text.
_CLAUSE_END = r"(?=\s|»|\)|$)"
_BEFORE = {":": NBSP, ";": NNBSP, "!": NNBSP, "?": NNBSP}
# the translations of a .ts file: <translation …>text</translation> and <numerusform>text</…>
_TRANSLATION = re.compile(
    r"(<translation(?:\s[^>]*)?>|<numerusform>)([^<]*)(</translation>|</numerusform>)"
)


def problems(text: str) -> list[str]:
    """What in one French ``text`` breaks the rules (module docstring); empty if nothing."""
    found: list[str] = []
    if "'" in text:
        found.append("a straight apostrophe (use ’)")
    if re.search(r"[“”\"]", text):
        found.append("quotation marks other than « »")
    if re.search(r"«(?!\u00a0)|(?<!\u00a0)»", text):
        found.append("« » without a no-break space inside")
    for mark, space in _BEFORE.items():
        for match in re.finditer(re.escape(mark) + _CLAUSE_END, text):
            at = match.start()
            if at == 0 or text[at - 1] != space:
                name = "no-break space" if space == NBSP else "narrow no-break space"
                found.append(f"no {name} before {mark!r} at {at}")
    return found


def fix(text: str) -> str:
    """``text`` following the rules (what :func:`problems` finds, repaired)."""
    text = text.replace("'", APOSTROPHE)
    text = re.sub(r"“\s*", "«" + NBSP, text)
    text = re.sub(r"\s*”", NBSP + "»", text)
    text = re.sub(r"«[ \u00a0\u202f]*", "«" + NBSP, text)
    text = re.sub(r"[ \u00a0\u202f]*»", NBSP + "»", text)
    for mark, space in _BEFORE.items():
        text = re.sub(r"[ \u00a0\u202f]*" + re.escape(mark) + _CLAUSE_END, space + mark, text)
    return text


def translations(ts: str) -> list[str]:
    """Every translation text of a .ts file's content (XML entities decoded)."""
    return [html.unescape(match.group(2)) for match in _TRANSLATION.finditer(ts)]


def fix_ts(ts: str) -> str:
    """A .ts file's content with every translation fixed; the rest left as it is."""

    def repl(match: re.Match[str]) -> str:
        fixed = fix(html.unescape(match.group(2)))
        escaped = html.escape(fixed, quote=False)
        return match.group(1) + escaped + match.group(3)

    return _TRANSLATION.sub(repl, ts)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("ts", type=Path, help="a French .ts file")
    parser.add_argument("--fix", action="store_true", help="rewrite its translations in place")
    args = parser.parse_args(argv)
    try:
        content = args.ts.read_text(encoding="utf-8")
    except OSError as exc:
        print(f"french_typography: cannot read {args.ts}: {exc.strerror}", file=sys.stderr)
        return 2
    if args.fix:
        args.ts.write_text(fix_ts(content), encoding="utf-8")
        content = args.ts.read_text(encoding="utf-8")
    bad = [(text, found) for text in translations(content) if (found := problems(text))]
    for text, found in bad:
        print(f"{text!r}: {'; '.join(found)}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

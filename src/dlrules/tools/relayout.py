"""The package's rooms (issue 34): where each module of the old flat layout
lives now, and a rewriter that brings text written for the old layout (code,
docs, a branch started before the move) to the new paths.

    python -m dlrules.tools.relayout FILE ...        # rewrite in place
    python -m dlrules.tools.relayout --check FILE ...  # list what would change

The same table gives the old dotted paths their aliases at run time
(``dlrules.MOVED``, docs/architecture.md "Old module paths"). Rewriting is
idempotent: a path already in the new layout is left alone.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from dlrules._moved import MOVED

_DIRS = ("phases", "adapters", "serve", "conformance")  # the old layout's packages that moved whole


def _dotted(match: re.Match[str]) -> str:
    old = match.group(1)
    return MOVED["dlrules." + old]


_NAMES = "|".join(sorted((k.removeprefix("dlrules.") for k in MOVED), key=len, reverse=True))
_DOTTED = re.compile(
    rf"(?<![\w.])dlrules\.({_NAMES})\b"
)
_MODULE_FILE = re.compile(rf"(?<![\w.])dlrules/({_NAMES})\.py\b")
_PACKAGE_DIR = re.compile(rf"(?<![\w.])dlrules/({'|'.join(_DIRS)})/")


def _as_path(dotted: str) -> str:
    return dotted.replace(".", "/")


_FROM_FACE = re.compile(rf"^(\s*)from dlrules import ({_NAMES})(?: as (\w+))?(\s*(?:#.*)?)$", re.M)


def _from_face(match: re.Match[str]) -> str:
    indent, old, alias, rest = match.groups()
    parent, _, name = MOVED["dlrules." + old].rpartition(".")
    alias = alias or old
    return f"{indent}from {parent} import {name}" + (f" as {alias}" if alias != name else "") + rest


# Not module paths, though they look like one: the simulation's seed domain
# (LIB-SIM-2; changing it would change every simulated game).
_KEPT = re.compile(r'"dlrules\.simulate"|dlrules\.simulate (?:S i|<master> <index>)')


def rewrite(text: str) -> str:
    """``text`` with every old module path (dotted or as a file) written the new way."""
    text = _FROM_FACE.sub(_from_face, text)
    kept = [m.span() for m in _KEPT.finditer(text)]
    text = _DOTTED.sub(lambda m: m.group(0) if any(a <= m.start() < b for a, b in kept) else _dotted(m), text)
    text = _MODULE_FILE.sub(lambda m: _as_path(MOVED["dlrules." + m.group(1)]) + ".py", text)
    return _PACKAGE_DIR.sub(lambda m: _as_path(MOVED["dlrules." + m.group(1)]) + "/", text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dlrules.tools.relayout", description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true", help="list the files that would change; change nothing")
    args = parser.parse_args(argv)
    changed = []
    for path in args.files:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, IsADirectoryError):
            continue
        new = rewrite(text)
        if new != text:
            changed.append(path)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    for path in changed:
        print(path)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())

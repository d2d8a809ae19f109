"""The package's rooms (issue 34): where each module of the old flat layout
lives now, and a rewriter that brings text written for the old layout (code,
docs, a branch started before the move) to the new paths.

    python -m dlrules.tools.relayout FILE ...                 # rewrite in place
    python -m dlrules.tools.relayout --check FILE ...         # list what would change
    python -m dlrules.tools.relayout --map dlrules.x=dlrules.records.x FILE ...

The table is ``dlrules._moved.MOVED``, which also gives the old dotted paths
their aliases at run time (docs/architecture.md "Old module paths"); ``--map``
adds moves of modules that never had a release at the old path (a branch's
new module). Rewriting is idempotent: a path already in the new layout is left
alone. The table is read from the file, so the rewriter works on a checkout
whose package does not import (a merge in progress).
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Mapping
from pathlib import Path

_MOVED_FILE = Path(__file__).resolve().parents[1] / "_moved.py"

# Not module paths, though they look like one: the simulation's seed domain
# (LIB-SIM-2; changing it would change every simulated game).
_KEPT = re.compile(r'"dlrules\.simulate"|dlrules\.simulate (?:S i|<master> <index>)')


def moved_table() -> dict[str, str]:
    """``MOVED`` as ``dlrules/_moved.py`` writes it, read without importing the package."""
    tree = ast.parse(_MOVED_FILE.read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.target.id == "MOVED":
            assert node.value is not None
            table = ast.literal_eval(node.value)
            assert isinstance(table, dict)
            return {str(k): str(v) for k, v in table.items()}
    raise LookupError(f"no MOVED table in {_MOVED_FILE}")


class Rewriter:
    """Rewrites old module paths of one table (old dotted path -> new)."""

    def __init__(self, table: Mapping[str, str]) -> None:
        self.table = dict(table)
        names = "|".join(sorted((k.removeprefix("dlrules.") for k in self.table), key=len, reverse=True))
        self._from_face = re.compile(rf"^(\s*)from dlrules import ({names})(?: as (\w+))?(\s*(?:#.*)?)$", re.M)
        self._dotted = re.compile(rf"(?<![\w.])dlrules\.({names})\b")
        self._file = re.compile(rf"(?<![\w.])dlrules/({names})\.py\b")
        self._dir = re.compile(rf"(?<![\w.])dlrules/({names})/")

    def _new(self, old: str) -> str:
        return self.table["dlrules." + old]

    def _face(self, match: re.Match[str]) -> str:
        indent, old, alias, rest = match.groups()
        parent, _, name = self._new(old).rpartition(".")
        alias = alias or old
        return f"{indent}from {parent} import {name}" + (f" as {alias}" if alias != name else "") + rest

    def rewrite(self, text: str) -> str:
        """``text`` with every old module path (dotted, as a file or a folder) written the new way."""
        text = self._from_face.sub(self._face, text)
        kept = [m.span() for m in _KEPT.finditer(text)]
        text = self._dotted.sub(lambda m: m.group(0) if any(a <= m.start() < b for a, b in kept) else self._new(m.group(1)), text)
        text = self._file.sub(lambda m: self._new(m.group(1)).replace(".", "/") + ".py", text)
        return self._dir.sub(lambda m: self._new(m.group(1)).replace(".", "/") + "/", text)


def rewrite(text: str) -> str:
    """``text`` with the old module paths of ``MOVED`` written the new way."""
    return Rewriter(moved_table()).rewrite(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dlrules.tools.relayout", description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--check", action="store_true", help="list the files that would change; change nothing")
    parser.add_argument("--map", action="append", default=[], metavar="OLD=NEW", help="one more move (dotted module paths)")
    args = parser.parse_args(argv)
    table = moved_table()
    for item in args.map:
        old, sep, new = item.partition("=")
        if not sep or not old.startswith("dlrules.") or not new.startswith("dlrules."):
            parser.error(f"--map takes dlrules.OLD=dlrules.NEW, not {item!r}")
        table[old] = new
    rewriter = Rewriter(table)
    changed = []
    for path in args.files:
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, IsADirectoryError, FileNotFoundError):
            continue
        new = rewriter.rewrite(text)
        if new != text:
            changed.append(path)
            if not args.check:
                path.write_text(new, encoding="utf-8")
    for path in changed:
        print(path)
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())

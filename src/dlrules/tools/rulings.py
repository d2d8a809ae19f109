"""Ship the library's rulings with the package: ``docs/rulings.md`` →
``src/dlrules/rulebook/rulings.json`` (the ``LIB-…`` statements that
``dlrules.rulebook`` serves). A developer tool, not shipped in the wheel.

Usage (from the repository root)::

    python -m dlrules.tools.rulings            # exit 1 when rulings.json is stale
    python -m dlrules.tools.rulings --write    # regenerate it

Each ruling is a list item that begins with its bold ID and title,
``- **LIB-RES-2 One move per outcome.** Body…``; the item runs to the next
item, heading or blank line. Markdown emphasis and code marks are dropped.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

_ITEM = re.compile(r"^-\s+\*\*(LIB-[A-Z0-9-]*[0-9])\s*(.*?)\*\*\s*(.*)$")


def repo_root() -> Path:
    return Path(__file__).resolve().parents[3]


def _plain(text: str) -> str:
    text = re.sub(r"\*\*(.*?)\*\*", r"\1", text)
    text = re.sub(r"(?<![A-Za-z0-9])\*(\S.*?)\*", r"\1", text)
    return " ".join(text.replace("`", "").split())


def _shipped(text: str) -> str:
    """A statement as the package ships it: without the project's own history
    ("Revised (issue 10):" reads "Revised:", "(issue 12)" goes), which the
    repository's docs/rulings.md keeps."""
    text = re.sub(r"\s*\(issues? [0-9][^()]*\)", "", text)
    return " ".join(text.split())


def parse(markdown: str) -> dict[str, dict[str, str]]:
    """ID → {"title", "text"} for every ruling item of ``markdown``."""
    items: list[str] = []
    open_item = False
    for line in markdown.splitlines():
        if re.match(r"^-\s+\*\*LIB-", line):
            items.append(line)
            open_item = True
        elif open_item and line.startswith("  ") and line.strip():
            items[-1] += " " + line.strip()
        else:
            open_item = False
    out: dict[str, dict[str, str]] = {}
    for item in items:
        m = _ITEM.match(item)
        if m:
            out[m.group(1)] = {"title": _shipped(_plain(m.group(2))).rstrip("."), "text": _shipped(_plain(m.group(3)))}
    return out


def render(root: Path) -> str:
    rulings = parse((root / "docs" / "rulings.md").read_text(encoding="utf-8"))
    data = {
        "part": "library rulings",
        "generated": "from docs/rulings.md by python -m dlrules.tools.rulings --write; do not edit",
        "rules": rulings,
    }
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def target(root: Path) -> Path:
    return root / "src" / "dlrules" / "rulebook" / "rulings.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dlrules.tools.rulings", description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=None, help="the repository (default: this checkout)")
    parser.add_argument("--write", action="store_true", help="regenerate src/dlrules/rulebook/rulings.json")
    args = parser.parse_args(argv)
    root: Path = args.root or repo_root()
    text = render(root)
    path = target(root)
    if args.write:
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
        return 0
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        print(f"{path} is stale: run python -m dlrules.tools.rulings --write")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

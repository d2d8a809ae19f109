"""The figures of docs/conformance.md, computed from the kit (issue 36, item 9):
never typed by hand.

    python -m dlrules.tools.kitfigures            # rewrite the figures in docs/conformance.md
    python -m dlrules.tools.kitfigures --check    # exit 1 if one is stale

A figure sits in the page between ``<!-- figure NAME -->`` and
``<!-- end -->``; the text between is replaced by ``figures()[NAME]``.
tests/test_conformance_protocol.py fails while one is stale.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
PAGE = ROOT / "docs" / "conformance.md"
MARK = re.compile(r"<!-- figure (?P<name>[a-z_]+) -->(?P<value>.*?)<!-- end -->", re.S)


def figures(root: Path = ROOT) -> dict[str, str]:
    """Every figure by name, as the text the page shows."""
    from dlrules.apps.conformance import KIT, KIT_VERSION
    from dlrules.apps.conformance.perft import anchors, rare_starts
    from dlrules.apps.conformance.scenarios import load, scenario_files
    from dlrules.apps.conformance.steer import DECISION_KINDS
    from dlrules.tools.rulecov import known_ids

    files = scenario_files()
    scenarios = [load(p) for p in files]
    cited = {r for s in scenarios for r in s["rules"]}
    first = {s["rules"][0] for s in scenarios if s["rules"]}
    untested = set(json.loads((KIT / "untested.json").read_text(encoding="utf-8"))["untested"])
    rule_file = root / "docs" / "rule-ids.txt"
    listed = {line.split("\t", 1)[0] for line in rule_file.read_text(encoding="utf-8").splitlines() if line and not line.startswith("#")}
    known = set(known_ids(root))
    areas: dict[str, int] = {}
    for path in files:
        areas[path.parent.name] = areas.get(path.parent.name, 0) + 1
    all_anchors = anchors()
    adapter = (root / "examples" / "conformance_adapter.py").read_text(encoding="utf-8").splitlines()
    views = sum(1 for s in scenarios if "views" in s["expect"])
    schemas = sorted(p.name for p in (KIT / "schemas").glob("*.schema.json"))
    return {
        "kit_version": f"`{KIT_VERSION}`",
        "adapter_lines": str(len(adapter)),
        "run_summary": f"`{len(files)} of {len(files)} scenarios passed; {len(cited & known)} of {len(cited & known)} rule IDs clean`",
        "scenarios": str(len(files)),
        "areas": ", ".join(f"`{area}/` {n}" for area, n in sorted(areas.items())),
        "views": str(views),
        "cited": f"{len(cited & listed)} of the {len(listed)} rule IDs of docs/rule-ids.txt ({100 * len(cited & listed) // max(len(listed), 1)} %)",
        "cited_first": f"{len(first & (listed - untested))} of the {len(listed - untested)} rule IDs a scenario can test "
        f"({100 * len(first & (listed - untested)) // max(len(listed - untested), 1)} %)",
        "decision_kinds": str(len(DECISION_KINDS)),
        "anchors": f"{len(all_anchors)} anchors ({sum(1 for a in all_anchors if a.rules)} of them for rare rules), {sum(len(a.counts) for a in all_anchors)} published counts",
        "diff_starts": str(3 + 1 + len(rare_starts())),
        "schemas": ", ".join(f"`{name}`" for name in schemas),
        "positions": str(sum("position" in s for s in scenarios)),
    }


def render(text: str, values: dict[str, str]) -> str:
    """``text`` with every figure replaced by its value (``KeyError`` for an unknown figure)."""
    return MARK.sub(lambda m: f"<!-- figure {m['name']} -->{values[m['name']]}<!-- end -->", text)


def main(argv: list[str] | None = None) -> int:
    check = "--check" in (argv if argv is not None else sys.argv[1:])
    text = PAGE.read_text(encoding="utf-8")
    fresh = render(text, figures())
    if check:
        stale = sorted({m["name"] for m, n in zip(MARK.finditer(text), MARK.finditer(fresh), strict=True) if m["value"] != n["value"]})
        print("stale figures: " + (", ".join(stale) or "none"))
        return 1 if stale else 0
    PAGE.write_text(fresh, encoding="utf-8")
    print(json.dumps(figures(), indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Rule coverage: which rule IDs the engine implements, where, and which tests
cite them; writes the table ``docs/rules.md``.

Usage (from the repository root)::

    python -m dlrules.tools.rulecov            # print what is uncovered; exit 1 if any
    python -m dlrules.tools.rulecov --write    # regenerate docs/rules.md
    python -m dlrules.tools.rulecov --ids-from ../shared/rules   # refresh docs/rule-ids.txt

Definitions (docs/rules.md repeats them):

- *Known IDs*: the IDs defined in every rule file that ../shared/rules/README.md
  lists with ID families (RULES.md, COMBAT.md, YEAR2.md, SCORING.md,
  EVENTS-FULL.md, the data IDs of COMPONENTS-COMBAT.md, EXAMPLES.md's E1 … and
  OPEN-QUESTIONS.md's U-…), kept as a committed copy in ``docs/rule-ids.txt``
  (CI runs on a clean clone without ``../shared``), plus the ``LIB-`` rulings
  of ``docs/rulings.md``. An ID is defined by a list item that begins with it,
  the first cell of a table row, or (the examples) a heading.
- *Implemented*: an ID cited (comment, docstring or Violation) in the rule code
  of ``src/dlrules``: every module except the data-only ones (``state.py``,
  ``moves.py``, ``components/``, ``tools/``, the conformance kit ``conformance/``) and except the line that registers
  a phase as not implemented yet (``unfinished(...)``). Ranges and lists are
  expanded: ``RST-1..5``, ``ORD-4/5``.
- *Covered*: cited by a test: a ``test_*.py`` module under ``tests/`` or
  ``properties/`` or the property suite's invariants (names may use
  underscores: ``test_ACT_DIG_6_...``), or a conformance scenario's ``"rules"``
  list in the kit (``src/dlrules/apps/conformance/scenarios/``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import defaultdict
from collections.abc import Container, Iterable, Iterator
from pathlib import Path

RULE_FILES = (
    "RULES.md", "COMBAT.md", "YEAR2.md", "SCORING.md", "EVENTS-FULL.md", "COMPONENTS.md",
    "COMPONENTS-COMBAT.md", "EXAMPLES.md", "OPEN-QUESTIONS.md",
)  # fmt: skip
"""The rule files when the spec's README.md cannot be read (its Files table is
what ``rule_files`` follows)."""
DATA_ONLY = ("core/state.py", "core/moves.py", "components/", "tools/", "rulebook/", "apps/cli/rules.py", "apps/conformance/")


def repo_root() -> Path:
    """The repository this module belongs to (src/dlrules/tools → three up)."""
    return Path(__file__).resolve().parents[3]


# --- rule IDs ----------------------------------------------------------------------------

_ID = r"[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-[A-Z]?[0-9]+[a-z]?"
_DEFINITION = re.compile(rf"^\s*-\s+\*{{0,2}}({_ID})\*{{0,2}}\s+(.*)$")
"""A list item that begins with an ID: ``- ORD-9 …``, ``- **CX-1 Trap arithmetic** …``."""
_ROW = re.compile(rf"^\s*\|\s*({_ID})(?:\s*…\s*({_ID}))?\s*\|(.*)$")
"""A data-table row whose first cell is an ID (``| M-1 | …``), or a range of them
(``| SPE-C-6 … SPE-C-9 | …``)."""
_HEADING = re.compile(r"^#+\s+(E[0-9]+)\s+—\s+(.*)$")
"""EXAMPLES.md: ``## E3 — Payday …``."""


def rule_files(rules_dir: Path) -> tuple[str, ...]:
    """The files the spec's README.md lists as defining ID families (its Files
    table: a file whose families cell is not "—"); ``RULE_FILES`` without it."""
    readme = rules_dir / "README.md"
    if not readme.exists():
        return RULE_FILES
    out: list[str] = []
    for line in readme.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) >= 3 and cells[0].endswith(".md") and cells[2] not in ("—", "-", ""):
            out.extend(c.strip() for c in cells[0].split(",") if (rules_dir / c.strip()).exists())
    return tuple(out) or RULE_FILES


def _first_words(text: str) -> str:
    return " ".join(text.replace("|", " ").replace("*", "").split()[:10])


def ids_from_rules(rules_dir: Path) -> list[tuple[str, str, str]]:
    """(ID, file, first words) for each rule or data ID defined in the rule files."""
    out: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for name in rule_files(rules_dir):
        for line in (rules_dir / name).read_text(encoding="utf-8").splitlines():
            found: list[tuple[str, str]] = []
            m = _DEFINITION.match(line) or _HEADING.match(line)
            if m:
                found.append((m.group(1), m.group(2)))
            row = _ROW.match(line)
            if row:
                first, last, rest = row.group(1), row.group(2), row.group(3)
                rest = ": ".join([c.strip() for c in rest.split("|") if c.strip()][:2])
                found.append((first, rest))
                if last:
                    stem, _, a = first.rpartition("-")
                    stem2, _, b = last.rpartition("-")
                    if stem == stem2 and a.isdigit() and b.isdigit():
                        found.extend((f"{stem}-{k}", rest) for k in range(int(a) + 1, int(b) + 1))
            for rule, text in found:
                if rule not in seen:
                    seen.add(rule)
                    out.append((rule, name, _first_words(text)))
    return out


def write_ids(root: Path, rules_dir: Path) -> Path:
    lines = [
        "# Rule and data IDs defined in ../shared/rules (every file its README.md lists with ID families):",
        "# ID, file, first words.",
        "# A committed copy, so CI on a clean clone knows them. Regenerate with",
        "#   python -m dlrules.tools.rulecov --ids-from ../shared/rules",
    ]
    lines += [f"{i}\t{f}\t{words}" for i, f, words in ids_from_rules(rules_dir)]
    path = root / "docs" / "rule-ids.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def known_ids(root: Path) -> dict[str, str]:
    """Every known rule ID with a short description (its first words)."""
    out: dict[str, str] = {}
    for line in (root / "docs" / "rule-ids.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            parts = line.split("\t")
            out[parts[0].split()[0]] = parts[2] if len(parts) > 2 else ""
    rulings = root / "docs" / "rulings.md"
    if rulings.exists():
        for line in rulings.read_text(encoding="utf-8").splitlines():
            m = re.match(r"^\s*-\s+\*\*(LIB-[A-Z0-9-]*[0-9])\s*(.*?)\*\*", line)
            if m:
                out[m.group(1)] = m.group(2).rstrip(".")
            for lib in re.findall(r"\b(LIB-[A-Z0-9]+(?:-[A-Z0-9]+)*)\b", line):
                out.setdefault(lib, "")
    return out


def retired_ids(root: Path) -> list[str]:
    """The library rulings docs/rulings.md marks *Retired* (it says what replaced them)."""
    rulings = root / "docs" / "rulings.md"
    if not rulings.exists():
        return []
    out: list[str] = []
    for line in rulings.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^\s*-\s+\*\*(LIB-[A-Z0-9-]*[0-9])\b[^*]*\*\*\s*\*Retired", line)
        if m:
            out.append(m.group(1))
    return out


def id_files(root: Path) -> dict[str, str]:
    """Every known spec ID → the rule file defining it (``docs/rule-ids.txt``)."""
    out: dict[str, str] = {}
    for line in (root / "docs" / "rule-ids.txt").read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            parts = line.split("\t")
            out[parts[0].split()[0]] = parts[1] if len(parts) > 1 else ""
    return out


def citation_pattern(ids: Iterable[str]) -> re.Pattern[str]:
    """Matches citations of the known ID families, with ``-`` or ``_``,
    ranges (``RST-1..5``), lists (``ORD-4/5``) and a table-row letter
    (``SCO-1a``); the examples (``E3``) have no separator."""
    prefixes = sorted({i.rsplit("-", 1)[0] for i in ids if "-" in i}, key=len, reverse=True)
    alternatives = "|".join(p.replace("-", "[-_]") + "[-_]" for p in prefixes)
    if any(re.fullmatch(r"E[0-9]+", i) for i in ids):
        alternatives += "|E"
    return re.compile(
        rf"(?<![A-Za-z0-9])({alternatives})([0-9]+)(?:([a-z])(?![A-Za-z0-9]))?((?:(?:\.\.|/)[0-9]+)*)(?![0-9])"
    )


def cited(text: str, pattern: re.Pattern[str], known: Container[str] = ()) -> Iterator[tuple[str, int]]:
    """(ID, line number) for every citation in ``text``, ranges expanded; a
    citation with a letter (``SCO-1a``) is that ID when ``known`` has it, else
    the ID without the letter."""
    for n, line in enumerate(text.splitlines(), start=1):
        for m in pattern.finditer(line):
            prefix = m.group(1).replace("_", "-").rstrip("-")
            first = int(m.group(2))
            lettered = f"{prefix}-{first}{m.group(3)}"
            if m.group(3) and lettered in known:  # a table-row ID with a letter: SCO-1a
                yield lettered, n
                continue
            numbers = [first]
            tail = m.group(4)
            for sep, num in re.findall(r"(\.\.|/)([0-9]+)", tail):
                k = int(num)
                if sep == "..":
                    numbers.extend(range(numbers[-1] + 1, k + 1))
                else:
                    numbers.append(k)
            for k in numbers:
                yield (f"{prefix}-{k}" if prefix != "E" else f"E{k}"), n


# --- where cited ---------------------------------------------------------------------------


def _rel(path: Path, root: Path) -> str:
    return path.relative_to(root).as_posix()


def implemented(root: Path, ids: dict[str, str]) -> dict[str, list[str]]:
    """Implemented rule ID → the rule-code files citing it (with line numbers)."""
    pattern = citation_pattern(ids)
    out: dict[str, list[str]] = defaultdict(list)
    src = root / "src" / "dlrules"
    for path in sorted(src.rglob("*.py")):
        rel = _rel(path, src)
        if any(rel == d or rel.startswith(d) for d in DATA_ONLY):
            continue
        lines = path.read_text(encoding="utf-8").splitlines()
        for rule, n in cited("\n".join(lines), pattern, ids):
            if "unfinished(" in lines[n - 1]:
                continue
            where = f"{_rel(path, root)}:{n}"
            if where not in out[rule]:
                out[rule].append(where)
    return dict(out)


NOT_TESTS = ("tests/test_rule_coverage.py", "properties/conftest.py", "properties/profiles.py")


def test_modules(root: Path) -> list[Path]:
    """The files whose citations count: ``test_*.py`` under tests/ and
    properties/, and the property suite's invariants (properties/*.py);
    not helpers, scripts or the coverage test's own examples."""
    found: list[Path] = []
    for folder in ("tests", "properties"):
        base = root / folder
        if not base.exists():
            continue
        for path in sorted(base.rglob("*.py")):
            rel = _rel(path, root)
            if rel in NOT_TESTS or path.name == "__init__.py":
                continue
            if path.name.startswith("test_") or (folder == "properties" and path.parent == base):
                found.append(path)
    return found


def test_citations(root: Path, ids: dict[str, str]) -> dict[str, list[str]]:
    """Rule ID → the test files citing it (test modules and conformance scenarios)."""
    pattern = citation_pattern(ids)
    out: dict[str, set[str]] = defaultdict(set)
    for path in test_modules(root):
        for rule, _ in cited(path.read_text(encoding="utf-8"), pattern, ids):
            out[rule].add(_rel(path, root))
    conformance = root / "src" / "dlrules" / "apps" / "conformance" / "scenarios"
    for path in sorted(conformance.rglob("*.json")) if conformance.exists() else ():
        data = json.loads(path.read_text(encoding="utf-8"))
        for rule in data.get("rules", []):
            out[rule].add(_rel(path, root))
    return {k: sorted(v) for k, v in out.items()}


# --- the report ------------------------------------------------------------------------------


def _summarise_tests(files: list[str]) -> str:
    modules = [f for f in files if not f.endswith(".json")]
    scenarios = [f for f in files if f.endswith(".json")]
    parts = [f"`{f}`" for f in modules]
    if scenarios:
        parts.append(f"{len(scenarios)} conformance scenario{'s' if len(scenarios) > 1 else ''}")
    return ", ".join(parts)


def report(root: Path) -> tuple[str, list[str], list[str]]:
    """(docs/rules.md text, implemented IDs no test cites, unknown IDs cited in src)."""
    ids = known_ids(root)
    where = implemented(root, ids)
    tests = test_citations(root, ids)
    unknown = sorted(r for r in where if r not in ids)
    uncovered = sorted((r for r in where if r in ids and not tests.get(r)), key=_sort_key)
    lines = [
        "# Rule coverage",
        "",
        "Generated by `python -m dlrules.tools.rulecov --write`; "
        "`tests/test_rule_coverage.py` fails when this page is stale or when an",
        "implemented rule is cited by no test. Definitions:",
        "",
        "- **implemented**: the ID is cited (comment, docstring or Violation) in the rule code of",
        "  `src/dlrules`: every module except the data-only `state.py`, `moves.py`, `components/`,",
        "  `tools/`, `rulebook/`, `cli_rules.py`, the conformance kit `conformance/`, and except a phase registered as not implemented yet (`unfinished(...)`);",
        "- **tests**: `test_*.py` modules under `tests/` and `properties/` and the property suite's",
        "  invariants citing the ID (in a name, a docstring or a comment; `ACT_DIG_6` counts as",
        "  `ACT-DIG-6`), and conformance scenarios",
        "  (`src/dlrules/apps/conformance/scenarios/*/*.json`, their `\"rules\"` list, docs/conformance.md).",
        "",
        "Known IDs: `docs/rule-ids.txt` (a committed copy of the rule and data IDs defined in every",
        "part of the rules specification) and the `LIB-` rulings of `docs/rulings.md`. A known ID that",
        "no rule code cites is listed below as not implemented yet: that is the state of the work, not",
        "a failure. **statement**: the rule in this project's words, as shipped in the package",
        "(`dlrules rules ID`, `dlrules.rule(ID)`; docs/rulebook.md).",
        "",
        f"{len(where)} rule IDs implemented, {len(where) - len(uncovered)} cited by tests"
        + (f"; uncovered: {', '.join(uncovered)}" if uncovered else "") + ".",
        "",
        "| rule | statement | enforced in | tests |",
        "|---|---|---|---|",
    ]
    for rule in sorted(where, key=_sort_key):
        files = sorted({w.split(":")[0] for w in where[rule]})
        src = ", ".join(f"`{f.removeprefix('src/dlrules/')}`" for f in files)
        what = (_statement(rule) or "(no statement)").replace("|", "/")
        lines.append(f"| {rule} | {what} | {src} | {_summarise_tests(tests.get(rule, [])) or '**none**'} |")
    defined_in = id_files(root)
    retired = retired_ids(root)
    by_file: dict[str, list[str]] = defaultdict(list)
    for r in sorted((r for r in ids if r not in where and r not in retired), key=_sort_key):
        by_file[defined_in.get(r, "docs/rulings.md")].append(r)
    lines += ["", "## Not implemented yet (cited by no rule code), by part of the rules", ""]
    for name in sorted(by_file, key=lambda f: (f == "docs/rulings.md", f)):
        lines.append(f"- **{PART_NAMES.get(name, name)}** ({len(by_file[name])}): {', '.join(by_file[name])}")
    if not by_file:
        lines.append("none")
    if retired:
        lines += ["", "Retired rulings (docs/rulings.md says what replaced each): " + ", ".join(retired) + "."]
    lines.append("")
    return "\n".join(lines), uncovered, unknown


PART_NAMES = {
    "RULES.md": "setup and the building year",
    "COMBAT.md": "combat",
    "YEAR2.md": "the second year",
    "SCORING.md": "final scoring",
    "EVENTS-FULL.md": "events and special events",
    "COMPONENTS.md": "components",
    "COMPONENTS-COMBAT.md": "combat components",
    "EXAMPLES.md": "worked examples",
    "OPEN-QUESTIONS.md": "open questions",
    "docs/rulings.md": "library rulings (docs/rulings.md)",
}
"""docs/rules.md names the parts of the rules, not the spec's files (they are
not in the repository); the parts are those of ``dlrules.rulebook.PARTS``."""


def _statement(rule: str) -> str | None:
    """The shipped statement of ``rule`` (dlrules.rulebook), title first for rulings."""
    from dlrules import rulebook

    try:
        r = rulebook.rule(rule)
    except rulebook.UnknownRule:
        return None
    return f"**{r.title}.** {r.text}" if r.title else r.text


def _sort_key(rule: str) -> tuple[str, int, str]:
    prefix, _, number = rule.rpartition("-")
    if not prefix:  # the examples: E1 … E5
        prefix, number = rule[:1], rule[1:]
    digits = re.match(r"[A-Z]?([0-9]*)", number)
    n = int(digits.group(1)) if digits and digits.group(1) else 0
    return (prefix, n, number)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m dlrules.tools.rulecov", description=__doc__.split("\n")[0])
    parser.add_argument("--root", type=Path, default=None, help="the repository (default: this checkout)")
    parser.add_argument("--write", action="store_true", help="regenerate docs/rules.md")
    parser.add_argument("--ids-from", type=Path, default=None, help="refresh docs/rule-ids.txt from this rules folder")
    args = parser.parse_args(argv)
    root: Path = args.root or repo_root()
    if args.ids_from is not None:
        print(f"wrote {write_ids(root, args.ids_from)}")
    text, uncovered, unknown = report(root)
    if args.write:
        (root / "docs" / "rules.md").write_text(text, encoding="utf-8")
        print(f"wrote {root / 'docs' / 'rules.md'}")
    for rule in unknown:
        print(f"unknown rule ID cited in src: {rule}")
    for rule in uncovered:
        print(f"implemented but cited by no test: {rule}")
    return 1 if uncovered or unknown else 0


if __name__ == "__main__":
    sys.exit(main())

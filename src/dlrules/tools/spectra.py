"""The kit's spectra (issue 36): for every scenario, the rule IDs its
checking *exercises* on the reference, written to the kit's
``spectra.json``, from which ``dlrules conformance run`` ranks the rules most
likely broken (``dlrules.apps.conformance.diagnose``, docs/conformance.md).
A developer tool, not shipped in the wheel; its output is.

Usage (from the repository root)::

    python -m dlrules.tools.spectra            # exit 1 when spectra.json is stale
    python -m dlrules.tools.spectra --write    # regenerate it (after adding scenarios)

A scenario is checked on dlrules (in-process, the same requests as over the
protocol) under a tracer. A rule R is exercised when:

- *rule code* ran: a function whose own lines cite R (``rulecov``'s reading
  of citations: docstrings, comments, ``Violation``\\ s) was called, and the
  citation is in its docstring, or on a line that ran (or one of the 3 lines
  after a comment that ran: the code the comment is about);
- *a card's row* (M-, T-, R-, C1-, C2-, SPE-C-): the scenario's move names
  the card (hires, builds, plays, attacks with it), or the card's effect ran
  during the check (a spell cast, a trap going off).

Besides the rules, each scenario's *units*: the rule functions that ran (as
above, named ``file:qualified name``), the cards (``card:KEY``) and the rows
of the components' tables its check read (``data:TABLE:KEY``, with the rules
stating them: ``rows_read``), for the diagnosis's hypotheses "this unit
alone is broken".

The tracer sees everything the check runs: the setup moves or the position,
the legal moves, the move, the forced reveals and the observations.
"""

from __future__ import annotations

import argparse
import ast
import json
import re
import sys
from pathlib import Path
from typing import Any

import attrs

from dlrules.apps.conformance.blame import CODE_RULES, Functions, Trace, clear_caches, named_cards, unit_name
from dlrules.apps.conformance.diagnose import SPECTRA
from dlrules.apps.conformance.engines import InProcess
from dlrules.apps.conformance.scenarios import (
    ScenarioError,
    check,
    load,
    scenario_files,
)
from dlrules.components import COMBAT_CARDS, MONSTERS, ROOMS, SPECIAL_EVENTS, TRAPS
from dlrules.tools import rows_read, rulecov

FORMAT = 3
"""The version of ``spectra.json``'s layout."""

def repo_root() -> Path:
    return Path(__file__).resolve().parents[3]


def rule_functions(root: Path) -> Functions:
    """Every function of the rule code citing a rule ID, with where it cites
    each (a nested function's lines count for it only, not its parent)."""
    ids = rulecov.known_ids(root)
    cites: dict[str, dict[int, set[str]]] = {}
    for rule, places in rulecov.implemented(root, ids).items():
        for place in places:
            file, line = place.rsplit(":", 1)
            cites.setdefault(str(root / file), {}).setdefault(int(line), set()).add(rule)
    out: Functions = {}
    for file, lines in cites.items():
        tree = ast.parse(Path(file).read_text(encoding="utf-8"))
        spans: list[tuple[int, int, tuple[int, int]]] = []
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                first = min([node.lineno] + [d.lineno for d in node.decorator_list])
                doc = node.body[0] if node.body else None
                is_doc = isinstance(doc, ast.Expr) and isinstance(doc.value, ast.Constant) and isinstance(doc.value.value, str)
                docs = (doc.lineno, doc.end_lineno or doc.lineno) if is_doc and doc is not None else (0, -1)
                spans.append((first, node.end_lineno or node.lineno, docs))
        for number, rules in lines.items():
            inside = [s for s in spans if s[0] <= number <= s[1]]
            if not inside:
                continue
            start, _, (doc_first, doc_last) = max(inside, key=lambda s: s[0])  # the innermost
            entry = out.setdefault((file, start), {})
            for rule in rules:
                entry.setdefault(rule, []).append((number, doc_first <= number <= doc_last))
    return out


def slug(text: str) -> str:
    """``text`` in lower case, runs of anything but letters and digits made one hyphen."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def card_rows(root: Path) -> dict[str, str]:
    """A card's key → the rule IDs of its rows (M-, T-, R-, C1-, C2-, SPE-C-) in docs/rule-ids.txt."""
    keys = {k: k for table in (MONSTERS, TRAPS, ROOMS, COMBAT_CARDS, SPECIAL_EVENTS) for k in table}
    keys["fire-wall"] = "wall-of-fire"
    out: dict[str, list[str]] = {}
    for line in (root / "docs" / "rule-ids.txt").read_text(encoding="utf-8").splitlines():
        parts = line.split("\t")
        if line.startswith("#") or len(parts) < 3 or not re.match(r"(M|T|R|C1|C2|SPE-C)-[0-9]+$", parts[0]):
            continue
        name = slug(re.split(r"[:(]", parts[2])[0].replace("(Y2)", ""))
        if name in keys:
            out.setdefault(keys[name], []).append(parts[0])
    return {k: ",".join(v) for k, v in out.items()}


@attrs.frozen
class Spectrum:
    """What one scenario's check exercises on dlrules: ``rules``, each rule ID
    with how many rules the narrowest code that ran citing it cites (a card's
    row: 1); ``units``, the units it ran or read (a rule function, as
    ``file:qualified name``; a card, as ``card:KEY``; a row of a table of the
    components, as ``data:TABLE:KEY``), each with the rules it cites or states."""

    rules: dict[str, int]
    units: dict[str, tuple[str, ...]]


def spectrum(scenario: dict[str, Any], functions: Functions, rows: dict[str, str], package: Path,
             reading: rows_read.Reading | None = None) -> Spectrum:
    """The rules and code units the scenario's check exercises on dlrules;
    with ``reading`` (``rows_read.watching``'s), the rows of the components
    it read too (``data:TABLE:KEY``)."""
    t = Trace(functions)
    engine = InProcess()
    clear_caches()  # a cached function would neither run nor read for any scenario but the first to call it
    if reading is not None:
        reading.read.clear()
    t.run(lambda: check(engine, scenario))  # the scenario passes on the reference (its tests say so)
    rules = t.rules_run()
    units = {unit_name(code, package): tuple(sorted(functions[(code.co_filename, code.co_firstlineno)]))
             for code in t.cited_run()}  # fmt: skip
    for card in named_cards(scenario["move"], rows) | (t.cards & rows.keys()):
        rules.update(dict.fromkeys(rows[card].split(","), 1))
        units[f"card:{card}"] = tuple(rows[card].split(","))
    if reading is not None:
        units.update(reading.units())
    return Spectrum(dict(sorted(rules.items())), dict(sorted(units.items())))


def spectra(root: Path) -> dict[str, Any]:
    """``spectra.json``'s content for the kit's scenarios."""
    functions = rule_functions(root)
    rows = card_rows(root)
    package = root / "src" / "dlrules"
    rules: dict[str, dict[str, int]] = {}
    ran: dict[str, list[str]] = {}
    units: dict[str, tuple[str, ...]] = {}
    watched = rows_read.tables(rows)
    InProcess()  # the engine's modules loaded before the tables are watched in them
    with rows_read.watching(watched) as reading:
        for path in scenario_files():
            try:
                scenario = load(path)
            except ScenarioError:
                continue
            found = spectrum(scenario, functions, rows, package, reading)
            rules[scenario["id"]] = found.rules
            ran[scenario["id"]] = sorted(found.units)
            units.update(found.units)
    return {
        "format": FORMAT,
        "about": "scenarios: scenario id -> {rule ID its check exercises on the reference (dlrules): how many rules "
        "the narrowest code that ran citing it cites}; units: a code unit of dlrules (a rule function as "
        "'file:qualified name', a card's row as 'card:KEY', a row of a table of the components as "
        "'data:TABLE:KEY') -> the rules it cites (or states); ran: scenario id -> the units its "
        "check ran; generated by python -m dlrules.tools.spectra --write; docs/conformance.md, 'Diagnosis'",
        "scenarios": dict(sorted(rules.items())),
        "units": {k: list(v) for k, v in sorted(units.items())},
        "ran": dict(sorted(ran.items())),
    }


def code_rules(root: Path) -> dict[str, Any]:
    """``coderules.json``'s content: the rule functions (files relative to the
    package) and each card's rows, for ``diff``'s naming (``blame.exercised``)."""
    package = root / "src" / "dlrules"
    functions = {f"{Path(file).relative_to(package).as_posix()}:{line}": {r: [list(c) for c in cites] for r, cites in sorted(rules.items())}
                 for (file, line), rules in rule_functions(root).items()}  # fmt: skip
    return {
        "format": 1,
        "about": "dlrules' rule code: 'file:first line of a function' -> {rule ID: [[line citing it, in the docstring]]}, "
        "and each card's rows; generated by python -m dlrules.tools.spectra --write; docs/conformance.md, 'Diagnosis'",
        "functions": dict(sorted(functions.items())),
        "cards": {k: v.split(",") for k, v in sorted(card_rows(root).items())},
    }


def code_text(content: dict[str, Any]) -> str:
    """``coderules.json``'s text: one function a line."""
    lines = ["{", f' "format": {content["format"]},', f' "about": {json.dumps(content["about"])},', ' "functions": {']
    items = list(content["functions"].items())
    lines += [f"  {json.dumps(k)}: {json.dumps(v)}{',' if i < len(items) - 1 else ''}" for i, (k, v) in enumerate(items)]
    lines += [" },", f' "cards": {json.dumps(content["cards"])}', "}"]
    return "\n".join(lines) + "\n"


def text(content: dict[str, Any]) -> str:
    """The file's text: one scenario or unit a line, so that a change reads as a small diff."""
    lines = ["{", f' "format": {content["format"]},', f' "about": {json.dumps(content["about"])},']
    sections = ("scenarios", "units", "ran")
    for n, section in enumerate(sections):
        lines.append(f' "{section}": {{')
        items = list(content[section].items())
        lines += [f"  {json.dumps(k)}: {json.dumps(v)}{',' if i < len(items) - 1 else ''}" for i, (k, v) in enumerate(items)]
        lines.append(" }" + ("," if n < len(sections) - 1 else ""))
    lines.append("}")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The kit's spectra: the rule IDs each scenario exercises on the reference.")
    parser.add_argument("--write", action="store_true", help=f"regenerate {SPECTRA.name}")
    args = parser.parse_args(argv)
    outputs = {SPECTRA: text(spectra(repo_root())), CODE_RULES: code_text(code_rules(repo_root()))}
    if args.write:
        for path, fresh in outputs.items():
            path.write_text(fresh, encoding="utf-8")
            print(f"wrote {path}")
        return 0
    stale = [path for path, fresh in outputs.items() if not path.exists() or path.read_text(encoding="utf-8") != fresh]
    for path in stale:
        print(f"{path} is stale: python -m dlrules.tools.spectra --write", file=sys.stderr)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())

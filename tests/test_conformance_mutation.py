"""A sample of the kit's kill matrix (benchmarks/mutation.py, issue 36 item 2)
for CI: single-rule mutants of dlrules, each in its own process, run against
the kit's scenarios for their rule family. A mutant is caught when a scenario
fails, and the broken rule is named when a failing scenario lists it first.
A mutant whose change cannot be made, or changes nothing, is reported broken,
never caught.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from conformance.rule_mutants import (
    DATA,
    Broken,
    Mutant,
    catalogue,
    run_one,
    substitute,
)

SCRIPT = HERE / "conformance" / "rule_mutants.py"
SRC = HERE.parent / "src"


def run_in_process_of_its_own(name: str, rule: str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, str(SCRIPT), "run", name, f"--rule={rule}"],
        check=False, capture_output=True, text=True, timeout=600, env={"PYTHONPATH": str(SRC), "PATH": "/usr/bin:/bin"},
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    result: dict[str, Any] = json.loads(out.stdout)
    return result


@pytest.mark.parametrize(
    ("name", "rule"),
    [
        ("food-slot-iii-four-food", "ACT-FOOD-1"),  # data: a slot's reward
        ("core.phases.common.clamp_evil", "RES-8"),  # a function: the evilometer's bounds
        ("core.phases.events.tax_due", "RUL-6"),  # a function: the tax owed, every tile counted
    ],
)
def test_a_single_rule_mutant_is_caught_and_its_rule_named_first(name: str, rule: str) -> None:
    assert name in catalogue()
    result = run_in_process_of_its_own(name, rule)
    assert "broken" not in result, result
    firsts = [f["rules"][0] for f in result["failed"]]
    assert firsts, f"{name}: no scenario citing {rule} fails"
    assert rule in firsts, f"{name}: failing scenarios name {firsts} first, not {rule}"


def test_a_mutant_whose_target_is_gone_is_broken_not_caught() -> None:
    mutant = Mutant("renamed", "RES", ("RES-8",), "function", substitute("dlrules.core.phases.common", "no_such_rule", "int"), "")
    with pytest.raises(Broken):
        mutant.make()
    assert run_one(mutant, ("RES-8",)) == {"name": "renamed", "broken": "dlrules.core.phases.common.no_such_rule is no longer a module-level function"}


def test_a_function_mutant_that_changes_nothing_is_broken_not_caught() -> None:
    unchanged = Mutant("unchanged", "RES", ("RES-8",), "function", lambda: None, "substitutes nothing")
    result = run_one(unchanged, ("RES-8",))
    assert result["name"] == "unchanged" and "changed no result" in result["broken"]


def test_the_catalogue_covers_every_rule_family_it_names_with_both_kinds() -> None:
    mutants = catalogue().values()
    assert {m.kind for m in mutants} == {"data", "function"}
    assert len({m.family for m in mutants}) >= 25
    assert all(m.rules and m.rules[0].startswith(m.family) for m in mutants)
    assert len(DATA) >= 7


def test_a_function_deciding_library_rulings_only_is_not_a_rule_functions_mutant() -> None:
    """``table.explain``'s docstring cites LIB-TAB-8 (a ruling of dlrules'), and a
    comment in it cites CMB-PAL-1, a rule its code relies on: breaking it
    would not break CMB-PAL-1, so the catalogue leaves it out; a function
    whose docstring cites a rule of the game stays (``paladin_gone``)."""
    names = set(catalogue())
    assert "core.phases.table.explain" not in names
    assert "core.phases.common.paladin_gone" in names

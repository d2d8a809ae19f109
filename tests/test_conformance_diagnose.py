"""The kit's diagnosis (issue 36): from a run's results and the scenarios'
spectra (the rule IDs each exercises on the reference), the rules most likely
broken, likeliest first (dlrules.apps.conformance.diagnose; docs/conformance.md,
"Diagnosis")."""

from __future__ import annotations


import json
import os
import xml.etree.ElementTree as ET
from pathlib import Path

from dlrules.apps.conformance.diagnose import SPECTRA, Units, groups, load_spectra, load_units, suspects, summary
from dlrules.apps.conformance.kit import kit_files
from dlrules.apps.conformance.scenarios import Result, load, scenario_files
from dlrules.apps.conformance.suite import Report, as_json, as_junit, as_text
from dlrules.tools import spectra as generator

FAIL = "after the move, players.0.imps is 5, not 4"


def passed(id: str, *rules: str) -> Result:
    return Result(id, rules, None)


def failed(id: str, *rules: str, message: str = FAIL) -> Result:
    return Result(id, rules, message)


# Four scenarios of a year: two about digging, one about recruiting imps, and a whole game.
# Each exercised rule with how many rules the narrowest code that ran citing it cites.
SPECTRA_OF_A_YEAR = {
    "dig-slot-1": {"ACT-DIG-1": 1, "RES-2": 2, "RES-3": 2},
    "dig-refused": {"ACT-DIG-1": 1, "ACT-DIG-4": 1, "RES-3": 2},
    "imps-slot-1": {"ACT-IMP-1": 1, "RES-2": 2, "RES-3": 2},
    "whole-game": {"ACT-DIG-1": 1, "ACT-IMP-1": 1, "RES-2": 2, "RES-3": 2, "SCO-1": 3, "SCO-4": 3},
}


def test_a_rule_exercised_only_by_the_failing_scenarios_ranks_first() -> None:
    # Recruit Imps slot I gives one imp too many: its scenario and the whole game fail, the
    # digging scenarios pass. RES-2 and RES-3 run in the failing scenarios too, but also in
    # the passing ones: ACT-IMP-1 is the only rule every failing scenario exercises and no
    # passing one does.
    results = [
        passed("dig-slot-1", "ACT-DIG-1"),
        passed("dig-refused", "ACT-DIG-4", "ACT-DIG-1"),
        failed("imps-slot-1", "ACT-IMP-1", "RES-2"),
        failed("whole-game", "SCO-4"),
    ]
    ranked = suspects(results, SPECTRA_OF_A_YEAR)
    assert [s.rule for s in ranked[:1]] == ["ACT-IMP-1"]
    top = ranked[0]
    assert (top.failing, top.passing, top.first) == (2, 0, 1)
    assert top.score > 0.5 and abs(sum(s.score for s in ranked) - 1) < 1e-9  # a probability over the candidates
    assert {s.rule for s in ranked} == {"ACT-IMP-1", "RES-2", "RES-3", "ACT-DIG-1", "SCO-1", "SCO-4"}


def test_a_rule_that_explains_every_failure_beats_one_cited_first_by_a_single_failure() -> None:
    # Both digging scenarios fail and the whole game too: ACT-DIG-1 is in all three spectra,
    # ACT-DIG-4 (cited first by one of them) explains only that one.
    results = [
        failed("dig-slot-1", "ACT-DIG-1"),
        failed("dig-refused", "ACT-DIG-4", "ACT-DIG-1"),
        passed("imps-slot-1", "ACT-IMP-1"),
        failed("whole-game", "SCO-4"),
    ]
    assert suspects(results, SPECTRA_OF_A_YEAR)[0].rule == "ACT-DIG-1"


def test_among_rules_with_the_same_spectrum_the_one_the_failures_cite_first_wins() -> None:
    spectra = {"a": {"R-1": 2, "R-2": 2}, "b": {"R-1": 2, "R-2": 2}}
    for first in ("R-1", "R-2"):
        results = [failed("a", first), failed("b", first)]
        assert suspects(results, spectra)[0].rule == first


def test_code_about_a_rule_alone_is_stronger_evidence_than_code_citing_many() -> None:
    # Both scenarios fail; R-1's code cites R-1 alone, R-2 is cited by a function citing 8 rules.
    spectra = {"a": {"R-1": 1, "R-2": 8}, "b": {"R-1": 1, "R-2": 8}, "c": {"R-2": 8}}
    results = [failed("a", "X-1"), failed("b", "X-2"), passed("c", "X-3")]
    assert suspects(results, spectra)[0].rule == "R-1"


def test_the_code_unit_every_failure_ran_and_no_pass_did_lends_its_rule_the_weight() -> None:
    # Every scenario exercises through one function citing both: the rules alone
    # cannot be told apart (the tie goes to the rule ID). But the two failing scenarios also ran
    # a function citing R-2 alone, which no passing scenario ran: R-2 is likelier, and the
    # suspect names that function as the code lending it the weight.
    spectra = {sid: {"R-1": 2, "R-2": 2} for sid in "abcd"}
    results = [failed("a"), failed("b"), passed("c"), passed("d")]  # scenarios citing no rule (whole games)
    assert suspects(results, spectra)[0].rule == "R-1"
    units = Units(
        {"core/walk.py:both": ("R-1", "R-2"), "core/walk.py:second": ("R-2",)},
        {"a": frozenset({"core/walk.py:both", "core/walk.py:second"}), "b": frozenset({"core/walk.py:both", "core/walk.py:second"}),
         "c": frozenset({"core/walk.py:both"}), "d": frozenset({"core/walk.py:both"})},
    )  # fmt: skip
    ranked = suspects(results, spectra, units)
    assert [s.rule for s in ranked] == ["R-2", "R-1"]
    assert ranked[0].code == "core/walk.py:second" and ranked[0].as_json()["code"] == "core/walk.py:second"
    assert abs(sum(s.score for s in ranked) - 1) < 1e-9  # still a probability over the rules


def test_a_small_function_whose_own_scenarios_pass_lends_less_than_the_big_one_they_fail_through() -> None:
    # A spell is cast with one magic point too few (the big ``cast`` function, citing 4 spell
    # rules, is broken in SPELL-1). ``waiting`` (citing BAT-3 alone) runs only after a spell is
    # cast, so it ran in exactly the failing scenarios and in two passing ones, which are the
    # scenarios written about BAT-3 itself; ``cast`` ran in those and in four more passing ones.
    # Counted as code alone, ``waiting`` (fewer passing runs) would win. But the scenarios about
    # BAT-3 passed, which a broken ``waiting`` would hardly allow, while the one scenario about
    # SPELL-1 failed: SPELL-1 comes first.
    spell = ("SPELL-1", "SPELL-2", "SPELL-3", "SPELL-4")
    failing = {"draw-a": ("C-1",), "draw-b": ("C-2",), "exact-magic": ("SPELL-1",)}
    bat = {"bat-a": ("BAT-3",), "bat-b": ("BAT-3",)}
    others = {f"round-{i}": ("C-3",) for i in range(4)}
    spectra = {sid: {**dict.fromkeys(spell, 4), "BAT-3": 1} for sid in (*failing, *bat)} | {sid: dict.fromkeys(spell, 4) for sid in others}
    results = [*(failed(sid, *rules) for sid, rules in failing.items()), *(passed(sid, *rules) for sid, rules in (*bat.items(), *others.items()))]
    units = Units(
        {"combat/spells.py:cast": spell, "combat/steps.py:waiting": ("BAT-3",)},
        {**{sid: frozenset({"combat/spells.py:cast", "combat/steps.py:waiting"}) for sid in (*failing, *bat)},
         **{sid: frozenset({"combat/spells.py:cast"}) for sid in others}},
    )  # fmt: skip
    assert suspects(results, spectra, units)[0].rule == "SPELL-1"
    unwritten = [passed(r.id, "C-4") if r.id in bat else r for r in results]  # the same runs, but no scenario is about BAT-3
    assert suspects(unwritten, spectra, units)[0].rule == "BAT-3"


def test_units_the_same_scenarios_ran_are_one_hypothesis_and_a_table_weighs_as_one_unit() -> None:
    # Title points (SCO-2) with 4 players are wrong: both 4-player scenarios fail, forty others pass.
    # Three scoring functions (citing SCO-9) ran in every scenario: the kit cannot tell them apart,
    # so they are one hypothesis (with the prior of three units). The row of the title table for
    # 4 players, read by the failing scenarios only, explains the failures best, although the
    # table's three rows share one unit's prior.
    others = [f"{n}-players-{i}" for n in ("two", "three") for i in range(20)]
    spectra = {sid: {"SCO-9": 2, "SCO-2": 2} for sid in (*others, "four-a", "four-b")}
    results = [*(passed(sid) for sid in others), failed("four-a"), failed("four-b")]
    scoring = {f"core/scoring.py:{f}": ("SCO-9",) for f in ("tally", "titles", "lines")}
    rows = {f"data:titles:{n}": ("SCO-2",) for n in (2, 3, 4)}
    ran = {sid: {f"data:titles:{2 if sid.startswith('two') else 3}"} for sid in others} | {"four-a": {"data:titles:4"}, "four-b": {"data:titles:4"}}
    units = Units({**scoring, **rows}, {sid: frozenset(set(scoring) | read) for sid, read in ran.items()})
    assert groups(units)["core/scoring.py:lines"] == ("core/scoring.py:lines", "core/scoring.py:tally", "core/scoring.py:titles")
    ranked = suspects(results, spectra, units)
    assert ranked[0].rule == "SCO-2" and ranked[0].code == "data:titles:4"


def test_a_row_read_puts_the_rule_it_states_in_the_scenarios_spectrum() -> None:
    # The 4-player title points (SCO-2) are wrong. Two scenarios cite SCO-2 and fail; three about other
    # scoring lines fail too, for they read the same row, though no code they run cites SCO-2. The code
    # every scenario runs cites SCO-1. With the row's rule in their spectra, SCO-2 explains all five
    # failures; without, it explains two, and SCO-1 (exercised everywhere) wins.
    others = [f"line-{i}" for i in range(3)]
    passing = [f"two-players-{i}" for i in range(6)]
    spectra = {sid: {"SCO-1": 3} for sid in (*others, *passing)} | {f"title-{i}": {"SCO-1": 3, "SCO-2": 1} for i in range(2)}
    results = [*(failed(sid) for sid in others), failed("title-0", "SCO-2"), failed("title-1", "SCO-2"),
               *(passed(sid, "SCO-2") for sid in passing[:2]), *(passed(sid) for sid in passing[2:])]  # fmt: skip
    code = {"core/scoring.py:lines": ("SCO-1",)}
    ran = {sid: frozenset({"core/scoring.py:lines", "data:titles:4"}) for sid in (*others, "title-0", "title-1")}
    ran |= {sid: frozenset({"core/scoring.py:lines", "data:titles:2"}) for sid in passing}
    rows = {"data:titles:2": ("SCO-2",), "data:titles:4": ("SCO-2",)}
    assert suspects(results, spectra, Units(code, {}))[0].rule == "SCO-1"  # the units unknown: the rules alone
    ranked = suspects(results, spectra, Units({**code, **rows}, ran))
    assert ranked[0].rule == "SCO-2" and ranked[0].failing == 5


def test_a_scenario_failing_in_its_setup_is_no_evidence_about_the_rules_it_cites() -> None:
    # The dig scenario failed before its own move (a setup move refused): its citation of
    # ACT-DIG-4 counts as exercised only; the imps scenario's failure at its move names ACT-IMP-1.
    spectra = {"dig": {"ACT-IMP-1": 1, "RES-3": 2}, "imps": {"ACT-IMP-1": 1, "RES-3": 2}}
    results = [
        failed("dig", "ACT-DIG-4", message='setup move 3 ({"seat": 0, "type": "TakeAction"}) is refused, citing [\'RES-3\']'),
        failed("imps", "ACT-IMP-1"),
    ]
    assert suspects(results, spectra)[0].rule == "ACT-IMP-1"
    alone = {s.rule: s.score for s in suspects(results[:1], spectra)}
    assert alone["ACT-DIG-4"] == alone["ACT-IMP-1"]  # its citation gives ACT-DIG-4 no more weight than exercising


def test_without_spectra_the_cited_rules_rank() -> None:
    results = [failed("a", "ORD-3", "RUL-1"), passed("b", "RUL-1"), failed("c", "ORD-3")]
    assert [s.rule for s in suspects(results, {})] == ["ORD-3", "RUL-1"]


def test_scenarios_not_run_are_no_evidence_and_a_clean_run_has_no_suspects() -> None:
    results = [failed("imps-slot-1", "ACT-IMP-1"), failed("dig-slot-1", "ACT-DIG-1", message="not run: the engine stopped")]
    assert [s.rule for s in suspects(results, SPECTRA_OF_A_YEAR)][:1] == ["ACT-IMP-1"]
    assert suspects([passed("dig-slot-1", "ACT-DIG-1")], SPECTRA_OF_A_YEAR) == []
    assert summary([]) == ""


def test_the_reports_name_the_likeliest_broken_rule_first() -> None:
    broken = "RES-2-hire-monster-slot-III-acts-first"
    kit = [load(p) for p in scenario_files()]
    report = Report("engine", tuple((failed if s["id"] == broken else passed)(s["id"], *s["rules"]) for s in kit))
    top = report.suspects()[0]
    text = as_text(report).splitlines()
    assert text[0].startswith(f"FAIL {broken}")
    assert text[1].startswith(f"most likely broken: {top.rule} (") and ", then " in text[1]
    document = as_json(report)
    assert document["suspects"][0] == top.as_json()
    assert {"rule": top.rule, "score": round(top.score, 4), "failing": 1, "passing": top.passing}.items() <= top.as_json().items()
    assert len(document["suspects"]) == 10
    root = ET.fromstring(as_junit(report))
    [props] = list(root.iter("properties"))
    assert props[0].get("value", "").startswith(f"1. {top.rule} (score ")
    rules_suite = [s for s in root.iter("testsuite") if s.get("name", "").endswith("rule IDs")][0]
    cited_suspects = [s.rule for s in report.suspects() if s.rule in report.by_rule()]
    assert rules_suite.findall("testcase")[0].get("name") == cited_suspects[0]  # the rule IDs, likeliest broken first
    clean = Report("engine", (passed("a", "R-1"),))
    assert "most likely" not in as_text(clean) and as_json(clean)["suspects"] == [] and "<properties>" not in as_junit(clean)


def test_the_spectra_ship_with_the_kit_and_cover_every_scenario() -> None:
    shipped = load_spectra()
    ids = {load(p)["id"] for p in scenario_files()}
    assert set(shipped) == ids, "python -m dlrules.tools.spectra --write"
    assert "spectra.json" in {name for name, _ in kit_files()}
    data = json.loads(SPECTRA.read_text(encoding="utf-8"))
    assert data["format"] == generator.FORMAT
    # a scenario about a slot of Get Food exercises the rule of its slots, and one playing a card, the card's row
    assert "ACT-FOOD-1" in shipped["ACT-FOOD-1-slot-I-1-gold-for-2-food"]
    assert all(isinstance(n, int) and n >= 1 for rules in shipped.values() for n in rules.values())
    # the code units: every scenario ran some; the Get Food scenario ran the code of its slots
    units = load_units()
    assert set(units.ran) == ids and all(units.ran.values())
    assert all(unit in units.rules for ran in units.ran.values() for unit in ran)
    assert any("ACT-FOOD-1" in units.rules[u] for u in units.ran["ACT-FOOD-1-slot-I-1-gold-for-2-food"])
    # ... and read the row of its slot: a data unit, with the rule stating the slot's cost and reward
    assert units.rules["data:slots:food-I"] == ("ACT-FOOD-1",) and "data:slots:food-I" in units.ran["ACT-FOOD-1-slot-I-1-gold-for-2-food"]


def test_the_spectra_are_not_stale() -> None:
    """The kit's spectra.json (and coderules.json) are what the generator makes
    now from the kit's scenarios and the rule code (rerun it: python -m
    dlrules.tools.spectra --write). Checked in a fresh interpreter, as the
    generator runs: in a process where other tests warmed dlrules' caches, a
    cached function's code does not run again, and a spectrum would miss it."""
    import subprocess
    import sys

    root = generator.repo_root()
    env = {**os.environ, "PYTHONPATH": str(root / "src")}
    done = subprocess.run([sys.executable, "-m", "dlrules.tools.spectra"], cwd=root, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr


def test_the_rows_a_call_reads_are_recorded_and_the_tables_put_back() -> None:
    # The spectra's data units: while watching, reading slot II of Dig Tunnels and the title
    # points for 3 players is recorded; the results are the tables' own; afterwards every
    # module holds the original tables again.
    import importlib

    from dlrules.components import Action, board
    from dlrules.components import scoring as components_scoring
    from dlrules.tools import rows_read

    scoring = importlib.import_module("dlrules.core.phases.scoring")
    spaces, titles = board.SPACES, components_scoring.TITLE_POINTS
    expected = board.slot_spec(Action.DIG, 1)
    with rows_read.watching(rows_read.tables({})) as reading:
        assert board.slot_spec(Action.DIG, 1) == expected
        assert scoring.TITLE_POINTS[3] == titles[3]
        assert board.SPACES is not spaces and scoring.TITLE_POINTS is not titles
    assert reading.read == {("slots", "dig-II"), ("titles", "3")}
    assert reading.units() == {"data:slots:dig-II": ("ACT-DIG-1",), "data:titles:3": ("SCO-2",)}
    assert board.SPACES is spaces and scoring.TITLE_POINTS is titles and components_scoring.TITLE_POINTS is titles
    assert rows_read.slot_rules("dig-II") == ("ACT-DIG-1",)


def test_a_table_is_put_back_when_the_call_watched_raises() -> None:
    from dlrules.components import board
    from dlrules.tools import rows_read

    spaces = board.SPACES
    try:
        with rows_read.watching(rows_read.tables({})):
            raise RuntimeError("the check crashed")
    except RuntimeError:
        pass
    assert board.SPACES is spaces


def test_units_only_scenarios_not_run_tell_apart_are_one_group_in_that_run() -> None:
    # Two functions, one per rule, ran in the same scenarios of this run: "c", the only scenario
    # that ran one and not the other, was not run (the engine stopped). The run cannot tell them
    # apart: one group, not two hypotheses, and the rules tie.
    spectra = {sid: {"R-1": 2, "R-2": 2} for sid in "abc"}
    units = Units({"f:one": ("R-1",), "f:two": ("R-2",)},
                  {"a": frozenset({"f:one", "f:two"}), "b": frozenset({"f:one", "f:two"}), "c": frozenset({"f:two"})})  # fmt: skip
    results = [failed("a"), passed("b"), failed("c", message="not run: the engine stopped")]
    assert groups(units, ["a", "b"]) == {"f:one": ("f:one", "f:two")}
    ranked = suspects(results, spectra, units)
    assert {s.rule for s in ranked} == {"R-1", "R-2"} and abs(ranked[0].score - ranked[1].score) < 1e-9
    assert ranked[0].code.endswith("(+1 alike)")


def test_a_spectra_file_that_is_unreadable_or_of_another_layout_is_no_spectra(tmp_path: Path) -> None:
    from dlrules.apps.conformance.diagnose import load_units

    for name, text in (("empty", ""), ("list", "[]"), ("future", '{"format": 99, "scenarios": {}}')):
        path = tmp_path / f"{name}.json"
        path.write_text(text, encoding="utf-8")
        assert load_spectra(path) == {} and load_units(path) == Units()

"""Rule coverage (docs/rules.md): every rule ID the engine implements is cited
by a test, src cites only known rule IDs, and docs/rules.md is up to date.
Regenerate the page with ``.venv/bin/python -m dlrules.tools.rulecov --write``."""

from __future__ import annotations

from pathlib import Path

import pytest

from dlrules.tools import rulecov

ROOT = Path(__file__).resolve().parents[1]


def test_every_implemented_rule_is_cited_by_a_test() -> None:
    _, uncovered, _ = rulecov.report(ROOT)
    assert not uncovered, f"implemented rule IDs no test cites: {', '.join(uncovered)}"


def test_src_cites_only_known_rule_ids() -> None:
    _, _, unknown = rulecov.report(ROOT)
    assert not unknown, f"src cites rule IDs that RULES.md, BEYOND-SEEDS.md and docs/rulings.md lack: {unknown}"


def test_docs_rules_md_is_up_to_date() -> None:
    text, _, _ = rulecov.report(ROOT)
    current = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    assert current == text, "docs/rules.md is stale: run `.venv/bin/python -m dlrules.tools.rulecov --write`"


def test_citations_expand_ranges_lists_and_underscores() -> None:
    pattern = rulecov.citation_pattern(["RST-1", "ORD-4", "ACT-DIG-6", "EVT-PAY-1", "EVT-1"])
    found = [rule for rule, _ in rulecov.cited("RST-1..3; ORD-4/5 test_ACT_DIG_6_x EVT-PAY-2 EVT-1", pattern)]
    assert found == ["RST-1", "RST-2", "RST-3", "ORD-4", "ORD-5", "ACT-DIG-6", "EVT-PAY-2", "EVT-1"]


def test_rule_ids_copy_matches_the_shared_rules_when_present() -> None:
    """docs/rule-ids.txt is the committed copy for clean clones; where
    ../shared/rules exists (the project workspace) it must agree with it."""
    shared = ROOT.parent / "shared" / "rules"
    if not (shared / "RULES.md").exists():
        pytest.skip("../shared/rules is absent (a clean clone): the committed copy is all there is")
    fresh = {i for i, _, _ in rulecov.ids_from_rules(shared)}
    committed = {i for i in rulecov.known_ids(ROOT) if not i.startswith("LIB-")}
    assert fresh == committed, "run `.venv/bin/python -m dlrules.tools.rulecov --ids-from ../shared/rules --write`"


def test_ids_are_read_from_every_rule_file_the_spec_index_lists(tmp_path: Path) -> None:
    """The spec's README.md Files table says which files define IDs: list
    items, table rows (ranges expanded) and the examples' headings count;
    CHANGES.md and a pointer file (families "—") are not read."""
    (tmp_path / "README.md").write_text(
        "| File | What | ID families defined there |\n|---|---|---|\n"
        "| RULES.md | rules | ORD |\n| COMBAT.md | combat | CMB |\n| EXAMPLES.md | examples | E1 … E5 |\n"
        "| CHANGES.md | changes | — |\n",
        encoding="utf-8",
    )
    (tmp_path / "RULES.md").write_text("- ORD-9 Full game: Hire Monster first.\n", encoding="utf-8")
    (tmp_path / "COMBAT.md").write_text(
        "- **CX-1 Trap arithmetic** [RB p.4].\n  | SCO-1a | each room | +2 |\n| C-6 … C-8 | unknown |\n", encoding="utf-8"
    )
    (tmp_path / "EXAMPLES.md").write_text("## E5 — Pay Day near the top\n", encoding="utf-8")
    (tmp_path / "CHANGES.md").write_text("| RST-4 | A | changed |\n", encoding="utf-8")
    assert rulecov.rule_files(tmp_path) == ("RULES.md", "COMBAT.md", "EXAMPLES.md")
    found = [i for i, _, _ in rulecov.ids_from_rules(tmp_path)]
    assert found == ["ORD-9", "CX-1", "SCO-1a", "C-6", "C-7", "C-8", "E5"]


def test_examples_are_cited_without_a_separator() -> None:
    pattern = rulecov.citation_pattern(["E3", "RES-10"])
    assert [r for r, _ in rulecov.cited("test_E3_payday RES-10 THE3", pattern)] == ["E3", "RES-10"]


def test_retired_rulings_are_not_listed_as_unimplemented() -> None:
    text, _, _ = rulecov.report(ROOT)
    assert "Retired rulings" in text and "LIB-RES-5" in text.split("Retired rulings")[1]


def test_table_row_ids_with_a_letter_are_known_and_cited(tmp_path: Path) -> None:
    """SCORING.md's SCO-1a … SCO-8g are the first cell of a data-table row; a
    citation with a letter is that ID when it is known, else the ID without it."""
    (tmp_path / "RULES.md").write_text("- RUL-1 a rule.\n", encoding="utf-8")
    (tmp_path / "SCORING.md").write_text("- SCO-1 lines:\n\n  | SCO-1a | rooms | +2 |\n", encoding="utf-8")
    for name in rulecov.RULE_FILES:
        if not (tmp_path / name).exists():
            (tmp_path / name).write_text("", encoding="utf-8")
    ids = [i for i, _, _ in rulecov.ids_from_rules(tmp_path)]
    assert ids == ["RUL-1", "SCO-1", "SCO-1a"]
    pattern = rulecov.citation_pattern(ids)
    found = [rule for rule, _ in rulecov.cited("SCO-1a; SCO-1; SCO-1b; test_SCO_1a_x RUL-1s", pattern, set(ids))]
    assert found == ["SCO-1a", "SCO-1", "SCO-1", "SCO-1a", "RUL-1"]


NO_CODE_OF_ITS_OWN: dict[str, str] = {
    **{f"CX-{n}": "a worked combat example: the rules it walks through are cited by their code" for n in range(1, 11)},
    **{f"E{n}": "a worked example: the rules it walks through are cited by their code" for n in (1, 2, 3, 5)},
    "E6": "a worked example (Pay Day with Demons): Y2-21's code cites it in its module docstring",
    "SCO-X1": "a worked scoring example", "SCO-X2": "a worked scoring example",
    **{f"U-{n}": "an open question: its reading is a ruling (LIB-) or a value in the component data"
       for n in (3, 4, 5, 6, 8, 9, 10, 11, 14, 15, 16, 17, 18, 19, 20, 21)},
    "ACT-ROOM-9": "a pointer to where rooms matter (scoring, production, combat), each with its own IDs",
    "CMB-1": "the overview of combat; each part has its own IDs (CMB-CARD, CMB-BAT, ...)",
    "Y2-18": "a pointer: year 2's Buy Traps is Y2-3",
    "Y2-22": "'nothing else changes' in year 2: no code of its own",
    "Y2-24": "a pointer: year 2's combat is year 1's with year 2's cards and trap values (data)",
    "SPE-2": "a pointer: Pay Day and Taxes are EVT-PAY and EVT-TAX, with year 2's wages (Y2-19..21)",
    "EVT-3": "a count in the component data (three event tiles a year)",
    "ORD-1": "a count in the component data (eight action spaces of three slots)",
    "ORD-7": "what every seat sees: the views' list of public fields (records/views.py), not a function",
    "PROD-4": "players may act at once: the engine lists every seat's moves, there is no order to enforce",
    "CMB-REF-5": "narration only (the events a battle announces)",
    "SPE-C-7": "a card no source names: its effect is SPE-12's (announced, nothing else)",
    "SPE-C-8": "a card no source names: its effect is SPE-12's (announced, nothing else)",
}  # fmt: skip
"""Rule IDs no function of the rule code needs to cite, each with its reason.
Any other rule an engine can break is cited by the function that decides it,
so that a reader finds its code by the ID and the conformance kit's
diagnosis can name it (``coderules.json``, ``spectra.json``)."""


def test_every_rule_is_cited_by_the_function_deciding_it() -> None:
    """A rule cited only in a module's docstring, or only by the dispute desk,
    is invisible to the kit's diagnosis (it traces functions), and a reader
    looking for its code by its ID finds none: cite it where it is decided."""
    import json

    ids = {i for i in rulecov.known_ids(ROOT) if not i.startswith("LIB-")}
    kit = ROOT / "src" / "dlrules" / "apps" / "conformance"
    code = json.loads((kit / "coderules.json").read_text(encoding="utf-8"))
    spectra = json.loads((kit / "spectra.json").read_text(encoding="utf-8"))
    cited = {r for rules in code["functions"].values() for r in rules}
    cited |= {r for rows in code["cards"].values() for r in rows}
    cited |= {r for rules in spectra["units"].values() for r in rules}  # the rows of the components' tables
    missing = sorted(ids - cited - NO_CODE_OF_ITS_OWN.keys())
    assert not missing, f"rule IDs no rule function cites (cite each where it is decided, or list it with a reason): {missing}"
    stale = sorted(NO_CODE_OF_ITS_OWN.keys() & cited)
    assert not stale, f"rule IDs listed as having no code of their own, but cited by a rule function now: {stale}"
    unknown = sorted(NO_CODE_OF_ITS_OWN.keys() - ids)
    assert not unknown, f"unknown rule IDs in NO_CODE_OF_ITS_OWN: {unknown}"

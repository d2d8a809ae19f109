"""The rules travel with the package (dlrules.rulebook): every rule ID the
library cites has a statement in our own words, findable by ID and by words,
printed by ``dlrules rules`` and carried by refusals."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import dlrules
from dlrules import rulebook
from dlrules.apps.cli.main import main
from dlrules.tools import rulecov
from dlrules.tools import rulings as rulings_tool

ROOT = Path(__file__).resolve().parents[1]
# The rules specification beside the checkout (the project workspace); absent on a clean clone.
SPEC = next((p for p in (ROOT.parent / "shared" / "rules", ROOT.parent.parent / "shared" / "rules") if p.exists()), ROOT / "no-spec")
SPEC_FILES = ("RULES.md", "COMBAT.md", "YEAR2.md", "SCORING.md", "EVENTS-FULL.md", "OPEN-QUESTIONS.md", "COMPONENTS-COMBAT.md", "EXAMPLES.md")

# Anything shaped like a rule ID (FAMILY-12, FAMILY-SUB-3, SCO-1a), ranges and lists too.
_ID_SHAPE = re.compile(r"(?<![A-Za-z0-9_.\[-])((?:[A-Z][A-Z0-9]*-)*[A-Z][A-Z0-9]*)-([0-9]+[a-z]?)((?:(?:\.\.|/)[0-9]+)*)(?![0-9A-Za-z])")
NOT_RULES = {"SHA-256", "UTF-8"}


def _cited_anywhere(text: str) -> set[str]:
    found: set[str] = set()
    for m in _ID_SHAPE.finditer(text):
        ids = rulebook.expand(m.group(0)) or (m.group(0),)
        found.update(i for i in ids if i not in NOT_RULES)
    return found


def _texts_people_read() -> dict[str, str]:
    """Source (messages, docstrings, comments), the rulings, README and the
    hand-written docs: every place a rule ID is cited for a reader."""
    paths = sorted((ROOT / "src" / "dlrules").rglob("*.py"))
    paths += [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    paths += sorted((ROOT / "examples").glob("*.py"))
    generated = {"rules.md", "values-to-verify.md"}
    return {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in paths if p.name not in generated}


def test_every_rule_id_the_library_cites_has_a_statement() -> None:
    missing = {
        rid: where
        for where, text in _texts_people_read().items()
        for rid in _cited_anywhere(text)
        if rulebook.statement(rid) is None
    }
    assert not missing, f"rule IDs cited with no statement in src/dlrules/rulebook: {missing}"


def test_every_known_rule_id_has_a_statement() -> None:
    """docs/rule-ids.txt (the spec's IDs, committed) and the LIB rulings."""
    missing = [rid for rid in rulecov.known_ids(ROOT) if rulebook.statement(rid) is None]
    assert not missing


def test_every_rule_defined_in_the_spec_has_a_statement_when_the_spec_is_present() -> None:
    if not (SPEC / "RULES.md").exists():
        pytest.skip("the rules specification is not beside this checkout (a clean clone)")
    defined: set[str] = set()
    for name in SPEC_FILES:
        for line in (SPEC / name).read_text(encoding="utf-8").splitlines():
            m = re.match(r"^\s*-\s+\**([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-[0-9X]+[a-z]?)\b", line) or re.match(r"^## (E[0-9]+) ", line) or re.match(
                r"^\|\s*\**([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-[0-9]+[a-z]?)\b", line
            )
            if m:
                defined.add(m.group(1))
    for row in re.findall(r"SPE-C-([0-9]+) … SPE-C-([0-9]+)", (SPEC / "EVENTS-FULL.md").read_text(encoding="utf-8")):
        defined.update(f"SPE-C-{n}" for n in range(int(row[0]), int(row[1]) + 1))
    assert sorted(i for i in defined if rulebook.statement(i) is None) == []


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def test_statements_are_our_own_words_not_the_specs_sentences() -> None:
    """No statement repeats eleven words in a row of the spec (lists of names
    and numbers aside, a sentence copied would)."""
    if not (SPEC / "RULES.md").exists():
        pytest.skip("the rules specification is not beside this checkout (a clean clone)")
    spec = words(" ".join((SPEC / n).read_text(encoding="utf-8") for n in SPEC_FILES))
    n = 11
    grams = {tuple(spec[i : i + n]) for i in range(len(spec) - n + 1)}
    copied = []
    for r in rulebook.all_rules():
        if r.part == "library rulings":
            continue  # docs/rulings.md is ours
        w = words(r.text)
        copied += [r.id for i in range(len(w) - n + 1) if tuple(w[i : i + n]) in grams][:1]
    assert copied == []


def test_the_rulings_shipped_match_docs_rulings_md() -> None:
    path = rulings_tool.target(ROOT)
    assert path.read_text(encoding="utf-8") == rulings_tool.render(ROOT), "run `.venv/bin/python -m dlrules.tools.rulings --write`"
    assert rulebook.rule("LIB-RES-2").title == "One move per outcome in compound actions"


def test_a_rule_is_found_by_its_id_in_any_spelling() -> None:
    assert rulebook.rule("ord-6") == rulebook.rule("ORD_6") == dlrules.rule("ORD-6")
    assert rulebook.rule("ORD-6").part == "setup and the building year"
    assert "free slot" in rulebook.rule("ORD-6").text
    assert rulebook.rule("sco-1A").id == "SCO-1a"
    assert str(rulebook.rule("LIB-1")).startswith("LIB-1 Canonical order of unordered choices.")


def test_an_unknown_id_is_a_key_error_with_suggestions() -> None:
    with pytest.raises(KeyError) as info:
        rulebook.rule("ACT-DIG-60")
    assert isinstance(info.value, rulebook.UnknownRule)
    assert "ACT-DIG-1" in info.value.suggestions and "ACT-DIG-60" in str(info.value)
    assert rulebook.statement("ACT-DIG-60") is None


def test_search_finds_every_rule_holding_all_the_words() -> None:
    found = [r.id for r in rulebook.search("troll token")]
    assert {"ACT-MON-5", "PROD-2", "EVT-PAY-2"} <= set(found)
    assert all("troll" in f"{r.title} {r.text}".lower() for r in rulebook.search("troll token"))
    assert [r.id for r in rulebook.search("imp figures", part="final scoring")] == ["SCO-8e", "SCO-15"]
    assert rulebook.search("") == () and rulebook.search("xyzzy") == ()


def test_citations_expand_ranges_and_lists() -> None:
    assert rulebook.expand("RST-1..3") == ("RST-1", "RST-2", "RST-3")
    assert rulebook.cited("see ORD-4/5 and ACT_DIG_6, not UTF-8") == ("ORD-4", "ORD-5", "ACT-DIG-6")


def test_a_refusal_carries_the_rules_statement() -> None:
    """ORD-3: three different orders; the violation names its rule's statement."""
    state = dlrules.play_out(dlrules.new_game(2), {}, random.Random(3), until=dlrules.Phase.ORDERS).state
    while dlrules.CHANCE in dlrules.to_move(state):
        state = dlrules.apply(state, dlrules.legal_moves(state)[0])
    move = next(m for m in dlrules.legal_moves(state) if isinstance(m, dlrules.ChooseOrders))
    bad = dlrules.ChooseOrders(move.seat, (move.orders[0],) * 3, move.dummy_order)
    with pytest.raises(dlrules.IllegalMove) as info:
        dlrules.apply(state, bad)
    v = info.value.violations[0]
    assert v.statement == rulebook.rule(v.rule).text


def test_dlrules_rules_prints_statements_and_searches(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "ORD-6", "rst_1..2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in out] == ["ORD-6", "RST-1", "RST-2"]
    assert main(["rules", "--search", "dead", "letter"]) == 0
    assert "EVT-TAX-2" in capsys.readouterr().out
    assert main(["rules", "--search", "dead", "letter", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ok"] and {"id", "part", "title", "statement"} == set(data["rules"][0])
    assert main(["rules", "--list"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == len(rulebook.all_rules())


def test_dlrules_rules_refuses_an_unknown_id_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rules", "ORD-60"]) == 2
    assert "no rule 'ORD-60' (did you mean ORD-1" in capsys.readouterr().err
    assert main(["rules", "ORD-60", "--json"]) == 2
    data = json.loads(capsys.readouterr().out)
    assert data == {"ok": False, "exit": 2, "error": {"kind": "rule", "command": "rules", "message": data["error"]["message"]}}


def test_the_statements_ship_as_package_data() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"rulebook/*.json"' in text
    names = {name for name, _ in rulebook.PARTS}
    assert names == {p.name for p in (ROOT / "src" / "dlrules" / "rulebook").glob("*.json")}


def test_nothing_a_user_reads_points_outside_the_repository() -> None:
    """README, docs, docstrings and messages cite rule IDs, never the spec's
    files beside the repository (../shared/...)."""
    outside = re.compile(r"\.\./shared|\b(?:RULES|COMPONENTS|COMPONENTS-COMBAT|BEYOND-SEEDS|EXAMPLES|COMBAT|YEAR2|SCORING|EVENTS-FULL|OPEN-QUESTIONS|DESIGN|CHANGES)\.md\b")
    texts = _texts_people_read()
    texts.update({f"docs/{p.name}": p.read_text(encoding="utf-8") for p in (ROOT / "docs").glob("*.md")})
    offenders = sorted(
        f"{where}:{n}" for where, text in texts.items() if not where.startswith("src/dlrules/tools/")
        for n, line in enumerate(text.splitlines(), 1) if outside.search(line)
    )  # fmt: skip
    assert offenders == []

"""``diff`` names the rules of a disagreement by the reference's own code
(``dlrules.apps.conformance.blame``, docs/conformance.md "Diagnosis"): the
rule code dlrules runs for the move where an engine parts from it, the code
that wrote the differing field first."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

from dlrules.apps.conformance.blame import CODE_RULES, exercised, shipped
from dlrules.apps.conformance.diff import move_rules, setup_rules
from dlrules.apps.conformance.engines import move_of
from dlrules.apps.conformance.perft import start_state
from dlrules.apps.conformance.scenarios import SCENARIOS, load
from dlrules.core.state import GameState
from dlrules.tools import spectra as generator

pytestmark = pytest.mark.skipif(sys.gettrace() is not None, reason="a tracer is already running (coverage): blame traces itself")


def _scenario(name: str) -> tuple[GameState, dict[str, Any]]:
    data = load(next(SCENARIOS.rglob(f"{name}.json")))
    start = {"position": data["position"]} if "position" in data else {"setup": data["setup"], "moves": data.get("moves", [])}
    return start_state(start), data["move"]


def test_EVT_TAX_the_taxes_move_exercises_the_tax_rules_and_the_writer_of_damage_tokens_comes_first() -> None:
    """A round's last order returned with Taxes due: dlrules' code for the
    move runs the tax rules; asked about ``damage_tokens`` (the field an
    engine got wrong), the code that wrote it, EVT-TAX-2's, comes first."""
    state, move = _scenario("EVT-TAX-2-effect-returnorder")
    plain = exercised(state, move_of(move), move)
    assert {"EVT-TAX-1", "EVT-TAX-2", "RUL-6"} <= set(plain.rules) and not plain.written
    asked = exercised(state, move_of(move), move, frozenset({"damage_tokens"}))
    assert asked.rules[0] == "EVT-TAX-2" and "EVT-TAX-2" in asked.written
    ranked = move_rules(state, move, ["players.2.damage_tokens"])
    assert ranked[0] == "EVT-TAX-2" and "EVT-TAX-1" in ranked[:8]


def test_a_move_dlrules_refuses_exercises_nothing_and_a_card_named_brings_its_row() -> None:
    state, move = _scenario("EVT-TAX-1-refused-paytaxes")
    assert exercised(state, move_of(move), move).rules == ()
    _, cards = shipped()
    assert "M-4" in cards["troll"]  # the Troll's row: a move naming the Troll exercises it


def test_a_difference_before_any_move_names_the_decks_composition() -> None:
    assert setup_rules(["decks.traps.size"])[0] == "SETUP-4"
    assert setup_rules(["decks.special.size"])[0] == "SPE-4"
    assert setup_rules(["players.0.gold"]) == ("SETUP-3", "SETUP-4", "SETUP-5")


def test_the_code_map_ships_with_the_package_and_is_not_stale() -> None:
    """coderules.json is what the generator makes now from the rule code
    (rerun it: python -m dlrules.tools.spectra --write)."""
    fresh = generator.code_text(generator.code_rules(generator.repo_root()))
    assert CODE_RULES.read_text(encoding="utf-8") == fresh, "stale: python -m dlrules.tools.spectra --write"
    functions, _ = shipped()
    assert all(Path(file).exists() for file, _ in functions)
    pyproject = (generator.repo_root() / "pyproject.toml").read_text(encoding="utf-8")
    assert "apps/conformance/coderules.json" in pyproject and "apps/conformance/spectra.json" in pyproject


def test_a_failing_scenario_is_replayed_beside_dlrules_and_the_rules_where_it_parts_are_reported(capsys: pytest.CaptureFixture[str]) -> None:
    """Get Food slot I giving 3 food (ACT-FOOD-1 broken, over the protocol):
    each failing scenario is replayed on dlrules and the engine side by side;
    the report says where they part and the rules dlrules' code runs there
    (the text, and ``parted`` in the JSON), and the diagnosis weighs them."""
    import json

    from dlrules.apps.cli.main import main

    root = generator.repo_root()
    engine = f"{sys.executable} {root / 'tests' / 'conformance' / 'mutants.py'} food-slot-i-three-food"
    assert main(["conformance", "run", "--engine", engine, "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    failing = {s["id"]: s for s in report["scenarios"] if not s["passed"]}
    assert failing and all("parted" in s for s in failing.values())
    iso = failing["iso-ACT-FOOD-1-food-slot-I-takeaction"]["parted"]  # a position, then the move: they part at once
    assert iso["where"].startswith("after 1 move (observation: players.2.food: dlrules 5, the engine 6)")
    assert iso["rules"][0] == "ACT-FOOD-1"  # the code that stored the food, few scenarios reach, first
    game = failing["SCO-4-a-seeded-4-player-game-to-the-end"]["parted"]  # fails at its end, parts at the first Get Food
    assert game["where"].startswith("after 24 moves") and game["rules"][0] == "ACT-FOOD-1"
    assert "ACT-FOOD-1" in [s["rule"] for s in report["suspects"][:3]]  # the diagnosis weighs it (docs/conformance.md)
    assert main(["conformance", "run", "--engine", engine, "--rule", "ACT-FOOD"]) == 1
    assert "replayed beside dlrules, the engine parts from it after 1 move" in capsys.readouterr().out

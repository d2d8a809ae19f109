"""A scenario's ``expect.odds`` (docs/conformance.md): chance outcomes and
their exact probabilities, checked at the start against the engine's
``legal_moves`` answer; the way the kit checks a deck's composition (SETUP-4,
T-7, U-4: the trap deck is 27 cards, 3 of each of the 9 traps)."""

from __future__ import annotations

import copy
import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from conformance.runner import SCENARIOS, load, run

from dlrules.apps.conformance.scenarios import ScenarioError

TRAPS = SCENARIOS / "byrule" / "gap-SETUP-4-the-trap-deck-27-cards-3-of-each-of-9.json"


def _trap_deck() -> dict[str, Any]:
    return load(TRAPS)


def _odds_of(scenario: dict[str, Any], card: str) -> dict[str, Any]:
    item: dict[str, Any] = next(o for o in scenario["expect"]["odds"] if o["move"]["card"] == card)
    return item


def test_SETUP_4_every_trap_comes_up_with_probability_3_in_27() -> None:
    scenario = _trap_deck()
    assert {o["move"]["card"]: o["probability"] for o in scenario["expect"]["odds"]} == {
        trap: "1/9"
        for trap in ("anti-magic-dart", "cursed-ring", "kamikaze-imp", "pendulum", "poisoned-dart", "poisoned-meal",
                     "rolling-stone", "trap-door", "wall-of-fire")
    }  # fmt: skip
    run(scenario)


def test_SETUP_4_another_probability_fails_naming_the_outcome_and_both_fractions() -> None:
    scenario = copy.deepcopy(_trap_deck())
    _odds_of(scenario, "pendulum")["probability"] = "2/26"  # a deck of 26 with 2 Pendulums
    with pytest.raises(AssertionError, match=r'"card": "pendulum".* has probability 1/9, not 2/26'):
        run(scenario)


def test_SETUP_4_an_outcome_the_engine_does_not_list_fails() -> None:
    scenario = copy.deepcopy(_trap_deck())
    _odds_of(scenario, "pendulum")["move"]["card"] = "dragon-pit"
    with pytest.raises(AssertionError, match="dragon-pit.* is not among the legal moves"):
        run(scenario)


def test_a_seats_move_has_no_probability() -> None:
    scenario = load(SCENARIOS / "byrule" / "gap-EVT-TAX-1-3-tiles-owe-2-gold.json")
    scenario["expect"]["odds"] = [{"move": scenario["move"], "probability": "1/1"}]  # a PayTaxes: the seat decides
    with pytest.raises(AssertionError, match="PayTaxes.* has no probability, not 1/1"):
        run(scenario)


@pytest.mark.parametrize("odds", [{"pendulum": "1/9"}, [{"move": {"type": "Draw"}, "probability": "one ninth"}],
                                  [{"move": {"type": "Draw"}, "probability": "3/2"}], [{"probability": "1/9"}]])  # fmt: skip
def test_malformed_odds_are_an_unreadable_scenario(tmp_path: Path, odds: object) -> None:
    scenario = _trap_deck()
    scenario["expect"]["odds"] = odds
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(scenario), encoding="utf-8")
    with pytest.raises(ScenarioError, match="expect.odds is a list of"):
        load(path)


TRAPS_NINE = ("anti-magic-dart", "cursed-ring", "kamikaze-imp", "pendulum", "poisoned-dart", "poisoned-meal",
              "rolling-stone", "trap-door", "wall-of-fire")  # fmt: skip


def _draws(counts: dict[str, int]) -> list[tuple[dict[str, Any], Fraction, Fraction | None]]:
    """Each trap drawn from dlrules' deck (3 of each: 1/9) and from a deck of ``counts``."""
    total = sum(counts.values())
    return [({"type": "Draw", "deck": "traps", "card": t, "seat": -1}, Fraction(1, 9),
             Fraction(counts[t], total) if counts.get(t) else None) for t in TRAPS_NINE]  # fmt: skip


def test_a_deck_with_one_card_too_many_names_that_cards_row_first() -> None:
    """SETUP-4, T-7: an engine whose trap deck holds 4 Pendulums (28 cards):
    every trap's odds change, the others' all by 27/28, the Pendulum's by 9/7:
    the Pendulum's row is the one the disagreement names first."""
    from dlrules.apps.conformance.blame import shipped
    from dlrules.apps.conformance.diff import _odd_cards

    pendulum = shipped()[1]["pendulum"]
    assert _odd_cards(_draws({t: 4 if t == "pendulum" else 3 for t in TRAPS_NINE})) == pendulum


def test_a_deck_with_a_card_swapped_names_both_rows_and_a_fair_deck_none() -> None:
    """A Wall of Fire where a Trap Door should be: those two cards' odds change,
    the seven others' do not (factor 1, the most common). A deck with the same
    odds names no card; a card the engine never deals (None) stands out too."""
    from dlrules.apps.conformance.blame import shipped
    from dlrules.apps.conformance.diff import _odd_cards

    _, rows = shipped()
    swapped = {t: 3 for t in TRAPS_NINE} | {"wall-of-fire": 4, "trap-door": 2}
    assert set(_odd_cards(_draws(swapped))) == {*rows["wall-of-fire"], *rows["trap-door"]}
    assert _odd_cards(_draws({t: 3 for t in TRAPS_NINE})) == ()
    missing = {t: 3 for t in TRAPS_NINE if t != "cursed-ring"}
    assert _odd_cards(_draws(missing)) == rows["cursed-ring"]

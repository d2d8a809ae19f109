"""Component data (COMPONENTS.md): totals, costs, and the generated list of
values still to verify."""

from __future__ import annotations

from pathlib import Path

from dlrules.components import ADVENTURER_DECKS, MONSTER_DECKS, MONSTERS, ROOM_DECKS, TRAP_DECK, Action, Cost, slot_spec
from dlrules.components.report import render
from dlrules.components.setup import INNER, OUTER_RING


def test_values_to_verify_doc_is_generated_from_the_data() -> None:
    doc = Path(__file__).resolve().parents[1] / "docs" / "values-to-verify.md"
    assert doc.read_text() == render(), "regenerate: python -m dlrules.components.report > docs/values-to-verify.md"


def test_deck_sizes() -> None:
    """COMPONENTS.md: 24 monster tiles, 16 rooms, 27 traps, 32 adventurers."""
    assert sum(MONSTER_DECKS[1].values()) + sum(MONSTER_DECKS[2].values()) == 24
    assert sum(ROOM_DECKS[1].values()) + sum(ROOM_DECKS[2].values()) == 16
    assert sum(TRAP_DECK.values()) == 27
    assert sum(ADVENTURER_DECKS[1].values()) == 16 and sum(ADVENTURER_DECKS[2].values()) == 16


def test_central_board_costs() -> None:
    """COMPONENTS.md central board: e.g. Get Food II costs 1 evil for 3 food."""
    assert slot_spec(Action.FOOD, 1).cost == Cost(evil=1)
    assert slot_spec(Action.FOOD, 2).reward.gold == 1
    assert slot_spec(Action.MONSTER, 2).cost == Cost(food=1)
    assert slot_spec(Action.ROOM, 0).cost.free


def test_monster_costs_are_hire_and_upkeep() -> None:
    assert MONSTERS["vampire"].evil == 2 and MONSTERS["vampire"].food == 0
    assert (MONSTERS["witch"].food, MONSTERS["witch"].evil) == (1, 1)


def test_regions() -> None:
    """COMPONENTS.md regions; LIB-7: the outer ring is every non-inner square (14)."""
    assert len(INNER.value) == 6 and len(OUTER_RING.value) == 14
    assert INNER.value.isdisjoint(OUTER_RING.value)


def test_rule_readings_to_verify_name_functions_that_exist() -> None:
    """README.md of the spec: each M or L reading lives in one named function,
    listed in docs/values-to-verify.md; the names must resolve."""
    import importlib

    from dlrules.components.report import READINGS

    for _, _, conf, where in READINGS:
        module, _, name = where.rpartition(".")
        assert conf in ("M", "L")
        assert callable(getattr(importlib.import_module(module), name)), where

"""Year-1 spells whose reading the open questions settle (C1-3 with U-12, C1-4
with U-13) and the card with no effect (C1-5): a position at the start of a
year's combat, the defender's moves, the outcome and what was announced."""

from __future__ import annotations

import attrs
import pytest

from dlrules import legal_moves
from dlrules.components import COMBAT_CARDS
from dlrules.core.moves import Attack, PlanDefence, Target
from dlrules.core.phases.combat import party
from dlrules.core.state import GameState

from combat_positions import COLUMN, damage, play, play_with_events, position

W5, WIZARD = "y1-warrior-5", "y1-wizard-4-2"
E = COLUMN[0]
AFTER = ("graffiti", "detect-evil", "word-of-peace")
"""Rounds 2 to 4: fatigue-2 cards that do nothing in round 1's battle."""


def _resources(state: GameState, seat: int = 0) -> tuple[int, int, int, tuple[str, ...], int]:
    p = state.players[seat]
    return p.gold, p.food, p.imps, p.traps, len(p.monsters)


def test_C1_5_fireball_is_cast_and_does_nothing() -> None:
    """C1-5 (M): Fireball is a slow spell of fatigue 1 with no effect: the
    party has the magic point, the card is cast and announced, and only the
    fatigue and the conquest touch the dungeon."""
    state = position({0: [W5, WIZARD]}, cards=("fireball", *AFTER))
    before = _resources(state)
    state, said = play_with_events(state, PlanDefence(0, E))
    cast = [e for e in said if e.kind == "spell"]
    assert [(e.data["card"], e.data["cast"]) for e in cast] == [("fireball", True)]
    assert "Fireball" in cast[0].text
    assert _resources(state) == before  # no gold, food, imp, trap card or monster lost
    assert damage(state, 0) == [1, 0]  # fatigue 1 on the first adventurer, nothing else
    assert state.players[0].evil == 5 - 1  # the conquest's evil only (CMB-CONQ-3)


def test_C1_3_U_12_the_shield_takes_nothing_from_the_trap_before_it() -> None:
    """U-12: the shield absorbs the first point dealt after it is cast; the
    trap step comes before the fast spells, so the Rolling Stone's 3 stay
    and the shield takes the first point of fatigue instead."""
    state = position({0: [W5, WIZARD]}, traps={0: ["rolling-stone"]}, cards=("magic-shield", *AFTER))
    state, said = play_with_events(state, PlanDefence(0, E, ("rolling-stone",)))
    assert damage(state, 0) == [3, 0]  # 3 from the stone, the 1 of fatigue absorbed
    shield = [e for e in said if e.kind == "shield"]
    assert [(e.data["absorbed"], e.data["position"], e.data["by"]) for e in shield] == [(1, 0, "fatigue")]


def test_C1_3_U_12_within_one_effect_the_front_most_point_is_absorbed() -> None:
    """U-12: a Slime attacking everyone for 1 deals its points all at once;
    the shield absorbs the front-most adventurer's, the wizard behind takes
    his; then fatigue 1 falls on the first adventurer."""
    state = position({0: [W5, WIZARD]}, monsters={0: ["slime"]}, cards=("magic-shield", *AFTER))
    state = play(state, PlanDefence(0, E, (), (0,)))
    state, said = play_with_events(state, Attack(0, 0, 0))
    assert damage(state, 0) == [0 + 1, 1]
    hits = [e.data["amounts"] for e in said if e.kind == "damage"]
    assert hits[0] == [0, 1]  # the slime's points after the shield
    assert [e.data["by"] for e in said if e.kind == "shield"] == ["slime"]


def test_C1_4_U_13_an_invisible_wizard_takes_no_poison_later() -> None:
    """U-13: the Poisoned Dart's 2 later damage (at the end of the round,
    CMB-EOR-1, LIB-CMB-6) are ignored for a wizard made invisible after the
    dart hit: he cannot be harmed this round."""
    state = position({0: [WIZARD, W5]}, traps={0: ["poisoned-dart"]}, cards=("invisibility", *AFTER))
    state = play(state, PlanDefence(0, E, ("poisoned-dart",)))
    state = play(state, Target(0, 0))  # the dart's 1 on the wizard, 2 more to come
    members = party(state, 0)
    assert [a.key for a in members] == [W5, WIZARD]  # Invisibility: wizards to the back (C1-4)
    assert damage(state, 0) == [0, 1] and members[1].poison == 0  # the 2 later never landed


def test_U_13_the_same_poison_lands_when_no_spell_protects() -> None:
    """The contrast for U-13: the same dart without Invisibility (Fireball
    instead) deals its 2 later: the wizard, still in front, takes the dart's
    1, the fatigue's 1 and the poison's 2, his 4 hit points (CMB-8)."""
    state = position({0: [WIZARD, W5]}, traps={0: ["poisoned-dart"]}, cards=("fireball", *AFTER))
    state = play(state, PlanDefence(0, E, ("poisoned-dart",)), Target(0, 0))
    assert state.players[0].prison == (WIZARD,) and damage(state, 0) == [0]


def test_U_13_fatigue_rolling_onto_an_invisible_wizard_is_lost(monkeypatch: pytest.MonkeyPatch) -> None:
    """U-13: were Invisibility's fatigue (0, M) corrected upwards, the points
    rolling past an eliminated adventurer onto an invisible wizard are lost,
    and the wizard alone still conquers."""
    card = COMBAT_CARDS["invisibility"]
    monkeypatch.setitem(COMBAT_CARDS, "invisibility", attrs.evolve(card, fatigue=2))
    state = position({0: ["y1-warrior-3:2", WIZARD]}, cards=("invisibility", *AFTER))
    state, said = play_with_events(state, PlanDefence(0, E))
    assert state.players[0].prison == ("y1-warrior-3",)  # the first point eliminates him
    assert damage(state, 0) == [0]  # the second point would roll onto the wizard: lost
    assert any(e.kind == "conquest" for e in said)


def test_C1_7_fist_of_justice_takes_one_imp_and_says_so() -> None:
    """C1-7: the defender loses 1 imp (to the bank); the event names the loss."""
    state = position({0: [W5, WIZARD]}, cards=("fist-of-justice", *AFTER), imps=3)
    state, said = play_with_events(state, PlanDefence(0, E))
    assert state.players[0].imps == 2
    assert any(e.kind == "spell" and e.data.get("lost") == {"imps": 1} for e in said)


def test_C1_7_fist_of_justice_without_an_imp_takes_nothing() -> None:
    state = position({0: [W5, WIZARD]}, cards=("fist-of-justice", *AFTER), imps=0, spare="rolling-stone")
    before = _resources(state)
    state, said = play_with_events(state, PlanDefence(0, E))
    assert _resources(state) == before and not any("lost" in e.data for e in said)


def test_M_5_the_witch_makes_two_small_attacks_on_anyone() -> None:
    """M-5: the Witch's second option is two attacks of 1, each on anyone,
    chosen one after the other (the second a Target, CMB-TRAP-6 style)."""
    state = position({0: [W5, "y1-warrior-4"]}, monsters={0: ["witch"]}, cards=("invisibility", *AFTER))
    state = play(state, PlanDefence(0, E, (), (0,)))
    assert Attack(0, 0, 1, 1) in legal_moves(state)
    state, said = play_with_events(state, Attack(0, 0, 1, 1))
    assert list(legal_moves(state)) == [Target(0, 0), Target(0, 1)]
    state, said = play_with_events(state, Target(0, 1))
    assert damage(state, 0) == [0, 2]  # both small attacks on the second warrior; fatigue 0
    assert [e.data["by"] for e in said if e.kind == "target"] == ["witch"]

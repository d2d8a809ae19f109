"""Combat component data (COMPONENTS-COMBAT.md tables M, T, R, C)."""

from __future__ import annotations

from collections import Counter

from dlrules.components import COMBAT_CARDS, COMBAT_DECKS, MONSTERS, TRAPS, Speed
from dlrules.components.combat import MONSTER_COMBAT, TRAP_COMBAT, Reach, battle_ground


def test_CMB_1_each_year_owns_nine_cards_with_the_printed_fatigue_totals() -> None:
    """CMB-1: year 1 one 0, four 1, four 2; year 2 one 1, four 2, four 3."""
    for year, expected in ((1, {0: 1, 1: 4, 2: 4}), (2, {1: 1, 2: 4, 3: 4})):
        assert sum(COMBAT_DECKS[year].values()) == 9
        assert Counter(COMBAT_CARDS[k].fatigue for k in COMBAT_DECKS[year]) == expected


def test_CMB_SPELL_8_U_2_fast_and_slow_year_1_cards() -> None:
    fast = {k for k in COMBAT_DECKS[1] if COMBAT_CARDS[k].speed is Speed.FAST}
    assert fast == {"word-of-peace", "suggestion", "magic-shield", "invisibility"}


def test_CMB_MON_9_every_monster_and_trap_has_combat_data() -> None:
    assert set(MONSTER_COMBAT) == set(MONSTERS) and set(TRAP_COMBAT) == set(TRAPS)
    assert MONSTER_COMBAT["slime"].options[1].reach is Reach.NONE
    assert TRAP_COMBAT["rolling-stone"].damage_in(1) == 3 and TRAP_COMBAT["rolling-stone"].damage_in(2) == 4


def test_CMB_3_battle_ground_limits() -> None:
    assert (battle_ground(None, False).monsters, battle_ground(None, False).traps) == (1, 1)
    assert battle_ground("chicken-coop", False).surcharge == 1
    lab = battle_ground("labyrinth", False)
    assert (lab.monsters, lab.traps, lab.surcharge) == (1, 2, 0)
    assert not battle_ground("anti-magic-room", False).spells
    assert battle_ground("anti-magic-room", True).spells  # CMB-CONQ-4, LIB-CMB-8: a conquered room has no function

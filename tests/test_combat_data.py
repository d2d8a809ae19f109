"""Combat component data (COMPONENTS-COMBAT.md tables M, T, R, C)."""

from __future__ import annotations

from collections import Counter

from dlrules.components import ADVENTURERS, COMBAT_CARDS, COMBAT_DECKS, MONSTERS, PALADINS, TRAPS, AdventurerClass, Speed
from dlrules.components.combat import ILLUSION_KEY, MONSTER_COMBAT, TRAP_COMBAT, Reach, battle_ground
from dlrules.core.phases.combat import adventurer_class, anti_trap, crystals, hearts, hit_points
from dlrules.core.state import Adventurer


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


def test_CMB_PARTY_3_CMB_PARTY_4_PAL_12_C2_2_each_adventurer_s_class_hit_points_and_icons() -> None:
    """CMB-PARTY-3, CMB-PARTY-4 (table A): a thief's anti-trap icons, a
    priest's hearts, a wizard's crystals, as printed, and a Create Food token
    adds a hit point (C2-1); PAL-12 (table P): the paladin is none of the four
    classes and has all three kinds of icon; C2-2, LIB-CMB-9: the illusion is
    a warrior of 1 hit point with no icon."""
    for key, tile in ADVENTURERS.items():
        a = Adventurer(key)
        assert adventurer_class(a) is tile.cls and hit_points(a) == tile.hp
        assert hit_points(Adventurer(key, food=2)) == tile.hp + 2
        icons = [tile.power if tile.cls is cls else 0 for cls in (AdventurerClass.THIEF, AdventurerClass.PRIEST, AdventurerClass.WIZARD)]
        assert [anti_trap([a]), hearts([a]), crystals([a])] == icons
    for paladin in PALADINS.values():
        a = Adventurer(paladin.key)
        assert adventurer_class(a) is AdventurerClass.PALADIN and hit_points(a) == paladin.hp
        assert (anti_trap([a]), hearts([a]), crystals([a])) == (paladin.anti_trap, paladin.hearts, paladin.crystals)
    illusion = Adventurer(ILLUSION_KEY)
    assert adventurer_class(illusion) is AdventurerClass.WARRIOR and hit_points(illusion) == 1
    assert (anti_trap([illusion]), hearts([illusion]), crystals([illusion])) == (0, 0, 0)
    priest = next(k for k, t in ADVENTURERS.items() if t.cls is AdventurerClass.PRIEST)
    assert hearts([Adventurer(priest), Adventurer(priest), illusion]) == 2 * ADVENTURERS[priest].power

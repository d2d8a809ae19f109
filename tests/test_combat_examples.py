"""The rulebook's Combat Training as tests (COMBAT.md CX-1..10).

Tiles are tunnels unless stated; the training uses fatigue 2 each round and
no spells (``TRAINING``, no wizard in the party); where an example looks at a
single step, the round's card is Invisibility (fatigue 0, not cast without
magic points) so nothing else changes the counters."""

from __future__ import annotations

from typing import Any

from dlrules import legal_moves
from dlrules.core.moves import Attack, PlanDefence, Target
from dlrules.core.state import GameState, Phase, Square

from combat_positions import COLUMN, damage, play, position, tunnels

W3, W4, W5 = "y1-warrior-3", "y1-warrior-4", "y1-warrior-5"
NO_FATIGUE = ("invisibility", "graffiti", "detect-evil", "word-of-peace")
ENTRANCE = COLUMN[0]


def conquered_at(state: GameState, square: Square) -> bool:
    tile = state.players[0].dungeon.at(square)
    assert tile is not None
    return tile.conquered


def one_trap(party: list[str], trap: str) -> list[int]:
    state = position({0: party}, traps={0: [trap]}, cards=NO_FATIGUE, food=1)
    state = play(state, PlanDefence(0, ENTRANCE, (trap,)))
    return damage(state, 0)


# --- CX-1 trap arithmetic -------------------------------------------------------------------


def test_CX_1a_fire_wall_hits_each_and_the_last_once_more() -> None:
    """CMB-TRAP-3, T-1: warrior, warrior, priest take 1, 1, 2."""
    assert one_trap([W3, W4, "y1-priest-3-1"], "wall-of-fire") == [1, 1, 2]


def test_CX_1b_anti_trap_icons_reduce_the_rolling_stone() -> None:
    """CMB-5: 3 - 2 icons = 1 counter on the first warrior."""
    assert one_trap([W4, "y1-thief-3-2"], "rolling-stone") == [1, 0]


def test_CX_1c_icons_cancel_front_first() -> None:
    """CMB-TRAP-3: the 2 icons cancel the warrior's and the priest's point."""
    assert one_trap([W4, "y1-priest-4-1", "y1-thief-4-2"], "wall-of-fire") == [0, 0, 2]


def test_CX_1d_trap_door_cancelled_still_stops_conquest() -> None:
    """CMB-TRAP-5, CMB-CONQ-1: no counter, and still no fatigue or conquest."""
    state = position({0: ["y1-thief-3-2"]}, traps={0: ["trap-door"]}, cards=("graffiti", "detect-evil", "word-of-peace", "suggestion"))
    state = play(state, PlanDefence(0, ENTRANCE, ("trap-door",)))
    assert damage(state, 0) == [0]
    assert not conquered_at(state, ENTRANCE)


def test_CX_1e_CMB_8_an_eliminated_warrior_goes_to_the_prison() -> None:
    state = position({0: [W3, W4]}, traps={0: ["rolling-stone"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, ENTRANCE, ("rolling-stone",)))
    assert state.players[0].prison == (W3,) and damage(state, 0) == [0]


def test_CX_1f_icons_add_up() -> None:
    assert one_trap([W3, "y1-thief-3-1", "y1-thief-3-2"], "rolling-stone") == [0, 0, 0]


# --- CX-2, CX-3 attacks and healing -----------------------------------------------------------


def test_CX_2_CMB_PARTY_5_a_standard_attack_loses_its_excess() -> None:
    state = position({0: [W4 + ":2", "y1-priest-3-1"]}, monsters={0: ["witch"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, ENTRANCE, (), (0,)), Attack(0, 0, 0))
    assert state.players[0].prison == (W4,) and damage(state, 0) == [0]


def test_CX_3_CMB_6_pooled_healing_front_first() -> None:
    """CMB-HEAL-2: 4 hearts heal the first priest's 2, the thief's 1, one of the last priest's."""
    party = ["y1-priest-3-2", "y1-thief-4-1:1", "y1-priest-4-2:2"]
    state = position({0: party}, monsters={0: ["goblin"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, ENTRANCE, (), (0,)))  # the goblin's one option is automatic (LIB-CMB-1)
    assert damage(state, 0) == [0, 0, 1]


def test_CX_3_a_troll_then_one_heart() -> None:
    state = position({0: [W4, "y1-priest-3-1"]}, monsters={0: ["troll"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, ENTRANCE, (), (0,)))  # no food: one option
    assert damage(state, 0) == [2, 0]


def test_CX_3_a_vampire_that_eliminates_leaves_nothing_to_heal() -> None:
    state = position({0: ["y1-priest-3-1", "y1-thief-3-1"]}, monsters={0: ["vampire"]}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, ENTRANCE, (), (0,)), Attack(0, 0, 0, 1))
    assert state.players[0].prison == ("y1-thief-3-1",) and damage(state, 0) == [0]
    assert not state.players[0].monsters[0].ready  # CMB-MON-4: option 1 knocks it out


# --- CX-4, CX-5 scenario 1 -----------------------------------------------------------------------


def scenario_1(**kw: Any) -> GameState:
    return position(
        {0: [W3, W4, "y1-priest-3-1"]}, monsters={0: ["troll", "goblin"]}, traps={0: ["rolling-stone"]}, food=1, **kw
    )


def test_CX_4_scenario_1_line_A() -> None:
    """CMB-7: trap, fed troll, fatigue 2 on the priest, tile 1 conquered; the goblin ends it."""
    state = play(scenario_1(), PlanDefence(0, COLUMN[0], ("rolling-stone",), (0,)), Attack(0, 0, 1))
    assert state.players[0].prison == (W3, W4) and damage(state, 0) == [2]
    assert conquered_at(state, COLUMN[0]) and state.players[0].evil == 4
    assert state.players[0].food == 0
    state = play(state, PlanDefence(0, COLUMN[1], (), (1,)))
    assert len(state.players[0].prison) == 3 and (state.year, state.phase) == (2, Phase.ROUND_START)  # CMB-END-4, Y2-16
    assert sum(t.conquered for t in state.players[0].dungeon.tiles) == 1


def test_CX_4_scenario_1_line_B() -> None:
    """CMB-6, CMB-CONQ-2: the unfed troll, a heal of 1, fatigue rolls nothing over; food kept."""
    state = play(scenario_1(), PlanDefence(0, COLUMN[0], ("rolling-stone",), (0,)), Attack(0, 0, 0))
    assert state.players[0].prison == (W3, W4) and damage(state, 0) == [0]
    assert conquered_at(state, COLUMN[0])
    state = play(state, PlanDefence(0, COLUMN[1], (), (1,)))
    assert len(state.players[0].prison) == 3 and state.players[0].food == 1
    assert sum(t.conquered for t in state.players[0].dungeon.tiles) == 1


def test_CX_5_scenario_1_in_a_room() -> None:
    """CMB-3, CMB-PLAN-6, CMB-ROOM-2: a year-1 room takes 2 monsters and the trap costs 1 gold."""
    room = tunnels(rooms={COLUMN[0]: "chicken-coop"})
    state = scenario_1(dungeons={0: room}, gold=1)
    state = play(state, PlanDefence(0, COLUMN[0], ("rolling-stone",), (0, 1)), Attack(0, 0, 1))
    assert len(state.players[0].prison) == 3 and (state.year, state.phase) == (2, Phase.ROUND_START)  # CMB-END-4, Y2-16
    assert not any(t.conquered for t in state.players[0].dungeon.tiles)
    assert (state.players[0].gold, state.players[0].food) == (0, 0)


def test_CX_5_goblin_before_troll_leaves_the_priest_standing() -> None:
    room = tunnels(rooms={COLUMN[0]: "chicken-coop"})
    state = scenario_1(dungeons={0: room}, gold=1)
    state = play(state, PlanDefence(0, COLUMN[0], ("rolling-stone",), (0, 1)), Attack(0, 1, 0))
    state = play(state, Attack(0, 0, 1))
    assert damage(state, 0) == [2] and conquered_at(state, COLUMN[0])


# --- CX-6 .. CX-8 scenarios 2-4 -----------------------------------------------------------------------


def scenario_2() -> GameState:
    return position({0: [W4, "y1-thief-4-1", "y1-thief-3-2"]}, monsters={0: ["witch", "ghost"]}, traps={0: ["poisoned-meal"]}, food=1)


def test_CX_6_the_poisoned_meal_is_reducible_damage() -> None:
    """T-8, U-6: the warrior's 4 hit points less 3 icons = 1."""
    state = play(scenario_2(), PlanDefence(0, ENTRANCE, ("poisoned-meal",)))
    assert state.players[0].food == 0  # the meal was paid when revealed (CMB-TRAP-1)
    assert damage(state, 0) == [1 + 2, 0, 0]  # the meal's 1, then fatigue 2


def test_CX_6_scenario_2() -> None:
    """CMB-MON-5: the ghost may not hit the first; fatigue on the new first."""
    state = play(scenario_2(), PlanDefence(0, ENTRANCE, (), (0, 1)), Attack(0, 1, 0, 1), Attack(0, 0, 0))
    assert state.players[0].prison == (W4, "y1-thief-4-1") and damage(state, 0) == [0]
    assert conquered_at(state, ENTRANCE)
    state = play(state, PlanDefence(0, COLUMN[1], ("poisoned-meal",)))
    assert len(state.players[0].prison) == 3 and state.players[0].food == 0
    assert sum(t.conquered for t in state.players[0].dungeon.tiles) == 1


def test_CX_7_scenario_3() -> None:
    """Cursed Ring (1 gold) skips conquest; the vampire's second option comes back face up."""
    state = position(
        {0: [W5, "y1-priest-4-1", "y1-thief-4-2"]}, monsters={0: ["vampire"]}, traps={0: ["cursed-ring", "pendulum"]}, gold=1
    )
    state = play(state, PlanDefence(0, ENTRANCE, ("cursed-ring",), (0,)), Attack(0, 0, 1, 2))
    assert damage(state, 0) == [0, 0, 2] and state.players[0].gold == 0
    assert state.players[0].monsters[0].ready and not conquered_at(state, ENTRANCE)
    state = play(state, PlanDefence(0, ENTRANCE, (), (0,)), Attack(0, 0, 1, 2))
    assert damage(state, 0) == [2, 0] and conquered_at(state, ENTRANCE)
    state = play(state, PlanDefence(0, COLUMN[1], ("pendulum",), (0,)), Attack(0, 0, 0, 0))
    assert len(state.players[0].prison) == 3 and not conquered_at(state, COLUMN[1])
    assert sum(t.conquered for t in state.players[0].dungeon.tiles) == 1


def test_CX_8_scenario_4() -> None:
    """CMB-HEAL-1 (d): an Anti-magic Dart on a priest stops healing even when cancelled."""
    state = position(
        {0: ["y1-priest-3-2", "y1-thief-3-1", "y1-priest-4-2"]}, monsters={0: ["slime"]}, traps={0: ["wall-of-fire", "anti-magic-dart"]}
    )
    state = play(state, PlanDefence(0, ENTRANCE, ("wall-of-fire",)))
    assert damage(state, 0) == [2, 1, 2] and conquered_at(state, ENTRANCE)
    state = play(state, PlanDefence(0, COLUMN[1], ("anti-magic-dart",), (0,)), Target(0, 0), Attack(0, 0, 0))
    assert len(state.players[0].prison) == 3 and not conquered_at(state, COLUMN[1])


# --- CX-9, CX-10 --------------------------------------------------------------------------------------


def test_CX_9_CMB_PLAN_3_the_battle_tile_among_the_nearest() -> None:
    dungeon = tunnels((0, 2), (0, 3), (1, 2), rooms={(1, 2): "mint"})
    state = position({0: [W5, "y1-thief-4-2", "y1-priest-4-2"]}, monsters={0: ["slime", "slime"]}, dungeons={0: dungeon}, cards=NO_FATIGUE)
    state = play(state, PlanDefence(0, (0, 2)))
    assert {m.tile for m in _plans(state)} == {(0, 3), (1, 2)}
    state = play(state, PlanDefence(0, (1, 2), (), (0,)), Attack(0, 0, 1))  # the slime holds: no conquest
    assert {m.tile for m in _plans(state)} == {(0, 3), (1, 2)}
    state = play(state, PlanDefence(0, (0, 3)))
    assert {m.tile for m in _plans(state)} == {(1, 2)}


def _plans(state: GameState) -> list[PlanDefence]:
    return [m for m in legal_moves(state) if isinstance(m, PlanDefence)]


def test_CX_10_CMB_SPELL_1_two_crystals_cast_in_rounds_1_and_2_only() -> None:
    dungeon = tunnels((0, 2), (1, 2), (2, 2), (3, 2))
    cards = ("detect-evil", "fist-of-justice", "detect-treasure", "fireball")
    state = position({0: ["y1-warrior-5", "y1-wizard-4-2"]}, dungeons={0: dungeon}, cards=cards, gold=5, imps=3)
    state = play(state, PlanDefence(0, (0, 2)))
    assert state.players[0].evil == 5 + 2 - 1  # Detect Evil cast, then the conquest
    state = play(state, PlanDefence(0, (1, 2)))
    assert state.players[0].imps == 2  # Fist of Justice cast
    state = play(state, PlanDefence(0, (2, 2)))
    assert state.players[0].gold == 5  # round 3 needs 3 magic points: Detect Treasure not cast


def test_CX_10_a_trap_eliminating_a_wizard_stops_the_fast_spell() -> None:
    from dlrules.core.moves import WordOfPeace

    cards = ("fireball", "word-of-peace", "graffiti", "detect-evil")
    party = ["y1-warrior-5", "y1-wizard-3-1", "y1-wizard-4-1"]
    state = position({0: party}, traps={0: ["pendulum"]}, cards=cards)
    state = play(state, PlanDefence(0, ENTRANCE))
    state = play(state, PlanDefence(0, COLUMN[1], ("pendulum",)))
    assert not any(isinstance(m, WordOfPeace) for m in legal_moves(state))
    assert "y1-wizard-3-1" in state.players[0].prison


def test_CX_10_a_monster_eliminating_a_wizard_stops_the_slow_spell() -> None:
    cards = ("fireball", "detect-evil", "graffiti", "suggestion")
    party = ["y1-warrior-5", "y1-wizard-3-1", "y1-wizard-4-1"]
    state = position({0: party}, monsters={0: ["vampire"]}, cards=cards)
    state = play(state, PlanDefence(0, ENTRANCE))
    evil = state.players[0].evil
    state = play(state, PlanDefence(0, COLUMN[1], (), (0,)), Attack(0, 0, 0, 1))
    assert state.players[0].evil == evil - 1  # no Detect Evil, only the conquest

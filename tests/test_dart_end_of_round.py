"""The Poisoned Dart's 2 more damage at the end of the combat round, after
every battle of that round (CMB-EOR-1, CMB-EOR-2, CMB-4, T-5; revision 3)."""

from __future__ import annotations

from dlrules.core.moves import PlanDefence, Target

from combat_positions import COLUMN, damage, play, play_with_events, position

E = COLUMN[0]
W5 = "y1-warrior-5"
FIREBALL_FIRST = ("fireball", "graffiti", "detect-evil", "invisibility")  # fatigue 1 in round 1


def test_CMB_EOR_1_the_darts_2_fall_after_the_rounds_last_battle() -> None:
    """Player 1's dart hits his first warrior; Player 2's battle is fought
    (and announced) before the 2 land, which come after every battle."""
    state = position({0: [W5, W5], 1: [W5]}, traps={0: ["poisoned-dart"]}, cards=FIREBALL_FIRST)
    state = play(state, PlanDefence(0, E, ("poisoned-dart",)), PlanDefence(1, E))
    state, said = play_with_events(state, Target(0, 0))
    texts = [e.text for e in said]
    poison = next(i for i, t in enumerate(texts) if t.startswith("The Poisoned Dart's later damage, at the end of the round"))
    assert texts.index("Battle in Player 2's dungeon at C1.") < poison
    assert texts[poison] == "The Poisoned Dart's later damage, at the end of the round: 2 on the warrior (HP 5) in position 1 (Player 1's dungeon)."
    assert damage(state, 0) == [1 + 1 + 2, 0]  # the dart's 1, fatigue 1, then the 2
    assert texts.index("Combat round 2 begins.") > poison


def test_CMB_EOR_1_several_darts_in_the_play_order_of_their_battles() -> None:
    """Both lords play a dart; Player 2 starts the round, so his dart's 2 come
    first, then Player 1's (L)."""
    state = position({0: [W5, W5], 1: [W5, W5]}, traps={0: ["poisoned-dart"], 1: ["poisoned-dart"]}, cards=FIREBALL_FIRST, first=1)
    state = play(state, PlanDefence(1, E, ("poisoned-dart",)), PlanDefence(0, E, ("poisoned-dart",)))
    state = play(state, Target(1, 1))
    state, said = play_with_events(state, Target(0, 0))
    poisons = [e for e in said if e.data.get("by") == "poison"]
    assert [e.seat for e in poisons] == [1, 0]
    assert damage(state, 1) == [1, 1 + 2] and damage(state, 0) == [1 + 1 + 2, 0]


def test_CMB_EOR_1_a_target_eliminated_before_the_end_of_the_round_takes_nothing() -> None:
    """The dart's 1 and the fatigue eliminate a warrior with 3 counters
    already: the 2 later never fall (he is in the prison, not the party)."""
    state = position({0: ["y1-warrior-5:3", W5]}, traps={0: ["poisoned-dart"]}, cards=FIREBALL_FIRST)
    state = play(state, PlanDefence(0, E, ("poisoned-dart",)))
    state, said = play_with_events(state, Target(0, 0))
    assert state.players[0].prison == ("y1-warrior-5",)
    assert not any(e.data.get("by") == "poison" for e in said)

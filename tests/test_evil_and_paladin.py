"""The evilometer and the paladin (phases/common.py): RES-8 clamps, RES-9 and
PAL-5 check after every single space, PAL-2/PAL-6..8 decide who holds him,
PAL-11 dummy markers never count."""

from __future__ import annotations

import attrs

import dlrules
from dlrules.core.phases.common import check_paladin, move_evil, update_player


def _evils(*evils: int, first: int = 0) -> dlrules.GameState:
    state = dlrules.new_game(len(evils))
    for seat, evil in enumerate(evils):
        state = update_player(state, seat, evil=evil)
    return attrs.evolve(state, first_player=first)


def test_RES_8_markers_stop_at_both_ends_of_the_evilometer() -> None:
    state = _evils(14, 2)
    state = move_evil(state, 0, 3)
    state = move_evil(state, 1, -5)
    assert [p.evil for p in state.players] == [15, 1]


def test_PAL_2_PAL_6_the_first_lord_to_reach_space_10_gets_the_paladin() -> None:
    state = _evils(9, 9, 5)
    assert state.paladin is None
    state = move_evil(state, 1, 1)
    assert state.paladin == 1


def test_RES_9_PAL_5_the_check_happens_after_every_single_space() -> None:
    """Player 1 passes 10 on the way to 12: the paladin arrives on the way up,
    not only where the marker stops, and Player 2 at 11 never takes him from a
    lord higher than 11 (PAL-7)."""
    state = _evils(9, 5, 5)
    state = move_evil(state, 0, 3)
    assert state.players[0].evil == 12
    assert state.paladin == 0
    # The check after each space: Player 2 climbing 9 → 13 takes him at 13
    # (strictly above 12), never at 10..12.
    state = update_player(state, 1, evil=9)
    for evil in (10, 11, 12):
        state = move_evil(state, 1, 1)
        assert (state.players[1].evil, state.paladin) == (evil, 0)
    state = move_evil(state, 1, 1)
    assert state.paladin == 1


def test_PAL_7_he_moves_only_to_a_strictly_higher_lord() -> None:
    state = attrs.evolve(_evils(11, 10, 5), paladin=0)
    state = move_evil(state, 1, 1)  # 11 = 11: a tie never moves him
    assert state.paladin == 0
    state = move_evil(state, 1, 1)  # 12 > 11
    assert state.paladin == 1
    state = move_evil(state, 1, -1)  # 11 = Player 1's 11: still no move
    assert state.paladin == 1
    state = move_evil(state, 1, -1)  # Player 1's 11 is now strictly higher (PAL-8's "holder drops")
    assert state.paladin == 0


def test_PAL_7_he_does_not_leave_when_his_lord_drops_below_the_line() -> None:
    state = attrs.evolve(_evils(12, 9, 5), paladin=0)
    state = move_evil(state, 0, -6)
    assert state.players[0].evil == 6
    assert state.paladin == 0


def test_PAL_8_a_tie_goes_to_the_lord_last_in_player_order() -> None:
    state = _evils(12, 12, 5, first=1)  # player order: 2, 3, 1 → Player 1 is last
    assert check_paladin(state).paladin == 0
    state = _evils(12, 12, 5, first=0)  # player order: 1, 2, 3 → Player 2 is last
    assert check_paladin(state).paladin == 1


def test_PAL_11_the_two_player_dummy_marker_never_attracts_him() -> None:
    state = attrs.evolve(_evils(5, 5), dummy_evil=15)
    assert check_paladin(state).paladin is None

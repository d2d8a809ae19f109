"""A second reading of year 2 and final scoring against the rulebook
(issue 13, reviewy2): positions, a step, the outcome the rulebook gives."""

from __future__ import annotations

import attrs

import dlrules
from dlrules.render import describe, paladin_whereabouts
from dlrules.state import GameState


def _game(players: int = 2) -> GameState:
    return dlrules.new_game(players)


def test_PAL_1_CMB_END_2_a_surviving_paladin_is_shown_gone_not_waiting() -> None:
    """After combat a paladin who survived is in the Distant Lands (CMB-END-2);
    the position must not say he still waits in his tent (LIB-RY-1)."""
    state = attrs.evolve(_game(), far_lands=("paladin-1",), paladin=None)
    assert paladin_whereabouts(state) == "paladin gone to the Distant Lands"
    assert "paladin gone to the Distant Lands" in describe(state)
    assert "paladin waits" not in describe(state)


def test_SCO_1d_an_imprisoned_paladin_is_shown_in_his_prison() -> None:
    """The paladin eliminated in P2's dungeon sits in P2's prison (SCO-1d, LIB-RY-1)."""
    state = _game()
    p2 = attrs.evolve(state.players[1], prison=("paladin-1",))
    state = attrs.evolve(state, players=(state.players[0], p2), paladin=None)
    assert paladin_whereabouts(state) == "paladin in P2's prison"


def test_PAL_1_a_paladin_nobody_attracted_still_waits() -> None:
    assert paladin_whereabouts(_game()) == "paladin waits"


def test_Y2_9_year_two_shows_the_gold_paladin_not_year_ones() -> None:
    """Y2-9: year 1's paladin in a prison does not make year 2's look taken."""
    state = _game()
    p1 = attrs.evolve(state.players[0], prison=("paladin-1",))
    state = attrs.evolve(state, year=2, players=(p1, state.players[1]), paladin=None)
    assert paladin_whereabouts(state) == "paladin waits"


def test_LIB_RY_1_the_picture_says_the_paladin_is_gone_too() -> None:
    from dlrules.svg import board

    state = attrs.evolve(_game(), far_lands=("paladin-1",), paladin=None)
    picture = board(state)
    assert "the paladin is gone to the Distant Lands" in picture and "paladin (gone)" in picture
    assert "paladin (waiting)" in board(_game())

"""Adventurers (ADV-1..5, ADV-2P-1, ADV-2P-2, PAL-2, PAL-3, RUL-11, RUL-12)."""

from __future__ import annotations

import attrs

from dlrules.core.phases.adventurers import joined, nicest_first, party_queue
from dlrules.core.state import Adventurer, GameState, Phase

from year_helpers import at_resolution, enter, player, resolved

THIEF, PRIEST, WIZARD = "y1-thief-3-1", "y1-priest-3-1", "y1-wizard-4-2"
WARRIOR_A, WARRIOR_B = "y1-warrior-3", "y1-warrior-4"


def adventurers(evils: tuple[int, ...], first: int, arriving: tuple[str, ...], dummy_evil: int | None = None) -> GameState:
    """Spring's Adventurers phase (entered, so assigned) with these evils."""
    state = resolved(at_resolution(len(evils)))
    state = attrs.evolve(state, round=2, first_player=first, adventurers_now=arriving)
    if dummy_evil is not None:
        state = attrs.evolve(state, dummy_evil=dummy_evil)
    for seat, evil in enumerate(evils):
        state = player(state, seat, evil=evil, party=())
    return enter(state, Phase.ADVENTURERS, settled=False)


def keys(state: GameState, seat: int) -> tuple[str, ...]:
    return tuple(a.key for a in state.players[seat].party)


def test_ADV_2_weakest_to_the_nicest_strongest_to_the_most_evil() -> None:
    state = adventurers((7, 3, 5), 0, (THIEF, PRIEST, WIZARD))
    assert (keys(state, 1), keys(state, 2), keys(state, 0)) == ((THIEF,), (PRIEST,), (WIZARD,))
    assert state.adventurers_now == ()


def test_ADV_3_three_players_tie_the_first_player_counts_nicer() -> None:
    # Seats 0 and 1 tie on 5; seat 1 holds the first-player token, so it is nicer.
    state = adventurers((5, 5, 4), 1, (THIEF, PRIEST, WIZARD))
    assert (keys(state, 2), keys(state, 1), keys(state, 0)) == ((THIEF,), (PRIEST,), (WIZARD,))


def test_ADV_3_four_players_ties_follow_player_order_from_the_first_player() -> None:
    # Player order from seat 2: 2, 3, 0, 1. Seats 2, 0 and 1 tie on 6; seat 3 is on 7.
    arriving = (WARRIOR_A, THIEF, PRIEST, WIZARD)
    state = adventurers((6, 6, 6, 7), 2, arriving)
    assert [keys(state, s) for s in (2, 0, 1, 3)] == [(k,) for k in arriving]


def test_ADV_3_order_of_lords_with_ties_after_the_first_player() -> None:
    state = resolved(at_resolution(4))
    state = attrs.evolve(state, first_player=3)
    for seat, evil in enumerate((4, 4, 2, 4)):
        state = player(state, seat, evil=evil)
    assert nicest_first(state) == (2, 3, 0, 1)


def test_ADV_2P_1_dummy_marker_moves_up_first_and_counts_nicer_in_ties() -> None:
    # The dummy marker goes 5 -> 6, tying seat 0: the dummy is nicer, so the
    # weakest goes to the dummy, on to the far lands.
    state = adventurers((6, 7), 0, (THIEF, PRIEST, WIZARD), dummy_evil=5)
    assert state.dummy_evil == 6  # RUL-12
    assert (keys(state, 0), keys(state, 1)) == ((PRIEST,), (WIZARD,))
    assert state.far_lands[-1] == THIEF


def test_ADV_2P_1_dummy_most_evil_sends_the_strongest_away() -> None:
    state = adventurers((3, 4), 1, (THIEF, PRIEST, WIZARD), dummy_evil=8)
    assert state.dummy_evil == 9
    assert (keys(state, 0), keys(state, 1)) == ((THIEF,), (PRIEST,))
    assert state.far_lands[-1] == WIZARD


def test_ADV_2P_2_dummy_marker_never_attracts_the_paladin() -> None:
    state = adventurers((3, 4), 1, (THIEF, PRIEST, WIZARD), dummy_evil=11)
    assert state.dummy_evil == 12 and state.paladin is None


def test_ADV_4_adventurers_enter_in_order_of_arrival() -> None:
    party = joined(joined(joined((), THIEF), PRIEST), WIZARD)
    assert tuple(a.key for a in party) == (THIEF, PRIEST, WIZARD)


def test_ADV_5_two_warriors_arriving_after_a_priest() -> None:
    party = joined((), PRIEST)
    party = joined(party, WARRIOR_A)
    assert tuple(a.key for a in party) == (WARRIOR_A, PRIEST)
    party = joined(party, WARRIOR_B)  # the new warrior goes in front of the first
    assert tuple(a.key for a in party) == (WARRIOR_B, WARRIOR_A, PRIEST)


def test_ADV_5_a_warrior_joining_through_the_phase_goes_in_front() -> None:
    state = resolved(at_resolution(3))
    state = attrs.evolve(state, round=3, first_player=0, adventurers_now=(WARRIOR_A, THIEF, PRIEST))
    state = player(state, 0, evil=1, party=(Adventurer(PRIEST),))
    state = enter(state, Phase.ADVENTURERS, settled=False)
    assert keys(state, 0) == (WARRIOR_A, PRIEST)


def test_PAL_3_the_paladin_stays_in_front_of_a_warrior() -> None:
    state = resolved(at_resolution(3))
    state = attrs.evolve(state, round=2, first_player=0, adventurers_now=(THIEF, PRIEST, WARRIOR_B), paladin=2)
    for seat, evil in enumerate((4, 5, 11)):
        state = player(state, seat, evil=evil, party=())
    state = player(state, 2, party=(Adventurer(PRIEST),))
    state = enter(state, Phase.ADVENTURERS, settled=False)
    assert keys(state, 2) == (WARRIOR_B, PRIEST)  # the warrior goes in front of the party
    assert tuple(a.key for a in party_queue(state, 2)) == ("paladin-1", WARRIOR_B, PRIEST)  # but not of him (PAL-2, PAL-3)
    assert tuple(a.key for a in party_queue(state, 1)) == (PRIEST,)


def test_RUL_11_evil_after_the_events_decides() -> None:
    # Payday just moved seat 0 from 3 up to 6: it now gets the stronger adventurer.
    state = adventurers((6, 4), 0, (THIEF, PRIEST, WIZARD), dummy_evil=1)
    assert (keys(state, 1), keys(state, 0)) == ((PRIEST,), (WIZARD,))

"""The events and setup phases list who moves and the legal moves in their
automatic step, when a decision comes up, and leave them for the engine
(``dlrules.core.known``): what they leave must be exactly what the phase's own
``to_move`` and ``legal`` say of that state (EVT-2, EVT-PAY-1, EVT-TAX-1,
SPE-C-2, RUL-13); and in events a player is to move exactly when he has
legal moves (EVT-2)."""

from __future__ import annotations

import random

import pytest

from dlrules import CHANCE, apply, legal_moves, new_game, sample_chance, to_move
from dlrules.core.engine import PHASES
from dlrules.core.known import known
from dlrules.core.phases import events as events_phase
from dlrules.core.phases.common import turn_seat
from dlrules.core.state import GameState, Phase


def _settled_states(players: int, seed: int, variant: str) -> list[GameState]:
    """Every state a seeded random game stops at for a decision or a draw."""
    rng = random.Random(seed)
    state = new_game(players, variant=variant)
    seen = [state]
    while True:
        seats = to_move(state)
        if not seats:
            return seen
        if CHANCE in seats:
            move = sample_chance(state, rng)
        else:
            moves = legal_moves(state)
            move = moves[rng.randrange(len(moves))]
        state = apply(state, move)
        seen.append(state)


@pytest.mark.parametrize(("players", "seed", "variant"), [(2, 1, "full"), (3, 2, "full"), (4, 3, "full"), (4, 4, "first")])
def test_what_the_automatic_step_lists_is_what_the_phase_says(players: int, seed: int, variant: str) -> None:
    checked = 0
    for state in _settled_states(players, seed, variant):
        if state.phase not in (Phase.EVENTS, Phase.SETUP):
            continue
        rules = PHASES[state.phase]
        assert rules.auto(state) is state  # a decision (or a draw) is due: the automatic step leaves it
        entry = known(state)
        assert entry.seats == rules.to_move(state)
        assert entry.moves == rules.legal(state)
        checked += 1
    assert checked >= 4  # the setup's deals and keeps at least


@pytest.mark.parametrize("seed", range(6))
def test_EVT_2_the_acting_player_is_to_move_exactly_when_he_has_moves(seed: int) -> None:
    agreed = refused = 0
    for state in _settled_states(4, 100 + seed, "full"):
        if state.phase is not Phase.EVENTS or state.turn is None:
            continue
        # the settled state, and each state a legal move leads to before the automatic steps
        for position in (state, *[events_phase.play(state, m) for m in legal_moves(state)]):
            seat = turn_seat(position)
            if seat is None:
                continue
            due = bool(events_phase.legal(position))
            assert events_phase.to_move(position) == (frozenset({seat}) if due else frozenset())
            agreed += due
            refused += not due
    assert agreed > 0 and refused > 0
